"""CC-7 Jr: nine piles, name a colour or shape, take the joined top cards; the end and the winner."""

from dataclasses import replace

import pytest

from referee.core.errors import RuleError
from referee.games.colors_jr import rules as jr
from referee.games.colors_jr.moves import MOVES
from referee.games.colors_jr.state import initial
from referee.games.colors_jr.taking import best_take

from .build import NAMES, OPTIONS, cards


def header(players=("Ann", "Ben"), mode="table", seed=1):
    return {"players": list(players), "mode": mode, "seed": seed, "options": dict(OPTIONS, variant="jr")}


def laid(text, players=("Ann", "Ben")):
    s = initial(header(players))
    return MOVES.apply(s, {"do": "grid", "cards": cards(text)})


def take(s, cell, word, by=None):
    from referee.games.colors import grid

    index = grid.parse(cell, size=3)
    side = "colors" if word in NAMES.colors else "shapes"
    value = (NAMES.colors if side == "colors" else NAMES.shapes).index(word)
    action = {"do": "take", "cell": index, "side": side, "value": value}
    if by:
        action["by"] = by
    return MOVES.apply(s, action)


def test_cc7_digital_splits_the_deck_into_nine_nearly_equal_piles():
    s = initial(header(mode="digital"))
    sizes = sorted(len(p) for p in s.piles)
    assert sum(sizes) == 100 and sizes[-1] - sizes[0] <= 1


GRID = "Rs Rm Bg  Os Gs Rc  Yp Rp Bs"


def test_cc7_take_follows_orthogonal_and_diagonal_contact_through_the_value():
    s = laid(GRID)
    after = take(s, "a1", "red")  # a1 Rs → b1 Rm → c2 Rc (diagonal) → b3 Rp (diagonal from c2)
    assert sorted(after.takes[-1].cells) == sorted([0, 1, 5, 7])
    assert len(after.taken[0]) == 4


def test_cc7_take_by_shape():
    s = laid(GRID)
    after = take(s, "b2", "star")  # b2 Gs → a1 Rs, a2 Os (and c3 Bs diagonally)
    assert sorted(after.takes[-1].cells) == sorted([0, 3, 4, 8])


def test_cc7_the_named_value_must_be_on_the_top_card():
    with pytest.raises(RuleError) as caught:
        take(laid(GRID), "a1", "blue")
    assert "(CC-7)" in str(caught.value)


def test_cc7_table_mode_asks_for_the_new_top_cards():
    s = take(laid(GRID), "c1", "galaxy")  # Bg alone
    assert s.phase == "reveal" and s.reveal == (2,)
    with pytest.raises(RuleError):
        take(s, "a1", "red")
    s = MOVES.apply(s, {"do": "reveal", "cards": cards("Yc")})
    assert s.phase == "play" and s.tops[2] == NAMES.parse("Yc") and s.player == "Ben"


def test_cc7_turn_order_is_kept():
    with pytest.raises(RuleError):
        take(laid(GRID), "a1", "red", by="Ben")


def test_cc7_the_round_is_finished_after_two_piles_are_gone():
    s = laid(GRID, ("Ann", "Ben", "Cy"))
    s = take(s, "c1", "galaxy")
    s = MOVES.apply(s, {"do": "reveal", "cards": [None]})  # first pile gone
    s = take(s, "c3", "blue")  # Ben: Bs
    s = MOVES.apply(s, {"do": "reveal", "cards": [None]})  # second pile gone, Cy still to play
    assert s.phase == "play" and s.last_round and s.player == "Cy"
    s = take(s, "a3", "yellow")  # the round is complete: the game ends at once, no top card asked
    assert s.phase == "over" and s.reveal == ()


def test_issue20_item5_cc7_the_take_that_completes_the_round_ends_a_table_game_at_once():
    s = laid("Rs Rm Rp Gc Gg Gs Bc Bg Bs")
    s = take(s, "a1", "red")
    s = MOVES.apply(s, {"do": "reveal", "cards": [None, None, NAMES.parse("Ym")]})
    assert s.phase == "play" and s.last_round and s.player == "Ben"
    s = take(s, "a2", "green")
    assert s.phase == "over" and jr.winners(s) == ["Ann", "Ben"] and s.counts() == (3, 3)


def test_issue20_item5_cc7_a_table_finish_ends_at_the_rounds_last_take():
    s = laid(GRID)
    s = take(s, "c1", "galaxy")
    s = MOVES.apply(s, {"do": "reveal", "cards": cards("Yc")})
    s = MOVES.apply(s, {"do": "finish"})  # G-6 mid-round: the game ends when this round ends
    assert s.ending and s.phase == "play"
    s = take(s, "c3", "blue")
    assert s.phase == "over" and s.early


def test_cc7_two_piles_gone_on_the_last_seat_ends_at_once():
    s = laid(GRID)
    s = take(s, "c1", "galaxy")
    s = MOVES.apply(s, {"do": "reveal", "cards": [None]})
    s = take(s, "c3", "blue")
    s = MOVES.apply(s, {"do": "reveal", "cards": [None]})
    assert s.phase == "over"


def test_cc7_most_cards_wins_and_a_tie_is_shared():
    s = laid(GRID)
    assert jr.winners(replace(s, taken=(tuple(cards("Rs Rm")), tuple(cards("Os"))))) == ["Ann"]
    assert jr.winners(replace(s, taken=(tuple(cards("Rs")), tuple(cards("Os"))))) == ["Ann", "Ben"]


def test_cc7_jr_has_no_wilds():
    s = initial(header())
    with pytest.raises(RuleError):
        MOVES.apply(s, {"do": "grid", "cards": [25]})


def test_cc8_best_take_is_the_biggest_group():
    size, cell, side, value = best_take(laid(GRID).tops)
    assert size == 4


def test_issue20_item5_a_save_of_referee_0_1_0_replays_with_its_reveal_after_the_last_take():
    """Such a save holds the new top cards typed after the round's last take; it must
    replay as it was played (never lose a game), so its game ends at that reveal."""
    s = initial(dict(header(), referee="0.1.0"))
    s = MOVES.apply(s, {"do": "grid", "cards": cards("Rs Rm Rp Gc Gg Gs Bc Bg Bs")})
    s = take(s, "a1", "red")
    s = MOVES.apply(s, {"do": "reveal", "cards": [None, None, NAMES.parse("Ym")]})
    s = take(s, "a2", "green")
    assert s.phase == "reveal"
    s = MOVES.apply(s, {"do": "reveal", "cards": cards("Rs Rg Rc")})
    assert s.phase == "over" and jr.winners(s) == ["Ann", "Ben"]
