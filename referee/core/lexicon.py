"""Word verdicts for word games: is this a word the table accepts?

The decision order is the one measured in ``wordlists/README.md`` and must stay in this
order, because each step exists to overrule the ones after it:

1. refuse text that is not a-z letters, single letters other than a and i, the house deny
   list and the table's own deny lists (``--deny``): what is *not* allowed has the last word;
2. accept the house allow list, a, i, ENABLE, the SCOWL extras and the table's own lists;
3. refuse names and acronyms, then abbreviations, contractions and Roman numerals (SCOWL
   knows them, but they are not words at the table, and they are never put to a vote);
4. put to a table vote ("rare") what no list knows but wordfreq has seen often enough;
5. refuse the rest.

Word lists decide; wordfreq only grades. Every word of the shipped lists, and every word
in no list that wordfreq grades at Zipf 2.0 or more (the rare band), is in one compact
table built by ``wordlists/build_table.py``: one sorted line ``word SOURCE GRADE`` each,
kept as a single bytes object and searched by bisection. So the lists and grades cost one
3 MB read and about 3 MB of memory, not three sets of 216k words (25 MB) plus wordfreq's
own table (47 MB). wordfreq itself is imported only for a word in no list and outside the
rare band, to say how rare it is, and only by ``referee word``: in a game such a word is
refused as rarer than the table's rare line without it, and a word only in a table's
own list is graded 0.0, rather than load wordfreq in the middle of a game.

Nothing slow happens at import time: ``referee --help`` imports this module's callers.
"""

import os
import threading
from typing import NamedTuple

from referee.core.errors import InputError

__all__ = ["Verdict", "Lexicon", "default_lexicon", "for_session", "RARE_ZIPF"]

RARE_ZIPF = 2.0

# The folder of the shipped lists: referee/wordlists/ in an installed copy (setup.py maps
# it to the top-level wordlists/ folder), the top-level wordlists/ in a checkout or an
# editable install.
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE_NAME = "lexicon-table.txt"


def wordlists_folder():
    """Where the shipped lists are: the installed package data first, then the checkout."""
    for folder in (os.path.join(_PACKAGE, "wordlists"), os.path.join(os.path.dirname(_PACKAGE), "wordlists")):
        if os.path.isfile(os.path.join(folder, TABLE_NAME)):
            return folder
    return os.path.join(_PACKAGE, "wordlists")


_WORDLISTS = wordlists_folder()

# -- the compact table's format (shared with wordlists/build_table.py) ------------------

TABLE_FORMAT = "1"
# Shipped lists, each with its one-letter source code in the table, in decision order:
# a word in two lists is filed under the first. "h" marks a house-allow word no shipped
# list has; "r" a word in no list that wordfreq grades (the rare band, and every letter).
SOURCES = (
    ("enable.txt", "e"),
    ("scowl-large-extra.txt", "s"),
    ("names-and-acronyms.txt", "n"),
    ("abbreviations.txt", "b"),
)
HOUSE_ALLOW, HOUSE_DENY = "house-allow.txt", "house-deny.txt"
DIGESTED = tuple(name for name, _code in SOURCES) + (HOUSE_ALLOW,)


def lists_digest(folder):
    """The hash the table's header records of the lists it was built from: a table whose
    digest differs from the files beside it is stale (tests check this)."""
    import hashlib  # here, not at the top: only the build script and the tests need it (~15 ms)

    digest = hashlib.sha256()
    for name in DIGESTED:
        with open(os.path.join(folder, name), "rb") as handle:
            digest.update(name.encode() + b"\0" + handle.read() + b"\0")
    return digest.hexdigest()[:16]


def table_line(word, source, zipf):
    """One line of the table: ``cat e478``; the grade is centi-Zipf, left out when 0."""
    grade = int(round(zipf * 100))
    return f"{word} {source}{grade or ''}"


