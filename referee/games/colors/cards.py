"""The Cosmic Color cards (CC-1) and the short codes players type for them.

A card is a small int: ``colour * 5 + shape`` for the 100 colour cards (five colours ×
five shapes × four copies) and :data:`WILD` for a wild. Ints keep the journal and the
hint search cheap; the names a table sees come from :class:`Names`, which a table may
rename (CC-1), so the journal never depends on what the colours were called.
"""

import re
from dataclasses import dataclass

from referee.core.errors import InputError

WILD = 25
UNKNOWN = -1  # table mode: a card a hand holds that the table has not entered (sorts first)
COPIES = 4  # of each colour-and-shape combination (Contents)
KINDS = 25
DEFAULT_COLORS = ("red", "orange", "yellow", "green", "blue")
DEFAULT_SHAPES = ("star", "moon", "planet", "comet", "galaxy")
GLYPHS = ("★", "☾", "●", "☄", "✹")  # one per shape position, whatever the table calls it
WILD_GLYPH = "✱"
WILD_WORDS = ("w", "*", "wild")
# ANSI colours for the colour names a table is likely to use; others are drawn bold.
ANSI = {"red": "red", "orange": 208, "yellow": "yellow", "green": "green", "blue": "blue",
        "purple": "magenta", "violet": "magenta", "magenta": "magenta", "pink": 213, "cyan": "cyan",
        "white": "white", "black": "bright_black", "grey": "bright_black", "gray": "bright_black",
        "brown": 130, "teal": 30, "indigo": 54, "gold": 220, "silver": 250}


def colour_of(card):
    return card // 5


def shape_of(card):
    return card % 5


def card_of(colour, shape):
    return colour * 5 + shape


def full_deck():
    """The 100 colour cards, four of each kind, in a fixed order (shuffled by the seed)."""
    return [kind for kind in range(KINDS) for _ in range(COPIES)]


def parse_names(text, what):
    """Five distinct names with distinct first letters, from ``red,orange,...`` (CC-1)."""
    names = tuple(n.strip().lower() for n in str(text).replace(";", ",").split(","))
    if len(names) != 5 or not all(re.fullmatch(r"[a-z][a-z-]*", n) for n in names):
        example = ",".join(DEFAULT_COLORS if what == "colors" else DEFAULT_SHAPES)
        raise InputError(f"option {what} takes five names, comma-separated, e.g. {example} (CC-1)")
    if len({n[0] for n in names}) != 5:
        raise InputError(f"option {what}: the five names must start with five different letters "
                         "(cards are typed by them) (CC-1)")
    return names


@dataclass(frozen=True)
class Names:
    """What this table calls the colours and shapes, and the codes that follow from it."""

    colors: tuple = DEFAULT_COLORS
    shapes: tuple = DEFAULT_SHAPES

    @classmethod
    def from_options(cls, options):
        return cls(parse_names(options.get("colors", ",".join(DEFAULT_COLORS)), "colors"),
                   parse_names(options.get("shapes", ",".join(DEFAULT_SHAPES)), "shapes"))

    def code(self, card):
        """``Rs`` for a red star: colour letter upper, shape letter lower; ``W`` a wild."""
        if card == WILD:
            return "W"
        if card == UNKNOWN:
            return "?"
        return self.colors[colour_of(card)][0].upper() + self.shapes[shape_of(card)][0]

    def name(self, card):
        if card == WILD:
            return "wild"
        if card == UNKNOWN:
            return "a card not entered"
        return f"{self.colors[colour_of(card)]} {self.shapes[shape_of(card)]}"

    def glyph(self, card):
        if card == UNKNOWN:
            return ""
        return WILD_GLYPH if card == WILD else GLYPHS[shape_of(card)]

    def ansi(self, card):
        if card in (WILD, UNKNOWN):
            return None
        return ANSI.get(self.colors[colour_of(card)])

    def value_name(self, side, value):
        return (self.colors if side == "colors" else self.shapes)[value]

    def parse(self, text):
        """A card from its code (``Rs``, ``rs``, ``sR``, ``W``) or its name (``red-star``)."""
        word = text.strip().lower()
        if word in WILD_WORDS:
            return WILD
        colour_letters = [c[0] for c in self.colors]
        shape_letters = [s[0] for s in self.shapes]
        if len(word) == 2:
            a, b = word
            if a in colour_letters and b in shape_letters:
                return card_of(colour_letters.index(a), shape_letters.index(b))
            if a in shape_letters and b in colour_letters:
                return card_of(colour_letters.index(b), shape_letters.index(a))
        parts = re.split(r"[-_ ]+", word)
        if len(parts) == 2:
            for c, s in (parts, parts[::-1]):
                if c in self.colors and s in self.shapes:
                    return card_of(self.colors.index(c), self.shapes.index(s))
        examples = f"{self.code(card_of(0, 0))} ({self.name(card_of(0, 0))}), W (wild)"
        raise InputError(f"{text!r} is not a card; type its colour letter and shape letter, e.g. {examples} "
                         f"(colours {'/'.join(c[0].upper() for c in self.colors)}, shapes {'/'.join(shape_letters)}) (CC-1)")

    def is_card(self, text):
        try:
            self.parse(text)
        except InputError:
            return False
        return True

    def parse_value(self, side, text):
        """A colour (Colors team) or a shape (Shapes team) named in full or by its letter."""
        word = text.strip().lower()
        names = self.colors if side == "colors" else self.shapes
        for index, name in enumerate(names):
            if word == name or word == name[0] or (len(word) > 1 and name.startswith(word)):
                return index
        raise InputError(f"{text!r} is not a {'colour' if side == 'colors' else 'shape'}; "
                         f"the {side} are {', '.join(names)} (CC-1)")

    def legend(self):
        colours = ", ".join(f"{c[0].upper()} {c}" for c in self.colors)
        shapes = ", ".join(f"{s[0]} {s} {g}" for s, g in zip(self.shapes, GLYPHS))
        return f"colours: {colours}; shapes: {shapes}; W wild {WILD_GLYPH}"
