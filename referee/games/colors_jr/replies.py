"""What a Jr table is told after each move, as data (core.reply.Reply): the piles as
they are now (the cells taken marked), the cards taken, who is to take next. Lines are
left whole; the shell breaks them once, the box's way (colors.view.breaking).
"""

from referee.core.reply import Reply
from referee.games.colors_jr import lines, view


def setup(ctx, before, after, action):
    """The piles as entered so far."""
    return Reply(public=(view.picture(after), view.status(after)), pictures=("board",))


def taken(ctx, before, after, action):
    """The piles with the cells taken marked, and the cards taken (the board comes
    first, so the tick is on the line of the take, not on the board's)."""
    record = after.takes[-1]
    count = len(record.cards)
    told = view.ticked(f"{before.player} takes {count} card{'s' if count != 1 else ''}: "
                       + " ".join(after.names.code(c) for c in record.cards))
    status = (view.status(after),) if after.phase != "over" else ()
    return Reply(public=(view.picture(after, taken=record.cells), told) + status, pictures=("board",))


def revealed(ctx, before, after, action):
    """The piles with their new top cards."""
    status = (view.status(after),) if after.phase != "over" else ()
    return Reply(public=(view.picture(after),) + status, pictures=("board",))


def finished(ctx, before, after, action):
    """G-6: the end at once, or when this round ends."""
    if after.phase == "over":
        return Reply.ok(lines.line(action, before))
    return Reply.ok(f"the game ends when this round ends, after {after.players[-1]}'s turn (G-6)",
                    view.status(after))
