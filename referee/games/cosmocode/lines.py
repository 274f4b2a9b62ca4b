"""Cosmo;code's log lines: one per move, from the action's fields as the journal holds
them (moves.py declares which is whose; views and replies import this, never moves).
A deal typed at the masked prompt has a public line too, what the table sees of it until
the game ends (G-2)."""

from referee.games.cosmocode import cards


def paid(pay):
    """The cards a manipulation was paid with, as a player reads them aloud."""
    pay = pay if isinstance(pay, list) else [pay]
    return " and ".join(cards.show(c) for c in pay)


def start_line(action):
    return f"{action.get('player')} starts"


def deal_line(action):
    named = action.get("cards") or ()
    return f"names {len(named)} cards in {action.get('player')}'s hand: " + " ".join(cards.short(c) for c in named)


def deal_public(action):
    """How many cards were named, and in whose hand, is the table's to know (the picture
    shows the count); which cards stays hidden until the game ends (G-2)."""
    count = len(action.get("cards") or ())
    return (f"names {count} card{'s' if count != 1 else ''} in {action.get('player')}'s hand "
            "(which: hidden until the game ends)")


def receive_line(action):
    shown = action.get("cards")
    text = f"tries {action.get('range')} range"
    if shown:
        text += ": reveals " + " ".join(cards.short(c) for c in shown)
    return text


def reveal_line(action):
    return "reveals " + " ".join(cards.short(c) for c in action.get("cards") or ())


def flip_line(action):
    return f"4a: flips revealed card #{action.get('target', 0) + 1} with {paid(action.get('pay'))}"


def indicator_line(action):
    return f"4b: flips the channel indicator with {paid(action.get('pay'))}"


def tune_line(action):
    way = "up" if action.get("step") == 1 else "down"
    return f"4c: moves revealed card #{action.get('target', 0) + 1} {way} with {paid(action.get('pay'))}"


def take_line(action):
    taken = action.get("names") or []
    return "takes " + (" ".join(taken) if taken else "nothing")


def discard_line(action):
    return "discards " + " ".join(cards.show(c) for c in action.get("cards") or ())


def pass_line(action):
    return "takes nothing"


def perk_line(action):
    return f"chooses perk {action.get('perk')}"


def finish_line(action):
    return "ends the game early (G-6): the most red cards win"
