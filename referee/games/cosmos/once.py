"""What a check had to make to judge a move, handed to the effect that follows it.

A shift is judged token by token as it is made (energy.shifted), and a power card's
effect as it is applied (power.check_use): the check cannot refuse without doing the
move's work, and the effect then did it all again. Every caller runs a move's check and
its effect one after the other with the very same state and action objects, both frozen
(core.moves.MoveSet.apply on replay, core.session.Session.do in play), so the effect may
take what the check made for those two objects instead of making it twice. The check
itself always runs: a save is untrusted input.

One entry, matched by identity of the function, the state and the action (it holds them,
so no other object can come to share their ids): nothing grows with play, and any other
call (the hint, a test, another game in the same process) simply computes again. A plain
dict (a reading trying a line's moves, a test's action) could change between two calls,
so only a frozen action (core.moves.Action) is ever matched.
"""

_last = None  # (fn, state, action, result) of the last call


def made(fn, state, action):
    """``fn(state, action)``, or its result for these very objects when it was the last
    call made (a RuleError is never kept: the same call refuses again)."""
    global _last
    if isinstance(action, dict):
        return fn(state, action)
    last = _last
    if last is not None and last[0] is fn and last[1] is state and last[2] is action:
        return last[3]
    result = fn(state, action)
    _last = (fn, state, action, result)
    return result
