"""What players type in a Connections game: the moves' commands and the questions.

Every move is typed through its own declaration (moves.py: its words, its reading in
reading.py, its reply in replies.py), and the core runs its whole path once
(core.play). What stays here is what changes nothing: `show`, the table drawn for the
width of the screen the line was typed at (``ctx.width``). Every reply of a move is a
core.reply.Reply, and the shell fits it and every refusal once, the game's way
(Connections.fit: never after a cell's comma).
"""

from referee.core.commands import CommandSet
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
    text = args.strip().lower()
    if text in ("all", "everything", "full"):
        return view.shown(ctx.state, everything=True, width=ctx.width)
    focus = None
    if text:
        focus, rest = parse_cell(text)
        if rest:
            raise InputError("show takes `all` or one cell, e.g. `show 3,-1`")
    return view.shown(ctx.state, focus=focus, width=ctx.width)


def _in_help_order(typed):
    ordered = CommandSet()
    for name in HELP_ORDER + tuple(n for n in typed.commands if n not in HELP_ORDER):
        ordered.add(typed.commands[name])
    return ordered


COMMANDS = _in_help_order(MOVES.commands()).extend(QUESTIONS)
