"""CC-8: the hint is the exact best play, proved against brute force.

Two brute forces that share nothing with the search but the rules' own score function:
every set of cells (itertools.combinations, connectivity by a plain BFS) for small hands,
and every connected set grown cell by cell for hands up to seven cards of one value.
A third takes every connected set of up to ten cells for a whole 10-card hand with wilds
in hand and grid (a search cut off at seven cards passes the first two and fails it).
None assumes what the search assumes (that the best play of 3+ cards uses them all).
"""

from functools import lru_cache

import pytest
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.colors import grid, hint
from referee.games.colors.cards import WILD
from referee.games.colors.moves import MOVES

from .build import GRID, cards, state

SETTINGS = settings(max_examples=40, deadline=None)


def neighbours(cell):
    row, col = divmod(cell, 5)
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= row + dr < 5 and 0 <= col + dc < 5:
            yield (row + dr) * 5 + col + dc


def bfs_connected(cells):
    cells = set(cells)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def value_of(card, side):
    return card // 5 if side == "colors" else card % 5


def usable(hand, side, value):
    return sum(1 for c in hand if c == WILD or value_of(c, side) == value)


def points(tops, cells, side, value):
    after = list(tops)
    for c in cells:
        after[c] = WILD  # whatever was played there matches the value
    return grid.score(tuple(after), grid.mask_of(cells), side, value)[0]


def brute_by_subsets(tops, hand, side):
    best = 0
    for value in range(5):
        n = usable(hand, side, value)
        for size in range(1, n + 1):
            for cells in combinations(range(25), size):
                if bfs_connected(cells):
                    best = max(best, points(tops, cells, side, value))
    return best


def brute_by_growth(tops, hand, side):
    best = 0
    for value in range(5):
        n = usable(hand, side, value)
        layer = {frozenset([c]) for c in range(25)} if n else set()
        while layer:
            for cells in layer:
                best = max(best, points(tops, cells, side, value))
            if len(next(iter(layer))) == n:
                break
            layer = {cells | {m} for cells in layer for c in cells for m in neighbours(c) if m not in cells}
    return best


def check_play_is_legal_and_scores(tops, hand, side, found):
    """The hint's play, applied by the rules, scores what the hint says."""
    s = state(" ".join("W" for _ in range(25)), [" ".join("W" for _ in hand) or "W", "Rs"])
    from dataclasses import replace

    s = replace(s, stacks=tuple((t,) for t in tops), hands=(tuple(sorted(hand)), s.hands[1]),
                options=dict(s.options, first_side=side))
    if not found.cells:
        return
    after = MOVES.apply(s, {"do": "play", "cards": list(found.cards), "cells": list(found.cells), "value": found.value})
    assert after.turns[-1].points == found.points


tops_strategy = st.lists(st.one_of(st.integers(0, 24), st.just(WILD)), min_size=25, max_size=25)
small_hands = st.lists(st.one_of(st.integers(0, 24), st.just(WILD)), min_size=0, max_size=4)


@SETTINGS
@given(tops=tops_strategy, hand=small_hands, side=st.sampled_from(["colors", "shapes"]))
def test_cc8_hint_equals_brute_force_over_every_set_of_cells(tops, hand, side):
    found = hint.best_play(tuple(tops), tuple(hand), side)
    assert found.points == brute_by_subsets(tops, hand, side)
    check_play_is_legal_and_scores(tops, hand, side, found)


few_values = st.lists(st.integers(0, 24), min_size=25, max_size=25).map(lambda t: [c % 10 for c in t])


@settings(max_examples=15, deadline=None)
@given(tops=few_values, count=st.integers(3, 7), value=st.integers(0, 1), side=st.sampled_from(["colors", "shapes"]))
def test_cc8_hint_equals_brute_force_for_one_value_up_to_seven_cards(tops, count, value, side):
    card = value * 5 if side == "colors" else value
    hand = (card,) * count
    found = hint.best_play(tuple(tops), hand, side)
    assert found.points == brute_by_growth(tops, hand, side)
    check_play_is_legal_and_scores(tops, hand, side, found)


