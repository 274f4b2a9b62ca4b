"""What the table sees: the layout as a picture, the status line, the scoreboard, the log.

The picture draws each card as a box at its grid place, north up, with its four words
on the sides they lie on and its coordinates and points in the top border, so players
can hold the screen against the table and type the cells they see. Five boxes fit an
80-column terminal (three a 50-column phone), so the usual view is a window around the
latest play; `show all` draws everything. Views return text and never change the game,
and never ask the terminal its width: their caller says it (``width``, the columns of the
screen the text is for: core.context's ``ctx.width`` for a command, the shell's, a phone's).
"""

import re

from referee.core import render
from referee.core.timer import clock
from referee.games.connections import layout
from referee.games.connections.layout import cell_name
from referee.games.connections.rounds import winners

INNER = 14  # characters inside a box; a box is 16 wide, five to 80 columns
WIDE = INNER + 2
WINDOW_COLUMNS, WINDOW_ROWS = 5, 4
# The columns a picture is drawn for when its caller says none: core.watch hands Game.show
# and Game.summary a replayed session, which knows no screen (it fits their lines itself).
WIDTH = 80


def columns(width):
    """Boxes side by side: five in 80 columns, three on a 50-column phone, never a wrapped row."""
    return max(1, min(WINDOW_COLUMNS, width // WIDE))


def _fit(word, width=INNER):
    return word if len(word) <= width else word[: width - 1] + "…"


def box(cell, card, label=None):
    """Six lines of WIDE characters: coordinates (or ``label``) and points on top, then north, west, east, south."""
    north, east, south, west = (_fit(w) for w in card.words)
    label = f" {label or cell_name(cell)} "
    points = f" {card.points} "
    top = "┌" + label + "─" * (INNER - len(label) - len(points)) + points + "┐"
    return [top, "│" + north.center(INNER) + "│", "│" + west.ljust(INNER) + "│", "│" + east.rjust(INNER) + "│",
            "│" + south.center(INNER) + "│", "└" + "─" * INNER + "┘"]


def _empty(cell, opening):
    blank = [" " * WIDE] * 6
    if opening:
        blank = list(blank)
        blank[2] = ("· " + cell_name(cell)).center(WIDE)
    return blank


def fit(text, width=WIDTH):
    """``text`` with each line wider than ``width`` broken between words (after a slash
    or comma at worst), later lines indented: a phone is 50 columns, and a line the
    terminal breaks for us splits a word in two. Lines that fit, the boxes of the
    layout among them, are kept exactly as they are."""
    out = []
    for line in str(text).split("\n"):
        if render.visible(line) <= width:
            out.append(line)
        else:
            first, *rest = render.wrap_line(_COORD_COMMA.sub(_KEEP, line), width, width - 2)
            out += [part.replace(_KEEP, ",") for part in [first] + ["  " + part for part in rest]]
    return "\n".join(out)


# A cell such as 0,0 or -1,2 is one thing a player types: the line is never broken after
# its comma (`at 0,` / `0`), so the comma stands in as a character wrap_line keeps whole.
_COORD_COMMA = re.compile(r"(?<=\d),(?=[-+]?\d)")
_KEEP = "\ue000"


def settled(text, stands=True):
    """A line within a reply saying how something was settled (a quad that counts, a card
    that goes back after a vote): ticked when it stands, crossed when it does not. The
    reply's own tick is its first line's; this one marks a later line, and a vote's
    outcome whose first line is the tally."""
    return render.ok(text) if stands else render.refusal(text)


def bounds(cells):
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    return min(xs), max(xs), min(ys), max(ys)


def window(cells, centre, width=WIDTH):
    """The columns and rows around ``centre`` that fit ``width``, shrunk to the layout and its openings."""
    low_x, high_x, low_y, high_y = bounds(cells)
    low_x, high_x, low_y, high_y = low_x - 1, high_x + 1, low_y - 1, high_y + 1
    cx, cy = centre
    wide = columns(width)
    x0 = max(low_x, min(cx - wide // 2, high_x - wide + 1))
    y1 = min(high_y, max(cy + WINDOW_ROWS // 2, low_y + WINDOW_ROWS - 1))
    return (x0, min(high_x, x0 + wide - 1)), (max(low_y, y1 - WINDOW_ROWS + 1), y1)


def picture(cells, latest=None, everything=False, width=WIDTH):
    """The layout drawn as boxes; a window around ``latest`` unless ``everything``.

    The whole layout may be wider than the terminal: it is then drawn in bands of as many
    columns as fit, west to east, one under the other, each headed by its columns, since
    a row of boxes the terminal (or our own fitting) breaks is no picture at all."""
    if not cells:
        return "The table is empty."
    if everything:
        low_x, high_x, low_y, high_y = bounds(cells)
        xs, ys = (low_x - 1, high_x + 1), (low_y - 1, high_y + 1)
    else:
        xs, ys = window(cells, latest if latest in cells else (0, 0), width)
    wide = columns(width)
    bands = [(x, min(x + wide - 1, xs[1])) for x in range(xs[0], xs[1] + 1, wide)]
    lines = []
    for band in bands:
        if len(bands) > 1:
            lines.append(f"columns x {band[0]}..{band[1]}:")
        lines += _rows(cells, band, ys, latest)
    return _noted(cells, xs, ys, lines)


def _rows(cells, xs, ys, latest):
    """The lines of the boxes in columns ``xs`` and rows ``ys``, blank rows at the ends left out."""
    openings = layout.openings(cells)
    lines = []
    for y in range(ys[1], ys[0] - 1, -1):
        row = [[] for _ in range(6)]
        for x in range(xs[0], xs[1] + 1):
            for i, line in enumerate(_drawn(cells, (x, y), openings, latest)):
                row[i].append(line)
        if not any((x, y) in cells for x in range(xs[0], xs[1] + 1)):
            row = [row[2]]  # a row of openings only: one line of cell names
        lines.extend("".join(parts).rstrip() for parts in row)
    return _trimmed(lines)


def _drawn(cells, cell, openings, latest):
    """The six lines of one place: its card (the latest play in bold yellow), else an opening dimmed or blank."""
    card = cells.get(cell)
    if card is None:
        return [render.style(line, dim=True) if line.strip() else line for line in _empty(cell, cell in openings)]
    drawn = box(cell, card)
    return [render.style(line, fg="yellow", bold=True) for line in drawn] if cell == latest else drawn


def _trimmed(lines):
    """``lines`` without the blank lines at either end."""
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    return lines


def _noted(cells, xs, ys, lines):
    low_x, high_x, low_y, high_y = bounds(cells)
    shown = xs[0] <= low_x and xs[1] >= high_x and ys[0] <= low_y and ys[1] >= high_y
    note = _size(cells)
    if not shown:
        note += f"; showing x {xs[0]}..{xs[1]}, y {ys[1]}..{ys[0]} (`show all` for everything, `show X,Y` elsewhere)"
    return "\n".join(lines + [note])


def runs_picture(state, seat, width=WIDTH):
    runs = state.runs[seat]
    player = state.players[seat]
    if not runs:
        return f"{player}: no runs yet"
    out = [f"{player}: {len(runs)} run{'s' if len(runs) != 1 else ''}, {state.run_points(seat)} points"]
    for number, cards in enumerate(runs, start=1):
        out.append(f"run {number} ({len(cards)} cards, {sum(c.points for c in cards)} points), west to east:")
        wide = columns(width)
        for start in range(0, len(cards), wide):
            chunk = cards[start: start + wide]
            # a run has no cells to type: each box says its place in the run, west to east
            boxes = [box(None, card, label=f"#{start + i + 1}") for i, card in enumerate(chunk)]
            for i in range(6):
                out.append("".join(b[i] for b in boxes))
    return "\n".join(out)


def table_view(state, latest=None, everything=False, focus=None, seat=None, width=WIDTH):
    """Everything on the table: the shared layout, each Quads area (or ``seat``'s), or each Rummy player's runs."""
    if state.variant == "rummy":
        seats = [seat] if seat is not None else range(len(state.players))
        return "\n".join(runs_picture(state, s, width) for s in seats)
    if state.variant == "quads":
        parts = []
        seats = range(len(state.players))
        if seat is not None:
            seats = [seat]
        for seat in seats:
            player = state.players[seat]
            quads = len(state.quads[seat])
            parts.append(render.heading(f"{player}'s area: {quads} quad{'s' if quads != 1 else ''}"))
            mine = state.last and state.last.get("seat") == seat
            parts.append(picture(state.areas[seat], (latest if mine else None) or _newest(state.areas[seat]),
                                 everything, width))
        return "\n".join(parts)
    return picture(state.cells, focus or latest or (state.last or {}).get("cell"), everything, width)


def shown(state, focus=None, everything=False, width=WIDTH):
    """What `show` draws for a screen ``width`` columns wide: the table (a window around
    the latest play or around ``focus``, or everything) and the status line under it,
    broken for that screen as a picture is drawn for it; before the first starter card,
    the status line alone. Text, not a reply: `undo` and `redo` (core.builtins) draw the
    table they are back to with this same command, and join its text to theirs."""
    if state.phase == "start" and not state.cells and not everything:
        return fit(status(state), width)
    return fit("\n".join([table_view(state, everything=everything, focus=focus, width=width), status(state)]), width)


def _newest(cells):
    return next(reversed(cells), None) if cells else None


def _size(cells):
    links = layout.connections(cells)
    return f"{len(cells)} card{'s' if len(cells) != 1 else ''}, {links} connection{'s' if links != 1 else ''}"


def web(state):
    return f"The web: {_size(state.cells)}."


def status(state):
    """One line: the round, who acts, what is awaited."""
    if state.phase == "over":
        return _over(state)
    rounds = f" of {state.max_rounds}" if state.max_rounds and state.max_rounds > 1 else ""
    head = f"{state.title}, round {state.round}{rounds}"
    if state.vote is not None:
        return f"{head}: vote open: {state.vote.describe()}"
    if state.phase == "start":
        return f"{head}: lay the starter card at 0,0: `start NORTH/EAST/SOUTH/WEST POINTS`"
    if state.phase == "count":
        return _counting(state, head)
    if state.variant == "solitaire":
        return f"{head}: {web(state)} Pile {state.piles[0]}."
    parts = [head] + _acting(state)
    if state.votes:
        parts.append("votes open on " + ", ".join(v.label for v in state.votes))
    parts.append("hands " + " ".join(f"{p} {h}" for p, h in zip(state.players, state.hands)))
    if len(state.piles) > 1:
        parts.append("piles " + " ".join(str(p) for p in state.piles))
    else:
        parts.append(f"pile {state.piles[0]}")
    return "; ".join(parts)


def _over(state):
    if state.variant == "solitaire":
        return "Game over. " + web(state)
    won = winners(state)
    return f"Game over: {', '.join(won)} win{'s' if len(won) == 1 else ''}."


def _counting(state, head):
    """The round is over: whose points left in hand are awaited."""
    waiting = ", ".join(f"{p} ({state.hands[i]} card{'s' if state.hands[i] != 1 else ''})"
                        for i, p in enumerate(state.players) if i not in state.counted)
    then = "; then the game ends (G-6)" if state.finishing else ""
    return f"{head} is over: points left in hand for {waiting}: `hand PLAYER POINTS...` or a total{then}"


def _acting(state):
    """Who acts now: the player to act and what their turn is at (and who is owed a last
    turn), the player out while the votes are settled, or anyone."""
    if state.turn is not None:
        doing = {"rummy": "draws, then runs or extends, then passes"}.get(state.variant, "plays")
        if state.drew:
            doing = "has drawn: play or pass" if state.variant != "rummy" else "has drawn: run, extend, steal or pass"
        parts = [f"{state.current} {doing}"]
        if state.owed:
            parts.append(f"last turns: {', '.join(state.players[s] for s in state.owed)}")
        return parts
    if state.emptied is not None and state.variant in ("quick", "quads"):
        done = "is out" if state.variant == "quick" else "has four quads"
        return [f"{state.players[state.emptied]} {done}: the round ends once the votes are settled"]
    return ["anyone plays"]


def scoreboard(state):
    if state.variant == "solitaire":
        return ("player", "cards", "connections"), [(state.players[0], len(state.cells),
                                                     layout.connections(state.cells))]
    headers = ["player"] + [f"R{i}" for i in range(1, len(state.rounds) + 1)]
    running = state.phase in ("play", "count")
    if running:
        headers.append(f"R{state.round} so far")
    headers.append("total")
    rows = []
    for seat, player in enumerate(state.players):
        row = [player] + [scores[seat] for scores in state.rounds]
        if running:
            row.append(state.running(seat))
        row.append(state.total(player))
        rows.append(row)
    return headers, rows


def final(state, events, width=WIDTH):
    return fit(_final(state, events), width)


def _final(state, events):
    headers, rows = scoreboard(state)
    lines = [render.heading("Final scores"), render.table(headers, rows)]
    times = [e.get("at") for e in events if isinstance(e.get("at"), (int, float))]
    if len(times) > 1:  # above the winner, which is the last line read (issue 20 item 8)
        lines.append(f"Played in {clock(times[-1] - times[0])}.")
    if state.variant == "solitaire":
        lines.append(web(state))
    else:
        won = winners(state)
        if state.early:
            played = len(state.rounds)
            of = f" of {state.max_rounds}" if state.max_rounds else ""
            lines.append(f"The table ended the game early, after {played} round{'s' if played != 1 else ''}{of} (G-6).")
        if won:
            lines.append(f"Winner{'s' if len(won) > 1 else ''}: {', '.join(won)}"
                         + (" (a shared win)" if len(won) > 1 else ""))
    return "\n".join(lines)
