"""A Cosmic Colors session and shell for the command tests, output collected."""

import os

from referee.core.builtins import SHELL
from referee.core.session import Session
from referee.core.shell import Shell
from referee.games import load

GAME = load("colors")


def new(home, players=("Ann", "Ben"), mode="digital", seed=5, **options):
    os.environ["REFEREE_HOME"] = str(home)
    from referee.core import store

    values = {o.name: o.default for o in GAME.options}
    values.update(options)
    header = {"id": None, "players": list(players), "mode": mode, "seed": seed, "options": values, "wordlists": []}
    GAME.prepare(header)
    header["id"] = store.new_id("colors")
    session = Session.start(GAME, header, store.path_of(header["id"]))
    out = []
    shell = Shell(session, SHELL.extend(GAME.commands), out=out.append)
    return session, shell, out
