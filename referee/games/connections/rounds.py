"""How turns and rounds end, and what a round scores (CN-6, CN-7, G-5, G-6).

Every move that can end a turn or a round comes through here, so the order of turns,
Classic's last turns, the hands counted at the end, each variant's round score and the
game's end are written once. Pure functions of the state; no refusals.
"""

from referee.core.states import Chain, evolve
from referee.core.timer import overdue
from referee.games.connections.state import QUADS_TO_WIN, STARTER, TURNS, deal


def end_turn(state, at, **changes):
    """The turn over once the move's own ``changes`` are made: the same state as
    ``end_turn(evolve(state, changes), at)``, but a turn that simply passes on is one
    evolve with the move's changes, not two (every field copied once per replayed play)."""
    return turn_over(state, at, changes)


def turn_over(state, at, changes):
    """end_turn with the move's changes as a dict of the move's own, which the turn's
    passing on completes in place (a replayed play's changes are not copied again)."""
    if state.variant == "endless" and changes.get("piles", state.piles)[0] == 0 \
            and not any(changes.get("hands", state.hands)):
        return close_round(evolve(state, changes), at)  # out of cards (CN-6)
    owed = changes.get("owed", state.owed)
    if owed is None:
        changes["turn"] = (changes.get("turn", state.turn) + 1) % len(state.players)
    else:
        turn = changes.get("turn", state.turn)
        owed = tuple([seat for seat in owed if seat != turn])
        if not owed:
            changes["owed"] = ()
            return to_count(evolve(state, changes), at)
        changes["owed"] = owed
        changes["turn"] = owed[0]
    if state.drew or "drew" in changes:  # one field fewer to copy when the turn drew nothing
        changes["drew"] = False
    changes["turn_started"] = at
    return evolve(state, changes)


def to_count(state, at):
    """The round is over: the points left in hand are entered next (none to enter for an empty hand)."""
    if state.variant == "endless":
        return close_round(state, at)
    counted = {seat: () for seat, held in enumerate(state.hands) if held == 0}
    state = evolve(state, phase="count", counted=counted, turn=None, drew=False)
    if len(counted) == len(state.players):
        return close_round(state, at)
    return state


def round_end_due(state, at):
    """CN-7: the player who went out (an empty hand in Quick Play, a fourth quad in Quads)
    ends the round once every open vote is settled, since each may still change a hand or
    a quad count; an overturn that takes them back into the round lets play go on. The
    state just before the end is kept (``ended``) so the table may still object to a play
    of the round until anything else happens."""
    seat = state.emptied
    if seat is None:
        return state
    out = state.hands[seat] == 0 if state.variant == "quick" else len(state.quads[seat]) >= QUADS_TO_WIN
    if not out:
        return evolve(state, emptied=None)
    if state.votes:
        return state
    ended = evolve(state, before=None, ended=None)
    if state.variant == "quick":
        after = to_count(state, at)
    else:
        after = close_round(evolve(state, before=None, last=None), at)
    return after if after.phase == "over" else evolve(after, ended=ended)


def round_scores(state):
    """Each seat's score for the round now closing (CN-6, by variant)."""
    left = [sum(state.counted.get(seat, ())) for seat in range(len(state.players))]
    if state.variant == "classic":
        return tuple(p - l for p, l in zip(state.points, left))
    if state.variant == "endless":
        return tuple(state.points)
    if state.variant == "quick":
        return tuple(sum(left) if seat == state.emptied else 0 for seat in range(len(state.players)))
    if state.variant == "quads":
        return tuple(len(q) for q in state.quads)
    if state.variant == "rummy":
        return tuple(state.run_points(seat) - left[seat] for seat in range(len(state.players)))
    return (0,) * len(state.players)


def close_round(state, at):
    scores = round_scores(state)
    state = evolve(state, rounds=state.rounds.add(scores), vote=None, votes=(), turn=None)
    if state.finishing or (state.max_rounds is not None and len(state.rounds) >= state.max_rounds):
        return evolve(state, phase="over")
    following = evolve(state, round=state.round + 1)
    if state.variant in STARTER:
        return evolve(following, phase="start", cells={}, counted={}, owed=None, emptied=None, plays=0,
                       points=(0,) * len(state.players), settled=Chain())
    return deal(following, at)


def winners(state):
    if state.variant == "solitaire" or not state.rounds:
        return []
    totals = {p: state.total(p) for p in state.players}
    best = max(totals.values())
    return [p for p in state.players if totals[p] == best]


# -- the turn timer (G-5) ---------------------------------------------------------------


def late_by(state, action):
    """Seconds a play comes after its turn's time ran out (0 in time, untimed or turnless);
    an untimed table (most) is answered before anything else is read."""
    if not state.options.get("timer", 0) or state.turn is None or state.variant not in TURNS or state.variant == "solitaire":
        return 0
    return overdue(state.turn_started, state.options.get("timer", 0), action)


def timed_from(state, at):
    """G-5: the turn under way when a contest is settled is timed from the settlement, so the
    table's debate is not counted against the player who waited for it (with -t 20 a vote
    that took 25 s made the next player's first line late)."""
    if state.turn is None or not isinstance(at, (int, float)):
        return state
    return evolve(state, turn_started=at)


# -- what every move does around its own effect ------------------------------------------


def every_move(name, effect):
    """The move's effect, with what every move does around it: a round dealt before anyone
    typed is timed from the first line (G-5), and anything but an objection means the plays
    of a round just ended stand (CN-7: ``ended`` is dropped)."""
    def run(state, action):
        if state.turn is not None and state.turn_started is None and isinstance(action.at, (int, float)):
            state = evolve(state, turn_started=action.at)
        after = effect(state, action)
        if name != "contest" and state.ended is not None and after.ended is state.ended:
            after = evolve(after, ended=None)
        return after
    return run
