"""Cosmic ConneXion as the command line knows it, read by ``referee --help`` without
importing the game (referee.games): the game itself is ``game.GAME``."""

from referee.games import Entry, Seats, Timer

ENTRY = Entry(
    "connexion",
    "Cosmic ConneXion",
    "Referee Cosmic ConneXion: the Greek letter diamond, words, celestial cards.",
    aliases=("cx", "cosmic-connexion"),
    timer=Timer(60, "CX-7", "turn time in seconds, also for the bonus sentence (0 = untimed)"),
    deck_file=True,
    players=Seats(2, 8, "CX-7"),
)
