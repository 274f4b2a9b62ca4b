"""What the table sees after a move: the play and its pairs, the picture around it, the
round's scores when it ended one, a vote's outcome in the words of the variant.

Each move's reply (``x_reply(ctx, before, state, action)``, declared on the move in
moves.py) is told the states before and after the action as journalled; nothing in this
module changes the game or refuses anything. A reply is data (a core.reply.Reply: its
lines, unfitted, an accepted move's tick, the pictures it draws): the picture in it is
drawn for ``ctx.width`` columns, and the shell fits the lines once, after, the game's way
(Connections.fit: never inside a cell such as 0,1).

A line within a reply that says how something was settled (a quad that counts, a card
that goes back) carries its own mark (view.settled): the tick of the reply's tone is its
first line's alone.
"""

from referee.core.reply import Reply
from referee.games.connections import lines as lines_of
from referee.games.connections import view
from referee.games.connections.contests import question
from referee.games.connections.layout import cell_name
from referee.games.connections.state import TURNS, deal_size


def after(state, lines, width, before=None, seat=None, tone="ok", rule=None):
    """The reply: what was said (``lines``), then the picture around the latest play and
    the status line.

    A line that ended a round says so with the round's scores instead of drawing a table
    that has just been cleared; at the game's end the last layout stays, above the result.
    """
    if before is not None and len(state.rounds) > len(before.rounds) and state.phase != "over":
        lines.append(round_result(state, before))
        if state.last is not None:
            lines.append("(`contest` may still challenge the play that ended it, CN-4)")
        lines.append(view.status(state))
        return Reply(public=lines, tone=tone, rule=rule, pictures=("scores",))
    last = state.last or {}
    own = (seat if seat is not None else last.get("seat")) if state.variant in ("quads", "rummy") else None
    lines += view.table_view(state, last.get("cell"), seat=own, width=width).split("\n")  # a line a row
    lines.append(view.status(state))
    return Reply(public=lines, tone=tone, rule=rule, pictures=("board",))


def _with_status(state, lines, before=None, rule=None):
    """An accepted move's reply that draws no table: what was said, the round's scores
    when the move ended one, then the status line."""
    ended = before is not None and len(state.rounds) > len(before.rounds)
    return Reply.ok(*lines, view.status(state), rule=rule, pictures=("scores",) if ended else ())


def play_lines(state, player, cell, card, pairs, arithmetic):
    text = f"{player} plays {'/'.join(card['words'])} ({card['points']}) at {cell_name(cell)}"
    lines = [text]
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
    return _quad_news(before, state, seat, player) + _out_news(before, state, seat, player)


def _quad_news(before, state, seat, player):
    """Quads: the fourth quad that ended the round, or the quad that counts unless objected to."""
    quad = (state.last or {}).get("quad") if len(state.rounds) == len(before.rounds) else None
    if len(state.rounds) > len(before.rounds) and before.variant == "quads":
        still = f"; `contest {player}` still objects to it (CN-7)" if state.phase != "over" else ""
        return [view.settled(f"{player}'s fourth quad ends the round (CN-6){still}")]
    if quad is not None:
        return [view.settled(f"{player}'s quad at {cell_name(quad)} counts ({len(state.quads[seat])} so far) unless "
                             "someone objects (CN-7)")]
    return []


def _out_news(before, state, seat, player):
    """The player out: the round ends once the open votes are settled, or now (Quick Play)."""
    if state.emptied == seat and state.phase == "play" and state.votes:
        done = "is out" if before.variant == "quick" else "has four quads"
        return [f"{player} {done}: the round ends once the open votes "
                f"({', '.join(v.label for v in state.votes)}) are settled (CN-7)"]
    if before.variant == "quick" and state.phase == "count" and before.phase == "play":
        return [f"{player} is out: the round is over (CN-6); `contest X,Y` may still object to "
                "a play of it until a hand is entered (CN-7)"]
    return []


def vote_outcome(before, state, ballots, target, width):
    cast = target
    for voter, yes in ballots:
        cast = cast.cast(voter, yes)
    subject = cast.subject
    ended = len(state.rounds) > len(before.rounds)
    lines = [target.settled_line(ballots, stands="the play stands"),
             _verdict(before, state, subject, cast.outcome(), ended)]
    if state.phase == "over":
        return Reply(public=lines, rule="G-4")
    lines += _round_news(before, state, ended)
    return after(state, lines, width, before, seat=subject[1] if subject[0] == "quad" else None, tone=None,
                 rule="G-4")


