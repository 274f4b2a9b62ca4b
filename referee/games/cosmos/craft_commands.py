"""Placeholder: the craft commands of Crafting the Cosmos, being written."""
