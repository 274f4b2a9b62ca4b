"""`referee watch`: a game played in another terminal, live, for a screen the whole table sees.

A view of the journal (DESIGN 4) and nothing more: it reads the save file as `referee log`
does (no lock taken, nothing repaired or written), replays it through the game's rules
(store.replayed, what `resume` does) and draws the public picture: the board, the public
scoreboard, whose turn and the timer, the last few events in their public form. Secrets
stay out by construction: hands, secret totals, digital draws and the seed never reach
this screen, because everything drawn is what the game already shows the whole table
(Game.show, Game.scoreboard, Game.toolbar, export.last_lines) and the header is never
printed. It polls the file's size and time, so a resumed, undone or finished game is
simply the journal as it now stands.
"""

import os
import sys
import time

import click

from referee.core import ending, render

LAST = 5  # events shown under the picture when nothing bounds its height (a pipe)
MOST = 20  # events a tall screen may show
MOVES_ROOM = 4  # rows kept for the last moves when the picture can be compacted to leave them


def frame(session, width=None, now=None, last=LAST, since=None, height=None):
    """The picture of ``session`` (a replayed save) as the whole table may see it now;
    ``since`` is when the game was last picked up (resumed), for the turn timer.

    ``height``: the rows of the screen it is drawn on (issue 20 item 9). The picture, the
    scores and whose turn (or the winner) are always on it, the board compacted when it
    would not fit (the game's own compact form, then without blank rows), and the last
    moves take the rows left, as many as fit. None (a pipe, `--once`): nothing is left
    out, the end's summary and chart included, and the last ``last`` moves."""
    from referee.core.context import Sight

    width = width or render.terminal_width()
    if height is not None:
        return _fitted(session, width, height, now, since)
    game, state, over = session.game, session.state, session.over
    lines = [_title(session, width), ""]
    seen = Sight(session, width)  # the views fit this screen, not the terminal's own width
    picture = game.show(seen)
    if picture:
        lines += [render.fit_lines(picture, width), ""]
    if over:
        lines.append(render.fit_lines(str(ending.headed(game.summary(seen)) or ""), width))
        from referee.core.chart import of_session

        chart = of_session(session, width)
        if chart:
            lines += ["", chart]
    else:
        headers, rows = game.scoreboard(state, width)
        if rows:
            lines += [render.table(headers, rows, width=width), ""]
        lines.append(render.fit_words(_status(session, now, since), width, indent=""))
    moves = _moves(session, last, width)
    if moves:
        lines += ["", *moves]
    lines += ["", _footer(session, width)]
    return "\n".join(line.rstrip() for line in "\n".join(lines).split("\n"))


def _title(session, width):
    ident = session.header.get("id", "?")
    title = f"{session.game.title} · {ident} · {', '.join(session.players)}" + (" · game over" if session.over else "")
    return render.heading(render.fit_words(title.split(), width))


def _footer(session, width):
    ident = session.header.get("id", "?")
    return render.style(render.fit_words(f"watching {ident}, read-only; Ctrl-C quits".split(), width), dim=True)


def _moves(session, count, width):
    """The last ``count`` moves under their heading, as lines fitted to ``width``."""
    blocks = _move_blocks(session, count, width)
    return [render.heading("Last moves:")] + [line for block in blocks for line in block] if blocks else []


def _move_blocks(session, count, width):
    """Each of the last ``count`` moves as its lines fitted to ``width``, oldest first."""
    from referee.core.export import last_lines

    blocks = []
    for number, _when, who, what in (last_lines(session, count) if count > 0 else []):
        text = f"#{number} " + (f"{who}: " if who else "") + what
        blocks.append(render.fit_words(text.split(), width, indent="    ").split("\n"))
    return blocks


def _scores(session, width, now, since):
    """The scores and whose turn (or who won) as lines for ``width`` columns: the game's
    scoreboard when each of its rows takes one line, else the scores in one line (a
    ConneXion row lists every card won)."""
    game, state, over = session.game, session.state, session.over
    headers, rows = game.scoreboard(state, width)
    table = render.table(headers, rows, width=width).split("\n") if rows else []
    if len(table) > len(rows) + 2:
        public = game.scores(state, reveal=over)
        if public and all(v is not None for v in public.values()):
            words = []
            for name, score in public.items():
                words += (["·"] if words else []) + [name, render.number(score)]
            table = render.fit_words(words, width, indent="  ").split("\n")
    if over:
        won = game.result(state).get("winners", [])
        said = (f"Winner: {won[0]}" if len(won) == 1 else f"Winners: {', '.join(won)}") if won else "No winner"
        status = render.heading(render.fit_words(said.split(), width))
    else:
        status = render.fit_words(_status(session, now, since), width, indent="")
    return table + status.split("\n")


