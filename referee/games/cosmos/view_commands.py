"""Placeholder: the view commands of Crafting the Cosmos, being written."""
