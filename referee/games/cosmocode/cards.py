"""The signal cards as short strings, and reading what a player types for one.

A card is its colour letter, number and channel: ``B7a`` is the blue 7 alpha, ``R10b``
the red 10 beta. A card the table has not named fully (a table-mode hand card paid
without its channel) is ``B7``. Strings keep states and journal lines plain JSON.
"""

import re

from referee.core.errors import InputError
from referee.core.text import quoted

COLOURS = ("blue", "green", "red")
LETTER = {"blue": "B", "green": "G", "red": "R"}
COLOUR_OF = {"B": "blue", "G": "green", "R": "red"}
RANGE_COLOUR = {"short": "blue", "mid": "green", "long": "red"}
COPIES = {"blue": 2, "green": 2, "red": 1}  # CO-1
CHANNELS = ("a", "b")
CHANNEL_NAME = {"a": "alpha", "b": "beta"}
GLYPH = {"a": "α", "b": "β"}

_CARD = re.compile(
    r"^(?:(blue|green|red|b|g|r)[-:]?)?(\d{1,2})(alpha|beta|a|b|α|β)?$"
)
_CHANNEL_WORDS = {"a": "a", "alpha": "a", "α": "a", "b": "b", "beta": "b", "β": "b"}


_HELD = re.compile(r"^([BGR])(10|[1-9])([ab])?$")


def read(card):
    """(colour, number, channel or None) of a card as states and journals hold it (``B7a``,
    ``B7``); ValueError for anything else (a damaged journal, a word typed unseen that the
    commands could not read and left to the rules to refuse privately)."""
    match = _HELD.match(card) if isinstance(card, str) else None
    if not match:
        raise ValueError(f"not a card: {card!r}")
    letter, digits, ch = match.groups()
    return COLOUR_OF[letter], int(digits), ch


def make(colour, number, channel=None):
    return f"{LETTER[colour]}{number}{channel or ''}"


def colour(card):
    return COLOUR_OF[card[0]]


def number(card):
    return int(card[1:].rstrip("ab"))


def channel(card):
    """The card's channel, or None when the table never said it."""
    return card[-1] if card[-1] in CHANNELS else None


def full_deck(colour_name):
    """Every card of one colour, in a fixed order (CO-1)."""
    return tuple(make(colour_name, n, ch) for n in range(1, 11) for ch in CHANNELS
                 for _ in range(COPIES[colour_name]))


def parse(text):
    """(colour or None, number, channel or None) from ``7b``, ``g7``, ``blue7a``, ``7β``."""
    raw = text.strip().lower()
    match = _CARD.match(raw)
    if not match:
        raise InputError(f"{quoted(text)} is not a card; write a number 1-10 and a channel, e.g. 7a or 7b "
                         "(a colour first if needed: g7, blue7a)")
    word, digits, ch = match.groups()
    value = int(digits)
    if not 1 <= value <= 10:
        raise InputError(f"{quoted(text)}: signal cards are numbered 1 to 10")
    col = {"b": "blue", "g": "green", "r": "red"}.get(word, word) if word else None
    return col, value, _CHANNEL_WORDS[ch] if ch else None


def parse_full(text, colour_name, where="this range reveals"):
    """A card of a known colour (revealed, or dealt at the start): its channel must be given.

    ``where`` finishes the sentence refusing another colour: what only holds ``colour_name``.
    """
    col, value, ch = parse(text)
    if col and col != colour_name:
        raise InputError(f"{quoted(text)}: {where} {colour_name} cards")
    if ch is None:
        raise InputError(f"{quoted(text)}: say its channel too, e.g. {value}a or {value}b")
    return make(colour_name, value, ch)


def show(card):
    """``7a`` with its colour word, as a player reads it aloud: ``blue 7a``."""
    return f"{colour(card)} {short(card)}"


def short(card):
    ch = channel(card)
    return f"{number(card)}{ch if ch else ''}"
