"""Placing by itself (issue 20 item 1): at a real table every turn placed everything the
energy phase gave with a bare `place`, a line that carried no choice, since the
referee keeps no geometry (CT-1) and the rulebook wants every piece placed before the
turn ends (Place). So the next craft move a player makes (a `move`, a power card,
`end`, ...) first places everything still loose, in the same action: one journal
record, one undo, refused as a whole, and an old journal (whose actions hold no
``placed`` field) replays as it was, its own `place` moves included.

Where placing is a choice the player said so: once they typed `place` themselves this
turn (`place 2 H`: the rest stays loose on purpose), nothing is placed for them, and
`end` asks before loose pieces are lost, as before.

The pieces placed are written into the action (``placed``: `H`, `n2`, `proto` words),
so its log line says them and replay does exactly what the table saw.
"""

from dataclasses import replace
from functools import wraps

from referee.core.reply import Reply
from referee.core.worked import remembered
from referee.games.cosmos import craft, lines
from referee.games.cosmos.state import SIZES, STARS

FIELD = "placed"


def loose_words(board):
    """Everything loose on ``board`` as words: `H` per star, `n2` per nebula, `proto` per life."""
    words = []
    for star, n in zip(STARS, board.loose_stars):
        words += [star] * n
    for size, n in zip(SIZES, board.loose_nebulae):
        words += [f"n{size}"] * n
    return words + ["proto"] * board.loose_proto


class _Placing(dict):
    """A place action's fields, read as the rules read an Action (``action.stars``)."""

    __getattr__ = dict.__getitem__


def place_action(words):
    """The place action (stars, nebulae, proto) of ``placed`` words."""
    return _Placing(stars=[w for w in words if w in STARS],
                    nebulae=[int(w[1:]) for w in words if w[:1] == "n" and w[1:].isdigit()],
                    proto=sum(1 for w in words if w == "proto"))


def placed_first(state, action):
    """``state`` with the action's ``placed`` pieces on the board (checked as `place` is),
    or ``state`` itself when it places nothing."""
    if not action.get(FIELD):
        return state
    return _placed(state, action)


@remembered
def _placed(state, action):
    """placed_first's pieces placed: the move's checks, its effect and its reply ask on
    the same state and action, so the placing is checked and made once (core.worked)."""
    placing = place_action(action[FIELD])
    craft.check_place(state, placing)
    return craft.place(state, placing)


def placed_by_hand(ctx):
    """Whether the player to act typed `place` themselves this turn (a choice: leave the
    rest to them)."""
    try:
        records = ctx.records
    except AttributeError:  # a context that keeps no journal (a test's): nothing placed yet
        return False
    for record in reversed(records):
        action = record.get("action") or {}
        if action.get("do") == "place":
            return True
        if action.get("do") in ("shift", "end"):
            return False
    return False


def _due(ctx):
    """The words to place now, or ()."""
    state = ctx.state
    if state.phase != "craft" or state.turn is None or not state.boards or placed_by_hand(ctx):
        return ()
    return loose_words(state.boards[state.turn])


def _said(words):
    return lines.place(place_action(words))


def placing(move):
    """``move`` (a craft move) that first places everything loose (module docstring)."""
    optional = move.optional
    optional = dict(optional, **{FIELD: ()}) if isinstance(optional, dict) else dict(
        {name: None for name in optional}, **{FIELD: ()})
    reading, reply, line, public = move.reading, move.reply, move.line, move.public
    check, check_first = move.check, move.check_first

    @wraps(reading)
    def read(ctx, text):
        read = reading(ctx, text)
        if isinstance(read, dict) and FIELD not in read:
            due = _due(ctx)
            if due:
                read = dict(read, **{FIELD: due})
        return read

    def first(rule):
        if rule is None:
            return None

        def ruled(state, action):  # placed_first, written out: every replayed craft move asks it three times
            return rule(_placed(state, action) if action.get(FIELD) else state, action)
        return ruled

    def checked_first(state, action):
        placed = _placed(state, action) if action.get(FIELD) else state  # a damaged journal's pieces are
        if check_first is not None:  # refused as `place` refuses them
            check_first(placed, action)

    made = move.effect

    def effect(state, action):
        return made(_placed(state, action) if action.get(FIELD) else state, action)

    def logged(write):
        if write is None:
            return None

        def said(action):
            words = action.get(FIELD) or ()
            text = write(action)
            return f"{_said(words)}, then {text}" if words else text
        return said

    def replied(ctx, before, after, action):
        words = action.get(FIELD) or ()
        answer = reply(ctx, placed_first(before, action), after, action)  # what it says is after the placing
        if not words or not isinstance(answer, Reply) or not answer.public:
            return answer
        first_line, *rest = answer.public
        return replace(answer, public=(first_line, f"({_said(words).replace('places', 'placed first:', 1)})",
                                       *rest))

    return replace(move, fields=dict(move.fields, **{FIELD: list}), optional=optional, reading=read,
                   check_first=checked_first, check=first(check), effect=effect, line=logged(line),
                   public=logged(public), reply=replied if reply is not None else None)
