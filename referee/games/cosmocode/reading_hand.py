"""What the words of a Cosmo;code line do not say, found once the rules that need no
hidden card have passed (each move's ``gather``, core.play): which card of the hand pays
(asked at the masked prompt when the referee must know its channel), the cards a player
types unseen with `deal PLAYER`, and the cards a digital receive draws.

The action a reading makes holds the words typed for the cards (``typed``); a gather
puts the cards in their place, as the journal keeps them. Nothing here is said to the
table about a hand (G-2, DESIGN 5): a question names no card, an answer is not echoed,
and a refusal repeats neither.
"""

from referee.core.errors import InputError
from referee.games.cosmocode import cards
from referee.games.cosmocode.dealing import DEALT
from referee.games.cosmocode.ledger import named_all
from referee.games.cosmocode.receiving import peek
from referee.games.cosmocode.state import order as card_order

# An answer at the masked prompt that names a channel or a colour alone: (colour, number, channel).
_ANSWER_WORDS = {"a": (None, None, "a"), "alpha": (None, None, "a"), "b": (None, None, "b"),
                 "beta": (None, None, "b"), "blue": ("blue", None, None), "green": ("green", None, None),
                 "g": ("green", None, None)}


def _paid(action, **cards_found):
    """The action with the cards found in place of the words typed for them."""
    return {**{k: v for k, v in action.items() if k != "typed"}, **cards_found}


def _payer_colours(state, seat):
    """The colours that may pay for 4a and 4b: blue, and green too with perk b."""
    return ("blue", "green") if state.perks[seat] == "b" else ("blue",)


# -- the gathers of the moves -------------------------------------------------------------


def gather_receive(ctx, action):
    """Digital mode: the cards that come up, drawn from the seeded deck once every check
    that comes first has passed, so the log names them (receiving.peek)."""
    state = ctx.state
    if state.mode != "digital":
        return action
    return dict(action, cards=peek(state, action["range"]))


def gather_flip(ctx, action):
    state = ctx.state
    seat = state.turn
    card = hand_card(ctx, seat, action["typed"][0], _payer_colours(state, seat), list(state.hand(seat).known))
    return _paid(action, pay=card)


def gather_indicator(ctx, action):
    state = ctx.state
    seat = state.turn
    words, held = action["typed"], list(state.hand(seat).known)
    pay = [hand_card(ctx, seat, w, _payer_colours(state, seat), held, same=words[at:].count(w))
           for at, w in enumerate(words)]
    return _paid(action, pay=pay)


def gather_tune(ctx, action):
    state = ctx.state
    seat = state.turn
    return _paid(action, pay=hand_card(ctx, seat, action["typed"][0], ("green",), list(state.hand(seat).known)))


def gather_discard(ctx, action):
    state = ctx.state
    seat = state.turn
    words, held = action["typed"], list(state.hand(seat).known)
    chosen = [hand_card(ctx, seat, word, ("blue", "green"), held, same=words[at:].count(word))
              for at, word in enumerate(words)]
    return _paid(action, cards=chosen)


def gather_deal(ctx, action):
    """The cards a deal names: read from the line (the table's to read: a word that is no
    card is refused as typed), else typed by the hand's owner at the masked prompt."""
    player = action["player"]
    if action.get("typed"):
        return _paid(action, cards=[cards.parse_full(w, "blue", DEALT) for w in action["typed"]])
    typed = ctx.ask_secret(player, "type your cards (they stay hidden): ")
    if not typed or not typed.strip():
        if _terminal(ctx):  # Ctrl-C (or nothing) at the masked prompt: never "on the line", for all to read
            raise InputError(f"no cards named, nothing was done; `deal {player}` asks again, unseen")
        raise InputError(f"no cards named, nothing was done; `deal {player} CARD ...` names them "
                         "on the line")  # a script: its lines are read by the whole table anyway
    # unseen: the owner's private input, checked against the cards told before too
    return _paid(action, cards=[_unseen(w) for w in typed.replace(",", " ").split()], unseen=True)


def _unseen(word):
    """A card typed at the masked prompt; a word that is not one is passed on as typed, so
    the rules refuse it in words for its owner alone (G-2): a refusal here would show the
    table what was typed unseen."""
    try:
        return cards.parse_full(word, "blue", DEALT)
    except InputError:
        return word


# -- which card of a hand ------------------------------------------------------------------


def _terminal(ctx):
    """Whether a player can be asked something at a masked prompt: a script (whose lines
    the whole table reads, hands included) cannot."""
    return ctx.interactive