def _verdict(before, state, subject, carried, ended):
    """What the vote did to the card, the quad or the play it was about."""
    player = before.players[subject[1]]
    if subject[0] == "quad":
        where = cell_name(subject[2])
        if carried and ended:  # the new round's areas are empty already
            return view.settled(f"{player}'s quad at {where} counts: the round is over (CN-6)")
        if carried:
            return view.settled(f"{player}'s quad at {where} counts: {len(state.quads[subject[1]])} so far")
        return view.settled(f"{player}'s quad at {where} does not count; rework it "
                            f"(`{player}: take X,Y`) (CN-7)", stands=False)
    if subject[0] == "play":
        where = cell_name(subject[2])
        if carried:
            return view.settled(f"{player}'s card at {where} stands")
        drew = state.piles[0] < before.piles[0]
        return view.settled(f"{player}'s card at {where} goes back to their hand"
                            + (" and they draw one more card (CN-4)" if drew else
                               "; the pile is empty, so no card is drawn (CN-4)"), stands=False)
    if carried:
        return view.settled(f"{player}'s play stands")
    return view.settled(overturned(before, player), stands=False)


def _round_news(before, state, ended):
    """CN-7: whether the player who went out is still out once a vote is settled."""
    lines = []
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
    return lines


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


# -- each move's reply (moves.py declares them) --------------------------------------------


def _seat(before, action):
    """The seat that made a play: the player to act where the variant has turns, else who said so."""
    if before.variant in TURNS and before.turn is not None:
        return before.turn
    return before.seat(action["by"])


def start_reply(ctx, before, state, action):
    card = action["card"]
    lines = [f"starter card {'/'.join(card['words'])} ({card['points']}) at 0,0"]
    if state.variant != "solitaire":
        lines[0] += f"; {deal_size(state.variant, len(state.players))} cards dealt to each player"
    return after(state, lines, ctx.width)


def play_reply(ctx, before, state, action):
    seat = _seat(before, action)
    player = before.players[seat]
    lines = play_lines(state, player, tuple(action["cell"]), action["card"], action["pairs"],
                       action.get("arithmetic"))
    if action.get("late"):
        lines.append("  played after the turn time ran out; the table allowed it (G-5)")
    if _last_turns_begin(state, seat):
        lines.append(f"{player}'s hand is empty: everyone else takes one more turn (CN-6)")
    lines += approval_news(before, state, seat)
    return after(state, lines, ctx.width, before)


def _last_turns_begin(state, seat):
    """Classic: the play emptied its player's hand, so everyone else takes one more turn (CN-6)."""
    return state.variant == "classic" and state.owed is not None and state.emptied == seat \
        and state.phase == "play" and state.hands[seat] == 0 and len(state.owed) == len(state.players) - 1


def draw_reply(ctx, before, state, action):
    who = action.get("by") or state.current
    where = f" from pile {action['pile']}" if "pile" in action else ""
    return _with_status(state, [f"{who} draws a card{where}; holds {state.hands[state.seat(who)]}"])


def pass_reply(ctx, before, state, action):
    lines = [f"{before.current} passes"]
    if state.phase == "count" and before.phase == "play":
        lines.append("The round is over (CN-6).")
    if len(state.rounds) > len(before.rounds) and state.phase != "over":
        lines.append(round_result(state, before))
    return _with_status(state, lines, before)


def contest_reply(ctx, before, state, action):
    if state.vote is not None:
        return Reply(public=(state.vote.describe(),
                             "Vote with `vote PLAYER yes|no` (or `vote all yes`); yes keeps the play."), rule="CN-4")
    opened = state.votes[-1]
    rule = "all must accept" if opened.unanimous else "a strict majority decides"
    meanwhile = "The round ends once it is settled." if state.emptied is not None else "Play goes on meanwhile."
    return Reply(public=(opened.describe(),
                         f"Vote with `vote {opened.label} PLAYER yes|no` (or `vote {opened.label} all yes`); "
                         f"{rule} (CN-7). {meanwhile}"), rule="CN-7")


