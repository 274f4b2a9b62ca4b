"""The end of the game (CX-10, G-6): after the bonus round, or early between turns
(`finish`). The ruling a finished game cites is turns.ended_by.
"""

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.games.connexion.state import LAST


def end(state, at):
    return evolve(state, phase="over", pending=None, ended_at=at)


def _early(state, action):
    return bool(action.early) or state.placed < LAST


def check_finish(state, action):
    """End the game: after the bonus round, or early at any time between turns (G-6).

    Before position 24 is placed the game can only end early, so `finish` alone does
    that; once the diamond is full the sun holder's bonus sentence is waited for, in the
    placing phase as in the bonus round (CX-10), unless the table says `finish no bonus`
    (or stops the game with `finish early`).
    """
    if not _early(state, action) and state.sun_holder and not action.no_bonus:
        if state.phase == "bonus":
            raise RuleError(f"the bonus round waits for {state.sun_holder}'s sentence (`bonus SENTENCE`); "
                            "`finish no bonus` ends without it", rule="CX-10")
        raise RuleError(f"{state.sun_holder} holds the sun and may make a bonus sentence first "
                        "(`bonus SENTENCE`, or `finish no bonus`)", rule="CX-10")


def finish(state, action):
    return evolve(end(state, action.at), early=_early(state, action))
