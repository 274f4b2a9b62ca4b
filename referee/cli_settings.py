"""What the command line's two halves share: click's context settings (the help's width)
and each utility's one-line summary, so `referee --help` lists the utilities without
building them (referee.utilities loads only when one runs) and `--screen` finds the
second screen only when asked for."""


def help_width():
    """The width click would give the help (the terminal's, at most 100, at least 50),
    found with os alone: click finds it through shutil, an import that costs `--help`
    a tenth of its time on top of click's own (DESIGN budget: within 1.1x import click)."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", "0")) or os.get_terminal_size(1).columns
    except (OSError, ValueError):
        columns = 80
    return max(min(columns, 100) - 2, 50)


CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100, "terminal_width": help_width()}

# Each utility's summary in `referee --help`, in its order; the utility's own help (its
# docstring in referee.utilities) opens with the same sentence (tests/core/test_cli.py).
UTILITIES = {
    "chart": "Each player's score over the game, turn by turn (without ID, the one played last).",
    "games": "The saved games: id, game, players, started, last move, finished.",
    "help": "The manual pages: the whole tool's, or a game's own (`referee help cosmos`).",
    "log": "The scribe's record of a saved game, exported (without ID, the one played last).",
    "resume": "Pick up a saved game where it stopped (without ID, the unfinished one played last).",
    "screen": "Serve a game to browsers: a public page for the TV and a private page a player, each "
              "behind its own link (without ID, the unfinished game played last).",
    "stats": "Who wins most: per player and game, games played, wins, win rate, mean and best score.",
    "watch": "Follow a game played in another terminal, for a screen the whole table sees: the public "
             "view only, read-only (without ID, the unfinished game played last).",
    "word": "Is it a word? The verdict, its wordfreq frequency and which list decided.",
}


def screen_beside():
    """`--screen`'s hook for the launcher: the second screen, loaded only when asked for."""
    from referee.screen.beside import beside

    return beside
