"""A check's work, handed to the effect that follows it on the very same state and action.

A move's check often cannot judge without doing most of the move's work (a Colors play's
hand and colours, a Connections card's pairs, a Cosmos shift's controls), and its effect
needs all of it: the effect used to work it out again, so a replayed event paid for its
rules twice. The core runs the check and then the effect on the same two objects, both
frozen (a state, a core.moves.Action: MoveSet.apply on replay, Session.do in play), and
the work is a pure function of them; so :func:`remembered` keeps the last passed check's
work with the objects it was worked out for (holding them, so no other object can come
to share their ids), and gives it again only when asked about those very objects
(``is``, never equality). Anything else (another state, a plain dict that could change
between two calls, a check that refused) is worked out afresh. The check itself always
runs: a save is untrusted input. One slot per check, so nothing grows with play, and what
it holds alive is one state the session holds anyway.
"""

from functools import wraps

from referee.core.actions import Action


class Worked:
    """The last work a check passed with, and the state and action it was for."""

    __slots__ = ("_held",)

    def __init__(self):
        self._held = None

    def of(self, state, action):
        """The work kept for these very objects, or None."""
        held = self._held
        if held is not None and held[0] is state and held[1] is action:
            return held[2]
        return None

    def keep(self, state, action, work):
        if Action in type(action).__mro__:  # frozen (a dict could change between check and effect); no ABC check
            self._held = (state, action, work)


def remembered(check):
    """``check``, giving again the work it returned for the very state and action it is
    asked about again (its effect's call); its refusals are never kept. ``worked``: the
    slot, for an effect that reads a related check's work without running it."""
    slot = Worked()

    @wraps(check)
    def checked(state, action):
        work = slot.of(state, action)
        if work is None:
            work = check(state, action)
            slot.keep(state, action, work)
        return work

    checked.worked = slot
    return checked
