"""The rulebook's lettered rules and the rulings CC-2 … CC-7, one test (at least) each."""

from dataclasses import replace

import pytest

from referee.core.errors import RuleError
from referee.games.colors import grid, rules
from referee.games.colors.cards import WILD
from referee.games.colors.moves import MOVES

from .build import GRID, NAMES, OPTIONS, cards, play, state

TWO = ["Rs Rm Rp Rc Rg Ys Ym Yp Yc Yg", "Os Om Op Oc Og Bs Bm Bp Bc Bg"]


def header(players=("Ann", "Ben"), mode="digital", seed=1, **options):
    return {"players": list(players), "mode": mode, "seed": seed, "options": dict(OPTIONS, **options)}


def refused(rule, fn, *args, **kwargs):
    with pytest.raises(RuleError) as caught:
        fn(*args, **kwargs)
    assert f"({rule}" in str(caught.value), str(caught.value)
    return str(caught.value)


# -- setup ------------------------------------------------------------------------------


def test_setup_digital_deals_25_grid_and_ten_cards_each_with_two_players():
    s = rules.initial(header())
    assert all(len(stack) == 1 for stack in s.stacks)
    assert [len(h) for h in s.hands] == [10, 10]
    assert s.pile_count == len(s.pile) == 100 - 25 - 20
    everything = sorted([st[0] for st in s.stacks] + [c for h in s.hands for c in h] + list(s.pile))
    assert everything == sorted(list(range(25)) * 4)


def test_setup_digital_deals_seven_each_with_four_players():
    s = rules.initial(header(("Ann", "Ben", "Cy", "Di")))
    assert [len(h) for h in s.hands] == [7] * 4
    assert s.pile_count == 100 - 25 - 28


def test_setup_digital_deal_is_fixed_by_the_seed():
    assert rules.initial(header(seed=9)) == rules.initial(header(seed=9))
    assert rules.initial(header(seed=9)).pile != rules.initial(header(seed=10)).pile


def test_cc5_three_players_are_refused():
    from referee.games import players_refusal
    from referee.games.colors import ENTRY

    # who may play is the entry's, checked once when the game starts (issue 9 item 6)
    assert "(CC-5)" in players_refusal(ENTRY, 3, OPTIONS)


def test_cc5_teams_seats_one_and_three_against_two_and_four():
    s = rules.initial(header(("Ann", "Ben", "Cy", "Di")))
    assert [s.team_of(i) for i in range(4)] == [0, 1, 0, 1]
    assert s.side_of(0) == s.side_of(2) == "shapes" and s.side_of(1) == s.side_of(3) == "colors"
    assert s.teammate(0) == 2 and s.teammate(3) == 1


def test_start_of_game_first_side_chooses_who_plays_colors():
    s = rules.initial(header(first_side="colors"))
    assert s.side_of(0) == "colors" and s.side_of(1) == "shapes"


def table_setup(players=("Ann", "Ben"), **options):
    s = rules.initial(header(players, mode="table", **options))
    s = MOVES.apply(s, {"do": "grid", "cards": cards(GRID)})
    return s


def test_setup_table_grid_then_hands_starts_play():
    s = table_setup()
    assert s.phase == "setup"
    s = MOVES.apply(s, {"do": "hand", "player": "Ann", "cards": cards(TWO[0])})
    s = MOVES.apply(s, {"do": "hand", "player": "Ben", "cards": cards(TWO[1])})
    assert s.phase == "play" and s.player == "Ann"
    assert s.pile_count == 100 - 25 - 20


def test_setup_table_grid_in_rows():
    s = rules.initial(header(mode="table"))
    rows = cards(GRID)
    for i in range(5):
        s = MOVES.apply(s, {"do": "grid", "cards": rows[i * 5:i * 5 + 5]})
    assert s.tops == tuple(rows)
    refused("Setup 2", MOVES.apply, s, {"do": "grid", "cards": rows[:1]})


def test_setup_table_hand_must_be_full():
    s = table_setup()
    refused("Setup 3", MOVES.apply, s, {"do": "hand", "player": "Ann", "cards": cards("Rs Rm")})


def test_cc1_a_fifth_copy_of_a_card_is_refused():
    s = table_setup()
    # GRID has Oc twice; two more in Ann's hand make four; one more is a fifth
    s = MOVES.apply(s, {"do": "hand", "player": "Ann", "cards": cards("Oc Oc Rm Rp Rc Rg Ys Ym Yp Yc")})
    refused("CC-1", MOVES.apply, s, {"do": "hand", "player": "Ben", "cards": cards("Oc Om Op Og Os Bs Bm Bp Bc Bg")})


