"""The one registry of what players type in Crafting the Cosmos, and the readers of the
words every part of the game uses (a player, an energy type, a star, a number), so the
energy, craft and end phase commands (``*_commands.py``) read them alike. Readers raise
only InputError, for words that name nothing; every judgement is the rules'.
"""

from referee.core.commands import CommandSet
from referee.core.errors import InputError
from referee.games.cosmos.state import STARS

COMMANDS = CommandSet()

_ENERGY = {"light": "light", "l": "light", "time": "time", "t": "time", "gravity": "gravity", "grav": "gravity",
           "g": "gravity", "chemistry": "chemistry", "chem": "chemistry", "c": "chemistry"}
_STARS = {star.lower(): star for star in STARS}


def energy_type(word):
    """An energy type (or control) as typed: light/l, time/t, gravity/grav/g, chemistry/chem/c."""
    found = _ENERGY.get(word.strip().lower().rstrip(","))
    if found is None:
        raise InputError(f"{word!r} is not an energy type: light, time, gravity or chemistry")
    return found


def star_type(word):
    """A star type as typed: H, He, O or C (any case)."""
    found = _STARS.get(word.strip().lower().rstrip(","))
    if found is None:
        raise InputError(f"{word!r} is not a star: H, He, O or C")
    return found


def number(word, what="a number"):
    """A whole number of 0 or more as typed."""
    text = word.strip().rstrip(",")
    if not text.isdecimal():
        raise InputError(f"{word!r} is not {what}")
    return int(text)


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

