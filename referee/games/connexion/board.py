"""The ConneXion diamond (RULINGS CX-1): which positions touch.

The rulebook's Figure 1 is not available, so the layout is the ruling's reading of it:
rows of 1, 2, 3, 4, 5, 4, 3, 2, 1 cards, each row offset by half a card, numbered row by
row from the top. Working in half-card columns turns "offset by half a card" into integer
arithmetic: a horizontal neighbour is two half-columns away in the same row, a diagonal
one is one half-column away in the next or previous row, and a card straight above or
below (same column, two rows apart) does not touch it.
"""

from __future__ import annotations

from referee.core.errors import InputError

ROW_SIZES = (1, 2, 3, 4, 5, 4, 3, 2, 1)
POSITIONS = tuple(range(1, sum(ROW_SIZES) + 1))
SUN_POSITION = POSITIONS[-1]  # the bottom tip, where the sun goes in the bonus round


def _layout() -> dict[int, tuple[int, int]]:
    table = {}
    position = 1
    for row, size in enumerate(ROW_SIZES):
        for i in range(size):
            table[position] = (row, (5 - size) + 2 * i)
            position += 1
    return table


_COORDS = _layout()


def coords(p: int) -> tuple[int, int]:
    """``(row, half-column)`` of position ``p``; rows count from 0 at the top tip."""
    return _COORDS[p]


def touching(p: int, q: int) -> bool:
    """Whether two positions share an edge: horizontal or diagonal, never vertical."""
    (row_p, x_p), (row_q, x_q) = _COORDS[p], _COORDS[q]
    if row_p == row_q:
        return abs(x_p - x_q) == 2
    return abs(row_p - row_q) == 1 and abs(x_p - x_q) == 1


NEIGHBOURS: dict[int, tuple[int, ...]] = {
    p: tuple(q for q in POSITIONS if q != p and touching(p, q)) for p in POSITIONS
}


def parse_position(text: str) -> int:
    """A position from what a player typed (``7``, `` 7 ``, ``#7``)."""
    cleaned = str(text).strip().lstrip("#")
    if cleaned.isascii() and cleaned.isdigit() and int(cleaned) in _COORDS:
        return int(cleaned)
    shown = str(text).strip()
    raise InputError(
        f"{shown!r} is not a position; give a number from 1 to {POSITIONS[-1]}.")
