"""Rounds, the end phase (CT-6) and the end of the game (CT-7) of Crafting the Cosmos.

A turn ends with the Ω choice (craft's ``end`` move), which calls :func:`after_turn`:
the next seat clockwise starts its energy phase, unless it holds the 1st player token,
in which case every seat has played and the end phase runs. The end phase is six steps
in the rulebook's order; the referee runs them itself as far as it can and stops only
where the table must say something (the counts of a goal it does not track, the name of
the goal card revealed, the cards a player over the hand limit discards), then goes on
from the step it stopped at when the table has answered. Where it stopped is the phase.
"""

from referee.core.errors import RuleError
from referee.core.states import evolve, set_seat
from referee.core.worked import remembered
from referee.games.cosmos import energycards, goals, supplies
from referee.games.cosmos.state import ENERGY, GOAL_DECK, GOAL_SPACES, HAND_LIMIT, SOURCES, Goal

NAME_LIMIT = 40  # characters of a free-text goal's name: it must fit the goal track's line


def _next_seat(state, seat):
    return (seat + 1) % len(state.players)


def after_turn(state, **changes):
    """The state after a player's Ω choice: the next seat clockwise starts its energy
    phase, or, when the next seat holds the 1st player token (everyone has played this
    round), the end phase runs (Overview; End phase). ``changes``, the Ω choice's own
    (never whose turn it was or the 1st player token), are made in the same step."""
    following = _next_seat(state, state.turn)
    if following == state.first:
        return _end_phase(state, changes)
    return start_turn(state, following, **changes)


def start_turn(state, seat, **changes):
    """``seat``'s energy phase begins: its end-of-turn marker stands on α. ``changes``
    (the boards among them) are made in the same step."""
    boards = changes.get("boards", state.boards)
    if boards[seat].omega is not None:
        changes["boards"] = set_seat(boards, seat, evolve(boards[seat], omega=None))
    return evolve(state, changes, phase="energy", turn=seat)


# The end phase's steps below take ``changes``: what the steps before made, not made yet,
# so the whole end phase makes one new state however far it goes (a replayed round's end
# used to make one per step). ``_now`` reads a field as the steps so far left it.


def _now(state, changes, name):
    return changes[name] if name in changes else getattr(state, name)


def run_end_phase(state):
    """The end phase (CT-6) from its first step, as far as it goes without the table.

    1. Every goal moves one space down the track. 2. The goal reaching the fourth space
    is scored: from the boards when the referee tracks its count, else the table gives
    the counts (phase "count", the ``count`` move). Then :func:`_reveal` goes on."""
    return _end_phase(state, {})


def _end_phase(state, changes):
    """run_end_phase with ``changes`` not made yet."""
    track = (None,) + tuple(_now(state, changes, "track")[:GOAL_SPACES - 1])
    changes.update(turn=None, track=track)
    goal = track[-1]
    if goal is None:  # rounds 1-3: nothing has reached the fourth space yet
        return _reveal(state, changes)
    if goals.tracked(goal):  # its count reads the boards as they are now (a state, once a round)
        state = evolve(state, changes)
        return _reveal(state, _score(state, goals.counts(state, goal.metric), {}))
    return evolve(state, changes, phase="count")


def _score(state, counts, changes):
    """Step 2: the goal on the fourth space scored with ``counts`` (by name) and
    discarded, even when nobody scores it (Goals): ``changes`` with its own."""
    track = _now(state, changes, "track")
    goal = track[-1]
    points = goals.score(counts, len(state.players))
    boards = tuple(evolve(b, points=supplies.points(b, "goals", points[player])) if points[player] else b
                   for player, b in zip(state.players, _now(state, changes, "boards")))
    changes.update(boards=boards, track=set_seat(track, GOAL_SPACES - 1, None), counts=None,
                   scored=_now(state, changes, "scored") + ((goal, dict(counts), points),))
    return changes


def ends(state):
    """Whether the game ends after this round's end phase (CT-7): the time crystal supply
    ran out (supplies.climb sets ``ending``), or the last goal has been scored (the deck
    is empty and the track too)."""
    return _ends(state, {})


def _ends(state, changes):
    return bool(_now(state, changes, "ending") or not _now(state, changes, "supply")["crystals"].count
                or (_now(state, changes, "goals_left") == 0 and _now(state, changes, "scored")
                    and not any(_now(state, changes, "track"))))


