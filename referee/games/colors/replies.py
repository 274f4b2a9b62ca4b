"""What the table is told after each Cosmic Colors move, as data: ``reply(ctx, before,
after, action)`` of its declaration (core.moves.Move) returns a core.reply.Reply, from
the states before and after the line and the action as journalled (the last of the
line, when a play's discard or swap was said with it). Its lines are left whole but for
the pictures drawn for the context's width (the hands, broken between cards); the shell
breaks the rest once, the box's way (Colors.fit: view.breaking).
"""

from referee.core.reply import Reply
from referee.games.colors import grid, rules, view


def setup(ctx, before, after, action):
    """The play area as entered so far; once set up, the hands too. A hand entered after
    the game began without it (G-1): what it brings, the hands and whose turn it is."""
    if before.phase != "setup":
        player = action.get("player")
        return Reply.ok(f"{player}'s hand entered: `hint` and the hand checks follow it, and its redraws "
                        f"are typed (`draw CARDS`)", view.hands(after, ctx.width), view.status(after))
    lines = [view.picture(after)]
    if after.phase == "play":
        lines.append(view.hands(after, ctx.width))
    lines.append(view.status(after))
    if after.phase == "setup" and after.grid_full and not before.grid_full:  # the table's choice (G-1)
        first = after.waiting_hands[0]
        lines.append(f"Next each hand (`hand {first} CARD ...`) for `hint` and the hand checks, "
                     "or `play` now to keep only the score (`help hand`).")
    return Reply(public=lines, pictures=("board",))


def played(ctx, before, after, action):
    """The picture with the cells played and scored, the arithmetic (2a, 2b), then either
    the discard or swap said on the same line or what comes next; the players the rules
    passed for holding no card (CC-2) are named. The board comes first, so the ticks are
    on the lines of the play, not on the board's."""
    turn = after.turns[len(before.turns)]
    lines = []
    if before.phase == "setup":  # the game begun without the hands not entered (G-1)
        lines.append(view.without_hands(after))
    if turn.cards:
        lines.append(view.picture(after, played=grid.mask_of(turn.cells), scored=turn.scored))
    lines.append(view.ticked(view.arithmetic(after, turn)))
    if action.get("do") != "play":  # the discard or swap said on the play's line
        then = turn_step(ctx, before, after, action)
        return Reply(public=lines + [view.ticked(then.public[0])] + list(then.public[1:]),
                     pictures=("board",))
    lines += [view.ticked(f"{p} holds no cards: passes (CC-2)") for p in rules.passed_without_cards(before, after)]
    if after.phase != "over":
        lines.append(view.next_step(after, ctx.width))
    return Reply(public=lines, pictures=("board",))


def turn_step(ctx, before, after, action):
    """A discard, swap or redraw: who made it, its log line, and what follows it."""
    return _then(f"{before.player} {view.narrate(before, action, after, after)[1]}", after, ctx.width)


def corrected(ctx, before, after, action):
    """A correction (G-1, CC-9): its log line, and what follows it."""
    return _then(view.narrate(before, action, after, after)[1], after, ctx.width)


def _then(told, after, width):
    if after.phase == "over":
        return Reply.ok(told)
    if after.phase == "draw":
        return Reply.ok(told, view.next_step(after, width))
    return Reply.ok(told, view.picture(after), view.hands(after, width), view.status(after), pictures=("board",))


def finished(ctx, before, after, action):
    """G-6: the end at once, or when it will come."""
    if after.phase == "over":
        return Reply.ok(view.narrate(before, action, after, after)[1])
    return Reply.ok(f"the game ends when {after.player}'s turn ends (G-6)", view.next_step(after, ctx.width))
