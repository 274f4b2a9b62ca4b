"""Power cards in Crafting the Cosmos (CT-5): gaining one into a slot (Power) and using
one at the cost of the rulebook's reference (Use).

Power cards are physical in both modes: the player draws from that type's deck, keeps
one and names it; the referee checks the slot, the matching energy cards paid (2 / 3 / 3
/ 4) and that the card is not already in play, and derives the power token in that
control from the filled slot (State.power_tokens). The reference we have lists 16 cards
(powercards.tsv: cost and the parts of the effect the referee tracks); a card it lacks is
entered once with its cost when first used and remembered (``State.learned``), its effect
recorded as the player reports it (CT-1).
"""

import functools
from collections import Counter as Tally
from typing import NamedTuple

from referee.core import tables
from referee.core.errors import InputError, RuleError
from referee.core.states import evolve, set_seat
from referee.core.text import quoted
from referee.core.worked import remembered
from referee.games.cosmos import energycards, moving, supplies
from referee.games.cosmos.craft import bump, pay, plural, seat_board
from referee.games.cosmos.state import ENERGY, SIZES, SLOT_COSTS, STARS, Nebula

DECK = 8  # power cards of each type (Components)
COST_WORDS = ENERGY + ("any", "matching", "graviton", "stable")  # one unit of a cost each
EFFECTS = ("star", "place", "points", "crystal", "stable", "nova", "unnova", "discard", "nebula", "stabilise",
           "move")

_GREEK = {"δ": "delta", "ψ": "psi", "φ": "phi"}
_ENERGY_WORDS = {"light": "light", "l": "light", "time": "time", "t": "time", "gravity": "gravity",
                 "grav": "gravity", "g": "gravity", "chemistry": "chemistry", "chem": "chemistry", "c": "chemistry"}


def key(name):
    """A card name as compared: any case, spaces collapsed, Δ Ψ Φ as delta psi phi."""
    return _key(str(name))


@functools.lru_cache(maxsize=256)
def _key(name):
    """:func:`key` of a text, kept for the last names asked: a power card's check and
    effect compare it with every slot of the board, and the names in play are few."""
    text = " ".join(name.split()).lower()
    for letter, word in _GREEK.items():
        text = text.replace(letter, " " + word)
    return " ".join(text.split())


class Cost(NamedTuple):
    """A power card's cost: energy cards (types, "any", "matching"), gravitons, stable life."""

    cards: tuple = ()
    graviton: int = 0
    stable: int = 0

    @classmethod
    def of(cls, units):
        units = tuple(units)
        return cls(tuple(u for u in units if u not in ("graviton", "stable")), units.count("graviton"),
                   units.count("stable"))

    def units(self):
        return self.cards + ("graviton",) * self.graviton + ("stable",) * self.stable

    def __str__(self):
        return cost_text(self.units())


def cost_units(words):
    """The units of a cost as typed (`chem chem`, `2 time`, `5 matching`, `any graviton`):
    InputError for a word that is none. A number repeats the unit after it."""
    units, repeat = [], 1
    for word in words:
        said = word.strip().strip(",").lower()
        if not said:
            continue
        if said.isdecimal():
            if len(said.lstrip("0")) > 2:  # bounded before it is read or repeated (issue 18 item 13)
                raise InputError(f"{said[:10]}{'…' if len(said) > 10 else ''}: a cost repeats a unit 99 times at most")
            repeat = int(said.lstrip("0") or "0")
            continue
        unit = _ENERGY_WORDS.get(said) or {"gravitons": "graviton", "stable": "stable", "any": "any",
                                           "matching": "matching", "graviton": "graviton"}.get(said)
        if unit is None:
            raise InputError(f"{quoted(word)} is not part of a cost: an energy type, any, matching, graviton or stable")
        units += [unit] * repeat
        repeat = 1
    return tuple(units)


def cost_text(units):
    """``("time", "time", "graviton")`` as ``2 time, 1 graviton``."""
    counts = Tally(units)
    said = {"any": "of any type", "graviton": "graviton", "stable": "stable life"}
    parts = []
    for unit, n in counts.items():
        word = said.get(unit, unit)
        parts.append(f"{n} {word}" + ("s" if unit == "graviton" and n > 1 else ""))
    return ", ".join(parts) or "nothing"


class Card(NamedTuple):
    name: str
    type: str
    cost: Cost
    effects: tuple  # ((part, argument or None), ...)
    note: str = ""


def _effects(text):
    parts = []
    for word in text.split():
        part, _, argument = word.partition(":")
        if part not in EFFECTS:
            raise InputError(f"{quoted(word)} is not an effect part: {', '.join(EFFECTS)}")
        parts.append((part, argument or None))
    return tuple(parts)


