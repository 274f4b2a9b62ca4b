"""Finding words on the ConneXion diamond (RULINGS CX-1, CX-2, CX-4; FAQ 2-7).

A word is a walk over placed cards, consecutive visits touching, each visit reading one
representation of its card. Revisits are allowed (only not twice in a row), so the
number of walks explodes; but what a walk can still become depends only on the text read
so far and the card it stands on. Every search here is therefore over *states* (how much
of the word is read, last position, and the visit count capped at what CX-4 needs), each
explored once, which bounds the work by (prefixes x 24) however the cards repeat.

Deciding whether a word is English is not done here (CX-6: the lexicon does that);
``find_all`` only reports what is in the ``WordIndex`` it is given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from referee.core.errors import InputError, RuleError

from . import board as geometry
from .cards import Letter, letters
from .wordindex import TERMINAL, WordIndex, letter_bit, popcount, walk

__all__ = ["Path", "WordIndex", "find_all", "find_path", "nearest", "verify_path"]

# CX-4 / FAQ 7: the only words one card may form alone.
ONE_CARD_WORDS = frozenset({"a", "i"})
LETTER_POSITIONS = geometry.POSITIONS[:-1]  # 1..24; 25 is the sun's, never a letter's


@dataclass(frozen=True)
class Path:
    """A word and how the board spells it: one ``(position, reading)`` per visit."""

    word: str
    steps: tuple[tuple[int, str], ...]

    @property
    def positions(self) -> tuple[int, ...]:
        return tuple(position for position, _ in self.steps)


class _Board:
    """A board prepared for searching: positions as bits, readings per position."""

    __slots__ = ("cards", "readings", "neighbour_mask", "_moves")

    def __init__(self, placed: Mapping[int, str | Letter]):
        table = letters()
        self.cards: dict[int, Letter] = {}
        for position, card in placed.items():
            if position not in LETTER_POSITIONS:
                raise ValueError(f"position {position!r} cannot hold a letter card")
            if not isinstance(card, Letter):
                if card not in table:
                    raise ValueError(f"unknown letter card {card!r} at {position}")
                card = table[card]
            self.cards[position] = card
        self.readings = {p: card.texts for p, card in self.cards.items()}
        self.neighbour_mask = {
            p: sum(1 << q for q in geometry.NEIGHBOURS[p] if q in self.cards)
            for p in self.cards
        }
        self._moves: dict[int, tuple[int, dict[int, list]]] = {}

    def moves(self, mask: int) -> tuple[int, dict[int, list]]:
        """The readings a next visit may make from any of ``mask``, by first letter.

        ``(letters, by_letter)``: ``letters`` has the trie bit (``wordindex``) of every
        first letter a reading can have; ``by_letter[bit]`` lists, in sorted order, each
        reading starting with that letter as ``(reading, positions, tail)``, where
        ``positions`` merges the cards that read it ("o" on Omicron, Sigma, Omega, so the
        search extends each text once) and ``tail`` holds the bits of its other letters.
        Cached per mask because the same few masks come back at every depth.
        """
        cached = self._moves.get(mask)
        if cached is not None:
            return cached
        reachable = 0
        for p in _bits(mask):
            reachable |= self.neighbour_mask[p]
        by_text: dict[str, int] = {}
        for q in _bits(reachable):
            for text in self.readings[q]:
                by_text[text] = by_text.get(text, 0) | (1 << q)
        by_letter: dict[int, list] = {}
        for text in sorted(by_text):
            bit, tail = _shape(text)
            if bit:
                by_letter.setdefault(bit, []).append((text, by_text[text], tail))
        cached = self._moves[mask] = (sum(by_letter), by_letter)
        return cached

    def first_moves(self) -> tuple[tuple[str, int], ...]:
        by_text: dict[str, int] = {}
        for q, texts in self.readings.items():
            for text in texts:
                by_text[text] = by_text.get(text, 0) | (1 << q)
        return tuple(by_text.items())


_SHAPES: dict[str, tuple[int, tuple[int, ...]]] = {}


def _shape(text: str) -> tuple[int, tuple[int, ...]]:
    """A reading's first letter bit and the bits of the letters after it."""
    shape = _SHAPES.get(text)
    if shape is None:
        shape = _SHAPES[text] = (letter_bit(text[0]), tuple(map(letter_bit, text[1:])))
    return shape


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _required(word: str, min_cards: int) -> int:
    return 1 if word in ONE_CARD_WORDS else max(1, min_cards)


def _normal_word(word: str) -> str:
    return "".join(word.split()).lower()


