"""Between the command line and a session: set up, pick the loop, report, exit.

Errors that reach this level (a save folder that cannot be written, a damaged save
file, a bad option) become one line and an exit code scripts can rely on:
0 every line was accepted, 1 the game could not be started, loaded or saved,
2 a usage error (click's), 3 a script ran to its end but some of its lines were refused.
"""

import functools
import json
import sys

import click

from referee.core import render
from referee.core.errors import InputError, JournalError, RefereeError
from referee.core.names import problem as names_problem

EXIT_OK, EXIT_FAILED, EXIT_REFUSED = 0, 1, 3


def _new_seed():
    """A seed for a digital game (G-2), from the system's randomness; random is imported
    here, since a table game never needs it before its first prompt."""
    import random

    return random.SystemRandom().randrange(2**53)


def _fail(message):
    """One refusal and exit 1. On a terminal it is broken between words at its width (a
    long save path on a 50-column phone); for scripts and pipes it stays one line."""
    click.echo(_fitted_for_stderr(render.refusal(message)), err=True, color=render.use_color())
    sys.exit(EXIT_FAILED)


def _fitted_for_stderr(text):
    """``text`` broken between words at the terminal's width when stderr is one (a phone's
    50 columns); one line for scripts and pipes."""
    return render.fit_text(text, render.terminal_size().columns) if sys.stderr.isatty() else text


class _Usage(click.UsageError):
    """A usage error (exit 2) broken between words at the terminal's width, as _fail's
    refusals are: click prints its message on one line, which a 50-column phone cuts
    mid-word ("two te / ams"). For scripts and pipes it stays one line."""

    def format_message(self):
        if not sys.stderr.isatty():
            return self.message
        prefix = "Error: "  # what click writes before the message
        text = render.fit_text(prefix + self.message, render.terminal_size().columns)
        return text[len(prefix):]


def _guarded(function):
    """Past the shell's own net (loading, resuming, exporting, the game's welcome and
    summary), an unexpected exception is still one line and exit 1, never a traceback:
    the details go to errors.log as the shell's do."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, OSError):
            raise  # an OSError here is output that cannot be written: cli says so in one line
        except Exception as error:
            from referee.core.shell import log_bug

            where = log_bug(f"(referee: {function.__name__})")
            _fail(f"internal error ({type(error).__name__}); what was accepted is saved. Details: {where}")

    return wrapper


def _interactive():
    return sys.stdin.isatty() and sys.stdout.isatty()


@_guarded
def start(name, players, options, script, as_json, no_color, mode="table", seed=None, timer=None, wordlists=(),
          deck_file=None, deny=(), screen=None):
    from referee.core import lock, store
    from referee.core.options import resolve
    from referee.core.session import Session
    from referee.games import load

    if no_color:
        render.set_color(False)
    game = load(name)
    if mode not in game.modes:
        raise _Usage(f"{game.title} is played in {' or '.join(game.modes)} mode only, not {mode}")
    try:  # the options first: a table that typed its names is not then sent away for an option
        values = resolve(game.options, options)
    except InputError as error:
        raise _Usage(str(error))
    names = _ask_players(players, game, script, values)
    _check_count(game, names, values)
    if timer is not None:
        if "timer" not in values:
            raise _Usage(f"{game.title} has no turn timer; leave out -t")
        values["timer"] = timer
    try:
        header = {
            "id": None,
            "players": names,
            "mode": mode,
            # A seed drawn for the table decides every hand: from 2**53 (exact in any JSON
            # reader), too many to try offline against what the table sees (G-2).
            "seed": seed if seed is not None else (_new_seed() if mode == "digital" else None),
            "options": values,
            "wordlists": [str(w) for w in wordlists],
            "deny": [str(d) for d in deny],
        }
        try:
            game.prepare(header, deck_file=deck_file)
        except InputError as error:
            raise _Usage(str(error))
        session = _start_numbered(game, header)
    except RefereeError as error:
        _fail(str(error))
    run(session, script, as_json, screen=screen)


def _start_numbered(game, header):
    """A new save under the next free id, taken by its lock and then by creating the file
    exclusively: two games started at the same instant get two ids, and the header's id
    is the file's name (issue 13, defect 1)."""
    from referee.core import lock, store
    from referee.core.journal import Exists
    from referee.core.session import Session

    _warn_folder(store)
    above = 0
    for _ in range(1000):
        ident = store.new_id(game.name, above)
        above = store.number_of(ident)
        path = store.path_of(ident)
        try:
            lock.hold(path, ident)
        except lock.Busy:  # another referee is starting this very number
            continue
        try:
            return Session.start(game, dict(header, id=ident), path)
        except Exists:
            lock.release(path)
        except BaseException:
            lock.release(path)
            raise
    raise JournalError(f"no free game number in {store.games_folder()}")


