"""What the table sees after a move: the play and its pairs, the picture around it, the
round's scores when it ended one, a vote's outcome in the words of the variant.

The commands (commands.py) read what was typed into an action and hand the states before
and after it here; nothing in this module changes the game or refuses anything.
"""

from referee.core import render
from referee.games.connections import view
from referee.games.connections.layout import cell_name


def after(state, lines, before=None, seat=None):
    """The picture around the latest play and the status line, under what was said.

    A line that ended a round says so with the round's scores instead of drawing a table
    that has just been cleared; at the game's end the last layout stays, above the result.
    """
    if before is not None and len(state.rounds) > len(before.rounds) and state.phase != "over":
        lines.append(round_result(state, before))
        if state.last is not None:
            lines.append("(`contest` may still challenge the play that ended it, CN-4)")
        lines.append(view.status(state))
        return lines
    last = state.last or {}
    own = (seat if seat is not None else last.get("seat")) if state.variant in ("quads", "rummy") else None
    lines.append(view.table_view(state, last.get("cell"), seat=own))
    lines.append(view.status(state))
    return lines


def play_lines(state, player, cell, card, pairs, arithmetic):
    text = f"{player} plays {'/'.join(card['words'])} ({card['points']}) at {cell_name(cell)}"
    lines = [render.ok(text)]
    if pairs:
        lines.append("  pairs: " + "; ".join(pairs))
    if arithmetic:
        lines.append(f"  score: {arithmetic}")
    return lines


def approval_news(before, state, seat):
    """CN-7: what a Quick Play or Quads play did beyond itself: a quad made, a player out."""
    if before.variant not in ("quick", "quads"):
        return []
    player = before.players[seat]
    lines = []
    quad = (state.last or {}).get("quad") if len(state.rounds) == len(before.rounds) else None
    made = len(state.quads[seat]) if quad is not None else None
    if len(state.rounds) > len(before.rounds) and before.variant == "quads":
        still = f"; `contest {player}` still objects to it (CN-7)" if state.phase != "over" else ""
        lines.append(render.ok(f"{player}'s fourth quad ends the round (CN-6){still}"))
    elif quad is not None:
        lines.append(render.ok(f"{player}'s quad at {cell_name(quad)} counts ({made} so far) unless someone "
                               "objects (CN-7)"))
    if state.emptied == seat and state.phase == "play" and state.votes:
        done = "is out" if before.variant == "quick" else "has four quads"
        lines.append(f"{player} {done}: the round ends once the open votes "
                     f"({', '.join(v.label for v in state.votes)}) are settled (CN-7)")
    elif before.variant == "quick" and state.phase == "count" and before.phase == "play":
        lines.append(f"{player} is out: the round is over (CN-6); `contest X,Y` may still object to "
                     "a play of it until a hand is entered (CN-7)")
    return lines


def vote_outcome(before, state, ballots, target):
    question = target
    for voter, yes in ballots:
        question = question.cast(voter, yes)
    carried = question.outcome()
    lines = [target.settled_line(ballots, stands="the play stands")]
    subject = question.subject
    player = before.players[subject[1]]
    ended = len(state.rounds) > len(before.rounds)
    if subject[0] == "quad":
        where = cell_name(subject[2])
        if carried and ended:  # the new round's areas are empty already
            lines.append(render.ok(f"{player}'s quad at {where} counts: the round is over (CN-6)"))
        elif carried:
            lines.append(render.ok(f"{player}'s quad at {where} counts: {len(state.quads[subject[1]])} so far"))
        else:
            lines.append(render.refusal(f"{player}'s quad at {where} does not count; rework it "
                                        f"(`{player}: take X,Y`) (CN-7)"))
    elif subject[0] == "play":
        where = cell_name(subject[2])
        if carried:
            lines.append(render.ok(f"{player}'s card at {where} stands"))
        else:
            drew = state.piles[0] < before.piles[0]
            lines.append(render.refusal(f"{player}'s card at {where} goes back to their hand"
                                        + (" and they draw one more card (CN-4)" if drew else
                                           "; the pile is empty, so no card is drawn (CN-4)")))
    elif carried:
        lines.append(render.ok(f"{player}'s play stands"))
    else:
        lines.append(render.refusal(overturned(before, player)))
    if state.phase == "over":
        return lines
    if before.emptied is not None and before.variant in ("quick", "quads") and state.phase == "play" \
            and not ended:
        out = before.players[before.emptied]
        if state.emptied is None:
            lines.append(f"{out} is back in the round: play goes on (CN-7)")
        elif state.votes:
            lines.append(f"{out} is out: the round ends once the open votes "
                         f"({', '.join(v.label for v in state.votes)}) are settled (CN-7)")
    if before.variant == "quick" and state.phase == "count" and before.phase == "play":
        lines.append(f"{before.players[state.emptied]} is out: the round is over (CN-6)")
    return after(state, lines, before, seat=subject[1] if subject[0] == "quad" else None)


def overturned(before, player):
    """What CN-4 did, in the words of the variant: only Classic and Endless plays score."""
    drew = before.before is not None and before.before.piles[0] > 0
    what = "run goes" if (before.last or {}).get("kind") == "run" else "card goes"
    text = f"{player}'s {what} back to their hand"
    text += ", its score is undone," if before.variant in ("classic", "endless") else ""
    if drew:
        return text + " and they draw one more card (CN-4)"
    return text + "; the pile is empty, so no card is drawn (CN-4)"


def round_result(state, before):
    scores = state.rounds[-1]
    parts = [f"{p} {s:+d}" if state.variant in ("classic", "rummy") else f"{p} {s}"
             for p, s in zip(state.players, scores)]
    return f"Round {before.round} scores: " + ", ".join(parts)
