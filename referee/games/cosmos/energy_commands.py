"""Placeholder: the energy commands of Crafting the Cosmos, being written."""
