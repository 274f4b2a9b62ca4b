"""The pieces of a Connections line: a card, a cell, a number, the words a card line ends with.

A card is typed as it lies on the table: its four words north/east/south/west separated
by slashes (a side may have several words) and its points last, e.g.
`fruit/salad/bowl/ice cream 3`. Each reader raises InputError, in one line, for words it
cannot read; whether the card may be played there is the rules' to say (moves.py).
"""

import re

from referee.core.errors import InputError
from referee.games.connections.layout import UNKNOWN

CONFIRM = {"!", "yes", "--yes"}
LATE = {"late", "--late"}  # G-5: the table's leave for a play after the turn time (ConneXion's word too)
_CELL = re.compile(r"^\(?\s*([-+]?\d+)\s*,\s*([-+]?\d+)\s*\)?(?:\s+|$)(.*)$", re.S)
CARD_HELP = "a card is NORTH/EAST/SOUTH/WEST POINTS, e.g. `fruit/salad/bowl/ice cream 3` (CN-1)"


def split_confirm(text):
    """A trailing `!` or `yes` is the scribe insisting on the card as typed."""
    text, confirmed, _late = split_flags(text, late_allowed=False)
    return text, confirmed


def split_flags(text, late_allowed=True):
    """The words a card line may end with, in any order: `!` (or `yes`) enters the card as
    printed (CN-5), `late` is the table's leave for a play after the turn time (G-5). The
    card's points come before them, so a side word such as LATE is never taken for one."""
    text = text.strip()
    confirmed = late = False
    while True:
        words = text.split()
        last = words[-1].lower() if words else ""
        if last in CONFIRM:
            text, confirmed = text[: text.rfind(words[-1])].rstrip(), True
        elif late_allowed and last in LATE:
            text, late = text[: text.rfind(words[-1])].rstrip(), True
        elif text.endswith("!"):
            text, confirmed = text[:-1].rstrip(), True
        else:
            return text, confirmed, late


def parse_cell(text):
    match = _CELL.match(text.strip())
    if not match:
        raise InputError(f"a cell is X,Y (e.g. 1,0 or -2,3), not {text.split()[0] if text.split() else text!r} (CN-1)")
    return (bounded(match.group(1), "a cell's coordinate"), bounded(match.group(2), "a cell's coordinate")), \
        match.group(3).strip()


def is_cell(word):
    return bool(_CELL.match(word)) and "," in word


def parse_card(text, unknown=False):
    """``fruit/salad/bowl/ice cream 3`` → {"words": [...], "points": 3}.

    The points are the last word and nothing else: `-3` or `3.0` must not leave a stray
    `-` or `3.` in the west word, and a second number means the line is not a card.
    With ``unknown`` (a card laid on the grid), a side typed `?` or left out
    (`?/?/?/hair 4`, `///hair 4`) is UNKNOWN: its word is asked for once a card touches it.
    """
    text = text.strip()
    if not text:
        raise InputError(f"which card? {CARD_HELP}")
    parts = text.rsplit(None, 1)
    if len(parts) < 2 or "/" in parts[1]:
        raise InputError(f"the card's points come last; {CARD_HELP}")
    sides, points = parts
    if not re.fullmatch(r"[-+]?\d+", points):
        raise InputError(f"the card's points come last, a number 1 to 5, not {points!r}; {CARD_HELP}")
    words = [" ".join(w.split()) for w in sides.split("/")]
    if unknown and len(words) == 4:
        words = [w or UNKNOWN for w in words]
    _check_sides(words, unknown)
    points = bounded(points, "a card's points")
    if not 1 <= points <= 5:
        raise InputError(f"a card is worth 1 to 5 points, not {points} (CN-1)")
    return {"words": [w.lower() for w in words], "points": points}


def _check_sides(words, unknown=False):
    """Four sides, each a word printed on a card: letters, no number (the points come once,
    last); with ``unknown``, a side may be UNKNOWN (`?`)."""
    if len(words) != 4:
        raise InputError(f"{len(words)} side{'s' if len(words) != 1 else ''} given; {CARD_HELP}")
    if not all(words):
        missing = [s for s, w in zip(("north", "east", "south", "west"), words) if not w]
        raise InputError(f"no word for the {', '.join(missing)} side; {CARD_HELP}")
    for word in words:
        if not (unknown and word == UNKNOWN):
            side_word(word)


def side_word(word, help=CARD_HELP):
    """``word`` as a side's word printed on a card: letters, no number; else InputError."""
    if not any(ch.isalpha() for ch in word) or any(not ch.isprintable() for ch in word):
        raise InputError(f"{word!r} is not a word printed on a card; {help}")
    if any(ch.isdigit() for ch in word):
        raise InputError(f"{word!r} has a number in it: the points are typed once, last; {help}")
    return word


def parse_cards(text):
    """A run's cards, separated by `;` (or `|`), each as run_card reads it."""
    parts = [p for p in re.split(r"[;|]", text)]
    if any(not p.strip() for p in parts):
        raise InputError("cards in a run are separated by `;`, e.g. `run a/b/c/d 1; e/f/g/h 2; i/j/k/l 3`")
    return [run_card(p) for p in parts]


def run_card(text):
    """A Rummy card: a run lies west to east, so its north and south sides never touch a
    card and may be `?` or left out (`?/salad/?/fruit 3`); its east and west sides meet
    the run's next cards, so they are typed."""
    card = parse_card(text, unknown=True)
    if UNKNOWN in (card["words"][1], card["words"][3]):
        raise InputError("a run's cards meet east to west: type their east and west words; only north and "
                         "south may be `?` (CN-6)")
    return card


def whole(text, what):
    if not re.fullmatch(r"[-+]?\d+", text.strip()):
        raise InputError(f"{what} is a whole number, not {text!r}")
    return bounded(text.strip(), what)


def bounded(text, what, digits=100):
    """``int(text)`` for a signed whole number already matched, refused in one line past
    ``digits`` digits before it is read (over 4,300 digits ``int`` raises; issue 18 item 13)."""
    sign = -1 if text.startswith("-") else 1
    number = text.lstrip("+-").lstrip("0") or "0"
    if len(number) > digits:
        raise InputError(f"{what} has {len(number)} digits: no game of Connections counts that far")
    return sign * int(number)
