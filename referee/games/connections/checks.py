"""The checks several moves share: who acts, the turn timer, a round that only waits for
its votes. Each raises RuleError citing its rule, and returns what it found out.

The phase table (moves.py) has already refused a move the moment does not allow (the
game is over, a contest is open, the starter card or the hands left are awaited); these
are the rules that remain, in the words the table knows them by.
"""

from referee.core.errors import RuleError
from referee.core.timer import check_late
from referee.games.connections.rounds import late_by
from referee.games.connections.state import TURNS, seat_of


# Each variant's own words in the rulebook (ruletable.md): who takes turns, and when a
# player draws, are said there, so refusals about them cite the variant's section.
SECTION = {"classic": "Classic", "endless": "Endless", "solitaire": "Solitaire", "quick": "Quick", "quads": "Quads",
           "rummy": "Rummy"}


def section(state):
    """The rulebook section of the variant being played (an id of ruletable.md)."""
    return SECTION[state.variant]


def actor(state, action, doing):
    """The seat acting: the player whose turn it is, or in the turnless variants whoever says so.

    Whether the player named is the one whose turn it is, the phase table has checked
    already ("it is Ann's turn, not Ben's (Classic)": phases.to_act, each variant's
    ``turn_rule``). What the table cannot say is left here, in the variant's words: a
    turn that is nobody's, and a line that names nobody where the variant has no turns."""
    said = action.get("by")
    if said is not None:
        seat_of(state, said)
    if state.variant in TURNS:
        if state.turn is None:
            raise RuleError(f"it is nobody's turn; {doing} waits", rule=section(state))
        return state.turn
    if said is None:
        raise RuleError(f"{state.title} has no turns: say who it is, e.g. `{state.players[0]}: {doing}`", rule=section(state))
    return state.seat(said)


def timed(state, action, seat):
    """G-5: a play after its turn's time ran out is refused until the table marks it `late`
    (option late=accept takes it); True when it is late, so it is recorded as such."""
    if not late_by(state, action):
        return False
    return check_late(state.turn_started, state.options.get("timer", 0), action, state.options,
                      f"{state.players[seat]}'s turn")


def not_ending(state):
    """CN-7: once a hand is empty (Quick Play) or a fourth quad made (Quads), the round only
    waits for its open votes; nobody plays or draws in the meantime."""
    if state.variant in ("quick", "quads") and state.emptied is not None:
        who = state.players[state.emptied]
        done = "is out" if state.variant == "quick" else "has four quads"
        waiting = ", ".join(v.label for v in state.votes)
        raise RuleError(f"{who} {done}: the round ends once the open votes ({waiting}) are settled", rule="CN-7")


def no_open_votes(state, doing):
    if state.votes:
        named = ", ".join(v.label for v in state.votes)
        raise RuleError(f"votes are open ({named}): settle them before {doing}", rule="CN-7")


def holds_a_card(state, seat, then=""):
    if state.hands[seat] < 1:
        raise RuleError(f"{state.players[seat]} has no cards in hand (by the count){then}", rule="CN-6")
