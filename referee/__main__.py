"""Allows ``python -m referee`` where the console script is not on PATH."""
from referee.cli import main

main()
