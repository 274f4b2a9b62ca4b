"""CC-8: the hint is the exact best play, proved against brute force.

Two brute forces that share nothing with the search but the rules' own score function:
every set of cells (itertools.combinations, connectivity by a plain BFS) for small hands,
and every connected set grown cell by cell for hands up to seven cards of one value.
A third takes every connected set of up to ten cells for a whole 10-card hand with wilds
in hand and grid (a search cut off at seven cards passes the first two and fails it).
None assumes what the search assumes (that the best play of 3+ cards uses them all).
"""

from functools import lru_cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.colors import grid, hint, rules
from referee.games.colors.cards import WILD

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
    after = rules.apply(s, {"do": "play", "cards": list(found.cards), "cells": list(found.cells), "value": found.value})
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