def find_path(board: Mapping[int, str], word: str, min_cards: int = 2) -> Path | None:
    """A path spelling ``word`` with the fewest visits, or None when the board cannot.

    Breadth-first over (letters read, position, visits capped at the CX-4 minimum): the
    cap matters because a word too short in visits may still be spelled by a longer walk
    through the same state.
    """
    word = _normal_word(word)
    if not word:
        return None
    prepared = _Board(board)
    need = _required(word, min_cards)
    end = len(word)
    # state -> (previous state or None, position, reading)
    parent: dict[tuple[int, int, int], tuple] = {}
    frontier: list[tuple[int, int, int]] = []
    for position, texts in prepared.readings.items():
        for text in texts:
            if word.startswith(text):
                state = (len(text), position, min(1, need))
                if state not in parent:
                    parent[state] = (None, position, text)
                    frontier.append(state)
    while frontier:
        for state in frontier:
            if state[0] == end and state[2] >= need:
                return _unwind(word, parent, state)
        following: list[tuple[int, int, int]] = []
        for state in frontier:
            read, position, visits = state
            if read == end:
                continue
            for q in geometry.NEIGHBOURS[position]:
                texts = prepared.readings.get(q)
                if texts is None:
                    continue
                for text in texts:
                    if word.startswith(text, read):
                        nxt = (read + len(text), q, min(visits + 1, need))
                        if nxt not in parent:
                            parent[nxt] = (state, q, text)
                            following.append(nxt)
        frontier = following
    return None


def _unwind(word: str, parent: dict, state) -> Path:
    steps = []
    while state is not None:
        state, position, text = parent[state]
        steps.append((position, text))
    return Path(word, tuple(reversed(steps)))


def nearest(board: Mapping[int, str], word: str) -> str:
    """The longest start of ``word`` the board can spell, for a refusal to quote.

    CX-4's minimum is ignored: this says how far the letters go, so it returns the whole
    word when only the number of cards was wrong.
    """
    word = _normal_word(word)
    prepared = _Board(board)
    seen: set[tuple[int, int]] = set()
    frontier = [(len(text), p) for p, texts in prepared.readings.items()
                for text in texts if word.startswith(text)]
    best = 0
    while frontier:
        following = []
        for read, position in frontier:
            if (read, position) in seen:
                continue
            seen.add((read, position))
            best = max(best, read)
            for q in geometry.NEIGHBOURS[position]:
                for text in prepared.readings.get(q, ()):
                    if word.startswith(text, read):
                        following.append((read + len(text), q))
        frontier = following
    return word[:best]


def verify_path(board: Mapping[int, str], word: str, positions: Sequence[int],
                min_cards: int = 2) -> Path:
    """Check a path a player gave for ``word``; the refusal names the broken rule."""
    spelled = _normal_word(word)
    if not spelled:
        raise InputError("Name the word the path spells.")
    if not positions:
        raise InputError(f"Give the positions of the cards that spell {spelled.upper()}.")
    prepared = _Board(board)
    _check_walk(prepared, positions)
    # Which lengths of the word each prefix of the walk can have read, and how.
    reached: list[dict[int, tuple[int, str]]] = [{0: (0, "")}]
    for position in positions:
        step: dict[int, tuple[int, str]] = {}
        for read in reached[-1]:
            for text in prepared.readings[position]:
                if spelled.startswith(text, read) and read + len(text) not in step:
                    step[read + len(text)] = (read, text)
        if not step:
            break
        reached.append(step)
    if len(reached) <= len(positions) or len(spelled) not in reached[-1]:
        _cannot_spell(prepared, spelled, positions, reached)
    need = _required(spelled, min_cards)
    if len(positions) < need:
        raise RuleError(
            f"{spelled.upper()} joins {len(positions)} card visit"
            f"{'s' if len(positions) != 1 else ''}; a word needs at least {need}, and "
            f"only A and I may be formed by one card.", rule="CX-4")
    steps = []
    read = len(spelled)
    for index in range(len(positions), 0, -1):
        previous, text = reached[index][read]
        steps.append((positions[index - 1], text))
        read = previous
    return Path(spelled, tuple(reversed(steps)))


def _check_walk(prepared: _Board, positions: Sequence[int]) -> None:
    """The positions of a given path: each a placed card (CX-2), each touching the one
    before (CX-1) and never the same twice in a row (CX-2)."""
    for position in positions:
        if position not in geometry.POSITIONS:
            raise InputError(
                f"{position!r} is not a position; give numbers from 1 to "
                f"{geometry.POSITIONS[-1]}.")
        if position not in prepared.cards:
            raise RuleError(f"There is no letter card at position {position}.", rule="CX-2")
    for p, q in zip(positions, positions[1:]):
        if p == q:
            raise RuleError(
                f"Position {p} is used twice in a row; a card can be used again only "
                f"after another card.", rule="CX-2")
        if not geometry.touching(p, q):
            raise RuleError(
                f"Positions {p} and {q} do not touch; cards connect only horizontally "
                f"or diagonally.", rule="CX-1")


def _cannot_spell(prepared: _Board, spelled: str, positions: Sequence[int],
                  reached: list[dict[int, tuple[int, str]]]) -> None:
    """The refusal of a walk whose cards do not spell the word, saying how far they get."""
    names = ", ".join(prepared.cards[p].name for p in positions)
    done = [count for count, step in enumerate(reached) if len(spelled) in step]
    longest = max(max(step) for step in reached)
    if done:
        how = (f"; the word is already spelled after {done[0]} of the "
               f"{len(positions)} cards")
    elif longest:
        how = f"; they get no further than {spelled[:longest].upper()}"
    else:
        how = ""
    raise RuleError(
        f"{names} cannot spell {spelled.upper()} reading one representation per "
        f"card{how}.", rule="CX-2")


