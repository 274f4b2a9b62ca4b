"""A Cosmic Colors session and shell for the command tests, output collected."""

from referee.games import load
from tests.tables import open_table

GAME = load("colors")


def new(home, players=("Ann", "Ben"), mode="digital", seed=5, **options):
    return open_table("colors", home, players, mode, seed, **options)
