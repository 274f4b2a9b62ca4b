"""A take (CC-7): the top card named and every top card joined to it, orthogonally or
diagonally, through top cards sharing the colour or shape named; and the biggest take
on the grid, which the hint and the review compare with (CC-8).

Its own module because the hint, the review and the rules all ask it, and it is the
one piece of Jr's arithmetic.
"""

from functools import lru_cache

from referee.games.colors.cards import WILD
from referee.games.colors.grid import cells_of, spread
from referee.games.colors_jr.state import CELLS, NEIGHBOURS


def value_of(card, side):
    return card // 5 if side == "colors" else card % 5


def _sharing(tops, side, value):
    """The cells whose top card shares ``value`` (an empty pile or a wild shares nothing),
    as a mask: the fill below then runs on bits, not on a test per cell per step."""
    mask = 0
    for c, card in enumerate(tops):
        if card is not None and card != WILD and value_of(card, side) == value:
            mask |= 1 << c
    return mask


def masks(tops):
    """The ten masks of ``_sharing`` in one pass: each colour's cells (0-4), then each
    shape's (5-9). Jr's cards are colour cards only (CC-7), so the wild is left out."""
    shared = [0] * 10
    for c, card in enumerate(tops):
        if card is not None and card != WILD:
            bit = 1 << c
            shared[card // 5] |= bit
            shared[5 + card % 5] |= bit
    return shared


def _key(side, value):
    return value if side == "colors" else 5 + value


def group(tops, cell, side, value, shared=None):
    """The top cards joined to ``cell`` through top cards sharing ``value`` (CC-7);
    ``shared``: the grid's ``masks``, when the caller has them."""
    mask = _sharing(tops, side, value) if shared is None or not 0 <= value < 5 else shared[_key(side, value)]
    if mask >> cell & 1:
        return _joined(mask)[cell]
    return tuple(cells_of(spread(1 << cell, mask, NEIGHBOURS)))


@lru_cache(maxsize=1 << CELLS)  # one entry per set of the nine cells at most: bounded
def _joined(mask):
    """For each cell of ``mask``, the cells of its joined group within ``mask``, lowest
    first (() for a cell outside it): the takes of every card sharing one value at once."""
    groups = [()] * CELLS
    left = mask
    while left:
        joined = spread(left & -left, mask, NEIGHBOURS)
        cells = tuple(cells_of(joined))
        for c in cells:
            groups[c] = cells
        left &= ~joined
    return tuple(groups)


@lru_cache(maxsize=1 << CELLS)  # as _joined: bounded by the sets of nine cells
def _biggest(mask):
    """(size, cell) of the biggest group within ``mask``, the lowest cell of those in one."""
    best = (0, None)
    for cell, cells in enumerate(_joined(mask)):
        if len(cells) > best[0]:
            best = (len(cells), cell)
    return best


def best_take(tops, shared=None):
    """(cards, cell, side, value) of the biggest take on the grid (CC-8): the first
    biggest, cell by cell, a colour before a shape.

    Each of the ten colours and shapes gives its biggest group and the lowest cell in
    one (``_biggest``, read once per set of cells); of those the most cards win, then the
    lowest cell, then the colour (its key is below the shapes'), which is the order a
    scan of every cell and side would find first. ``shared``: the grid's ``masks``."""
    if WILD in tops:  # not in Jr's deck (CC-7): the scan of every card and side
        return _scanned(tops)
    if shared is None:
        shared = masks(tops)
    best = (0, None, None)
    for key in range(10):
        mask = shared[key]
        if mask:
            size, cell = _biggest(mask)
            if size > best[0] or size == best[0] and cell < best[1]:
                best = (size, cell, key)
    size, cell, key = best
    if key is None:
        return (0, None, None, None)
    return (size, cell, "colors", key) if key < 5 else (size, cell, "shapes", key - 5)


def _scanned(tops):
    """best_take by scanning each card and side, for a grid holding a wild (which shares
    nothing with its own value: itself and what touches it)."""
    best = (0, None, None, None)
    for cell, card in enumerate(tops):
        if card is None:
            continue
        for side in ("colors", "shapes"):
            value = value_of(card, side)
            mask = _sharing(tops, side, value)
            size = bin(spread(1 << cell, mask, NEIGHBOURS)).count("1")
            if size > best[0]:
                best = (size, cell, side, value)
    return best
