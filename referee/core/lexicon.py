"""Word verdicts for word games: is this a word the table accepts?

The decision order is the one measured in ``referee/wordlists/README.md`` and must stay
in this order, because each step exists to overrule the ones after it:

1. refuse text that is not a-z letters, single letters other than a and i, and the house
   deny list (the house always has the last word on what is *not* allowed);
2. accept the house allow list, a, i, ENABLE, the SCOWL extras and the table's own lists;
3. refuse names and acronyms (SCOWL knows them only capitalised; not words at the table);
4. put to a table vote ("rare") what no list knows but wordfreq has seen often enough;
5. refuse the rest.

Word lists decide; wordfreq only grades. wordfreq alone cannot decide because it knows
every single letter, every two-letter string and thousands of names, so it is consulted
only after every list has had its say, and its Zipf figure travels with each verdict so
the finder can rank words and players can see how common a word is.

Nothing slow happens at import time: ``referee --help`` imports this module's callers,
and must not pay for 216k words of lists or for wordfreq (about 150 ms to import and
150 ms for its first lookup). Both load once, on first use or in a background thread.
"""

import os
import threading
from typing import NamedTuple

from referee.core.errors import InputError

__all__ = ["Verdict", "Lexicon", "default_lexicon", "RARE_ZIPF"]

RARE_ZIPF = 2.0

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_WORDLISTS = next((p for p in (os.path.join(_PACKAGE, "wordlists"), os.path.join(os.path.dirname(_PACKAGE), "wordlists"))
                   if os.path.isdir(p)), os.path.join(_PACKAGE, "wordlists"))

# Files exactly like the shipped lists (only a-z and line breaks) skip the per-line
# parser: one scan that deletes every allowed byte (nothing may be left), then split() +
# frozenset(), which is what keeps loading 216k words near 50 ms. Anything else
# (comments, capitals, stray characters) takes the slow path, the one that can say which
# line is wrong. bytes.translate is about 3x faster than a regex here and spares the
# import of re.
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
    # "enable" | "scowl" | "allow" | "table" | "deny" | "names" | "wordfreq" | "none"
    # | "form" | "letter"
    source: str


class _Lists(NamedTuple):
    """Everything a verdict needs, built completely before it is published.

    Being one immutable object assigned in one statement is what lets readers skip the
    lock: a thread sees either no lists or all of them, never half-built sets.
    """

    deny: frozenset
    allow: frozenset
    enable: frozenset
    scowl: frozenset
    tables: tuple  # ((label, frozenset), ...) in the order the table gave them
    names: frozenset
    zipf: object  # wordfreq.zipf_frequency, imported on first load, not at import time


def _format_zipf(value):
    """Two decimals, minus one trailing zero: 2.4 and 2.0 read naturally, and 1.96 is not
    rounded up to a "2.0" that would contradict the "< 2.0" beside it."""
    text = f"{value:.2f}"
    return text[:-1] if text.endswith("0") else text


def _is_word_form(text):
    """True for non-empty a-z text; isascii()+isalpha() is the fast way to say [a-z]+
    once the text is lowercased (callers lowercase first)."""
    return text.isascii() and text.isalpha()


def _read_list(path):
    """Read one word list file into a frozenset, or raise InputError naming file and line.

    Table lists come from players (``--wordlist FILE``), so a bad file must produce one
    readable line at the table, never a traceback. Lines may hold ``#`` comments, blank
    lines and capitals; every word must be a-z after lowercasing.
    """
    label = path
    try:
        with open(path, "rb") as handle:
            data = handle.read()
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
            raise InputError(
                f"{label}:{number}: {word!r} is not a word of a-z letters (one word a line)"
            )
        if word in _NOT_WORDS:
            raise InputError(
                f"{label}:{number}: {word!r}: single letters other than a and i are not words,"
                " so this line would never count"
            )
        words.add(word)
    return frozenset(words)


def _shipped(name):
    return os.path.join(_WORDLISTS, name)


# The shipped lists and wordfreq are the same for every Lexicon (a second one differs only
# in its table lists or rare_zipf), so they are loaded once per process and shared: a
# second Lexicon costs neither another 50 ms nor another ~30 MB of sets.
_shared_lock = threading.Lock()
_shared_lists = {}
_shared_zipf = []


def _read_shipped(name):
    """A shipped list, read once per process (keyed by path, so tests can point elsewhere)."""
    path = _shipped(name)
    with _shared_lock:
        words = _shared_lists.get(path)
        if words is None:
            words = _shared_lists[path] = _read_list(path)
        return words