def _fitted(session, width, height, now, since):
    """The frame for a screen ``height`` rows tall (see :func:`frame`)."""
    from referee.core.context import Sight

    height = max(height, 6)
    title, footer = _title(session, width).split("\n"), _footer(session, width).split("\n")
    scores = _scores(session, width, now, since)
    room = height - len(title) - len(footer) - len(scores)
    # The picture is compacted to leave a few moves room, and cut only when even that fails.
    wanted = max(room - MOVES_ROOM, 1)
    picture = _picture_lines(session.game, Sight(session, width, rows=wanted), width, wanted, max(room, 1))
    left = room - len(picture)
    body = title + ([""] if left > 0 else [])
    left -= 1 if left > 0 else 0
    body += picture
    gap = left > 0
    left -= 1 if gap else 0
    body += ([""] if gap else []) + scores
    chosen, used = [], 1  # the heading's row
    for block in reversed(_move_blocks(session, MOST, width)):  # the latest first, as many as fit
        if used + len(block) > left:
            break
        chosen.insert(0, block)
        used += len(block)
    if chosen:
        body += ([""] if used < left else []) + [render.heading("Last moves:")]
        body += [line for block in chosen for line in block]
    body += footer
    return "\n".join(line.rstrip() for line in body[:height])


def _picture_lines(game, seen, width, wanted, rows):
    """The game's public picture in at most ``rows`` lines, ``wanted`` if it can: as the
    game draws it for ``wanted`` rows (its compact form), then without its blank rows,
    then its first rows and how many more a taller screen shows."""
    picture = game.show(seen)
    if not picture:
        return []
    lines = render.fit_lines(picture, width).split("\n")
    if len(lines) > wanted:
        lines = [line for line in lines if line.strip()]
    if len(lines) > rows:
        cut = lines[:max(rows - 1, 0)]
        lines = cut + [render.style(f"(and {len(lines) - len(cut)} rows more on a taller screen)", dim=True)]
    return lines


def _status(session, now, since=None):
    """The toolbar's parts (whose turn, what the game waits for) with the turn timer
    second, as the shell's toolbar puts it; words joined with ' · ' between parts.

    A resumed game times the running turn from the resume (G-5), as its own terminal
    does: the resume is the last action's ``resumed`` stamp, or ``since``."""
    from referee.core.timer import clock, remaining

    parts = [str(p).strip() for p in session.game.toolbar(session.state) if str(p).strip()]
    started, limit = session.game.timer(session.state)
    if started is not None:
        stamps = [since, session.records[-1]["action"].get("resumed") if session.records else None]
        for resumed in stamps:
            if isinstance(resumed, (int, float)) and resumed > started:
                started = resumed
    left = remaining(started, limit, time.time() if now is None else now)
    if left is not None:
        parts.insert(1, "TIME UP" if left < 0 else f"⏱ {clock(left)}")
    words = []
    for index, part in enumerate(parts):
        words += (["·"] if index else []) + part.split()
    return words


class Screen:
    """A terminal drawn over in place: the cursor goes home and each row is written over,
    the rest of a row and the rows under the picture cleared, so a redraw each second
    does not flicker as a full clear does (issue 20 item 9). The screen is cleared whole
    only the first time and after a resize, when the old rows have moved."""

    HOME, END_OF_ROW, BELOW = "\x1b[H", "\x1b[K", "\x1b[J"

    def __init__(self, stream, size=None):
        self.stream = stream
        self.size = size or render.terminal_size
        self.drawn = None  # the terminal's size at the last draw

    def draw(self, text):
        now = self.size()
        if render.use_color() is False:
            text = click.unstyle(text)
        rows = text.split("\n")
        out = ("\x1b[2J" if self.drawn != now else "") + self.HOME
        out += "\n".join(row + self.END_OF_ROW for row in rows) + self.BELOW
        self.drawn = now
        self.stream.write(out)
        self.stream.flush()


