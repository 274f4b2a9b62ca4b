"""Issue 20, the terminal's items: the players question (6), a phone's screen (7), the
pagers (10), completion (11) and the hand's "press Enter to hide this" (a gap)."""

import click
import pytest

from referee.core.errors import InputError

from referee.core import launch
from referee.games import load


# -- item 6: the players question asks again --------------------------------------------


def test_issue20_item6_too_few_players_typed_at_the_question_are_asked_again(monkeypatch, capsys):
    """One name for a game of two or more exited with a usage error (CX-7) after the names
    were typed; now the question is asked again, as for `Ann, Ben, ann`."""
    answers = iter(["Ann", "Ann, Ben, ann", "Ann, Ben"])
    monkeypatch.setattr(launch, "_interactive", lambda: True)
    monkeypatch.setattr(launch.click, "prompt", lambda text: next(answers))
    assert launch._ask_players(None, load("connexion"), None, {}) == ["Ann", "Ben"]
    said = capsys.readouterr().err.splitlines()
    assert said == ["Cosmic ConneXion is for 2 to 8 players, not 1 (CX-7); try again (Ctrl-C to leave)",
                    "two players have the same name; give each a different one; try again (Ctrl-C to leave)"]


def test_issue20_item6_the_count_asked_again_follows_the_table_options(monkeypatch, capsys):
    """A variant may change who may play (Connections' Solitaire is for one): the question
    asks again with the options given on the command line in force."""
    answers = iter(["Ann, Ben", "Ann"])
    monkeypatch.setattr(launch, "_interactive", lambda: True)
    monkeypatch.setattr(launch.click, "prompt", lambda text: next(answers))
    assert launch._ask_players(None, load("connections"), None, {"variant": "solitaire"}) == ["Ann"]
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "not 2 (CN-6); try again" in said[0]


def test_issue20_item6_a_bad_option_is_said_before_the_names_are_asked(monkeypatch):
    monkeypatch.setattr(launch, "_interactive", lambda: True)
    monkeypatch.setattr(launch.click, "prompt", lambda text: pytest.fail("asked the names first"))
    with pytest.raises(click.UsageError):
        launch.start("connexion", None, ("nosuchoption=3",), None, False, False)


def test_issue20_item6_too_few_players_on_the_line_are_still_a_usage_error(run_cli):
    result = run_cli("connexion", "--players", "Ann", script="quit\n")
    assert result.exit_code == 2 and "not 1 (CX-7)" in result.output


# -- item 7: a phone's screen ------------------------------------------------------------


def _sized(rows, columns):
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output import DummyOutput

    class Sized(DummyOutput):
        def get_size(self):
            return Size(rows=rows, columns=columns)

    return Sized()


@pytest.mark.parametrize("rows", [30, 45])
def test_issue20_item7_no_rows_are_kept_under_the_prompt_for_a_menu_that_is_not_open(shell, rows):
    """At 30 rows and more completion pops up while typing, and prompt-toolkit kept 8 (7
    blank) rows under every prompt for it; now only while the menu is open."""
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
        assert to_filter(prompt.complete_while_typing)()  # still completes while typing
        prompt.app.before_render.fire()
        assert not prompt._get_default_buffer_control_height().min
        menu = [Completion(word) for word in ("add", "again", "ask", "aside", "away", "awake", "azure", "axe", "aim")]
        prompt.default_buffer.complete_state = CompletionState(original_document=Document("a"), completions=menu)
        prompt.app.before_render.fire()
        assert prompt._get_default_buffer_control_height().min == 8
        prompt.default_buffer.complete_state = None  # the menu closed (Esc, or the word typed out)
        prompt.app.before_render.fire()
        assert not prompt._get_default_buffer_control_height().min


def _tall_play(shell, monkeypatch, rows):
    """What the table sees of a Connections-like play: its verdict, a board of 30 rows,
    the status line; at a terminal of ``rows``."""
    from referee.core import shell as shell_module
    from referee.core.reply import Reply

    printed, paged = [], []
    shell.interactive = True
    shell.out = printed.append
    monkeypatch.setattr(shell, "pager", paged.append)
    monkeypatch.setattr(shell_module, "_terminal_size", lambda: (rows, 50))
    board = ["┌ 0,0 ───── 2 ┐"] + ["│    cowboy    │"] * 28 + ["└──────────────┘"]
    reply = Reply.ok("Ben plays head/skeleton/school/cold (1) at 0,-1", "  pairs: head ↔ tiger",
                     "  score: 1 + 2 = 3", *board, "Classic, round 1 of 5; Cy plays")
    for text in shell._told(reply):
        shell._show(text)
    return printed, paged


