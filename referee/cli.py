"""The command line: one subcommand per game, plus the table's utilities.

Only click is imported here. Games, the lexicon (wordfreq) and prompt-toolkit load when
a subcommand runs, so ``referee --help`` answers at once (DESIGN 5); the help text of
each game comes from its package's ``ENTRY`` (``referee.games.GAMES``) without importing
the game's rules.
"""


import click

from referee import __version__
from referee.games import GAMES, TIMER_MAX, entry



def _help_width():
    """The width click would give the help (the terminal's, at most 100, at least 50),
    found with os alone: click finds it through shutil, an import that costs `--help`
    a tenth of its time on top of click's own (DESIGN budget: within 1.1x import click)."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", "0")) or os.get_terminal_size(1).columns
    except (OSError, ValueError):
        columns = 80
    return max(min(columns, 100) - 2, 50)


CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100, "terminal_width": _help_width()}


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
    """A group whose game subcommands are built only when one is asked for."""

    def list_commands(self, ctx):
        return [g.name for g in GAMES] + sorted(self.commands)

    def get_command(self, ctx, name):
        if name in self.commands:
            return self.commands[name]
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
            words = [w for g in GAMES for w in (g.name, *g.aliases)] + sorted(self.commands)
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
        rows = [(n, self.commands[n].get_short_help_str(200)) for n in sorted(self.commands)]
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
    mode = click.Option(["-m", "--mode"], type=click.Choice(["table", "digital"]), default="table", show_default=True,
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
            params.append(click.Option(list(flag.decls) + [_dest(flag)], type=click.Choice(flag.choices), help=flag.help,
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
        kwargs["screen"] = _screen_beside() if kwargs.pop("screen") else None
        start(game.name, **kwargs)

    return click.Command(
        game.name,
        params=params,
        callback=callback,
        help=game.summary + "\n\nInside the game, `help` lists the commands.",
        short_help=game.summary,
        context_settings=CONTEXT,
    )


@main.command(context_settings=CONTEXT)
@click.argument("words", nargs=-1, required=True)
@click.option("-w", "--wordlist", "wordlists", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="The table's own word list, accepted as words.")
@click.option("--deny", "deny", multiple=True, metavar="FILE", type=click.Path(exists=True, dir_okay=False),
              help="The table's own deny list, refused as words.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a word, one a line.")
def word(words, wordlists, deny, as_json):
    """Is it a word? The verdict, its wordfreq frequency and which list decided."""
    from referee.core.launch import word_verdicts

    word_verdicts(words, wordlists, as_json, deny=deny)


@main.command(context_settings=CONTEXT)
@click.option("--json", "as_json", is_flag=True, help="A JSON list instead of a table.")
def games(as_json):
    """The saved games: id, game, players, started, last move, finished."""
    from referee.core.launch import list_games

    list_games(as_json)


@main.command(context_settings=CONTEXT)
@click.argument("game_id", metavar="[ID]", default="last")
@click.option("--script", type=click.File("r", encoding="utf-8", errors="surrogateescape"), metavar="FILE", help="Read the commands from FILE.")
@click.option("--json", "as_json", is_flag=True, help="On exit print one JSON object with the scores and the public replies.")
@click.option("--no-color", is_flag=True, help="Plain text (also when NO_COLOR is set).")
@click.option("--screen", is_flag=True, help="Also serve the game to browsers (see `referee screen`).")
def resume(game_id, script, as_json, no_color, screen):
    """Pick up a saved game where it stopped (without ID, the unfinished one played last)."""
    from referee.core.launch import resume_game

    resume_game(game_id, script, as_json, no_color, screen=_screen_beside() if screen else None)


def _screen_beside():
    """`--screen`'s hook for the launcher: the second screen, loaded only when asked for."""
    from referee.screen.beside import beside

    return beside


@main.command(context_settings=CONTEXT)
@click.argument("game_id", metavar="[ID]", default="last")
@click.option("-f", "--format", "fmt", type=click.Choice(["text", "md", "csv", "json"]), default="text",
              show_default=True, help="How to write the record.")
@click.option("-o", "--output", type=click.File("w", encoding="utf-8"), default="-", help="Write to FILE (default: the screen).")
@click.option("--review", is_flag=True, help="A finished ConneXion game's missed words, turn by turn (text or json).")
def log(game_id, fmt, output, review):
    """The scribe's record of a saved game, exported (without ID, the one played last)."""
    from referee.core.launch import export_log, review_log

    if review:
        review_log(game_id, fmt, output)
        return
    export_log(game_id, fmt, output)


