"""Cosmic Colors' record for `referee stats` (issue 12): the best turn, the most points
one play scored (Jr: the highest card taken), read from the replayed game once it has
ended, so no secret total (CC-4) is told before the end."""

from referee.core.stats import Record


def records(session):
    state = session.state
    if not session.over:
        return []
    turns = getattr(state, "turns", None)
    if turns:  # the team game keeps each play with its points
        best = max(turns, key=lambda t: t.points)
        if best.points > 0:
            return [Record("best turn", state.players[best.seat], best.points,
                           f"{best.points} points with {len(best.cards)} card{'s' if len(best.cards) != 1 else ''}")]
        return []
    best = None
    for action in session.events:  # Jr: a take is worth its card's value
        if action.get("do") == "take" and isinstance(action.get("value"), int) and action.get("by"):
            if best is None or action["value"] > best[0]:
                best = (action["value"], action["by"])
    return [Record("best turn", best[1], best[0], f"took a {best[0]}")] if best else []
