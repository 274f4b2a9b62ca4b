"""The energy cards' books (issue 10: energy hands, the display, the deck; CT-4): digital
draws from a seeded secret deck, reshuffles of the discard pile, table-mode unknown draws,
payments through Hand.pay onto the discard pile, the display's refill and its copies."""

import pytest

from referee.core.errors import RuleError
from referee.core.pieces import Hand
from referee.core.states import evolve
from referee.games.cosmos import energycards
from tests.cosmos.helpers import new_game, with_hand


def test_ct4_digital_draw_takes_the_top_cards_into_the_known_hand():
    state = new_game()
    top = state.deck[:3]
    after, drawn = energycards.draw(state, 1, 3)
    assert tuple(drawn) == top and after.deck == state.deck[3:]
    assert after.hands[1].known == state.hands[1].known + top
    assert after.deck_left == len(after.deck)


def test_ct4_table_draw_adds_unknown_cards_and_counts_the_deck():
    state = new_game(mode="table")
    after, drawn = energycards.draw(state, 0, 2)
    assert drawn == [None, None]
    assert after.hands[0].unknown == state.hands[0].unknown + 2 and after.deck_left == state.deck_left - 2


def test_ct4_reshuffle_is_seeded_by_seed_and_count_so_replay_agrees():
    state = evolve(new_game(), deck=(), deck_left=0, discard=("light", "time", "gravity", "chemistry") * 3)
    one, drawn_one = energycards.draw(state, 0, 5)
    two, drawn_two = energycards.draw(state, 0, 5)
    assert drawn_one == drawn_two and one.reshuffles == state.reshuffles + 1 and one.discard == ()
    later = evolve(state, reshuffles=state.reshuffles + 1)
    orders = {tuple(energycards.draw(later, 0, 12)[1]), tuple(drawn_one) + tuple(one.deck)}
    assert len(orders) == 2  # another reshuffle count, another order


def test_ct4_deck_and_discard_both_empty_draw_gives_fewer():
    state = evolve(new_game(), deck=("light",), deck_left=1, discard=())
    after, drawn = energycards.draw(state, 0, 3)
    assert drawn == ["light"] and after.deck == () and after.deck_left == 0


def test_ct4_discard_pays_from_the_hand_onto_the_pile():
    state = with_hand(new_game(), "Ann", "light", "light", "time")
    after = energycards.discard(state, 0, ["light", "light"], "Power")
    assert after.hands[0].known == ("time",) and after.discard == state.discard + ("light", "light")


def test_ct4_discard_refused_tells_the_table_only_the_cost_and_the_hand_size():
    state = with_hand(new_game(), "Ann", "light", "time")
    with pytest.raises(RuleError) as error:
        energycards.discard(state, 0, ["gravity", "gravity"], "Power")
    said = str(error.value)
    assert "gravity gravity" in said and "2" in said and "light" not in said and "time" not in said
    assert error.value.private is None and "`hand Ann`" in str(error.value)  # issue 18 item 4


def test_ct4_table_mode_unknown_cards_pay():
    state = evolve(new_game(mode="table"), hands=(Hand((), 4),) * 4)
    after = energycards.discard(state, 0, ["chemistry", "chemistry"], "Cards")
    assert after.hands[0].unknown == 2 and after.discard[-2:] == ("chemistry", "chemistry")


def test_ct3_digital_refill_fills_the_display_to_4():
    state = evolve(new_game(), display=("light",))
    after = energycards.refill(state)
    assert after.display == ("light",) + state.deck[:3] and after.deck == state.deck[3:]


def test_ct3_table_refill_leaves_the_display_for_the_table_to_name():
    state = evolve(new_game(mode="table"), display=("light",))
    assert energycards.refill(state) == state
    assert energycards.missing(state) == 3
    assert energycards.missing(evolve(state, deck_left=1, discard=())) == 1


def test_ct3_lay_reshuffles_when_the_deck_is_out():
    state = evolve(new_game(mode="table"), display=(), deck_left=1, discard=("time", "time"))
    after = energycards.lay(state, ["light", "time"])
    assert after.display == ("light", "time") and after.deck_left == 1 and after.discard == ()


def test_ct3_copies_counted_against_display_and_discard_only():
    state = evolve(new_game(mode="table"), display=("light",) * 3, discard=("light",) * 11)
    energycards.check_copies(state, ["light"], "Setup")  # 15: fine
    with pytest.raises(RuleError) as error:
        energycards.check_copies(state, ["light", "light"], "Setup")
    assert "16 light" in str(error.value) and "(Setup)" in str(error.value)
