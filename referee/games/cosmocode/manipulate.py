"""Rule 4: the manipulations a player pays for from the hand between revealing and
taking: 4a flips a revealed card's channel, 4b the channel indicator, 4c moves a number
(and closes 4a and 4b). Each has a ``check_X_first`` (the part of its rule that needs
no hidden card, the move's ``check_first``: run before any question about the hand, on
the words typed, and on replay on the cards journalled), a ``check_X`` (the payment out
of the hand) and the effect ``X``.
"""


from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.core.worked import remembered
from referee.games.cosmocode import cards
from referee.games.cosmocode.ledger import discarded, paid, paid_card, pay_all
from referee.games.cosmocode.state import put


def _target(state, action):
    return revealed_at(state, action["target"])


def revealed_at(state, index):
    """``index`` if it is one of the revealed cards (``#3`` typed is index 2); else the
    refusal, quoting it and saying how many the range revealed (CO-2). Asked first, so
    `flip #3 with 5` is refused before any question about the hand."""
    count = len(state.revealed)
    if not (isinstance(index, int) and 0 <= index < count):
        shown = f"#{index + 1}" if isinstance(index, int) else repr(index)
        raise RuleError(f"{shown} is not one of the revealed cards: there {'is' if count == 1 else 'are'} "
                        f"{count}, #1 to #{count}" if count else f"{shown}: no cards are revealed", rule="CO-2")
    return index


def _payer_colours(state):
    if state.perks[state.turn] == "b":
        return ("blue", "green")
    return ("blue",)


def _closed(state, step):
    if state.tuned:
        raise RuleError(f"a number was changed this attempt, so {step} is closed", rule="4c")


def _named(colour, number):
    """A paying card as the table may hear it: its colour and number, never a channel the
    referee read from the hand (the player may have typed only the number)."""
    return f"{colour} {number}" if colour else str(number)


def verify_flip(state, index, colour, number):
    """4a's checks that need no hidden card (``colour`` None: not said): run before the
    hand is read, so an illegal flip is refused without any question."""
    _closed(state, "4a")
    shown = state.revealed[index]
    allowed = _payer_colours(state)
    if colour is not None and colour not in allowed:
        why = "a blue card (or green with perk b)" if "green" not in allowed else "a blue or green card (perk b)"
        raise RuleError(f"4a is paid with {why}", rule="5b" if "green" in allowed else "4a")
    if number != shown.number:
        raise RuleError(f"4a needs a card of the same number: {_named(colour, number)} "
                        f"cannot flip the {shown.number}", rule="4a")


def paying(action, key, what, rule):
    """(colour or None, number) of each card an action pays with, before the hand is
    looked at: the cards journalled under ``key`` (each refused as ``what`` when it is no
    card), or while the move's gather is still to find them in the hand, the words typed
    (``typed``: `7`, `g7`, `7a`, read already, colour None when not said)."""
    if key not in action:
        return [cards.parse(word)[:2] for word in action["typed"]]
    held = action[key] if isinstance(action[key], list) else [action[key]]
    return [(cards.colour(card), cards.number(card)) for card in (paid_card(c, what, rule) for c in held)]


def check_flip_first(state, action):
    """4a's checks that need no hidden card: the card flipped, then what may pay for it."""
    index = _target(state, action)
    colour, number = paying(action, "pay", "4a is paid with one card", "4a")[0]
    verify_flip(state, index, colour, number)


@remembered
def _flip_paid(state, action):
    """The hand's fields after 4a's payment: worked out by the check, handed to the effect
    on the same state and action (core.worked), as for 4b and 4c below."""
    return paid(state, state.turn, action.pay, rule="4a")


def check_flip(state, action):
    """4a: one blue card of the revealed card's number flips that card's channel; its
    payment comes out of the hand (check_flip_first has judged the rest)."""
    _flip_paid(state, action)


def flip(state, action):
    index, card = action.target, action.pay
    shown = state.revealed[index]
    flipped = shown._replace(channel="b" if shown.channel == "a" else "a")
    return evolve(state, revealed=put(state.revealed, index, flipped), **discarded(state, [card]),
                  **_flip_paid(state, action))


def verify_indicator(state, colours):
    """4b's checks that need no hidden card, on the colours typed (None: not said)."""
    _closed(state, "4b")
    allowed = _payer_colours(state)
    if len(colours) != 2:
        raise RuleError(f"4b is paid with two cards, not {len(colours)}", rule="4b")
    for colour in colours:
        if colour is not None and colour not in allowed:
            if "green" in allowed:
                raise RuleError("4b is paid with blue or green cards (perk b)", rule="5b")
            raise RuleError(f"4b is paid with two blue cards, not {colour} "
                            "(green cards pay for it only with perk b)", rule="4b")


def check_indicator_first(state, action):
    """4b's checks that need no hidden card: how many cards pay, and their colours."""
    verify_indicator(state, [colour for colour, _number in paying(action, "pay", "4b is paid with two cards", "4b")])


@remembered
def _indicator_paid(state, action):
    return pay_all(state, state.turn, list(action.pay), rule="4b")


def check_indicator(state, action):
    """4b: two blue cards flip the channel indicator; they come out of the hand."""
    _indicator_paid(state, action)


def indicator(state, action):
    spent = list(action.pay)
    state = _indicator_paid(state, action)
    return evolve(state, indicator="b" if state.indicator == "a" else "a", **discarded(state, spent))


def verify_tune(state, index, step, colour):
    """4c's checks that need no hidden card: the step, the colour typed, the bounds."""
    if step not in (1, -1):
        raise RuleError("4c moves a number up or down by one", rule="4c")
    if colour is not None and colour != "green":
        raise RuleError("4c is paid with one green card", rule="4c")
    shown = state.revealed[index]
    moved = shown.number + step
    if not 1 <= moved <= 10:
        raise RuleError(f"a {shown.number} cannot go {'up' if step > 0 else 'down'}: numbers stay within 1-10",
                        rule="CO-3")


def check_tune_first(state, action):
    """4c's checks that need no hidden card: the card moved, the step, the payment's colour."""
    index = _target(state, action)
    colour, _number = paying(action, "pay", "4c is paid with one green card", "4c")[0]
    verify_tune(state, index, action["step"], colour)


@remembered
def _tune_paid(state, action):
    return paid(state, state.turn, action.pay, rule="4c")


def check_tune(state, action):
    """4c: one green card moves a revealed card's number up or down by one, within 1-10;
    it comes out of the hand."""
    _tune_paid(state, action)


def tune(state, action):
    index, card, step = action.target, action.pay, action.step
    shown = state.revealed[index]
    return evolve(state, tuned=True, revealed=put(state.revealed, index, shown._replace(number=shown.number + step)),
                  **discarded(state, [card]), **_tune_paid(state, action))