def test_cc1_wilds_are_not_in_the_draw_pile():
    s = table_setup()
    refused("CC-1", MOVES.apply, s, {"do": "hand", "player": "Ann", "cards": [WILD] + cards("Rm Rp Rc Rg Ys Ym Yp Yc Yg")})


def test_setup_play_before_setup_is_done_is_refused():
    # issue 20 item 5: the hands are optional, so a play is refused only while the play
    # area is not laid out (a full grid and no hand is a game that keeps only the score)
    s = rules.initial(header(mode="table"))
    s = MOVES.apply(s, {"do": "grid", "cards": cards(GRID)[:20]})
    refused("Setup", play, s, "Rs@a1")


# -- 1a-1d: playing ------------------------------------------------------------------------


def two_player(**changes):
    return state(GRID, TWO, **changes)


def test_1a_shapes_team_plays_one_shape():
    s = two_player()  # Ann plays shapes
    after = play(s, "Rs@c3 Ys@d3")
    assert after.turns[-1].value == 0  # star
    message = refused("1a", play, s, "Rs@c3 Rm@d3")
    assert "one shape" in message


def test_1a_colors_team_plays_one_colour():
    s = two_player(turn=1)  # Ben plays colours
    assert play(s, "Os@c3 Om@d3").turns[-1].value == 1  # orange
    refused("1a", play, s, "Os@c3 Bs@d3")


def test_1a_a_wild_stands_for_the_value_played():
    s = state(GRID, ["Rs W Yc", "Os"])
    after = play(s, "Rs@c3 W@d3")
    assert after.turns[-1].value == 0
    refused("1a", play, s, "Rs@c3 W@d3", value=3)  # stars played, said comets


def test_1a_wilds_alone_need_a_value():
    s = state(GRID, ["W W", "Os"])
    refused("1a", play, s, "W@c3")
    assert play(s, "W@c3", value=3).turns[-1].value == 3


def test_1b_two_cards_on_one_cell_are_refused():
    refused("1b", play, two_player(), "Rs@c3 Ys@c3")


def test_1b_cards_go_on_top_of_the_play_area():
    after = play(two_player(), "Rs@c3")
    assert after.stacks[grid.parse("c3")] == (NAMES.parse("Bp"), NAMES.parse("Rs"))
    assert after.tops[grid.parse("c3")] == NAMES.parse("Rs")


def test_1c_played_cards_must_touch_orthogonally():
    message = refused("1c", play, two_player(), "Rs@a1 Ys@c3")
    assert "c3" in message


def test_1c_diagonal_is_not_touching():
    refused("1c", play, two_player(), "Rs@b2 Ys@c3")


def test_1c_touching_through_other_cards_is_not_enough():
    # a3 (Os) and c3 (Bp)... b3 is Rc (not a star): stars at a3 and c3 are not connected by b3
    refused("1c", play, two_player(), "Rs@a3 Ys@c3")


def test_1d_any_number_of_cards_in_any_order():
    s = state(GRID, ["Rs Os Ys Gs Bs Rm", "Os"])
    one = play(s, "Rs@a1 Os@b1 Ys@c1 Gs@d1 Bs@e1")
    other = play(s, "Bs@e1 Gs@d1 Ys@c1 Os@b1 Rs@a1")
    assert one.points == other.points and one.tops == other.tops
    assert one.hands[0] == (NAMES.parse("Rm"),)


def test_cc2_zero_cards_is_a_pass():
    after = MOVES.apply(two_player(), {"do": "play", "cards": [], "cells": []})
    assert after.points == (0, 0) and after.phase == "discard"


def test_cc2_cards_not_in_hand_are_refused():
    refused("CC-2", play, two_player(), "Bs@c3")
    refused("CC-2", play, state(GRID, ["Rs Ym", "Os"]), "Rs@c3 Rs@d3")


def test_turns_only_the_player_to_move_plays():
    refused("Turns", play, two_player(), "Rs@c3", by="Ben")


def test_cc2_bad_cells_are_refused():
    s = two_player()
    for cells in ([25], [-1], ["b2"], [1, 2]):
        with pytest.raises(RuleError):
            MOVES.apply(s, {"do": "play", "cards": cards("Rs"), "cells": cells})


# -- 2a-2c: counting --------------------------------------------------------------------------


def test_2a_2b_points_go_to_the_team():
    s = two_player()
    after = play(s, "Rm@c3")  # a moon on c3: moons c2, b2, b1, c1 → 1 + 4 + 3
    assert after.points == (8, 0)
    assert after.turns[-1].parts == (1, 4, 3)


