"""Crafting the Cosmos's moves, each declared once: the rules by the module of its part of
the game (setup, energy, craft, power, ending, corrections), the words that type it, its
reading, what it asks and its reply by that part's reading module (``*_reading.py``,
``TYPED``), assembled here with the phase table into the game's ``apply``
(core.moves.MoveSet): fields fit → the game is not over → the phase opens the move → the
player to act → the move's own rule → its pure effect. Each move's command runs its
whole path through core.play.

Two words a reading passes to its move's ``gather`` are not fields and are never
journalled: ``insist`` (a line ending in `!`: complete, end and power score, end or keep
without asking) and ``line`` (the cards of a `tell` typed on the line, read once the
rules have said who may tell); ``gather`` takes them out.
"""

from dataclasses import replace

from referee.core.moves import MoveSet
from referee.games.cosmos import (corrections, corrections_reading, craft, craft_reading, ending, ending_reading,
                                  energy, energy_reading, phases, power, power_reading, setup, setup_reading)

RULES = tuple(setup.MOVES) + tuple(energy.MOVES) + tuple(craft.MOVES) + tuple(power.MOVES) \
    + tuple(ending.MOVES) + tuple(corrections.MOVES)

TYPED = {**setup_reading.TYPED, **energy_reading.TYPED, **craft_reading.TYPED, **power_reading.TYPED,
         **ending_reading.TYPED, **corrections_reading.TYPED}

MOVE_LIST = tuple(replace(move, **TYPED.get(move.name, {})) for move in RULES)

PHASES = phases.PHASES

MOVES = MoveSet(MOVE_LIST, PHASES)  # refuses a phase opening a move no part declares
