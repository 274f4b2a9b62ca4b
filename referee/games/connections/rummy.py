"""Rummy's moves: a run laid before you, a run extended, an end stolen (CN-6, CN-8).

As in plays.py, ``check_x`` raises the first rule broken and returns what it worked out,
``x`` is the pure effect.
"""

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.games.connections import layout
from referee.games.connections.checks import actor, holds_a_card, timed
from referee.games.connections.rounds import to_count
from referee.games.connections.state import add_at, card_of, seat_of, set_at
from referee.core.worked import remembered


def turn_seat(state, action, doing):
    """The seat laying or extending a run: the player to act, once they have drawn (CN-6)."""
    seat = actor(state, action, doing)
    if not state.drew and state.piles[0] > 0:
        raise RuleError(f"{state.players[seat]} must draw first: each turn starts with a draw", rule="CN-6")
    return seat


def run_pairs(cards):
    return tuple(f"{a.words[layout.EAST]} ↔ {b.words[layout.WEST]}" for a, b in zip(cards, cards[1:]))


def _after_play(state, seat, last):
    state = evolve(state, last=last)
    if state.hands[seat] == 0:  # the game ends when a player has used all their cards
        return to_count(evolve(state, emptied=seat), None)
    return state


@remembered
def check_run(state, action):
    """(seat, cards) of a new run."""
    seat = turn_seat(state, action, "run CARD; CARD; CARD")
    data = action.cards
    if not isinstance(data, list) or len(data) < 3:
        raise RuleError("a run is three or more cards in a line", rule="CN-6")
    cards = tuple(card_of(state, c, state.players[seat]) for c in data)
    if len(cards) > state.hands[seat]:
        raise RuleError(f"{state.players[seat]} holds {state.hands[seat]} cards by the count, not {len(cards)}",
                        rule="CN-6")
    timed(state, action, seat)
    return seat, cards


def run(state, action):
    seat, cards = check_run(state, action)
    snapshot = evolve(state, before=None)
    runs = set_at(state.runs, seat, state.runs[seat] + (cards,))
    last = {"kind": "run", "seat": seat, "cell": None, "run": len(state.runs[seat]), "pairs": run_pairs(cards),
            "score": 0, "arithmetic": ""}
    state = evolve(state, runs=runs, hands=add_at(state.hands, seat, -len(cards)), before=snapshot)
    return _after_play(state, seat, last)


def _run_index(state, seat, index):
    if not isinstance(index, int) or not 1 <= index <= len(state.runs[seat]):
        count = len(state.runs[seat])
        raise RuleError(f"{state.players[seat]} has {count} run{'s' if count != 1 else ''}; no run {index}",
                        rule="CN-6")
    return index - 1


@remembered
def check_extend(state, action):
    """(seat, run index, end, card) of a run extended."""
    seat = turn_seat(state, action, "extend RUN east|west CARD")
    index = _run_index(state, seat, action.run)
    end = action.end
    if end not in ("east", "west"):
        raise RuleError("a run grows at its east or west end", rule="CN-6")
    holds_a_card(state, seat)
    card = card_of(state, action.card, state.players[seat])
    timed(state, action, seat)
    return seat, index, end, card


def extend(state, action):
    seat, index, end, card = check_extend(state, action)
    old = state.runs[seat][index]
    cards = old + (card,) if end == "east" else (card,) + old
    pair = run_pairs(cards[-2:] if end == "east" else cards[:2])
    snapshot = evolve(state, before=None)
    state = evolve(state, runs=set_at(state.runs, seat, set_at(state.runs[seat], index, cards)),
                    hands=add_at(state.hands, seat, -1), before=snapshot)
    last = {"kind": "extend", "seat": seat, "cell": None, "run": index, "pairs": pair, "score": 0, "arithmetic": ""}
    return _after_play(state, seat, last)


@remembered
def check_steal(state, action):
    """(thief's seat, victim's seat, run index, end) of a steal: at any point of one's own turn (CN-8)."""
    seat = actor(state, action, "steal PLAYER RUN east|west")
    victim = action["from"]  # `from` is a word of Python: no attribute
    other = seat_of(state, victim)
    if other == seat:
        raise RuleError("steal from another player's run, not your own", rule="CN-6")
    index = _run_index(state, other, action.run)
    old = state.runs[other][index]
    if len(old) < 4:
        raise RuleError(f"{victim}'s run {index + 1} has {len(old)} cards; only a run of four or more gives up an end",
                        rule="CN-6")
    end = action.end
    if end not in ("east", "west"):
        raise RuleError("take the card at the run's east or west end", rule="CN-6")
    timed(state, action, seat)
    return seat, other, index, end


def steal(state, action):
    seat, other, index, end = check_steal(state, action)
    old = state.runs[other][index]
    cards = old[:-1] if end == "east" else old[1:]
    runs = set_at(state.runs, other, set_at(state.runs[other], index, cards))
    return evolve(state, runs=runs, hands=add_at(state.hands, seat, 1), before=None, last=None)