def hand_card(ctx, seat, token, colours, held, same=1):
    """The hand card a player means by ``7``, ``7a``, ``g7``; removed from ``held`` (a working copy).

    Nothing here is said to the table about the hand (G-2, DESIGN 5): a number without a
    colour looks only among the colours that may pay, blue before green, so a refusal
    (the rules') names what was typed and nothing found in the hand. Digital mode never
    asks: a hand card's channel does not matter to the rules, any copy will do.

    In table mode the referee must know which physical card left a hand it keeps (its
    channel), so at a terminal a payment typed without its channel, by a player who named
    cards to the referee, is always asked privately (:func:`_ask_which`): whether a
    question comes depends only on what the table sees (the picture's unnamed count),
    never on which cards the hand holds. A script cannot be asked; its lines are read by
    the whole table anyway, so there the card is found from the hand, and a line that fits
    two cards must say the card in full (unless it names the number as often, ``same``,
    as the hand holds cards that fit: `indicator with 1 1` from 1a and 1b).
    """
    state = ctx.state
    colour, number, channel = cards.parse(token)
    if colour == "red":  # the rules refuse it (CO-6; 4a-4c are paid with blue or green)
        return cards.make("red", number, channel)
    order = [colour] if colour else list(colours)
    fits = _fitting(state, held, order, number, channel)
    kinds = sorted(set(fits), key=card_order)
    if state.mode == "table" and channel is None and state.named(seat) and _terminal(ctx):
        card = _ask_which(ctx, seat, token, kinds, colour or order[0], number, order)
    elif len(kinds) > 1 and len(fits) > same:
        raise InputError(f"{token}: nothing was done; say the card in full, with colour and channel, "
                         f"e.g. {number}a or g{number}b")
    elif kinds:
        card = kinds[0]
    else:  # none the referee knows: an unnamed blue card, or the rules refuse it as typed
        return cards.make(order[0], number, channel)
    if card in held:
        held.remove(card)
    return card


def _fitting(state, held, order, number, channel):
    """The cards of ``held`` a payment typed may be, of the first colour of ``order`` that
    has one (a number alone is blue before green, a discard's too: never a question, G-2);
    one copy in digital mode, where a hand card's channel never matters to the rules."""
    fits = sorted((c for c in held if cards.colour(c) in order and cards.number(c) == number
                   and channel in (None, cards.channel(c))), key=card_order)
    if fits:
        fits = [c for c in fits if cards.colour(c) == cards.colour(fits[0])]
    if state.mode == "digital" and fits:
        fits = fits[:1]
    return fits


def _ask_which(ctx, seat, token, kinds, colour, number, order):
    """Which card the player pays with, asked at the masked prompt: the question names no
    card (its example is built from the number typed), the answer is not echoed, and a
    wrong answer is refused in words that do not repeat it. ``kinds``: the cards of the
    hand that fit (an answer picks one of them, or names a card the referee was not
    told, which the rules then look for among the unnamed ones)."""
    player = ctx.state.players[seat]
    example = f"{number}a or g{number}b"
    answer = ctx.ask_secret(player, f"which {token}? in full, e.g. {example}: ")  # fits a phone's line
    if answer is None:
        raise InputError(f"{token}: nothing was done; say the card in full, with colour and channel, "
                         f"e.g. {example}")  # Ctrl-C at the question
    said = _answer(answer.strip().lower())
    # One wording for every answer that pays nothing (no card, another number, a card not
    # held): naming which would tell the table what was typed unseen (G-2). It says what
    # the answer must be, which a newcomer read "did not name one card" as denying.
    refused = InputError(f"{player}'s answer is not one {token} of {player}'s hand; nothing was done "
                         "(the answer is not shown)")
    if said is None or said[1] not in (None, number) or said[0] not in (None, *order):
        raise refused
    a_colour, _number, a_channel = said
    chosen = [c for c in kinds if a_colour in (None, cards.colour(c)) and a_channel in (None, cards.channel(c))]
    if len(chosen) == 1:
        return chosen[0]
    if not chosen and a_channel:  # a card the referee was not told: the rules look among the unnamed
        card = cards.make(a_colour or colour, number, a_channel)
        state = ctx.state
        if cards.colour(card) == "blue" and state.hand(seat).unknown > 0 and not named_all(state, seat, card):
            return card
        # Not in the hand: the rules' "Ann holds no blue 5a" would show the table the
        # answer typed unseen (and so which 5 Ann does hold); the same words as any
        # other answer that names no card of the hand.
    raise refused


def _answer(text):
    """(colour, number, channel) an answer at the masked prompt names, each None when not
    said (`b`, `green`, `5a`, `g5b`); None when it names no card at all."""
    if text in _ANSWER_WORDS:
        return _ANSWER_WORDS[text]
    try:
        return cards.parse(text)
    except InputError:
        return None
