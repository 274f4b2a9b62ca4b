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


# Who takes turns and when a player draws are each variant's own (CN-6 names them all:
# Quick Play's "no turns", Rummy's "draw one per turn", Classic's draw when a player
# cannot connect); Endless's draw is CN-8's reading ("in Endless, as in Classic").
# Refusals cite these rulings, never a bare section of the rulebook such as "(Classic)",
# which reads as the variant's name rather than a rule (issue 20 item 12); `rule
# Classic` still shows the rulebook's own words.
VARIANTS = "CN-6"


def drawing_rule(state):
    """The ruling that says when the player to act draws: Endless's is CN-8's reading."""
    return "CN-8" if state.variant == "endless" else VARIANTS


def actor(state, action, doing):
    """The seat acting: the player whose turn it is, or in the turnless variants whoever says so.

    Whether the player named is the one whose turn it is, the phase table has checked
    already ("it is Ann's turn, not Ben's (CN-6)": phases.to_act, the ``turn_rule``).
    What the table cannot say is left here, in the variant's words: a turn that is
    nobody's, and a line that names nobody where the variant has no turns."""
    said = action.get("by")
    if said is not None and said not in state.players:
        seat_of(state, said)  # refuses it
    if state.variant in TURNS:
        if state.turn is None:
            raise RuleError(f"it is nobody's turn; {doing} waits", rule=VARIANTS)
        return state.turn
    if said is None:
        raise RuleError(f"{state.title} has no turns: say who it is, e.g. `{state.players[0]}: {doing}`",
                        rule=VARIANTS)
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
