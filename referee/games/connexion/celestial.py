"""The celestial cards (CX-8, CX-9): what an accepted word earns, the card the scribe
names (`card`), the pilfer once the pile is empty (`pilfer`), the cards players hold, and
the printed values the scribe types. The deck itself is cards.py's data.
"""

from referee.core.errors import RuleError
from referee.core.states import evolve, update_seat
from referee.games.connexion.state import changed_claim, words_after
from referee.games.connexion.turns import no_card, no_pilfer


PILFER_LETTERS = 4  # CX-9


def earns(state, player, word, index):
    """What ``player``'s accepted ``word`` earns (CX-8, CX-9): the top card (digital), a card
    to name (table), a pilfer once the pile is empty, or nothing. (the changes to the state,
    the changes to the claim, pending): the caller makes them in the one evolve of its move."""
    if state.pile:
        if state.mode == "digital":
            drawn = state.pile[0]
            return {"pile": state.pile[1:], "held": _given(state, player, drawn)}, {"card": drawn}, None
        return {}, {}, ("card", index)
    if len(word) >= PILFER_LETTERS and any(h for p, h in zip(state.players, state.held) if p != player):
        return {}, {}, ("pilfer", index)
    return {}, {}, None


def _given(state, player, name, held=None):
    """The cards held (``held``, else the state's) once ``player`` is given ``name``."""
    held = state.held if held is None else held
    seat = state.players.index(player)
    return held[:seat] + (held[seat] + (name,),) + held[seat + 1:]


def _taken(state, player, name, held=None):
    """The cards held (``held``, else the state's) once ``name`` is taken from ``player``."""
    def without(cards):
        cards = list(cards)
        cards.remove(name)
        return tuple(cards)

    held = state.held if held is None else held
    return update_seat(held, state.players.index(player), without)


def give(state, player, name):
    return evolve(state, held=_given(state, player, name))


def take(state, player, name):
    return evolve(state, held=_taken(state, player, name))


def _claims_set(state, index, **changes):
    """The claims with a past one changed (a vote's outcome, a card named): Chain.set
    copies, and it is rare."""
    return state.claims.set(index, changed_claim(state.claims[index], **changes))


def set_claim(state, index, **changes):
    """A past claim changed (a vote's outcome, a card named)."""
    return evolve(state, claims=_claims_set(state, index, **changes))


def check_printed_value(state, name, value, correcting=False):
    """A value the scribe types is read off a real card, and the rulebook says what a card
    can print: 1 to 90 points, the sun 0. Anything else is a slip (``-3``, ``440``) that
    would silently change the winner, so the commands ask this before the action is made.
    A value the rulebook documents (Mars 4, Jupiter 5) is fact, not the table's to type
    over; and a value entered once stands for the rest of the game (CX-8), so a second,
    different one is a slip unless it is the correction (``adjust value``, ``correcting``).
    It is not part of the move's check: a game saved before this check, with such a value
    in its log, must still replay (G-3)."""
    if not (name == "Sun" and value == 0 or name != "Sun" and 1 <= value <= 90):
        printed = "0" if name == "Sun" else "between 1 and 90"
        raise RuleError(f"{name} cannot be worth {value:g}: the rulebook's cards print {printed}"
                        f"{'' if name == 'Sun' else ' (the sun 0)'}", rule="CX-8")
    documented = next((v for n, v, assumed in state.deck if n == name and not assumed), None)
    if documented is not None and value != documented:
        raise RuleError(f"{name} is worth {documented:g} by the rulebook, not {value:g}; a table whose cards "
                        "print other values plays with its own deck (--deck-file)", rule="CX-8")
    entered = state.values.get(name)
    if not correcting and entered is not None and value != entered:
        raise RuleError(f"{name} was entered as worth {entered:g} earlier in this game and keeps that value; "
                        f"`adjust value {name} {value:g}` corrects it", rule="CX-8")


def check_value_known(state, name):
    """At the table a card the rulebook gives no value for is scored only at the value the
    scribe read off it (CX-8); `adjust give` of such a card, before its value is entered,
    would score the deck file's assumption as if it were printed. Asked by the commands
    before the action is made; like :func:`check_printed_value`, not part of the move's
    check, so a game saved before this check still replays (G-3)."""
    if state.mode == "table" and state.assumed(name) and name not in state.values:
        raise RuleError(f"the rulebook does not give {name}'s value; enter the printed one first "
                        f"(`adjust value {name} VALUE`)", rule="CX-8")


def check_card(state, action):
    if not (state.pending and state.pending[0] == "card"):  # placing opens it, to be refused here
        raise RuleError(no_card(state), rule="CX-8")
    name = action["card"]
    if name not in state.pile:
        holder = state.holder_of(name)
        where = f"{holder} holds it" if holder else "it is not in this game's deck"
        raise RuleError(f"{name} cannot be drawn: {where}", rule="CX-8")
    if action.get("value") is None and name not in state.values and state.assumed(name):  # absent: None, its default
        raise RuleError(f"the rulebook does not give {name}'s value; type the printed one (the number alone, "
                        f"or `card {name} VALUE`)", rule="CX-8")


def card(state, action):
    """The card named is taken from the pile and given to the word's player, its claim
    noted, in one new state (the claimed words handed on: a card changes no word)."""
    name, value = action.card, action.get("value")  # absent: None, its default (no absent-field lookup)
    index = state.pending[1]
    claims = state.claims
    entry = claims[index]
    pile = state.pile
    if pile.count(name) == 1:  # the card is in the pile (check_card): cut it out at C speed
        at = pile.index(name)
        pile = pile[:at] + pile[at + 1:]
    else:
        pile = tuple([c for c in pile if c != name])
    claims = claims.set(index, changed_claim(entry, card=name))
    return evolve(state, {"pile": pile, "values": state.values if value is None else dict(state.values, **{name: value}),
                           "pending": None, "held": _given(state, entry.player, name), "claims": claims,
                           "_words": words_after(state, claims)})


def check_pilfer(state, action):
    if not (state.pending and state.pending[0] == "pilfer"):  # placing opens it, to be refused here
        raise RuleError(no_pilfer(state), rule="CX-9")
    thief = state.claims[state.pending[1]].player  # the pilfer is theirs: the phase table's (Move.acts)
    if action.get("skip"):  # absent: False, its default (no absent-field lookup)
        return
    victim, name = action.get("from"), action.card  # `from` is Python's word: read as a key
    if victim == thief:
        raise RuleError("a pilfer takes a card from another player", rule="CX-9")
    if victim not in state.players:
        raise RuleError(f"{victim} is not playing", rule="CX-9")
    if name not in state.held_by(victim):
        raise RuleError(f"{victim} does not hold {name}", rule="CX-9")


def pilfer(state, action):
    index = state.pending[1]
    if action.get("skip"):  # absent: False, its default
        return evolve(state, pending=None)
    victim, name = action["from"], action["card"]
    held = _given(state, state.claims[index].player, name, _taken(state, victim, name))
    claims = _claims_set(state, index, card=name, pilfered_from=victim)
    return evolve(state, {"held": held, "pending": None, "claims": claims, "_words": words_after(state, claims)})
