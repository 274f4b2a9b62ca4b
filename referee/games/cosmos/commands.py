"""Everything players type in Crafting the Cosmos: the one registry (registry.COMMANDS)
once every part of the game has added its commands to it, each reply fitted to the
terminal (a phone is 50 columns).

Each part keeps its commands in its own module (setup_commands, energy_commands,
craft_commands, power_commands, ending_commands, view_commands, corrections_commands)
registering on
the shared registry; importing them here is what registers them, so the game imports
this module and nothing else.
"""

from referee.games.cosmos import (corrections_commands, craft_commands, ending_commands,  # noqa: F401 (they register)
                                  energy_commands, power_commands, setup_commands, view_commands)
from referee.games.cosmos.registry import COMMANDS

# `help` lists the commands in the order of play (setup, energy phase, craft phase, end
# phase), then the corrections and views: a newcomer reads it top-down as "what do I do"
# (playtest P18); they registered in the order the modules were imported.
_PLAY_ORDER = ("tokens", "display", "goal", "shift", "take", "nebula", "hint", "place", "supernova", "stabilise",
               "move", "complete", "advanced", "set", "power", "use", "discharge", "end", "count", "discard")
COMMANDS.commands = dict(sorted(COMMANDS.commands.items(),
                                key=lambda item: _PLAY_ORDER.index(item[0]) if item[0] in _PLAY_ORDER
                                else len(_PLAY_ORDER)))


COMMANDS.fit_replies()  # every reply and refusal fits a 50-column phone
