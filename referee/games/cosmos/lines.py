"""Each move's line in the log of Crafting the Cosmos, from its fields (and, for a move
that holds a secret, the line the table sees until the game ends).

One module for every line, so the log, the replies that echo a line (replies.py) and
the record (game.narrate) say a move alike, and a view never needs the moves. A line
reads the action as the journal holds it (a dict, possibly damaged: ``.get``), and
never refuses.
"""

from collections import Counter as Tally

from referee.games.cosmos import corrections, goals, power
from referee.games.cosmos.craft import article, plural
from referee.games.cosmos.ending import goal_of
from referee.games.cosmos.energy import steps_text
from referee.games.cosmos.state import SET_POINTS, SLOT_COSTS, STARS

# -- the setup ---------------------------------------------------------------------------------


def tokens(action):
    order = action.get("order") or []
    last = next((w for w in reversed(order) if w != "dark"), "?")
    return f"energy tokens laid from light: {' '.join(order)}; {last} is first player"


# -- the energy phase --------------------------------------------------------------------------


def shift(action):
    return f"shifts {steps_text(action.get('steps') or [])}"


def take(action):
    cards = list(action.get("cards") or ())
    faceup = [card for card in cards if card != "deck"]
    parts = [" ".join(faceup) + " from the display"] if faceup else []
    if cards.count("deck"):
        parts.append(f"{cards.count('deck')} from the deck")
    return "takes energy cards: " + (", ".join(parts) or "none")


def nebula(action):
    return f"takes a size {action.get('size')} nebula tile (chemistry)"


def display(action):
    return "lays face up: " + " ".join(str(card) for card in action.get("cards") or ())


# -- the craft phase ---------------------------------------------------------------------------


def place(action):
    stars = Tally(action.get("stars") or ())
    parts = [f"{n} {star}" for star, n in stars.items()]
    nebulae = Tally(action.get("nebulae") or ())
    parts += [f"{n} size {size} nebula" + ("e" if n > 1 else "") for size, n in nebulae.items()]
    if action.get("proto"):
        parts.append(f"{action['proto']} proto life")
    return "places " + (", ".join(parts) or "nothing")


def supernova(action):
    star = action.get("star")
    return f"turns {article(star)} {star} star into a supernova"


def stabilise(action):
    return f"stabilises {plural(action.get('count', 1), 'proto life', 'proto life')}"


def _piece_word(piece):
    return f"{piece} star" if piece in STARS else f"{piece} life"


def move(action):
    pieces = str(action.get("piece")).split() or [""]
    if len(pieces) == 1:
        piece = pieces[0]
        return f"moves {article(piece) if piece in STARS else 'a'} {_piece_word(piece)} (1 graviton)"
    said = []
    for piece in dict.fromkeys(pieces):  # in the order typed, each kind once: "2 H stars, a He star"
        n = pieces.count(piece)
        if n == 1:
            said.append(f"{article(piece) if piece in STARS else 'a'} {_piece_word(piece)}")
        else:
            said.append(f"{n} {piece} stars" if piece in STARS else f"{n} {piece} life")
    return f"moves {', '.join(said)} ({len(pieces)} gravitons)"


def complete(action):
    return f"completes a size {action.get('size')} nebula for {action.get('points')}"


def _advanced_head(action):
    proto = action.get("proto", 0)
    discarded = f"{plural(proto, 'proto life', 'proto life')} discarded" if proto else "no proto life discarded"
    return f"creates advanced life on a size {action.get('size')} nebula ({discarded})"


def advanced(action):
    value = action.get("value")
    return _advanced_head(action) + (f": worth {value}" if value is not None else "")


def advanced_public(action):
    return _advanced_head(action) + "; value hidden until the end"


def set_(action):
    return f"discards 5 {action.get('type')} energy cards for {SET_POINTS} points"


