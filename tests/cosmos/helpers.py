"""Builders for Crafting the Cosmos tests: a game after its setup, the energy tokens laid
as a test wants them, actions played through the game's own MoveSet (every check as at
the table), and a shell at a fresh table for command and secrecy tests.

    state = new_game()                                  # 4 players, digital, seed 7, goal named
    state = with_controls(state, {"time": ["Ann", "dark", "dark"], "light": ["Ben"]})
    state = play(state, {"do": "shift", "steps": [["own", None, 1]]})
"""

from referee.core.pieces import Hand

from referee.core.states import evolve, update_seat
from referee.games.cosmos import setup
from referee.games.cosmos.moves import MOVES
from referee.games.cosmos.state import CONTROLS, DARK, DARK_TOKENS

PLAYERS = ("Ann", "Ben", "Cy", "Di")
FIRST_GOAL = "proto"  # the goal named at the setup: proto life, a count the referee keeps


def header(players=PLAYERS, mode="digital", seed=7, options=None):
    return {"id": "cosmos-test", "players": list(players), "mode": mode, "seed": seed,
            "options": dict(options or {}), "wordlists": []}


def fresh(players=PLAYERS, mode="digital", seed=7):
    """The state setup.initial makes, before anything is told or named."""
    return setup.initial(header(players, mode, seed))


def table_order(players):
    """A legal order of the energy tokens for a table-mode setup: the players first, the
    dark tokens after, so the last player is first player."""
    return list(players) + ["dark"] * DARK_TOKENS[len(players)]


def new_game(players=PLAYERS, mode="digital", seed=7, goal=FIRST_GOAL, display=("light", "time", "gravity",
                                                                                "chemistry")):
    """A game after its setup and the first goal named: the first player's energy phase.
    Table mode lays the tokens in ``table_order`` and names ``display``."""
    state = fresh(players, mode, seed)
    if mode != "digital":
        state = apply(state, {"do": "tokens", "order": table_order(players)})
        state = apply(state, {"do": "display", "cards": list(display)})
    return apply(state, {"do": "goal", "name": goal})


def seat(state, who):
    """A seat by name, ``"dark"`` (DARK) or a seat number already."""
    if isinstance(who, int):
        return who
    return DARK if who == "dark" else state.players.index(who)


def with_controls(state, controls):
    """``state`` with the energy tokens as given: {"light": ["Ann", "dark"], ...}
    (names, "dark" or seats; controls not named are empty)."""
    laid = tuple(tuple(seat(state, who) for who in controls.get(name, ())) for name in CONTROLS)
    return evolve(state, controls=laid)


def with_turn(state, who, phase="energy"):
    """``state`` with ``who`` to act in ``phase``."""
    return evolve(state, turn=seat(state, who), phase=phase)


def with_hand(state, who, *cards, unknown=0):
    """``state`` with ``who``'s energy hand as given."""
    return evolve(state, hands=update_seat(state.hands, seat(state, who), lambda _: Hand(tuple(cards), unknown)))


def apply(state, action):
    """One action through the MoveSet, as the journal would replay it."""
    return MOVES.apply(state, action)


def play(state, *actions):
    """Each action through the MoveSet in turn, said by the player to act (``by``) unless
    the action names its own; returns the last state."""
    for action in actions:
        if "by" not in action and state.turn is not None:
            action = dict(action, by=state.players[state.turn])
        state = MOVES.apply(state, action)
    return state


def table(tmp_path, players=PLAYERS, mode="digital", seed=7):
    """(session, shell, out) of a fresh table as the command line opens one
    (tests.tables.open_table); ``out`` collects what the shell printed."""
    from tests.tables import open_table

    return open_table("cosmos", tmp_path, list(players), mode, seed=seed)


def refused(state, action, rule=None, says=None):
    """The RuleError ``action`` meets in ``state`` (played as the player to act), checked
    to cite ``rule`` and to say ``says`` when given."""
    import pytest

    from referee.core.errors import RuleError

    with pytest.raises(RuleError) as caught:
        play(state, action)
    if rule:
        assert caught.value.rule == rule, str(caught.value)
    if says:
        assert says in str(caught.value), str(caught.value)
    return caught.value
