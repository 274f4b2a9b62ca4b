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



# -- item 12: every refusal cites the rule id that says it: no bare section, no silence ---------


def _rulings():
    """The ids a Connections refusal may cite: the rulings (CN-n, G-n), not the rulebook's
    sections, whose bare names, "(Classic)", "(Quick)", read as the variant's name."""
    from referee.core import ruletable

    table = ruletable.for_game("connections")
    return ruletable.RuleTable([rule for rule in table if rule.source == "RULINGS"])


def test_issue20_item12_no_refusal_in_the_source_cites_a_section_of_the_rulebook():
    from tests.test_rule_citations import _sources, static_offences

    offences = static_offences(_sources("connections"), _rulings())
    assert not offences, "\n".join(offences)


def test_issue20_item12_no_refusal_made_in_play_cites_a_section_of_the_rulebook(tmp_path):
    """The examples of every variant with random lines after them, and fresh tables: each
    RuleError made cites a ruling (a rule computed at run time included: the turn's, the
    draw's)."""
    from tests.test_rule_citations import _played

    offences = _played("connections", tmp_path).offences(_rulings())
    assert not offences, "\n".join(offences)


@pytest.mark.parametrize("variant, lines, refused, rule", [
    ("classic", ["Ben: play 1,0 surf/lawn/ice/track 1"], "it is Ann's turn, not Ben's (CN-6)", "CN-6"),
    ("classic", ["pass"], "Ann must draw first: a player who cannot connect draws (CN-6)", "CN-6"),
    ("endless", ["pass"], "Ann must draw first: a player who cannot connect draws (CN-8)", "CN-8"),
    ("endless", ["draw", "draw"], "Ann has drawn this turn already; you may play the card drawn, or pass (CN-8)",
     "CN-8"),
    ("quick", ["play 1,0 surf/lawn/ice/track 1"], "Quick Play has no turns: say who it is", "CN-6"),
    ("quads", ["Ann: draw"], "Quads has four draw piles: say which, `draw 1` to `draw 4` (CN-6)", "CN-6"),
    ("rummy", ["pass"], "Ann must draw first: each turn starts with a draw (CN-6)", "CN-6"),
    ("quick", ["Ann: play 1,0 surf/lawn/ice/track 1 !", "vote Ann nope"], "a vote is yes or no, not 'nope' (G-4)",
     "G-4"),
    ("quick", ["draw 12"], "there is no pile 12: Quads has piles 1 to 4, the others one draw pile (CN-6)", "CN-6"),
])
def test_issue20_item12_a_refusal_cites_the_ruling_that_says_it_and_why_shows_it(table, variant, lines, refused,
                                                                                 rule):
    session, shell, out = table(variant)
    if variant not in ("quads", "rummy"):
        typed(shell, out, "start cowboy/race/tiger/bowl 2")
    said = flat(typed(shell, out, *lines))
    assert refused in said and said.endswith(f"({rule})")
    assert f"{rule} · RULINGS" in flat(typed(shell, out, "why"))