def _reveal(state, changes):
    """Step 3: a new goal card onto the top space, while the deck has any (phase "goal":
    the table names it). Not when the game already ends after this end phase: the card
    would never be scored, so the table is not asked to name it."""
    if _now(state, changes, "goals_left") > 0 and not _ends(state, changes):
        return evolve(state, changes, phase="goal")
    return _check_end(state, changes)


def _check_end(state, changes):
    """Step 4, the end check (CT-7), then step 5, the hand limit."""
    if _ends(state, changes):
        changes["ending"] = True
    return _hand_limit(state, changes)


def over_limit(state):
    """The players holding more than 10 energy cards, in seat order (End phase 5)."""
    return _over(state.players, state.hands)


def _over(players, hands):
    return [player for player, hand in zip(players, hands) if len(hand) > HAND_LIMIT]


def _hand_limit(state, changes):
    """Step 5: a player over 10 energy cards discards down to 10, choosing which (phase
    "limit"). It runs in the last end phase too: the game ends *after* the end phase, and
    the cards kept break a tie (CT-7), so nobody wins a tie-break with an 11th card."""
    if _over(state.players, _now(state, changes, "hands")):
        changes.update(phase="limit", turn=None)
        return evolve(state, changes)
    return _close(state, changes)


def _close(state, changes):
    """Step 6 (a new round), or the end of the game when step 4 found it over."""
    if _now(state, changes, "ending"):
        return final(state, changes)
    return _new_round(state, changes)


def _new_round(state, changes):
    """End phase step 6: every marker back to α, the 1st player token passes left (not
    with 2 players), a new round begins with the first player's energy phase."""
    boards = tuple(b if b.omega is None else evolve(b, omega=None) for b in _now(state, changes, "boards"))
    first = state.first if len(state.players) == 2 else _next_seat(state, state.first)
    changes.update(boards=boards, first=first, round=state.round + 1, phase="energy", turn=first)
    return evolve(state, changes)


# -- the end of the game (CT-7) ---------------------------------------------------------------


def final(state, changes=None):
    """The game is over: each player's advanced life tokens are revealed and their values
    added (points "advanced"); the markers stand on α again, but no new round begins.
    Idempotent, so an early end (G-6) may call it too. ``changes``: the end phase's, not
    made yet."""
    changes = {} if changes is None else changes
    index = SOURCES.index("advanced")
    boards = []
    for b in _now(state, changes, "boards"):
        values = list(b.points)
        values[index] = sum(v for v in b.advanced if isinstance(v, int))
        boards.append(evolve(b, points=tuple(values), omega=None))
    changes.update(boards=tuple(boards), phase="over", turn=None)
    return evolve(state, changes)


def final_points(state):
    """Per seat, the points by source (SOURCES) and their ``total``, for the final
    scoreboard. Advanced life is its tokens' values whether or not they were revealed yet:
    call it for the public only once the game is over."""
    index = SOURCES.index("advanced")
    result = []
    for b in state.boards:
        values = list(b.points)
        values[index] = sum(v for v in b.advanced if isinstance(v, int))
        row = dict(zip(SOURCES, values))
        row["total"] = sum(values)
        result.append(row)
    return tuple(result)


def winners(state):
    """Who won (CT-7): the most points; tied, the most energy cards in hand; still tied,
    they share the victory (all their names, in seat order)."""
    totals = [row["total"] for row in final_points(state)]
    best = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    cards = max(len(state.hands[seat]) for seat in tied)
    return [state.players[seat] for seat in tied if len(state.hands[seat]) == cards]


def tie_broken(state):
    """Whether the energy cards in hand decided the winner (for the final's words)."""
    totals = [row["total"] for row in final_points(state)]
    return totals.count(max(totals)) > len(winners(state))


# -- the goal move: a goal card revealed (Setup 3, End phase 3) --------------------------------


def at_setup(state):
    """The first goal is the setup's: the goal deck still holds all 6 (an end phase always
    comes after the first was revealed), nothing on the track, nothing scored."""
    return state.goals_left >= GOAL_DECK and not state.scored and not any(state.track)


def goal_of(action):
    """The Goal an action names: a reference card by its key, with the card's metric."""
    name = " ".join(str(action["name"]).split())
    key = goals.find(name)
    if key:
        return Goal(key, goals.reference()[key]["metric"])
    return Goal(name, action.get("metric"))


