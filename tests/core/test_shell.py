"""The thin shell (DESIGN 3): every line gets one line back; nothing a player types shows a traceback."""

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.builtins import SHELL
from referee.core.commands import CommandSet
from referee.core.session import Session
from referee.core.shell import Shell
from tests.core.conftest import fake_header, ticking
from tests.core.fakegame import GAME

BROKEN = CommandSet()


@BROKEN.command("boom")
def boom_command(session, args):
    """A handler with a bug in it."""
    return 1 / 0


def one_refusal(text):
    """One refusal: a single line, or one broken between words at the terminal's width,
    its later lines indented under the first."""
    first, *rest = text.splitlines()
    return first.lstrip("\x1b[31m").startswith("✗") and all(line.startswith("  ") for line in rest)


def file_bytes(session):
    with open(session.journal.path, "rb") as handle:
        return handle.read()


def test_accepted_line_prints_its_reply(shell):
    assert shell.execute("add 2") is True
    assert shell.session.state.total == 2
    assert shell.printed == ["✓ total 2"]
    assert shell.refused == 0


def test_unknown_command_is_one_line_with_a_suggestion(shell):
    assert shell.execute("ad 2") is False or shell.session.state.total == 2  # a prefix of add runs add
    shell.printed.clear()
    assert shell.execute("frobnicate") is False
    assert shell.printed == ["✗ no command 'frobnicate'; type help for the list"]
    assert shell.execute("undu") is False
    assert "did you mean 'undo'?" in shell.printed[-1]
    assert shell.refused == 2


def test_refused_action_is_one_line_and_changes_nothing(shell):
    shell.execute("add 3")
    before_state, before_file = shell.session.state, file_bytes(shell.session)
    shell.printed.clear()
    assert shell.execute("add -1") is False
    assert shell.printed == ["✗ add takes a positive number, not -1 (F-1)"]
    assert shell.session.state == before_state
    assert file_bytes(shell.session) == before_file


def test_bad_input_is_one_line(shell):
    assert shell.execute("add lots") is False
    assert shell.printed == ["✗ add takes a whole number, not 'lots'"]


def test_exception_in_a_handler_is_one_line_and_logged(shell, home):
    shell.commands = shell.commands.extend(BROKEN)
    shell.session.shell_commands = shell.commands
    assert shell.execute("boom") is False
    assert len(shell.printed) == 1
    line = shell.printed[0]
    assert line.startswith("✗ internal error (ZeroDivisionError)")
    assert "Traceback" not in line and one_refusal(line)
    log = (home / "errors.log").read_text()
    assert "line: 'boom'" in log and "Traceback" in log and "ZeroDivisionError" in log
    assert str(home / "errors.log") in line
    assert shell.refused == 1


@pytest.mark.parametrize("line", ["", "   ", "# a comment", "   # indented comment"])
def test_empty_and_comment_lines_do_nothing(shell, line):
    before = file_bytes(shell.session)
    assert shell.execute(line) is True
    assert shell.printed == []
    assert file_bytes(shell.session) == before


def test_speaker_prefix_names_who_acts(shell):
    shell.execute("Ann: add 2")
    shell.execute("ben:add 1")
    assert [a["by"] for a in shell.session.events] == ["Ann", "Ben"]
    assert shell.session.speaker is None  # said for one line only
    shell.execute("add 1")
    assert "by" not in shell.session.events[-1]


def test_speaker_who_is_not_at_the_table_is_not_a_speaker(shell):
    assert shell.execute("Zed: add 2") is False
    assert shell.session.events == []
    assert shell.printed[-1].startswith("✗ no player 'Zed'; the players are Ann, Ben")


def test_a_mistyped_speaker_gets_the_closest_player_as_a_name_in_a_command_does(shell):
    """Play-test: `Bne: word a` was told the players, not that Ben was meant, while a
    mistyped name after a command already said "did you mean Ben?"."""
    assert shell.execute("Bne: add 2") is False
    assert shell.session.events == []
    assert shell.printed[-1].startswith("✗ no player 'Bne' (did you mean Ben?); the players are Ann, Ben")


def test_run_lines_echoes_each_line_then_its_reply(shell):
    shell.run_lines(["add 2\n", "\n", "# note\n", "add 0\n", "score\n"])
    assert shell.printed[0] == "> add 2"
    assert shell.printed[1] == "✓ total 2"
    assert "> # note" in shell.printed
    assert shell.printed[shell.printed.index("> add 0") + 1].startswith("✗ add takes a positive number")
    assert shell.refused == 1
    assert shell.printed[-2] == "> score"


