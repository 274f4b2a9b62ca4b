"""Issue 20 item 4's core part: ``ctx.ask``, a plain visible question for a word a line
left for later (a Connections side typed `?` that a card now touches), and
``ctx.retype``, the line offered back at the next prompt to edit (a typing slip)."""

import pytest

from referee.core import render
from referee.core.commands import CommandSet
from referee.core.errors import InputError

ASKING = CommandSet()


@ASKING.command("guess", usage="guess")
def guess_command(ctx, args):
    """Add the number the player says when asked (none: refused)."""
    answer = ctx.ask("Which number?", default=args.strip() or None)
    if answer is None:
        raise InputError("no number given")
    state = ctx.do({"do": "add", "n": int(answer)})
    return render.ok(f"total {state.total}")


@ASKING.command("slip", usage="slip N")
def slip_command(ctx, args):
    """Add N once the player says it is no slip; else offer the line back to edit."""
    if not ctx.confirm("A slip?"):
        ctx.retype()
        raise InputError("not added")
    state = ctx.do({"do": "add", "n": int(args)})
    return render.ok(f"total {state.total}")


def _with_asking(shell):
    shell.commands = shell.commands.extend(ASKING)
    return shell


def test_issue20_item4_ask_at_the_prompt_reads_a_visible_answer(repl):
    shell, pipe, output = repl
    _with_asking(shell)
    asked = []
    real = shell._ask
    shell._ask = lambda message, **settings: asked.append((message, settings)) or real(message, **settings)
    pipe.send_text("guess\r 3 \rguess 2\r\r\x04")  # an answer, then Enter alone: the default
    shell.run_interactive(input=pipe, output=output)
    assert shell.session.state.total == 5
    assert [message for message, _settings in asked] == ["Which number? ", "Which number? "]
    assert all("input_processors" not in settings for _message, settings in asked)  # visible, not masked


@pytest.mark.parametrize("key", ["\x03", "\x04"], ids=["ctrl-c", "ctrl-d"])
def test_issue20_item4_cancelling_the_question_cancels_the_whole_line(repl, key):
    shell, pipe, output = repl
    _with_asking(shell)
    pipe.send_text(f"add 1\rguess\r{key}add 2\r\x04")
    shell.run_interactive(input=pipe, output=output)
    assert shell.session.state.total == 3  # the guess did nothing; the REPL went on
    assert "✗ cancelled; the game is as it was" in shell.printed
    assert len(shell.session.events) == 2


def test_issue20_item4_a_script_answers_with_its_next_line(shell):
    _with_asking(shell)
    shell.run_lines(["guess", "4", "add 1"])
    assert shell.session.state.total == 5
    assert shell.printed[:3] == ["> guess", "Which number?", "> 4"]


def test_issue20_item4_a_script_with_no_line_left_gets_the_default(shell):
    _with_asking(shell)
    shell.run_lines(["guess 6"])  # the script ends at the question: its default
    assert shell.session.state.total == 6
    assert not shell.execute("guess")  # a line run outside a script: nothing to read
    assert shell.printed[-1] == "✗ no number given"


def test_issue20_item4_an_answer_is_refused_as_a_line_would_be(shell):
    _with_asking(shell)
    shell.run_lines(["guess", "4\x1b[2J"])
    assert shell.session.state.total == 0 and "control characters" in shell.printed[-1]


def test_issue20_item4_a_slip_answered_no_is_offered_back_to_edit(repl):
    shell, pipe, output = repl
    _with_asking(shell)
    prompts = []
    real = shell._run_offering_back

    def run(line):
        prompts.append(line)
        return real(line)

    shell._run_offering_back = run
    # `n`: the line comes back; Ctrl-E then a backspace edits it to `slip 3`, Enter runs it, `y` takes it
    pipe.send_text("slip 34\rn\r\x05\x7f\ry\r\x04")
    shell.run_interactive(input=pipe, output=output)
    assert prompts == ["slip 34", "slip 3"]
    assert shell.session.state.total == 3


def test_issue20_item4_a_command_typed_at_the_question_is_not_offered_back(repl):
    shell, pipe, output = repl
    _with_asking(shell)
    pipe.send_text("slip 34\radd 1\r\radd 2\r\x04")  # the Enter alone runs nothing: no line came back
    shell.run_interactive(input=pipe, output=output)
    assert shell.session.state.total == 3
    assert shell.printed.count("✗ not added") == 1


def test_issue20_item4_a_script_is_never_offered_a_line_back(shell):
    _with_asking(shell)
    shell.run_lines(["slip 3", "add 1"])  # a script's confirm is no: refused, and the script goes on
    assert shell.session.state.total == 1


def test_issue20_item4_ctrl_c_at_a_line_offered_back_clears_it(repl):
    shell, pipe, output = repl
    _with_asking(shell)
    pipe.send_text("slip 34\rn\r\x03\radd 2\r\x04")  # Ctrl-C, then Enter alone: nothing offered any more
    shell.run_interactive(input=pipe, output=output)
    assert shell.session.state.total == 2
    assert shell.printed.count("✗ not added") == 1