def check_goal(state, action):
    name = " ".join(str(action["name"]).split())
    if not name:
        raise RuleError("name the goal card revealed: `goal proto` or `goal \"most H stars\"`", rule="Goals")
    if len(name) > NAME_LIMIT:
        raise RuleError(f"a goal's name is at most {NAME_LIMIT} characters; say it shorter", rule="Goals")
    metric = action.get("metric")
    if metric is not None and metric not in goals.METRICS:
        raise RuleError(f"the referee cannot count {metric!r}; it counts " + ", ".join(goals.METRICS), rule="Goals")
    key = goals.find(name)
    if key and metric is not None and metric != goals.reference()[key]["metric"]:
        card = goals.reference()[key]
        counted = f"counts {card['metric']}" if card["metric"] else "is counted by the table"
        raise RuleError(f"the goal card {card['name']!r} {counted}, not {metric}", rule="Goals")
    if state.goals_left <= 0:
        raise RuleError("the goal deck is empty: no goal is revealed", rule="End phase")
    goal = goal_of(action)
    shown = [g for g in tuple(state.track) + tuple(entry[0] for entry in state.scored) if g is not None]
    if any(goals.find(g.name) == key if key else " ".join(g.name.lower().split()) == name.lower() for g in shown):
        raise RuleError(f"the goal {goals.label(goal)!r} was revealed already: each of the 6 goal cards "
                        "is a different card", rule="Setup")


def goal(state, action):
    """The goal card revealed goes onto the top space of the track; at the setup the first
    player's energy phase follows, in the end phase step 4 (the end check)."""
    changes = {"track": set_seat(state.track, 0, goal_of(action)), "goals_left": state.goals_left - 1}
    if at_setup(state):
        if state.first is not None:
            return start_turn(state, state.first, **changes)
        return evolve(state, changes, phase="energy")
    return _check_end(state, changes)


# -- the count move: the table's counts for a goal the referee does not track -------------------


def check_count(state, action):
    counts = action["counts"]
    goal = state.track[-1]
    if goal is None:
        raise RuleError("no goal is on the fourth space to be counted", rule="CT-6")
    strange = [name for name in counts if name not in state.players]
    if strange:
        raise RuleError(f"{strange[0]!r} is not playing; count " + ", ".join(state.players), rule="CT-6")
    missing = [player for player in state.players if player not in counts]
    if missing:
        example = " ".join(f"{p} 0" for p in state.players)
        raise RuleError(f"give every player's count, {missing[0]}'s too: `count {example}`", rule="CT-6")
    for player, count in counts.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RuleError(f"{player}'s count must be a whole number, 0 or more, not {count!r}", rule="CT-6")
    for seat, player in enumerate(state.players):
        bound = goals.most(state, seat, goal)
        if bound is not None and counts[player] > bound[0]:
            raise RuleError(f"{player}'s count for {goals.label(goal)} cannot be {counts[player]}: "
                            f"{player} has {bound[1]}", rule="CT-6")


def count(state, action):
    """The goal on the fourth space scored with the table's counts; the end phase goes on
    from step 3."""
    counts = {player: action["counts"][player] for player in state.players}
    return _reveal(state, _score(state, counts, {}))


# -- the discard move: the hand limit (End phase 5) ----------------------------------------------


@remembered
def _paid(state, action):
    """The hand limit's discard as changes (energycards.paid: ``hands``, ``discard``),
    refused as a payment the hand cannot make is; worked out by the check, made by the
    effect right after it (core.worked)."""
    return energycards.paid(state, state.seat(action["player"]), list(action["cards"]), "End phase")


