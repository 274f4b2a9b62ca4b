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


def group(tops, cell, side, value):
    """The top cards joined to ``cell`` through top cards sharing ``value`` (CC-7)."""
    return tuple(cells_of(spread(1 << cell, _sharing(tops, side, value), NEIGHBOURS)))


@lru_cache(maxsize=1 << CELLS)  # one entry per set of the nine cells at most: bounded
def _sizes(mask):
    """For each cell of ``mask``, how many cells its joined group within ``mask`` holds
    (0 for a cell outside it): the takes of every card sharing one value at once."""
    sizes = [0] * CELLS
    left = mask
    while left:
        joined = spread(left & -left, mask, NEIGHBOURS)
        size = bin(joined).count("1")
        for c in cells_of(joined):
            sizes[c] = size
        left &= ~joined
    return tuple(sizes)


# each colour card's two values as one index of a list of ten masks: its colour (0-4),
# its shape (5-9); best_take reads them instead of building ("colors", n) keys per card
_KEYS = tuple((card // 5, 5 + card % 5) for card in range(WILD))
_SIDES = (("colors", 0), ("shapes", 1))


def best_take(tops):
    """(cards, cell, side, value) of the biggest take on the grid (CC-8).

    The cells sharing each colour and each shape are found in one pass, and the size of
    every group they make is read from ``_sizes``; the first biggest still wins."""
    sharing = [0] * 10
    for c, card in enumerate(tops):
        if card is not None and card != WILD:
            colour, shape = _KEYS[card]
            sharing[colour] |= 1 << c
            sharing[shape] |= 1 << c
    best = (0, None, None, None)
    most = 0
    for cell, card in enumerate(tops):
        if card is None:
            continue
        if card == WILD:  # shares nothing with its own value: itself and what touches it
            for side, _ in _SIDES:
                value = value_of(card, side)
                mask = sharing[value if side == "colors" else 5 + value] if value < 5 else 0
                size = bin(spread(1 << cell, mask, NEIGHBOURS)).count("1")
                if size > most:
                    most, best = size, (size, cell, side, value)
            continue
        keys = _KEYS[card]
        for side, which in _SIDES:  # a card always shares its own values: its group's size
            size = _sizes(sharing[keys[which]])[cell]
            if size > most:
                most, best = size, (size, cell, side, keys[which] - 5 * which)
    return best
