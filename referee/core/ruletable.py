"""A game's rule table as data: id -> where it comes from and its words (DESIGN 6).

Each game ships ``ruletable.md`` beside its code and the core ships the general rulings
(G-n) in its own; a game's table is both. The files are package data, read through
importlib.resources so an installed copy finds them as a checkout does, and each is read
once, the first time a player asks (`rule`, `why`) or a test checks a citation: nothing
here runs before the first prompt.

The format is plain Markdown a maintainer edits by hand::

    ## CX-9 · RULINGS
    Pilfer: once the pile is empty, ...

an id, a middle dot, the source, then the text up to the next ``## `` line. Refusals
cite the id exactly as written (``RuleError(..., rule="CX-9")``); players may type it
loosely (``cx9``, ``rule 4C``), so look-ups go through :func:`key`.
"""

import difflib
import functools
import re
from dataclasses import dataclass

CORE = "referee.core"
FILE = "ruletable.md"
_HEADING = re.compile(r"^##\s+(?P<id>\S(?:.*?\S)?)\s+·\s+(?P<source>\S.*?)\s*$")


@dataclass(frozen=True)
class Rule:
    """One rule a refusal may cite: its id, where it comes from, and the rulebook's or the ruling's words."""

    id: str
    source: str  # "RULINGS", or the rulebook and its section
    text: str  # the rule's words, paragraphs and tables as written in the file
    origin: str = ""  # the file and line it was read from, for a maintainer's error

    @property
    def gist(self):
        """The rule's first words on one line, for a list of ids."""
        return " ".join(self.text.split())


class RuleTableError(ValueError):
    """A rule table file that does not read: a bug in the shipped data, named with its line."""


def key(text):
    """The look-up form of an id as a player may type it: `rule CX-9`, `cx9`, `CX 9` and
    `CX-9` are one key, as are `4C` and `rule 4c`. Case, spaces, dashes, dots and brackets
    do not count, nor a leading word `rule`."""
    text = text.strip().lower()
    text = re.sub(r"^rules?\b[\s:#]*", "", text) or text
    return re.sub(r"[^0-9a-z]", "", text)


def parse(text, origin="ruletable.md"):
    """The rules of one file, in order. The lines before the first ``## `` heading are the
    file's title and notes; a heading without `` · source``, a rule without text or an id
    given twice is a RuleTableError naming the line."""
    rules, current, body = [], None, []

    def close():
        if current is not None:
            words = "\n".join(body).strip("\n")
            if not words.strip():
                raise RuleTableError(f"{current[2]}: rule {current[0]} has no text")
            rules.append(Rule(current[0], current[1], words, current[2]))

    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("## "):
            close()
            match = _HEADING.match(line)
            if not match:
                raise RuleTableError(f"{origin} line {number}: a rule heading is `## ID · source`, not {line!r}")
            current, body = (match.group("id"), match.group("source"), f"{origin} line {number}"), []
        elif current is not None:
            body.append(line.rstrip())
    close()
    return rules


class RuleTable:
    """The rules one game may cite, in the order of its files (the game's, then the core's)."""

    def __init__(self, rules, title=""):
        self.title = title
        self.rules = {}
        self._keys = {}
        for rule in rules:
            if rule.id in self.rules or key(rule.id) in self._keys:
                other = self.rules.get(rule.id) or self._keys[key(rule.id)]
                raise RuleTableError(f"{rule.origin}: rule {rule.id} is already {other.id} ({other.origin})")
            self.rules[rule.id] = rule
            self._keys[key(rule.id)] = rule

    def __iter__(self):
        return iter(self.rules.values())

    def __len__(self):
        return len(self.rules)

    def __contains__(self, rule_id):
        """Whether ``rule_id`` is an id of the table exactly as written (what a refusal must cite)."""
        return rule_id in self.rules

    @property
    def ids(self):
        return tuple(self.rules)

    def find(self, typed):
        """The rule a player means by ``typed`` (any case, with or without dash or `rule`), or None."""
        return self._keys.get(key(typed))

    def suggest(self, typed):
        """The id nearest to ``typed``, or None: `CX-99` suggests CX-9, `setup3` Setup 3."""
        wanted = key(typed)
        if not wanted:
            return None
        close = difflib.get_close_matches(wanted, list(self._keys), n=1, cutoff=0.6)
        if close:
            return self._keys[close[0]].id
        starts = [rule.id for k, rule in self._keys.items() if k.startswith(wanted) or wanted.startswith(k)]
        return starts[0] if starts else None


def _read(package):
    """The text of ``package``'s rule table, or None when it ships none."""
    from importlib import resources

    try:
        return resources.files(package).joinpath(FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return None


def _title(text):
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].split(":")[0].strip()
    return ""


@functools.lru_cache(maxsize=None)
def load(package):
    """The table of the game whose package is ``package`` (``referee.games.colors``): its
    own file's rules, then the core's general ones. Read once per process."""
    rules, title = [], ""
    if package != CORE:
        text = _read(package)
        if text is not None:
            rules += parse(text, f"{package.replace('.', '/')}/{FILE}")
            title = _title(text)
    core = _read(CORE)
    if core is None:  # the core's table is part of the program: a broken install
        raise RuleTableError(f"{CORE.replace('.', '/')}/{FILE} is missing from this install")
    rules += parse(core, f"referee/core/{FILE}")
    return RuleTable(rules, title)


def for_game(name):
    """The table of the game called ``name`` in referee.games."""
    return load(f"referee.games.{name}")


def package_of(game):
    """The package a Game object's class lives in (its rule table sits beside it)."""
    module = type(game).__module__
    return module.rpartition(".")[0] or module
