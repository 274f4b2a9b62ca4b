"""What the table sees of a ConneXion game: the diamond, the scribe's list, the scores.

Views return text and never change the game. The diamond is drawn on the CX-1 grid of
half-card columns so the picture has the same touching cards as the rules: each card is
a box ``CELL`` wide, and a row is shifted half a box per missing card.
"""

from referee.core import render
from referee.core.timer import clock, totals
from referee.games.connexion import board as geometry
from referee.games.connexion import cards, lines
from referee.games.connexion.celestial import PILFER_LETTERS
from referee.games.connexion.state import winners

CELL = 10  # characters per card box; half a card is 5


def diamond(state, path=(), next_position=None, rows=None, names=True):
    """The board as rows of boxes: position and glyphs on one line, the name under it.

    ``rows`` (a range of diamond rows, 0-8) draws only those rows, in place. Without
    ``names`` a box is its one line (a screen too short for the whole board: `watch`).
    """
    letters = cards.letters()
    on_path = {}
    for step, (position, reading) in enumerate(path, start=1):
        on_path.setdefault(position, []).append(str(step))
    lines = []
    for row, size in enumerate(geometry.ROW_SIZES):
        if rows is not None and row not in rows:
            continue
        top, bottom = [], []
        positions = [p for p in geometry.POSITIONS if geometry.coords(p)[0] == row]
        indent = " " * ((5 - size) * CELL // 2)
        for p in positions:
            key = state.board[p - 1]
            if key == "sun":
                first, second = f"{p:>2} ☉", "sun"
            elif key:
                letter = letters[key]
                first, second = f"{p:>2} {letter.upper}{letter.lower}", letter.name
            else:
                first, second = f"{p:>2} ·", ""
            if p in on_path:  # the step numbers replace the name; the glyphs stay above
                steps = ",".join(on_path[p])
                second = ("step " + steps) if len(steps) <= CELL - 6 else steps
            first, second = first.ljust(CELL - 1)[: CELL - 1], second.center(CELL - 1)[: CELL - 1]
            if p in on_path:
                first, second = render.style(first, fg="yellow", bold=True), render.style(second, fg="yellow", bold=True)
            elif key is None and p == next_position:
                first = render.style(first, fg="cyan", bold=True)
            elif key is None:
                first = render.style(first, dim=True)
            top.append(first)
            bottom.append(second)
        lines.append(indent + " ".join(top))
        if names:
            lines.append(indent + " ".join(bottom))
    return "\n".join(line.rstrip() for line in lines)


def screen_rows():
    """The terminal's rows, or None when there is no screen to fit (a script, a pipe):
    $LINES if set, like render.terminal_width reads $COLUMNS."""
    import os
    import sys

    from referee.core.render import terminal_size

    try:
        if os.environ.get("LINES"):
            return int(os.environ["LINES"])
    except ValueError:
        pass
    if not sys.stdout.isatty():
        return None
    return terminal_size().lines


def claimed(state, path, reply_rows=2, rows=None):
    """The board after a claim: the whole diamond when it fits on the screen with the
    reply under it; on a short terminal (a phone is 20 rows) only the diamond's rows the
    path runs through, so the verdict is not pushed off the screen (`show` draws it all)."""
    rows = screen_rows() if rows is None else rows
    full = diamond(state, path=path)
    # the typed line above the board, the prompt and the toolbar below the reply
    if rows is None or full.count("\n") + 1 + reply_rows + 3 <= rows:
        return full
    touched = [geometry.coords(position)[0] for position, _reading in path]
    span = range(min(touched), max(touched) + 1) if touched else range(0)
    return diamond(state, path=path, rows=span) + "\n" + render.style("(the path's rows; `show` draws the board)", dim=True)


def placed(state, reply_rows=2, rows=None):
    """The board after a placement: the whole diamond when it fits with the reply; on a
    short terminal the rows filled so far and the next position's, as many as fit, the
    newest kept (the empty rows below tell a phone nothing)."""
    rows = screen_rows() if rows is None else rows
    full = diamond(state, next_position=state.next_position)
    if rows is None or full.count("\n") + 1 + reply_rows + 3 <= rows:
        return full
    newest = state.next_position or state.placed
    last = geometry.coords(newest)[0] if newest else 0
    room = max(1, (rows - reply_rows - 4) // 2)  # two lines a row, one for the note
    span = range(max(0, last - room + 1), last + 1)
    return (diamond(state, next_position=state.next_position, rows=span) + "\n"
            + render.style("(the rows in play; `show` draws the board)", dim=True))


def fit(text, width, margin=0):
    """``text`` with each line wider than ``width`` (the columns of the screen that asked,
    handed down by the caller: core.context's ``width``) broken between words, later lines
    indented; lines that fit, such as the diamond's, are kept exactly as they are. Without a
    width (a replayed session shown by `watch`, which fits the whole picture itself) the
    text is returned as it is."""
    return render.fit_lines(text, width - margin) if width else text


spelled = lines.spelled  # ``m(12) eta(13) ph(8)``: the readings of a path


def as_lines(*texts):
    """Each text's lines in order (a picture, a table or a verdict may span several): a
    reply's public lines, one a screen line, as ``--json`` gives them."""
    return tuple(line for text in texts for line in text.split("\n"))


def rows(texts, width=None):
    """The screen rows ``texts`` take once the shell fits them to ``width`` columns (None:
    as they are), so a board drawn above them leaves them room on a short screen."""
    return sum(fit(text, width).count("\n") + 1 for text in texts)


def verdict(state, claim, by_vote=False):
    """The lines saying what became of a claim: put to the vote, refused, or accepted with
    what it drew (then what the game waits for, if anything). An accepted word's line
    carries the tick: it comes under the board and the path in a claim's reply, and
    under the tally in a vote's, never first, where Reply.ok would put it."""
    if claim.status == "voting":
        return (render.style(f"{claim.word.upper()} is {claim.verdict} ({claim.reason}); ", fg="yellow") + status(state),)
    if claim.status == "refused":
        return (render.refusal(f"{claim.word.upper()} refused by the table"),)
    why = "by a table vote" if by_vote or claim.verdict in ("rare", "unknown") else claim.reason
    text = f"{claim.player}: {claim.word.upper()} accepted ({why})"
    if claim.card:
        text += f", draws {claim.card} ({render.number(state.value_of(claim.card))})"
    if state.pending:
        return render.ok(text), status(state)
    if not claim.card and not state.pile:
        text += "; the pile is empty" + ("" if len(claim.word) >= PILFER_LETTERS else " and the word is under 4 letters: no card (CX-9)")
    return (render.ok(text),)


def cited(texts):
    """The rule the lines of a reply cite, "(CX-9)" at the end of a clause, or None."""
    import re

    found = re.search(r"\(((?:CX|G)-\d+)\)", " ".join(texts))
    return found.group(1) if found else None


def status(state):
    if state.phase == "over":
        return "The game is over."
    if state.pending:
        kind = state.pending[0]
        if kind == "card":
            claim = state.claims[state.pending[1]]
            return f"Waiting for the celestial card {claim.player} drew for {claim.word.upper()}: card NAME [VALUE]"
        if kind == "pilfer":
            claim = state.claims[state.pending[1]]
            return f"{claim.player} may pilfer a card: pilfer PLAYER CARD (or pilfer none)"
        return "Vote: " + state.pending[1].describe() + "  (vote PLAYER yes|no, or vote all yes)"
    if state.phase == "bonus":
        return f"Bonus round: {state.sun_holder} holds the sun; type the sentence (`words` lists the scribe's words)"
    parts = []
    if state.claimant:
        parts.append(f"{state.claimant}'s turn to claim words")
    if state.next_position:
        parts.append(f"next: position {state.next_position}, placed by {state.placer}")
    else:
        parts.append("all 24 placed: `bonus SENTENCE` (sun holder) or `finish`")
    return "; ".join(parts)


def scoreboard(state):
    """Cards, card points, the bonus sentence and the total; `adjust points` corrections in
    a column of their own (shown once there is one), so a bonus is never confused with a fix."""
    adjusted = any(who in state.players for who, _points in state.extra)
    rows = []
    for player in state.players:
        held = ", ".join(f"{name} {render.number(state.value_of(name))}" for name in state.held_by(player)) or "-"
        card_points, bonus, adjust = state.points(player)
        row = (player, held, render.number(card_points), render.number(bonus))
        if adjusted:
            row += (f"{adjust:+g}" if adjust else "0",)
        rows.append(row + (render.number(state.total(player)),))
    headers = ("player", "cards", "card points", "bonus") + (("adjusted",) if adjusted else ()) + ("total",)
    return headers, rows


def words_by_player(state):
    rows = []
    for player in state.players:
        mine = [c.word.upper() for c in state.claims if c.player == player and c.status == "accepted"]
        rows.append((player, len(mine), " ".join(mine) or "-"))
    return render.table(("player", "words", "scribe's list"), rows)


def clocks(events, state):
    """Time each player spent on their turns: from their placement to the next one."""
    turns = [(e.get("by"), e.get("at")) for e in events if e.get("do") == "place"]
    end = state.ended_at or (events[-1].get("at") if events else None)
    spent = totals(turns, state.players, end)
    return {p: clock(s) for p, s in spent.items()}


def final(state, events, width=None):
    headers, rows = scoreboard(state)
    times = clocks(events, state)
    rows = [row + (times[row[0]],) for row in rows]
    text = [render.heading("Final scores"), render.table(headers + ("turn time",), rows, width=width)]
    if state.bonus:
        b = state.bonus
        verdict = f"+{b.points}" if b.status == "grammatical" else "refused"
        tense = "future tense, 50 a word" if b.future else "25 a word"
        text.append(fit(f"Bonus sentence by {b.player}: “{b.sentence}” ({len(b.words)} words, {tense}): {verdict}", width))
    if state.early:
        when = f"after {state.placed} of 24 placements" if state.placed < 24 else "before the bonus sentence"
        text.append(fit(f"The table ended the game early, {when}: the scores as they stood decide (G-6).", width))
    won = winners(state)
    text.append(render.heading(("Winner: " if len(won) == 1 else "Shared win: ") + ", ".join(won)))
    return "\n".join(text)


def narrate(before, action, after, final):
    """(who, what) of an action for the record, from the states around it: who raised a
    contest and its question, a vote's tally and what it decided, who laid the sun and
    made the bonus sentence, and a word the table struck later reads as struck (issue 12)."""
    who, what = action.get("by") or "", lines.describe(action)
    kind = action.get("do")
    if kind in ("claim", "contest"):
        what = _claim_told(before, action, after, final, what)
    opened = _open_vote(after)
    if kind in ("claim", "contest", "bonus") and opened is not None and opened is not _open_vote(before):
        what += f"; vote: {opened.question}"
    if kind == "vote":
        who, what = "table", _vote_line(_open_vote(before), action)
    if kind == "start_bonus":
        who = who or before.sun_holder or ""
    if kind == "bonus" and after.bonus is not None:
        who = who or after.bonus.player
    return who, what


def _claim_told(before, action, after, final, what):
    """A claim's or contest's line for the record: what became of the word it made (struck
    or refused later by the table), and a contest of an accepted word names it."""
    kind = action.get("do")
    if len(after.claims) > len(before.claims):
        index = len(after.claims) - 1
        later = final.claims[index].status if index < len(final.claims) else None
        if later == "struck":
            what += "; later struck by the table's vote (G-4)"
        elif later == "refused" and kind == "claim":
            what += "; refused by the table's vote"
    if kind == "contest" and not action.get("word") and before.claims:
        last = before.claims[-1]
        what = f"contests {last.word.upper()}, {last.player}'s word"
    return what


def _open_vote(state):
    return state.open_vote()


_DECIDED = {  # what a settled vote did, by its subject: (carried, refused)
    "contest": ("{word} stands", "{word} is struck"),
    "rare": ("{word} is accepted", "{word} is refused"),
    "override": ("{word} is let in", "{word} stays out"),
    "grammar": ("the sentence is grammatical", "the sentence is not grammatical: no bonus"),
    "tense": ("future tense: 50 a word", "not future tense: 25 a word"),
}


def _vote_line(vote, action):
    """The ballots, then (once everyone has voted) the question, tally and outcome."""
    ballots = [tuple(b) for b in action.get("ballots", ())]
    said = "votes: " + ", ".join(f"{v} {'yes' if y else 'no'}" for v, y in ballots)
    if vote is None:
        return said
    cast = vote
    for voter, yes in ballots:
        cast = cast.cast(voter, yes)
    outcome = cast.outcome()
    if outcome is None:
        return f"{said}; waiting for {', '.join(cast.missing)}"
    said = f"{said}; {vote.settled_line(ballots)}"
    subject = vote.subject or ()
    pair = _DECIDED.get(subject[0] if subject else None)
    if pair:
        word = _word_of(vote)
        said += "; " + pair[0 if outcome else 1].format(word=word)
    return said + (f"; the word draws {action['draws']}" if action.get("draws") else "")


def _word_of(vote):
    import re

    found = re.search(r"\b([A-Z][A-Z'-]*)\b(?= (?:a word|stand|come))", vote.question)
    return found.group(1) if found else "the word"
