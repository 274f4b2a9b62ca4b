"""The readers of the words every part of Crafting the Cosmos uses (an energy type, a
star, a number, who said the line), so the readings of each part (``reading_<part>.py``,
one per part of the game as the rules are split: setup, energy, craft, power, ending,
corrections) read them alike. Readers raise only InputError, for words that name
nothing; every judgement is the rules'.
"""

from referee.core.errors import InputError
from referee.core.text import cut as shown  # noqa: F401  (the commands quote typed words with it)
from referee.games.cosmos.state import STARS

_ENERGY = {"light": "light", "l": "light", "time": "time", "t": "time", "gravity": "gravity", "grav": "gravity",
           "g": "gravity", "chemistry": "chemistry", "chem": "chemistry", "c": "chemistry"}
_STARS = {star.lower(): star for star in STARS}


def energy_type(word):
    """An energy type (or control) as typed: light/l, time/t, gravity/grav/g, chemistry/chem/c."""
    found = _ENERGY.get(word.strip().lower().rstrip(","))
    if found is None:
        raise InputError(f"{shown(word)!r} is not an energy type: light, time, gravity or chemistry"
                         + meant(word, _ENERGY))
    return found


def meant(word, names):
    """' (did you mean gravity?)' for a slip (`gravty`, `lihgt`, `Anne`) close to one of
    ``names``: a suggestion, never a guess acted on; "" when none is close."""
    import difflib  # only for a word mistyped: not before the first prompt

    said = word.strip().lower().rstrip(",")
    if len(said) < 3:
        return ""
    by_lower = {name.lower(): name for name in names if len(name) > 1}
    close = difflib.get_close_matches(said, list(by_lower), 1, 0.6)
    return f" (did you mean {_full(by_lower[close[0]])}?)" if close else ""


def _full(name):
    """A control's whole name for a short form the suggestion found (`chem`: chemistry)."""
    return _ENERGY.get(name.lower(), name)


def named_player(ctx, word):
    """The player ``word`` names (any case, a unique start), or one line naming the players,
    with the name it is close to (`Anne`: did you mean Ann?)."""
    try:
        return ctx.player(word)
    except InputError as error:
        close = meant(word, ctx.players)
        if close:
            raise InputError(f"{error}{close}") from None
        raise


def star_type(word):
    """A star type as typed: H, He, O or C (any case)."""
    found = _STARS.get(word.strip().lower().rstrip(","))
    if found is None:
        raise InputError(f"{shown(word)!r} is not a star: H, He, O or C")
    return found


class Pattern:
    """A regular expression compiled the first time a word is matched against it, not when
    the game is imported: a game that is only listed or started pays nothing for the
    readings it has not heard yet (issue 19's budget for the first prompt)."""

    def __init__(self, pattern):
        self.pattern, self._compiled = pattern, None

    def match(self, text):
        if self._compiled is None:
            import re

            self._compiled = re.compile(self.pattern)
        return self._compiled.match(text)


MOST = 999  # no count, value or points typed in this game comes near it (the largest supply holds 48)


def small(text, what="a number", most=MOST):
    """``int(text)`` for digits already read as a number (a sign allowed), refused in one
    line above ``most`` BEFORE ``int`` reads it: a 5,000-digit number is a ValueError
    there, and a count repeats a word (`take 100000000 deck` would build the list
    first), so every number typed is bounded by what the game allows before anything
    is built (issue 18 item 13)."""
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) > len(str(most)) or int(digits) > most:
        raise InputError(f"{shown(text)}: {what} is at most {most}")
    return sign * int(digits)


def number(word, what="a number", most=MOST):
    """A whole number of 0 or more as typed, at most ``most`` (see :func:`small`)."""
    text = word.strip().rstrip(",")
    if not text.isdecimal():
        raise InputError(f"{shown(word)!r} is not {what}")
    return small(text, what, most)


def said_by(ctx, fields):
    """``fields`` in the name of whoever said the line, else of the player to act, so the
    log says who made every move (a line typed without `Ann:` is the player to act's)."""
    who = ctx.speaker or ctx.state.player
    return dict(fields, by=who) if who else fields


def words_of(args):
    """The words of a line, commas read as spaces (`place 2 H, He`)."""
    return args.replace(",", " ").split()


def can_ask_unseen(ctx):
    """Whether a player can be asked at a masked prompt: a script (read by the whole
    table anyway) cannot."""
    return ctx.interactive
