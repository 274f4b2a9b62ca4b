"""Crafting the Cosmos's moves, each declared once by the module of its part of the game
(setup, energy, craft, power, ending, corrections), assembled here with the phase table
into the game's ``apply`` (core.moves.MoveSet): fields fit → the game is not over → the
phase opens the move → the player to act → the move's own rule → its pure effect.
"""

from referee.core.moves import MoveSet
from referee.games.cosmos import corrections, craft, ending, energy, phases, power, setup

MOVE_LIST = tuple(setup.MOVES) + tuple(energy.MOVES) + tuple(craft.MOVES) + tuple(power.MOVES) \
    + tuple(ending.MOVES) + tuple(corrections.MOVES)

PHASES = phases.PHASES

MOVES = MoveSet(MOVE_LIST, PHASES)  # refuses a phase opening a move no part declares
