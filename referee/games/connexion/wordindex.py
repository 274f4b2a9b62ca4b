"""The finder's word index: the accepted words as a letter trie packed in one array.

Issue 11 item 4 (``find`` within 10 ms at the 95th percentile on full boards). The board
search extends a text one card reading at a time and must drop a text the moment no word
goes on from it. Bisecting a sorted list of 184k words for every (text, reading) did that
in a few hundred nanoseconds of C each, but the search around it had to guess which
readings were worth a lookup. A trie answers the better question directly: for a text,
*which letters* can come next. Each node is one 64-bit number::

    (first child's node number) << 32 | (TERMINAL if the text is a word) | letter bits

where bit ``k`` says a word goes on with ``chr(97 + k)``. The children of a node are
numbered consecutively in letter order, so the child for letter bit ``b`` is
``first + popcount(letters below b)``: no pointers per letter, no dict per node. The
search intersects a node's letter bits with the first letters the neighbouring cards can
read and tries only those readings.

Measured (tracemalloc; ``bench/finder_bench.py``): a dict per node holds 47 MB for the
spellable words alone, against a 60 MB budget for the whole game; a set of every prefix
of every word 30 MB. The packed array is 8 bytes a node (2.0 MB kept, 2.5 MB at the peak
of its build), and holds only the words some run of card readings can spell at all (114k
of the 184k accepted words: no F, J or Q is on any card, and C only in CH, CHI and
OMICRON): 253k nodes. It is built in one pass over the sorted words, after the first
prompt (the game builds its index in a background thread; the build is plain Python, so
the interpreter switches to the prompt every few milliseconds), in about 0.3 s.

The sorted list of every accepted word stays the index's answer to ``in``, ``len`` and
``is_prefix``: the lexicon keeps that list anyway, so sharing it costs nothing.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections.abc import Iterable
from itertools import islice

from .cards import letters

# Bit 26 of a node marks a word; bits 0-25 are the letters a word can go on with.
TERMINAL = 1 << 26
LETTER_BITS = TERMINAL - 1
# Sorts after every character a word can hold, so text + _AFTER_ALL bounds text's slice.
_AFTER_ALL = chr(0x10FFFF)


try:
    popcount = int.bit_count  # Python 3.10 and later
except AttributeError:  # Python 3.9 (setup.cfg's floor)
    def popcount(number: int) -> int:
        return bin(number).count("1")


def letter_bit(char: str) -> int:
    """The bit of a lowercase letter in a node (0 for anything else: never in a node)."""
    code = ord(char) - 97
    return 1 << code if 0 <= code < 26 else 0


def spellable_pattern(texts: Iterable[str]) -> re.Pattern:
    """A pattern that fully matches exactly the strings made of the readings ``texts``.

    Any board only ever spells such a string (a word is one reading per visit). A
    reading made only of letters that are readings by themselves adds nothing (ALPHA is
    A, L, P, H, A), so the pattern is those single letters and the few readings that
    hold another letter (CH, CHI, OMICRON for the C): quick to match, whatever the words.
    """
    texts = {text for text in texts if text}
    single = sorted(text for text in texts if len(text) == 1 and letter_bit(text))
    longer = sorted((text for text in texts if not set(text) <= set(single)),
                    key=lambda text: (-len(text), text))
    choices = ([f"[{''.join(single)}]"] if single else []) + [re.escape(t) for t in longer]
    return re.compile("(?:" + "|".join(choices) + ")+" if choices else "(?!)")


def _card_texts() -> set[str]:
    return {text for card in letters().values() for text in card.texts}


def build_trie(ordered: Iterable[str], longest: int | None = None) -> array:
    """The packed trie (see the module docstring) of ``ordered``: sorted lowercase a-z words.

    ``longest`` (at least the longest word's length) lets ``ordered`` be an iterator,
    read once, with no list of the words made.

    One pass: a word's new nodes are those deeper than its common prefix with the word
    before (found with one XOR of the two words as numbers). Nodes are numbered level by
    level, each level in sorted order, so a node's children are consecutive; a node's
    first child is the next node its own level-below will receive.
    """
    if longest is None:
        ordered = list(ordered)
        longest = max(map(len, ordered), default=0)
    width = longest + 1
    masks = [array("I", [0])] + [array("I") for _ in range(width)]
    firsts = [array("I", [0])] + [array("I") for _ in range(width)]
    current = [0] * (width + 1)  # the node of the word being read, per level
    before = 0
    for word in ordered:
        codes = word.encode("ascii")
        end = len(codes)
        key = int.from_bytes(codes.ljust(width, b"\0"), "big")
        shared = width - ((key ^ before).bit_length() + 7) // 8  # common prefix's length
        if shared >= end:
            continue  # the same word again (or the empty word)
        before = key
        masks[shared][current[shared]] |= 1 << (codes[shared] - 97)
        for depth in range(shared + 1, end):
            level = masks[depth]
            current[depth] = len(level)
            level.append(1 << (codes[depth] - 97))
            firsts[depth].append(len(masks[depth + 1]))
        level = masks[end]
        current[end] = len(level)
        level.append(TERMINAL)
        firsts[end].append(len(masks[end + 1]))
    table = array("Q")
    start = 0
    for depth in range(width + 1):
        level_masks, level_firsts = masks[depth], firsts[depth]
        masks[depth] = firsts[depth] = None  # freed level by level: a lower peak
        below = start + len(level_masks)  # where the next level's numbers start
        table.extend((first + below) << 32 | mask  # no list of the level's numbers
                     for first, mask in zip(level_firsts, level_masks))
        start = below
    return table


def walk(table: array, text: str, node: int = 0) -> int | None:
    """The node of ``text`` read from ``node`` (0 is the empty text), or None."""
    for char in text:
        bit = letter_bit(char)
        value = table[node]
        if not value & bit:
            return None
        node = (value >> 32) + popcount(value & (bit - 1))
    return node


class WordIndex:
    """The accepted words: sorted (for ``in``, ``len``, ``is_prefix``) and as a trie of
    those the cards can spell (``table``, for ``find_all``).

    ``ordered`` is the lexicon's own sorted list of lowercase words (accepted_sorted),
    taken as it is: sorting 184k words is one call that holds the interpreter for 150 ms
    or more, and a background build must not hold up keys. No set beside it either
    (``words`` may be None): a set of 184k words is 8 MB more against a 60 MB budget.

    :meth:`streamed` builds the same index from an iterator of the sorted words (the
    lexicon's ``accepted_stream``) without any list of them: the words are kept as one
    bytes object of sorted lines (2 MB, against 13 MB for a list of 184k strings), which
    ``in``, ``len`` and ``is_prefix`` bisect (issue 19: a whole game under 50 MB).
    """

    __slots__ = ("words", "ordered", "table", "_lines", "_count")

    def __init__(self, words: Iterable[str] | None, ordered: list[str] | None = None):
        if ordered is None:
            if not isinstance(words, (set, frozenset)):
                words = frozenset(words)
            if not all(map(str.islower, words)):
                words = frozenset(word.lower() for word in words)
            words = frozenset(words)  # no copy when given a frozenset already
            ordered = sorted(words)
        self.words, self.ordered = words, ordered
        self._lines, self._count = None, len(ordered)
        spellable = filter(spellable_pattern(_card_texts()).fullmatch, ordered)
        self.table = build_trie(spellable, max(map(len, ordered), default=0))

    @classmethod
    def streamed(cls, ordered: Iterable[str]) -> "WordIndex":
        """The index of ``ordered``, sorted lowercase a-z words read once, keeping no list.

        Two passes, neither holding a string per word: the words are written as lines of
        one bytes object (and the longest counted), then the trie is built from those
        lines, read back 64 kB at a time."""
        lines = bytearray(b"\n")
        count = longest = 0
        words = iter(ordered)
        while True:  # a few thousand words at a time, so each is touched in C, not here
            chunk = list(islice(words, 4096))
            if not chunk:
                break
            lines += "\n".join(chunk).encode("ascii")
            lines += b"\n"
            count += len(chunk)
            longest = max(longest, max(map(len, chunk)))
        index = cls.__new__(cls)
        index.words = index.ordered = None
        index._lines, index._count = bytes(lines), count
        del lines
        spellable = filter(spellable_pattern(_card_texts()).fullmatch, _lines_of(index._lines))
        index.table = build_trie(spellable, longest)
        return index

    def __contains__(self, text: str) -> bool:
        if self._lines is not None:
            key = _key(text)
            if key is None:
                return False
            at = _first_line(self._lines, key)
            return self._lines.startswith(key + b"\n", at + 1)
        if self.words is None:
            at = bisect_left(self.ordered, text)
            return at < len(self.ordered) and self.ordered[at] == text
        return text in self.words

    def __len__(self) -> int:
        return self._count

    def span(self, text: str, lo: int = 0, hi: int | None = None) -> tuple[int, int]:
        """The slice of ``ordered`` holding the words that start with ``text`` (an index
        made from a list only; a streamed one has no ``ordered``).

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
        if self._lines is not None:
            key = _key(text)
            if key is None:
                return False
            at = _first_line(self._lines, key)
            return at + 1 < len(self._lines) and self._lines.startswith(key, at + 1)
        start, end = self.span(text)
        return start < end

    def node(self, text: str) -> int | None:
        """The trie node of ``text`` when some spellable word starts with it, else None."""
        return walk(self.table, text)


def _key(text: str) -> bytes | None:
    """``text`` as the lines of a streamed index hold words; None for text no line can
    hold (not ASCII, or a line break in it)."""
    if "\n" in text or not text.isascii():
        return None
    return text.encode("ascii")


def _first_line(lines: bytes, key: bytes) -> int:
    """The offset of the line break before the first line that sorts at or after ``key``
    (the last line break when every line sorts before it). ``lines`` starts and ends with
    a line break and its lines are sorted; a bisection over byte offsets, each probe
    stepping back to the start of the line it lands in."""
    lo, hi = 0, len(lines) - 1  # lines[lo] and lines[hi] are line breaks
    while lo < hi:
        start = lines.rfind(b"\n", lo, (lo + hi) // 2 + 1)
        end = lines.find(b"\n", start + 1)
        if lines[start + 1:end] < key:
            lo = end
        else:
            hi = start
    return lo


def _lines_of(lines: bytes) -> Iterable[str]:
    """The words of a streamed index's lines, in order, 64 kB at a time."""
    start = 1
    while start < len(lines):
        end = lines.find(b"\n", start + 65536)
        end = len(lines) if end < 0 else end
        yield from lines[start:end].decode("ascii").split()
        start = end + 1