def test_2a_flood_through_matches_only_not_other_cards():
    after = play(two_player(), "Rg@e5")  # galaxies: none touch e5 (Bc); d4 Gs, e4 Gm
    assert after.turns[-1].parts == (1, 0, 3)


def test_2c_totals_add_up_over_turns():
    s = two_player()
    s = play(s, "Rm@c3")
    s = MOVES.apply(s, {"do": "discard", "cards": []})
    s = MOVES.apply(s, {"do": "draw", "cards": cards("Gs")})
    s = play(s, "Os@e5")  # Ben, orange: e5 on Bc; d5 Oc, c5 Oc → 1 + 2 + 3
    assert s.points == (8, 6)


# -- 3a, 3b, 4: discard or swap, redraw --------------------------------------------------------


def test_3a_discard_up_to_two():
    s = play(two_player(), "Rm@c3")
    refused("3a", MOVES.apply, s, {"do": "discard", "cards": cards("Rs Rp Rc")})
    after = MOVES.apply(s, {"do": "discard", "cards": cards("Rs Rp")})
    assert len(after.hands[0]) == 7 and after.discards == tuple(cards("Rs Rp"))


def test_3a_discard_only_after_playing():
    refused("Turns", MOVES.apply, two_player(), {"do": "discard", "cards": []})


def test_3a_discard_what_you_hold():
    s = play(two_player(), "Rm@c3")
    refused("3a", MOVES.apply, s, {"do": "discard", "cards": cards("Bs")})


def test_3a_a_card_held_fewer_times_than_named_says_how_many():
    s = play(two_player(), "Rm@c3")
    message = refused("3a", MOVES.apply, s, {"do": "discard", "cards": cards("Rs Rs")})
    assert "Ann holds 1 Rs (red star), not 2" in message


def test_3b_swap_is_for_four_players_only():
    s = play(two_player(), "Rm@c3")
    refused("3b", MOVES.apply, s, {"do": "swap", "give": cards("Rs"), "take": cards("Os")})


FOUR = ["Rs Rm Rp Rc Rg Ys Ym", "Os Om Op Oc Og Bs Bm", "Gs Gm Gp Gc Gg Yp Yc", "Bp Bc Bg Yg Os Om Op"]


def test_3b_swap_card_for_card_with_the_teammate():
    s = play(state(GRID, FOUR), "Rm@c3")
    after = MOVES.apply(s, {"do": "swap", "give": cards("Rs Rp"), "take": cards("Gs Gm")})
    assert sorted(after.hands[2]) == sorted(cards("Rs Rp Gp Gc Gg Yp Yc"))
    assert after.phase == "draw" and after.draw_need == 1  # Ann has 6 after playing one


def test_3b_swap_must_be_card_for_card():
    s = play(state(GRID, FOUR), "Rm@c3")
    refused("3b", MOVES.apply, s, {"do": "swap", "give": cards("Rs Rp"), "take": cards("Gs")})
    refused("3b", MOVES.apply, s, {"do": "swap", "give": cards("Rs Rp Rc"), "take": cards("Gs Gm Gp")})


def test_3b_swap_takes_only_what_the_teammate_holds():
    s = play(state(GRID, FOUR), "Rm@c3")
    refused("3b", MOVES.apply, s, {"do": "swap", "give": cards("Rs"), "take": cards("Os")})  # Ben's, not Cy's


def test_4_redraw_back_to_ten_with_two_players():
    s = play(two_player(), "Rm@c3 Ym@c2")  # two cards
    s = MOVES.apply(s, {"do": "discard", "cards": cards("Rs")})
    assert s.phase == "draw" and s.draw_need == 3
    refused("4", MOVES.apply, s, {"do": "draw", "cards": cards("Gs")})
    s = MOVES.apply(s, {"do": "draw", "cards": cards("Gs Gm Gp")})
    assert len(s.hands[0]) == 10 and s.pile_count == 17 and s.player == "Ben"


def test_4_redraw_back_to_seven_with_four_players():
    s = play(state(GRID, FOUR), "Rm@c3")
    s = MOVES.apply(s, {"do": "discard", "cards": []})
    assert s.draw_need == 1


def test_4_digital_redraw_deals_from_the_pile():
    s = rules.initial(header())
    top = s.pile[:1]
    s = MOVES.apply(s, {"do": "play", "cards": [], "cells": []})
    hand = s.hands[0]
    s = MOVES.apply(s, {"do": "discard", "cards": [hand[0]]})
    assert s.phase == "play" and s.player == "Ben"
    assert top[0] in s.hands[0] and s.pile_count == 54


def test_4_redraw_stops_when_the_pile_is_short():
    s = play(two_player(pile=1), "Rm@c3 Ym@c2")
    s = MOVES.apply(s, {"do": "discard", "cards": []})
    assert s.draw_need == 1


