"""Connections' record for `referee stats` (issue 12): the best play, the most points one
card earned (its connections and multiplier included), read from the replayed game."""

from referee.core.stats import Record


def records(session):
    best = None
    states, game = session.states, session.game
    for number, action in enumerate(session.events, start=1):
        if action.get("do") != "play" or not action.get("by"):
            continue
        who = action["by"]
        points = action.get("score")
        if not isinstance(points, (int, float)):
            before, after = game.scores(states[number - 1]), game.scores(states[number])
            if before.get(who) is None or after.get(who) is None:
                continue
            points = after[who] - before[who]
        if best is None or points > best[0]:
            best = (points, who, number)
    if best is None or best[0] <= 0:
        return []
    points, who, number = best
    return [Record("best play", who, points, f"{points} point{'s' if points != 1 else ''} (event {number})")]
