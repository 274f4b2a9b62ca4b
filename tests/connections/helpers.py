"""Games set up for the tests: pure states, and sessions with a shell over them."""

from referee.core.builtins import SHELL
from referee.core.session import Session
from referee.core.shell import Shell
from referee.games import load
from referee.games.connections import rules

GAME = load("connections")
DEFAULTS = {"variant": "classic", "esl": False, "timer": 0, "tie": "keep", "deck": 124}


def options(**changes):
    return dict(DEFAULTS, **changes)


def new_state(variant="classic", players=("Ann", "Ben"), **changes):
    return rules.initial({"players": list(players), "options": options(variant=variant, **changes)})


def card(words="n/e/s/w", points=1):
    return {"words": words.split("/"), "points": points}


def do(state, kind, **fields):
    return rules.apply(state, dict(fields, do=kind))


def started(variant="classic", players=("Ann", "Ben"), starter="tiger/head/tree/ocean", points=1, **changes):
    return do(new_state(variant, players, **changes), "start", card=card(starter, points))


def new_session(home, variant="classic", players=("Ann", "Ben"), **changes):
    from referee.core import store

    header = {"id": None, "players": list(players), "mode": "table", "seed": None,
              "options": options(variant=variant, **changes), "wordlists": []}
    GAME.prepare(header)
    header["id"] = store.new_id("connections")
    session = Session.start(GAME, header, store.path_of(header["id"]))
    out = []
    shell = Shell(session, SHELL.extend(GAME.commands), out=out.append)
    return session, shell, out


def typed(shell, out, *lines):
    out.clear()
    for line in lines:
        shell.execute(line)
    return "\n".join(out)
