"""Games set up for the tests: pure states, and sessions with a shell over them."""

from referee.games import load
from referee.games.connections.moves import MOVES
from referee.games.connections.state import initial
from tests.tables import open_table

GAME = load("connections")
DEFAULTS = {"variant": "classic", "esl": False, "timer": 0, "late": "refuse", "tie": "keep", "approval": "all",
            "deck": 124}


def options(**changes):
    return dict(DEFAULTS, **changes)


def new_state(variant="classic", players=("Ann", "Ben"), **changes):
    return initial({"players": list(players), "options": options(variant=variant, **changes)})


def card(words="n/e/s/w", points=1):
    return {"words": words.split("/"), "points": points}


def do(state, kind, **fields):
    return MOVES.apply(state, dict(fields, do=kind))


def started(variant="classic", players=("Ann", "Ben"), starter="tiger/head/tree/ocean", points=1, **changes):
    return do(new_state(variant, players, **changes), "start", card=card(starter, points))


def new_session(home, variant="classic", players=("Ann", "Ben"), **changes):
    return open_table("connections", home, players, seed=None, **options(variant=variant, **changes))
