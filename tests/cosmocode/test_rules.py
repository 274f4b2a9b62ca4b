"""Cosmo;code's rules as pure functions, step by step of the rulebook and CO-1..CO-6."""

from collections import Counter
from dataclasses import replace

import pytest

from referee.core.errors import RuleError
from referee.games.cosmocode import cards, dealing, view
from referee.games.cosmocode.moves import MOVES
from referee.games.cosmocode.state import is_run
from tests.cosmocode.helpers import attempt, header, table


def refused(state, action, *words):
    with pytest.raises(RuleError) as error:
        MOVES.apply(state, action)
    for word in words:
        assert word in str(error.value)
    return str(error.value)


# -- CO-1: components and setup ----------------------------------------------------------


def test_co1_digital_decks_hold_40_blue_40_green_20_red():
    state = dealing.initial(header(mode="digital", seed=4))
    blue, green, red = state.decks
    in_hands = [c for hand in state.hands for c in hand]
    assert len(blue) + len(in_hands) == 40 and len(green) == 40 and len(red) == 20
    everything = Counter(blue + tuple(in_hands))
    assert set(everything.values()) == {2} and len(everything) == 20  # 1-10 x alpha/beta x 2 copies
    assert len(set(red)) == 20 and {cards.number(c) for c in red} == set(range(1, 11))
    assert Counter(green) == Counter(cards.full_deck("green"))


def test_co1_each_player_starts_with_three_blue_cards_from_the_blue_deck():
    state = dealing.initial(header(("Ann", "Ben", "Cy"), mode="digital", seed=9))
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert all(cards.colour(c) == "blue" for h in state.hands for c in h)
    assert len(state.decks[0]) == 40 - 9


def test_preparation2_the_channel_indicator_starts_alpha():
    assert dealing.initial(header(mode="digital", seed=1)).indicator == "a"
    assert dealing.initial(header()).indicator == "a"