@main.command(context_settings=CONTEXT)
@click.argument("game_id", metavar="[ID]", default="last")
@click.option("--no-color", is_flag=True, help="Plain text (also when NO_COLOR is set).")
def chart(game_id, no_color):
    """Each player's score over the game, turn by turn (without ID, the one played last).

    Secret totals (Colors, CC-4) are charted only once the game has ended."""
    from referee.core import launch

    launch.chart(game_id, no_color)


@main.command(context_settings=CONTEXT)
@click.argument("game_id", metavar="[ID]", default="last")
@click.option("--once", is_flag=True, help="Print one picture of the game and exit.")
@click.option("--interval", type=click.FloatRange(0.1, 60), default=0.5, show_default=True, metavar="SECONDS",
              help="How often to look at the save file.")
@click.option("--no-color", is_flag=True, help="Plain text (also when NO_COLOR is set).")
def watch(game_id, once, interval, no_color):
    """Follow a game played in another terminal, for a screen the whole table sees: the public
    view only, read-only (without ID, the unfinished game played last). Ctrl-C quits."""
    from referee.core.watch import main as watch_main

    watch_main(game_id, once, interval, no_color)


@main.command(context_settings=CONTEXT)
@click.argument("game_id", metavar="[ID]", default="last")
@click.option("--lan", is_flag=True, help="Serve the local network too (default: this machine only).")
@click.option("--port", type=click.IntRange(0, 65535), default=8750, show_default=True, metavar="N",
              help="The port to listen on (0: any free one).")
@click.option("--no-qr", is_flag=True, help="Leave out the QR codes of the seats' links.")
@click.option("--keep-links", is_flag=True, help="The seats' links of the last --keep-links run of this game (new otherwise).")
def screen(game_id, lan, port, no_qr, keep_links):
    """Serve a game to browsers: a public page for the TV and a private page a player, each
    behind its own link (without ID, the unfinished game played last). Read-only; Ctrl-C stops."""
    from referee.screen.main import main as screen_main

    screen_main(game_id, lan=lan, port=port, qr=not no_qr, keep_links=keep_links)


@main.command("help", context_settings=CONTEXT)
@click.argument("topic", metavar="[GAME]", required=False)
@click.pass_context
def help_command(ctx, topic):
    """The manual pages: the whole tool's, or a game's own (`referee help cosmos`).

    Through `man` where it is installed, else as text through the pager (a phone). A
    utility's name (`referee help stats`) shows the whole tool's page, which has it."""
    from referee.core import manual

    game = entry(topic.lower()) if topic else None
    if game:
        manual.show(manual.game_page(game.name))
    elif topic is None or topic.lower() == manual.MAIN or topic in ctx.parent.command.commands:
        manual.show(manual.MAIN)
    else:
        raise click.BadParameter(f"no manual page for {topic!r}: a game ({', '.join(g.name for g in GAMES)}), "
                                 "a utility, or nothing for the whole tool's page", param_hint="GAME")


class Day(click.ParamType):
    """A day as players say it: 2026-11-01 (a time may follow: 2026-11-01 20:00), today or
    yesterday; the start of that day (or that minute) as an epoch, local time."""

    name = "date"

    def convert(self, value, param, ctx):
        import time

        if isinstance(value, (int, float)):
            return value
        text = str(value).strip().lower()
        if text in ("today", "yesterday"):
            day = time.localtime(time.time() - (86400 if text == "yesterday" else 0))
            return time.mktime((day.tm_year, day.tm_mon, day.tm_mday, 0, 0, 0, 0, 0, -1))
        for form in ("%Y-%m-%d", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M"):
            try:
                return time.mktime(time.strptime(text.upper(), form))
            except ValueError:
                continue
        self.fail(f"give a day as 2026-11-01 (a time may follow: '2026-11-01 20:00'), today or yesterday, "
                  f"not {value!r}", param, ctx)


@main.command(context_settings=CONTEXT)
@click.option("-g", "--game", metavar="GAME", help="One game only (connexion, or with its variant: 'connections quick').")
@click.option("-p", "--player", metavar="NAME", help="Games this player played (any case), and their records.")
@click.option("--since", type=Day(), metavar="DATE",
              help="Games started on or after DATE (2026-11-01, today, yesterday).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object instead of the tables.")
def stats(game, player, since, as_json):
    """Who wins most: per player and game, games played, wins, win rate, mean and best score.

    Over all games only games, wins and win rate: scores of different games do not add
    up. Each game's records follow; a record several reached says how many and names the
    first.

    Only finished games count; a shared win counts as a win for each who shares it; a
    damaged save is skipped and named in one line."""
    from referee.core.launch import show_stats

    show_stats(game, player, since, as_json)


if __name__ == "__main__":  # pragma: no cover
    main()
