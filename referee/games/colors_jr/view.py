"""How a Jr game looks: the nine piles (with their counts in digital mode), who is to
take, the cards taken, the end's table of takes against the biggest (CC-8).

The cards are drawn as the team game draws them (colors.view), so a box reads the same
whichever game is on the table.
"""

from referee.core import render
from referee.games.colors.view import card_text, fit, styled, ticked  # noqa: F401  the box's marks
from referee.games.colors_jr import lines as scribe
from referee.games.colors_jr import rules
from referee.games.colors_jr.state import SIZE, cell_name


def picture(state, taken=()):
    names = state.names
    lines = ["    " + "".join(f"  {c}      " for c in "abc")]
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            index = row * SIZE + col
            card = state.tops[index]
            text = card_text(names, card) if card is not None else "--"
            if state.mode == "digital":
                count = f"{len(state.piles[index]):>2}"
            else:
                count = "  "
            left, right = ("[", "]") if index in taken else (" ", " ")
            pad = " " * (3 - len(text))
            cells.append(left + styled(names, card, text) + right + pad + count + "  ")
        lines.append(f" {row + 1}  " + "".join(cells).rstrip())
    return "\n".join(lines)


def shown_status(state, width):
    return fit(status(state), width)


def status(state):
    if state.phase == "setup":
        return f"setup: {sum(1 for p in state.piles if p)}/9 top cards entered (`grid`)"
    if state.phase == "over":
        return "game over" + (" (ended early by the table, G-6)" if state.early else "")
    counts = ", ".join(f"{p} {n}" for p, n in zip(state.players, state.counts()))
    if state.phase == "reveal":
        where = " ".join(cell_name(c) for c in state.reveal)
        return f"new top cards of {where}? (`top CARDS`, `empty` for a pile gone); cards: {counts}"
    last = "; last round" if state.last_round else ""
    if state.ending:
        last = "; last round (the table ends the game, G-6)"
    return f"{state.player} to take; empty piles {state.gone}{last}; cards: {counts}"


def toolbar(state):
    """The toolbar's parts, most important first (the shell drops whole parts that do not fit)."""
    return status(state).split("; ")


def scoreboard(state):
    return ("player", "cards"), [(p, n) for p, n in zip(state.players, state.counts())]


def narrate(before, action, after, final):
    """(who, what) of an action in the log: its line in the game's own card names."""
    return action.get("by", ""), scribe.line(action, before)


def final(state, width=None):
    """The end, as the team game's (colors.view.final): why the game stopped, where the
    review is (`review`, on request: a take a row would scroll the scores away), then the
    cards taken and the winner, last, where the eye is when the game ends."""
    headers, rows = scoreboard(state)
    won = rules.winners(state)
    if state.early:
        over = "Game over: ended early by the table (G-6)."
    elif state.gone >= 2:
        over = f"Game over: {state.gone} piles are gone and the round is played out (CC-7)."
    else:
        over = "Game over."
    lines = [render.heading(fit(over, width))]
    if state.takes:
        count = len(state.takes)
        each = f"each of the {count} takes" if count > 1 else "the take"
        lines.append(fit(f"`review` compares {each} with the biggest there was (CC-8).", width))
    lines.append(render.table(headers, rows, width=width))
    if len(won) == 1:
        lines.append(render.ok(f"{won[0]} wins."))
    else:
        names = ", ".join(won[:-1]) + " and " + won[-1]  # Ann, Ben and Cy
        lines.append(render.ok(f"A tie: {names} share the victory."))
    return "\n".join(lines)


def review(state):
    """Per take: the pile and colour or shape named, the cards taken, and the most any
    take could have had then (CC-8)."""
    rows = [(i, state.players[t.seat], f"{cell_name(t.cell)} {state.names.value_name(t.side, t.value)}",
             len(t.cards), t.best) for i, t in enumerate(state.takes, start=1)]
    return render.table(("#", "player", "named", "took", "best"), rows)