def _warn_folder(store):
    """The save folder made private (0700) if it is new, and one line on stderr, once,
    when it already exists readable by other users of the machine (issue 18 item 5): a
    digital game's save holds the seed that decides every hand."""
    from referee.core import files

    try:
        files.private_folder(store.home())  # errors.log and the line history live here
    except OSError as error:
        raise JournalError(f"cannot use the referee's folder {store.home()}: {error.strerror or error}")
    warning = store.folder_warning()
    if warning:
        click.echo(render.fit_text(warning, render.terminal_width()) if sys.stderr.isatty() else warning, err=True)


def _ask_players(value, game, script, values=None):
    """The players' names, from --players or, at a terminal, asked until they are right:
    a table that typed ``Ann, Ben, ann``, or one name for a game of two or more (with the
    table options ``values`` in force), is asked again, not sent back to the shell."""
    names = _names(value or "")
    if not names and (script is not None or not _interactive()):
        raise _Usage("say who plays: --players Ann,Ben,Cy (in seat order)")
    if names:
        problem = names_problem(names)
        if problem:
            raise _Usage(problem)
        return names
    while True:
        answer = click.prompt("Players, in seat order (comma-separated)")
        names = _names(answer)
        problem = (names_problem(names) or game.players_refusal({"players": names, "options": values or {}})
                   if names else "say at least one name")
        if not problem:
            return names
        click.echo(_fitted_for_stderr(f"{problem}; try again (Ctrl-C to leave)"), err=True)


def _names(text):
    return [n.strip() for n in text.replace(";", ",").split(",") if n.strip()]


def _check_count(game, names, values):
    """The one check of how many play (issue 9 item 6), from the game's entry (its Seats)
    and the table options in force, since a variant may change it (Solitaire, Jr): a usage
    error such as "Cosmo;code is for 2 to 6 players, not 7 (CO-1)". The rules trust it."""
    refusal = game.players_refusal({"players": names, "options": values})
    if refusal:
        raise _Usage(refusal)


@_guarded
def resume_game(game_id, script, as_json, no_color, screen=None):
    from referee.core import lock, store
    from referee.core.session import Session
    from referee.games import load

    if no_color:
        render.set_color(False)
    notes = []
    try:
        ident = store.find(game_id, unfinished=True)
        path = store.path_of(ident)
        from referee.core.journal import Journal

        _warn_folder(store)
        lock.hold(path, ident)  # before reading: what is replayed is what no one else appends to
        try:
            header = Journal.open(path, repair=False)[0].header
            game = load(header.get("game", ""))
            if game is None:
                raise JournalError(f"{path} line 1: a game this referee does not know ({header.get('game')!r})")
            session = Session.resume(game, path)
        except BaseException:
            lock.release(path)
            raise
        if game_id.strip().lower() in ("last", "latest"):
            notes.append(_resuming(session, store))
        notes.append(session.resume_note())
    except RefereeError as error:
        _fail(str(error))
    run(session, script, as_json, notes=notes, screen=screen)


def _resuming(session, store):
    """Which game `referee resume` without an id picked, so the table can tell (defect 5)."""
    import time

    when = store.last_played(session.journal) or store._mtime(session.journal.path)
    return (f"Resuming {session.header['id']} ({session.game.title}, {', '.join(session.players)}), "
            f"last played {_day_and_time(when, time.time())}.")


def _day_and_time(when, now):
    """"today at 21:47", "yesterday at 21:47" or "on 2026-11-21 at 21:47": words a phone
    screen may break between without splitting a date from its time."""
    import time

    if not when:
        return "at an unknown time"
    day, today = time.localtime(when), time.localtime(now)
    clock = time.strftime("%H:%M", day)
    if day[:3] == today[:3]:
        return f"today at {clock}"
    if day[:3] == time.localtime(now - 86400)[:3]:
        return f"yesterday at {clock}"
    return f"on {time.strftime('%Y-%m-%d', day)} at {clock}"


def run(session, script, as_json, notes=(), screen=None):
    """Play the session, then give its lock back (however the play ends)."""
    from referee.core import lock

    try:
        _run(session, script, as_json, notes, screen)
    finally:
        lock.release(session.journal.path)


