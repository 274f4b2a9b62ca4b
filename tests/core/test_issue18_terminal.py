"""Issue 18, the terminal and the typed lines: a private reply never stays on the shared
screen (item 2) and waits until its owner alone is looking (item 16); secret or refused
lines stay out of the line history (item 3); control characters and overlong lines are
refused where a line comes in (items 7 and 14); numbers typed to undo and redo are bounded
(item 13); a closed output pipe ends quietly, and undoing any game's end asks (item 15).
"""

import io
import os
import re
import shutil
import subprocess
import sys
import time
import uuid

import click
import pytest

from referee.core.builtins import SHELL
from referee.core.shell import MAX_LINE, Shell, bounded_lines
from tests.tables import open_table, typed

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
READY = "For Ann only: press Enter when only Ann is looking "
ON, OFF = "\x1b[?1049h", "\x1b[?1049l"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("COLUMNS", raising=False)
    return tmp_path / "home"


def _resizing(sizes):
    """A prompt-toolkit output that records nothing and reports a new size at each look:
    the window turned from 50 to 80 columns (and back) while a private text shows."""
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output import DummyOutput

    class Resizing(DummyOutput):
        looks = 0

        def get_size(self):
            rows, columns = sizes[min(self.looks, len(sizes) - 1)]
            self.looks += 1
            return Size(rows=rows, columns=columns)

    return Resizing()


def _repl(home, monkeypatch, name="cosmos", mode="digital", seed=7, keys="", sizes=((20, 50), (24, 80))):
    """A game of ``name`` played at the REPL through a pipe, its replies written to a
    recorded stdout (as on a terminal, with the screen switches among them). Returns
    (session, shell, screen text, [(question asked, where in the screen text)])."""
    from prompt_toolkit.input import create_pipe_input

    session, _quiet, _out = open_table(name, home, mode=mode, seed=seed)
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdout", screen)
    shell = Shell(session, SHELL.extend(session.game.commands), interactive=True)
    asked = []
    ask = shell._ask
    shell._ask = lambda message, **settings: (asked.append((message, screen.tell())), ask(message, **settings))[1]
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        shell.run_interactive(input=pipe, output=_resizing(list(sizes)))
    return session, shell, screen.getvalue(), asked


def _outside_private_screens(text):
    """What a terminal keeps on its shared screen and scrollback: all but the parts
    written between entering and leaving the alternate screen."""
    return re.sub(re.escape(ON) + ".*?" + re.escape(OFF), "", text, flags=re.S)


# -- item 2: a private reply does not stay on the shared screen --------------------------------


