"""The scribe's log line of each Jr move, from its fields (views and the moves both
import this; it imports neither). A journal written before Core v2 carries the line as
a sentence (``say``), read as it was written."""

from referee.games.colors import lines as team
from referee.games.colors.lines import said
from referee.games.colors.cards import Names
from referee.games.colors_jr.state import cell_name

_NAMES = Names()  # the default names: a log line asked for without its game's state


def _names(state):
    return state.names if state is not None else _NAMES


def take_line(action, state=None):
    if said(action):
        return said(action)
    return f"takes {cell_name(action['cell'])} {_names(state).value_name(action['side'], action['value'])}"


def reveal_line(action, state=None):
    if said(action):
        return said(action)
    names = _names(state)
    return "turns up " + " ".join("empty" if c is None else names.code(c) for c in action.get("cards") or [])


# Jr's moves, and the team game's (which a Jr table cannot make: never in a Jr journal)
LINES = dict(team.LINES, take=take_line, reveal=reveal_line)


def line(action, state=None):
    """The log line of ``action`` made in ``state`` (the game's card names), the stored
    sentence of an old journal as it was written."""
    told = LINES.get(action.get("do"))
    if told is None:
        return str(action.get("do", "?"))
    return told(action, state)
