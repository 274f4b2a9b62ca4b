"""Cosmic Colors' record for `referee stats` (issue 12): the best turn, the most points
one play scored, read from the replayed game once it has
ended, so no secret total (CC-4) is told before the end."""

from referee.core.stats import Record


def records(session):
    state = session.state
    if not session.over:
        return []
    if not state.turns:
        return []
    best = max(state.turns, key=lambda t: t.points)
    if best.points > 0:
        return [Record("best turn", state.players[best.seat], best.points,
                       f"{best.points} points with {len(best.cards)} card{'s' if len(best.cards) != 1 else ''}")]
    return []
