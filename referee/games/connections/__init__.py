"""The Connections Card Game as the command line knows it, read by ``referee --help``
without importing the game (referee.games): the game itself is ``game.GAME``."""

from referee.games import Entry, Flag, Seats, Timer

VARIANTS = ("classic", "endless", "solitaire", "quick", "quads", "rummy")  # CN-6
TITLES = {"classic": "Classic", "endless": "Endless", "solitaire": "Solitaire", "quick": "Quick Play",
          "quads": "Quads", "rummy": "Rummy"}

ENTRY = Entry(
    "connections",
    "Connections Card Game",
    "Referee the Connections Card Game (Words Edition): the layout, pairs, scores, contests.",
    aliases=("cn", "connections-card-game"),
    modes=("table",),  # the cards are physical (CN-1)
    flags=(
        Flag(("--variant",), "variant", "classic, endless, solitaire, quick, quads or rummy (CN-6).",
             choices=VARIANTS),
        Flag(("--esl",), "esl", "Play without the 5-point cards (CN-6 ESL suggestion)."),
    ),
    timer=Timer(0, "CN-6", "advisory turn time in seconds (0 = untimed; the rulebook suggests 60)"),
    # Solitaire is for one; every other variant for 2 to 8 (CN-6), named in the refusal.
    players=Seats(2, 8, "CN-6", by=("variant", {
        variant: Seats(1, 1, "CN-6", who=TITLES[variant]) if variant == "solitaire" else
        Seats(2, 8, "CN-6", who=TITLES[variant]) for variant in VARIANTS})),
)
