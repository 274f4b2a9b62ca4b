"""The table's utilities (`word`, `games`, `resume`, `log`, `chart`, `watch`, `screen`,
`help`, `stats`): each a click command whose work lives in referee.core or referee.screen.
They are built only when one runs (cli.LazyGroup), not for `referee --help` or a game."""

import click

from referee.cli_settings import CONTEXT, UTILITIES, screen_beside
from referee.games import GAMES, entry


@click.command(context_settings=CONTEXT)
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


@click.command(context_settings=CONTEXT)
@click.option("--json", "as_json", is_flag=True, help="A JSON list instead of a table.")
def games(as_json):
    """The saved games: id, game, players, started, last move, finished."""
    from referee.core.launch import list_games

    list_games(as_json)


@click.command(context_settings=CONTEXT)
@click.argument("game_id", metavar="[ID]", default="last")
@click.option("--script", type=click.File("r", encoding="utf-8", errors="surrogateescape"), metavar="FILE", help="Read the commands from FILE.")
@click.option("--json", "as_json", is_flag=True, help="On exit print one JSON object with the scores and the public replies.")
@click.option("--no-color", is_flag=True, help="Plain text (also when NO_COLOR is set).")
@click.option("--screen", is_flag=True, help="Also serve the game to browsers (see `referee screen`).")
def resume(game_id, script, as_json, no_color, screen):
    """Pick up a saved game where it stopped (without ID, the unfinished one played last)."""
    from referee.core.launch import resume_game

    resume_game(game_id, script, as_json, no_color, screen=screen_beside() if screen else None)


@click.command(context_settings=CONTEXT)
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


@click.command(context_settings=CONTEXT)
@click.argument("game_id", metavar="[ID]", default="last")
@click.option("--no-color", is_flag=True, help="Plain text (also when NO_COLOR is set).")
def chart(game_id, no_color):
    """Each player's score over the game, turn by turn (without ID, the one played last).

    Secret totals (Colors, CC-4) are charted only once the game has ended."""
    from referee.core import launch

    launch.chart(game_id, no_color)


@click.command(context_settings=CONTEXT)
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


@click.command(context_settings=CONTEXT)
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


@click.command("help", context_settings=CONTEXT)
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
    elif topic is None or topic.lower() == manual.MAIN or topic in UTILITIES:
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


@click.command(context_settings=CONTEXT)
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


COMMANDS = {command.name: command for command in (word, games, resume, log, chart, watch, screen, help_command, stats)}