def discharge(action):
    parts = []
    if action.get("crystals"):
        parts.append(f"spends {plural(action['crystals'], 'time crystal token')}")
    if action.get("points"):
        parts.append(f"scores {action['points']}")
    if action.get("stars"):
        parts.append("gains " + " ".join(action["stars"]))
    return "discharges the time chamber (as reported): " + ", ".join(parts)


def end(action):
    if action.get("choice") == "nebula":
        return f"ends the turn (Ω): takes a size {action.get('size')} nebula"
    return "ends the turn (Ω): stabilises 1 proto life"


# -- power cards -------------------------------------------------------------------------------


def power_(action):
    kind, slot = action.get("type"), action.get("slot")
    cost = SLOT_COSTS[slot - 1] if isinstance(slot, int) and 1 <= slot <= len(SLOT_COSTS) else "?"
    listed = power.other_deck(str(action.get("card")), kind)
    said = f"pays {cost} {kind} for power card slot {slot}: keeps {action.get('card')}"
    return said + (f" (drawn from the {kind} deck; the rulebook lists it under {listed}, G-1)" if listed else "")


def _use_target(action):
    card = power.reference().get(power.key(action.get("card", "")))
    parts = [part for part, _argument in card.effects] if card else []
    target = ("supernova " if action.get("supernova") else "") + str(action["target"])
    if "discard" in parts:
        return f"discards {target}"
    if "unnova" in parts:
        return f"the supernova {target} turns back"
    if "nova" in parts:
        return f"{target} becomes a supernova"
    return target


_USE_CHOICES = (("star", "gains {}"), ("nebula", "{}s a nebula"), ("count", "stabilises {}"), ("piece", "moves {}"),
                ("points", "{} points"))


def use(action):
    text = f"uses {action.get('card')}"
    if action.get("pay"):
        text += " (" + power.cost_text(action["pay"]) + ")"
    said = [_use_target(action)] if action.get("target") else []
    said += [words.format(action[field]) for field, words in _USE_CHOICES if action.get(field)]
    if action.get("cost") is not None:
        said.append(f"cost entered: {power.cost_text(action['cost'])}")
    return text + (": " + ", ".join(said) if said else "")


# -- the goals and the end phase ---------------------------------------------------------------


def goal(action):
    try:
        shown = goal_of(action)
    except KeyError:
        return "reveals a goal"
    if goals.find(shown.name):
        return f"reveals the goal {goals.label(shown)}"
    counted = f" (counts {shown.metric})" if shown.metric else " (the table counts it)"
    return f"reveals the goal \"{shown.name}\"{counted}"


def count(action):
    counts = action.get("counts") or {}
    return "counts for the goal scored: " + ", ".join(f"{p} {c}" for p, c in counts.items())


def discard(action):
    return f"{action.get('player')} discards {' '.join(action.get('cards') or ())} (hand limit)"


# -- corrections -------------------------------------------------------------------------------


def adjust(action):
    what = action.get("what", "?")
    value = action.get("value")
    how = f"by {value:+d}" if action.get("relative") and isinstance(value, int) else f"to {value}"
    if what == corrections.HAND:
        return f"corrects {action.get('player')}'s hand {how} cards (G-1)"
    return f"corrects {action.get('player')}'s {corrections.label(what)} {how} (G-1)"


def token(action):
    who = "a dark token" if action.get("token") == "dark" else f"{action.get('token')}'s token"
    source = f" from {action.get('from')}" if action.get("from") else ""
    return f"corrects the ring: {who}{source} to {action.get('to')} (G-1)"


def deck(action):
    return f"corrects the energy deck's count to {action.get('count')} (G-1)"


def tell(action):
    return f"tells the referee {action.get('player')}'s cards: " + " ".join(map(str, action.get("cards") or ()))


def tell_public(action):
    count_ = len(action.get("cards") or ())
    return (f"tells the referee {count_} card{'s' if count_ != 1 else ''} of {action.get('player')}'s hand "
            "(which: hidden until the game ends)")


def finish(action):
    return "ends the game early (G-6): after this round's end phase"