def test_run_lines_without_echo(shell):
    shell.run_lines(["add 2\n"], echo=False)
    assert shell.printed == ["✓ total 2"]


def test_quit_stops_the_loop(shell):
    shell.run_lines(["add 1\n", "quit\n", "add 1\n"])
    assert shell.session.state.total == 1
    assert shell.leaving
    assert shell.printed[-1] == "Saved. Resume with: referee resume fake-1"


def test_undo_of_a_draw_asks_and_a_script_says_no(shell):
    shell.execute("draw")
    assert shell.execute("undo") is False
    assert "not undone: it would take back what was revealed (the draw of" in shell.printed[-1]
    assert shell.execute("undo yes") is True
    assert shell.session.state.shown == ()


def test_undo_and_redo_through_the_shell(shell):
    for line in ("add 1", "add 2", "add 3", "undo 2"):
        assert shell.execute(line)
    assert shell.session.state.total == 1
    assert shell.printed[-1] == "✓ undone: adds 3; adds 2"
    assert shell.execute("redo")
    assert shell.session.state.total == 3
    assert shell.execute("undo to 1")
    assert shell.session.state.total == 1
    assert shell.execute("undo to 1")
    assert shell.printed[-1] == "Already there; nothing undone."
    assert not shell.execute("undo sideways")


def test_help_lists_game_and_table_commands(shell):
    shell.execute("help")
    text = shell.printed[-1]
    assert "Fake Counter" in text and "add N" in text and "At any time" in text and "undo" in text
    shell.execute("help add")
    assert shell.printed[-1].splitlines()[:2] == ["add N", "Add N to the total."]


def test_log_and_score(shell):
    shell.execute("Ann: add 2")
    shell.execute("log")
    assert "adds 2" in shell.printed[-1] and "Ann" in shell.printed[-1]
    shell.execute("score")
    assert "total" in shell.printed[-1] and "2" in shell.printed[-1]
    assert not shell.execute("log lots")


def test_rules_lists_the_table_options(shell):
    shell.execute("rules")
    text = shell.printed[-1]
    assert "target" in text and "F-2" in text and "mode table" in text


# -- property: no line crashes the shell, a refused line changes nothing --------------------

