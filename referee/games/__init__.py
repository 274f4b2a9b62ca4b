"""The games referee knows, as a list it can show without importing any of them.

``referee --help`` must not load a game (DESIGN 5), so each game says what the command
line needs in its package's ``__init__.py``: one ``ENTRY`` (name, title, summary,
aliases, modes, flags, timer, words, deck file, who may play), read here and nowhere
written twice. The game's own class takes its name, title, modes and player counts from
that entry (``core.game.Game.entry``), and its table options take their choices and the
timer's declaration from it. The game's rules load only when a game is played.

Adding a game: its package (``__init__.py`` with ``ENTRY``, ``game.py`` with ``GAME``,
its rules, commands, views and data files) and its name in ``BUILT`` below. ``BUILT`` is
a list rather than a scan of this folder: it orders ``referee --help``, and a game half
written in the tree is not offered until it is listed.

The records are named tuples, not dataclasses: ``referee --help`` imports this module,
and dataclasses (which imports inspect) made that import cost 2.7x a bare interpreter.
"""

from collections import namedtuple

BUILT = ("connexion", "connections", "colors", "cosmocode", "cosmos")  # the games offered, in --help's order

TIMER_MAX = 3600  # the longest turn a table may set, in seconds: -t and `-o timer=` alike


class Flag(namedtuple("Flag", "decls option help choices value", defaults=((), "yes"))):
    """A command-line spelling of one table option, so `--variant quads` means `-o variant=quads`.

    It lives here, not in the game, because `--help` must show it without importing the game.
    A flag with ``choices`` takes one of them (and the game's option takes its choices from
    the flag: ``Entry.choices``); one without sets the option to ``value``.
    """

    __slots__ = ()


class Timer(namedtuple("Timer", "default rule help")):
    """A game's turn timer: the `timer` table option (seconds, 0 = untimed, at most
    TIMER_MAX) and the -t/--timer flag that sets it. ``option()`` is the core Option the
    game lists among its table options, built when the game loads."""

    __slots__ = ()

    def option(self):
        from referee.core.options import Option

        return Option("timer", self.default, self.rule, self.help, maximum=TIMER_MAX)


class Seats(namedtuple("Seats", "low high rule who counts note hint by", defaults=("", (), "", "", None))):
    """How many may play (``Game.players_refusal``: asked by the command line before a game
    starts and by the session of a save; the rules trust it): from ``low`` to
    ``high`` (``counts``: only these, e.g. 2 or 4), citing ``rule``. ``who`` names the game
    or variant in the refusal (the game's title if empty), ``note`` follows the counts
    ("(two teams)"), ``hint`` ends it ("3 can play the Jr variant"). ``by`` is
    ``(option, {value: Seats})`` when a table option changes who may play (a variant)."""

    __slots__ = ()

    def allowed(self):
        return tuple(self.counts) or tuple(range(self.low, self.high + 1))

    def refusal(self, title, count, options=None):
        """None if ``count`` players may play with these ``options``; else the one-line
        refusal, e.g. "Cosmo;code is for 2 to 6 players, not 7 (CO-1)"."""
        if self.by:
            name, table = self.by
            chosen = table.get((options or {}).get(name))
            if chosen is not None:
                return chosen.refusal(title, count)
        allowed = self.allowed()
        if count in allowed:
            return None
        if allowed == (1,):
            said = "one player"
        elif len(allowed) == 2 and allowed[1] - allowed[0] > 1:
            said = f"{allowed[0]} or {allowed[1]} players"
        else:
            said = f"{allowed[0]} to {allowed[-1]} players"
        note = f" {self.note}" if self.note else ""
        hint = f"; {self.hint}" if self.hint else ""
        return f"{self.who or title} is for {said}{note}, not {count} ({self.rule}){hint}"


class Entry(namedtuple("Entry", "name title summary module aliases modes flags timer words deck_file players",
                       defaults=("", (), ("table", "digital"), (), None, True, False, None))):
    """One game as the command line knows it. After name, title and summary: module (the
    one whose ``GAME`` is the game; referee.games.NAME.game if empty); aliases; modes
    (``table``, and ``digital`` if the referee can deal: -m and --seed, G-2); flags (Flag:
    game-specific options spelled on the command line); timer (a Timer: the game has a
    turn timer, -t/--timer); words (takes -w/--wordlist and --deny: it checks words with
    the lexicon); deck_file (takes --deck-file, a replacement card table); players (Seats:
    every game declares who may play)."""

    __slots__ = ()

    @property
    def digital(self):
        return "digital" in self.modes

    @property
    def game_module(self):
        return self.module or f"referee.games.{self.name}.game"

    def flag(self, option):
        """The flag that sets ``option``, or None."""
        return next((f for f in self.flags if f.option == option), None)

    def choices(self, option):
        """The choices of ``option`` as its flag offers them: the game's Option declares
        ``choices=ENTRY.choices(name)``, so `--help` and `rules` cannot disagree."""
        return self.flag(option).choices


def _read():
    from importlib import import_module

    return tuple(import_module(f"{__name__}.{name}").ENTRY for name in BUILT)


GAMES = _read()


def entry(name):
    name = name.lower()
    for item in GAMES:
        if name == item.name or name in item.aliases:
            return item
    return None


def load(name):
    """The Game object of a built game, importing its module now."""
    from importlib import import_module

    item = entry(name)
    if item is None:
        return None
    return import_module(item.game_module).GAME


def players_refusal(item, count, options=None):
    """Why ``count`` players cannot play the game of ``item`` (an Entry) with these table
    options, or None: the one check of the player count (issue 9 item 6)."""
    if item.players is None:
        return None
    return item.players.refusal(item.title, count, options)