def test_issue20_item7_a_move_reply_taller_than_the_screen_ends_with_its_verdict(shell, monkeypatch):
    """Printed as it is, a 34-row reply on a 30-row phone scrolled its verdict (✓, the
    pairs, the score) off the top; now they come last, next to the prompt."""
    printed, paged = _tall_play(shell, monkeypatch, 30)
    assert not paged and len(printed) == 1
    lines = printed[0].splitlines()
    assert lines[-3:] == ["✓ Ben plays head/skeleton/school/cold (1) at 0,-1", "  pairs: head ↔ tiger",
                          "  score: 1 + 2 = 3"]
    assert lines[0] == "┌ 0,0 ───── 2 ┐" and lines[-4] == "Classic, round 1 of 5; Cy plays"


def test_issue20_item7_a_reply_that_fits_or_a_scripts_is_printed_as_it_stands(shell, monkeypatch):
    printed, _paged = _tall_play(shell, monkeypatch, 60)
    assert printed[0].splitlines()[0].startswith("✓ Ben plays")
    shell.interactive = False
    printed.clear()
    from referee.core.reply import Reply

    for text in shell._told(Reply.ok("Ben plays", *["│ row │"] * 80)):
        shell._show(text)
    assert printed[0].splitlines()[0] == "✓ Ben plays"


def test_issue20_item7_a_long_list_still_goes_to_the_pager_and_prose_stays_in_order(shell, monkeypatch):
    from referee.core import render
    from referee.core.shell import verdict_last

    printed, paged = _tall_play(shell, monkeypatch, 30)
    shell._show(render.Long("\n".join(f"event {n}" for n in range(40))))
    assert len(paged) == 1 and paged[0].startswith("event 0")
    prose = "Final scores\nAnn 14\n  Ben 6"
    assert verdict_last(prose) == prose


def test_issue20_item7_a_code_span_is_never_split_at_50_columns():
    from referee.core import render

    line = ("Quick Play, round 1 is over: points left in hand for Ben (7 cards), Cy (7 cards): "
            "`hand PLAYER POINTS...` or a total")
    for fitted in (render.fit_lines(line, 50), render.fit_text(line, 50), render.wrap_text(line, 50),
                   "\n".join(render.wrap_line(line, 50, 48))):
        assert "`hand PLAYER POINTS...`" in fitted, fitted
        assert all(len(row) <= 50 for row in fitted.splitlines())
    too_long = "see `" + " ".join(["word"] * 12) + "` here"  # wider than a phone: broken as before
    assert all(len(row) <= 30 for row in render.fit_text(too_long, 30).splitlines())
    assert all(len(row) <= 30 for row in render.wrap_line(too_long, 30))


def _examples():
    from tests.core.test_render import _examples as examples

    return list(examples())


@pytest.mark.parametrize("name, args", _examples())
def test_issue20_item7_no_example_splits_a_code_span_at_50_columns(tmp_path, name, args):
    """Every example played on a 50-column phone: no line of what the referee said holds
    half a code span (`nebula 1`, `take deck deck deck` were split)."""
    import os

    from click.testing import CliRunner

    from referee.cli import main
    from tests.core.test_render import EXAMPLES

    env = {"REFEREE_HOME": str(tmp_path / "home"), "COLUMNS": "50", "NO_COLOR": "1"}
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as handle:
        result = CliRunner().invoke(main, [*args, "--script", "-"], input=handle.read(), env=env)
    said = [line for line in result.output.splitlines() if not line.startswith("> ")]
    assert [line for line in said if line.count("`") % 2] == []


# -- item 10: the pagers -------------------------------------------------------------------


class _Screen:
    """stdout at a terminal, for `referee log`'s output check (its file: _the_screen)."""

    def __init__(self):
        self.written = []

    def isatty(self):
        return True

    def write(self, text):
        self.written.append(text)