# -- end of game and winner (CC-6) ---------------------------------------------------------------


def test_cc6_the_game_ends_at_once_when_the_pile_is_gone_and_a_hand_is_empty():
    s = state(GRID, ["Rm", "Os Om"], pile=0)
    after = play(s, "Rm@c3")
    assert after.phase == "over"  # no discard step: the end is immediate


def test_cc6_an_empty_hand_with_cards_in_the_pile_does_not_end():
    s = state(GRID, ["Rm", "Os Om"], pile=5)
    after = play(s, "Rm@c3")
    assert after.phase == "draw" and after.draw_need == 5


def test_cc6_in_four_players_the_whole_team_must_be_out():
    s = state(GRID, ["Rm", "Os", "Gs", "Bp"], pile=0)
    after = play(s, "Rm@c3")
    assert after.phase == "play" and after.player == "Ben"  # Cy still holds a card


def test_cc6_discarding_the_last_cards_ends_it():
    s = state(GRID, ["Rm Rs Ys", "Os Om"], pile=0)
    s = play(s, "Rm@c3")
    assert s.phase == "discard"
    s = MOVES.apply(s, {"do": "discard", "cards": cards("Rs Ys")})
    assert s.phase == "over"


def test_cc6_most_points_wins():
    s = two_player(points=(10, 9), phase="over")
    assert rules.winners(s) == [0]


def test_cc6_a_tie_goes_to_the_team_with_cards_left():
    s = state(GRID, ["", "Os"], points=(9, 9), phase="over", pile=0)
    assert rules.winners(s) == [1]


def test_cc6_tie_option_shared():
    s = state(GRID, ["", "Os"], points=(9, 9), phase="over", pile=0, options={"tie": "shared"})
    assert rules.winners(s) == [0, 1]


def test_cc6_nothing_is_played_after_the_end():
    s = state(GRID, ["Rm", "Os"], pile=0)
    s = play(s, "Rm@c3")
    refused("CC-6", play, s, "Os@a1")


# -- variants (CC-7) -----------------------------------------------------------------------------


def test_cc7_wild_cards_two_each_with_two_players():
    s = rules.initial(header(variant="wild"))
    assert [h.count(WILD) for h in s.hands] == [2, 2]
    assert [len(h) for h in s.hands] == [12, 12]


def test_cc7_wild_cards_one_each_with_four_players_and_in_table_mode():
    s = rules.initial(header(("Ann", "Ben", "Cy", "Di"), variant="wild"))
    assert [h.count(WILD) for h in s.hands] == [1] * 4
    t = table_setup(variant="wild")
    t = MOVES.apply(t, {"do": "hand", "player": "Ann", "cards": cards(TWO[0])})
    assert t.hands[0].count(WILD) == 2


def test_wild_cards_a_wild_typed_into_a_wild_cards_hand_says_the_referee_adds_them():
    t = table_setup(variant="wild")
    message = refused("Wild Cards", MOVES.apply, t, {"do": "hand", "player": "Ann", "cards": cards(TWO[0])[:9] + [WILD]})
    assert "adds each player's 2 wilds itself" in message and "only in the Wild Cards variant" not in message
    refused("CC-1", MOVES.apply, table_setup(), {"do": "hand", "player": "Ann", "cards": cards(TWO[0])[:9] + [WILD]})


def test_cc7_a_wild_in_the_play_area_is_wild_for_everyone_until_covered():
    s = state(GRID, ["W Rm", "Bm Bs"], options={"variant": "wild"}, pile=0)
    s = play(s, "W@c3", value=0)  # Ann: a wild on c3, as stars
    s = MOVES.apply(s, {"do": "discard", "cards": []})
    s = play(s, "Bm@d3")  # Ben, blue: d3 beside the wild on c3, which counts as blue
    turn = s.turns[-1]
    assert turn.scored >> grid.parse("c3") & 1


def test_cc7_short_game_removes_half_the_draw_pile():
    s = rules.initial(header(variant="short"))
    assert s.removed == 55 // 2 and s.pile_count == 55 - 27
    t = table_setup(variant="short")
    t = MOVES.apply(t, {"do": "hand", "player": "Ann", "cards": cards(TWO[0])})
    t = MOVES.apply(t, {"do": "hand", "player": "Ben", "cards": cards(TWO[1])})
    assert t.pile_count == 28 and t.removed == 27


def test_rules_refusal_leaves_the_state_as_it_was():
    s = two_player()
    before = replace(s)
    with pytest.raises(RuleError):
        play(s, "Rs@a1 Ys@c3")
    assert s == before
