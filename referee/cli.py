"""The command line: one subcommand per game, plus the table's utilities.

Only click is imported here. Games, the utilities (referee.utilities), the lexicon
(wordfreq) and prompt-toolkit load when a subcommand runs, so ``referee --help``
answers at once (DESIGN 5); the help text of each game comes from its package's
``ENTRY`` (``referee.games.GAMES``) without importing the game's rules, and each
utility's summary from ``cli_settings.UTILITIES``.
"""

import click

from referee import __version__
from referee.cli_settings import CONTEXT, UTILITIES, screen_beside
from referee.games import GAMES, TIMER_MAX, entry


def _reader_gone():
    """The reader of our output has gone: the rest goes to the null device, exit 0."""
    import sys

    from referee.core.shell import quiet_output

    quiet_output()
    sys.exit(0)


def _cannot_write(error):
    """Our output (the screen's file, or ``-o FILE``) cannot be written: one line on
    stderr and exit 1, never a traceback; nothing else is tried on that output."""
    import os
    import sys

    filename = getattr(error, "filename", None)
    said = f"✗ {filename}: {error.strerror or error}" if filename else f"✗ cannot write the output: {error.strerror or error}"
    try:  # what is still buffered for stdout must not fail again at exit
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (AttributeError, ValueError, OSError):
        pass
    try:
        click.echo(said, err=True)
    except OSError:
        pass
    sys.exit(1)


class LazyGroup(click.Group):
    """A group whose subcommands are built only when one is asked for: a game's from its
    ``ENTRY``, a utility's from referee.utilities (click's own "lazily loading
    subcommands" pattern), so `--help` builds none of them."""

    def list_commands(self, ctx):
        return [g.name for g in GAMES] + sorted(UTILITIES)

    def get_command(self, ctx, name):
        if name in UTILITIES:
            from referee.utilities import COMMANDS

            return COMMANDS[name]
        game = entry(name)
        return _game_command(game) if game else None

    def resolve_command(self, ctx, args):
        """Click's own, with a did-you-mean for a mistyped game or utility (`conexion`);
        difflib is imported only then, so a right name costs nothing."""
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            import difflib

            typed = click.utils.make_str(args[0]) if args else ""
            words = [w for g in GAMES for w in (g.name, *g.aliases)] + sorted(UTILITIES)
            close = difflib.get_close_matches(typed.lower(), words, n=1, cutoff=0.7)
            if not close or typed.startswith("-"):
                raise
            item = entry(close[0])
            meant = item.name if item else close[0]
            raise click.UsageError(f"No such command {typed!r}; did you mean {meant!r}?", ctx) from error

    def invoke(self, ctx):
        """Click's own, except that output whose reader went away (`referee games | head
        -1`) ends the command quietly with exit 0, as `quit` would, instead of a line
        about a BrokenPipeError nobody can read (issue 18, item 15). A game in play stops
        the same way from inside its shell (Shell.reader_gone)."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _reader_gone()
        except OSError as error:  # output that cannot be written (a full disk, /dev/full)
            _cannot_write(error)

    def make_context(self, info_name, args, parent=None, **extra):
        """Click's own; `referee --help | head -1` ends as invoke's closed pipe does."""
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except BrokenPipeError:
            _reader_gone()

    def format_commands(self, ctx, formatter):
        with formatter.section("Games"):
            formatter.write_dl([(g.name, g.summary) for g in GAMES])
        # A whole first sentence, wrapped by write_dl, rather than click's 45-column cut
        # ("the unfinished..."): the utilities' help is the only place a newcomer reads it.
        rows = sorted(UTILITIES.items())
        with formatter.section("Utilities"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="referee")
def main():
    """A scribe and arbiter that sits beside a physical tabletop game.

    Start a game with `referee GAME --players Ann,Ben,Cy`, then type what happens at
    the table; `help` inside the game lists its commands and `referee help GAME` shows
    its manual page. Games are saved as they go: `referee games` lists them and
    `referee resume ID` picks one up.
    """


class Choice(click.Choice):
    """click's choice, with the closest choice named when a typed one is near it
    (`--variant quikc`: "did you mean 'quick'?"); difflib is imported only then."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as error:
            import difflib

            close = difflib.get_close_matches(str(value).lower(), list(self.choices), n=1, cutoff=0.6)
            if not close:
                raise
            raise click.BadParameter(f"{error.message} Did you mean {close[0]!r}?", ctx, param) from error


