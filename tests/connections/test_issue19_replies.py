"""Issue 19 item 1 in Connections: every reply is data (core.reply.Reply), unfitted, and the
shell fits it and every refusal once, the game's way (Connections.fit: never inside a cell
such as 0,1), at the width of the screen the line was typed at."""

import ast
from pathlib import Path

import click
import pytest

from referee.core.render import visible
from referee.games.connections import commands, replies
from referee.games.connections.game import GAME
from tests.connections.helpers import new_session
from tests.tables import typed

PACKAGE = Path(replies.__file__).parent


@pytest.fixture
def table(tmp_path, monkeypatch):
    def open_at(columns, variant="classic", players=("Ann", "Ben")):
        monkeypatch.setenv("COLUMNS", str(columns))
        monkeypatch.setenv("NO_COLOR", "1")
        return new_session(tmp_path / f"{variant}-{columns}", variant, players)
    return open_at


def _calls(path):
    """Every name called in a module, dotted as written (`render.ok`, `view.fit`)."""
    called = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            called.add(ast.unparse(node.func))
    return called


@pytest.mark.parametrize("module", ["replies.py", "commands.py"])
def test_issue19_item1_replies_and_commands_neither_tick_nor_hide_nor_fit_a_reply(module):
    called = _calls(PACKAGE / module)
    forbidden = {"render.ok", "render.Private", "render.Long", "render.fit_text", "render.fit_lines",
                 "render.fit_words", "view.fit", "fit_to_terminal", "render.terminal_width", "fitted",
                 "COMMANDS.fit_replies"}
    assert not called & forbidden, f"{module} calls {sorted(called & forbidden)}"
    assert not any(getattr(cmd.handler, "fitted", False) for cmd in commands.COMMANDS.commands.values())


def test_issue19_item1_an_accepted_move_is_a_reply_whose_tick_is_its_tone(table):
    """The tick is the shell's, from the reply's tone: the lines kept for --json carry none,
    and a play's reply names the board it draws."""
    session, shell, out = table(80)
    assert typed(shell, out, "start tiger/head/tree/ocean 1").startswith("✓ starter card tiger/head/tree/ocean")
    told = shell.told[-1]
    assert told["tone"] == "ok" and told["public"][0].startswith("starter card tiger/head/tree/ocean (1) at 0,0")
    assert told["pictures"] == ["board"] and any("┌ 0,0" in line for line in told["public"])
    typed(shell, out, "play 1,0 kitesurf/apple/river/head 2 !")
    assert shell.told[-1]["public"][:2] == ["Ann plays kitesurf/apple/river/head (2) at 1,0", "  pairs: head ↔ head"]
    assert typed(shell, out, "contest").startswith("Does Ann's card at 1,0 connect")  # a question: no tick
    told = shell.told[-1]
    assert "tone" not in told and told["rule"] == "CN-4"


def test_issue19_item1_a_vote_that_overturns_marks_its_verdict_not_its_tally(table):
    """A vote's outcome is no accepted move's tick: its tally comes first, unmarked, then
    the verdict with its own mark (view.settled)."""
    session, shell, out = table(80)
    typed(shell, out, "start tiger/head/tree/ocean 1", "play 1,0 kitesurf/apple/river/head 2 !", "contest")
    text = typed(shell, out, "vote all no")
    first, second = text.splitlines()[:2]
    assert not first.startswith(("✓", "✗")) and second.startswith("✗ Ann's card goes back to their hand")
    told = shell.told[-1]
    assert "tone" not in told and told["public"][1].startswith("✗ Ann's card goes back")


def test_issue19_item1_a_reply_is_fitted_once_at_the_screen_s_width_never_inside_a_cell(table):
    """At 50 columns every printed line fits and no cell is split at its comma, while the
    reply kept for --json is the whole sentence, unbroken."""
    session, shell, out = table(50, "quick", ("Ann", "Ben", "Cy"))
    text = typed(shell, out, "start school/ship/mine/tire 2", "Ann: play 1,0 sword/wave/fur/pirate 2")
    assert all(visible(line) <= 50 for line in text.splitlines())
    status = shell.told[-1]["public"][-1]
    assert status.startswith("Quick Play, round 1; anyone plays") and len(status) > 50  # unfitted data
    wide = "Ann plays " + "/".join(["wordy"] * 6) + " at 10,-12 and at -3,14 and at 0,1 " * 3
    for width in (30, 40, 50):
        fitted = GAME.fit(wide, width)
        assert all(visible(line) <= width for line in fitted.splitlines())
        assert all(cell in fitted for cell in ("10,-12", "-3,14", "0,1"))


def test_issue19_item1_a_refusal_is_fitted_once_with_its_mark(table):
    """The shell breaks the refusal itself ("✗ " and all) once, at the screen's width."""
    session, shell, out = table(40, "quick", ("Ann", "Ben", "Cy"))
    typed(shell, out, "start school/ship/mine/tire 2")
    text = click.unstyle(typed(shell, out, "play 2,0 ice/bird/snack/surf 2"))
    assert text.startswith("✗ Quick Play has no turns")
    assert all(visible(line) <= 40 for line in text.splitlines()) and len(text.splitlines()) > 1
    assert " ".join(text.split()) == ("✗ Quick Play has no turns: say who it is, e.g. "
                                       "`Ann: play X,Y WORDS POINTS` (CN-6)")


def test_issue19_item1_undo_still_draws_the_table_it_is_back_to(table):
    """`undo` joins `show`'s text to its own (core.builtins): `show` answers with the table
    drawn and broken for the screen, text rather than a Reply."""
    session, shell, out = table(50)
    typed(shell, out, "start tiger/head/tree/ocean 1", "play 1,0 kitesurf/apple/river/head 2 !")
    text = typed(shell, out, "undo")
    assert "┌ 0,0" in text and "┌ 1,0" not in text and "internal error" not in text
    assert all(visible(line) <= 50 for line in text.splitlines())
