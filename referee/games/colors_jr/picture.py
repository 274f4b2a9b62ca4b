"""The Cosmic Colors Jr table as data for a screen that draws it itself (`referee screen`).

Jr is a different game in the same box (CC-7), so it has its own picture (kind
"colors_jr"): the nine face-up piles' top cards (drawn as the team game draws its cards,
colors.picture.card), how many cards each pile holds in digital mode, the piles gone and
those whose new top card the table is still to say, the last take, and every player's
taken cards (face up, so public; the count is the score), whose turn it is and the winners.

Only what the whole table sees goes in, the same facts `show` draws: never a card under a
pile's top (G-2) nor the seed.
"""

import click

from referee.games.colors.picture import card
from referee.games.colors_jr import rules, view
from referee.games.colors_jr.state import CELLS, PILES_GONE, SIZE, cell_name


def picture(state):
    """The public picture of ``state`` as a JSON-able dict (kind "colors_jr")."""
    over = state.phase == "over"
    turn = None if over or state.phase != "play" else state.player
    return {
        "kind": "colors_jr",
        "mode": state.mode,
        "phase": state.phase,
        "size": SIZE,
        "columns": "abc"[:SIZE],
        "piles": [_pile(state, index) for index in range(CELLS)],
        "gone": state.gone,
        "gone_to_end": PILES_GONE,
        "last_round": state.last_round,
        "last": _last(state),
        "turn": turn,
        "players": [{"name": p, "acts": p == turn, "count": len(taken),
                     "taken": [card(state.names, c) for c in taken]}
                    for p, taken in zip(state.players, state.taken)],
        "winners": rules.winners(state) if over else [],
        "status": click.unstyle(view.status(state)),
    }


def _pile(state, index):
    """One pile: its top card, its size where the referee knows it (digital; at a table
    only the top is typed in), whether it is gone and whether its new top is awaited."""
    pile = state.piles[index]
    row, column = divmod(index, SIZE)
    gone = not pile if state.mode == "digital" else state.empty[index]
    return {"cell": cell_name(index), "row": row, "column": column,
            "card": card(state.names, pile[-1]) if pile else None,
            "count": len(pile) if state.mode == "digital" else None,
            "gone": bool(gone), "awaited": index in state.reveal}


def _last(state):
    """The last take: who, the value named at which pile, and the piles it took from."""
    if not state.takes:
        return None
    take = state.takes[-1]
    return {"player": state.players[take.seat], "cell": cell_name(take.cell),
            "value": state.names.value_name(take.side, take.value),
            "cells": [cell_name(c) for c in take.cells], "took": len(take.cards)}
