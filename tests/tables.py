"""A game at a test table: every game's tests open sessions and check the same invariants
through here, so the plumbing (save folder, header, prepare, journal, shell) and the
property checks are written once.
"""

import os

from referee.core.builtins import SHELL
from referee.core.options import resolve
from referee.core.session import Session
from referee.core.shell import Shell
from referee.games import load


def open_table(name, home, players=("Ann", "Ben"), mode="table", seed=5, **options):
    """A new game of ``name`` saved under ``home`` (defaults, then ``options``) and a quiet
    shell over it whose replies land in the returned list: (session, shell, out)."""
    os.environ["REFEREE_HOME"] = str(home)
    from referee.core import store

    game = load(name)
    values = resolve(game.options, ())
    values.update(options)
    header = {"id": None, "players": list(players), "mode": mode, "seed": seed, "options": values, "wordlists": []}
    game.prepare(header)
    header["id"] = store.new_id(game.name)
    session = Session.start(game, header, store.path_of(header["id"]))
    out = []
    shell = Shell(session, SHELL.extend(session.game.commands), out=out.append)  # the game the header plays (Colors Jr)
    shell.printed = out
    return session, shell, out


def typed(shell, out, *lines):
    """What ``lines`` printed, one string."""
    out.clear()
    for line in lines:
        shell.execute(line)
    return "\n".join(out)


# -- the invariants every game's property tests check (DESIGN 2, 3; G-3) ---------------


def plays_and_replays(session, shell, lines, realise=None):
    """After any lines, resuming the saved game rebuilds the live one."""
    for line in lines:
        shell.execute(line if realise is None else realise(session, line))
    resumed = Session.resume(session.game, session.journal.path)
    assert resumed.state == session.state
    assert resumed.events == session.events


def undo_restores(session, shell, lines, realise=None):
    """Undo after any accepted action gives back the state before it; redo puts it back."""
    for line in lines:
        before, count = session.state, len(session.events)
        shell.execute(line if realise is None else realise(session, line))
        if len(session.events) == count + 1:
            after = session.state
            session.undo(1)
            assert session.state == before
            session.redo(1)
            assert session.state == after


def refusals_change_nothing(session, shell, out, lines, realise=None):
    """No line raises out of the shell, and a refused line leaves state and save file as they were."""
    for line in lines:
        before_state, before_size = session.state, os.path.getsize(session.journal.path)
        accepted = shell.execute(line if realise is None else realise(session, line))
        assert not any("internal error" in text for text in out), out[-1]
        if not accepted:
            assert session.state == before_state, f"refused {line!r} changed the state"
            assert os.path.getsize(session.journal.path) == before_size, f"refused {line!r} was saved"


def run_script(args, home, columns=None):
    """`referee ARGS` through click's test runner, saves under ``home``, no colour (and a
    terminal of ``columns``): how the example games are replayed from the command line."""
    from click.testing import CliRunner

    from referee.cli import main

    env = {"REFEREE_HOME": str(home), "NO_COLOR": "1"}
    if columns:
        env["COLUMNS"] = str(columns)
    return CliRunner().invoke(main, args, env=env, catch_exceptions=False)


def refusals(result):
    """Each refusal a script met, as one line, however the terminal's width broke it."""
    found = []
    for line in result.stderr.splitlines():
        if line.startswith("✗"):
            found.append(line)
        elif found and found[-1] is not None and line.startswith("  "):
            found[-1] += " " + line.strip()
        elif found:
            found.append(None)
    return [line for line in found if line]
