"""The games referee knows, as a list it can show without importing any of them.

``referee --help`` must not load a game (DESIGN 5), so each entry carries what the
command line needs (name, aliases, one-line summary, the module to load on demand).
Only built games are listed here.

The records are named tuples, not dataclasses: ``referee --help`` imports this module,
and dataclasses (which imports inspect) made that import cost 2.7x a bare interpreter.
"""

from collections import namedtuple


class Flag(namedtuple("Flag", "decls option help choices value", defaults=((), "yes"))):
    """A command-line spelling of one table option, so `--variant quads` means `-o variant=quads`.

    It lives here, not in the game, because `--help` must show it without importing the game.
    A flag with ``choices`` takes one of them; one without sets the option to ``value``.
    """

    __slots__ = ()


class Entry(namedtuple("Entry", "name title summary module aliases deck_file flags timer digital words",
                       defaults=((), False, (), True, True, True))):
    """One game as the command line knows it. After name, title, summary and module:
    aliases; deck_file (takes --deck-file, a replacement card table); flags (Flag:
    game-specific options spelled on the command line); timer (takes -t/--timer: the game
    has a `timer` table option); digital (takes -m digital and --seed: the game has a
    digital mode, G-2); words (takes -w/--wordlist and --deny: it checks words with the
    lexicon)."""

    __slots__ = ()


GAMES = (
    Entry(
        "connexion",
        "Cosmic ConneXion",
        "Referee Cosmic ConneXion: the Greek letter diamond, words, celestial cards.",
        "referee.games.connexion.game",
        aliases=("cx", "cosmic-connexion"),
        deck_file=True,
    ),
    Entry(
        "connections",
        "Connections Card Game",
        "Referee the Connections Card Game (Words Edition): the layout, pairs, scores, contests.",
        "referee.games.connections.game",
        aliases=("cn", "connections-card-game"),
        digital=False,
        flags=(
            Flag(("--variant",), "variant", "classic, endless, solitaire, quick, quads or rummy (CN-6).",
                 choices=("classic", "endless", "solitaire", "quick", "quads", "rummy")),
            Flag(("--esl",), "esl", "Play without the 5-point cards (CN-6 ESL suggestion)."),
        ),
    ),
    Entry(
        "colors",
        "Cosmic Colors",
        "Referee Cosmic Colors: the 5×5 play area, team plays scored, secret totals, hints.",
        "referee.games.colors.game",
        aliases=("cc", "cosmic-colors", "colours"),
        timer=False,
        words=False,
        flags=(
            Flag(("--variant",), "variant", "Standard, wild (Wild Cards), short (Short Game) or jr (CC-7).",
                 choices=("standard", "wild", "short", "jr")),
            Flag(("--open-scores",), "open_scores", "Show the point totals during the game (CC-4)."),
            Flag(("--no-hints",), "hints", "Turn the hint command off (CC-8).", value="no"),
        ),
    ),
    Entry(
        "cosmocode",
        "Cosmo;code",
        "Referee Cosmo;code: receive signals, manipulate them, two red cards win.",
        "referee.games.cosmocode.game",
        aliases=("code", "cosmo-code"),
        timer=False,
        words=False,
        flags=(Flag(("--no-reshuffle",), "reshuffle", "An empty deck is not reshuffled from its discard (CO-4).",
                    value="no"),),
    ),
)


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
    return import_module(item.module).GAME
