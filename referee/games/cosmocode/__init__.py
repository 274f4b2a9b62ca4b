"""Cosmo;code as the command line knows it, read by ``referee --help`` without importing
the game (referee.games): the game itself is ``game.GAME``."""

from referee.games import Entry, Flag, Seats

ENTRY = Entry(
    "cosmocode",
    "Cosmo;code",
    "Referee Cosmo;code: receive signals, manipulate them, two red cards win.",
    aliases=("code", "cosmo-code"),
    words=False,
    flags=(Flag(("--no-reshuffle",), "reshuffle", "An empty deck is not reshuffled from its discard (CO-4).",
                value="no"),),
    players=Seats(2, 6, "CO-1"),
)