@pytest.mark.parametrize("sizes", [((20, 50), (24, 80)), ((24, 80), (20, 50))], ids=["50-then-80", "80-then-50"])
def test_issue18_item2_a_hand_answered_with_a_wrapping_line_and_a_resize_never_stays_on_screen(
        home, monkeypatch, sizes):
    """The repro: cosmos digital, seed 7, `goal proto`, `hand Ann`, answered with `Ann:
    shift 1 chemistry 2` (wider than the prompt leaves on 50 columns) while the window
    turns. The hand is written only on the alternate screen, which leaving restores."""
    monkeypatch.setenv("COLUMNS", str(sizes[0][1]))
    keys = "goal proto\rhand Ann\r\rAnn: shift 1 chemistry 2\r\x04"
    session, shell, screen, asked = _repl(home, monkeypatch, keys=keys, sizes=sizes)
    assert "Ann holds" in screen  # it was shown ...
    assert screen.count(ON) == screen.count(OFF) == 1
    shared = _outside_private_screens(screen)
    assert "Ann holds" not in shared  # ... but never on the shared screen or its scrollback
    assert "light" not in shared.split("> Ann: shift 1 chemistry 2")[0].split("round 1: Ann begins")[-1]
    assert "> Ann: shift 1 chemistry 2" in shared  # the answer ran after the hand was hidden
    assert [e["do"] for e in session.events][-1] == "shift"


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_issue18_item2_the_repro_in_a_real_50_column_terminal_leaves_no_hand_in_the_scrollback(home):
    """The issue's repro as typed, in tmux 50×20, the window turned sideways (80×24)
    while the hand shows: the hand is neither on the screen nor in the scrollback."""
    name = f"t18-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ, REFEREE_HOME=str(home), NO_COLOR="1", TERM="xterm-256color")
    env.pop("COLUMNS", None)
    command = f"{sys.executable} -m referee cosmos -p Ann,Ben -m digital --seed 7"
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "50", "-y", "20", command],
                   env=env, cwd=ROOT, check=True, timeout=20)

    def pane():
        return subprocess.run(["tmux", "capture-pane", "-p", "-J", "-t", name, "-S", "-500"],
                              capture_output=True, text=True, timeout=20).stdout

    def wait_for(text, timeout=20):  # polls only to catch a hang; nothing is timed
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in pane():
                return
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared:\n{pane()}")

    def keys(*typed):
        subprocess.run(["tmux", "send-keys", "-t", name, *typed], timeout=20, check=True)

    try:
        wait_for("goal?")
        keys("goal proto", "Enter")
        wait_for("Ann begins")
        keys("hand Ann", "Enter")
        wait_for("press Enter when only Ann is looking")
        keys("Enter")
        wait_for("press Enter to hide this")
        assert "Ann holds" in pane()
        keys("Ann: shift 1 chemistry 2")
        subprocess.run(["tmux", "resize-window", "-t", name, "-x", "80", "-y", "24"], timeout=20)
        keys("Enter")
        wait_for("Ann shifts own 1")
        scrollback = pane()
        assert "Ann holds" not in scrollback
        subprocess.run(["tmux", "resize-window", "-t", name, "-x", "50", "-y", "20"], timeout=20)
        assert "Ann holds" not in pane()
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], timeout=20)


# -- item 16: whom it is for, first -----------------------------------------------------------


def test_issue18_item16_the_screen_says_whom_a_private_text_is_for_and_waits_before_showing_it(home, monkeypatch):
    session, shell, screen, asked = _repl(home, monkeypatch, keys="goal proto\rhand Ann\r\r\r\x04")
    questions = [message for message, _where in asked]
    assert questions == [READY, "Ann: press Enter to hide this "]
    ready_at = asked[0][1]
    assert "Ann holds" not in screen[:ready_at] and ON not in screen[:ready_at]  # nothing shown before Enter
    assert screen.index(ON) >= ready_at


@pytest.mark.parametrize("answer", ["no", "show"])
def test_issue18_item16_a_private_text_not_waited_for_is_not_shown_and_a_command_typed_there_runs(
        home, monkeypatch, answer):
    session, shell, screen, asked = _repl(home, monkeypatch, keys=f"goal proto\rhand Ann\r{answer}\r\x04")
    assert "Ann holds" not in screen and ON not in screen
    assert "Not shown: what was for Ann only." in screen
    assert [message for message, _where in asked] == [READY]
    if answer == "show":  # the command typed instead of Enter ran after the line
        assert screen.rindex("Ann  hand 4") > screen.index("Not shown")


def test_issue18_item16_scripts_print_a_private_text_as_before_without_asking(home):
    session, shell, out = open_table("cosmos", home, mode="digital", seed=7)
    shell.run_lines(["goal proto", "hand Ann"])
    assert out[-1].startswith("Ann holds 4:")
    assert not any("press Enter" in line for line in out)