def test_cc8_hint_on_the_test_grid_by_hand():
    tops = tuple(cards(GRID))
    found = hint.best_play(tops, tuple(cards("Rm")), "shapes")
    # a moon on b3 joins the moons b2, c2, b1, c1 above and b4 below: 1 + 5 + 3
    assert found.points == 9 and found.cells == (grid.parse("b3"),)


def test_cc8_an_empty_hand_passes():
    assert hint.best_play(tuple(cards(GRID)), (), "colors") == hint.PASS


def test_cc8_the_hint_prefers_fewer_cards_for_the_same_points():
    tops = tuple(cards(GRID))
    hand = tuple(cards("Rm Om Ym Gm Bm"))  # five moons
    found = hint.best_play(tops, hand, "shapes")
    assert found.points == brute_by_growth(tops, hand, "shapes")
    assert found.parts[0] == len(found.cells) and sum(found.parts) == found.points


@lru_cache(maxsize=None)
def connected_sets(largest):
    """Every connected set of up to ``largest`` cells, grown a cell at a time (no pruning)."""
    layers = [{frozenset([c]) for c in range(25)}]
    while len(layers) < largest:
        layers.append({cells | {m} for cells in layers[-1] for c in cells for m in neighbours(c) if m not in cells})
    return [cells for layer in layers for cells in layer]


def brute_full(tops, hand, side, every):
    best = 0
    for value in range(5):
        n = usable(hand, side, value)
        for cells in every:
            if len(cells) <= n:
                best = max(best, points(tops, cells, side, value))
    return best


full_hands = st.tuples(st.integers(0, 4), st.integers(6, 10), st.integers(0, 2), st.randoms(use_true_random=False))


@settings(max_examples=4, deadline=None)
@given(tops=tops_strategy, hand_shape=full_hands, side=st.sampled_from(["colors", "shapes"]))
def test_cc8_hint_equals_brute_force_for_a_full_ten_card_hand_with_wilds(tops, hand_shape, side):
    """A whole 2-player hand (10 cards: most of one value, the rest dealt, wilds in hand and grid)."""
    value, heavy, wilds, rng = hand_shape
    of_value = [c for c in range(25) if value_of(c, side) == value]
    hand = [rng.choice(of_value) for _ in range(heavy - wilds)] + [WILD] * wilds
    hand += [rng.randrange(25) for _ in range(10 - len(hand))]
    every = connected_sets(10)
    found = hint.best_play(tuple(tops), tuple(hand), side)
    assert found.points == brute_full(tops, hand, side, every)
    check_play_is_legal_and_scores(tops, hand, side, found)


# --- 12-card hands against every connected set of up to twelve cells (issue 11 item 5) ---

@lru_cache(maxsize=None)
def connected_masks(largest):
    """Every connected set of 1..``largest`` cells, as (cells, cells and neighbours, size).

    Grown a cell at a time with no pruning, as bit masks so that the ~286,000 sets of up
    to twelve cells fit in memory; a set's neighbourhood grows with it.
    """
    around = [sum(1 << n for n in neighbours(c)) for c in range(25)]
    layer = {1 << c: 1 << c | around[c] for c in range(25)}
    found = []
    for size in range(1, largest + 1):
        found += [(cells, near, size) for cells, near in layer.items()]
        if size < largest:
            layer = {cells | 1 << n: near | around[n] for cells, near in layer.items()
                     for n in range(25) if (near & ~cells) >> n & 1}
    return found


def matching_groups(tops, side, value):
    """The groups of cells matching ``value`` (a wild matches all), by a plain BFS."""
    match = {c for c in range(25) if tops[c] == WILD or value_of(tops[c], side) == value}
    groups = []
    while match:
        todo = [match.pop()]
        group = 1 << todo[0]
        while todo:
            for n in neighbours(todo.pop()):
                if n in match:
                    match.discard(n)
                    group |= 1 << n
                    todo.append(n)
        groups.append(group)
    return groups


def brute_every_connected_set(tops, hand, side):
    """(points, value, cells) of the best play over every connected set of cells (1a-1c,
    2a-2b): the cells, plus every matching group they hold or touch, plus the bonus."""
    best = (0, None, 0)
    for value in range(5):
        n = usable(hand, side, value)
        if not n:
            continue
        groups = matching_groups(tops, side, value)
        for cells, near, size in connected_masks(12):  # smallest sets first
            if size > n:
                break
            scored = cells
            for group in groups:
                if group & near:
                    scored |= group
            points = bin(scored).count("1") + {1: 3, 2: 1}.get(size, 0)
            if points > best[0]:
                best = (points, value, cells)
    return best