@pytest.fixture
def one_game(run_cli):
    import os

    from tests.core.test_render import EXAMPLES

    with open(os.path.join(EXAMPLES, "cosmocode-table.txt"), encoding="utf-8") as handle:
        args = next(p.values[1] for p in _examples() if p.values[0] == "cosmocode-table.txt")
        result = run_cli(*args, script=handle.read())
    assert result.exit_code in (0, 3) and "Final" in result.output, result.output  # a refused line on purpose: 3


def _at_terminal(monkeypatch, rows, columns=80):
    from referee.core import shell as shell_module

    paged, printed = [], []
    monkeypatch.setattr(launch, "_interactive", lambda: True)
    monkeypatch.setattr(shell_module, "_terminal_size", lambda: (rows, columns))
    monkeypatch.setattr(click, "echo_via_pager", lambda text, color=None: paged.append(text))
    monkeypatch.setattr(click, "echo", lambda text="", *args, **kwargs: printed.append(text))
    return paged, printed


@pytest.mark.parametrize("command", ["log", "games", "stats"])
def test_issue20_item10_log_games_and_stats_page_when_taller_than_the_terminal(one_game, monkeypatch, command):
    import os

    def run():
        if command == "log":
            launch.export_log("last", "text", _Screen())
        elif command == "games":
            launch.list_games(False)
        else:
            launch.show_stats(None, None, None, False)

    monkeypatch.setattr(launch, "_the_screen", lambda output: True)  # `referee log` without -o, at a terminal
    paged, printed = _at_terminal(monkeypatch, 3)
    seen = {}
    monkeypatch.setattr(click, "echo_via_pager",
                        lambda text, color=None: (paged.append(text), seen.update(LESS=os.environ.get("LESS"))))
    run()
    assert len(paged) == 1 and not printed and len(paged[0].splitlines()) >= 3
    assert "q to quit" in seen["LESS"] and "-RFXKE" in seen["LESS"]  # ends at its last page
    paged, printed = _at_terminal(monkeypatch, 500, 200)
    run()
    assert not paged and printed  # it fits: printed, no pager


def test_issue20_item10_log_games_and_stats_are_never_paged_into_a_pipe(one_game, run_cli, monkeypatch):
    monkeypatch.setattr(click, "echo_via_pager", lambda *args, **kwargs: pytest.fail("paged into a pipe"))
    for args in (["log"], ["games"], ["stats"]):
        result = run_cli(*args)
        assert result.exit_code == 0 and len(result.output.splitlines()) >= 3, (args, result.output)


def test_issue20_item10_the_in_game_pager_ends_after_its_last_page():
    from referee.core.shell import pager_environment

    flags = pager_environment({})["LESS"]
    assert flags.split()[0] == "-RFXKE" and "q back to the game" in flags


# -- item 11: completion as pgcli users expect ------------------------------------------------


def _offered(shell, text):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from referee.core.completion import CommandCompleter

    found = CommandCompleter(shell).get_completions(Document(text), CompleteEvent(completion_requested=True))
    return [(c.text, c.display_meta_text) for c in found]


def _words(shell, text):
    return [word for word, _meta in _offered(shell, text)]


def test_issue20_item11_a_speakers_name_completes_at_the_start_of_a_line(shell):
    assert _words(shell, "A") == ["Ann:"]  # a capital letter: a name, not `add`
    assert _words(shell, "B") == ["Ben:"]
    assert _words(shell, "a")[-1] == "Ann:" and "add" in _words(shell, "a")  # lower case: the commands first
    assert "Ann:" not in _words(shell, "")  # Tab on an empty line lists what may be done
    assert "Ann:" not in _words(shell, "Ann: a") and "add" in _words(shell, "Ann: a")  # spoken already


def test_issue20_item11_aliases_are_not_listed_beside_their_command(shell):
    words = _words(shell, "")
    assert {"help", "show", "quit", "undo", "score"} <= set(words)
    assert not {"?", "h", "board", "s", "scores", "u", "q", "exit"} & set(words)
    assert _words(shell, "q") == ["quit"]  # not `q` beside it
    assert _words(shell, "ex") == ["exit"]  # an alias alone when no name begins so


