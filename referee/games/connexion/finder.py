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

from bisect import bisect_left, bisect_right
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

    def __init__(self, words: Iterable[str] | None, ordered: list[str] | None = None):
        if ordered is not None:
            # The lexicon's own sorted list of lowercase words (accepted_sorted), taken as
            # it is: sorting 184k words is one call that holds the interpreter for 150 ms or
            # more, and a background build must not hold up keys. No set beside it either
            # (``words`` may be None): find_all only bisects ``ordered``, and a set of 184k
            # words is 8 MB more (12 MB while it grows) against a 60 MB budget.
            self.words, self.ordered = words, ordered
            return
        if not isinstance(words, (set, frozenset)):
            words = frozenset(words)
        if not all(map(str.islower, words)):
            words = frozenset(word.lower() for word in words)
        self.words = frozenset(words)  # no copy when given a frozenset already
        self.ordered = sorted(words)

    def __contains__(self, text: str) -> bool:
        if self.words is None:
            at = bisect_left(self.ordered, text)
            return at < len(self.ordered) and self.ordered[at] == text
        return text in self.words

    def __len__(self) -> int:
        return len(self.ordered)

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
# At most this many words going on from a text: find_all walks them to see which letters
# come next, rather than looking readings up in them.
_FEW = 16


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
        self._moves: dict[int, tuple[list, list, dict[str, tuple[int, int]]]] = {}

    def moves(self, mask: int) -> tuple[list, list, dict[str, tuple[int, int]]]:
        """The readings a next visit may make from any of ``mask`` (see ``_nested``).

        Positions sharing a reading ("o" on Omicron, Sigma, Omega) are merged into one
        mask, so the search checks each extended text once. The readings are sorted, so
        that those starting with another ("alpha" after "a", "phi" after "ph" after
        "p") follow it and are skipped with it when text + "a" starts no word. Cached
        per mask because the same few masks come back at every depth.
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
        cached = self._moves[mask] = _nested(by_text)
        return cached

    def first_moves(self) -> tuple[tuple[str, int], ...]:
        by_text: dict[str, int] = {}
        for q, texts in self.readings.items():
            for text in texts:
                by_text[text] = by_text.get(text, 0) | (1 << q)
        return tuple(by_text.items())


def _nested(by_text: Mapping[str, int]) -> tuple[list, list, dict[str, tuple[int, int]]]:
    """The moves in sorted order, each ``(reading, positions, skip)``, where ``skip`` is
    the index after the readings that start with this one (they follow it); the first
    letter of each; and for each first letter, the range of indices it holds."""
    ordered = sorted(by_text.items())
    nodes: list = []
    letters: list = []
    by_letter: dict[str, tuple[int, int]] = {}
    for index, (text, positions) in enumerate(ordered):
        skip = index + 1
        while skip < len(ordered) and ordered[skip][0].startswith(text):
            skip += 1
        nodes.append((text, positions, skip))
        letters.append(text[0])
        first, _ = by_letter.get(text[0], (index, 0))
        by_letter[text[0]] = (first, index + 1)
    return nodes, letters, by_letter


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

    Issue 11 item 4 (``bench/finder_bench.py``): a reading is looked up only if the
    words of the slice can have its first letter next: when few words go on, they are
    walked, and each run of words sharing the next letter is that letter's slice (a
    one-letter reading then needs no lookup); otherwise the letter must lie between the
    first word's and the last's, the words being sorted. A longer reading is looked up
    only when the one it starts with matched ("alpha" after "a").
    Each text also keeps the way back while searching: the (reading, earlier text,
    positions) that reached it. A found word's path is read off those links, so no
    search is repeated afterwards (issue 11 item 4: rebuilding every path after the
    search had cost a fifth of the time). The path chosen is the one the earlier
    rebuild chose: last card the lowest position, each step back the first reading of
    that card, in the card's order, that came from a touching earlier card, and that
    card the lowest such position.
    """
    prepared = _Board(board)
    ordered = index.ordered
    need_all = max(1, min_cards)
    # text -> [positions mask, start, end of the slice of words starting with text,
    #          the way back: the text itself on the first visit, else a list of
    #          (reading, entry of the text before, positions that reading reached)]
    frontier: dict[str, list] = {}
    for text, mask in prepared.first_moves():
        start, end = index.span(text)
        if start < end:
            frontier[text] = [mask, start, end, text]
    seen: dict[str, int] = {}  # states already met at a visit count >= the CX-4 minimum
    found: dict[str, list] = {}  # word -> its entry where first found
    visits = 1
    moves = prepared.moves
    cached_moves = prepared._moves
    bisect = bisect_left
    after_all = _AFTER_ALL
    while frontier:
        counted = visits >= need_all  # CX-4: a word needs this many visits
        following: dict[str, list] = {}
        get = following.get

        for text, entry in frontier.items():
            mask, lo, hi, _ = entry
            if counted:  # positions already met with this text at enough visits: dropped
                old = seen.get(text)
                if old is None:  # the usual case: a text is seldom met twice
                    seen[text] = mask
                else:
                    if not mask & ~old:
                        continue
                    mask &= ~old
                    seen[text] = old | mask
                    entry[0] = mask
            after = len(text)
            # The first word of a text's slice is the text itself when it is a word.
            if len(ordered[lo]) == after:
                if (counted or text in ONE_CARD_WORDS) and text not in found:
                    found[text] = entry
                first = lo + 1  # the next word goes on
                if first == hi:
                    continue
            else:
                first = lo
            nodes, letters, by_letter = cached_moves.get(mask) or moves(mask)
            # Which readings to look up, and where: (first node, end of nodes, slice of
            # words to look in, whether that slice is exactly text + the nodes' letter).
            # The next letter of every word here is between the first's and the last's
            # (the words are sorted).
            low = ordered[first][after]
            high = ordered[hi - 1][after]
            if low == high:  # one letter goes on: its words are the rest
                span = by_letter.get(low)
                if span is None:
                    continue
                groups = ((span[0], span[1], first, hi, low),)
            elif hi - first <= _FEW:
                # Few words go on: walk them, a run of words per next letter; the run
                # is the slice of text + that letter, so a one-letter reading needs no
                # lookup, and letters no card reads cost nothing.
                groups = []
                i = first
                while i < hi:
                    letter = ordered[i][after]
                    j = i + 1
                    while j < hi and ordered[j][after] == letter:
                        j += 1
                    span = by_letter.get(letter)
                    if span is not None:
                        groups.append((span[0], span[1], i, j, letter))
                    i = j
            else:
                # Only readings starting with a letter in that range are looked up.
                groups = ((bisect(letters, low), bisect_right(letters, high), lo, hi, None),)
            for i, stop, lo, hi, letter in groups:
                if letter is not None and nodes[i][0] == letter:  # slice [lo, hi): no lookup
                    targets = nodes[i][1]
                    longer = text + letter
                    child = get(longer)
                    if child is None:
                        following[longer] = [targets, lo, hi, [(letter, entry, targets)]]
                    else:
                        child[0] |= targets
                        child[3].append((letter, entry, targets))
                    i += 1
                while i < stop:
                    reading, targets, skip = nodes[i]
                    longer = text + reading
                    start = bisect(ordered, longer, lo, hi)
                    if start < hi and ordered[start].startswith(longer):
                        child = get(longer)
                        if child is None:
                            end = start + 1
                            if end < hi and ordered[end].startswith(longer):
                                end = bisect(ordered, longer + after_all, end, hi)
                            following[longer] = [targets, start, end,
                                                 [(reading, entry, targets)]]
                        else:
                            child[0] |= targets
                            child[3].append((reading, entry, targets))
                        i += 1
                    else:  # no word goes on with this reading, nor the longer ones after it
                        i = skip
        frontier = following
        visits += 1
    readings = prepared.readings
    neighbour_mask = prepared.neighbour_mask
    ends: dict = {}  # (id of an entry, position) -> the steps of a word's path ending there
    return {word: _way_back(word, entry, readings, neighbour_mask, ends)
            for word, entry in found.items()}


