"""The energy phase's hint: every shift the player to act can make and what each yields.

Public, not a private reply: a shift and its yield depend only on what the whole table
sees (the controls and their tokens, the power cards lying face up on the player boards,
the supplies, the display and the height of the deck), never on a hand, so showing it to
all tells nobody anything they could not count themselves.

The legal shifts are few (3 spaces split into at most 3 steps, each moving the own token
or one of the dark tokens): all are tried through the rules' own check
(:func:`energy.shifted`), so the hint never offers a shift the move would refuse.
Shifts that yield alike are shown once, by the shortest command. The measure, said in
the hint's heading: the resources the supplies can actually give, each unit counting 1
(a star, a slider step, a crystal step, a proto life, an energy card, a nebula tile).
It is flat more often than not (every energy token yields once wherever it lies, and
every active reward is 3 units but chemistry's 2), so its work is to put a shift that
lands on chemistry or runs into an empty supply below the others; what the hint shows
above all is the different mixes a shift can yield, each with the command to type.
"""

from referee.core import render
from referee.core.errors import RuleError
from referee.games.cosmos import energy
from referee.games.cosmos.state import CONTROLS, DARK, SHIFT

LIMIT = 5  # options shown


def _sequences(state, seat, controls, left):
    """Every list of steps spending ``left`` spaces from ``controls`` (the own token, or a
    dark token from a control holding one at that moment)."""
    if not left:
        yield []
        return
    movers = [("own", None)] + [("dark", CONTROLS[i]) for i, tokens in enumerate(controls) if DARK in tokens]
    for who, control in movers:
        token = seat if who == "own" else DARK
        start = controls.index(next(tokens for tokens in controls if token in tokens)) if who == "own" \
            else CONTROLS.index(control)
        for n in range(1, left + 1):
            after, at = controls, start
            for _ in range(n):
                after, at = energy._move_one(after, at, token)
            for rest in _sequences(state, seat, after, left - n):
                yield [[who, control, n]] + rest


def _outcome(controls):
    return tuple(tuple(sorted(tokens)) for tokens in controls)


def shifts(state, seat):
    """[(steps, controls)]: one legal shift per outcome, with the fewest steps."""
    best = {}
    for steps in _sequences(state, seat, state.controls, SHIFT):
        try:
            controls = energy.shifted(state, seat, steps)
        except RuleError:
            continue
        key = _outcome(controls)
        rank = (len(steps), command(steps))
        if key not in best or rank < best[key][0]:
            best[key] = (rank, steps, controls)
    return [(steps, controls) for _rank, steps, controls in best.values()]


def ranked(state, seat):
    """[(score, command, control where the own token ends, given, short)], best first: one
    per different yield (shifts that leave the board differently but yield the same are
    the same to the player this turn; the shortest command is kept)."""
    found = {}
    power = state.power_tokens(seat)
    for steps, controls in shifts(state, seat):
        given, short = energy.givable(state, energy.rewards(controls, seat, power))
        where = next(i for i, tokens in enumerate(controls) if seat in tokens)
        option = (sum(given.values()), command(steps), CONTROLS[where], given, short)
        key = (tuple(sorted(given.items())), tuple(sorted(short.items())))
        if key not in found or _order(option) < _order(found[key]):
            found[key] = option
    return sorted(found.values(), key=_order)


def _order(option):
    return (-option[0], len(option[1]), option[1])


def command(steps):
    """The words to type for ``steps``, as a player types them: a bare number moves the
    own token, `time 1` the dark token leaving time, and `own 1` the own token after a
    dark one (`shift 1 gravity 1 own 1`, never `gravity 1 1`, which reads as one step)."""
    words = []
    for at, (who, control, n) in enumerate(steps):
        words.append((f"own {n}" if at else str(n)) if who == "own" else f"{control} {n}")
    return "shift " + " ".join(words)


def check_hint(state):
    """The hint is for an energy phase, before the shift."""
    if state.phase != "energy":
        raise RuleError("the hint shows the shifts of an energy phase, before the shift", rule="CT-3")


def hint_text(state, width, limit=LIMIT):
    check_hint(state)
    seat = state.turn
    options = ranked(state, seat)
    if not options:
        return f"{state.player} has no shift to make: the own token is not on the main board (CT-3)"
    lines = [render.wrap_text(f"{state.player}'s shifts, best first by units gained (each star, step, card... counts 1):", width)]
    limit = len(options) if limit is None else limit
    for rank, (score, typed, where, given, short) in enumerate(options[:limit], 1):
        lines.append(render.wrap_text(f"{rank}. {typed}  → {where}, {score}", width))
        said = energy.amount_text(given)
        if short:
            said += "; short: " + energy.amount_text(short)
        lines.append(render.wrap_text("   " + said, width))
    if len(options) > limit:
        lines.append(render.wrap_text(f"{len(options)} different yields, {limit} shown; `hint all` lists them all", width))
    return "\n".join(lines)