def twelve_card_case(seed):
    """A grid with 0-3 wilds and a 12-card hand: 8-12 usable for one value, 0-2 wilds."""
    import random

    rng = random.Random(seed)
    side = ("colors", "shapes")[seed % 2]
    tops = [rng.randrange(25) for _ in range(25)]
    for cell in rng.sample(range(25), rng.randrange(4)):
        tops[cell] = WILD
    value = rng.randrange(5)
    of_value = [c for c in range(25) if value_of(c, side) == value]
    wilds = seed % 3
    hand = [rng.choice(of_value) for _ in range(rng.randrange(8, 13) - wilds)] + [WILD] * wilds
    hand += [rng.randrange(25) for _ in range(12 - len(hand))]
    return tuple(tops), tuple(hand), side


def pattern_case(picture, side, wilds_in_grid):
    """A grid whose '#' cells match red (colors) or star (shapes), with 10 + 2 wild cards."""
    card = 0  # red star: colour 0 and shape 0
    other = 6  # orange moon: neither red nor a star
    tops = []
    for i, mark in enumerate(picture):
        if mark == "#":
            tops.append(WILD if wilds_in_grid and i % 3 == 0 else card)
        else:
            tops.append(other)
    return tuple(tops), (card,) * 10 + (WILD, WILD), side


# Grids the bench found slow for a bound to cut: a checkerboard, a big group with holes,
# a few isolated cells in a corner, a group with holes and an island.
HARD_PICTURES = ["#.#.#.#.#.#.#.#.#.#.#.#.#", "####.#.#####.#####.#.###.",
                 "..............#...#.#.#.#", "#######.#.#.#######..##.#"]


def check_against_every_set(tops, hand, side):
    found = hint.best_play(tops, hand, side)
    points, value, cells = brute_every_connected_set(tops, hand, side)
    assert found.points == points
    # the brute force's own scoring agrees with the rules' on its best set
    played = [c for c in range(25) if cells >> c & 1]
    assert points == sum(grid.score(tuple(WILD if c in played else t for c, t in enumerate(tops)),
                                    cells, side, value)[1:4])
    check_play_is_legal_and_scores(tops, hand, side, found)


@pytest.mark.parametrize("seed", range(4))
def test_cc8_hint_equals_every_connected_set_for_twelve_card_hands(seed):
    """Both sides, 0-2 wilds in hand, 0-3 wilds on the grid, 8-12 cards of one value."""
    check_against_every_set(*twelve_card_case(seed))


@pytest.mark.parametrize("number", range(len(HARD_PICTURES)))
def test_cc8_hint_equals_every_connected_set_on_hard_grids(number):
    side, wilds_in_grid = [("colors", False), ("shapes", True)][number % 2]
    check_against_every_set(*pattern_case(HARD_PICTURES[number], side, wilds_in_grid))


def brute_best_set(matching, count):
    """The best points of 1..count connected cells for one value's matching cells."""
    tops = tuple(0 if matching >> c & 1 else 6 for c in range(25))  # red star / orange moon
    return brute_every_connected_set(tops, (0,) * count, "colors")[0]


@pytest.mark.parametrize("seed", range(10))
def test_cc8_the_search_alone_is_exact_without_its_head_start(seed, monkeypatch):
    """The bound that cuts branches must never cut the best one: with the greedy start
    taken away, the search must still find the best set itself."""
    import random

    rng = random.Random(seed)
    if seed < len(HARD_PICTURES):
        matching = sum(1 << c for c, mark in enumerate(HARD_PICTURES[seed]) if mark == "#")
    else:
        density = rng.choice([0.15, 0.3, 0.45, 0.6, 0.75])
        matching = sum(1 << c for c in range(25) if rng.random() < density)
    monkeypatch.setattr(hint, "_greedy", lambda covers, size: (-1, 0))
    for count in (3, 6, 9, 12):
        assert hint.best_set(matching, count)[0] == brute_best_set(matching, count), count
