"""Placeholder: the power part of Crafting the Cosmos, being written (see /work/notes/v3/cosmos-design.md)."""

MOVES = ()
