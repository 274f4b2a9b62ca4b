"""The scribe's log line of each kind of move, one function per move (moves.py names them).

A line reads the action alone, as the journal holds it, so a save written by any version
of the referee reads the same; the log's own column says who acted. Connections holds
no secret (the cards are physical and a hand is only a count), so each line is public.
"""


def _card_text(card):
    words = card.get("words") or []
    return "/".join(str(w) for w in words) + f" ({card.get('points')})"


def _shown(action):
    card = action.get("card")
    return _card_text(card) if isinstance(card, dict) else "?"


def _at(action):
    cell = action.get("cell")
    return f" at {cell[0]},{cell[1]}" if isinstance(cell, (list, tuple)) and len(cell) == 2 else ""


def _late(action):
    return " (late: after the turn time ran out, G-5)" if action.get("late") else ""


def start(action):
    return f"starter card {_shown(action)} at 0,0"


def play(action):
    text = f"plays {_shown(action)}{_at(action)}"
    if action.get("pairs"):
        text += ": " + "; ".join(action["pairs"])
    if action.get("arithmetic"):
        text += f"; {action['arithmetic']}"
    said = [s for s in action.get("sides") or () if isinstance(s, (list, tuple)) and len(s) == 4]
    if said:  # sides typed `?` earlier, said now that this card touches them (CN-1)
        text += "; " + "; ".join(f"the {side} side at {x},{y} is {word}" for x, y, side, word in said)
    quad = action.get("quad")
    if isinstance(quad, (list, tuple)) and len(quad) == 2:
        text += f"; makes a quad at {quad[0]},{quad[1]}"
    if action.get("unchecked"):
        text += f" (entered as printed: {', '.join(action['unchecked'])})"
    return text + _late(action)


def draw(action):
    pile = action.get("pile")
    return "draws a card" + (f" from pile {pile}" if pile else "")


def pass_turn(action):
    return "passes"


def contest(action):
    at = _at(action)
    if action.get("of"):
        return f"objection to {action['of']}'s quad" + at
    return f"contest of the card{at}" if at else "contest of the last play"


def vote(action):
    ballots = action.get("ballots") or []
    on = f" on {action['on']}" if isinstance(action.get("on"), str) else ""
    text = f"votes{on}: " + ", ".join(f"{v} {'yes' if b else 'no'}" for v, b in ballots if isinstance(v, str))
    return text + (f"; {action['tally']}" if isinstance(action.get("tally"), str) else "")


def hand(action):
    if isinstance(action.get("total"), int):
        return f"{action.get('player')} has {action['total']} in all left in hand"
    values = action.get("points") or []
    left = " + ".join(str(v) for v in values) if values else "nothing"
    return f"{action.get('player')} has {left} left in hand"


def adjust(action):
    was, count = action.get("was"), action.get("count")
    change = f"{was} → {count}" if isinstance(was, int) else f"{count}"
    if action.get("what") == "hand":
        where = f"{action.get('player')}'s hand"
    else:
        where = f"pile {action['pile']}" if action.get("pile") else "the draw pile"
    return f"{where} corrected to the table's count: {change} cards (G-1)"


def close(action):
    return "the table closes the round"


def finish(action):
    return "the table ends the game early (G-6)" if action.get("early") else "the table ends the game (G-6)"


def take(action):
    return f"takes back the card{_at(action)}"


def give_back(action):
    return f"returns a card to pile {action.get('pile')}"


def run(action):
    cards = action.get("cards") or []
    return "lays a run: " + "; ".join(_card_text(c) for c in cards if isinstance(c, dict)) + _late(action)


def extend(action):
    return f"extends run {action.get('run')} at its {action.get('end')} end with {_shown(action)}" + _late(action)


def steal(action):
    return f"steals the {action.get('end')} end of {action.get('from')}'s run {action.get('run')}" + _late(action)
