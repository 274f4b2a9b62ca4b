"""The questions a Jr table asks (a hint, the review, the score, how cards are typed),
which change nothing, and the commands of every move (moves.py declares them; core.play
runs them). Each answer is a core.reply.Reply whose lines the shell breaks once, the
box's way (ColorsJr.fit).

The team game's `hand` question is here too, as the team game has it: Jr keeps no hands,
so its move says so (CC-7) when it is typed, and help leaves it out.
"""

from referee.core import render
from referee.core.commands import CommandSet
from referee.core.errors import InputError
from referee.core.states import evolve
from referee.core.play import command_of
from referee.core.reply import Reply
from referee.games.colors import commands as team
from referee.games.colors_jr import questions, view
from referee.games.colors_jr.moves import ALSO_TYPED, MOVES
from referee.games.colors_jr.state import cell_name
from referee.games.colors_jr.taking import best_take, group

QUESTIONS = CommandSet()
# the team game's `hand`, which Jr lacks: its move's offered (none here) decides, not the team game's question's
QUESTIONS.add(evolve(team.COMMANDS.commands["hand"], offered=None))


def _hints_on(state):
    """CC-8: the hint is there unless the table plays with `--no-hints`."""
    return bool(state.options.get("hints", True))


@QUESTIONS.command("hint", "best", usage="hint", offered=_hints_on)
def hint_command(session, args):
    """The best-scoring legal play for the player to move, with its score (CC-8).

    Off at tables that play with `--no-hints`.
    """
    state = session.state
    team.asked_for_hint(state, args, questions.check_hint)
    size, cell, side, value = best_take(state.tops)
    cells = group(state.tops, cell, side, value)
    return Reply(public=(view.picture(state, taken=cells),
                         f"Best for {state.player}: `take {cell_name(cell)} {state.names.value_name(side, value)}`: "
                         f"{size} card" + ("s" if size != 1 else "")), pictures=("board",))


@QUESTIONS.command("review", usage="review")
def review_command(session, args):
    """Each turn's points against the best play there was (CC-8); at the game's end.

    A row a turn: taller than the screen, it is paged.
    """
    state = session.state
    if args.strip():
        raise InputError("review takes nothing after it (CC-8)")
    questions.check_review(state)
    if not state.takes:
        return Reply(public=("No take has been made.",))
    return Reply(public=(view.review(state),), pictures=("review",), long=True)


def _score_words(session, words):
    return list(session.players) + ["shapes", "colors"] if not words else []


@QUESTIONS.command("score", "scores", usage="score [WHO]", complete=_score_words)
def score_command(session, args):
    """The scoreboard, as much of it as the table may see now.

    The cards each player has taken, public all game (CC-7).
    """
    headers, rows = session.game.scoreboard(session.state)
    return Reply(public=(render.table(headers, rows),), pictures=("scores",))


@QUESTIONS.command("cards", "legend", usage="cards")
def cards_command(session, args):
    """How cards are typed: colour letter then shape letter (CC-1)."""
    if args.strip():
        raise InputError("cards takes nothing after it (CC-1)")
    names = session.state.names
    return Reply(public=(names.legend(), f"e.g. {names.code(0)} is a {names.name(0)}; cells a1 (top left) to c3"))


_TYPED = MOVES.commands()
for _move in ALSO_TYPED:
    _TYPED.add(command_of(_move))
COMMANDS = team.in_order(  # help's order and paragraphs, as the team game's
    _TYPED.extend(QUESTIONS))
