"""What the table is told after each Cosmic Colors move: ``reply(ctx, before, after,
action)`` of its declaration (core.moves.Move), from the states before and after the
line and the action as journalled (the last of the line, when a play's discard or swap
was said with it). Each reply is the lines the shell prints, broken between words to
the columns the context says it may use (``ctx.width``), never asking a terminal.
"""

from referee.games.colors import grid, rules, view


def setup(ctx, before, after, action):
    """The play area (Jr: the piles) as entered so far; once set up, the hands too."""
    if after.variant == "jr":
        return [view.jr_picture(after), view.shown_jr_status(after, ctx.width)]
    lines = [view.picture(after)]
    if after.phase == "play":
        lines.append(view.hands(after, ctx.width))
    lines.append(view.shown_status(after, ctx.width))
    return lines


def played(ctx, before, after, action):
    """The picture with the cells played and scored, the arithmetic (2a, 2b), then either
    the discard or swap said on the same line or what comes next; the players the rules
    passed for holding no card (CC-2) are named."""
    turn = after.turns[len(before.turns)]
    lines = []
    if turn.cards:
        lines.append(view.picture(after, played=grid.mask_of(turn.cells), scored=turn.scored))
    lines.append(view.ok(view.arithmetic(after, turn), ctx.width))
    if action.get("do") != "play":  # the discard or swap said on the play's line
        return lines + turn_step(ctx, before, after, action)
    lines += [view.ok(f"{p} holds no cards: passes (CC-2)", ctx.width)
              for p in rules.passed_without_cards(before, after)]
    if after.phase != "over":
        lines.append(view.next_step(after, ctx.width))
    return lines


def turn_step(ctx, before, after, action):
    """A discard, swap or redraw: who made it, its log line, and what follows it."""
    return _then(f"{before.player} {view.narrate(before, action, after, after)[1]}", after, ctx.width)


def corrected(ctx, before, after, action):
    """A correction (G-1, CC-9): its log line, and what follows it."""
    return _then(view.narrate(before, action, after, after)[1], after, ctx.width)


def _then(told, after, width):
    lines = [view.ok(told, width)]
    if after.phase == "over":
        return lines
    if after.phase == "draw":
        lines.append(view.next_step(after, width))
        return lines
    lines.append(view.picture(after))
    lines.append(view.hands(after, width))
    lines.append(view.shown_status(after, width))
    return lines


def finished(ctx, before, after, action):
    """G-6: the end at once, or when it will come."""
    if after.phase == "over":
        return view.ok(view.narrate(before, action, after, after)[1], ctx.width)
    if after.variant == "jr":
        return [view.ok(f"the game ends when this round ends, after {after.players[-1]}'s turn (G-6)", ctx.width),
                view.shown_jr_status(after, ctx.width)]
    return [view.ok(f"the game ends when {after.player}'s turn ends (G-6)", ctx.width),
            view.next_step(after, ctx.width)]


def taken(ctx, before, after, action):
    """Jr: the piles with the cells taken marked, and the cards taken."""
    record = after.takes[-1]
    count = len(record.cards)
    lines = [view.jr_picture(after, taken=record.cells),
             view.ok(f"{before.player} takes {count} card{'s' if count != 1 else ''}: "
                     + " ".join(after.names.code(c) for c in record.cards), ctx.width)]
    if after.phase != "over":
        lines.append(view.shown_jr_status(after, ctx.width))
    return lines


def revealed(ctx, before, after, action):
    """Jr: the piles with their new top cards."""
    lines = [view.jr_picture(after)]
    lines.append(view.shown_jr_status(after, ctx.width) if after.phase != "over" else "")
    return [line for line in lines if line]
