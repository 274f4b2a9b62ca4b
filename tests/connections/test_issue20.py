"""Issue 20 ("Quicker than paper") for Connections: a `finish` that ends the game mid-round
says what it did (item 17), every refusal cites a rule of the game's table (item 12), and
a side that touches nothing need not be typed (item 4)."""

import pytest

from tests.connections.helpers import new_session
from tests.tables import typed

PLAYERS = {"classic": ("Ann", "Ben", "Cy"), "quick": ("Ann", "Ben"), "quads": ("Ann", "Ben"),
           "endless": ("Ann", "Ben"), "rummy": ("Ann", "Ben"), "solitaire": ("Sol",)}


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    return lambda variant="quick", **options: new_session(tmp_path, variant, PLAYERS[variant], **options)


def flat(text):
    return " ".join(text.split())


# -- item 17: Quick Play `finish` mid-round says what it did, and that `undo` takes it back --------


def test_issue20_item17_quick_play_finish_mid_round_says_the_round_scores_nothing_and_undo_takes_it_back(table):
    session, shell, out = table("quick")
    typed(shell, out, "start cowboy/race/tiger/bowl 2", "Ann: play 1,0 surf/lawn/ice/track 1 !")
    said = typed(shell, out, "finish")
    assert session.state.phase == "over"
    assert ("✓ the table ends the game (G-6): round 1 is cut short and scores nothing, since nobody went out "
            "(CN-6); `undo` takes it back") in flat(said)
    assert flat(said).index("`undo` takes it back") < flat(said).index("Final scores")  # the scores come last
    shell.confirm = lambda question: True  # the table answers yes to "Undo anyway?"
    typed(shell, out, "undo")
    assert session.state.phase == "play" and session.state.cells.get((1, 0)) is not None  # as it said


@pytest.mark.parametrize("variant, words", [
    ("quads", "the table ends the game (G-6): round 1 is closed with the quads made (CN-6); `undo` takes it back"),
    ("endless", "the table says the space ran out: the game is over (CN-8); `undo` takes it back"),
    ("solitaire", "the table says the space ran out: the game is over (CN-8); `undo` takes it back"),
])
def test_issue20_item17_a_finish_that_ends_the_game_mid_round_says_what_it_did_in_every_variant(table, variant,
                                                                                                 words):
    session, shell, out = table(variant)
    if variant != "quads":
        typed(shell, out, "start cowboy/race/tiger/bowl 2")
    said = flat(typed(shell, out, "finish"))
    assert session.state.phase == "over" and words in said and said.index(words) < said.index("Final scores")

