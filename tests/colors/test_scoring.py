"""2a-2b (CC-3): the flood-fill score as a pure function, with property tests."""

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.colors import grid
from referee.games.colors.cards import WILD, card_of

from .build import GRID, cards

SETTINGS = settings(max_examples=60, deadline=None)


def tops_after(tops, plays):
    tops = list(tops)
    for card, cell in plays:
        tops[cell] = card
    return tuple(tops)


def cell(name):
    return grid.parse(name)


def test_2b_one_card_earns_three_bonus():
    tops = tops_after(cards(GRID), [(card_of(2, 0), cell("c3"))])  # a yellow star on c3 (Bp)
    total, played, matches, bonus, _ = grid.score(tops, 1 << cell("c3"), "colors", 2)
    assert (total, played, matches, bonus) == (1 + 0 + 3, 1, 0, 3)


def test_2b_two_cards_earn_one_bonus():
    plays = [(card_of(2, 2), cell("c3")), (card_of(2, 3), cell("d3"))]
    tops = tops_after(cards(GRID), plays)
    total, played, matches, bonus, _ = grid.score(tops, grid.mask_of([cell("c3"), cell("d3")]), "colors", 2)
    assert (played, bonus) == (2, 1)
    assert total == played + matches + bonus


def test_2a_connected_matches_are_counted_through_matching_cards_only():
    # A red card on b2 touches a1's group? b2 neighbours: b1 (Rm), a2 (Rp), c2 (Bm), b3 (Rc).
    # Red group reached: b1, a1 (via b1), a2, b3. Not the red at nowhere else.
    tops = tops_after(cards(GRID), [(card_of(0, 4), cell("b2"))])
    total, played, matches, bonus, scored = grid.score(tops, 1 << cell("b2"), "colors", 0)
    assert matches == 4
    assert set(grid.cells_of(scored)) == {cell(c) for c in ("b2", "b1", "a1", "a2", "b3")}
    assert total == 1 + 4 + 3


def test_2a_shapes_team_matches_on_shape():
    # A moon on c3 (Bp): moons at c2, b2 (touching c2), b1 (touching b2 via... b1 is Rm), c1 (Om), b4 (Ym)? not touching.
    tops = tops_after(cards(GRID), [(card_of(4, 1), cell("c3"))])
    _, _, matches, _, scored = grid.score(tops, 1 << cell("c3"), "shapes", 1)
    assert set(grid.cells_of(scored)) == {cell(c) for c in ("c3", "c2", "b2", "b1", "c1")}
    assert matches == 4


def test_cc3_a_visible_wild_matches_any_value():
    grid_cards = list(cards(GRID))
    grid_cards[cell("d3")] = WILD  # next to c3, and beyond it e3 is Gp (not red)
    tops = tops_after(grid_cards, [(card_of(0, 0), cell("c3"))])
    _, _, matches, _, scored = grid.score(tops, 1 << cell("c3"), "colors", 0)
    assert scored >> cell("d3") & 1
    assert matches == 1 + 1  # the wild, and b3's red reached from c3


cells_strategy = st.lists(st.integers(0, 24), min_size=1, max_size=8, unique=True)
grids = st.lists(st.integers(0, 25), min_size=25, max_size=25)


@SETTINGS
@given(tops=grids, played=cells_strategy, side=st.sampled_from(["colors", "shapes"]), value=st.integers(0, 4))
def test_2a_score_is_at_least_the_cards_played(tops, played, side, value):
    after = tops_after(tops, [(WILD, c) for c in played])
    total, count, matches, bonus, _ = grid.score(after, grid.mask_of(played), side, value)
    assert total >= count == len(played)
    assert total == count + matches + bonus


@SETTINGS
@given(tops=grids, played=cells_strategy, side=st.sampled_from(["colors", "shapes"]), value=st.integers(0, 4))
def test_2a_cells_of_another_value_never_score(tops, played, side, value):
    after = tops_after(tops, [(WILD, c) for c in played])
    scored = grid.score(after, grid.mask_of(played), side, value)[4]
    attribute = (lambda c: c // 5) if side == "colors" else (lambda c: c % 5)
    for c in grid.cells_of(scored):
        assert c in played or after[c] == WILD or attribute(after[c]) == value


@SETTINGS
@given(played=cells_strategy, side=st.sampled_from(["colors", "shapes"]), value=st.integers(0, 4))
def test_cc3_wilds_match_everything(played, side, value):
    after = tuple([WILD] * 25)
    total, count, matches, bonus, _ = grid.score(after, grid.mask_of(played), side, value)
    # every cell joins the flood when the whole grid is wild
    assert count + matches == 25


@SETTINGS
@given(tops=grids, under=grids, played=cells_strategy, side=st.sampled_from(["colors", "shapes"]),
       value=st.integers(0, 4))
def test_1b_the_card_played_on_never_counts_only_the_card_on_top(tops, under, played, side, value):
    """Whatever lay under the played cards (another value or not), the score is the same."""
    card = value * 5 if side == "colors" else value
    first = tops_after(tops, [(card, c) for c in played])
    second = tops_after([under[i] if i in played else t for i, t in enumerate(tops)], [(card, c) for c in played])
    mask = grid.mask_of(played)
    assert grid.score(first, mask, side, value) == grid.score(second, mask, side, value)
