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

from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from referee.core.errors import InputError, RuleError

from . import board as geometry
from .cards import Letter, letters

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


class WordIndex:
    """The accepted words in sorted order, so that the words sharing a prefix are a slice.

    Measured on the ~185k accepted words (``bench/finder_bench.py``): a set of every
    prefix took about 300 ms to build and roughly 30 MB more memory; sorting the words
    takes about 100-150 ms and nothing beyond the list. Because the board search carries
    each text's slice and narrows it as the text grows, each lookup bisects a small
    range, and ``find_all`` came out no slower than with the prefix set. A dict trie
    (one dict per prefix) was not tried: it would cost more than the prefix set to build.
    """

    __slots__ = ("words", "ordered")

    def __init__(self, words: Iterable[str]):
        if not isinstance(words, (set, frozenset)):
            words = frozenset(words)
        if not all(map(str.islower, words)):
            words = frozenset(word.lower() for word in words)
        self.words = frozenset(words)  # no copy when given a frozenset already
        self.ordered = sorted(words)

    def __contains__(self, text: str) -> bool:
        return text in self.words

    def __len__(self) -> int:
        return len(self.words)

    def span(self, text: str, lo: int = 0, hi: int | None = None) -> tuple[int, int]:
        """The slice of ``ordered`` holding the words that start with ``text``.

        ``lo``/``hi`` may give the slice of a shorter prefix of ``text``, to search
        less. An empty slice (``lo == hi``) means no word starts with ``text``.
        """
        ordered = self.ordered
        if hi is None:
            hi = len(ordered)
        start = bisect_left(ordered, text, lo, hi)
        if start == hi or not ordered[start].startswith(text):
            return start, start
        return start, bisect_left(ordered, text + _AFTER_ALL, start, hi)

    def is_prefix(self, text: str) -> bool:
        """Whether some word starts with ``text`` (a word is a prefix of itself)."""
        start, end = self.span(text)
        return start < end


# Sorts after every character a word can hold, so text + _AFTER_ALL bounds text's slice.
_AFTER_ALL = chr(0x10FFFF)


class _Board:
    """A board prepared for searching: positions as bits, readings per position."""

    __slots__ = ("cards", "readings", "bit", "neighbour_mask", "_moves")

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
        self.bit = {p: 1 << p for p in self.cards}
        self.neighbour_mask = {
            p: sum(1 << q for q in geometry.NEIGHBOURS[p] if q in self.cards)
            for p in self.cards
        }
        self._moves: dict[int, tuple[tuple[str, int], ...]] = {}

    def moves(self, mask: int) -> tuple[tuple[str, int], ...]:
        """``(reading, positions)`` pairs a next visit may make from any of ``mask``.

        Positions sharing a reading text ("o" on Omicron, Sigma, Omega) are merged into
        one mask, so the search checks each extended text once. Cached per mask because
        the same few masks come back at every depth.
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
        cached = self._moves[mask] = tuple(by_text.items())
        return cached

    def first_moves(self) -> tuple[tuple[str, int], ...]:
        by_text: dict[str, int] = {}
        for q, texts in self.readings.items():
            for text in texts:
                by_text[text] = by_text.get(text, 0) | (1 << q)
        return tuple(by_text.items())


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


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


def find_all(board: Mapping[int, str], index: WordIndex, min_cards: int = 2
             ) -> dict[str, Path]:
    """Every word of ``index`` the board can form, each with a fewest-visits path.

    Breadth-first by number of visits over (text read, last position). Positions that
    share a text are carried together as one bit mask, so each (text, next reading) is
    looked up once however many cards could read it; and each text carries its slice of
    the sorted words, so a lookup bisects only the words that start with it.
    """
    prepared = _Board(board)
    ordered = index.ordered
    need_all = max(1, min_cards)
    # text -> [positions mask, start, end of the slice of words starting with text]
    frontier: dict[str, list[int]] = {}
    for text, mask in prepared.first_moves():
        start, end = index.span(text)
        if start < end:
            frontier[text] = [mask, start, end]
    levels: list[dict[str, list[int]]] = []
    seen: dict[str, int] = {}  # states already met at a visit count >= the CX-4 minimum
    found: dict[str, tuple[int, int]] = {}  # word -> (visits, end mask)
    visits = 1
    moves = prepared.moves
    while frontier:
        if visits >= need_all:
            fresh: dict[str, list[int]] = {}
            for text, entry in frontier.items():
                old = seen.get(text, 0)
                mask = entry[0] & ~old
                if mask:
                    seen[text] = old | mask
                    entry[0] = mask
                    fresh[text] = entry
            frontier = fresh
        levels.append(frontier)
        for text, (mask, start, _) in frontier.items():
            # The first word of a text's slice is the text itself when it is a word.
            if ordered[start] == text and text not in found and (
                    visits >= need_all or text in ONE_CARD_WORDS):
                found[text] = (visits, mask)
        following: dict[str, list[int]] = {}
        for text, (mask, lo, hi) in frontier.items():
            for reading, targets in moves(mask):
                longer = text + reading
                start = bisect_left(ordered, longer, lo, hi)
                if start < hi and ordered[start].startswith(longer):
                    entry = following.get(longer)
                    if entry is None:
                        end = bisect_left(ordered, longer + _AFTER_ALL, start, hi)
                        following[longer] = [targets, start, end]
                    else:
                        entry[0] |= targets
        frontier = following
        visits += 1
    return {word: _rebuild(prepared, levels, word, count, mask)
            for word, (count, mask) in found.items()}


def _rebuild(prepared: _Board, levels: list[dict[str, list[int]]], word: str, visits: int,
             mask: int) -> Path:
    """Walk a found word back through the stored levels to one concrete path.

    Every (text, position) kept at a level was reached from some state kept at the level
    before, so a predecessor always exists and no backtracking is needed.
    """
    position = _lowest(mask)
    text = word
    steps = []
    for level in range(visits - 1, 0, -1):
        previous = levels[level - 1]
        for reading in prepared.readings[position]:
            if len(reading) < len(text) and text.endswith(reading):
                before = text[:-len(reading)]
                entry = previous.get(before)
                touching = entry[0] & prepared.neighbour_mask[position] if entry else 0
                if touching:
                    steps.append((position, reading))
                    text, position = before, _lowest(touching)
                    break
        else:  # pragma: no cover - the invariant above makes this unreachable
            raise AssertionError(f"no predecessor for {word!r} at visit {level + 1}")
    steps.append((position, text))
    return Path(word, tuple(reversed(steps)))
