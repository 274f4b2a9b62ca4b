"""A take (CC-7): the top card named and every top card joined to it, orthogonally or
diagonally, through top cards sharing the colour or shape named; and the biggest take
on the grid, which the hint and the review compare with (CC-8).

Its own module because the hint, the review and the rules all ask it, and it is the
one piece of Jr's arithmetic.
"""

from referee.games.colors.cards import WILD
from referee.games.colors_jr.state import CELLS, NEIGHBOURS


def value_of(card, side):
    return card // 5 if side == "colors" else card % 5


def group(tops, cell, side, value):
    """The top cards joined to ``cell`` through top cards sharing ``value`` (CC-7)."""
    def shares(c):
        return tops[c] is not None and tops[c] != WILD and value_of(tops[c], side) == value

    seen = 1 << cell
    front = seen
    while front:
        reach = 0
        for c in range(CELLS):
            if front >> c & 1:
                reach |= NEIGHBOURS[c]
        new = 0
        for c in range(CELLS):
            if reach >> c & 1 and not seen >> c & 1 and shares(c):
                new |= 1 << c
        seen |= new
        front = new
    return tuple(c for c in range(CELLS) if seen >> c & 1)


def best_take(tops):
    """(cards, cell, side, value) of the biggest take on the grid (CC-8)."""
    best = (0, None, None, None)
    for cell, card in enumerate(tops):
        if card is None:
            continue
        for side in ("colors", "shapes"):
            value = value_of(card, side)
            size = len(group(tops, cell, side, value))
            if size > best[0]:
                best = (size, cell, side, value)
    return best