def test_co1_digital_start_player_is_random_but_fixed_by_the_seed():
    starts = {dealing.initial(header(("A", "B", "C", "D"), mode="digital", seed=s)).turn for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert dealing.initial(header(mode="digital", seed=7)) == dealing.initial(header(mode="digital", seed=7))


def test_co1_table_start_player_is_named():
    state = dealing.initial(header())
    assert state.phase == "start" and state.turn is None
    refused(state, {"do": "receive", "range": "short"}, "start PLAYER", "CO-1")
    state = MOVES.apply(state, {"do": "start", "player": "Ben"})
    assert state.player == "Ben" and state.phase == "receive"
    refused(state, {"do": "start", "player": "Ann"}, "already Ben")


def test_co1_option_first_names_the_start_player_in_both_modes():
    assert dealing.initial(header(first="ben")).player == "Ben"
    assert dealing.initial(header(mode="digital", seed=3, first="Ann")).player == "Ann"


@pytest.mark.parametrize("count", [1, 7])
def test_co1_two_to_six_players(count):
    from referee.games import players_refusal
    from referee.games.cosmocode import ENTRY

    # who may play is the entry's, checked once when the game starts (issue 9 item 6)
    assert players_refusal(ENTRY, count) == f"Cosmo;code is for 2 to 6 players, not {count} (CO-1)"


def test_co1_six_players_fit():
    state = dealing.initial(header([f"P{i}" for i in range(6)], mode="digital", seed=2))
    assert len(state.hands) == 6 and len(state.decks[0]) == 22


def test_co1_table_card_cannot_come_up_more_often_than_printed():
    state = replace(table(), hands=(("B7a",), ()))
    state = MOVES.apply(state, {"do": "receive", "range": "short"})
    assert MOVES.apply(state, {"do": "reveal", "cards": ["B7a", "B7a"]}).revealed  # Ann's hand is hers alone
    deal = replace(table(), hands=(("B7a",), ()), unknown=(2, 3))
    with pytest.raises(RuleError) as error:  # typed at her masked prompt, Ann's own named hand counts, privately
        MOVES.apply(deal, {"do": "deal", "player": "Ann", "cards": ["B7a", "B7a"], "unseen": True})
    assert "only 2 blue 7a" in error.value.private and "7a" not in str(error.value)
    # typed on the line, only the table's cards count (issue 18): the cards named now are the
    # truth (G-1), the 7a told before was told wrong and is an unnamed card now
    renamed = MOVES.apply(deal, {"do": "deal", "player": "Ann", "cards": ["B7a", "B7a"]})
    assert renamed.hands[0] == ("B7a", "B7a") and renamed.unknown[0] == 1
    red = replace(table(), reds=(("R4a",), ()))
    red = MOVES.apply(red, {"do": "receive", "range": "long"})
    refused(red, {"do": "reveal", "cards": ["R4a", "R5a", "R6a"]}, "only one red 4a", "CO-1")


def test_co1_a_card_named_twice_in_one_reveal_is_said_to_be_named_twice_not_held():
    state = MOVES.apply(table(), {"do": "receive", "range": "long"})
    text = refused(state, {"do": "reveal", "cards": ["R3b", "R3b", "R4b"]}, "CO-1")
    assert text.startswith("red 3b is named 2 times, and there is only one") and "held" not in text
    state = MOVES.apply(table(), {"do": "receive", "range": "short"})
    both = MOVES.apply(state, {"do": "reveal", "cards": ["B3b", "B3b"]})  # two blue 3b exist: both may come up
    assert [s.card for s in both.revealed] == ["B3b", "B3b"]
    perk_a = MOVES.apply(replace(table(), perks=("a", None)), {"do": "receive", "range": "short"})
    text = refused(perk_a, {"do": "reveal", "cards": ["B3b", "B3b", "B3b"]}, "CO-1")
    assert text.startswith("blue 3b is named 3 times, and there are only 2")


def test_issue9_a_reveal_never_counts_a_hidden_hand():
    """A reveal is public: refusing it because a hand named to the referee holds the card
    would tell the table what that hand holds (DESIGN 5); the table is the truth (G-1)."""
    for hands in ((("B7a", "B7a"), ()), ((), ("B7a", "B7a"))):
        state = MOVES.apply(replace(table(), hands=hands), {"do": "receive", "range": "short"})
        assert [s.card for s in MOVES.apply(state, {"do": "reveal", "cards": ["B7a", "B3b"]}).revealed][0] == "B7a"


# -- rule 1-2: turns and ranges -------------------------------------------------------------------------


def test_rule1_only_the_player_to_act_receives():
    state = table()
    refused(state, {"do": "receive", "range": "short", "by": "Ben"}, "Ann's turn, not Ben's", "(CO-2)")


def test_rule1_turns_go_round_after_each_attempt():
    state = attempt("short", ["B1b", "B2b"])
    state = MOVES.apply(state, {"do": "pass"})
    assert state.player == "Ben" and state.phase == "receive"


def test_rule2_a_range_is_short_mid_or_long():
    refused(table(), {"do": "receive", "range": "far"}, "short, mid or long", "(CO-2)")


@pytest.mark.parametrize("range_, count", [("short", 2), ("mid", 2), ("long", 3)])
def test_rule3_each_range_reveals_its_count_of_its_colour(range_, count):
    state = MOVES.apply(table(), {"do": "receive", "range": range_})
    colour = cards.RANGE_COLOUR[range_]
    good = [cards.make(colour, n, "a") for n in range(1, count + 1)]
    assert len(MOVES.apply(state, {"do": "reveal", "cards": good}).revealed) == count
    refused(state, {"do": "reveal", "cards": good[:-1]}, f"reveals {count}")
    wrong = "blue" if colour != "blue" else "green"
    refused(state, {"do": "reveal", "cards": [cards.make(wrong, n, "a") for n in range(1, count + 1)]}, colour)


def test_co2_digital_reveal_comes_from_the_top_of_the_deck():
    state = dealing.initial(header(mode="digital", seed=11))
    top = state.decks[2][:3]
    after = MOVES.apply(state, {"do": "receive", "range": "long"})
    assert tuple(s.card for s in after.revealed) == top and after.decks[2] == state.decks[2][3:]


def test_co2_digital_receive_checks_the_cards_the_log_names():
    state = dealing.initial(header(mode="digital", seed=11))
    refused(state, {"do": "receive", "range": "long", "cards": ["R1a", "R2a", "R3a"]} if state.decks[2][:3] != (
        "R1a", "R2a", "R3a") else {"do": "receive", "range": "long", "cards": ["R9a", "R9b", "R8a"]}, "G-2")


# -- rule 3: what may be taken --------------------------------------------------------------------------


def test_rule3a_short_takes_every_card_on_the_channel():
    state = attempt("short", ["B3a", "B7b"])
    assert state.takeable() == [0]
    after = MOVES.apply(state, {"do": "take", "cards": [0]})
    assert after.hands[0] == ("B3a",)
    both = attempt("short", ["B3a", "B7a"])
    assert MOVES.apply(both, {"do": "take", "cards": [0, 1]}).hands[0] == ("B3a", "B7a")


def test_rule3a_short_cannot_leave_a_matching_card_or_take_an_other():
    state = attempt("short", ["B3a", "B7a"])
    refused(state, {"do": "take", "cards": [0]}, "every card", "(3a)")
    state = attempt("short", ["B3a", "B7b"])
    refused(state, {"do": "take", "cards": [0, 1]}, "(3a)")
    refused(state, {"do": "pass"}, "3a can be taken", "(3a)")


def test_rule3a_short_with_nothing_on_the_channel_passes():
    state = attempt("short", ["B3b", "B7b"])
    refused(state, {"do": "take", "cards": [0]}, "(3a)")
    after = MOVES.apply(state, {"do": "pass"})
    assert after.hands[0] == () and after.player == "Ben"


def test_rule3b_mid_takes_one_when_both_are_on_the_channel():
    state = attempt("mid", ["G2a", "G9a"])
    refused(state, {"do": "take", "cards": [0, 1]}, "take one", "(3b)")
    assert MOVES.apply(state, {"do": "take", "cards": [1]}).hands[0] == ("G9a",)


def test_rule3b_mid_takes_nothing_when_one_is_off_channel():
    state = attempt("mid", ["G2a", "G9b"])
    assert "9b is not on channel alpha" in refused(state, {"do": "take", "cards": [0]}, "(3b)")
    assert MOVES.apply(state, {"do": "pass"}).hands[0] == ()


@pytest.mark.parametrize("numbers", [(1, 2, 3), (4, 5, 6)])
def test_rule3c_rulebook_examples_of_a_continuous_sequence(numbers):
    assert is_run(numbers) and is_run(tuple(reversed(numbers)))
    state = attempt("long", [f"R{n}a" for n in numbers])
    assert state.takeable() == [0, 1, 2]
    assert not is_run((1, 2, 4)) and not is_run((4, 4, 5))


def test_rule3c_long_takes_one_of_a_run_of_three_in_any_order():
    state = attempt("long", ["R5a", "R3a", "R4a"])  # reordered: 3, 4, 5
    after = MOVES.apply(state, {"do": "take", "cards": [0]})
    assert after.reds[0] == ("R5a",)


@pytest.mark.parametrize("shown, why", [
    (["R5a", "R3a", "R7a"], "do not form a run"),
    (["R5a", "R3a", "R4b"], "4b is not on channel alpha"),
    (["R1a", "R2a", "R2b"], "not on channel"),
])
def test_rule3c_long_refuses_without_a_run_on_the_channel(shown, why):
    state = attempt("long", shown)
    refused(state, {"do": "take", "cards": [0]}, why, "(3c)")


def test_co4_what_is_not_taken_goes_to_its_discard_pile_digital():
    state = dealing.initial(header(mode="digital", seed=2))
    state = MOVES.apply(state, {"do": "receive", "range": "short"})
    taken = state.takeable()
    after = MOVES.apply(state, {"do": "take", "cards": taken}) if taken else MOVES.apply(state, {"do": "pass"})
    left = [s.card for i, s in enumerate(state.revealed) if i not in taken]
    assert after.discards[0] == tuple(left)


# -- rule 4: manipulations ------------------------------------------------------------------------------


def test_rule4a_a_blue_card_of_the_same_number_flips_a_revealed_card():
    state = attempt("mid", ["G7b", "G2a"], hand=["B7a", "B9a"])
    after = MOVES.apply(state, {"do": "flip", "target": 0, "pay": "B7a"})
    assert after.revealed[0].channel == "a" and after.revealed[0].card == "G7b"
    assert after.hands[0] == ("B9a",) and after.takeable() == [0, 1]
    taken = MOVES.apply(after, {"do": "take", "cards": [0]})
    assert taken.hands[0] == ("B9a", "G7b")  # the card as it lies goes to the hand


def test_rule4a_the_number_must_match():
    state = attempt("mid", ["G7b", "G2a"], hand=["B8a"])
    refused(state, {"do": "flip", "target": 0, "pay": "B8a"}, "cannot flip the 7", "(4a)")


def test_rule4a_only_blue_without_perk_b():
    state = attempt("mid", ["G7b", "G2a"], hand=["G7a"])
    refused(state, {"do": "flip", "target": 0, "pay": "G7a"}, "blue card", "(4a)")


def test_rule4_a_card_not_in_hand_cannot_pay():
    state = attempt("mid", ["G7b", "G2a"], hand=["B2a"])
    refused(state, {"do": "flip", "target": 0, "pay": "B7a"}, "Ann holds no blue 7a", "(4a)")


def test_rule4_manipulations_repeat_and_each_costs_a_card():
    state = attempt("mid", ["G7b", "G2b"], hand=["B7a", "B2a", "B2b"])
    state = MOVES.apply(state, {"do": "flip", "target": 0, "pay": "B7a"})
    state = MOVES.apply(state, {"do": "flip", "target": 1, "pay": "B2a"})
    state = MOVES.apply(state, {"do": "flip", "target": 1, "pay": "B2b"})  # back again: allowed, paid
    assert state.revealed[1].channel == "b" and state.hands[0] == ()


def test_rule4b_two_blue_cards_flip_the_indicator():
    state = attempt("mid", ["G4b", "G8b"], hand=["B1a", "B9b", "G3a"])
    after = MOVES.apply(state, {"do": "indicator", "pay": ["B1a", "B9b"]})
    assert after.indicator == "b" and after.takeable() == [0, 1] and after.hands[0] == ("G3a",)


def test_rule4b_needs_two_blue_cards():
    state = attempt("mid", ["G4b", "G8b"], hand=["B1a", "G3a"])
    refused(state, {"do": "indicator", "pay": ["B1a"]}, "two cards", "(4b)")
    refused(state, {"do": "indicator", "pay": ["B1a", "G3a"]}, "two blue cards, not green", "(4b)")


def test_rule4c_a_green_card_moves_a_number_up_or_down_by_one():
    state = attempt("long", ["R3a", "R4a", "R6a"], hand=["G9b", "G1a"])
    up = MOVES.apply(state, {"do": "tune", "target": 2, "step": -1, "pay": "G9b"})
    assert up.revealed[2].number == 5 and up.revealed[2].card == "R6a" and up.takeable() == [0, 1, 2]
    assert MOVES.apply(up, {"do": "take", "cards": [2]}).reds[0] == ("R6a",)


def test_rule4c_is_paid_with_green_only():
    state = attempt("long", ["R3a", "R4a", "R6a"], hand=["B6a"])
    refused(state, {"do": "tune", "target": 2, "step": -1, "pay": "B6a"}, "green", "(4c)")


@pytest.mark.parametrize("shown, target, step", [(["R10a", "R9a", "R8a"], 0, 1), (["R1a", "R2a", "R3a"], 0, -1)])
def test_co3_a_number_cannot_go_past_1_or_10(shown, target, step):
    state = attempt("long", shown, hand=["G5a"])
    refused(state, {"do": "tune", "target": target, "step": step, "pay": "G5a"}, "within 1-10", "CO-3")


def test_rule4c_closes_4a_and_4b_for_the_rest_of_the_attempt():
    state = attempt("long", ["R3a", "R4b", "R6a"], hand=["G9b", "B4a", "B1a", "B2a"])
    tuned = MOVES.apply(state, {"do": "tune", "target": 2, "step": -1, "pay": "G9b"})
    refused(tuned, {"do": "flip", "target": 1, "pay": "B4a"}, "4a is closed", "(4c)")
    refused(tuned, {"do": "indicator", "pay": ["B1a", "B2a"]}, "4b is closed", "(4c)")
    # in the other order it works: 4a, then 4c
    flipped = MOVES.apply(state, {"do": "flip", "target": 1, "pay": "B4a"})
    done = MOVES.apply(flipped, {"do": "tune", "target": 2, "step": -1, "pay": "G9b"})
    assert done.takeable() == [0, 1, 2]


def test_rule4c_closing_lasts_one_attempt_only():
    state = attempt("long", ["R3b", "R4b", "R9b"], hand=["G9b", "B7a", "B1a"])
    state = MOVES.apply(state, {"do": "tune", "target": 2, "step": -1, "pay": "G9b"})
    state = MOVES.apply(state, {"do": "pass"})  # Ben's turn
    assert state.tuned is False


def test_rule4_manipulating_before_a_reveal_is_refused():
    refused(table(), {"do": "flip", "target": 0, "pay": "B1a"}, "receive short|mid|long", "(CO-2)")


# -- rule 5: perks ---------------------------------------------------------------------------------------


def test_rule5_first_red_card_asks_for_a_perk():
    state = attempt("long", ["R3a", "R4a", "R5a"])
    state = MOVES.apply(state, {"do": "take", "cards": [1]})
    assert state.phase == "perk" and state.player == "Ann"
    refused(state, {"do": "receive", "range": "short", "by": "Ann"}, "perk a", "(CO-5)")
    refused(state, {"do": "perk", "perk": "c"}, "(CO-5)")
    state = MOVES.apply(state, {"do": "perk", "perk": "a"})
    assert state.perks[0] == "a" and state.player == "Ben"


def test_rule5a_perk_a_reveals_three_blue_on_short_range():
    state = replace(table(), perks=("a", None))
    state = MOVES.apply(state, {"do": "receive", "range": "short"})
    refused(state, {"do": "reveal", "cards": ["B1a", "B2a"]}, "reveals 3", "(5a)")
    assert len(MOVES.apply(state, {"do": "reveal", "cards": ["B1a", "B2a", "B3b"]}).revealed) == 3
    digital = dealing.initial(header(mode="digital", seed=5, first="Ann"))
    digital = replace(digital, perks=("a", None))
    assert len(MOVES.apply(digital, {"do": "receive", "range": "short"}).revealed) == 3
    assert len(MOVES.apply(digital, {"do": "receive", "range": "mid"}).revealed) == 2


def test_rule5b_perk_b_lets_green_pay_for_4a():
    state = attempt("mid", ["G7b", "G2a"], hand=["G7a"], perk="b")
    assert MOVES.apply(state, {"do": "flip", "target": 0, "pay": "G7a"}).takeable() == [0, 1]


def test_rule5b_perk_b_pays_4b_with_mixed_colours():
    state = attempt("mid", ["G4b", "G8b"], hand=["B1a", "G3a"], perk="b")
    after = MOVES.apply(state, {"do": "indicator", "pay": ["B1a", "G3a"]})
    assert after.indicator == "b" and after.hands[0] == ()
    two_green = attempt("mid", ["G4b", "G8b"], hand=["G1a", "G3a"], perk="b")
    assert MOVES.apply(two_green, {"do": "indicator", "pay": ["G1a", "G3a"]}).indicator == "b"


def test_rule5b_perk_b_green_for_4a_still_needs_the_number():
    state = attempt("mid", ["G7b", "G2a"], hand=["G6a"], perk="b")
    refused(state, {"do": "flip", "target": 0, "pay": "G6a"}, "cannot flip the 7", "(4a)")


def test_rule5_perk_is_chosen_once():
    state = attempt("long", ["R3a", "R4a", "R5a"], perk="b")
    state = MOVES.apply(state, {"do": "take", "cards": [1]})
    assert state.phase == "receive" and state.player == "Ben"  # no second perk (and no win with one red)


# -- rule 6 / CO-6: hand limit and the end ---------------------------------------------------------------


def test_rule6_over_eight_after_taking_the_player_discards_down():
    hand = ["B1a", "B2a", "B3a", "B4a", "G5a", "G6a", "G7a"]
    state = attempt("short", ["B8a", "B9a"], hand=hand)
    state = MOVES.apply(state, {"do": "take", "cards": [0, 1]})
    assert state.phase == "discard" and state.hand_size(0) == 9
    refused(state, {"do": "receive", "range": "short", "by": "Ann"}, "discard", "(CO-6)")
    refused(state, {"do": "discard", "cards": ["B1a", "B2a"]}, "1 card, not 2", "(CO-6)")
    state = MOVES.apply(state, {"do": "discard", "cards": ["G5a"]})
    assert state.hand_size(0) == 8 and state.player == "Ben"


def test_co6_red_cards_do_not_count_toward_the_limit():
    hand = ["B1a", "B2a", "B3a", "B4a", "G5a", "G6a", "G7a"]
    state = attempt("short", ["B8a", "B9b"], hand=hand)
    state = replace(state, reds=(("R2a",), ()))
    state = MOVES.apply(state, {"do": "take", "cards": [0]})
    assert state.hand_size(0) == 8 and state.phase == "receive"  # 8 + a red is not over


def test_co6_hand_limit_with_reds_held_and_a_perk_due():
    hand = ["B1a", "B2a", "B3a", "B4a", "G5a", "G6a", "G7a", "G8a", "G9a"]
    state = replace(attempt("long", ["R3a", "R4a", "R5a"], hand=hand), reds=((), ()))
    # nine cards in hand already (a table that let it pass); a first red is taken
    state = MOVES.apply(state, {"do": "take", "cards": [0]})
    assert state.phase == "discard"
    refused(state, {"do": "discard", "cards": ["R3a"]}, "CO-6")
    state = MOVES.apply(state, {"do": "discard", "cards": ["B1a"]})
    assert state.phase == "perk"


def test_co6_discarded_cards_cannot_pay_for_manipulations():
    hand = ["B1a", "B2a", "B3a", "B4a", "G5a", "G6a", "G7a"]
    state = attempt("short", ["B8a", "B9a"], hand=hand)
    state = MOVES.apply(state, {"do": "take", "cards": [0, 1]})
    state = MOVES.apply(state, {"do": "discard", "cards": ["B3a"]})
    state = MOVES.apply(state, {"do": "receive", "range": "short", "cards": ["B3b", "B5b"]})  # Ben
    state = MOVES.apply(state, {"do": "pass"})
    state = MOVES.apply(state, {"do": "receive", "range": "mid", "cards": ["G3b", "G2a"]})
    refused(state, {"do": "flip", "target": 0, "pay": "B3a"}, "holds no blue 3a")


def test_end_a_second_red_card_wins_at_once():
    state = replace(attempt("long", ["R3a", "R4a", "R5a"], hand=["B1a"] * 2), reds=(("R9b",), ()), perks=("a", None))
    state = MOVES.apply(state, {"do": "take", "cards": [2]})
    assert state.phase == "over" and state.winner == "Ann" and state.reds[0] == ("R9b", "R5a")
    refused(state, {"do": "receive", "range": "short"}, "the game is over: Ann won")


def test_end_the_win_comes_before_the_hand_limit_and_a_perk():
    hand = ["B1a", "B2a", "B3a", "B4a", "G5a", "G6a", "G7a", "G8a", "G9a"]
    state = replace(attempt("long", ["R3a", "R4a", "R5a"], hand=hand), reds=(("R9b",), ()))
    state = MOVES.apply(state, {"do": "take", "cards": [0]})
    assert state.phase == "over" and state.winner == "Ann"


# -- CO-4: empty decks -------------------------------------------------------------------------------------


def _digital_with_decks(blue=(), green=(), red=(), discards=((), (), ()), **options):
    state = dealing.initial(header(mode="digital", seed=8, first="Ann", **options))
    return replace(state, decks=(tuple(blue), tuple(green), tuple(red)), discards=tuple(tuple(d) for d in discards))


def test_co4_an_empty_deck_is_reshuffled_from_its_discard():
    state = _digital_with_decks(red=["R1a"], discards=((), (), ("R5a", "R6a", "R7b")))
    after = MOVES.apply(state, {"do": "receive", "range": "long"})
    shown = [s.card for s in after.revealed]
    assert shown[0] == "R1a" and sorted(shown[1:]) in (["R5a", "R6a"], ["R5a", "R7b"], ["R6a", "R7b"])
    assert after.discards[2] == () and len(after.decks[2]) == 1 and after.reshuffles[2] == 1
    assert MOVES.apply(state, {"do": "receive", "range": "long"}) == after  # seeded: the same every replay


def test_co4_reshuffle_off_refuses_a_range_without_enough_cards():
    state = _digital_with_decks(red=["R1a"], discards=((), (), ("R5a", "R6a")), reshuffle=False)
    refused(state, {"do": "receive", "range": "long"}, "red deck has 1 card left", "reshuffle is off", "CO-4")
    state = replace(state, decks=(state.decks[0], ("G1a", "G2a"), state.decks[2]))
    assert len(MOVES.apply(state, {"do": "receive", "range": "mid"}).revealed) == 2  # another range still works


def test_co4_deck_exhausted_with_too_small_a_discard_is_refused():
    state = _digital_with_decks(blue=["B1a"], discards=((), (), ()))
    refused(state, {"do": "receive", "range": "short"}, "blue deck has 1 card left", "CO-4")
    state = _digital_with_decks(blue=[], discards=(("B4a", "B5b"), (), ()))
    after = MOVES.apply(state, {"do": "receive", "range": "short"})
    assert sorted(s.card for s in after.revealed) == ["B4a", "B5b"]


def test_co4_when_the_red_deck_can_no_longer_reveal_the_game_ends_without_a_winner():
    state = _digital_with_decks(blue=["B1a", "B2a"], green=["G1a", "G2a"], red=["R1a", "R2a", "R3a", "R4a"],
                                reshuffle=False)
    state = MOVES.apply(state, {"do": "receive", "range": "mid"})
    state = MOVES.apply(state, {"do": "take", "cards": [0]})
    assert state.phase == "receive"  # four reds left: a long range can still be revealed
    state = MOVES.apply(state, {"do": "receive", "range": "long"})
    assert state.phase == "manipulate"
    state = MOVES.apply(state, {"do": "take", "cards": [0]})  # a first red: a perk is due first
    state = MOVES.apply(state, {"do": "perk", "perk": "b"})
    # one red left and no reshuffle: nobody can take a second red, though blue still could be revealed
    assert state.phase == "over" and state.winner is None and len(state.decks[0]) == 2
    refused(state, {"do": "receive", "range": "short"}, "red deck ran out", "CO-4")
    assert "nobody can take a second" in view.picture(state, 80) and "No winner" in view.final(state, 80)


def test_co4_with_reshuffling_the_red_discard_keeps_the_game_going():
    state = _digital_with_decks(red=["R1a", "R2a", "R3a"], discards=((), (), ("R5a", "R6a", "R9b")))
    state = MOVES.apply(state, {"do": "receive", "range": "long"})
    state = MOVES.apply(state, {"do": "take", "cards": [0]})
    state = MOVES.apply(state, {"do": "perk", "perk": "a"})
    assert state.phase == "receive"
    assert len(MOVES.apply(state, {"do": "receive", "range": "long"}).revealed) == 3


def test_co4_a_whole_digital_game_never_loses_or_invents_a_card():
    """Conservation: every card is in a deck, a discard, a hand, a red row or revealed."""
    from tests.cosmocode.helpers import play_greedily

    for seed in (1, 2):
        for state in play_greedily(seed, turns=150):
            every = [c for pile in state.decks + state.discards for c in pile]
            every += [c for hand in state.hands for c in hand] + [c for r in state.reds for c in r]
            every += [s.card for s in state.revealed]
            assert Counter(every) == Counter(cards.full_deck("blue") + cards.full_deck("green") + cards.full_deck("red"))


# -- table mode: hands known as far as the table tells -------------------------------------------------------


def test_g1_table_hands_start_as_three_unnamed_blue_cards():
    state = MOVES.apply(dealing.initial(header()), {"do": "start", "player": "Ann"})
    assert state.unknown == (3, 3) and state.hand_size(0) == 3


def test_g1_table_payment_from_an_unnamed_card_is_trusted():
    state = MOVES.apply(dealing.initial(header(first="Ann")), {"do": "receive", "range": "mid", "cards": ["G7b", "G2a"]})
    after = MOVES.apply(state, {"do": "flip", "target": 0, "pay": "B7"})
    assert after.unknown[0] == 2 and after.takeable() == [0, 1]
    state = MOVES.apply(after, {"do": "take", "cards": [0]})
    assert state.hands[0] == ("G7b",) and state.hand_size(0) == 3


def test_g1_table_unnamed_cards_run_out():
    state = replace(dealing.initial(header(first="Ann")), unknown=(0, 3))
    state = MOVES.apply(state, {"do": "receive", "range": "mid", "cards": ["G7b", "G2a"]})
    refused(state, {"do": "flip", "target": 0, "pay": "B7"}, "Ann holds no blue 7")


def test_g1_deal_names_unnamed_cards():
    state = dealing.initial(header(first="Ann"))
    state = MOVES.apply(state, {"do": "deal", "player": "Ben", "cards": ["B3a", "B5b"]})
    assert state.hands[1] == ("B3a", "B5b") and state.unknown[1] == 1
    refused(state, {"do": "deal", "player": "Ben", "cards": ["B1a", "B2a"]}, "2 were named already")
    with pytest.raises(RuleError) as error:  # the cards are a secret: the reason is for Ann alone
        MOVES.apply(state, {"do": "deal", "player": "Ann", "cards": ["G1a"]})
    assert "blue" in error.value.private and error.value.owner == "Ann" and "1a" not in str(error.value)
    digital = dealing.initial(header(mode="digital", seed=1))
    refused(digital, {"do": "deal", "player": "Ann", "cards": ["B1a"]}, "G-2")


def test_rule4b_paying_twice_with_a_card_held_once_says_no_other():
    """`indicator with 1b 1b` from a hand with one 1b: 'holds no other blue 1b' (it said
    'holds no blue 1b', untrue); a card not held at all still says 'no'."""
    state = attempt("mid", ["G3b", "G5a"], hand=["B1b", "B4b"])
    refused(state, {"do": "indicator", "pay": ["B1b", "B1b"]}, "Ann holds no other blue 1b", "(4b)")
    refused(state, {"do": "indicator", "pay": ["B9b", "B1b"]}, "Ann holds no blue 9b", "(4b)")


def test_rule4b_a_number_alone_paid_twice_from_one_copy_says_no_other():
    """`indicator with 1 1` from a hand with one 1a: the second `1` finds no other blue 1."""
    state = attempt("mid", ["G3b", "G5a"], hand=["B1a", "B4b"])
    refused(state, {"do": "indicator", "pay": ["B1a", "B1"]}, "Ann holds no other blue 1", "(4b)")
