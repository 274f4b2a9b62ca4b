"""The grid the cards lie on, and what a play there is worth (CN-1, CN-2, CN-3).

Kept apart from the turn rules because every variant shares it: a card touches a
neighbour side to side, each touching side is one pair of words, and the score of a
play is a function of the pairs and points alone, not of the order they were found in.
"""

from collections import namedtuple
from functools import lru_cache

from referee.core.errors import RuleError

NORTH, EAST, SOUTH, WEST = range(4)
SIDES = ("north", "east", "south", "west")
# (dx, dy, side of the new card that touches, side of the neighbour that faces it); north = y + 1 (CN-1)
STEPS = ((0, 1, NORTH, SOUTH), (1, 0, EAST, WEST), (0, -1, SOUTH, NORTH), (-1, 0, WEST, EAST))
DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
MULTIPLIER = {1: 1, 2: 2, 3: 3, 4: 10}  # CN-3: four pairs fill an opening
UNKNOWN = "?"  # a side typed `?` (or left out): it touched nothing when played, its word is asked for later


class Card(namedtuple("Card", "words points owner", defaults=(None,))):
    """One card as it lies on the table: its four side words, its points and who played it.
    A named tuple, not a frozen dataclass (as Pair): every replayed card line makes one, and
    the dataclass's ``__init__`` set each field through ``object.__setattr__`` (about
    twice the cost); read by attribute only, shown, compared and hashed the same."""

    # words: (north, east, south, west), as the card lies; points: 1 to 5; owner: who
    # played it, None for a starter card
    __slots__ = ()

    def word(self, side):
        return self.words[side]

    def text(self):
        return "/".join(self.words) + f" {self.points}"

    def told(self, side, word):
        """This card with the word of a side typed `?` now said (CN-1)."""
        return Card(self.words[:side] + (word,) + self.words[side + 1:], self.points, self.owner)


class Pair(namedtuple("Pair", "side word cell facing points")):
    """Two touching sides of neighbouring cards, as a play scores them. A named tuple, not a
    frozen dataclass: every replayed play makes one per neighbour, and a frozen dataclass's
    ``__init__`` sets each field through ``object.__setattr__`` (about three times the cost);
    read by attribute only, shown the same (``Pair(side=..., ...)``)."""

    # side: the new card's side (0-3); word: the new card's word there; cell: the neighbour's
    # cell; facing: the neighbour's word facing it; points: the neighbour's points
    __slots__ = ()

    def text(self):
        return f"{self.word} ↔ {self.facing}"

    @property
    def unknown(self):
        """Whether a side of this pair was typed `?`: its word is to be asked before it scores."""
        return UNKNOWN in (self.word, self.facing)


def cell_name(cell):
    return f"{cell[0]},{cell[1]}"


def pairs(cells, cell, card):
    """The pairs a card at ``cell`` would make, north first; refuses a cell it cannot take (CN-2)."""
    if cell in cells:
        raise RuleError(f"cell {cell_name(cell)} already holds {cells[cell].text()}", rule="CN-2")
    x, y = cell
    words = card.words
    found = []
    # STEPS written out, north, east, south, west: each neighbour's Pair made from its
    # fields' tuple (a replayed play makes one per neighbour)
    north, east, south, west = (x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)
    neighbour = cells.get(north)
    if neighbour is not None:
        found.append(_new(Pair, (NORTH, words[NORTH], north, neighbour.words[SOUTH], neighbour.points)))
    neighbour = cells.get(east)
    if neighbour is not None:
        found.append(_new(Pair, (EAST, words[EAST], east, neighbour.words[WEST], neighbour.points)))
    neighbour = cells.get(south)
    if neighbour is not None:
        found.append(_new(Pair, (SOUTH, words[SOUTH], south, neighbour.words[NORTH], neighbour.points)))
    neighbour = cells.get(west)
    if neighbour is not None:
        found.append(_new(Pair, (WEST, words[WEST], west, neighbour.words[EAST], neighbour.points)))
    if not found:
        corners = [cell_name((x + dx, y + dy)) for dx, dy in DIAGONALS if (x + dx, y + dy) in cells]
        if corners:
            raise RuleError(f"cell {cell_name(cell)} meets {', '.join(corners)} only at a corner; "
                            "a card must share a side with one", rule="CN-2")
        raise RuleError(f"cell {cell_name(cell)} touches no card; play next to one", rule="CN-2")
    return found