def test_issue20_item11_only_the_answers_complete_at_a_bare_answer_prompt(shell, monkeypatch):
    from referee.core.commands import CommandSet
    from tests.core.fakegame import GAME

    named = CommandSet()
    named.command("name", complete=lambda session, words: [("Mars", 4), ("Moon", 3), ("deck", None)])(
        lambda session, args: None)
    shell.commands = shell.commands.extend(named)
    monkeypatch.setattr(type(GAME), "default_command", lambda self, state: "name")
    assert _offered(shell, "") == [("Mars", "4"), ("Moon", "3"), ("deck", "")]  # no `add help log …`
    assert _words(shell, "d") == ["deck"]  # not `deck` beside every d-command
    assert _words(shell, "und") == ["undo"]  # no answer begins so: the commands


def test_issue20_item11_pilfer_shows_each_cards_value_beside_it(tmp_path, monkeypatch):
    from dataclasses import replace

    from tests.connexion.test_rules import METAPHOR_BOARD, new, play
    from tests.tables import open_table, typed

    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, seed=None, timer=0)
    state = play(new(), *METAPHOR_BOARD)
    session._states[-1] = replace(state, options=session.state.options, pile=(), held=(("Mars", "Sun"), ()))
    typed(shell, out, "word metaphor")
    assert session.game.default_command(session.state) == "pilfer"
    assert _offered(shell, "Ann ") == [("Mars", "4"), ("Sun", "0")]
    assert _offered(shell, "ann M") == [("Mars", "4")]  # the name as typed, any case


def test_issue20_item11_clear_clears_the_screen_in_a_terminal_only(shell, capsys):
    shell.interactive = True
    assert shell.execute("clear")
    assert capsys.readouterr().out == "\x1b[H\x1b[2J"
    shell.interactive = False
    assert shell.execute("clear")
    assert capsys.readouterr().out == ""
    assert shell.session.events == []  # nothing happened to the game


def test_issue20_item11_ctrl_l_clears_the_screen_at_the_prompt(shell):
    import io

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    buffer = io.StringIO()
    output = Vt100_Output(buffer, lambda: Size(rows=30, columns=50), term="xterm")
    shell.out = lambda text: None
    shell.interactive = True
    with create_pipe_input() as pipe:
        pipe.send_text("add 2\r")
        pipe.send_text("\x0c")  # Ctrl-L
        pipe.send_text("add 3\r\x04")
        shell.run_interactive(input=pipe, output=output)
    drawn = buffer.getvalue()
    assert "\x1b[2J" in drawn and shell.session.state.total == 5


# -- the gap: `n` at "press Enter to hide this" ---------------------------------------------


@pytest.mark.parametrize("typed", ["n", "no", "N", "y"])
def test_issue20_gap_n_at_press_enter_to_hide_only_hides(repl, typed):
    """`n` hid the hand and then ran as a command (refused: "no command 'n'"); a yes or no
    there only hides, as Enter does. A command typed there still runs after hiding."""
    from tests.core.test_shell import PEEK

    shell, pipe, output = repl
    shell.commands = shell.commands.extend(PEEK)
    pipe.send_text(f"peek\r\r{typed}\radd 2\rpeek\r\radd 1\r\x04")
    shell.run_interactive(input=pipe, output=output)
    assert shell.refused == 0 and shell.session.state.total == 3
    assert not any(line.startswith("> ") and line[2:].strip().lower() == typed.lower() for line in shell.printed)
    assert shell.printed.count("Ann holds the ace") == 2 and "> add 1" in shell.printed  # `add 1` typed there ran


def test_issue20_item10_log_into_a_terminal_other_than_stdout_is_written_there(one_game, monkeypatch):
    """`-o /dev/tty` or a terminal that is not standard output: written to it, not paged."""
    monkeypatch.setattr(click, "echo_via_pager", lambda *args, **kwargs: pytest.fail("paged"))
    screen = _Screen()
    launch.export_log("last", "text", screen)
    assert "Final" in "".join(screen.written)


def test_issue20_item2_a_mistyped_name_gets_a_suggestion(tmp_path, monkeypatch):
    """A newcomer's `hand Bne 4 5` got only the list of players; commands suggest, names too."""
    from tests.tables import open_table

    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connections", tmp_path)
    with pytest.raises(InputError) as refused:
        session.player("Bne")
    assert str(refused.value) == "no player 'Bne' (did you mean Ben?); the players are Ann, Ben"
    with pytest.raises(InputError) as refused:
        session.player("Zed")
    assert str(refused.value) == "no player 'Zed'; the players are Ann, Ben"
