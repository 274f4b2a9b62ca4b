"""Crafting the Cosmos as the command line knows it, read by ``referee --help`` without
importing the game (referee.games): the game itself is ``game.GAME``."""

from referee.games import Entry, Seats

ENTRY = Entry(
    "cosmos",
    "Crafting the Cosmos",
    "Referee Crafting the Cosmos: shift energy, collect and craft, score the goals.",
    aliases=("ct", "crafting"),
    words=False,
    players=Seats(2, 4, "CT-1"),
)
