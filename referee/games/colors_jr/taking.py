"""A take (CC-7): the top card named and every top card joined to it, orthogonally or
diagonally, through top cards sharing the colour or shape named; and the biggest take
on the grid, which the hint and the review compare with (CC-8).

Its own module because the hint, the review and the rules all ask it, and it is the
one piece of Jr's arithmetic.
"""

from referee.games.colors.cards import WILD
from referee.games.colors.grid import cells_of, spread
from referee.games.colors_jr.state import NEIGHBOURS


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


def best_take(tops):
    """(cards, cell, side, value) of the biggest take on the grid (CC-8).

    Every card of one joined group makes the same take, so each group is filled once
    (``joined``) and its other cards read its size; the first biggest still wins."""
    best = (0, None, None, None)
    sharing, joined = {}, {}
    for cell, card in enumerate(tops):
        if card is None:
            continue
        bit = 1 << cell
        for side in ("colors", "shapes"):
            value = value_of(card, side)
            key = side, value
            mask = sharing.get(key)
            if mask is None:
                mask = sharing[key] = _sharing(tops, side, value)
            size = None
            if bit & mask:  # the cell is in its own group: a group filled before may hold it
                for reached, count in joined.get(key, ()):
                    if bit & reached:
                        size = count
                        break
            if size is None:
                reached = spread(bit, mask, NEIGHBOURS)
                size = bin(reached).count("1")
                if bit & mask:
                    joined.setdefault(key, []).append((reached, size))
            if size > best[0]:
                best = (size, cell, side, value)
    return best
