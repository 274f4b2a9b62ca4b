"""Issue 20 item 9: `referee watch` fits the screen it is on. At 80x24 and 50x30 the
whole public picture is visible (the board compacted when it must be), the scores and
whose turn (or the winner) are always on screen, the last moves take the rows left; it
is redrawn in place (no full clear each second: no flicker) and follows a resize."""

import io
import os

import click
import pytest

from referee.core import store, watch
from referee.core.journal import Journal
from tests.core.test_chart import EXAMPLES, replay_command, run
from tests.tables import open_table

LETTERS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma "
           "tau upsilon phi chi psi omega").split()
SIZES = [(80, 24), (50, 30)]


def _reread(path):
    loaded, problem = watch.load(path)
    assert problem is None, problem
    return loaded


@pytest.fixture(scope="module")
def full_diamond(tmp_path_factory):
    """A ConneXion table game with all 24 positions placed, not finished."""
    session, shell, _out = open_table("connexion", tmp_path_factory.mktemp("diamond"), players=("Ann", "Ben", "Cy"))
    for letter in LETTERS:
        assert shell.execute(f"place {letter}"), letter
    assert session.state.placed == 24 and not session.over
    return _reread(session.journal.path)


@pytest.fixture(scope="module")
def finished_colors(tmp_path_factory):
    home = tmp_path_factory.mktemp("colors")
    args = [os.path.join(EXAMPLES, a[len("examples/"):]) if a.startswith("examples/") else a
            for a in replay_command("colors-2p.txt")]
    run(args, home, NO_COLOR="1")
    os.environ["REFEREE_HOME"] = str(home)
    session = _reread(store.path_of(store.find("last")))
    assert session.over
    return session


def _fits(text, width, height):
    lines = click.unstyle(text).split("\n")
    assert len(lines) <= height, (len(lines), text)
    assert max(len(line) for line in lines) <= width
    return lines


@pytest.mark.parametrize("width,height", SIZES)
def test_issue20_item9_a_full_connexion_diamond_fits_with_scores_turn_and_moves(full_diamond, width, height):
    lines = _fits(watch.frame(full_diamond, width, now=0, height=height), width, height)
    text = "\n".join(lines)
    for position in range(1, 25):  # every card of the board is on screen
        assert f"{position} " in text
    assert "Ωω" in text and "Αα" in text
    scores = [line for line in lines if "Ann" in line and "Ben" in line and "Cy" in line]
    assert scores or "total" in text  # the scores, as a table or in one line
    whose = watch._status(full_diamond, 0)
    assert " ".join(whose)[:20] in " ".join(text.split())  # whose turn, what the game waits for
    assert "Last moves:" in text and "#24 " in text  # the last placement at least
    assert lines[-1].startswith("watching")


@pytest.mark.parametrize("width,height", SIZES)
def test_issue20_item9_a_finished_colors_game_fits_with_the_scores_and_the_winner(finished_colors, width, height):
    lines = _fits(watch.frame(finished_colors, width, now=0, height=height), width, height)
    text = "\n".join(lines)
    assert all(f" {row}  " in text for row in range(1, 6))  # the play area's five rows
    assert "Shapes (Ann)" in text and "141" in text and "143" in text
    assert "Winner: Ben" in lines
    assert "Last moves:" in text and "#82 Ann: plays Gm@a1" in text


def test_issue20_item9_the_board_is_compacted_only_when_the_screen_is_short(full_diamond):
    tall = click.unstyle(watch.frame(full_diamond, 80, now=0, height=60))
    short = click.unstyle(watch.frame(full_diamond, 80, now=0, height=24))
    def under_alpha(text):
        lines = text.split("\n")
        return next(lines[i + 1].strip() for i, line in enumerate(lines) if line.strip() == "1 Αα")

    assert under_alpha(tall) == "Alpha" and under_alpha(short).startswith("2 ")  # the names go first
    assert tall.count("#") > short.count("#")  # a taller screen shows more moves
    whole = click.unstyle(watch.frame(full_diamond, 80, now=0))  # no height (a pipe): as before
    assert "Omega" in whole and whole.count("\n#") == watch.LAST


def test_issue20_item9_a_redraw_writes_over_in_place_and_clears_only_after_a_resize():
    stream, size = io.StringIO(), [(80, 24)]
    screen = watch.Screen(stream, size=lambda: size[0])
    screen.draw("one\ntwo")
    first = stream.getvalue()
    assert first.startswith("\x1b[2J\x1b[H") and first.endswith("two\x1b[K\x1b[J")
    stream.truncate(0), stream.seek(0)
    screen.draw("one\nthree")
    again = stream.getvalue()
    assert "\x1b[2J" not in again and again.startswith("\x1b[H")  # no full clear: no flicker
    assert "\n" not in again[again.index("three"):]  # no newline after the last row: nothing scrolls
    stream.truncate(0), stream.seek(0)
    size[0] = (50, 30)
    screen.draw("one")
    assert stream.getvalue().startswith("\x1b[2J")  # a resize moved the old rows: cleared once


def test_issue20_item9_follow_fits_each_picture_to_the_terminal_as_it_is_now(full_diamond, monkeypatch):
    from referee.core import render

    sizes = iter([os.terminal_size((80, 24)), os.terminal_size((50, 30))] + [os.terminal_size((50, 30))] * 5)
    monkeypatch.setattr(render, "terminal_size", lambda fallback=None: next(sizes))
    drawn = []
    watch.follow(full_diamond.journal.path, drawn.append, redraw=True, frames=2, polls=3, sleep=lambda _s: None)
    assert len(drawn) == 2
    _fits(drawn[0], 80, 24)
    _fits(drawn[1], 50, 30)
    assert max(len(line) for line in click.unstyle(drawn[1]).split("\n")) > 40  # drawn for 50 columns, not 80
