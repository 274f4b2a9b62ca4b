"""Corrections (G-1, G-3): `adjust`, a correction found later, logged as its own event:
a card given or returned, a card's value, points added.
"""

from referee.core.errors import RuleError
from referee.core.errors import ActionError
from referee.core.states import evolve
from referee.games.connexion.celestial import give, take


_ADJUST_FIELDS = {"give": ("card", "to"), "return": ("card",), "value": ("card", "value"),
                  "points": ("player", "points")}


def check_adjust(state, action):
    what = action["what"]
    if what not in _ADJUST_FIELDS:
        raise RuleError("adjust what? give, return, value or points", rule="G-1")
    missing = [name for name in _ADJUST_FIELDS[what] if action.get(name) is None]
    if missing:
        raise ActionError(f"an adjust {what} action without its {missing[0]!r}")
    name = action.card
    if what == "give":
        to = action["to"]
        if to not in state.players:
            raise RuleError(f"{to} is not playing", rule="G-1")
        holder = state.holder_of(name)
        if holder == to:
            raise RuleError(f"{to} holds {name} already", rule="G-1")
        if not holder and name not in state.pile:
            raise RuleError(f"{name} is not in this game's deck", rule="G-1")
    elif what == "return" and state.holder_of(name) is None:
        raise RuleError(f"nobody holds {name}", rule="G-1")
    elif what == "points" and action["player"] not in state.players:
        raise RuleError(f"{action['player']} is not playing", rule="G-1")


def adjust(state, action):
    what, name = action.what, action.card
    if what == "give":
        holder = state.holder_of(name)
        if holder:
            state = take(state, holder, name)
        else:
            state = evolve(state, pile=tuple(c for c in state.pile if c != name))
        return give(state, action["to"], name)
    if what == "return":
        return evolve(take(state, state.holder_of(name), name), pile=state.pile + (name,))
    if what == "value":
        return evolve(state, values=dict(state.values, **{name: action["value"]}))
    return evolve(state, extra=state.extra.add((action["player"], action["points"])))