def find_all(board: Mapping[int, str], index: WordIndex, min_cards: int = 2
             ) -> dict[str, Path]:
    """Every word of ``index`` the board can form, each with a fewest-visits path.

    Breadth-first by number of visits over (text read, last position), a text being its
    node in the index's trie (``wordindex``). Positions that share a text are carried
    together as one bit mask, so each (text, next reading) is tried once however many
    cards could read it. Issue 11 item 4 (``bench/finder_bench.py``): only readings
    whose first letter both the node and the neighbouring cards allow are tried (one
    AND of two bit masks), a one-letter reading then needs no further look-up, and a
    longer one is read on down the trie letter by letter.

    Each text keeps the way back while searching: the (reading, earlier text, positions)
    links that reached it, so a found word's path is read off them and no search is
    repeated afterwards. The path chosen is the one the finder has always chosen: last
    card the lowest position, each step back the first reading of that card, in the
    card's order, that came from a touching earlier card, and that card the lowest such
    position.
    """
    prepared = _Board(board)
    table = index.table
    need_all = max(1, min_cards)
    # node -> [positions mask, the way back: the text itself on the first visit, else a
    #          list of (reading, entry of the text before, positions that reading reached)]
    frontier: dict[int, list] = {}
    for text, mask in prepared.first_moves():
        node = walk(table, text)
        if node is not None:
            frontier[node] = [mask, text]
    seen: dict[int, int] = {}  # states already met at a visit count >= the CX-4 minimum
    found: dict[int, list] = {}  # node of a word -> its entry where first found
    visits = 1
    alone = ONE_CARD_WORDS  # FAQ 7: the words one card may form, on the first visit only
    moves = prepared.moves
    cached_moves = prepared._moves
    count = popcount
    while frontier:
        counted = visits >= need_all  # CX-4: a word needs this many visits
        following: dict[int, list] = {}
        get = following.get
        for node, entry in frontier.items():
            mask = entry[0]
            if counted:  # positions already met with this text at enough visits: dropped
                old = seen.get(node)
                if old is None:  # the usual case: a text is seldom met twice
                    seen[node] = mask
                else:
                    if not mask & ~old:
                        continue
                    mask &= ~old
                    seen[node] = old | mask
                    entry[0] = mask
            value = table[node]
            if value & TERMINAL and node not in found and (counted or entry[1] in alone):
                found[node] = entry
            starts, by_letter = cached_moves.get(mask) or moves(mask)
            live = value & starts  # first letters a word goes on with and a card reads
            if not live:
                continue
            first = value >> 32
            while live:
                bit = live & -live
                live ^= bit
                child = first + count(value & (bit - 1))
                for reading, targets, tail in by_letter[bit]:
                    reached = child
                    for letter in tail:  # ALPHA, PHI...: the rest of the reading
                        below = table[reached]
                        if not below & letter:
                            break
                        reached = (below >> 32) + count(below & (letter - 1))
                    else:
                        known = get(reached)
                        if known is None:
                            following[reached] = [targets, [(reading, entry, targets)]]
                        else:
                            known[0] |= targets
                            known[1].append((reading, entry, targets))
        frontier = following
        visits += 1
        alone = ()
    return _paths(found, prepared.readings, prepared.neighbour_mask)


def _paths(found: Mapping[int, list], readings: Mapping[int, tuple[str, ...]],
           neighbour_mask: Mapping[int, int]) -> dict[str, Path]:
    """Each found word's path, followed back along its links (see ``_trail``)."""
    paths: dict[str, Path] = {}
    trails: dict = {}
    for entry in found.values():
        mask = entry[0]
        steps, word = _trail(entry, (mask & -mask).bit_length() - 1, readings,
                             neighbour_mask, trails)
        paths[word] = Path(word, steps)
    return paths


def _trail(entry: list, position: int, readings: Mapping[int, tuple[str, ...]],
           neighbour_mask: Mapping[int, int], trails: dict) -> tuple[tuple, str]:
    """(steps, text) of the way back from ``entry`` standing on ``position``.

    Every position kept in an entry was reached by some link whose positions hold it,
    and the entry it came from has a position touching it, so no step can fail. Each
    (entry, position) is followed once (``trails``): words share their starts (META,
    METAL, METALS), and a shared start is not walked again.
    """
    key = (id(entry), position)
    known = trails.get(key)
    if known is not None:
        return known
    back = entry[1]
    if back.__class__ is str:  # the first visit
        known = trails[key] = (((position, back),), back)
        return known
    if len(back) == 1:
        reading, before, _ = back[0]
    else:
        bit = 1 << position
        reading, before = next(
            (reading, before) for reading in readings[position]
            for text, before, targets in back if text == reading and targets & bit)
    touching = before[0] & neighbour_mask[position]
    steps, text = _trail(before, (touching & -touching).bit_length() - 1, readings,
                         neighbour_mask, trails)
    known = trails[key] = (steps + ((position, reading),), text + reading)
    return known
