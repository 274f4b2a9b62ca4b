"""The ConneXion components as data: the Greek letter cards and the celestial deck.

The tables live in ``letters.tsv`` and ``deck.tsv`` beside this module (DESIGN: data is
data) so that a table can read, check or replace them without touching code. Each file is
read and validated once, on first use, by the core's table loader (core.tables): a
malformed line is reported with the file and line number, because a replaced deck file
(``--deck-file``) is typed by players.
"""

from __future__ import annotations

import functools
import os
import unicodedata
from dataclasses import dataclass

from referee.core import tables
from referee.core.errors import InputError

LETTERS_FILE = "letters.tsv"
DECK_FILE = "deck.tsv"

LETTER_COLUMNS = ("card", "name", "upper", "lower", "upper_reads", "lower_reads",
                  "english", "variant")
# Columns a letter line may not leave empty; every other column is optional (CX-3's
# table has empty cells), so a line may stop early when its last cells are empty.
_LETTER_REQUIRED = ("card", "name", "upper", "lower", "english")
# The reading columns, in the order readings are listed; a text that two columns share
# (Alpha's "a") is listed once, under the first column that gives it.
_READING_COLUMNS = (("name", "name"), ("upper_reads", "upper"), ("lower_reads", "lower"),
                    ("english", "english"), ("variant", "variant"))

STATUSES = ("documented", "assumed")
# The deck's columns as core.tables reads them: a name used once (whatever its case,
# spaces or dashes), a value in points, whether the rulebook gives it, a free note.
DECK = (
    tables.Column("name", unique=True, key=lambda name: _card_name(name)),
    tables.Column("value", "number", says="a number of points"),
    tables.Column("status", "choice", choices=STATUSES),
    tables.Column("note", required=False),
)
DECK_COLUMNS = tuple(column.name for column in DECK)


@dataclass(frozen=True)
class Letter:
    """One Greek letter card and the texts a visit to it may read (CX-3)."""

    key: str
    name: str
    upper: str
    lower: str
    readings: tuple[tuple[str, str], ...]

    @functools.cached_property
    def texts(self) -> tuple[str, ...]:
        # Read at every visit of every replayed claim's path (CX-3): made once per card.
        return tuple(text for text, _ in self.readings)


@dataclass(frozen=True)
class Celestial:
    """One card of the draw pile; ``assumed`` marks a value the rulebook does not give."""

    name: str
    value: float
    assumed: bool
    note: str


def _normal(text: str) -> str:
    # NFKC folds compatibility forms a phone keyboard may produce (the micro sign for mu,
    # the ohm sign for omega); casefold maps both capital and final sigma to σ.
    return unicodedata.normalize("NFKC", text).strip().casefold()


def _is_reading(text: str) -> bool:
    return text.isascii() and text.isalpha() and text.islower()


def parse_letters(text: str, filename: str = LETTERS_FILE) -> dict[str, Letter]:
    """Build the letter table from the text of a letters file (see ``letters.tsv``)."""
    table: dict[str, Letter] = {}
    glyphs: dict[str, str] = {}
    for number, row in tables.cells(text, filename, LETTER_COLUMNS, _LETTER_REQUIRED, noun="card"):
        where = f"{filename}, line {number}"
        for column, _ in _READING_COLUMNS:
            if row[column] and not _is_reading(row[column]):
                raise InputError(
                    f"{where}: the {column} cell {row[column]!r} is not lowercase a-z.")
        key = row["name"]
        if key in table:
            raise InputError(f"{where}: the name {key!r} is already used by another card.")
        for column in ("upper", "lower"):
            glyph = row[column]
            if len(glyph) != 1:
                raise InputError(f"{where}: the {column} glyph {glyph!r} is not one character.")
            folded = _normal(glyph)
            if glyphs.get(folded, key) != key:
                raise InputError(
                    f"{where}: the glyph {glyph} is already used by {glyphs[folded]}.")
            glyphs[folded] = key
        readings: list[tuple[str, str]] = []
        for column, which in _READING_COLUMNS:
            reading = row[column]
            if reading and reading not in (t for t, _ in readings):
                readings.append((reading, which))
        table[key] = Letter(key=key, name=row["card"], upper=row["upper"],
                            lower=row["lower"], readings=tuple(readings))
    return table