def _wordfreq_zipf():
    """wordfreq.zipf_frequency, imported and warmed once per process.

    The import (~130 ms) is deferred to here so that importing this module stays cheap;
    the warm-up lookup makes wordfreq unpack its frequency table (~150 ms) now, under the
    lock, so background loading really does the slow part and two threads never unpack it
    at once.
    """
    with _shared_lock:
        if not _shared_zipf:
            from wordfreq import zipf_frequency

            zipf_frequency("the", "en")
            _shared_zipf.append(zipf_frequency)
        return _shared_zipf[0]


class Lexicon:
    """The table's judge of words: the shipped lists, the house lists and the table's own.

    Constructing one is free; the lists and wordfreq load on the first question (or in
    the background via :meth:`load_in_background`), exactly once even when a background
    load and a verdict race, because loading happens under a lock and is published as one
    immutable object.
    """

    def __init__(self, extra_lists=(), rare_zipf=RARE_ZIPF):
        self.extra_lists = tuple(os.fspath(path) for path in extra_lists)
        self.rare_zipf = float(rare_zipf)
        self._lists = None
        self._accepted = None
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
        # so a bad line fails in milliseconds instead of after the big lists are read.
        tables = tuple((os.path.basename(path), _read_list(path)) for path in self.extra_lists)
        deny = _read_shipped("house-deny.txt")
        allow = _read_shipped("house-allow.txt")
        enable = _read_shipped("enable.txt")
        scowl = _read_shipped("scowl-large-extra.txt")
        names = _read_shipped("names-and-acronyms.txt")
        return _Lists(deny, allow, enable, scowl, tables, names, _wordfreq_zipf())

    def load_in_background(self):
        """Start loading in a daemon thread so the first verdict is instant.

        Meant to be called while the first prompt is up. Errors are not raised in the
        thread (a traceback there would reach the player); the lists simply stay unloaded
        and the next verdict() loads them again in the caller's thread, where a bad table
        list becomes an InputError the shell can print.
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

    def zipf(self, word):
        """wordfreq's Zipf frequency of the normalised word; 0.0 for anything not a-z.

        Only a-z words are graded: for other text wordfreq would tokenise and score
        pieces (it gives "12" a Zipf of 5.3), which is not a frequency of a word.
        """
        word = word.strip().lower()
        if not _is_word_form(word):
            return 0.0
        return self._load().zipf(word, "en")

    def verdict(self, word):
        """Decide one word, following the five steps of the module docstring in order."""
        lists = self._load()
        word = word.strip().lower()
        if not _is_word_form(word):
            return Verdict(word, "unknown", 0.0, "not a-z letters", "form")
        zipf = lists.zipf(word, "en")
        # Step 1: refusals that nothing later may overrule.
        if word in _NOT_WORDS:
            reason = "single letters other than a and i are not words"
            return Verdict(word, "unknown", zipf, reason, "letter")
        if word in lists.deny:
            return Verdict(word, "unknown", zipf, "in the house deny list", "deny")
        # Step 2: the lists that make a word.
        if word in lists.allow:
            return Verdict(word, "word", zipf, "in the house allow list", "allow")
        if word in _LONE_WORDS:
            return Verdict(word, "word", zipf, "a and i are the one-letter words", "letter")
        if word in lists.enable:
            return Verdict(word, "word", zipf, "in ENABLE", "enable")
        if word in lists.scowl:
            return Verdict(word, "word", zipf, "in the SCOWL extras", "scowl")
        for label, words in lists.tables:
            if word in words:
                return Verdict(word, "word", zipf, f"in the table's list {label}", "table")
        # Step 3: names are common in wordfreq, so they must be refused before step 4.
        if word in lists.names:
            return Verdict(word, "unknown", zipf, "a name or acronym, not a word", "names")
        # Steps 4 and 5: no list knows it; frequency decides between a vote and a refusal.
        shown, bar = _format_zipf(zipf), _format_zipf(self.rare_zipf)
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
        """Every word the lists accept, for the word finder, which must agree with verdict().

        Built on first request (about 10 ms) rather than at load, because only the finder
        needs it and a first verdict should not pay for it.
        """
        accepted = self._accepted
        if accepted is not None:
            return accepted
        lists = self._load()
        with self._lock:
            if self._accepted is None:
                words = set(lists.enable)
                words |= lists.scowl
                words |= lists.allow
                for _label, table in lists.tables:
                    words |= table
                words |= _LONE_WORDS
                words -= lists.deny
                words -= _NOT_WORDS
                self._accepted = frozenset(words)
            return self._accepted


_default_lock = threading.Lock()
_defaults = {}


def default_lexicon(extra_lists=()):
    """The shared Lexicon for these table lists, so every game and command loads once.

    Keyed by the tuple of paths as given: the same files named differently make a second
    Lexicon, which is only a cost, never a wrong answer.
    """
    key = tuple(os.fspath(path) for path in extra_lists)
    with _default_lock:
        lexicon = _defaults.get(key)
        if lexicon is None:
            lexicon = _defaults[key] = Lexicon(key)
        return lexicon