COLUMNS = (tables.Column("name", unique=True, key=key), tables.Column("type", "choice", choices=ENERGY),
           tables.Column("cost"), tables.Column("effect"), tables.Column("note", required=False))


@functools.lru_cache(maxsize=None)
def reference():
    """The cards of powercards.tsv by key(name), read once."""
    rows = tables.read(tables.package_text(__package__, "powercards.tsv"), "powercards.tsv", COLUMNS, noun="card")
    cards = {}
    for row in rows:
        try:
            cost, effects = Cost.of(cost_units(row["cost"].split())), _effects(row["effect"])
        except InputError as error:
            raise InputError(f"{row.where}: {error}") from None
        cards[key(row["name"])] = Card(row["name"], row["type"], cost, effects, row["note"])
    return cards


def learned(state, name):
    """The (name, type, cost units) the table gave for a card the reference lacks, or None."""
    wanted = key(name)
    for entry in state.learned:
        if key(entry[0]) == wanted:
            return entry
    return None


def card_name(state, text):
    """A card name as typed, as the game calls it: the reference's or a learned card's
    spelling when the key matches, else the words as typed (a card the table names)."""
    wanted = key(text)
    found = reference().get(wanted)
    if found:
        return found.name
    entry = learned(state, text)
    if entry:
        return entry[0]
    for board in state.boards:
        for slot in board.power:
            if slot and key(slot[0]) == wanted:
                return slot[0]
    return " ".join(text.split())


def known(state, name):
    """The Card for a name: the reference's, else the one the table entered, else None."""
    found = reference().get(key(name))
    if found:
        return found
    entry = learned(state, name)
    if entry:
        return Card(entry[0], entry[1], Cost.of(entry[2]), ())
    return None


def holder(state, name):
    """(seat, slot index) of the card ``name`` in play, or None."""
    wanted = key(name)
    for seat, board in enumerate(state.boards):
        for at, slot in enumerate(board.power):
            if slot and key(slot[0]) == wanted:
                return seat, at
    return None


def free_slots(board):
    return [at + 1 for at, slot in enumerate(board.power) if slot is None]


# -- gaining a power card (Power) -----------------------------------------------------------


def _check_slot(board, name, slot):
    free = free_slots(board)
    if not free:
        raise RuleError(f"{name} has no free power card slot", rule="Power")
    if not 1 <= slot <= len(SLOT_COSTS):
        raise RuleError(f"slot {slot}? the slots are 1 to {len(SLOT_COSTS)}", rule="Power")
    if slot not in free:
        raise RuleError(f"{name}'s slot {slot} is filled; free: {', '.join(map(str, free))}", rule="Power")


def _check_named(state, kind, card):
    """The card kept is one of the ``kind`` deck: the reference's type, or a name the
    reference lacks when it does not list the whole deck."""
    import difflib  # only when a word is mistyped: not before the first prompt
    if not card:
        raise RuleError("name the power card kept", rule="Power")
    said = known(state, card)
    if said is not None and said.type != kind:  # the table drew it from that deck: its deck is the truth (G-1, CT-8)
        return
    listed = [c.name for c in reference().values() if c.type == kind]
    if said is None and len(listed) >= DECK:  # the reference lists the whole deck: a slip
        starts = [n for n in listed if key(n).startswith(key(card))]
        close = difflib.get_close_matches(key(card), [key(n) for n in listed], n=1, cutoff=0.6)
        meant = starts or [n for n in listed if close and key(n) == close[0]]
        hint = f"; did you mean {' or '.join(meant)}?" if meant else f": {', '.join(listed)}"
        raise RuleError(f"{card!r} is not a {kind} power card{hint}", rule="Power")


def other_deck(card, kind):
    """The type the rulebook's reference lists ``card`` under when the table drew it from
    the ``kind`` deck instead (CT-8, G-1: Amino Acids, listed under light, costs
    chemistry), else None."""
    listed = reference().get(key(card))
    return listed.type if listed is not None and listed.type != kind else None


def check_power(state, action):
    seat, board, name = seat_board(state)
    kind, slot, card = action["type"], action["slot"], " ".join(action["card"].split())
    if kind not in ENERGY:
        raise RuleError(f"{kind!r} is not an energy type", rule="Power")
    _check_slot(board, name, slot)
    _check_named(state, kind, card)
    held = holder(state, card)
    if held is not None:
        raise RuleError(f"{card} is already in {state.players[held[0]]}'s slot {held[1] + 1}", rule="Power")
    in_play = sum(1 for b in state.boards for s in b.power if s and s[1] == kind)
    if in_play >= DECK:
        raise RuleError(f"the {kind} power deck is empty", rule="CT-4")
    energycards.paid_hand(state, seat, [kind] * SLOT_COSTS[slot - 1], "Power")


