"""The one registry of what players type in Crafting the Cosmos, and the readers of the
words every part of the game uses (a player, an energy type, a star, a number), so the
energy, craft and end phase commands (``*_commands.py``) read them alike. Readers raise
only InputError, for words that name nothing; every judgement is the rules'.
"""

from referee.core.commands import CommandSet
from referee.core.errors import InputError
from referee.core.text import cut as shown  # noqa: F401  (the commands quote typed words with it)
from referee.games.cosmos.state import STARS

COMMANDS = CommandSet()

_ENERGY = {"light": "light", "l": "light", "time": "time", "t": "time", "gravity": "gravity", "grav": "gravity",
           "g": "gravity", "chemistry": "chemistry", "chem": "chemistry", "c": "chemistry"}
_STARS = {star.lower(): star for star in STARS}


def energy_type(word):
    """An energy type (or control) as typed: light/l, time/t, gravity/grav/g, chemistry/chem/c."""
    found = _ENERGY.get(word.strip().lower().rstrip(","))
    if found is None:
        raise InputError(f"{shown(word)!r} is not an energy type: light, time, gravity or chemistry")
    return found


def star_type(word):
    """A star type as typed: H, He, O or C (any case)."""
    found = _STARS.get(word.strip().lower().rstrip(","))
    if found is None:
        raise InputError(f"{shown(word)!r} is not a star: H, He, O or C")
    return found


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


def do(session, action):
    """Do an action in the name of whoever said it, else of the player to act, so the log
    says who made every move (a line typed without `Ann:` is the player to act's)."""
    who = session.speaker or session.state.player
    if who:
        action = dict(action, by=who)
    return session.do(action)


def seat_of(session, word):
    """The seat index of a player named (any case, a unique prefix), via the session."""
    name = session.player(word)
    return session.state.players.index(name)

