"""ConneXion on Core v2 (issue 9 items 1-3): each move declared once, the phases and turns
as data, the seat convention, and the growing parts of the state shared between states."""

import pytest

from referee.core.errors import RuleError
from referee.core.errors import ActionError
from referee.core.states import Chain
from referee.games.connexion import turns
from referee.games.connexion.moves import MOVES
from referee.games.connexion.phases import PHASES
from tests.connexion.test_rules import METAPHOR, METAPHOR_BOARD, claim, new, place, play


# -- item 1: moves declared once ------------------------------------------------------------


def test_issue9_item1_every_journalled_kind_is_a_declared_move_with_a_table_rule():
    from referee.core import ruletable

    table = ruletable.for_game("connexion")
    assert [m.name for m in MOVES] == ["place", "claim", "card", "pilfer", "contest", "vote", "start_bonus",
                                       "bonus", "finish", "adjust"]
    for move in MOVES:
        assert move.rule and table.find(move.rule) is not None, move.name
        assert move.line and move.effect and move.check


@pytest.mark.parametrize("action", [
    {"do": "teleport"},
    {"do": "place"},  # no letter
    {"do": "place", "letter": "mu", "position": "1"},  # a position that is not a number
    {"do": "vote", "ballots": "all yes"},
    {"do": "adjust", "what": "points", "player": "Ann"},  # no points
])
def test_issue9_item1_an_action_the_game_cannot_read_is_damaged_not_a_rule(action):
    state = play(new(), *place("mu"))
    with pytest.raises(ActionError):
        MOVES.apply(state, dict(action, at=0))


def test_issue9_item1_the_log_line_comes_from_the_move():
    assert MOVES.describe({"do": "place", "letter": "mu", "position": 1}) == "places Mu (Μμ) at position 1"
    assert MOVES.describe({"do": "adjust", "what": "points", "player": "Ann", "points": -5}) == \
        "correction: Ann -5 points"
    assert not any(MOVES.is_secret({"do": move.name}) for move in MOVES)  # nothing is typed unseen here


def test_issue9_item1_can_is_the_check_without_the_effect():
    state = play(new(), *METAPHOR_BOARD)
    assert MOVES.can(state, dict(METAPHOR, at=0))
    assert not MOVES.can(state, dict(METAPHOR, by="Ann", at=0))  # Ben placed position 6: his turn
    assert state.claims == ()  # nothing was applied


# -- item 2: phases and turns as data ---------------------------------------------------------


def test_issue9_item2_turn_is_the_seat_to_act():
    state = new(players=("Ann", "Ben", "Cy"))
    assert state.turn == 0 and state.claimant is None  # Ann places position 1
    state = play(state, *place("mu", "eta"))
    assert state.turn == 1 and state.claimant == "Ben" and state.placer == "Cy"


def test_issue9_item2_a_card_to_name_is_a_phase_with_its_prompt_answer_and_refusal():
    state = play(new(), *place("mu", "eta"), claim("me", (1, "m"), (2, "e")))
    phase = PHASES.of(state)
    assert (phase.name, PHASES.prompt(state), PHASES.default(state)) == ("card", "card? ", "card")
    assert PHASES.status(state) == "card Ben drew for ME?"
    with pytest.raises(RuleError, match=r"first name the celestial card drawn for ME .*\(CX-8\)"):
        MOVES.apply(state, {"do": "place", "letter": "phi", "at": 0})
    assert [m.name for m in MOVES.open_now(state)] == ["card", "contest", "adjust"]


def test_issue9_item2_a_vote_is_a_phase_every_seat_answers():
    state = play(new(), *place("mu", "eta"), claim("me", (1, "m"), (2, "e")), {"do": "card", "card": "Mars"},
                 {"do": "contest"})
    assert PHASES.of(state).name == "vote" and PHASES.default(state) == "vote"
    assert PHASES.status(state) == "vote: waiting for Ann, Ben"
    with pytest.raises(RuleError, match=r"a vote is open \(Does ME stand\?\).*\(G-4\)"):
        MOVES.apply(state, {"do": "finish", "at": 0})


