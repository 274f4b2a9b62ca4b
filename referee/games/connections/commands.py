"""What players type in a Connections game: the moves' commands and the questions.

Every move is typed through its own declaration (moves.py: its words, its reading in
reading.py, its reply in replies.py), and the core runs its whole path once
(core.play). What stays here is what changes nothing: `show`, the table drawn. Every
reply and refusal of these commands is then fitted once, to the width of the screen
the line was typed at (``ctx.width``), by the game's own fit (view.fit: never after a
cell's comma).
"""

import functools

from referee.core.commands import CommandSet, fitted
from referee.core.errors import InputError
from referee.games.connections import view
from referee.games.connections.moves import MOVES
from referee.games.connections.reading_words import parse_cell

QUESTIONS = CommandSet()

# The order `help` lists the moves' commands in: the round as it goes, then each variant's own.
HELP_ORDER = ("start", "play", "draw", "pass", "contest", "vote", "hand", "round", "finish", "take", "return",
              "run", "extend", "steal", "adjust")


@QUESTIONS.command("show", "board", "s", usage="show [all | X,Y]", group="game")
def show_command(ctx, args):
    """Draw the table: a window around the latest play, `show all`, or around a cell."""
    state, width = ctx.state, ctx.width
    text = args.strip().lower()
    if text in ("all", "everything", "full"):
        return [view.table_view(state, everything=True, width=width), view.status(state)]
    focus = None
    if text:
        focus, rest = parse_cell(text)
        if rest:
            raise InputError("show takes `all` or one cell, e.g. `show 3,-1`")
    if state.phase == "start" and not state.cells:
        return view.status(state)
    return [view.table_view(state, focus=focus, width=width), view.status(state)]


def _in_help_order(typed):
    ordered = CommandSet()
    for name in HELP_ORDER + tuple(n for n in typed.commands if n not in HELP_ORDER):
        ordered.add(typed.commands[name])
    return ordered


def _fitted_to_the_screen(handler):
    """``handler`` with its reply and refusal fitted by core.commands.fitted (what
    CommandSet.fit_replies does) to the width of the screen it was typed at: fit_replies
    hands its fit a margin alone, and a game does not ask the terminal its width."""
    @functools.wraps(handler)
    def run(ctx, args):
        return fitted(handler, lambda text, margin: view.fit(text, ctx.width - margin))(ctx, args)
    run.fitted = True
    return run


COMMANDS = _in_help_order(MOVES.commands()).extend(QUESTIONS)
for _command in COMMANDS.commands.values():  # every reply fits a 50-column phone (after a slash or comma at worst)
    _command.handler = _fitted_to_the_screen(_command.handler)
