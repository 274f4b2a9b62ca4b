"""The 5×5 play area's geometry and the flood-fill score (rules 1c and 2a–2b, CC-3).

Cells are numbered 0..24 row by row and named like a chess board: columns a–e, rows
1–5 (``a1`` is the top left as drawn). Sets of cells are bit masks so that the scoring
and the hint search (which scores tens of thousands of sets) stay cheap.
"""

import re

from referee.core.errors import InputError, RuleError
from referee.games.colors.cards import WILD

SIZE = 5
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1
COLUMNS = "abcde"
BONUS = {1: 3, 2: 1}  # 2b


def _neighbours(size):
    found = []
    for index in range(size * size):
        row, col = divmod(index, size)
        mask = 0
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = row + dr, col + dc
            if 0 <= r < size and 0 <= c < size:
                mask |= 1 << (r * size + c)
        found.append(mask)
    return tuple(found)


NEIGHBOURS = _neighbours(SIZE)  # orthogonal only (1c, 2a)


def name(cell):
    row, col = divmod(cell, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


def parse(text, size=SIZE):
    """``b2`` → its index; anything else is one line naming the cells there are."""
    word = text.strip().lower()
    match = re.fullmatch(r"([a-z])([0-9]+)", word) or re.fullmatch(r"([0-9]+)([a-z])", word)
    if match:
        letter, digits = match.groups() if match.group(1).isalpha() else match.groups()[::-1]
        col = ord(letter) - ord("a")
        row = int(digits) - 1
        if 0 <= col < size and 0 <= row < size:
            return row * size + col
    last = f"{COLUMNS[size - 1]}{size}"
    rule = "1b" if size == SIZE else "CC-7"  # the play area of 1b, or Jr's nine piles
    raise InputError(f"{text!r} is not a cell; the cells are a1 to {last} (column letter, row number) ({rule})")


def is_cell(text):
    return bool(re.fullmatch(r"[a-z][0-9]+|[0-9]+[a-z]", text.strip().lower()))


def mask_of(cells):
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def cells_of(mask):
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


_NOT_LEFT = sum(1 << cell for cell in range(CELLS) if cell % SIZE)  # a cell with a cell on its left
_NOT_RIGHT = sum(1 << cell for cell in range(CELLS) if cell % SIZE != SIZE - 1)  # ... on its right


def spread(mask, within, neighbours=NEIGHBOURS):
    """Every cell of ``within`` reachable from ``mask`` through cells of ``within`` (plus ``mask``).

    On the play area (the default ``neighbours``) a front's neighbours are its mask shifted
    a row up and down and a column left and right, four int operations a step instead of
    a lookup per cell; the same cells as NEIGHBOURS gives. Other grids (Jr's, diagonals
    included) look each cell's neighbours up."""
    if neighbours is NEIGHBOURS:
        seen = front = mask
        while front:
            front = ((front << SIZE) | (front >> SIZE) | ((front & _NOT_RIGHT) << 1) | ((front & _NOT_LEFT) >> 1)) \
                & within & ~seen
            seen |= front
        return seen
    seen = front = mask
    while front:
        reach = 0
        while front:  # each cell of the front, lowest first (cells_of, without its list)
            low = front & -front
            reach |= neighbours[low.bit_length() - 1]
            front ^= low
        front = reach & within & ~seen
        seen |= front
    return seen


def connected(mask, neighbours=NEIGHBOURS):
    """Whether the cells touch each other directly, not through other cards (1c)."""
    if not mask:
        return True
    low = mask & -mask
    return spread(low, mask, neighbours) == mask


_NONE = WILD + 1  # an empty cell's byte in matching's code of the grid


def _match_tables():
    """For each side, for each value, a bytes.translate table: a card's byte to ``1`` when it
    matches (its value, or a wild: CC-3), else ``0`` (an empty cell never matches)."""
    tables = {}
    for side, of in (("colors", lambda card: card // 5), ("shapes", lambda card: card % 5)):
        for value in range(5):
            table = bytearray(b"0" * 256)
            for card in range(WILD):
                if of(card) == value:
                    table[card] = ord("1")
            table[WILD] = ord("1")
            tables.setdefault(side, []).append(bytes(table))
    return tables


_MATCH = _match_tables()


def matching(tops, side, value):
    """The cells whose top card matches ``value`` for ``side``; a visible wild matches all (CC-3).

    The grid's cards are a byte each, translated to 1 or 0 by a table made once per side
    and value and read as a binary number, cell 0 the lowest bit: the 25 tests run in C
    (the Python loop over the cells was a fifth of a replayed play)."""
    try:
        code = bytes(tops)
    except TypeError:  # an empty cell (None): the grid before it is full
        code = bytes([_NONE if card is None else card for card in tops])
    return int(code.translate(_MATCH[side][value])[::-1], 2)


def score(tops_after, played, side, value):
    """(total, played count, connected matches, bonus, scored mask) of a play (2a, 2b).

    ``tops_after`` is the grid's top cards once the play is made, so the played cells
    match by construction; the flood fill runs from them through matching cells only.
    """
    if not played:
        return 0, 0, 0, 0, 0
    scored = spread(played, matching(tops_after, side, value))
    count = played.bit_count()
    matches = (scored & ~played).bit_count()
    bonus = BONUS.get(count, 0)
    return count + matches + bonus, count, matches, bonus, scored


def check_whole_rows(action, filled, count, size, rule):
    """A line typed at the ``row N?`` prompt fills whole rows: four codes at Jr's ``row 1?``
    (a card typed twice, or the next row's first) would shift every later card one cell
    and leave the prompt naming a row already begun. Only actions the command marked
    (``rows``) are checked, so a game saved before the check still replays."""
    if not action.rows or filled % size or (filled + count) % size == 0:
        return
    raise RuleError(f"a row is {size} cards and this line has {count}: type whole rows, "
                    f"{size} codes a row", rule=rule)