def test_issue9_item2_after_the_end_only_adjust_corrects_the_record():
    state = play(new(), *place("mu"), {"do": "finish"})
    assert PHASES.of(state).over and PHASES.prompt(state) == "over> "
    assert [m.name for m in MOVES.open_now(state)] == ["adjust"]
    with pytest.raises(RuleError, match=r"the game is over.*\(G-6\)"):
        MOVES.apply(state, {"do": "place", "letter": "eta", "at": 0})


def test_issue9_item2_a_card_typed_when_none_is_awaited_says_what_is():
    state = play(new(players=("Ann", "Ben", "Cy")), *place("mu", "eta"))
    with pytest.raises(RuleError) as refused:
        MOVES.apply(state, {"do": "card", "card": "Mars", "at": 0})
    # issue 20: the rule that says when a card is drawn (CX-8), not the placement rule
    assert str(refused.value) == ("no celestial card is due: one is drawn right after an accepted word; "
                                  "Ben's turn to claim words, then Cy places position 3 (CX-8)")


# -- item 3: what grows with the journal is shared ---------------------------------------------


def test_issue9_item3_claims_and_corrections_are_chains_shared_between_states():
    before = play(new(), *METAPHOR_BOARD, METAPHOR, {"do": "card", "card": "Mars"})
    after = play(before, {"do": "adjust", "what": "points", "player": "Ann", "points": 3})
    assert isinstance(after.claims, Chain) and isinstance(after.extra, Chain)
    assert after.claims is before.claims  # not copied by a move that does not touch them
    assert before.extra == () and after.extra == (("Ann", 3),)  # the old state reads as it did
    assert after.adjusted("Ann") == 3 and before.adjusted("Ann") == 0


# -- playtest (newcomer, Core v2): `moves` lists only what could be accepted now ---------------


def _listed(state):
    return [m.name for m in MOVES.open_now(state)]


def test_playtest_moves_before_position_1_lists_only_place_finish_and_adjust():
    state = new(players=("Ann", "Ben", "Cy"))
    assert _listed(state) == ["place", "finish", "adjust"]  # no word, contest or bonus: each is refused now
    for name in ("claim", "contest", "bonus", "start_bonus"):
        assert not turns.is_open(state, name)


def test_playtest_moves_while_placing_lists_place_word_contest_finish_not_bonus():
    state = play(new(), *place("mu", "eta"))
    assert _listed(state) == ["place", "claim", "contest", "finish", "adjust"]
    with pytest.raises(RuleError, match=r"22 cards are still to place \(CX-10\)"):
        MOVES.apply(state, {"do": "bonus", "sentence": "me", "at": 0})


def test_playtest_moves_after_position_24_lists_bonus_only_for_a_sun_holder():
    from tests.connexion.test_rules import _bonus_ready, _full_board

    state = _bonus_ready()
    assert _listed(state) == ["claim", "contest", "bonus", "finish", "adjust"]  # no place: the diamond is full
    sunless = _full_board(new())
    assert "bonus" not in _listed(sunless) and "place" not in _listed(sunless)
    laid = play(state, {"do": "start_bonus"})
    assert _listed(laid) == ["bonus", "finish", "adjust"]


def test_playtest_start_bonus_is_never_listed_apart_from_bonus():
    """`bonus` alone lays the sun: `moves` shows it as the bonus command, not `start_bonus`."""
    from tests.connexion.test_rules import _bonus_ready

    assert "start_bonus" not in _listed(_bonus_ready())
    assert MOVES.can(_bonus_ready(), {"do": "start_bonus", "at": 0})  # still a move, still accepted


def test_playtest_cx10_one_card_left_is_said_in_the_singular():
    from tests.connexion.test_rules import _full_board

    full = _full_board(new())
    almost = play(new(), *[{"do": "place", "letter": key, "position": i + 1} for i, key in enumerate(full.board[:23])])
    with pytest.raises(RuleError, match=r"; 1 card is still to place \(CX-10\)"):
        MOVES.apply(almost, {"do": "start_bonus", "at": 0})



def test_playtest_g3_a_saved_sun_laid_by_a_named_non_holder_still_replays():
    """`Cy: bonus` is journalled as start_bonus by Cy; saves hold such lines, so a stricter
    CX-10 (only the holder lays the sun) would make them damaged: that is the lead's call."""
    from tests.connexion.test_rules import _bonus_ready

    assert MOVES.apply(_bonus_ready(), {"do": "start_bonus", "by": "Ben", "at": 0}).phase == "bonus"
