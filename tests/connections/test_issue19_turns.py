"""Issue 19 item 2 in Connections: whose turn it is comes only from the phase table. The
variants with turns each have their round under way as a phase whose ``acts`` is the
player to act and whose ``turn_rule`` is CN-6 (issue 20 item 12: it was the variant's
bare section, "(Classic)"); Quick Play and Quads are anyone's; a contest, a vote, closing
the round, ending the game and a correction are anyone's in every variant
(``Move.acts``). The refusals keep their words."""

import pytest

from referee.core.errors import RuleError
from referee.core.errors import ActionError
from referee.core.phases import ANYONE, EVERY
from referee.games.connections import checks
from referee.games.connections.moves import MOVES
from referee.games.connections.phases import PHASES
from referee.games.connections.state import TURNS
from tests.connections.helpers import card, do, new_session, new_state, started
from tests.tables import typed


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    return lambda variant="classic", players=("Ann", "Ben"): new_session(tmp_path / variant, variant, players)


def test_issue19_item2_no_phase_leaves_the_turn_to_the_moves():
    assert [p.name for p in PHASES.phases.values() if p.acts == EVERY] == []
    for variant in TURNS:
        phase = PHASES.phases[f"{variant} turn"]
        assert callable(phase.acts) and phase.turn_rule == checks.VARIANTS == "CN-6"
    assert PHASES.phases["play"].acts == ANYONE and PHASES.phases["count"].acts == ANYONE


@pytest.mark.parametrize("variant, section", [("classic", "CN-6"), ("endless", "CN-6"), ("rummy", "CN-6")])
def test_issue19_item2_the_table_refuses_another_s_turn_citing_the_variant(variant, section):
    """The words and the rule id are the ones checks.actor used to say: the phase table
    says them now (its ``turn_rule``), and actor no longer looks."""
    state = new_state("rummy") if variant == "rummy" else started(variant)  # Rummy deals without a starter
    for name in ("play", "draw", "pass"):
        with pytest.raises(RuleError, match=r"^it is Ann's turn, not Ben's") as refused:
            PHASES.check_turn(state, MOVES[name], "Ben")
        assert refused.value.rule == section
    with pytest.raises(RuleError, match=rf"it is Ann's turn, not Ben's \({section}\)"):
        do(state, "draw", by="Ben")
    assert checks.actor(state, {"by": "Ben"}, "draw") == state.turn  # the rules no longer ask whose turn


@pytest.mark.parametrize("name", ["contest", "vote", "round", "finish", "adjust"])
def test_issue19_item2_anyone_may_contest_vote_close_end_or_correct_on_another_s_turn(name):
    state = started("classic")
    assert state.current == "Ann"
    PHASES.check_turn(state, MOVES[name], "Ben")  # no refusal: the move is anyone's (Move.acts)


def test_issue19_item2_a_name_not_at_the_table_is_still_an_unreadable_action_not_a_turn():
    """A damaged journal naming a stranger: unreadable (ActionError), as before the table
    checked turns, for a turn's move and for anyone's."""
    with pytest.raises(ActionError, match="'Zed' is not at this table"):
        do(started(), "play", cell=[1, 0], card=card(), by="Zed")
    with pytest.raises(ActionError, match="'Zed' is not at this table"):
        do(started(), "finish", by="Zed")


def test_issue19_item2_quick_play_has_no_turns_and_a_line_must_say_who(table):
    session, shell, out = table("quick", ("Ann", "Ben", "Cy"))
    typed(shell, out, "start school/ship/mine/tire 2")
    assert typed(shell, out, "play 1,0 sword/wave/fur/pirate 2") == (
        "✗ Quick Play has no turns: say who it is, e.g. `Ann: play X,Y WORDS POINTS` (CN-6)")
    assert typed(shell, out, "Cy: play 1,0 sword/wave/fur/pirate 2").startswith("✓ Cy plays")
    assert typed(shell, out, "Ben: play -1,0 queen/wheels/bread/dragon 1").startswith("✓ Ben plays")


def test_issue19_item2_a_wrong_turn_is_said_before_the_line_s_words_are_read(table):
    """The table checks the speaker's turn before the words (core.play): Ben's slip on
    Ann's turn is told it is not his turn, in Classic's words, rather than how a card is
    typed (the order changed on purpose, issue 19)."""
    session, shell, out = table()
    typed(shell, out, "start tiger/head/tree/ocean 1")
    assert typed(shell, out, "Ben: play 1,0 nonsense") == "✗ it is Ann's turn, not Ben's (CN-6)"
    assert typed(shell, out, "Ben: contest").startswith("✗ only the last play may be contested")
