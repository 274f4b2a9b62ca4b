"""The Connections Card Game's rules, as the rest of the package reads them.

The rules are declared in moves.py (each move once: fields, check, effect, log line,
rule) over the state of state.py; ``apply`` is that declaration's. This module only
gathers the names the commands, the views and the tests use, so none of them needs
to know which module of the rules holds what.
"""

from referee.games.connections.contests import check_vote, object_to, open_vote  # noqa: F401
from referee.games.connections.moves import MOVES, ONLY_IN, has  # noqa: F401
from referee.games.connections.plays import check_play  # noqa: F401
from referee.games.connections.rounds import late_by, round_scores, winners  # noqa: F401
from referee.core.pieces import evolve  # noqa: F401  (the one fast replace of a state)
from referee.games.connections.state import (  # noqa: F401
    COUNTED, DEAL, PILES, QUADS_TO_WIN, ROUNDS, STARTER, TITLES, TURNS, VARIANTS, State, card_of, deal_size, initial,
    on_table)

apply = MOVES.apply
verify = MOVES.verify
can = MOVES.can
