"""A Cosmic Colors session and shell for the command tests, output collected."""

from referee.games import load
from tests.tables import open_table

GAME = load("colors")


def new(home, players=("Ann", "Ben"), mode="digital", seed=5, **options):
    return open_table("colors", home, players, mode, seed, **options)


def one_refusal(text):
    """One refusal: a single ✗ message, on one line or wrapped by the shell to the
    terminal (its later lines indented), never two messages or a blank line."""
    import click

    plain = click.unstyle(text)
    lines = plain.split("\n")
    return plain.startswith("✗ ") and plain.count("✗") == 1 and all(line.startswith("  ") for line in lines[1:])
