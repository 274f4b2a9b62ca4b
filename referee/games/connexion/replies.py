"""What the table is told after each ConneXion move: ``reply(ctx, before, after, action)``,
built from the states around the move and the action as journalled (core.play), never
from a second look at the rules. A move without a reply here is told its log line."""

from referee.core import render
from referee.games.connexion import cards, celestial, view


def _rows(lines):
    return sum(text.count("\n") + 1 for text in lines)


def placed(ctx, before, after, action):
    letter = cards.letters()[action["letter"]]
    done = render.ok(f"{letter.name} {letter.upper}{letter.lower} at position {action['position']}: {after.claimant}'s turn")
    status = view.fit(view.status(after), ctx.width)
    return [done, view.placed(after, reply_rows=_rows([done, status])), status]


def claimed(ctx, before, after, action):
    steps = action["path"]
    claim = after.claims[-1]
    outcome = [view.fit(f"{action['word'].upper()} = {view.spelled(steps)}", ctx.width),
               view.fit(claim_outcome(after, claim), ctx.width)]
    return [view.claimed(after, steps, reply_rows=_rows(outcome))] + outcome


def claim_outcome(state, claim, by_vote=False):
    if claim.status == "voting":
        return render.style(f"{claim.word.upper()} is {claim.verdict} ({claim.reason}); ", fg="yellow") + view.status(state)
    if claim.status == "refused":
        return render.refusal(f"{claim.word.upper()} refused by the table")
    why = "by a table vote" if by_vote or claim.verdict in ("rare", "unknown") else claim.reason
    text = f"{claim.player}: {claim.word.upper()} accepted ({why})"
    if claim.card:
        text += f", draws {claim.card} ({render.number(state.value_of(claim.card))})"
    if state.pending:
        return render.ok(text) + "\n" + view.status(state)
    if not claim.card and not state.pile:
        text += "; the pile is empty" + ("" if len(claim.word) >= celestial.PILFER_LETTERS else " and the word is under 4 letters: no card (CX-9)")
    return render.ok(text)


def drawn(ctx, before, after, action):
    name = action["card"]
    claim = after.claims[[i for i, c in enumerate(after.claims) if c.card == name][-1]]
    return render.ok(f"{claim.player} takes {name} ({render.number(after.value_of(name))}) for {claim.word.upper()}; {len(after.pile)} left in the pile")


def pilfered(ctx, before, after, action):
    if action.get("skip"):
        return render.ok("nothing pilfered")
    name = action["card"]
    return render.ok(f"{after.holder_of(name)} pilfers {name} ({render.number(after.value_of(name))}) from {action['from']}")


def contested(ctx, before, after, action):
    return view.status(after)


def voted(ctx, before, after, action):
    """The ballots counted: the open question while votes are missing, else how it was
    settled and what it decided."""
    asked = before.pending
    question = asked[1] if asked and asked[0] == "vote" else None
    if after.pending and after.pending[0] == "vote" and after.pending[1].question == (question.question if question else None):
        return after.pending[1].describe()
    lines = [asked[1].settled_line([tuple(b) for b in action["ballots"]])]
    subject = asked[1].subject
    if subject[0] in ("rare", "override", "contest"):
        claim = after.claims[subject[1]]
        if claim.status == "accepted":
            lines.append(claim_outcome(after, claim, by_vote=subject[0] != "contest"))
        elif claim.status == "struck":
            lines.append(render.refusal(f"{claim.word.upper()} is struck from the list; what it earned is given back"))
        else:
            lines.append(render.refusal(f"{claim.word.upper()} is not accepted"))
    elif after.phase != "over":
        lines.append(view.status(after))
    return lines


def bonus(ctx, before, after, action):
    if action["do"] == "start_bonus":
        return [view.diamond(after), view.status(after)]
    given = after.bonus
    flagged = "future tense flagged: 50 a word if the table agrees" if given.future else "not in the future tense: 25 a word"
    return [f"“{given.sentence}”: {len(given.words)} words from the list; {flagged}", view.status(after)]


def finished(ctx, before, after, action):
    return None  # the shell shows the final scores when a line ends the game
