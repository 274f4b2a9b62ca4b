"""Placeholder: the ending commands of Crafting the Cosmos, being written."""