def check_discard(state, action):
    player, cards = action["player"], action["cards"]
    if player not in state.players:
        raise RuleError(f"{player!r} is not playing", rule="End phase")
    strange = [card for card in cards if card not in ENERGY]
    if strange:
        raise RuleError(f"{strange[0]!r} is not an energy card: light, time, gravity or chemistry", rule="End phase")
    if not cards:
        raise RuleError(f"which cards does {player} discard? e.g. `discard {player} light time`", rule="End phase")
    said = action.get("by")
    if said and said != player and said in state.players:
        raise RuleError(f"{player} chooses which of {player}'s cards to discard, not {said}", rule="End phase")
    held = len(state.hands[state.seat(player)])
    if held <= HAND_LIMIT:
        raise RuleError(f"{player} holds {held} energy cards, not over the limit of {HAND_LIMIT}", rule="End phase")
    if len(cards) > held - HAND_LIMIT:
        raise RuleError(f"{player} holds {held} energy cards and discards only {held - HAND_LIMIT} to keep "
                        f"{HAND_LIMIT}, not {len(cards)}", rule="End phase")
    try:
        _paid(state, action)  # refuses what the hand cannot hold
    except RuleError as error:  # the hand's own words are for a payment: "cannot pay light"
        said = str(error).replace(" cannot pay ", " cannot discard ")
        raise RuleError(said, rule=error.rule, private=error.private, owner=error.owner) from None


def discard(state, action):
    """Cards discarded to the hand limit; once nobody is over it, step 6 (or the end)."""
    changes = dict(_paid(state, action))  # as its check worked them out (a copy: the steps add to it)
    if _over(state.players, changes["hands"]):
        return evolve(state, changes)
    return _close(state, changes)



# -- what the end phase did, in words (for the replies of `end`, `count`, `goal`, `discard`) -----


def _plural(count, word):
    return f"{count} {word}{'' if count == 1 else 's'}"


def scored_text(entry):
    """One goal scored: ``proto life: Ann 7 (+6), Ben 7 (+6), Cy 3 (+0)``."""
    goal, counts, points = entry
    said = ", ".join(f"{p} {counts.get(p, 0)} (+{points.get(p, 0)})" for p in counts)
    if not any(points.values()):
        said += "; nobody scores (at least 1 to score)"
    return f"goal {goals.label(goal)} scored: {said}"


def report(before, after):
    """What the end phase did between ``before`` and ``after`` and what it waits for now,
    as lines for the table (public: counts, points and hand sizes only)."""
    lines = []
    if before.phase == "craft" and (after.turn is None or after.round > before.round):
        lines.append(f"end phase of round {before.round}: the goals move down")
    for entry in after.scored[len(before.scored):]:
        lines.append(scored_text(entry))
    if after.phase == "count":
        goal = after.track[-1]
        example = " ".join(f"{p} N" for p in after.players)
        lines.append(f"goal {goals.label(goal)} reached the 4th space; the table counts "
                     f"{goals.says(goal)}: `count {example}`")
    if after.phase == "goal" and not at_setup(after):
        lines.append(f"reveal a new goal ({_plural(after.goals_left, 'card')} left): `goal NAME`")
    if after.ending and not before.ending and after.phase != "over":
        lines.append("the game ends after this end phase (CT-7)")
    if after.phase == "limit":
        for player in over_limit(after):
            held = len(after.hands[after.seat(player)])
            lines.append(f"hand limit: {player} holds {held} energy cards and discards "
                         f"{held - HAND_LIMIT}: `discard {player} TYPE ...`")
    if after.round > before.round:
        passed = " (passed left)" if after.first != before.first else ""
        lines.append(f"round {after.round}: {after.players[after.first]} has the 1st player token{passed}")
    if after.phase == "over" and before.phase != "over":
        won = winners(after)
        why = " (most energy cards in hand)" if tie_broken(after) else ""
        said = (f"{won[0]} wins" if len(won) == 1 else " and ".join(won) + " share the victory") + why
        lines.append(f"the game is over: advanced life revealed; {said}")
    return lines


def log_note(before, after):
    """What the end phase did inside a move (craft's `end`, `count`, `goal`, `discard`),
    in a few words for that move's line in the log (view.narrate): the goal scored and
    the points given, the count awaited, the new round or the end. "" when nothing."""
    parts = []
    for goal, _counts, points in after.scored[len(before.scored):]:
        given = ", ".join(f"{p} +{n}" for p, n in points.items() if n) or "nobody scores"
        parts.append(f"{goals.label(goal)} scored: {given}")
    if after.phase == "count" and before.phase != "count":
        parts.append(f"{goals.label(after.track[-1])} to be counted")
    if after.round > before.round:
        parts.append(f"round {after.round}, {after.players[after.first]} first")
    if after.phase == "over" and before.phase != "over":
        parts.append("the game is over")
    return "; ".join(parts)
