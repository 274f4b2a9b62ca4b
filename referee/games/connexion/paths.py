"""The path of a claimed word (CX-1 to CX-4): the one check of it.

A path found by the finder, a path the player typed and a path read from a journal are
all judged here, with the same words: placed cards (CX-2), touching in turn (CX-1), never
the same card twice in a row (CX-2), each read by one of its representations (CX-3),
spelling the word (CX-2) with enough visits (CX-4). Pure, like the rest of the rules;
:func:`readings` only looks up how a typed path's cards read the word (it never refuses).
"""

from functools import lru_cache
from operator import itemgetter

from referee.core.errors import RuleError
from referee.games.connexion import board as geometry
from referee.games.connexion import cards
from referee.games.connexion.state import LAST

ONE_LETTER_WORDS = ("a", "i")  # CX-4, FAQ 7
# Each pair of positions that touch (CX-1), in both orders; never a position and itself.
TOUCHING = frozenset((p, q) for p, near in geometry.NEIGHBOURS.items() for q in near)
_READING = itemgetter(1)


@lru_cache(maxsize=1)
def _reads():
    """Each (card, text) a visit may read (CX-3), for a path's check to ask in one lookup."""
    return frozenset((key, text) for key, letter in cards.letters().items() for text in letter.texts)


def claimed_path(state, word, steps, min_cards):
    """The path of a claim's action (``steps``: [[position, reading], ...] as journalled)
    as the claim keeps it, ((int, str), ...), and :func:`check_path`'s checks of it in the
    same pass: a visit is one lookup of its card's readings (CX-3) and one of its touching
    the visit before (CX-1, CX-2). Anything amiss is left to check_path itself, given the
    whole path as :func:`claims.path_of` makes it (a step that is no pair, a position that
    is no number, refused as before), so every refusal keeps its order and its words."""
    board, reads = state.board, _reads()
    path, fine, previous = [], True, None
    for position, reading in steps:
        position, reading = int(position), str(reading)
        path.append((position, reading))
        if fine and not (0 < position <= LAST and (board[position - 1], reading) in reads
                         and (previous is None or (previous, position) in TOUCHING)):
            fine = False
        previous = position
    path = tuple(path)
    if not (fine and path and "".join(map(_READING, path)) == word
            and (len(path) >= min_cards or word in ONE_LETTER_WORDS)):
        check_path(state, word, path, min_cards)
    return path


def readings(state, word, positions):
    """The reading of each card a typed path visits, for the claim's action: one that spells
    ``word`` when the cards can (CX-3: a visit reads one representation), else each card's
    first one, and :func:`check_path` says what is wrong. Not a check: it never refuses."""
    letter_table = cards.letters()
    reached = _spell(state, word, positions)
    if len(reached) == len(positions) + 1 and word in reached[-1]:
        steps, read = [], word
        for index in range(len(positions), 0, -1):
            previous, text = reached[index][read]
            steps.append((positions[index - 1], text))
            read = previous
        return list(reversed(steps))
    steps = []
    for position in positions:
        key = state.board[position - 1] if 1 <= position <= LAST else None
        steps.append((position, letter_table[key].texts[0] if key in letter_table else ""))
    return steps


def _spell(state, word, positions):
    """For each prefix of the visits, the starts of ``word`` it can read: [{read: (before,
    text)}, ...]; shorter than the visits when they stop spelling it."""
    letter_table = cards.letters()
    reached = [{"": ("", "")}]
    for position in positions:
        key = state.board[position - 1] if 1 <= position <= LAST else None
        if key not in letter_table:
            break
        step = {}
        for read in reached[-1]:
            for text in letter_table[key].texts:
                if word.startswith(read + text) and read + text not in step:
                    step[read + text] = (read, text)
        if not step:
            break
        reached.append(step)
    return reached


def check_path(state, word, path, min_cards):
    """A claim's path: placed cards (CX-2), touching in turn (CX-1), never the same card twice
    in a row (CX-2), each read by one of its representations (CX-3), spelling the word
    (CX-2) with enough visits (CX-4). An empty path: the board cannot spell the word."""
    if not path:
        _no_path(state, word, min_cards)
    letter_table = cards.letters()
    previous = None
    for position, reading in path:
        key = state.board[position - 1] if 1 <= position <= LAST else None
        if key is None:
            raise RuleError(f"position {position} has no card", rule="CX-2")
        if previous is not None:
            if position == previous:
                raise RuleError(f"the path visits position {position} twice in a row", rule="CX-2")
            if position not in geometry.NEIGHBOURS[previous]:  # touching (CX-1), looked up
                raise RuleError(f"positions {previous} and {position} do not touch", rule="CX-1")
        if reading not in letter_table[key].texts:
            raise RuleError(f"{letter_table[key].name} does not read {reading!r}", rule="CX-3")
        previous = position
    spelled = "".join([reading for _position_, reading in path])
    if spelled != word:
        positions = [position for position, _reading in path]
        reached = _spell(state, word, positions)
        if len(reached) > len(positions) and word in reached[-1]:  # the cards can; the readings given do not
            raise RuleError(f"the path spells {spelled.upper()}, not {word.upper()}", rule="CX-2")
        names = ", ".join(letter_table[state.board[p - 1]].name for p in positions)
        furthest = max((read for step in reached for read in step), key=len)
        how = f"; they get no further than {furthest.upper()}" if furthest else ""
        raise RuleError(f"{names} cannot spell {word.upper()} reading one representation per card{how}",
                        rule="CX-2")
    if len(path) < min_cards and word not in ONE_LETTER_WORDS:
        _too_few(word, min_cards)


def _too_few(word, min_cards):
    raise RuleError(f"{word.upper()} joins fewer than {min_cards} card visits; only A and I may stand alone",
                    rule="CX-4")


def _no_path(state, word, min_cards):
    """The refusal of a word no path on the board spells, with how far the board goes."""
    from referee.games.connexion import finder

    near = finder.nearest(state.positions, word)
    if near == word and word:  # spelled, but by too few cards
        _too_few(word, min_cards)
    hint = f"; the board spells only {near.upper()}…" if near else ""
    shown = word.upper() if len(word) <= 24 else word[:20].upper() + "…"  # a key held down fits a phone
    raise RuleError(f"no path on the board spells {shown}{hint}", rule="CX-2")