def _way_back(word: str, entry: list, readings: Mapping[int, tuple[str, ...]],
              neighbour_mask: Mapping[int, int], ends: dict) -> Path:
    """Follow a found word's links back to the first visit: one concrete path.

    Every position kept in an entry was reached by some link whose positions hold it,
    and the entry it came from has a position touching it, so no step can fail. Words
    are followed shortest first, and a way back that reaches the end of a shorter
    word's path (STOPS through STOP) takes that path's steps as they are (``ends``).
    """
    mask = entry[0]
    position = (mask & -mask).bit_length() - 1
    key = (id(entry), position)
    steps = []
    back = entry[3]
    while back.__class__ is not str:
        if len(back) == 1:
            reading, before, _ = back[0]
        else:
            bit = 1 << position
            reading, before = next(
                (reading, before) for reading in readings[position]
                for text, before, targets in back if text == reading and targets & bit)
        steps.append((position, reading))
        touching = before[0] & neighbour_mask[position]
        position = (touching & -touching).bit_length() - 1
        known = ends.get((id(before), position))
        if known is not None:
            steps.reverse()
            path = ends[key] = known + tuple(steps)
            return Path(word, path)
        back = before[3]
    steps.append((position, back))
    steps.reverse()
    path = ends[key] = tuple(steps)
    return Path(word, path)
