"""Cosmic Colors Jr (CC-7), the other game in Cosmic Colors' box: nine face-up piles,
name a top card's colour or shape, take the group. A game of its own (its state, rules,
moves, phases and views, python-chess's VARIANTS), played as ``referee colors --variant
jr``: the box's one entry on the command line names it, and ``Colors.variant`` hands a
session this game when the table chose it. Its saves are Cosmic Colors saves."""

from referee.games.colors import ENTRY  # noqa: F401  the box's entry: the same name, flags and seats