def test_issue18_item16_json_output_is_unchanged(home, tmp_path):
    script = tmp_path / "play.txt"
    script.write_text("goal proto\nhand Ann\n", encoding="utf-8")
    env = dict(os.environ, REFEREE_HOME=str(home), NO_COLOR="1")
    done = subprocess.run([sys.executable, "-m", "referee", "cosmos", "-p", "Ann,Ben", "-m", "digital", "--seed", "7",
                           "--script", str(script), "--json"], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("{") and done.stdout.count("\n") == 1  # the JSON object alone
    assert "Ann holds 4:" in done.stderr and "press Enter" not in done.stderr


# -- item 3: secret lines typed by a prefix, and refused lines, stay out of the history --------

COSMOS_LINES = ["tokens Ben dark Ann dark dark dark", "display light time gravity light", "goal proto", "shift 3",
                "take deck deck", "tel Ann gravity gravity", "advan 1 6 7", "an: tell Ann light", "show"]
SECRET_OR_REFUSED = ["tel Ann gravity gravity", "advan 1 6 7", "an: tell Ann light"]


def _history_file(home):
    path = home / "history"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def test_issue18_item3_secret_lines_typed_by_a_prefix_and_refused_lines_are_not_in_the_history_file(
        home, monkeypatch):
    keys = "".join(line + "\r" for line in COSMOS_LINES) + "\x04"
    session, shell, screen, asked = _repl(home, monkeypatch, mode="table", keys=keys)
    assert any(e["do"] == "tell" for e in session.events)  # `tel` was taken as `tell` ...
    saved = _history_file(home)
    for line in SECRET_OR_REFUSED:  # ... and is neither in the file nor under the Up arrow
        assert line not in saved
        assert line not in shell._history.get_strings()
    assert "+goal proto" in saved and "+show" in saved  # accepted public lines are kept
    assert "goal proto" in shell._history.get_strings()


def test_issue18_item3_the_in_memory_history_keeps_them_out_too(home, monkeypatch):
    """When the history file cannot be used, prompt_session.history is in memory: the Up
    arrow must not bring the secret back either."""
    (home / "history").mkdir(parents=True)  # a folder where the file should be
    keys = "".join(line + "\r" for line in COSMOS_LINES) + "\x04"
    session, shell, screen, asked = _repl(home, monkeypatch, mode="table", keys=keys)
    kept = shell._history.get_strings()
    assert "goal proto" in kept and "show" in kept
    assert not set(SECRET_OR_REFUSED) & set(kept)


def test_issue18_item3_cosmocode_deal_typed_by_a_prefix_is_not_kept(home, monkeypatch):
    keys = "start Ann\rdea Ben 3a 7b\rdeal Ben 3a 7b\rshow\r\x04"
    session, shell, screen, asked = _repl(home, monkeypatch, name="cosmocode", mode="table", keys=keys)
    kept = shell._history.get_strings()
    assert "start Ann" in kept and "show" in kept
    assert "dea Ben 3a 7b" not in kept and "deal Ben 3a 7b" not in kept
    assert "3a" not in _history_file(home)


@pytest.mark.parametrize("line", ["tel Ann gravity gravity", "Ann: tel Ann light", "advan 1 6 7", "TELL Ann time",
                                  "Ann:   advanced 1 6 7"])
def test_issue18_item3_keeps_in_history_resolves_the_command_as_dispatch_does(home, line):
    session, shell, out = open_table("cosmos", home)
    typed(shell, out, *COSMOS_LINES[:5])
    assert shell.keeps_in_history(line) is False
    assert shell.keeps_in_history("show") is True and shell.keeps_in_history("sco") is True


# -- item 7 (typed side) and item 14: what a line may hold ------------------------------------


@pytest.mark.parametrize("line", ["show\x1b]0;TITLE\x07\x1b[2J", "goal proto\x07", "goal \x1b[31mproto",
                                  "power light Speed\u202eof Light", "goal proto\rshow", "\x9b2J"])
def test_issue18_item7_a_typed_line_with_control_characters_is_refused_in_one_line_and_echoed_escaped(home, line):
    session, shell, out = open_table("cosmos", home)
    before = session.state
    shell.run_lines([line])
    assert len(out) == 2 and out[1].startswith("✗ a line may not hold control characters (")
    assert not any(ch in "".join(out) for ch in "\x1b\x07\r\x9b\u202e")  # nothing raw reaches the terminal
    assert session.state == before and shell.refused == 1


def test_issue18_item7_a_tab_is_read_as_a_space(home):
    session, shell, out = open_table("cosmos", home)
    assert shell.execute("tokens\tBen dark Ann\tdark dark dark"), out
    assert len(session.events) == 1


def test_issue18_item7_a_secret_typed_at_a_masked_prompt_with_control_characters_is_refused(home):
    from referee.core.errors import InputError

    session, shell, out = open_table("cosmocode", home)
    shell.interactive = True
    shell._ask = lambda message, **settings: "3a\x1b[2J 5b"
    with pytest.raises(InputError, match="control characters"):
        shell.ask_secret("Ann", "your cards? ")


@pytest.mark.parametrize("players, said", [("Ann\x1b]0;T\x07\x1b[2J,Ben", "player name 1 holds a control character"),
                                           ("Ann,Ben\x07", "player name 2 holds a control character"),
                                           ("A" * 41 + ",Ben", "player name 1 has 41 characters; at most 40"),
                                           ("Ann," + "B" * 100_000, "player name 2 has 100,000 characters")])
def test_issue18_item7_player_names_with_control_characters_or_too_long_are_refused_at_start(home, players, said):
    from click.testing import CliRunner

    from referee.cli import main

    result = CliRunner().invoke(main, ["cosmos", "-p", players, "--script", "-"], input="show\n")
    assert result.exit_code == 2
    assert said in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output and len(result.output) < 2000
    assert not (home / "games").exists() or not list((home / "games").glob("*.jsonl"))


def test_issue18_item14_a_100000_character_power_card_name_is_refused_in_one_line(home):
    session, shell, out = open_table("cosmos", home)
    before = session.state
    shell.run_lines(io.StringIO("power light " + "x" * 100_000 + "\n"))
    assert out == ["> power light xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (100,012 characters)",
                   "✗ a line may hold at most 2,000 characters, not 100,012; nothing was done"]
    assert session.state == before


def test_issue18_item14_a_script_line_of_millions_of_characters_is_never_held_whole():
    source = io.StringIO("show\n" + "x" * 3_000_000 + "\nscore\n" + "y" * 5000)
    lines = list(bounded_lines(source))
    assert lines[0] == "show\n" and lines[2] == "score\n"
    assert [getattr(line, "length", None) for line in lines] == [None, 3_000_000, None, 5000]
    assert all(len(line) <= MAX_LINE + 2 for line in lines)


def test_issue18_item14_a_line_of_exactly_the_limit_is_read(home):
    session, shell, out = open_table("cosmos", home)
    line = COSMOS_LINES[0] + " " * (MAX_LINE - len(COSMOS_LINES[0]))
    assert len(line) == MAX_LINE
    shell.run_lines(io.StringIO(line + "\n"))
    assert len(session.events) == 1, out


# -- item 13: numbers typed to undo and redo ----------------------------------------------------

GAMES = ["connexion", "connections", "colors", "cosmocode", "cosmos"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("line", ["undo " + "9" * 4400, "redo " + "9" * 4400, "undo " + "9" * 1990,
                                  "redo " + "9" * 1990, "undo to " + "9" * 1990, "undo 1" + "0" * 1500 + " yes"])
def test_issue18_item13_a_huge_undo_or_redo_count_is_one_line_in_every_game(home, name, line):
    session, shell, out = open_table(name, home, seed=None if name in ("connexion", "connections") else 5)
    before = (session.state, len(session.journal.records))
    assert shell.execute(line) is False
    assert len(out) == 1 and out[0].startswith("✗ ") and "internal error" not in out[0]
    assert len(out[0]) < 200
    assert (session.state, len(session.journal.records)) == before


def test_issue18_item13_undo_and_redo_beyond_what_can_be_taken_back_say_how_many_can(home):
    session, shell, out = open_table("cosmos", home)
    typed(shell, out, "tokens Ben dark Ann dark dark dark", "display light time gravity light")
    said = " ".join(typed(shell, out, "undo 3").split())
    assert said == "✗ undo 3: only 2 steps can be undone; nothing was undone (G-3)"
    assert len(session.events) == 2
    assert " ".join(typed(shell, out, "undo " + "7" * 1900).split()).startswith(
        "✗ undo 777777… (1,900 digits): only 2 steps can be undone")
    typed(shell, out, "undo 2")
    assert session.events == []
    said = " ".join(typed(shell, out, "redo 5").split())
    assert said == "✗ redo 5: only 2 steps can be redone; nothing was redone (G-3)"
    assert "✓ redone" in typed(shell, out, "redo 002")
    assert len(session.events) == 2


# -- item 15: a closed output pipe, and undoing the end of any game --------------------------------


def _into_a_closed_pipe(args, home, stdin=""):
    """Run the referee with its stdout a pipe whose reader has already gone (what `| head
    -1` leaves once head has its line): every write fails with EPIPE."""
    read, write = os.pipe()
    os.close(read)
    env = dict(os.environ, REFEREE_HOME=str(home), NO_COLOR="1")
    try:
        return subprocess.run([sys.executable, "-m", "referee", *args], input=stdin, stdout=write,
                              stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, timeout=60)
    finally:
        os.close(write)


def test_issue18_item15_a_game_started_into_a_closed_pipe_ends_quietly_and_keeps_no_empty_save(home):
    done = _into_a_closed_pipe(["cosmos", "-p", "Ann,Ben", "-m", "digital", "--seed", "7"], home,
                               stdin="goal proto\nshow\n")
    assert done.returncode == 0
    assert done.stderr == ""  # not "internal error (BrokenPipeError)"
    assert not list((home / "games").glob("*.jsonl")) if (home / "games").exists() else True
    assert not (home / "errors.log").exists()


@pytest.mark.parametrize("args", [["games"], ["log"], ["stats"], ["--help"]])
def test_issue18_item15_the_utilities_into_a_closed_pipe_end_quietly(home, args):
    open_table("cosmos", home)[1].execute("tokens Ben dark Ann dark dark dark")
    done = _into_a_closed_pipe(args, home)
    assert done.returncode == 0, done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    assert not (home / "errors.log").exists()


def test_issue18_item15_undoing_the_end_of_a_connexion_game_asks_first(home):
    session, shell, out = open_table("connexion", home, players=("Ann", "Ben", "Cy"), seed=None, timer=0)
    typed(shell, out, "place mu", "place eta", "end")
    assert session.over
    said = " ".join(typed(shell, out, "undo").split())
    assert "not undone" in said and "the end, which showed the final scores" in said and "(G-3)" in said
    assert session.over
    typed(shell, out, "undo yes")
    assert not session.over


def test_issue18_item15_undoing_the_end_of_a_connections_game_asks_first(home):
    session, shell, out = open_table("connections", home, seed=None)
    typed(shell, out, "start north/ice cream/south/west 2", "finish", "hand Ann 5", "hand Ben 7")
    assert session.over, out
    said = " ".join(typed(shell, out, "undo").split())
    assert "not undone" in said and "the end, which showed the final scores" in said
    assert session.over
    assert "✓ undone" in typed(shell, out, "undo yes") and not session.over


def test_issue18_item13_log_with_a_huge_count_shows_every_event_and_a_long_word_is_refused_briefly(home):
    session, shell, out = open_table("cosmos", home)
    typed(shell, out, "tokens Ben dark Ann dark dark dark", "display light time gravity light")
    assert typed(shell, out, "log " + "9" * 1990) == typed(shell, out, "log")
    said = typed(shell, out, "log " + "y" * 1990)
    assert said.startswith("✗ log takes a number of events, 1 or more") and len(said) < 200
    assert typed(shell, out, "log 0").startswith("✗ log takes a number of events, 1 or more, not '0'")


def test_issue18_item2_a_secret_line_typed_on_the_private_screen_is_not_echoed_whole_on_the_shared_one(
        home, monkeypatch):
    """Ann answers "press Enter to hide this" with her `tell`: it runs once the hand is
    hidden, and the shared screen is told `Ann: tell …`, not her cards."""
    lines = COSMOS_LINES[:5]
    keys = "".join(line + "\r" for line in lines) + "hand Ann\r\rAnn: tell Ann time gravity\r\x04"
    session, shell, screen, asked = _repl(home, monkeypatch, mode="table", keys=keys)
    assert session.events[-1]["do"] == "tell"  # it ran
    shared = _outside_private_screens(screen)
    assert "> Ann: tell …" in shared and "tell Ann time" not in shared


# -- the players question (issue 20 item 6; issue 18 item 7's name limits) --------------------


def test_issue20_item6_the_players_question_asks_again_on_a_mistake(monkeypatch, capsys):
    from referee.core import launch
    from referee.games import load

    answers = iter(["Ann, Ben, ann", "Ann, " + "B" * 41, "Ann, B\x1bn", "Ann, Ben"])
    monkeypatch.setattr(launch, "_interactive", lambda: True)
    monkeypatch.setattr(launch.click, "prompt", lambda text: next(answers))
    assert launch._ask_players(None, load("connexion"), None) == ["Ann", "Ben"]
    said = capsys.readouterr().err.splitlines()
    assert said == ["two players have the same name; give each a different one; try again (Ctrl-C to leave)",
                    "player name 2 has 41 characters; at most 40; try again (Ctrl-C to leave)",
                    "player name 2 holds a control character (\\x1b); use letters and digits; "
                    "try again (Ctrl-C to leave)"]
    assert not any("\x1b" in line for line in said)


def test_issue20_item6_players_given_on_the_line_are_still_refused_at_once(monkeypatch):
    from referee.core import launch
    from referee.games import load

    monkeypatch.setattr(launch, "_interactive", lambda: True)
    with pytest.raises(click.UsageError, match="same name"):
        launch._ask_players("Ann,Ben,ann", load("connexion"), None)


def test_issue18_item7_a_script_line_that_is_not_utf8_is_refused_and_the_others_run(tmp_path, monkeypatch):
    """A bad byte on line 3 said "not UTF-8 text after line 0" and ran nothing."""
    from click.testing import CliRunner

    from referee.cli import main

    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    script = tmp_path / "script.txt"
    script.write_bytes(b"place mu\nplace eta\nAnn\xff: draw\nplace tau\nquit\n")
    result = CliRunner().invoke(main, ["connexion", "-p", "Ann,Ben", "--script", str(script)])
    lines = [line for line in result.output.splitlines() if line[:1] in ("✓", "✗")]
    assert lines[2] == "✗ this line is not UTF-8 text; nothing was done"
    assert lines[3].startswith("✓ Tau") and result.exit_code == 3


def test_issue18_item3_secret_lines_an_older_referee_wrote_do_not_come_back(home, monkeypatch):
    """A history file written before the fix held `tel Ann gravity gravity`: loaded as it
    was, the Up arrow at `tokens?` showed it (playtest after the hardening)."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "history").write_text("\n# old\n+tel Ann gravity gravity\n\n# old\n+show\n"
                                  "\n# old\n+advan 1 6 7\n", encoding="utf-8")
    session, shell, screen, asked = _repl(home, monkeypatch, mode="table", keys="\x04")
    kept = shell._history.get_strings()
    assert "show" in kept
    assert "tel Ann gravity gravity" not in kept and "advan 1 6 7" not in kept
