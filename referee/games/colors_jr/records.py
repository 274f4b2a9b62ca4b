"""Jr's record for `referee stats` (issue 12): the best turn, the highest card value
named in a take, read from the replayed game once it has ended."""

from referee.core.stats import Record


def records(session):
    if not session.over:
        return []
    best = None
    for action in session.events:  # a take is worth its card's value
        if action.get("do") == "take" and isinstance(action.get("value"), int) and action.get("by"):
            if best is None or action["value"] > best[0]:
                best = (action["value"], action["by"])
    return [Record("best turn", best[1], best[0], f"took a {best[0]}")] if best else []