def _dest(flag):
    return "flag_" + flag.option


def _show_manual(name):
    """`referee GAME --manual`: the game's page, then exit before anything starts."""

    def callback(ctx, param, value):
        if value and not ctx.resilient_parsing:
            from referee.core import manual

            manual.show(manual.game_page(name))
            ctx.exit()

    return callback


def _game_command(game):
    params = [
        click.Option(["-p", "--players"], metavar="NAMES", help="Players in seat order, comma-separated (asked if left out)."),
        click.Option(["-o", "--option", "options"], multiple=True, metavar="NAME=VALUE",
                     help="A table option (house rule); `rules` in the game lists them."),
        click.Option(["--script"], type=click.File("r", encoding="utf-8", errors="surrogateescape"), metavar="FILE",
                     help="Read the commands from FILE instead of the keyboard ('-' for stdin)."),
        click.Option(["--json", "as_json"], is_flag=True, help="On exit print one JSON object with the scores and the public replies."),
        click.Option(["--no-color"], is_flag=True, help="Plain text (also when NO_COLOR is set)."),
        click.Option(["--screen"], is_flag=True,
                     help="Also serve the game to browsers: a page for the TV, one a player (see `referee screen`)."),
    ]
    mode = click.Option(["-m", "--mode"], type=Choice(["table", "digital"]), default="table", show_default=True,
                        help="table: players draw physical cards and say which; digital: the referee deals (G-2).",
                        hidden=not game.digital)  # hidden, yet read: `-m digital` then gets the game's own refusal
    params.insert(1, mode)
    if game.digital:
        params.insert(2, click.Option(["--seed"], type=int, help="Seed of the digital shuffle, to replay a deal exactly."))
    if game.timer:
        params.insert(3 if game.digital else 1, click.Option(["-t", "--timer"], type=click.IntRange(0, TIMER_MAX), metavar="SECONDS",
                                      help="Turn time in seconds, 0 for untimed (an advisory countdown, G-5)."))
    if game.words:
        params.insert(-3, click.Option(["-w", "--wordlist", "wordlists"], multiple=True,
                                       type=click.Path(exists=True, dir_okay=False),
                                       help="The table's own word list (one word a line), accepted as words."))
        params.insert(-3, click.Option(["--deny", "deny"], multiple=True, metavar="FILE",
                                       type=click.Path(exists=True, dir_okay=False),
                                       help="The table's own deny list (one word a line), refused as words."))
    if game.deck_file:
        params.append(click.Option(["--deck-file"], type=click.Path(exists=True, dir_okay=False), metavar="FILE",
                                   help="A replacement card table (same format as the shipped one)."))
    manual = click.Option(["--manual"], is_flag=True, expose_value=False, is_eager=True, callback=_show_manual(game.name),
                          help="Show this game's manual page and exit (`referee help %s`)." % game.name)

    # On a phone (under 80 columns) a choice flag shows its name, not [classic|endless|...]:
    # the list would widen the options column until each help line holds two words, and
    # the flag's help says the choices in words anyway.
    narrow = CONTEXT["terminal_width"] < 78
    for flag in game.flags:
        if flag.choices:
            params.append(click.Option(list(flag.decls) + [_dest(flag)], type=Choice(flag.choices), help=flag.help,
                                       metavar=flag.option.upper() if narrow else None))
        else:
            params.append(click.Option(list(flag.decls) + [_dest(flag)], is_flag=True, help=flag.help))

    params.append(manual)

    def callback(**kwargs):
        from referee.core.launch import start

        given = []
        for flag in game.flags:
            value = kwargs.pop(_dest(flag))
            if value:
                given.append(f"{flag.option}={value if flag.choices else flag.value}")
        kwargs["options"] = tuple(kwargs["options"]) + tuple(given)  # a flag wins over -o
        kwargs["screen"] = screen_beside() if kwargs.pop("screen") else None
        start(game.name, **kwargs)

    return click.Command(
        game.name,
        params=params,
        callback=callback,
        help=game.summary + "\n\nInside the game, `help` lists the commands.",
        short_help=game.summary,
        context_settings=CONTEXT,
    )


if __name__ == "__main__":  # pragma: no cover
    main()