def vote_reply(ctx, before, state, action):
    """The vote as it stands while ballots are awaited; once settled (its ``tally`` in the
    log), what it did."""
    _base, target = question(before, action)
    if "tally" not in action:
        current = state.vote if state.vote is not None else next(v for v in state.votes if v.label == target.label)
        return Reply(public=(current.describe(),), rule="G-4")
    return vote_outcome(before, state, [tuple(b) for b in action["ballots"]], target, ctx.width)


def hand_reply(ctx, before, state, action):
    player = action["player"]
    held = before.hands[before.seat(player)]
    if "total" in action:
        left = f"{held} card{'s' if held != 1 else ''} worth {action['total']}"
    else:
        numbers = action["points"]
        left = f"{' + '.join(str(v) for v in numbers) or 'nothing'} = {sum(numbers)}"
    lines = [f"{player} has {left} left in hand"]
    if len(state.rounds) > len(before.rounds):
        lines.append(round_result(state, before))
        if state.phase == "over":  # the final scores follow
            return Reply.ok(*lines, pictures=("scores",))
    return _with_status(state, lines, before)


def round_reply(ctx, before, state, action):
    lines = [f"round {before.round} closed"]
    if state.phase == "over":  # the final scores follow (and Solitaire's web)
        return Reply.ok(*lines)
    if len(state.rounds) > len(before.rounds):
        lines.append(round_result(state, before))
    return _with_status(state, lines, before)


def finish_reply(ctx, before, state, action):
    if state.phase == "over":
        ended = _ended_mid_round(before)  # then the shell shows the final scores
        return Reply.ok(ended, rule="G-6") if ended else None
    lines = ["the game ends after this round (G-6)"]
    if state.phase == "count" and before.phase == "play":
        lines.append(f"Round {before.round} is closed now: enter the hands left, then the game is over.")
    return _with_status(state, lines, rule="G-6")


def _ended_mid_round(before):
    """What a `finish` that ended the game at once did to the round under way, which the
    final scores below it do not say (issue 20 item 17): a Quick Play round cut short
    scores nothing, a Quads round counts the quads made, and Endless and Solitaire end
    where the table says the space ran out (CN-8). None between rounds and in the count,
    where the scores say all there is."""
    if before.phase != "play":
        return None
    undo = "; `undo` takes it back"
    if before.variant == "quick":
        return (f"the table ends the game (G-6): round {before.round} is cut short and scores nothing, since "
                f"nobody went out (CN-6){undo}")
    if before.variant == "quads":
        return f"the table ends the game (G-6): round {before.round} is closed with the quads made (CN-6){undo}"
    if before.variant in ("endless", "solitaire"):
        return f"the table says the space ran out: the game is over (CN-8){undo}"
    return None


def take_reply(ctx, before, state, action):
    return _with_status(state, [f"{action.get('by')} takes back the card at {cell_name(action['cell'])}"])


def return_reply(ctx, before, state, action):
    return _with_status(state, [f"{action.get('by')} returns a card to pile {action['pile']}"])


def run_reply(ctx, before, state, action):
    cards = action["cards"]
    pairs = [f"{a['words'][1]} ↔ {b['words'][3]}" for a, b in zip(cards, cards[1:])]
    lines = [f"{before.current} lays a run of {len(cards)}: " + "; ".join(pairs)]
    return after(state, lines, ctx.width, before)


def extend_reply(ctx, before, state, action):
    pair = (state.last or {}).get("pairs") or ()
    lines = [f"run {action['run']} grows at its {action['end']} end" + (": " + "; ".join(pair) if pair else "")]
    return after(state, lines, ctx.width, before)


def steal_reply(ctx, before, state, action):
    return _with_status(state, [f"{state.current} steals the {action['end']} end of {action['from']}'s run "
                                f"{action['run']}"])


def adjust_reply(ctx, before, state, action):
    lines = [lines_of.adjust(action)]
    if state.phase == "over":
        return Reply.ok(*lines, rule="G-1")  # the shell shows the final scores
    if len(state.rounds) > len(before.rounds):
        lines.append(round_result(state, before))
    elif state.phase == "count" and before.phase == "play":
        lines.append("The round is over (CN-6).")
    elif state.owed is not None and before.owed is None:
        lines.append(f"{action['player']}'s hand is empty: everyone else takes one more turn (CN-6)")
    return _with_status(state, lines, before, rule="G-1")
