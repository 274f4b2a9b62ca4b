"""Receiving and revealing (rules 2, 3): the range a player tries, and the cards that
come up for it, drawn by the referee from the seeded decks (digital mode) or said by the
table (table mode).

Per move a ``check_X(state, action)`` raising RuleError with a rule of ruletable.md and
a pure effect ``X(state, action)``.
"""


from referee.core.errors import RuleError
from referee.core.phases import naming
from referee.core.states import evolve  # one copy of the state per move (no __init__ re-run)
from referee.core.worked import remembered
from referee.games.cosmocode import cards
from referee.games.cosmocode.ledger import check_copies, draw, readable
from referee.games.cosmocode.phases import PHASES
from referee.games.cosmocode.state import RANGES, Shown


@remembered
def _drawn(state, action):
    """(cards, changes): the digital draw of a receive, worked out by its check and handed
    to its effect on the same state and action (core.worked): a draw that reshuffles a
    discard pile seeds and shuffles a deck, which replay did twice per receive."""
    return draw(state, action["range"])


def check_receive(state, action):
    range_ = action.range
    if range_ not in RANGES:
        raise RuleError(f"{range_!r} is not a range: short, mid or long", rule="CO-2")
    said = action.cards  # None unless said (table mode) or drawn (digital)
    if state.mode == "digital":
        shown = _drawn(state, action)[0]
        if said is not None and list(said) != list(shown):  # naming the deck's cards is the referee's job;
            # the refusal never says what the deck holds (it is not revealed until accepted)
            raise RuleError("in digital mode the referee reveals the cards itself", rule="G-2")
    elif said:
        _check_reveal(state, range_, said)


def refuse_named_in_digital(state):
    """Digital mode: cards typed after `receive RANGE` are refused whatever the deck holds.
    check_receive must accept a journal's receive whose cards are the deck's (the draw
    writes them there), so on its own it would accept a player's guess of the top cards and
    refuse any other: an oracle on the undrawn cards (G-2). :func:`check_receive_first`
    asks this first."""
    if state.mode == "digital":
        raise RuleError("in digital mode the referee reveals the cards itself", rule="G-2")


def check_receive_first(state, action):
    """What refuses a receive before the digital deck is read for it (the move's
    ``check_first``). A receive while a reveal is awaited, in the reveal phase's own words:
    the phase opens `receive` only for the reveal said again, which its reading turns into
    the reveal (phases.py). Then cards typed after the range in digital mode (``typed``,
    the words as said: never compared with the deck, see :func:`refuse_named_in_digital`).
    A receive as journalled holds the cards drawn instead, and meets :func:`check_receive`."""
    if state.phase == "reveal":
        waiting, rule = PHASES.waiting(state)
        raise RuleError(naming(waiting, "`receive`"), rule=rule)
    if "cards" not in action and action.get("typed"):
        refuse_named_in_digital(state)


def receive(state, action):
    range_ = action.range
    changes = {"range": range_, "tuned": False, "attempts": state.attempts + 1, "phase": "reveal"}
    if state.mode == "digital":
        shown, drawn = _drawn(state, action)
        changes.update(drawn, **_revealed(shown))
    elif action.cards:
        changes.update(_revealed(action.cards))
    return evolve(state, changes)  # one copy of the state per move: replay's main cost


def _revealed(shown):
    """The fields a reveal sets: the cards as they read, and the phase to manipulate them."""
    return {"phase": "manipulate", "revealed": tuple([_SHOWN.get(c) or _shown(c) for c in shown])}


def _shown(card):
    return Shown(card, cards.number(card), cards.channel(card))


# Every card as it first lies revealed, made once (a Shown is immutable, so shared): every
# replayed reveal reads its cards here.
_SHOWN = {card: _shown(card) for colour in cards.COLOURS for card in cards.full_deck(colour)}


def check_reveal(state, action):
    if state.mode != "table":
        raise RuleError("in digital mode the referee reveals the cards itself", rule="G-2")
    _check_reveal(state, state.range, action.cards)


def _check_reveal(state, range_, shown):
    colour = cards.RANGE_COLOUR[range_]
    need = state.reveal_count(range_)
    step = {"short": "3a", "mid": "3b", "long": "3c"}[range_]
    if range_ == "short" and need == 3:
        step = "5a"
    if len(shown) != need:
        raise RuleError(f"{range_} range reveals {need} {colour} cards, not {len(shown)}", rule=step)
    for card in shown:
        if not isinstance(card, str) or readable(card) is None or cards.colour(card) != colour \
                or cards.channel(card) is None:
            raise RuleError(f"{range_} range reveals {colour} cards, each with its channel", rule=step)
    check_copies(state, list(shown))


def reveal(state, action):
    return evolve(state, _revealed(action.cards))


def peek(state, range_):
    """What ``receive range_`` reveals now (digital): the move's ``gather`` writes it into
    the action, so the log names the cards; it runs after the checks that come first."""
    return draw(state, range_)[0]