def power(state, action):
    seat, _board, _name = seat_board(state)
    kind, slot = action["type"], action["slot"]
    state = pay(state, seat, [kind] * SLOT_COSTS[slot - 1], "Power")
    board = state.boards[seat]
    slots = list(board.power)
    slots[slot - 1] = (card_name(state, action["card"]), kind)
    return supplies.board(state, seat, power=tuple(slots))


# -- using a power card (Use) --------------------------------------------------------------


def fits(cost, paid):
    """Whether the energy cards ``paid`` (types) are the cost's cards: each typed unit by
    its type, "matching" units all of one type, "any" units whatever is left."""
    left = Tally(paid)
    if sum(left.values()) != len(cost.cards):
        return False
    for unit in cost.cards:
        if unit in ENERGY:
            if not left[unit]:
                return False
            left[unit] -= 1
    matching = cost.cards.count("matching")
    if matching:
        kinds = [kind for kind, n in left.items() if n >= matching]
        if not kinds:
            return False
        left[kinds[0]] -= matching
    return sum(left.values()) == cost.cards.count("any")


def used_card(state, action):
    """The Card ``action`` uses: known, or learned from the action's ``cost``."""
    seat, board, name = seat_board(state)
    card = action["card"]
    slot = next((s for s in board.power if s and key(s[0]) == key(card)), None)
    if slot is None:
        raise RuleError(f"{name} has no power card {card!r} in a slot", rule="Use")
    said = known(state, slot[0])
    typed = action.cost
    if said is None:
        if typed is None:
            raise RuleError(f"{slot[0]} is not in the reference: say its cost once, e.g. "
                            f"`use {slot[0]} cost chem chem`", rule="CT-5")
        wrong = [u for u in typed if u not in COST_WORDS]
        if wrong:
            raise RuleError(f"{wrong[0]!r} is not part of a cost", rule="CT-5")
        if not typed:
            raise RuleError(f"say what {slot[0]} costs", rule="CT-5")
        return Card(slot[0], slot[1], Cost.of(typed), ())
    if typed is not None and Tally(typed) != Tally(said.cost.units()):
        raise RuleError(f"{said.name} costs {said.cost}, not {cost_text(typed)}", rule="Use")
    if action.points is not None and said.effects:
        raise RuleError(f"{said.name}'s effect is in the reference: no points to report", rule="Use")
    return said


def check_use(state, action):
    card = used_card(state, action)
    _seat, board, name = seat_board(state)
    paid = action["pay"]
    if any(p not in ENERGY for p in paid) or not fits(card.cost, paid):
        raise RuleError(f"{card.name} costs {card.cost}; {' '.join(paid) or 'nothing'} does not pay it",
                        rule="Use")
    if board.graviton < card.cost.graviton:
        raise RuleError(f"{card.name} costs {plural(card.cost.graviton, 'graviton')}: "
                        f"{name}'s slider is at {board.graviton}", rule="Use")
    if board.stable < card.cost.stable:
        raise RuleError(f"{card.name} costs {card.cost.stable} stable life: {name} has {board.stable}", rule="Use")
    if action.points is not None and action.points < 0:
        raise RuleError("points are 0 or more", rule="Use")
    _used(state, action)  # every choice checked as the effect makes it (a refusal, never a change)


def use(state, action):
    return _used(state, action)  # as its check made it, or made now (core.worked)


@remembered
def _used(state, action):
    return _apply(state, action, used_card(state, action))


def _apply(state, action, card):
    """The card used: its cost paid, a card the table named learned, the points reported,
    in one new state; then each part of its effect."""
    seat = state.turn
    name = state.players[seat]
    changes = energycards.paid(state, seat, list(action["pay"]), "Use")  # craft.pay's, not made yet
    if action.cost is not None and known(state, card.name) is None:
        changes["learned"] = state.learned + ((card.name, card.type, tuple(action.cost)),)
    board = state.boards[seat]
    made = {}
    if card.cost.graviton:
        made["graviton"] = board.graviton - card.cost.graviton
    if card.cost.stable:
        made["stable"] = board.stable - card.cost.stable
        changes["supply"] = supplies.give_back(state, "life", card.cost.stable)
    if action.points:
        made["points"] = supplies.points(board, "power", action.points)
    if made:
        changes["boards"] = set_seat(state.boards, seat, evolve(board, made))
    state = evolve(state, changes)
    for part, argument in card.effects:
        state = _effect(state, seat, name, card, part, argument, action)
    return state


def _choice(action, field, card, what):
    value = getattr(action, field)
    if value is None:
        raise RuleError(f"{card.name}: say {what}", rule="Use")
    return value