def parse_deck(text: str, filename: str = DECK_FILE) -> tuple[Celestial, ...]:
    """Build a deck from the text of a deck file (see ``deck.tsv``)."""
    rows = tables.read(text, filename, DECK, noun="card")
    return tuple(Celestial(name=row["name"], value=row["value"], assumed=row["status"] == "assumed",
                           note=row["note"]) for row in rows)


def _package_text(filename: str) -> str:
    return tables.package_text(__package__, filename)


@functools.lru_cache(maxsize=None)
def letters() -> dict[str, Letter]:
    """The 24 letter cards by key, in alphabet order (the order of ``letters.tsv``)."""
    return parse_letters(_package_text(LETTERS_FILE))


@functools.lru_cache(maxsize=None)
def _lookup() -> tuple[dict[str, Letter], dict[str, Letter]]:
    names: dict[str, Letter] = {}
    exact: dict[str, Letter] = {}
    for item in letters().values():
        names[item.key] = item
        exact[item.key] = item
        exact[_normal(item.upper)] = item
        exact[_normal(item.lower)] = item
    return exact, names


def _resolve(text: str, folded: str, exact: dict, names: dict, what: str):
    """Exact name or glyph, then a unique prefix of a name, then a did-you-mean refusal.

    Shared by letters and celestial cards so that both are typed the same way at the
    prompt; ``names`` maps each folded name to its card, in display order.
    """
    import difflib  # only when a word is mistyped: not before the first prompt
    shown_text = " ".join(text.split())
    if len(shown_text) > 24:  # a held-down key is quoted short enough for a phone's line
        shown_text = shown_text[:20] + "…"
    if not folded:
        raise InputError(f"Name a {what}.")
    if folded in exact:
        return exact[folded]
    matches = [card for name, card in names.items() if name.startswith(folded)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        shown = [card.name for card in matches]
        listed = ", ".join(shown[:-1]) + " or " + shown[-1]
        raise InputError(f"{shown_text!r} could be {listed}; type more of the name.")
    close = difflib.get_close_matches(folded, list(names), n=1)
    hint = f"; did you mean {names[close[0]].name}?" if close else "."
    raise InputError(f"There is no {what} called {shown_text!r}{hint}")


def letter(text: str) -> Letter:
    """A letter card from what a player typed: a name, a glyph or a name's unique prefix."""
    exact, names = _lookup()
    return _resolve(text, _normal(text), exact, names, "Greek letter card")


@functools.lru_cache(maxsize=None)
def _shipped_deck() -> tuple[Celestial, ...]:
    return parse_deck(_package_text(DECK_FILE))


def deck(path: str | os.PathLike | None = None) -> tuple[Celestial, ...]:
    """The celestial cards: the shipped deck, or a table's replacement file (CX-8).

    A replacement deck is read on every call (the game holds the result) so that a table
    fixing a typo in its file sees the fix; it need not have 28 cards, only unique names.
    """
    if path is None:
        return _shipped_deck()
    return parse_deck(tables.file_text(path, "deck file"), os.fspath(path))


def _card_name(text: str) -> str:
    # Players type "asteroid  belt", "Asteroid-Belt" or "asteroid_belt" for one card.
    return " ".join(_normal(text).replace("-", " ").replace("_", " ").split())


def celestial(text: str, cards) -> Celestial:
    """A card of ``cards`` from what the scribe typed: name in any case or unique prefix."""
    names = {_card_name(card.name): card for card in cards}
    return _resolve(text, _card_name(text), names, names, "celestial card")