_new = tuple.__new__  # a named tuple made from its fields' tuple, without its __new__'s call


def score(points, touching, multiply=True):
    """(total, arithmetic) of a play: its points plus each touching card's, times the multiplier.

    ``touching`` is the points of the cards it touches, one per pair. Endless adds without
    the multiplier (CN-6).
    """
    return scored(points, tuple(touching), multiply)


@lru_cache(maxsize=512, typed=True)
def scored(points, touching, multiply=True):
    """score's answer for ``touching`` as a tuple, worked out once: a play's points and its
    one to four neighbours' are 1 to 5 each, so a game meets few of them, replayed at every
    resume (bounded, a pure function of its arguments)."""
    terms = (points,) + touching
    total = sum(terms)
    factor = MULTIPLIER[len(touching)] if multiply and touching else 1
    added = " + ".join(map(str, terms))
    if factor == 1:
        return total, f"{added} = {total}"
    return total * factor, f"({added}) × {factor} = {total * factor}"


def told(cells, sides):
    """``cells`` with the words said for sides typed `?` (a play's ``sides``: [x, y, side
    name, word] each), which only a `?` side may take (CN-1)."""
    for told_side in sides or ():
        try:
            x, y, side, word = told_side
            cell, index = (int(x), int(y)), SIDES.index(side)
            word = " ".join(str(word).split()).lower()
        except (TypeError, ValueError):
            raise RuleError("a side said later is X, Y, its side and its word", rule="CN-1") from None
        card = cells.get(cell)
        if card is None or card.words[index] != UNKNOWN or not word or word == UNKNOWN:
            raise RuleError(f"the {side} side of the card at {cell_name(cell)} is not a side typed `?`", rule="CN-1")
        cells = {**cells, cell: card.told(index, word)}
    return cells


def connections(cells):
    """How many touching sides the layout has: the web's connections (Solitaire, CN-6)."""
    return sum(1 for (x, y) in cells for dx, dy in ((1, 0), (0, 1)) if (x + dx, y + dy) in cells)


def openings(cells):
    """Empty cells next to a card: where the next card may go."""
    found = set()
    for x, y in cells:
        for dx, dy, _side, _facing in STEPS:
            if (x + dx, y + dy) not in cells:
                found.add((x + dx, y + dy))
    return found


def quad_at(cells, cell, taken=()):
    """A 2×2 block of filled cells containing ``cell`` and none of ``taken``: its south-west corner."""
    if taken:
        return _quad_apart(cells, cell, taken)
    if cell not in cells:  # every block holds the cell itself
        return None
    # the blocks in the order _quad_apart tries them, their neighbours written out (a replayed
    # Quads play asks this of the area it just laid in)
    x, y = cell
    east, north = (x + 1, y) in cells, (x, y + 1) in cells
    if east and north and (x + 1, y + 1) in cells:
        return (x, y)
    west = (x - 1, y) in cells
    if west and north and (x - 1, y + 1) in cells:
        return (x - 1, y)
    south = (x, y - 1) in cells
    if south and east and (x + 1, y - 1) in cells:
        return (x, y - 1)
    if south and west and (x - 1, y - 1) in cells:
        return (x - 1, y - 1)
    return None


def _quad_apart(cells, cell, taken):
    """quad_at's block when some cells are ``taken`` by quads already made."""
    x, y = cell
    for ox, oy in ((0, 0), (-1, 0), (0, -1), (-1, -1)):
        corner = (x + ox, y + oy)
        for c in block_cells(corner):
            if c not in cells or c in taken:
                break
        else:  # every cell of the block filled, none taken
            return corner
    return None


def block_cells(corner):
    x, y = corner
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def inner_pairs(cells, corner):
    """The four connections inside a quad: across its two rows and up its two columns."""
    sw, se, nw, ne = (cells[c] for c in block_cells(corner))
    return ((sw.words[EAST], se.words[WEST]), (nw.words[EAST], ne.words[WEST]),
            (sw.words[NORTH], nw.words[SOUTH]), (se.words[NORTH], ne.words[SOUTH]))
