"""What the table is told after each ConneXion move: ``reply(ctx, before, after, action)``,
built from the states around the move and the action as journalled (core.play), never
from a second look at the rules. A move without a reply here is told its log line.

Each reply is data (core.reply.Reply): its lines unfitted, one entry a screen line (a
picture split into its lines, so ``--json`` reads what the table read), the public
pictures it shows and the rule it cites; the shell fits it once at the screen's width.
Only the board takes the width, to leave room on a short screen for the lines under it.
"""

from referee.core import render
from referee.core.reply import Reply
from referee.games.connexion import cards, lines, values, view



def placed(ctx, before, after, action):
    letter = cards.letters()[action["letter"]]
    done = f"{letter.name} {letter.upper}{letter.lower} at position {action['position']}: {after.claimant}'s turn"
    status = view.status(after)
    board = view.placed(after, reply_rows=1 + view.rows((status,), ctx.width))  # the tick's line, then the status's
    return Reply.ok(done, *view.as_lines(board, status), pictures=("board",))


def claimed(ctx, before, after, action):
    """The board with the claim's path, the path spelled, the verdict. Not ``Reply.ok``:
    the tick of an accepted word is on its verdict's line, under the board (view.verdict)."""
    steps = action["path"]
    spelled = f"{action['word'].upper()} = {view.spelled(steps)}"
    verdict = view.verdict(after, after.claims[-1])
    board = view.claimed(after, steps, reply_rows=view.rows((spelled, *verdict), ctx.width))
    return Reply(public=view.as_lines(board, spelled, *verdict), pictures=("board",), rule=view.cited(verdict))


def drawn(ctx, before, after, action):
    """The card taken; a printed value typed is kept on this machine for later games, and
    one taken from there says so and how to correct it (issue 20 item 3)."""
    name = action["card"]
    claim = after.claims[[i for i, c in enumerate(after.claims) if c.card == name][-1]]
    value = render.number(after.value_of(name))
    said = [f"{claim.player} takes {name} ({value}) for {claim.word.upper()}; {len(after.pile)} left in the pile"]
    if action.value is not None and values.applies(ctx, after, name):
        if vars(ctx).get("value_recalled") == name:
            said.append(f"{name}'s {value} is the value this machine kept from an earlier game; "
                         f"`adjust value {name} N` if this card prints another")
        else:
            values.learn(name, action.value)
    return Reply.ok(*said)


def adjusted(ctx, before, after, action):
    """A correction; a value corrected is the one this machine keeps from now on (item 3)."""
    if action.what == "value" and values.applies(ctx, after, action.card):
        values.learn(action.card, action.value)
    return Reply.ok(lines.adjust(action))


def pilfered(ctx, before, after, action):
    if action.get("skip"):
        return Reply.ok("nothing pilfered")
    name = action["card"]
    return Reply.ok(f"{after.holder_of(name)} pilfers {name} ({render.number(after.value_of(name))}) from {action['from']}")


def contested(ctx, before, after, action):
    return Reply(public=(view.status(after),))


def voted(ctx, before, after, action):
    """The ballots counted: the open question while votes are missing, else how it was
    settled and what it decided."""
    asked = before.pending
    question = asked[1] if asked and asked[0] == "vote" else None
    if after.pending and after.pending[0] == "vote" and after.pending[1].question == (question.question if question else None):
        return Reply(public=view.as_lines(after.pending[1].describe()))
    lines = [asked[1].settled_line([tuple(b) for b in action["ballots"]])]
    subject = asked[1].subject
    if subject[0] in ("rare", "override", "contest"):
        claim = after.claims[subject[1]]
        if claim.status == "accepted":
            lines.extend(view.verdict(after, claim, by_vote=subject[0] != "contest"))
        elif claim.status == "struck":
            lines.append(render.refusal(f"{claim.word.upper()} is struck from the list; what it earned is given back"))
        else:
            lines.append(render.refusal(f"{claim.word.upper()} is not accepted"))
    elif after.phase != "over":
        lines.append(view.status(after))
    return Reply(public=view.as_lines(*lines), rule=view.cited(lines))


def bonus(ctx, before, after, action):
    if action["do"] == "start_bonus":
        return Reply(public=view.as_lines(view.diamond(after), view.status(after)), pictures=("board",))
    given = after.bonus
    flagged = "future tense flagged: 50 a word if the table agrees" if given.future else "not in the future tense: 25 a word"
    return Reply(public=(f"“{given.sentence}”: {len(given.words)} words from the list; {flagged}", view.status(after)))


def finished(ctx, before, after, action):
    return None  # the shell shows the final scores when a line ends the game
