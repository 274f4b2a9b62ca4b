"""Where the energy cards go: the deck, the discard pile, the face-up display and the hands.

One module so every part of the turn moves cards alike: the energy phase draws and
refills (energy.py), the craft phase and the end phase pay and discard (craft.py,
power.py, ending.py). Pure like the rules that call it.

The deck in ``digital`` mode is ``State.deck`` (top first, secret: G-2), shuffled from
the header's seed and, for each reshuffle of the discard pile, the seed and how many
reshuffles came before, so a journal replays to the same cards. In ``table`` mode the
physical deck is the truth (G-1): the referee counts it (``deck_left``), a card drawn from
it is an unknown card of the hand (Hand.add(unknown=1)) and a card laid face up is named
by the table (the ``display`` move). ``deck_left`` is kept in both modes: the table sees
the height of the deck.
"""

import random

from referee.core.errors import RuleError
from referee.core.states import evolve, set_seat, update_seat
from referee.games.cosmos.state import ENERGY_COPIES

DISPLAY = 4  # face-up energy cards (Setup 5; Resources: Energy Cards)


def rng(seed, *salt):
    """The generator of one shuffle: the seed and what is shuffled, so replay agrees."""
    return random.Random(":".join(str(part) for part in (seed,) + salt))


def deck_count(state):
    """Cards in the energy deck (public in both modes)."""
    return len(state.deck) if state.mode == "digital" else state.deck_left


def available(state):
    """Cards that can still be drawn from the deck, the discard pile reshuffled included."""
    return deck_count(state) + len(state.discard)


def reshuffle(state):
    """The discard pile shuffled into a new deck (Resources: "If the deck becomes depleted,
    shuffle the energy card discard pile to form a new deck"). Digital: seeded by the seed
    and the number of reshuffles before; table: only the count moves."""
    if not state.discard:
        return state
    if state.mode == "digital":
        deck = list(state.discard)
        rng(state.seed, "energy", state.reshuffles).shuffle(deck)
        return evolve(state, deck=tuple(deck), deck_left=len(deck), discard=(), reshuffles=state.reshuffles + 1)
    return evolve(state, deck_left=len(state.discard), discard=(), reshuffles=state.reshuffles + 1)


def deal(state, n):
    """(state, changes, drawn): up to ``n`` cards off the deck, reshuffling the discard pile
    when the deck is empty; ``changes`` (the deck and its height after) are left for the
    caller to make with its own, so a draw costs the move no new state of its own
    (``state`` is new only when the discard pile was reshuffled on the way). Digital:
    ``drawn`` is the cards (top first); table: a list of None, one per card drawn (unknown
    to the referee). Fewer than ``n`` when deck and discard pile run out together (CT-4:
    what is not there is not taken)."""
    drawn, changes = [], {}
    digital = state.mode == "digital"
    deck, left = state.deck, state.deck_left
    while len(drawn) < n:
        there = len(deck) if digital else left
        if not there:
            state = reshuffle(evolve(state, changes) if changes else state)
            changes, deck, left = {}, state.deck, state.deck_left
            if not deck_count(state):
                break
            continue
        count = min(n - len(drawn), there)
        if digital:
            drawn += deck[:count]
            deck = deck[count:]
            changes = {"deck": deck, "deck_left": len(deck)}
        else:
            drawn += [None] * count
            left -= count
            changes = {"deck_left": left}
    return state, changes, drawn


def draw_cards(state, n):
    """(state, drawn): :func:`deal`'s cards, the deck changed."""
    state, changes, drawn = deal(state, n)
    return (evolve(state, changes) if changes else state), drawn


def draw(state, seat, n):
    """(state, drawn): ``seat`` draws up to ``n`` energy cards into their hand. Digital: the
    cards join the known part of the hand (``drawn`` names them: tell only their owner);
    table: the hand grows by unknown cards (``drawn`` holds None per card)."""
    state, changes, drawn = deal(state, n)
    known = tuple(card for card in drawn if card is not None)
    unknown = len(drawn) - len(known)
    hands = update_seat(state.hands, seat, lambda hand: hand.add(*known, unknown=unknown))
    return evolve(state, changes, hands=hands), drawn


def paid_hand(state, seat, cards, rule):
    """``seat``'s hand with ``cards`` paid, all or nothing: Hand.pay, or in table mode
    Hand.pay_told (a hand whose owner told cards of it is refused by its size alone, so
    that no public verdict depends on which cards were told, G-2)."""
    hand, owner = state.hands[seat], state.players[seat]
    if state.mode == "table":
        return hand.pay_told(list(cards), rule=rule, owner=owner)
    return hand.pay(list(cards), rule=rule, owner=owner)


def discard(state, seat, cards, rule):
    """``seat`` pays ``cards`` (energy types) from their hand, all or nothing (Hand.pay: a
    refusal says publicly only the cost and the hand's size, the rest to its owner), and
    the cards go face up to the discard pile ("place them in a central discard pile")."""
    return evolve(state, paid(state, seat, cards, rule))


def paid(state, seat, cards, rule):
    """:func:`discard`'s changes (``hands``, ``discard``), not made yet: for a move that
    makes its own changes in the same step."""
    return {"hands": set_seat(state.hands, seat, paid_hand(state, seat, cards, rule)),
            "discard": state.discard + tuple(cards)}


def refill(state, **changes):
    """Digital: the display filled up to 4 from the deck (reshuffling as needed); as many
    as there are when deck and discard pile are both empty. Table mode: unchanged (the
    table names the cards it lays: the ``display`` move). ``changes``, fields the refill
    does not read (the phase after it), are made in the same step."""
    missing = DISPLAY - len(state.display)
    if state.mode != "digital" or missing <= 0:
        return evolve(state, changes) if changes else state
    state, dealt, drawn = deal(state, missing)
    return evolve(state, display=state.display + tuple(drawn), **dealt, **changes)


def missing(state):
    """How many face-up cards the table still has to lay (and name): the display's gaps,
    as far as deck and discard pile can fill them."""
    return max(0, min(DISPLAY - len(state.display), available(state)))


def missing_of(display, deck_left, discard):
    """:func:`missing` in table mode, from the display, the deck's count and the discard
    pile as a move's changes leave them (before its new state is made)."""
    return max(0, min(DISPLAY - len(display), deck_left + len(discard)))


def check_copies(state, cards, rule):
    """A type named face up cannot be seen more often than the deck holds it (15 each):
    counted against the display and the discard pile, which the whole table sees, never
    against a hand (its cards would show through the refusal)."""
    for card in set(cards):
        seen = state.display.count(card) + state.discard.count(card) + cards.count(card)
        if seen > ENERGY_COPIES:
            raise RuleError(f"{seen} {card} cards would be face up or discarded; the deck has "
                            f"{ENERGY_COPIES} of each type", rule=rule)


def lay(state, cards):
    """Table mode: the cards the table laid face up (named), off the deck's count, the
    discard pile reshuffled when the deck ran out before them."""
    for _card in cards:
        if not state.deck_left:
            state = reshuffle(state)
        state = evolve(state, deck_left=state.deck_left - 1)
    return evolve(state, display=state.display + tuple(cards))