def _run(session, script, as_json, notes, screen=None):
    from referee.core.shell import Shell

    game = session.game

    def commands():
        """The shell's commands and the game's, loaded once the first prompt is drawn
        (Shell.commands): the prompt needs only the game's state, view and phase table."""
        from referee.core.builtins import SHELL

        return SHELL.extend(game.commands)

    interactive = script is None and _interactive()
    out = None
    if as_json:  # stdout carries the JSON object alone; the play goes to stderr
        out = lambda text: render.emit(text, err=True)  # noqa: E731
    from referee.core.chart import at_end

    shell = Shell(session, commands, out=out, interactive=interactive, endings=(at_end,))
    for warning in session.warnings:
        shell.out(render.refusal(warning))
    if not interactive:  # interactive: the shell starts it once the first prompt is drawn
        game.warm(session)
    shell.out(game.welcome(shell.context))
    for note in notes:
        shell.out(render.fit_text(note, render.terminal_width()))
    if screen is not None:  # the second screen beside the REPL: the app's hook (referee.screen.beside)
        shell.private_screen = screen(session, shell.out)
    try:
        if interactive:
            shell.run_interactive()
        else:
            source = script if script is not None else sys.stdin
            shell.run_lines(source, echo=True)
    except JournalError as error:
        _fail(str(error))
    finally:
        if shell.private_screen is not None:
            shell.private_screen.stop()
    _drop_if_empty(session)
    if as_json:
        result = dict(game.result(session.state), game=game.name, id=session.header["id"], events=len(session.events),
                      replies=shell.told)  # what the table was told, publicly, line by line (core.reply)
        click.echo(json.dumps(result, ensure_ascii=False))
    if not interactive and shell.refused:
        sys.exit(EXIT_REFUSED)
    sys.exit(EXIT_OK)


def _drop_if_empty(session):
    """A game left before anything was played is not kept (Session.farewell said so)."""
    import os

    if not session.journal.records:
        try:
            os.remove(session.journal.path)
        except OSError:
            pass


@_guarded
def word_verdicts(words, wordlists, as_json, deny=()):
    from referee.core.lexicon import default_lexicon

    try:
        lexicon = default_lexicon(tuple(str(w) for w in wordlists), tuple(str(d) for d in deny))
        verdicts = [lexicon.verdict(w) for w in words]
    except RefereeError as error:
        _fail(str(error))
    if as_json:
        for v in verdicts:
            click.echo(json.dumps({"word": v.word, "verdict": v.verdict, "zipf": v.zipf, "reason": v.reason, "source": v.source}))
    else:
        colours = {"word": "green", "rare": "yellow", "unknown": "red"}
        rows = [(v.word, render.style(v.verdict, fg=colours[v.verdict]), f"{v.zipf:.2f}", v.reason) for v in verdicts]
        render.emit(render.table(("word", "verdict", "zipf", "decided by"), rows))
    sys.exit(EXIT_OK if all(v.verdict == "word" for v in verdicts) else EXIT_REFUSED)


@_guarded
def list_games(as_json):
    from referee.core import store

    try:
        rows = [store.summary_of(i) for i in store.all_ids()]
    except RefereeError as error:
        _fail(str(error))
    if as_json:  # one time format throughout: ISO 8601 with the local offset
        for r in rows:
            r["started"] = render.iso_time(r["started"])
            r["last_move"] = render.iso_time(r["last_move"])
            r["last_played"] = render.iso_time(r["last_played"])
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    if not rows:
        click.echo(f"No saved games yet (in {store.games_folder()}).")
        return
    table = [(r["id"], _kind(r), ", ".join(r["players"]), render.short_time(r["started"]),
              render.short_time(r["last_move"]), _result(r)) for r in rows]
    lines = [render.table(("id", "game", "players", "started", "last move", "result"), table)]
    width = render.terminal_width()
    for r in rows:  # what `resume` would refuse, said here too, file and line (defect 7f)
        if r.get("error"):
            lines.append(render.fit_text(f"{r['id']} is damaged: {r['error']}", width))
    _paged("\n".join(lines))


def _paged(text):
    """``text`` on stdout, through the pager when it is taller than the terminal it is
    shown on (`referee log`, `games`, `stats`, as `git log`; issue 20 item 10); a pipe
    or a file gets it printed, whatever its length."""
    if not _interactive():
        render.emit(text)  # no trailing spaces in a pipe (item 18)
        return
    from referee.core.shell import page_if_tall

    page_if_tall(text)


def _kind(row):
    """'connections quick, table': the game, its variant if it has one, and the mode."""
    if row.get("error"):
        return "damaged"
    variant = f" {row['variant']}" if row.get("variant") else ""
    return f"{row['game']}{variant}, {row.get('mode') or 'table'}"


