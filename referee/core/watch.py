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

LAST = 5  # events shown under the picture


def frame(session, width=None, now=None, last=LAST, since=None):
    """The picture of ``session`` (a replayed save) as the whole table may see it now;
    ``since`` is when the game was last picked up (resumed), for the turn timer."""
    from referee.core.chart import of_session
    from referee.core.context import Sight
    from referee.core.export import last_lines

    width = width or render.terminal_width()
    game, state, over = session.game, session.state, session.over
    ident = session.header.get("id", "?")
    title = f"{game.title} · {ident} · {', '.join(session.players)}" + (" · game over" if over else "")
    lines = [render.heading(render.fit_words(title.split(), width)), ""]
    seen = Sight(session, width)  # the views fit this screen, not the terminal's own width
    picture = game.show(seen)
    if picture:
        lines += [render.fit_lines(picture, width), ""]
    if over:
        lines.append(render.fit_lines(str(ending.headed(game.summary(seen)) or ""), width))
        chart = of_session(session, width)
        if chart:
            lines += ["", chart]
    else:
        headers, rows = game.scoreboard(state, width)
        if rows:
            lines += [render.table(headers, rows, width=width), ""]
        lines.append(render.fit_words(_status(session, now, since), width, indent=""))
    told = last_lines(session, last)
    if told:
        lines += ["", render.heading("Last moves:")]
        for number, _when, who, what in told:
            text = f"#{number} " + (f"{who}: " if who else "") + what
            lines.append(render.fit_words(text.split(), width, indent="    "))
    lines += ["", render.style(render.fit_words(f"watching {ident}, read-only; Ctrl-C quits".split(), width),
                               dim=True)]
    return "\n".join(line.rstrip() for line in "\n".join(lines).split("\n"))


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
           clock=time.time, sleep=time.sleep):
    """Draw the game at ``path`` each time its journal changes (and, with ``redraw``, each
    time a running turn timer changes the picture); ``out`` takes each new picture.

    ``once`` draws one picture; ``frames`` and ``polls`` bound the loop (tests, scripts).
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
            text = _picture(path, session, problem, width, clock)
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
    import shutil

    now = shutil.get_terminal_size((100, 24))
    return now, size is not None and now != size


def _due(changed, redraw, session, problem):
    """Whether a picture is to be drawn: the journal or the terminal changed, or a turn
    timer is running on a screen that is redrawn; and there is something to show."""
    return (changed or (redraw and _ticking(session))) and (session is not None or problem)


def _picture(path, session, problem, width, clock):
    """The last good picture (if any) with the reason the save cannot be read under it."""
    text = _drawn(session, width, clock(), taken_at(path)) if session is not None else ""
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


def _drawn(session, width, now, since):
    try:
        return frame(session, width, now, since=since)
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
        if tty:
            click.clear()
        click.echo(text + ("" if tty else "\n"), color=render.use_color())

    if once:  # one picture for a script: a save that cannot be read is exit 1, as `log` (item 15)
        _loaded, problem = load(path)
        if problem:
            launch._fail(problem)
    try:
        follow(path, show, interval=interval, once=once, redraw=tty)
    except KeyboardInterrupt:
        click.echo(f"\nStopped watching {ident}.")
        sys.exit(0)