def _star_index(value, card):
    if value not in STARS:
        raise RuleError(f"{card.name}: {value!r} is not a star (H, He, O, C)", rule="Use")
    return STARS.index(value)


def _gain_star(state, seat, name, card, part, argument, action):
    board = state.boards[seat]
    star = argument if argument not in (None, "any") else _choice(action, "star", card, "which star you gain")
    index = _star_index(star, card)
    state = evolve(state, supply=supplies.take_all(state, star, 1))
    if part == "star":
        return supplies.board(state, seat, loose_stars=bump(board.loose_stars, index, 1))
    return supplies.board(state, seat, stars=bump(board.stars, index, 1))


def _points(state, seat, name, card, part, argument, action):
    return supplies.board(state, seat, points=supplies.points(state.boards[seat], "power", int(argument)))


def _crystal(state, seat, name, card, part, argument, action):
    state, _tokens = supplies.climb(state, seat, int(argument or 1))
    return state


def _stable(state, seat, name, card, part, argument, action):
    state = evolve(state, supply=supplies.take_all(state, "life", 1))
    return supplies.board(state, seat, stable=state.boards[seat].stable + 1)


def _on_star(state, seat, name, card, part, argument, action):
    """nova (a star becomes a supernova), unnova (back), discard (a star or supernova to
    its supply)."""
    board = state.boards[seat]
    target = _choice(action, "target", card, "which star")
    index = _star_index(target, card)
    nova = part == "unnova" or (part == "discard" and action.supernova)
    have = (board.novae if nova else board.stars)[index]
    if have < 1:
        kind = f"{target} supernova" if nova else f"regular {target} star"
        raise RuleError(f"{card.name}: {name} has no {kind} on the board", rule="Use")
    if part == "nova":
        return supplies.board(state, seat, stars=bump(board.stars, index, -1), novae=bump(board.novae, index, 1))
    if part == "unnova":
        return supplies.board(state, seat, stars=bump(board.stars, index, 1), novae=bump(board.novae, index, -1))
    state = evolve(state, supply=supplies.give_back(state, target, 1))
    if nova:
        return supplies.board(state, seat, novae=bump(board.novae, index, -1))
    return supplies.board(state, seat, stars=bump(board.stars, index, -1))


def _stabilise(state, seat, name, card, part, argument, action):
    board = state.boards[seat]
    count = action.count
    if count < 0 or count > board.proto:
        raise RuleError(f"{card.name}: {name} has {board.proto} proto life on the board, not {count}",
                        rule="Use")
    return supplies.board(state, seat, proto=board.proto - count, stable=board.stable + count)


def _nebula(state, seat, name, card, part, argument, action):
    board = state.boards[seat]
    how = _choice(action, "nebula", card, "`gain` a size 1 nebula or `replace` an incomplete one")
    if how == "gain":
        state = evolve(state, supply=supplies.take_all(state, "nebula1", 1))
        return supplies.board(state, seat, loose_nebulae=bump(board.loose_nebulae, SIZES.index(1), 1))
    if how != "replace":
        raise RuleError(f"{card.name}: gain or replace, not {how!r}", rule="Use")
    nebulae = list(board.nebulae)
    at = next((i for i, n in enumerate(nebulae) if n.size == 1 and not n.complete), None)
    if at is None:
        raise RuleError(f"{card.name}: {name} has no incomplete size 1 nebula to replace", rule="Use")
    supply = supplies.take_all(state, "nebula2", 1)
    supply = supplies.give_back(evolve(state, supply=supply), "nebula1", 1)
    nebulae[at] = Nebula(2)
    return supplies.board(evolve(state, supply=supply), seat, nebulae=tuple(nebulae))


# Each part of a card's effect: fn(state, seat, name, card, part, argument, action) -> state.
_EFFECTS = {"star": _gain_star, "place": _gain_star, "points": _points, "crystal": _crystal, "stable": _stable,
            "nova": _on_star, "unnova": _on_star, "discard": _on_star, "stabilise": _stabilise, "nebula": _nebula}


def _effect(state, seat, name, card, part, argument, action):
    if part == "move":  # where is the player's to say (CT-1); what moves, the board's counts
        if argument in moving.WORDS:
            moving.check(state.boards[seat], name, card.name, argument, action.piece)
        return state
    done = _EFFECTS.get(part)
    return done(state, seat, name, card, part, argument, action)


def has_power(state):
    if state.turn is None or not state.boards:
        return False
    return any(state.boards[state.turn].power)


def can_gain(state):
    if state.turn is None or not state.boards:
        return False
    return bool(free_slots(state.boards[state.turn])) and len(state.hands[state.turn]) >= SLOT_COSTS[0]
