"""Issue 19's replay budget: the shortcuts a replayed move takes make the very state the
long way made. A draw dealt in one slice is the draws made card by card (reshuffles
included); the take that ends a digital energy phase deals the refill on from the same
deck; a shift's controls reach its effect from its check (core.worked) only for the same frozen objects."""

import pytest

from referee.core.errors import RuleError
from referee.core.moves import Action
from referee.core.states import evolve
from referee.core.worked import remembered
from referee.games.cosmos import energy, energycards
from tests.cosmos.helpers import new_game, with_turn


def _one_by_one(state, n):
    """The draw of ``n`` cards made one card at a time (each its own draw_cards)."""
    drawn = []
    for _ in range(n):
        state, card = energycards.draw_cards(state, 1)
        drawn += card
    return state, drawn


@pytest.mark.parametrize("deck, n", [(5, 3), (2, 5), (0, 4), (3, 3)])
def test_ct4_a_draw_dealt_at_once_is_the_draws_card_by_card(deck, n):
    discard = ("light", "time", "gravity", "chemistry", "light")
    state = new_game()
    state = evolve(state, deck=state.deck[:deck], deck_left=deck, discard=discard)
    at_once, drawn = energycards.draw_cards(state, n)
    slowly, drawn_slowly = _one_by_one(state, n)
    assert drawn == drawn_slowly and repr(at_once) == repr(slowly)


def test_ct4_a_draw_past_the_deck_and_the_pile_stops_where_card_by_card_stops():
    state = evolve(new_game(), deck=("light",), deck_left=1, discard=("time",))
    at_once, drawn = energycards.draw_cards(state, 4)
    slowly, drawn_slowly = _one_by_one(state, 4)
    assert drawn == drawn_slowly == ["light", drawn[1]] and repr(at_once) == repr(slowly)


def test_ct4_the_take_ending_the_energy_phase_refills_the_display_after_its_own_cards():
    state = evolve(with_turn(new_game(), "Ann", phase="collect"), to_take=2)
    deck, faceup = state.deck, state.display[0]
    after = energy.take(state, Action({"do": "take", "cards": [faceup, "deck"]}))
    assert after.phase == "craft" and after.to_take == 0
    assert after.hands[0].known[-2:] == (faceup, deck[0])  # the face-up card, then the deck's top
    assert after.display == state.display[1:] + (deck[1],)  # the refill: the next card
    assert after.deck == deck[2:] and after.deck_left == len(deck) - 2


def test_core_worked_hands_the_result_on_only_for_the_same_state_and_frozen_action():
    calls = []

    @remembered
    def work(state, action):
        calls.append(state)
        return len(calls)

    state, other = new_game(), new_game()
    action = Action({"do": "shift", "steps": [["own", None, 3]]})
    assert work(state, action) == work(state, action) == 1
    assert work(other, action) == 2  # another state: made again
    assert work(other, Action(dict(action))) == 3  # an equal action, another object
    plain = {"do": "shift", "steps": [["own", None, 3]]}
    assert work(other, plain) == 4 and work(other, plain) == 5  # a dict may change


def test_core_worked_keeps_no_refusal():
    @remembered
    def refuse(state, action):
        raise RuleError("no", rule="Shift")

    state, action = new_game(), Action({"do": "shift", "steps": []})
    for _ in range(2):
        with pytest.raises(RuleError):
            refuse(state, action)