WORDS = ["add", "draw", "undo", "redo", "log", "help", "score", "show", "rules", "save", "Ann:", "ben:", "u", "h"]
lines = st.one_of(
    st.text(max_size=30),
    st.builds(lambda w, rest: f"{w} {rest}", st.sampled_from(WORDS), st.text(max_size=15)),
    st.builds(lambda w, n: f"{w} {n}", st.sampled_from(WORDS), st.integers(-3, 12)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(lines, min_size=1, max_size=8))
def test_property_no_line_crashes_the_shell_and_refusals_change_nothing(tmp_path_factory, monkeypatch, batch):
    folder = tmp_path_factory.mktemp("shell")
    monkeypatch.setenv("REFEREE_HOME", str(folder))
    session = Session.start(GAME, fake_header(options={"target": 40}), str(folder / "g.jsonl"), clock=ticking())
    printed = []
    shell = Shell(session, SHELL.extend(GAME.commands), out=printed.append)
    for line in batch:
        before_state, before_file, before_count = session.state, file_bytes(session), len(printed)
        accepted = shell.execute(line)
        assert all("Traceback" not in text for text in printed)
        assert not os.path.exists(folder / "errors.log"), (folder / "errors.log").read_text()
        if not accepted:
            assert session.state == before_state
            assert file_bytes(session) == before_file
            assert len(printed) == before_count + 1 and one_refusal(printed[-1])
        if shell.leaving:
            break


def test_a_reply_the_shell_cannot_print_is_an_internal_error_not_a_crash(shell, home):
    odd = CommandSet()

    @odd.command("count")
    def count_command(session, args):
        """Returns a number where text belongs (a bug in a game's command)."""
        return 42

    shell.commands = shell.commands.extend(odd)
    assert shell.execute("count") is False
    assert shell.printed[-1].startswith("✗ internal error (TypeError)")
    assert (home / "errors.log").exists()


def test_a_bug_after_the_action_was_saved_says_so(shell):
    odd = CommandSet()

    @odd.command("half")
    def half_command(session, args):
        """Saves an action, then fails (a bug in a game's reply)."""
        session.do({"do": "add", "n": 1})
        raise ValueError("reply went wrong")

    shell.commands = shell.commands.extend(odd)
    assert shell.execute("half") is False
    assert shell.session.state.total == 1
    assert "internal error (ValueError); what the line did is saved" in shell.printed[-1]


def test_the_line_that_ends_the_game_prints_the_summary_once(shell, monkeypatch):
    monkeypatch.setattr(type(GAME), "summary", lambda self, session: f"final total {session.state.total}")
    shell.execute("add 4")
    assert shell.printed[-1] == "✓ total 4"
    shell.execute("add 6")
    assert shell.printed[-2:] == ["✓ total 10", "Final scores\nfinal total 10"]  # the heading: issue 20 item 16
    shell.execute("score")
    assert shell.printed.count("Final scores\nfinal total 10") == 1


def test_a_speaker_with_nothing_said_gets_a_plain_answer(shell):
    assert shell.execute("Ann:") is False
    assert shell.printed == ["✗ no command given; type a command (help lists them)"]


def test_log_n_shows_the_last_n_and_refuses_a_count_below_one(shell):
    for n in (1, 2, 3):
        shell.execute(f"add {n}")
    shell.execute("log 2")
    shown = shell.printed[-1]
    assert "adds 2" in shown and "adds 3" in shown and "adds 1" not in shown
    for bad in ("0", "-1"):
        assert shell.execute(f"log {bad}") is False, bad
        assert shell.printed[-1] == f"✗ log takes a number of events, 1 or more, not {bad!r}"


def test_a_line_that_cannot_be_saved_stops_the_script(shell, monkeypatch):
    """Later lines would build on an action that is not on disk; the caller exits 1 (DESIGN errors)."""
    from referee.core.errors import JournalError
    from referee.core.journal import Journal

    def full(journal, record):
        raise JournalError(f"cannot write the save file {journal.path}: No space left on device")

    shell.execute("add 1")
    monkeypatch.setattr(Journal, "append", full)
    with pytest.raises(JournalError, match="No space left"):
        shell.run_lines(["add 2\n", "add 3\n"])
    assert shell.session.state.total == 1
    assert shell.printed[-1] == "> add 2"  # add 3 was never run
    # Interactively the same failure is one line and the game goes on.
    assert shell.execute("add 2") is False
    assert "No space left" in shell.printed[-1]


def test_a_script_that_is_not_utf8_is_one_line_not_a_traceback(shell, tmp_path):
    script = tmp_path / "script.txt"
    script.write_bytes(b"add 1\n" + b"add 2 \xff\xfe\n" * 5000)
    with open(script, encoding="utf-8") as handle:
        shell.run_lines(handle)
    assert shell.printed[-1].startswith("✗ the script is not UTF-8 text")
    assert shell.refused == 1


# -- the prompt-toolkit REPL, driven through a pipe (prompt-toolkit's unit-testing recipe) ---


# (the `repl` fixture is in conftest.py)


def test_repl_runs_lines_ctrl_c_cancels_the_line_ctrl_d_leaves(repl):
    shell, pipe, output = repl
    pipe.send_text("add 2\r")
    pipe.send_text("add 5")  # half typed...
    pipe.send_text("\x03")  # ...and cancelled with Ctrl-C
    pipe.send_text("\x04")  # Ctrl-D on the empty line leaves
    shell.run_interactive(input=pipe, output=output)
    assert shell.session.state.total == 2
    assert [a["n"] for a in shell.session.events] == [2]
    assert shell.printed == ["✓ total 2", "Saved. Resume with: referee resume fake-1"]


def test_repl_quit_command_leaves(repl):
    shell, pipe, output = repl
    pipe.send_text("add 3\rquit\radd 4\r")
    shell.run_interactive(input=pipe, output=output)
    assert shell.session.state.total == 3
    assert shell.leaving


def test_repl_asks_before_undoing_a_draw(repl):
    shell, pipe, output = repl
    pipe.send_text("draw\rundo\rn\rundo\ry\r\x04")
    shell.run_interactive(input=pipe, output=output)
    assert shell.session.state.shown == ()
    assert any(line.startswith("✗ not undone") for line in shell.printed)
    assert shell.printed[-2] == "✓ undone: (hidden until the game ends)"  # a secret draw (G-2)


def test_repl_with_a_history_file_it_cannot_use_still_plays(repl, home):
    """The history costs nothing when it cannot be read or written: no traceback, no stall."""
    import threading

    shell, pipe, output = repl
    (home / "history").mkdir(parents=True)  # open() of it fails, as for an unwritable file
    pipe.send_text("add 2\radd 3\r\x04")
    runner = threading.Thread(target=shell.run_interactive, kwargs={"input": pipe, "output": output}, daemon=True)
    runner.start()
    runner.join(timeout=10)
    assert not runner.is_alive(), "the REPL stalled on the history file"
    assert shell.session.state.total == 5


def test_repl_survives_a_game_whose_toolbar_and_prompt_raise(repl, monkeypatch):
    import threading

    shell, pipe, output = repl
    monkeypatch.setattr(type(GAME), "toolbar", lambda self, state: 1 / 0)
    monkeypatch.setattr(type(GAME), "prompt", lambda self, state: {}["missing"])
    pipe.send_text("add 2\r\x04")
    runner = threading.Thread(target=shell.run_interactive, kwargs={"input": pipe, "output": output}, daemon=True)
    runner.start()
    runner.join(timeout=10)
    assert not runner.is_alive(), "the REPL stalled"
    assert shell.session.state.total == 2


def test_ctrl_c_in_a_script_cancels_the_line_counts_it_and_stops(shell):
    slow = CommandSet()

    @slow.command("think")
    def think_command(session, args):
        """A long computation the player interrupts."""
        raise KeyboardInterrupt

    shell.commands = shell.commands.extend(slow)
    shell.run_lines(["add 1\n", "think\n", "add 2\n"])
    assert shell.printed[-1] == "✗ cancelled; the game is as it was"
    assert shell.session.state.total == 1  # the lines after Ctrl-C did not run on
    assert shell.refused == 1  # so a script exits 3, not 0 as if every line had run


def test_ctrl_c_after_the_action_was_saved_says_so(shell):
    late = CommandSet()

    @late.command("late")
    def late_command(session, args):
        """Saves, then is interrupted while replying."""
        session.do({"do": "add", "n": 1})
        raise KeyboardInterrupt

    shell.commands = shell.commands.extend(late)
    assert shell.execute("late") is False
    assert shell.printed[-1] == "✗ cancelled, but what the line did is saved; `log` shows it"


# -- tab completion from the same registry ---------------------------------------------------


def _completions(shell, text):
    from prompt_toolkit.document import Document

    from referee.core.completion import CommandCompleter

    return [c.text for c in CommandCompleter(shell).get_completions(Document(text), None)]


def test_completion_of_the_first_word(shell):
    assert _completions(shell, "un") == ["undo"]
    assert "add" in _completions(shell, "") and "help" in _completions(shell, "")
    assert _completions(shell, "zz") == []


def test_completion_of_arguments_from_the_command(shell):
    assert _completions(shell, "help ") == sorted(shell.commands.commands)
    assert _completions(shell, "help ad") == ["add"]
    assert _completions(shell, "add ") == []  # add has no completer


def test_completion_that_raises_completes_nothing(shell):
    broken = CommandSet()
    broken.command("pick", complete=lambda session, words: 1 / 0)(lambda session, args: None)
    shell.commands = shell.commands.extend(broken)
    assert _completions(shell, "pick ") == []


def test_a_game_whose_is_over_raises_still_gets_one_line_per_command(shell, monkeypatch):
    monkeypatch.setattr(type(GAME), "is_over", lambda self, state: 1 / 0)
    assert shell.execute("help") is False
    assert shell.printed[-1].startswith("✗ internal error (ZeroDivisionError)")


@pytest.mark.parametrize("line", ["undo ²", "undo to ²", "redo ²", "undo ½", "log ²"])
def test_digits_that_are_not_numbers_are_one_plain_refusal(shell, home, line):
    """Found by the property test: '²'.isdigit() is True but int('²') raises."""
    shell.execute("add 1")
    shell.execute("undo")
    assert shell.execute(line) is False
    assert not shell.printed[-1].startswith("✗ internal error"), shell.printed[-1]
    assert not (home / "errors.log").exists()


# -- wiping a secret takes every row it took on screen (G-2) ----------------------------


@pytest.mark.parametrize("text, width, rows", [
    ("Ann holds 4b 5b", 80, 1),
    ("x" * 80, 80, 1),
    ("x" * 81, 80, 2),
    ("x" * 120 + "\nshort", 50, 4),
    ("", 80, 1),
    ("\x1b[31m" + "x" * 50 + "\x1b[0m", 50, 1),  # colour codes take no columns
    ("★" * 30, 50, 1),
])
def test_g2_screen_rows_count_wrapped_lines(text, width, rows):
    from referee.core.shell import _screen_rows

    assert _screen_rows(text, width) == rows


def test_help_and_completion_leave_out_what_the_game_does_not_offer(shell, monkeypatch):
    monkeypatch.setattr(type(shell.session.game), "offers", lambda self, state, command: command != "add",
                        raising=False)
    shell.execute("help")
    assert "add" not in shell.printed[-1].split() and "undo" in shell.printed[-1]
    assert "add" not in _completions(shell, "")
    shell.execute("help add")
    assert "not part of this game as it is set up" in shell.printed[-1]
    assert shell.execute("add 2")  # the command still runs: only the rules may refuse it


def test_a_game_whose_offers_raises_still_shows_every_command(shell, monkeypatch):
    monkeypatch.setattr(type(shell.session.game), "offers", lambda self, state, command: 1 / 0, raising=False)
    assert "add" in _completions(shell, "")
    shell.execute("help")
    assert "add" in shell.printed[-1]


def test_g2_undo_and_redo_of_a_secret_action_say_only_its_public_form(shell, monkeypatch):
    game = type(shell.session.game)
    monkeypatch.setattr(game, "describe", lambda self, action: f"draws the {action.get('do')} card SECRET")
    monkeypatch.setattr(game, "describe_public", lambda self, action: "draws a card", raising=False)
    shell.execute("draw")
    shell.execute("undo yes")
    assert "SECRET" not in shell.printed[-1] and "undone: draws a card" in shell.printed[-1]
    shell.execute("redo")
    assert "SECRET" not in shell.printed[-1] and "redone: draws a card" in shell.printed[-1]
    shell.execute("log")
    assert "SECRET" not in shell.printed[-1] and "draws a card" in shell.printed[-1]


# -- secrets one player types (G-2) -------------------------------------------------------


def _secret_commands(seen):
    secret = CommandSet()

    @secret.command("secret")
    def secret_command(session, args):
        """Ask Ann for something only the rules may see."""
        seen.append(session.ask_secret("Ann", "type it: "))
        return "asked"

    return secret


def test_g2_ask_secret_reads_a_masked_answer_kept_out_of_the_history(repl, home):
    shell, pipe, output = repl
    seen = []
    shell.commands = shell.commands.extend(_secret_commands(seen))
    pipe.send_text("secret\r2a 5b 9a\radd 1\r\x04")
    shell.run_interactive(input=pipe, output=output)
    assert seen == ["2a 5b 9a"]
    assert shell.session.state.total == 1  # the answer was not taken for the next line
    history = (home / "history").read_text(encoding="utf-8")
    assert "secret" in history and "2a 5b 9a" not in history


def test_g2_ask_secret_in_a_script_asks_nothing(shell):
    seen = []
    shell.commands = shell.commands.extend(_secret_commands(seen))
    shell.execute("secret")
    assert seen == [None]


# -- issue 13, phone: the toolbar says the most important thing first and drops the rest ----


def test_item2_toolbar_drops_whole_parts_that_do_not_fit_never_a_cut_word():
    from referee.core import render

    parts = ["Ann to play", "⏱ 0:42", "Classic round 1/5", "Ann:6 Ben:5 Cy:7 Di:4", "pile 112"]
    line = render.fit_parts(parts, 40, sep=" · ")
    assert line == "Ann to play · ⏱ 0:42 · Classic round 1/5"
    assert render.fit_parts(parts, 51, sep=" · ") == "Ann to play · ⏱ 0:42 · Classic round 1/5 · pile 112"
    assert render.fit_parts(["Waiting for the celestial card Ann drew"], 20) == "Waiting for the …"
    assert render.fit_parts(["", "pile 3"], 20) == "pile 3"


def test_item2_toolbar_puts_the_timer_second_and_fits_the_width(shell, monkeypatch):
    monkeypatch.setattr(type(GAME), "toolbar", lambda self, state: ["Ann to act", "a long part that will not fit", "x"])
    monkeypatch.setattr(type(GAME), "timer", lambda self, state: (1000.0, 60))
    shell.session.resumed_at = None
    assert shell._toolbar(30, 1010.0) == "Ann to act · ⏱ 0:50 · x"
    assert shell._toolbar(120, 1070.0) == "Ann to act  ·  TIME UP  ·  a long part that will not fit  ·  x"


@pytest.mark.parametrize("name", ["connexion", "connections", "colors", "cosmocode"])
def test_item2_every_games_toolbar_fits_50_columns_in_whole_parts_most_important_first(tmp_path, name):
    from prompt_toolkit.utils import get_cwidth

    from tests.tables import open_table

    session, shell, out = open_table(name, tmp_path, players=("Annabelle", "Bartholomew", "Cyrano", "Dimitri"))
    parts = session.game.toolbar(session.state)
    line = shell._toolbar(50, 0.0)
    assert get_cwidth(line) < 50
    shown = line.split(" · ")
    assert shown[0] == parts[0]  # what the game waits for is never the part dropped
    assert all(part in parts or part.startswith(("⏱", "TIME UP")) for part in shown)


# -- issue 13, phone (50×20): no blank rows kept under the prompt ---------------------------


def _sized(rows, columns):
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output import DummyOutput

    class Sized(DummyOutput):
        def get_size(self):
            return Size(rows=rows, columns=columns)

    return Sized()


@pytest.mark.parametrize("rows, typing, reserved_idle, reserved_open", [(20, False, 0, 6), (24, False, 0, 8), (40, True, 0, 8)])
def test_item1_a_phone_keeps_no_blank_rows_under_the_prompt_and_tab_still_opens_the_menu(
        shell, rows, typing, reserved_idle, reserved_open):
    """Issue 20 item 7: at 30 rows and more, too, nothing is reserved while the menu is
    closed (it was 8 rows there: completion while typing kept them always)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.buffer import CompletionState
    from prompt_toolkit.completion import Completion
    from prompt_toolkit.document import Document
    from prompt_toolkit.filters import to_filter
    from prompt_toolkit.input import create_pipe_input

    from referee.core.completion import CommandCompleter
    from referee.core.shell import _fit_menu

    with create_pipe_input() as pipe:
        prompt = _fit_menu(PromptSession(completer=CommandCompleter(shell), input=pipe, output=_sized(rows, 50)))
        assert to_filter(prompt.complete_while_typing)() is typing
        prompt.app.before_render.fire()  # what each drawing does first
        assert (prompt._get_default_buffer_control_height().min or 0) == reserved_idle
        many = [Completion(f"a{n}") for n in range(12)]
        prompt.default_buffer.complete_state = CompletionState(original_document=Document("a"), completions=many)
        prompt.app.before_render.fire()
        assert prompt._get_default_buffer_control_height().min == reserved_open
        prompt.default_buffer.complete_state = CompletionState(original_document=Document("a"), completions=many[:2])
        prompt.app.before_render.fire()
        assert prompt._get_default_buffer_control_height().min == 2  # a menu of two keeps two rows


def test_item1_tab_completes_at_a_phone_sized_repl(repl):
    shell, pipe, _output = repl
    pipe.send_text("ad\t 3\r\x04")
    shell.run_interactive(input=pipe, output=_sized(20, 50))
    assert shell.session.state.total == 3


# -- issue 13, bare answers: a command typed at a question is not swallowed -------------------

PEEK = CommandSet()


@PEEK.command("peek")
def peek_command(session, args):
    """Show Ann something private."""
    session.show_private("Ann", "Ann holds the ace")
    return "peeked"


def test_item4_a_command_typed_at_press_enter_to_hide_runs_after_hiding(repl):
    shell, pipe, output = repl
    shell.commands = shell.commands.extend(PEEK)
    shell.session.shell_commands = shell.commands
    # each peek first asks "For Ann only: press Enter when only Ann is looking" (issue 18, item 16)
    pipe.send_text("peek\r\radd 2\rpeek\r\rok\rpeek\r\r\radd 1\r\x04")
    shell.run_interactive(input=pipe, output=output)
    assert shell.session.state.total == 3
    assert shell.printed[:4] == ["Ann holds the ace", "peeked", "> add 2", "✓ total 2"]  # hidden, then run
    assert shell.printed[4:9] == ["Ann holds the ace", "peeked", "Ann holds the ace", "peeked", "✓ total 3"]
    assert shell.refused == 0  # `ok` and Enter alone only hide


@pytest.mark.parametrize("typed, verdict", [("y", True), ("YES", True), (" yes ", True), ("n", False), ("No", False),
                                            ("", False), ("add 2", None), ("undo", None), ("yes please", None)])
def test_item5_what_counts_as_an_answer_to_a_yes_no_question(typed, verdict):
    from referee.core.shell import answer_of

    assert answer_of(typed) is verdict


def test_item5_a_command_typed_at_the_undo_question_is_no_then_runs(repl):
    shell, pipe, output = repl
    pipe.send_text("draw\rundo\radd 2\rdraw\rundo 2\rno\r\x04")
    shell.run_interactive(input=pipe, output=output)
    assert shell.session.state.total == 2 and len(shell.session.state.shown) == 2  # no draw was undone
    refusals = [line for line in shell.printed if line.startswith("✗")]
    assert len(refusals) == 2 and all(line.startswith("✗ not undone") for line in refusals)
    assert shell.printed.index("✓ total 2") > shell.printed.index(refusals[0])  # after the answer no
    assert [a["do"] for a in shell.session.events] == ["draw", "add", "draw"]


# -- issue 13, bare answers: Tab completes them as the shell reads them -----------------------


def _complete(shell, text):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from referee.core.completion import CommandCompleter

    return list(CommandCompleter(shell).get_completions(Document(text), CompleteEvent(completion_requested=True)))


def test_item6_tab_completes_the_bare_card_name_at_card_question(tmp_path):
    from tests.tables import open_table

    session, shell, out = open_table("connexion", tmp_path, seed=None, timer=0)
    for line in ("place alpha", "place mu", "word am"):
        assert shell.execute(line), out[-1]
    assert session.game.default_command(session.state) == "card"
    texts = [c.text for c in _complete(shell, "Ma")]
    assert "Mars" in texts and "Mercury" not in texts
    assert "Mars" in [c.text for c in _complete(shell, "")][:30]  # the answers first, then the commands
    assert [c.text for c in _complete(shell, "Ann: Ma")] == texts  # after a speaker too
    assert [c.text for c in _complete(shell, "card Ma")] == texts  # the command typed out: as before
    assert shell.execute("Mars") and session.game.default_command(session.state) is None
    assert [c.text for c in _complete(shell, "Ma")] == []  # no answer awaited: commands only


def test_item6_tab_completes_the_bare_player_name_at_who_starts(tmp_path):
    from tests.tables import open_table

    session, shell, out = open_table("cosmocode", tmp_path, players=("Ann", "Ben", "Cy"))
    assert session.game.default_command(session.state) == "start"
    assert [c.text for c in _complete(shell, "B")] == ["Ben"]  # the answer alone (issue 20 item 11: not `board`)
    assert [c.text for c in _complete(shell, "")][:3] == ["Ann", "Ben", "Cy"]


def test_item6_a_completer_may_show_a_value_beside_each_candidate(shell, monkeypatch):
    named = CommandSet()
    named.command("name", complete=lambda session, words: [("Mars", 4), ("Moon", 3)])(lambda session, args: None)
    shell.commands = shell.commands.extend(named)
    monkeypatch.setattr(type(GAME), "default_command", lambda self, state: "name")
    completions = _complete(shell, "M")
    # the bare answer's candidates first, with their values; then commands (`moves`)
    assert [(c.text, c.display_meta_text) for c in completions][:2] == [("Mars", "4"), ("Moon", "3")]
    monkeypatch.setattr(type(GAME), "default_command", lambda self, state: 1 / 0)
    assert [c.text for c in _complete(shell, "ad")] == ["add"]  # a bug in the game's answer: commands only


# -- issue 13, ConneXion/long output: a tall reply goes through a pager in a terminal only ----


def test_item7_a_long_reply_pages_when_taller_than_the_terminal_less_prompt_and_toolbar():
    from referee.core.shell import pages

    assert not pages("\n".join(["x"] * 18), 20, 50)
    assert pages("\n".join(["x"] * 19), 20, 50)
    assert pages("\n".join(["x" * 120] * 7), 20, 50)  # 7 lines that the terminal wraps to 21 rows


def test_item7_the_in_game_log_is_a_long_reply(shell):
    from referee.core import render

    shell.execute("add 1")
    shell.execute("log")
    assert isinstance(shell.printed[-1], render.Long)


@pytest.mark.parametrize("interactive, size, paged", [(True, (10, 50), True), (True, (40, 50), False),
                                                       (True, None, False), (False, (10, 50), False)])
def test_item7_only_an_interactive_terminal_pages_a_tall_log(shell, monkeypatch, interactive, size, paged):
    import referee.core.shell as shell_module

    for n in range(1, 10):
        shell.execute(f"add {n}" if n < 4 else "draw")
    shell.printed.clear()
    monkeypatch.setattr(shell_module, "_terminal_size", lambda: size)
    shell.interactive = interactive
    through_pager = []
    shell.pager = through_pager.append
    shell.execute("log")
    assert bool(through_pager) is paged
    assert len(shell.printed) == (0 if paged else 1)
    shell.execute("score")  # a short reply is never paged
    assert len(through_pager) == (1 if paged else 0) and "total" in shell.printed[-1]


# -- issue 13, timers: time-up rings the terminal bell once a turn (G-5, option bell) ---------


def test_g5_bell_is_due_when_the_countdown_crosses_zero_once():
    from referee.core.timer import bell_due

    assert not bell_due(1000.0, 60, None, 1061.0)  # first look, already over time: a resumed game
    assert bell_due(1000.0, 60, 1059.5, 1060.5)
    assert bell_due(1000.0, 60, 1060.0, 1060.5)  # 0 left, then over
    assert not bell_due(1000.0, 60, 1060.5, 1061.5)  # already over: no second ring
    assert not bell_due(1000.0, 60, 1010.0, 1011.0)  # still time
    assert not bell_due(1000.0, 0, 1059.0, 1061.0) and not bell_due(None, 60, 1059.0, 1061.0)  # untimed


def test_g5_the_repl_rings_once_a_turn_and_not_when_the_table_says_bell_no(shell, monkeypatch):
    turn = [(1000.0, 60)]
    monkeypatch.setattr(type(GAME), "timer", lambda self, state: turn[0])
    shell.session.resumed_at = None
    rings = [now for now in (1050.0, 1059.0, 1060.5, 1061.5, 1080.0) if shell.time_up_bell(now)]
    assert rings == [1060.5]
    turn[0] = (1090.0, 60)  # the next turn: its own countdown, its own bell
    assert [now for now in (1100.0, 1149.0, 1151.0, 1152.0) if shell.time_up_bell(now)] == [1151.0]
    shell.session.header["options"]["bell"] = False
    turn[0] = (1200.0, 60)
    assert not any(shell.time_up_bell(now) for now in (1210.0, 1259.0, 1261.0))


@pytest.mark.parametrize("name", ["connexion", "connections"])
def test_g5_bell_is_a_yes_no_table_option_of_each_timed_game(name):
    from referee.core.options import resolve
    from referee.games import load

    game = load(name)
    assert resolve(game.options, ())["bell"] is True
    assert resolve(game.options, ["bell=no"])["bell"] is False
    assert [o.rule for o in game.options if o.name == "bell"] == ["G-5"]


def test_phone_a_refusal_and_a_question_break_between_words_at_the_width(repl, monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    shell, pipe, output = repl
    shell.execute("undo to 99 or so, whatever the table decided")
    lines = shell.printed[-1].splitlines()
    assert len(lines) == 2 and all(len(line) <= 50 for line in lines) and lines[1].startswith("  ")
    asked = []
    monkeypatch.setattr(shell, "_ask", lambda message, **settings: asked.append(message) or "n")
    shell.confirm("This undoes what the table has already seen (the reveal of 5a 5a). Undo anyway?")
    assert asked == ["This undoes what the table has already seen (the\n  reveal of 5a 5a). Undo anyway? [y/N] "]


def test_item2_connexion_toolbar_says_the_next_placing_once(tmp_path):
    from tests.tables import open_table

    session, shell, out = open_table("connexion", tmp_path, seed=None, timer=0)
    assert session.game.toolbar(session.state) == ["next: position 1, placed by Ann", "pile 28"]
    for line in ("place alpha", "place mu", "word am"):
        shell.execute(line)
    assert session.game.toolbar(session.state)[0] == f"card {session.state.claims[-1].player} drew for AM?"