def _result(row):
    """A finished game's scores and winner in words; 'in progress' otherwise."""
    if row.get("error"):
        return "see below"
    if not row["finished"]:
        return "in progress"
    scores = ", ".join(f"{name} {'?' if score is None else render.number(score)}"
                       for name, score in (row.get("scores") or {}).items())
    winners = row.get("winners") or []
    shared = row.get("shared", True)  # False: the winners are one team (Colors), not a tie
    won = (f"{winners[0]} won" if len(winners) == 1 else
           f"{', '.join(winners)} won" + (" (shared)" if shared else "") if winners else "no winner")
    return f"{scores}; {won}" if scores else won


@_guarded
def show_stats(game, player, since, as_json):
    """`referee stats`: core.stats over the saved games, as tables or one JSON object
    (``since``: an epoch, from cli.Day)."""
    from referee.core import stats

    named = (game.lower().split() or [""])[0] if game else None
    if game and named not in _game_names():
        import difflib

        close = difflib.get_close_matches(named, _game_names(), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise _Usage(f"no game {game!r}{hint}; the games are {', '.join(_game_names())}")
    try:
        found = stats.collect(game, player, since)
    except RefereeError as error:
        _fail(str(error))
    if as_json:
        click.echo(json.dumps(found, ensure_ascii=False, indent=1))
        return
    _paged(stats.text(found, render.terminal_width()))


def _game_names():
    from referee.games import GAMES

    return [g.name for g in GAMES]


def _at_terminal(output):
    """Whether ``output`` (the -o file, "-" for the screen) is a terminal."""
    try:
        return bool(output.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _the_screen(output):
    """Whether ``output`` is the terminal standard output shows (`referee log` without -o):
    only then may the pager, which writes there, stand in for it."""
    import os

    try:
        return _at_terminal(output) and os.path.samestat(os.fstat(output.fileno()), os.fstat(sys.stdout.fileno()))
    except (AttributeError, ValueError, OSError):
        return False


@_guarded
def export_log(game_id, fmt, output):
    from referee.core import export, store
    from referee.core.journal import Journal

    try:
        ident = store.find(game_id)
        journal, warnings = Journal.open(store.path_of(ident), repair=False)
        session = store.replayed(journal)  # what resume would refuse, said the same way (defect 7b)
        done = session.records
        finished = bool(done and done[-1].get("over"))
        # the text on the screen is fitted to it, as the in-game `log` is; a file or a pipe
        # gets it unfitted, the same whatever the window
        width = render.terminal_width() if fmt == "text" and _at_terminal(output) else None
        text = export.render(session.game, journal.header, done, finished, fmt, states=session.states,
                             width=width)
    except (RefereeError, InputError) as error:
        _fail(str(error))
    for warning in warnings:
        click.echo(render.refusal(warning), err=True)
    if _the_screen(output):
        _paged(text.rstrip("\n"))
        return
    if fmt == "text":  # markdown keeps its two spaces of a line break
        text = render.for_stream(text, file=output)
    output.write(text if text.endswith("\n") else text + "\n")


@_guarded
def review_log(game_id, fmt, output):
    """`referee log ID --review`: a finished game's missed-words review (the game's own
    ``review``; ConneXion's is the only one), refused before the end like `review`."""
    from referee.core import store
    from referee.core.journal import Journal

    if fmt not in ("text", "json"):
        raise _Usage(f"--review is written as text or json, not {fmt}")
    try:
        ident = store.find(game_id)
        journal, _warnings = Journal.open(store.path_of(ident), repair=False)
        session = store.replayed(journal)
        review = getattr(session.game, "review", None)
        if review is None:
            raise InputError(f"{ident} is {session.game.title}: only Cosmic ConneXion has a missed-words review")
        text = review(session, fmt, width=render.terminal_width())  # the screen's, or 100 for a pipe
    except (RefereeError, InputError) as error:
        _fail(str(error))
    if _the_screen(output):
        _paged(text.rstrip("\n"))
        return
    render.emit(text.rstrip("\n"), file=output)  # styled on a terminal only


def chart(game_id, no_color):
    """The `referee chart` command: read-only, like `referee log` (no lock, nothing written)."""
    from referee.core import store
    from referee.core.chart import for_command
    from referee.core.journal import Journal

    if no_color:
        render.set_color(False)
    try:
        ident = store.find(game_id)
        journal, _warnings = Journal.open(store.path_of(ident), repair=False)
        text = for_command(store.replayed(journal))
    except (RefereeError, InputError) as error:
        _fail(str(error))
    except Exception as error:  # a bug: one line, the details in errors.log (never a traceback)
        from referee.core.shell import log_bug

        _fail(f"internal error ({type(error).__name__}); the game is not affected. "
              f"Details: {log_bug('(referee chart)')}")
    render.emit(text)
