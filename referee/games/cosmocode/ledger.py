"""Where Cosmo;code's cards are, for the moves that move them: the digital decks and
their discard piles (seeded draws and reshuffles), the copies a table may name, and the
hand a payment comes out of. Shared by the deal (dealing.py), the reception
(receiving.py), the manipulations (manipulate.py) and the taking (taking.py); pure like
them.
"""

import random

from referee.core.errors import RuleError
from referee.games.cosmocode import cards
from referee.core.states import evolve
from referee.games.cosmocode.state import hand_fields, order, put


def rng(seed, *salt):
    """The generator of one shuffle: the header's seed and what is shuffled (a colour, and
    for a reshuffle how many came before), so a journal replays to the same cards."""
    return random.Random(":".join(str(part) for part in (seed,) + salt))


def readable(card):
    """(colour, number, channel) of a card as an action holds it, or None when it is not
    one (a damaged journal; a word typed unseen that the rules refuse privately)."""
    try:
        return cards.read(card)
    except ValueError:
        return None


def check_copies(state, new, seat=None):
    """Table mode: a card cannot come up more often than the decks hold it (CO-1).

    Counted against what the table sees (red cards taken, revealed cards) and, with
    ``seat``, that seat's own named hand: never against another hand, whose cards would
    show through the refusal (DESIGN 5). A reveal is public, so it counts no hand at all:
    the physical table is the truth (G-1) even when a hand named to the referee disagrees."""
    for card in set(new):
        copies = cards.COPIES[cards.colour(card)]
        if new.count(card) > copies:  # the line itself names it too often: say so, not "held already"
            raise RuleError(f"{cards.show(card)} is named {new.count(card)} times, and there "
                            f"{'is only one' if copies == 1 else f'are only {copies}'}", rule="CO-1")
    seen = {}
    known = [c for reds in state.reds for c in reds] + (list(state.hand(seat).known) if seat is not None else [])
    known += [s.card for s in state.revealed]
    for card in known:
        seen[card] = seen.get(card, 0) + 1
    for card in new:
        seen[card] = seen.get(card, 0) + 1
        copies = cards.COPIES[cards.colour(card)]
        if seen[card] > copies:
            where = "taken or revealed already" if copies == 1 else "all held or revealed already"
            raise RuleError(f"there {'is only one' if copies == 1 else f'are only {copies}'} "
                            f"{cards.show(card)} and {'it is' if copies == 1 else 'they are'} {where}", rule="CO-1")


def draw(state, range_):
    """The top cards of the range's deck, and the fields of the state they change (the
    decks, the discard piles, the reshuffles); an empty deck takes its shuffled discard
    (CO-4)."""
    colour = cards.RANGE_COLOUR[range_]
    index = cards.COLOURS.index(colour)
    need = state.reveal_count(range_)
    if len(state.decks[index]) >= need:  # the deck alone has them (every draw but a reshuffle's): its top
        deck = state.decks[index]
        return list(deck[:need]), {"decks": put(state.decks, index, tuple(deck[need:]))}
    deck, discard, count = list(state.decks[index]), list(state.discards[index]), state.reshuffles[index]
    shown = []
    while len(shown) < need:
        if not deck:
            if not state.options.get("reshuffle", True) or not discard:
                raise RuleError(f"the {colour} deck has {len(shown)} card{'s' if len(shown) != 1 else ''} left, "
                                f"{need} are needed"
                                + ("" if state.options.get("reshuffle", True) else " (reshuffle is off)")
                                + "; choose another range", rule="CO-4")
            count += 1
            deck = sorted(discard, key=order)
            rng(state.seed, colour, count).shuffle(deck)
            discard = []
        shown.append(deck.pop(0))
    return shown, {"decks": put(state.decks, index, tuple(deck)), "discards": put(state.discards, index, tuple(discard)),
                   "reshuffles": put(state.reshuffles, index, count)}


def paid_card(card, what, rule):
    """A payment as the journal holds it: a card the referee can read."""
    if readable(card) is None:
        raise RuleError(f"{what}: {card!r} is not a card", rule=rule)
    return card


def pay(state, seat, card, rule="CO-3", again=False, rest=()):
    """The state with ``card`` out of a seat's hand: :func:`paid`, made."""
    return evolve(state, paid(state, seat, card, rule, again, rest))


