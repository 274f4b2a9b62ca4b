"""Cosmic Colors as the command line knows it, read by ``referee --help`` without
importing the game (referee.games): the game itself is ``game.GAME``."""

from referee.games import Entry, Flag, Seats

VARIANTS = ("standard", "wild", "short", "jr")  # CC-7

ENTRY = Entry(
    "colors",
    "Cosmic Colors",
    "Referee Cosmic Colors: the 5×5 play area, team plays scored, secret totals, hints.",
    aliases=("cc", "cosmic-colors", "colours"),
    words=False,
    flags=(
        Flag(("--variant",), "variant", "Standard, wild (Wild Cards), short (Short Game) or jr (CC-7).",
             choices=VARIANTS),
        Flag(("--open-scores",), "open_scores", "Show the point totals during the game (CC-4)."),
        Flag(("--no-hints",), "hints", "Turn the hint command off (CC-8).", value="no"),
    ),
    players=Seats(2, 4, "CC-5", counts=(2, 4), note="(two teams)", hint="3 can play the Jr variant (-o variant=jr)",
                  by=("variant", {"jr": Seats(2, 4, "CC-7", who="Cosmic Colors Jr")})),
)
