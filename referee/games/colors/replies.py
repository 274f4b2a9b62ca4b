"""What the table is told after each Cosmic Colors move: ``reply(ctx, before, after,
action)`` of its declaration (core.moves.Move), from the states before and after the
line and the action as journalled (the last of the line, when a play's discard or swap
was said with it). Each reply is the lines the shell prints, fitted here to the
terminal (view.fit, view.ok) as the game always has.
"""

from referee.games.colors import grid, rules, view


def setup(ctx, before, after, action):
    """The play area (Jr: the piles) as entered so far; once set up, the hands too."""
    if after.variant == "jr":
        return [view.jr_picture(after), view.shown_jr_status(after)]
    lines = [view.picture(after)]
    if after.phase == "play":
        lines.append(view.hands(after))
    lines.append(view.shown_status(after))
    return lines


def played(ctx, before, after, action):
    """The picture with the cells played and scored, the arithmetic (2a, 2b), then either
    the discard or swap said on the same line or what comes next; the players the rules
    passed for holding no card (CC-2) are named."""
    turn = after.turns[len(before.turns)]
    lines = []
    if turn.cards:
        lines.append(view.picture(after, played=grid.mask_of(turn.cells), scored=turn.scored))
    lines.append(view.ok(view.arithmetic(after, turn)))
    if action.get("do") != "play":  # the discard or swap said on the play's line
        return lines + turn_step(ctx, before, after, action)
    lines += [view.ok(f"{p} holds no cards: passes (CC-2)") for p in rules.passed_without_cards(before, after)]
    if after.phase != "over":
        lines.append(view.next_step(after))
    return lines


def turn_step(ctx, before, after, action):
    """A discard, swap or redraw: who made it, its log line, and what follows it."""
    return _then(f"{before.player} {view.narrate(before, action, after, after)[1]}", after)


def corrected(ctx, before, after, action):
    """A correction (G-1, CC-9): its log line, and what follows it."""
    return _then(view.narrate(before, action, after, after)[1], after)


def _then(told, after):
    lines = [view.ok(told)]
    if after.phase == "over":
        return lines
    if after.phase == "draw":
        lines.append(view.next_step(after))
        return lines
    lines.append(view.picture(after))
    lines.append(view.hands(after))
    lines.append(view.shown_status(after))
    return lines


def finished(ctx, before, after, action):
    """G-6: the end at once, or when it will come."""
    if after.phase == "over":
        return view.ok(view.narrate(before, action, after, after)[1])
    if after.variant == "jr":
        return [view.ok(f"the game ends when this round ends, after {after.players[-1]}'s turn (G-6)"),
                view.shown_jr_status(after)]
    return [view.ok(f"the game ends when {after.player}'s turn ends (G-6)"), view.next_step(after)]


def taken(ctx, before, after, action):
    """Jr: the piles with the cells taken marked, and the cards taken."""
    record = after.takes[-1]
    count = len(record.cards)
    lines = [view.jr_picture(after, taken=record.cells),
             view.ok(f"{before.player} takes {count} card{'s' if count != 1 else ''}: "
                     + " ".join(after.names.code(c) for c in record.cards))]
    if after.phase != "over":
        lines.append(view.shown_jr_status(after))
    return lines


def revealed(ctx, before, after, action):
    """Jr: the piles with their new top cards."""
    lines = [view.jr_picture(after)]
    lines.append(view.shown_jr_status(after) if after.phase != "over" else "")
    return [line for line in lines if line]