def paid(state, seat, card, rule="CO-3", again=False, rest=()):
    """Take ``card`` out of a hand (a table-mode unknown blue card if the referee lacks it):
    the fields of the state that hold the hand after it, for the one ``evolve`` of a move
    (a check asks it and makes no state at all).

    ``rule`` is the step the card leaves the hand for: a manipulation (4a, 4b, 4c) or the
    hand limit (CO-6);
    ``again``: the same line paid this card already (`indicator with 1b 1b` from one 1b
    holds no *other* 1b, not none); ``rest``: the cards the same line pays after it.

    Table mode, in a hand whose owner named cards with `deal`: a payment is typed on the
    line, so whether it is taken is public, and must not depend on which cards were
    named (issue 18: `indicator with 9a 9b` was taken or refused by the card named).
    A blue card the referee was not told is then trusted (G-1) while the hand holds a
    blue card: an unnamed one, else a named one, which was named wrong and goes in its
    place (one the line does not pay later, if it can). So the verdict follows public
    facts alone: how many blue cards the hand holds (its size less its greens, all taken
    in sight) and the cards in sight. A hand nobody named cards of holds only cards
    the table saw come in, and is judged by them as before.

    The card leaves the core.pieces.Hand by :meth:`Hand.remove` (a known card, else one
    of the unknown); which card that is, and whether an unknown one may be it, are this
    game's (an unknown card is blue, and never one whose every copy is in sight).
    """
    hand = state.hand(seat)
    if hand.holds(card):
        return hand_fields(state, seat, hand.remove(card))
    blue = cards.colour(card) == "blue"
    if blue and hand.unknown > 0 and not named_all(state, seat, card):
        return hand_fields(state, seat, hand.remove(card))  # one of the unknown, named now
    if blue and _named_by_deal(state, seat) and not in_sight(state, card):
        named = [c for c in hand.known if cards.colour(c) == "blue"]
        spare = list(named)
        for later in rest:
            if later in spare:
                spare.remove(later)
        if named:  # told wrong: the card told goes in the paid card's place
            return hand_fields(state, seat, hand.remove((spare or named)[0]))
    if rule != "CO-6" and not again and any(_same(card, gone) for gone in state.discarded(seat)):  # CO-6: out of the hand for good
        raise RuleError(f"{state.players[seat]} holds no {cards.show(card)}: it was discarded at the hand limit, "
                        "and a discarded card cannot pay for a manipulation", rule="CO-6")
    raise RuleError(f"{state.players[seat]} holds no {'other ' if again else ''}{cards.show(card)}", rule=rule)


def _named_by_deal(state, seat):
    return state.mode == "table" and state.told_so_far(seat) > 0


def in_sight(state, card):
    """Every copy of a fully named card is in sight of the table (red cards taken,
    revealed cards): nobody's hand can hold it."""
    if cards.channel(card) is None:
        return False
    try:
        check_copies(state, [card])
    except RuleError:
        return True
    return False


def pay_all(state, seat, spent, rule="CO-3"):
    for at, card in enumerate(spent):
        state = pay(state, seat, card, rule, again=any(_same(card, paid) for paid in spent[:at]),
                    rest=spent[at + 1:])
    return state


def _same(card, paid):
    """Whether ``card`` could be the card ``paid`` earlier in the same line (`1 1` after a 1a)."""
    one, other = readable(card), readable(paid)
    if card == paid:
        return True
    return bool(one and other and one[:2] == other[:2] and None in (one[2], other[2]))


def named_all(state, seat, card):
    """Every copy of a fully named card is already in sight or in the seat's named hand,
    so one of its unnamed cards cannot be it."""
    if cards.channel(card) is None:
        return False
    try:
        check_copies(state, [card], seat)
    except RuleError:
        return True
    return False


def discard_piles(state, spent):
    """The discard piles with ``spent`` on them (digital mode; table mode keeps none)."""
    if state.discards is None:
        return None
    piles = list(state.discards)
    for card in spent:
        index = _PILE[card[0]]  # cards.COLOURS.index(cards.colour(card)), one dict read
        piles[index] = piles[index] + (card,)
    return tuple(piles)


_PILE = {letter: cards.COLOURS.index(colour) for letter, colour in cards.COLOUR_OF.items()}  # a card's discard pile


def discarded(state, spent):
    """The field ``spent`` on the discard piles changes (digital mode; none in table mode),
    for the one ``evolve`` of a move."""
    return {} if state.discards is None else {"discards": discard_piles(state, spent)}