def signature(path):
    """What changes whenever the journal does (an append, a repair, a replacement)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns, info.st_ino


def taken_at(path):
    """When the referee playing the game took it (its lock file's time), or None: a game
    resumed without a move since has no ``resumed`` stamp in its journal yet. Only looked
    at, never taken (lock.hold is for the player's terminal alone)."""
    from referee.core.lock import lock_path

    try:
        return os.stat(lock_path(path)).st_mtime
    except OSError:
        return None


def load(path):
    """(session, None) for the save as it stands, or (None, the reason it cannot be read)."""
    from referee.core import store
    from referee.core.errors import RefereeError
    from referee.core.journal import Journal

    try:
        journal, _warnings = Journal.open(path, repair=False)  # a torn last line: being written now
        return store.replayed(journal), None
    except RefereeError as error:
        return None, str(error)


def follow(path, out, interval=0.5, once=False, frames=None, polls=None, redraw=False, width=None,
           clock=time.time, sleep=time.sleep, height=None):
    """Draw the game at ``path`` each time its journal changes (and, with ``redraw``, each
    time a running turn timer changes the picture); ``out`` takes each new picture.

    ``once`` draws one picture; ``frames`` and ``polls`` bound the loop (tests, scripts).
    With ``redraw`` (a terminal) each picture fits the terminal's size as it is now
    (``width`` and ``height`` fix it instead); else ``height`` None draws it whole.
    Returns the number of pictures drawn. A save that cannot be read (being replaced, or
    damaged) is said in one line under the last good picture, and watching goes on; so
    does a picture a game's view fails to draw (a bug: the details go to errors.log).
    """
    seen, shown, session, problem, count, looked, size = object(), None, None, None, 0, 0, None
    while True:
        mark = signature(path)
        changed = mark != seen
        if redraw:  # a terminal resized: the picture is fitted to its new width
            size, resized = _resized(size)
            changed = changed or resized
        if mark != seen:
            seen = mark
            loaded, problem = load(path)
            session = loaded or session
        if _due(changed, redraw, session, problem):
            columns, rows = width, height
            if redraw and size is not None:
                columns, rows = width or size.columns, height or size.lines
            text = _picture(path, session, problem, columns, clock, rows)
            if text != shown:
                out(text)
                shown = text
                count += 1
        looked += 1
        if once or (frames is not None and count >= frames) or (polls is not None and looked >= polls):
            return count
        sleep(interval)


def _resized(size):
    """The terminal's size now, and whether it differs from ``size`` (None: the first look,
    which is no resize)."""
    now = render.terminal_size()
    return now, size is not None and now != size


def _due(changed, redraw, session, problem):
    """Whether a picture is to be drawn: the journal or the terminal changed, or a turn
    timer is running on a screen that is redrawn; and there is something to show."""
    return (changed or (redraw and _ticking(session))) and (session is not None or problem)


def _picture(path, session, problem, width, clock, height=None):
    """The last good picture (if any) with the reason the save cannot be read under it."""
    text = _drawn(session, width, clock(), taken_at(path), height) if session is not None else ""
    if problem:
        text = (text + "\n" if text else "") + render.refusal(render.fit_text(problem, width or render.terminal_width()))
    return text


def _ticking(session):
    """Whether a turn timer is running, so the picture changes with the clock alone (only
    then is it drawn again between moves: a finished game's summary is not recomputed
    twice a second)."""
    if session is None or session.over:
        return False
    try:
        started, limit = session.game.timer(session.state)
    except Exception:
        return False
    return started is not None and bool(limit)


def _drawn(session, width, now, since, height=None):
    try:
        return frame(session, width, now, since=since, height=height)
    except Exception as error:
        from referee.core.shell import log_bug

        where = log_bug("(referee watch: drawing the picture)")
        return render.refusal(f"internal error drawing {session.header.get('id', 'the game')} "
                              f"({type(error).__name__}); the game is not affected. Details: {where}")


def main(game_id, once=False, interval=0.5, no_color=False):
    """The `referee watch` command. Exit 0 on Ctrl-C, 1 (one line) when there is no such
    game, or with ``once`` when its save cannot be read."""
    from referee.core import launch, store
    from referee.core.errors import RefereeError

    if no_color:
        render.set_color(False)
    latest = game_id.strip().lower() in ("last", "latest")
    try:
        ident = store.find(game_id, unfinished=latest)
    except RefereeError as error:
        message = str(error)
        if latest and message.startswith("every saved game has ended"):
            message = "every saved game has ended; `referee watch ID` shows one, `referee games` lists them"
        launch._fail(message)
    path = store.path_of(ident)
    tty = sys.stdout.isatty()

    def show(text):
        if not tty:
            click.echo(text + "\n", color=render.use_color())
            return
        screen.draw(text)

    screen = Screen(sys.stdout)

    if once:  # one picture for a script: a save that cannot be read is exit 1, as `log` (item 15)
        _loaded, problem = load(path)
        if problem:
            launch._fail(problem)
    try:
        follow(path, show, interval=interval, once=once, redraw=tty)
    except KeyboardInterrupt:
        click.echo(f"\nStopped watching {ident}.")
        sys.exit(0)
