"""The advisory turn timer (RULINGS G-5) and the per-player clocks.

Pure arithmetic on timestamps that the journal already holds, so the countdown, the
"time up" check and the clock totals need no running clock of their own and replay
identically.
"""


def remaining(started, limit, now):
    """Seconds left (negative once over), or None when the turn is untimed."""
    if not limit or started is None:
        return None
    return limit - (now - started)


def overdue(started, limit, action):
    """Seconds an action came after its turn's time ran out (0 when in time or untimed).

    A turn that began before the game was resumed is timed from the resume (the action's
    ``resumed`` stamp): a game picked up the next day starts with the turn's full time.
    """
    at = action.get("at")
    if not limit or started is None or at is None:
        return 0
    resumed = action.get("resumed")
    if resumed is not None and resumed > started:
        started = resumed
    return max(0.0, at - started - limit)


def is_late(started, limit, now):
    left = remaining(started, limit, now)
    return left is not None and left < 0


def clock(seconds):
    seconds = int(round(seconds))
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    if seconds >= 3600:
        return f"{sign}{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"
    return f"{sign}{seconds // 60}:{seconds % 60:02d}"


def totals(turns, players, end):
    """Time each player spent on their turns.

    ``turns`` is a list of (player, started_at) in order; a turn lasts until the next one
    starts, the last one until ``end``.
    """
    spent = {p: 0.0 for p in players}
    for (player, start), following in zip(turns, list(turns[1:]) + [(None, end)]):
        if player in spent and start is not None and following[1] is not None:
            spent[player] += max(0.0, following[1] - start)
    return spent


def late_option():
    """The table option of G-5, declared once for every game with a timer."""
    from referee.core.options import Option

    return Option("late", "refuse", "G-5",
                  "a play or claim after time is up: refused until marked `late` (refuse), or taken and logged as late (accept)",
                  choices=("refuse", "accept"))


def bell_option():
    """The table option of G-5 for the time-up bell, declared once for every game with a timer."""
    from referee.core.options import Option

    return Option("bell", True, "G-5", "ring the terminal bell once when a turn's time runs out")


def bell_due(started, limit, before, now):
    """Whether the time-up bell rings at ``now``: the countdown of the turn that began at
    ``started`` crossed zero since ``before``, the previous look at the same turn (None for
    the first look). A countdown crosses zero once, so the bell rings once a turn; a turn
    already over time when first seen (a game resumed late) does not ring."""
    if before is None:
        return False
    was, left = remaining(started, limit, before), remaining(started, limit, now)
    return was is not None and was >= 0 > left


def check_late(started, limit, action, options, what):
    """G-5, the same in every timed game: an action after its time ran out is refused until
    the table marks it ``late`` (or the ``late=accept`` option takes it silently).

    Returns True when the action is late, so the game records it as such; ``what`` names
    the turn in the refusal ("Ann's turn", "the bonus sentence"). Each number is tied to
    its unit by a no-break space ("60\u00a0s"), which the wrapper never breaks at, so a
    phone's line never ends on "60" with the "s" on the next.
    """
    from referee.core.errors import RuleError

    over = overdue(started, limit, action)
    if not over:
        return False
    if not action.get("late") and options.get("late", "refuse") != "accept":
        raise RuleError(f"time is up for {what} ({int(over)}\u00a0s past {limit}\u00a0s); add `late` if the table allows it",
                        rule="G-5")
    return True
