"""Rounds, the end phase (CT-6) and the end of the game (CT-7) of Crafting the Cosmos.

A turn ends with the Ω choice (craft's ``end`` move), which calls :func:`after_turn`:
the next seat clockwise starts its energy phase, unless it holds the 1st player token,
in which case every seat has played and the end phase runs. The end phase is six steps
in the rulebook's order; the referee runs them itself as far as it can and stops only
where the table must say something (the counts of a goal it does not track, the name of
the goal card revealed, the cards a player over the hand limit discards), then goes on
from the step it stopped at when the table has answered. Where it stopped is the phase.
"""

from referee.core.pieces import evolve
from referee.games.cosmos import supplies


def _next_seat(state, seat):
    return (seat + 1) % len(state.players)


def after_turn(state):
    """The state after a player's Ω choice: the next seat clockwise starts its energy
    phase, or, when the next seat holds the 1st player token (everyone has played this
    round), the end phase runs (Overview; End phase)."""
    following = _next_seat(state, state.turn)
    if following == state.first:
        return run_end_phase(state)
    return start_turn(state, following)


def start_turn(state, seat):
    """``seat``'s energy phase begins: its end-of-turn marker stands on α."""
    state = supplies.board(state, seat, omega=None)
    return evolve(state, phase="energy", turn=seat)


def run_end_phase(state):
    """The end phase from its first step (CT-6). Filled in below."""
    return _new_round(state)


def _new_round(state):
    """End phase step 6: every marker back to α, the 1st player token passes left (not
    with 2 players), a new round begins with the first player's energy phase."""
    boards = tuple(evolve(b, omega=None) for b in state.boards)
    first = state.first if len(state.players) == 2 else _next_seat(state, state.first)
    return evolve(state, boards=boards, first=first, round=state.round + 1, phase="energy", turn=first)


MOVES = ()