# Files exactly like the shipped lists (only a-z and line breaks) skip the per-line
# parser: one scan that deletes every allowed byte (nothing may be left), then split() +
# frozenset(). Anything else (comments, capitals, stray characters) takes the slow path,
# the one that can say which line is wrong. bytes.translate is about 3x faster than a
# regex here and spares the import of re.
_PLAIN_BYTES = b"abcdefghijklmnopqrstuvwxyz\r\n"
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_LONE_WORDS = frozenset("ai")
_NOT_WORDS = _LETTERS - _LONE_WORDS


class Verdict(NamedTuple):
    """One decision about one word, with enough said for a player to accept it.

    ``reason`` is the sentence shown at the table; ``source`` is the stable key code
    should branch on, so wording can change without breaking callers.
    """

    word: str
    verdict: str  # "word" | "rare" | "unknown"
    zipf: float
    reason: str
    # "enable" | "scowl" | "allow" | "table" | "deny" | "names" | "abbreviation"
    # | "wordfreq" | "none" | "form" | "letter"
    source: str


class Table:
    """The compact table: sorted lines ``word SOURCE[GRADE]`` in one bytes object.

    A lookup bisects byte offsets, stepping back to the start of the line it lands in:
    about 18 probes for 240k lines, some microseconds, and no per-word objects at all.
    Comparing a whole line with ``word + b" "`` orders like comparing the words, because
    the space sorts before every letter.
    """

    __slots__ = ("data", "header", "start")

    def __init__(self, data):
        self.start = data.find(b"\n")  # the header's end: a line break before every line
        header = data[:max(self.start, 0)]
        if not header.startswith(b"#referee-lexicon-table "):
            raise InputError(f"{TABLE_NAME}: not a referee lexicon table; rebuild it with wordlists/build_table.py")
        self.header = dict(field.split("=", 1) for field in header.decode("ascii").split()[1:] if "=" in field)
        self.data = data  # kept whole: slicing off the header would copy 3 MB

    @classmethod
    def read(cls, path):
        try:
            with open(path, "rb") as handle:
                return cls(handle.read())
        except OSError as error:
            raise InputError(f"cannot read the lexicon table {path}: {error.strerror or error}") from None

    def find(self, word):
        """``(source code, zipf)`` of a listed or rare-band word, or None."""
        key = b"\n" + word.encode("ascii") + b" "
        data = self.data
        lo, hi = self.start, len(data)  # data[lo] and data[hi] (or the end) are line breaks
        while lo < hi:
            start = data.rfind(b"\n", lo, (lo + hi) // 2 + 1)
            end = data.find(b"\n", start + 1)
            if end < 0:
                end = len(data)
            if data.startswith(key, start):
                field = data[start + len(key):end]
                return chr(field[0]), (int(field[1:]) / 100 if len(field) > 1 else 0.0)
            if data[start:end] < key:
                lo = end
            else:
                hi = start
        return None

    def words(self, codes):
        """Every word filed under one of ``codes``, in sorted order (an iterator).

        Reads 64 kB of the table at a time, cut at a line break, so that no copy of the
        whole table is made and a background thread building the finder's index holds the
        interpreter for a millisecond or so at a time, never long enough to delay a key.
        """
        import re

        pattern = re.compile(r"^([a-z]+) [" + codes + "]", re.M)
        data, start = self.data, self.start + 1
        while start < len(data):
            end = data.find(b"\n", start + 65536)
            end = len(data) if end < 0 else end
            yield from pattern.findall(data[start:end].decode("ascii"))
            start = end + 1

    def __len__(self):
        return int(self.header.get("words", 0))


def _format_zipf(value):
    """Two decimals, minus one trailing zero: 2.4 and 2.0 read naturally, and 1.96 is not
    rounded up to a "2.0" that would contradict the "< 2.0" beside it."""
    text = f"{value:.2f}"
    return text[:-1] if text.endswith("0") else text


def _is_word_form(text):
    """True for non-empty a-z text; isascii()+isalpha() is the fast way to say [a-z]+
    once the text is lowercased (callers lowercase first)."""
    return text.isascii() and text.isalpha()


MAX_LIST_BYTES = 32 << 20  # a word list of every English word is 3 MB


def _read_list(path, quote=True):
    """Read one word list file into a frozenset, or raise InputError naming file and line.

    Table lists come from players (``--wordlist FILE``, ``--deny FILE``), so a bad file
    must produce one readable line at the table, never a traceback. Lines may hold ``#``
    comments, blank lines and capitals; every word must be a-z after lowercasing.

    A list is a regular file of at most MAX_LIST_BYTES (``/dev/zero`` would be read until
    memory runs out, a FIFO would hang). Without ``quote`` (a list a save's header names,
    which anyone could have edited to ``/etc/passwd``) a bad line is named by its number
    only, never shown (issue 18 item 11).
    """
    from referee.core.text import clean_line

    label = clean_line(path)
    try:
        data = _read_bounded(path)
    except OSError as error:
        reason = error.strerror or str(error)
        raise InputError(f"cannot read word list {label}: {reason}") from None
    if not data.translate(None, _PLAIN_BYTES):
        words = frozenset(data.decode("ascii").split())
        if not (words & _NOT_WORDS):
            return words
        # A lone letter such as "x" would be refused at step 1 anyway; let the slow path
        # report it with its line number rather than ignoring it silently.
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(f"{label}:{line}: not UTF-8 text; save the word list as UTF-8") from None
    words = set()
    for number, line in enumerate(text.splitlines(), 1):
        word = line.split("#", 1)[0].strip().lower()
        if not word:
            continue
        if not _is_word_form(word):
            shown = f"{clean_line(repr(word))} is" if quote else "this line is"
            raise InputError(
                f"{label}:{number}: {shown} not a word of a-z letters (one word a line)"
            )
        if word in _NOT_WORDS:
            shown = f"{word!r}: " if quote else ""
            raise InputError(
                f"{label}:{number}: {shown}single letters other than a and i are not words,"
                " so this line would never count"
            )
        words.add(word)
    return frozenset(words)


def _read_bounded(path):
    """The bytes of a regular file of at most MAX_LIST_BYTES; OSError otherwise."""
    import errno
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise OSError(errno.EISDIR, "Is a directory")
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        if info.st_size > MAX_LIST_BYTES:
            raise OSError(errno.EFBIG, f"larger than a word list ({MAX_LIST_BYTES >> 20} MB at most)")
        chunks, held = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            held += len(chunk)
            if held > MAX_LIST_BYTES:
                raise OSError(errno.EFBIG, f"larger than a word list ({MAX_LIST_BYTES >> 20} MB at most)")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _shipped(name):
    return os.path.join(_WORDLISTS, name)


# The shipped table, the house lists and wordfreq are the same for every Lexicon (another
# one differs only in its table lists or rare_zipf), so they are read once per process.
_shared_lock = threading.Lock()
_shared = {}
_shared_zipf = []


def _read_shipped(name, reader):
    """A shipped file, read once per process (keyed by path, so tests can point elsewhere)."""
    path = _shipped(name)
    with _shared_lock:
        value = _shared.get(path)
        if value is None:
            value = _shared[path] = reader(path)
        return value


def _wordfreq_zipf():
    """wordfreq.zipf_frequency, imported and warmed once per process, for words in no list.

    The import (~130 ms) and the first lookup, which unpacks wordfreq's table (~150 ms,
    ~47 MB), happen under the lock so two threads never unpack it at once.
    """
    with _shared_lock:
        if not _shared_zipf:
            from wordfreq import zipf_frequency

            zipf_frequency("the", "en")
            _shared_zipf.append(zipf_frequency)
        return _shared_zipf[0]


class _Lists(NamedTuple):
    """Everything a verdict needs, built completely before it is published.

    Being one immutable object assigned in one statement is what lets readers skip the
    lock: a thread sees either no lists or all of them, never half-built sets.
    """

    table: Table
    allow: frozenset
    denies: tuple  # ((reason, frozenset), ...): the house deny list, then the table's
    tables: tuple  # ((label, frozenset), ...) in the order the table gave them


class Lexicon:
    """The table's judge of words: the shipped table, the house lists and the table's own.

    Constructing one is free; the lists load on the first question (a few milliseconds),
    exactly once even when a background load and a verdict race, because loading happens
    under a lock and is published as one immutable object.
    """

    def __init__(self, extra_lists=(), rare_zipf=RARE_ZIPF, deny_lists=(), grade_unlisted=True, quote=True):
        self.extra_lists = tuple(os.fspath(path) for path in extra_lists)
        self.quote = bool(quote)  # False: the lists a save names; their lines are never shown
        # False in a game: a word in no list and outside the table's rare band is refused
        # as "rare (Zipf < 2.0)" without loading wordfreq (~300 ms, ~47 MB) to say how
        # rare, which a typo at the table would otherwise cost. `referee word` grades it.
        self.grade_unlisted = bool(grade_unlisted)
        self.deny_lists = tuple(os.fspath(path) for path in deny_lists)
        self.rare_zipf = float(rare_zipf)
        self._lists = None
        self._accepted = None
        self._ordered = None
        self._lock = threading.Lock()
        self._thread = None

    # -- loading ---------------------------------------------------------------------

    def _load(self):
        """Return the loaded lists, loading them first if no one has yet.

        The unlocked check is the fast path every later verdict takes; the second check
        under the lock is what stops a verdict and the background thread loading twice.
        """
        lists = self._lists
        if lists is not None:
            return lists
        with self._lock:
            if self._lists is None:
                self._lists = self._build()
            return self._lists

    def _build(self):
        # Table and house lists first: they are small and the only ones a person edits,
        # so a bad line fails in milliseconds.
        tables = tuple((os.path.basename(path), _read_list(path, self.quote)) for path in self.extra_lists)
        denies = [("in the house deny list", _read_shipped(HOUSE_DENY, _read_list))]
        denies += [(f"in the table's deny list {os.path.basename(path)}", _read_list(path, self.quote))
                   for path in self.deny_lists]
        allow = _read_shipped(HOUSE_ALLOW, _read_list)
        table = _read_shipped(TABLE_NAME, Table.read)
        return _Lists(table, allow, tuple(denies), tables)

    def load_in_background(self):
        """Start loading in a daemon thread (kept for callers; loading is now a few ms).

        Errors are not raised in the thread (a traceback there would reach the player);
        the lists simply stay unloaded and the next verdict() loads them again in the
        caller's thread, where a bad table list becomes an InputError the shell can print.
        """
        if self._lists is not None or self._thread is not None:
            return
        self._thread = threading.Thread(
            target=self._load_quietly, name="lexicon-load", daemon=True
        )
        self._thread.start()

    def _load_quietly(self):
        try:
            self._load()
        except Exception:  # re-raised by the next foreground call; see load_in_background
            pass

    # -- questions -------------------------------------------------------------------

    def _grade(self, lists, word, hit):
        """The Zipf grade: from the table when it has the word; 0.0 for a word only in a
        table's own list (not worth loading wordfreq for); wordfreq for a word in no list."""
        if hit is not None:
            return hit[1]
        if word in lists.allow or any(word in words for _label, words in lists.tables):
            return 0.0
        if any(word in words for _reason, words in lists.denies):
            return 0.0
        if not self._needs_wordfreq(lists):
            return 0.0
        return _wordfreq_zipf()(word, "en")

    def _needs_wordfreq(self, lists):
        """Whether a word outside the table must be graded by wordfreq: when asked to, or
        when the rare line is below the table's (the table then cannot decide step 4)."""
        return self.grade_unlisted or self.rare_zipf < float(lists.table.header.get("rare", RARE_ZIPF))

    def zipf(self, word):
        """wordfreq's Zipf frequency of the normalised word; 0.0 for anything not a-z.

        Only a-z words are graded: for other text wordfreq would tokenise and score
        pieces (it gives "12" a Zipf of 5.3), which is not a frequency of a word.
        """
        word = word.strip().lower()
        if not _is_word_form(word):
            return 0.0
        lists = self._load()
        return self._grade(lists, word, lists.table.find(word))

    def verdict(self, word):
        """Decide one word, following the five steps of the module docstring in order."""
        lists = self._load()
        word = word.strip().lower()
        if not _is_word_form(word):
            return Verdict(word, "unknown", 0.0, "not a-z letters", "form")
        hit = lists.table.find(word)
        code = hit[0] if hit is not None else None
        zipf = hit[1] if hit is not None else 0.0
        return (_refused_outright(lists, word, zipf) or _listed_word(lists, word, code, zipf)
                or _not_a_word(word, code, zipf) or self._by_frequency(lists, word, hit, zipf))

    def _by_frequency(self, lists, word, hit, zipf):
        """Steps 4 and 5: no list knows it; frequency decides between a vote and a refusal."""
        shown, bar = _format_zipf(zipf), _format_zipf(self.rare_zipf)
        if hit is None:
            if not self._needs_wordfreq(lists):  # not in the table: below its rare line
                return Verdict(word, "unknown", 0.0, f"in no list and rarer than Zipf {bar}", "none")
            zipf = _wordfreq_zipf()(word, "en")
            shown = _format_zipf(zipf)
        if zipf >= self.rare_zipf:
            reason = f"in no list; wordfreq Zipf {shown} >= {bar}, put to a table vote"
            return Verdict(word, "rare", zipf, reason, "wordfreq")
        if zipf == 0.0:
            return Verdict(word, "unknown", zipf, "in no list and unknown to wordfreq", "none")
        return Verdict(word, "unknown", zipf, f"in no list and rare (Zipf {shown} < {bar})", "none")

    def accepts(self, word):
        """True when the word is accepted outright; a "rare" word still needs a vote."""
        return self.verdict(word).verdict == "word"

    def accepted(self):
        """Every word the lists accept, as a frozenset; the finder takes the sorted list
        (:meth:`accepted_sorted`), which must agree with verdict().

        Built on first request (from that list, sharing its strings), because a first
        verdict should not pay for it.
        """
        words = self._accepted
        if words is None:
            ordered = self.accepted_sorted()
            with self._lock:
                if self._accepted is None:
                    self._accepted = frozenset(ordered)
                words = self._accepted
        return words

    def accepted_sorted(self):
        """Every word the lists accept, as a list in sorted order, for the word finder.

        The table is sorted already, so the finder's index need not sort 184k words
        itself: a sort is one long call that holds the interpreter (150 ms and more on a
        phone), and in a background thread that is a key press left waiting. The list is
        all the finder needs (it bisects), so no set of the words is built for it.
        """
        ordered = self._ordered
        if ordered is not None:
            return ordered
        lists = self._load()
        with self._lock:
            if self._ordered is None:
                self._ordered = _sorted_words(lists)
            return self._ordered

    def accepted_stream(self):
        """Every word the lists accept, in sorted order, as an iterator: what
        :meth:`accepted_sorted` holds, without holding it (the finder's index reads it
        once). A list already made is read instead."""
        if self._ordered is not None:
            return iter(self._ordered)
        return _accepted_stream(self._load())


def _accepted_stream(lists):
    """The words of :func:`_sorted_words`, in the same order, one at a time: the table's
    ENABLE and SCOWL words merged with the few only other lists make, the refused ones
    left out. No list of 184k strings (13 MB) is ever held, so a game that only builds
    the finder's index from them keeps its peak memory low (issue 19)."""
    table = lists.table
    extra = set(_LONE_WORDS).union(lists.allow, *(words for _label, words in lists.tables))
    refused = _NOT_WORDS.union(*(denied for _reason, denied in lists.denies))
    # The few words only other lists make, merged in by hand (heapq.merge is slower here,
    # for a long run and a short one); none of them is in the table's run.
    extra = sorted(word for word in extra if (table.find(word) or "?")[0] not in "es" and word not in refused)
    extra.append(None)
    at, next_extra = 0, extra[0]
    for word in table.words("es"):
        while next_extra is not None and next_extra < word:
            yield next_extra
            at += 1
            next_extra = extra[at]
        if word not in refused:
            yield word
    yield from extra[at:-1]


def _sorted_words(lists):
    """The accepted words in order: the table's ENABLE and SCOWL words (sorted already),
    the words only other lists make merged in, and the refused ones taken out, so the list
    agrees with Lexicon.verdict."""
    table = lists.table
    ordered = list(table.words("es"))
    extra = set(_LONE_WORDS).union(lists.allow, *(words for _label, words in lists.tables))
    extra = [word for word in extra if (table.find(word) or "?")[0] not in "es"]
    if extra:  # a long sorted run and a short tail: the sort merges them in one pass
        ordered += extra
        ordered.sort()
    refused = _NOT_WORDS.union(*(denied for _reason, denied in lists.denies))
    if any((table.find(word) or "?")[0] in "es" or word in extra for word in refused):
        ordered = [word for word in ordered if word not in refused]
    return ordered

def _refused_outright(lists, word, zipf):
    """Step 1 of a verdict: refusals that nothing later may overrule (the letters that are
    not words, the deny lists), or None."""
    if word in _NOT_WORDS:
        return Verdict(word, "unknown", zipf, "single letters other than a and i are not words", "letter")
    for reason, words in lists.denies:
        if word in words:
            return Verdict(word, "unknown", zipf, reason, "deny")
    return None


def _listed_word(lists, word, code, zipf):
    """Step 2 of a verdict: the lists that make a word, in order (allow list, a and i,
    ENABLE, the SCOWL extras, the table's own lists), or None."""
    if word in lists.allow:
        return Verdict(word, "word", zipf, "in the house allow list", "allow")
    if word in _LONE_WORDS:
        return Verdict(word, "word", zipf, "a and i are the one-letter words", "letter")
    if code == "e":
        return Verdict(word, "word", zipf, "in ENABLE", "enable")
    if code == "s":
        return Verdict(word, "word", zipf, "in the SCOWL extras", "scowl")
    for label, words in lists.tables:
        if word in words:
            return Verdict(word, "word", zipf, f"in the table's list {label}", "table")
    return None


def _not_a_word(word, code, zipf):
    """Step 3 of a verdict: names and abbreviations are common in wordfreq, so they are
    refused before step 4 could put them to a vote; None for anything else."""
    if code == "n":
        return Verdict(word, "unknown", zipf, "a name or acronym, not a word", "names")
    if code == "b":
        return Verdict(word, "unknown", zipf, "an abbreviation or Roman numeral, not a word", "abbreviation")
    return None


_default_lock = threading.Lock()
_defaults = {}


def default_lexicon(extra_lists=(), deny_lists=(), grade_unlisted=True, quote=True):
    """The shared Lexicon for these table lists, so every game and command loads once.

    Keyed by the tuples of paths as given: the same files named differently make a second
    Lexicon, which is only a cost, never a wrong answer.
    """
    key = (tuple(os.fspath(path) for path in extra_lists), tuple(os.fspath(path) for path in deny_lists),
           bool(grade_unlisted), bool(quote))
    with _default_lock:
        lexicon = _defaults.get(key)
        if lexicon is None:
            lexicon = _defaults[key] = Lexicon(key[0], deny_lists=key[1], grade_unlisted=key[2], quote=key[3])
        return lexicon


def for_session(session):
    """The shared Lexicon of a game's own lists, read from its journal header (``wordlists``
    and ``deny``), so a resumed game judges words exactly as it did when it started. A game
    never loads wordfreq: the table decides every step (see ``grade_unlisted``)."""
    header = session.header
    return default_lexicon(tuple(header.get("wordlists") or ()), tuple(header.get("deny") or ()),
                           grade_unlisted=False, quote=False)
