"""The scribe's log line of each Cosmic Colors move, from its fields (issue 19: views and
the moves both import this; it imports neither).

A line is written with the game's card names when the state before the move is known
(the player's side and teammate come from it); journals written before Core v2 carry
the line as a sentence (``say``), which is read as it was written.
"""

from referee.games.colors import grid
from referee.games.colors.cards import UNKNOWN, WILD, Names

_NAMES = Names()  # the default names: a log line asked for without its game's state


def _names(state):
    return state.names if state is not None else _NAMES


def said(action):
    """The sentence a journal written before Core v2 stored for the log, or None."""
    say = action.get("say")
    return say if isinstance(say, str) and say else None


def codes(names, cards):
    """The cards' codes; those of a hand the table did not enter counted, not shown as `?`."""
    shown = " ".join(names.code(c) for c in cards if c != UNKNOWN)
    unknown = list(cards).count(UNKNOWN)
    if not unknown:
        return shown
    return (shown + " + " if shown else "") + f"{unknown} not entered"


def _draws(action, names):
    draws = action.get("draws")
    return "; draws " + codes(names, draws) if draws else ""


# -- the log lines: (action, the state before it or None) -> the scribe's line --------------


def grid_line(action, state=None):
    return said(action) or "lays out " + codes(_names(state), action.get("cards") or [])


def hand_line(action, state=None):
    return said(action) or "hand " + codes(_names(state), action.get("cards") or [])


def play_line(action, state=None):
    if said(action):
        return said(action)
    names, cards = _names(state), action.get("cards") or []
    if not cards:
        return "passes"
    text = "plays " + " ".join(f"{names.code(c)}@{grid.name(cell)}" for c, cell in zip(cards, action.get("cells")))
    value = action.get("value")
    if value is not None and state is not None and all(c == WILD for c in cards):
        text += " as " + names.value_name(state.side_of(state.turn), value)
    return text


def discard_line(action, state=None):
    if said(action):
        return said(action)
    names, cards = _names(state), action.get("cards") or []
    return ("discards " + codes(names, cards) if cards else "keeps every card") + _draws(action, names)


def swap_line(action, state=None):
    if said(action):
        return said(action)
    names = _names(state)
    mate = state.teammate(state.turn) if state is not None else None
    with_whom = f" with {state.players[mate]}" if mate is not None else ""
    return (f"swaps {codes(names, action.get('give') or [])} for {codes(names, action.get('take') or [])}"
            f"{with_whom}{_draws(action, names)}")


def draw_line(action, state=None):
    if said(action):
        return said(action)
    cards = action.get("cards") or []
    text = "draws " + codes(_names(state), cards) if cards else "draws nothing"
    return text + ("; the draw pile is empty" if action.get("empty") else "")


def adjust_line(action, state=None):
    if said(action):
        return said(action)
    names = _names(state)
    if action.get("what") == "pile":
        count = action.get("count")
        was = action.get("was", state.pile_count if state is not None else "?")
        return f"the draw pile corrected to the table's count: {was} → {count} {'card' if count == 1 else 'cards'} (G-1)"
    player = action.get("player")
    was = action.get("was")
    if was is None and state is not None and player in state.players:
        was = state.hands[state.players.index(player)]
    cards = codes(names, sorted(action.get("cards") or [])) or "no cards"
    before = codes(names, was) or "no cards" if was is not None else "?"
    return f"{player}'s hand corrected to the table's: {cards} (was {before}) (G-1)"


def finish_line(action, state=None):
    return said(action) or "the table ends the game early (G-6)"


def absent_line(action, state=None):
    """The line of a move this game lacks (Jr's, in the box): never journalled here."""
    return said(action) or str(action.get("do", "?"))


LINES = {"grid": grid_line, "hand": hand_line, "play": play_line, "discard": discard_line, "swap": swap_line,
         "draw": draw_line, "adjust": adjust_line, "finish": finish_line}


def line(action, state=None):
    """The log line of ``action`` made in ``state`` (the game's card names, the player's
    side and teammate), the stored sentence of an old journal as it was written."""
    told = LINES.get(action.get("do"))
    if told is None:
        return str(action.get("do", "?"))
    return told(action, state)
