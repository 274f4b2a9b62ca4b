"""The Cosmic Colors table as data for a screen that draws it itself (`referee screen`).

A browser cannot lay the terminal's coloured codes out well on a TV or a phone, so it is
given the facts instead: the 5×5 play area's top cards (colour, shape, wild) and how high
each stack is, the last play's cells, the draw pile's count, every hand (public, Setup 3)
with its player's side, whose turn it is and what they are to do.

Only what the whole table sees goes in, the same facts `show` and the toolbar draw: never
the order of the draw pile (G-2), the cards the referee has not seen, nor the teams'
point totals while the game is on (secret, CC-4) unless the table plays with open scores.
The last play's cells and the other cells it scored are drawn, as its reply showed them
to the table ([ ] and ( ) there); the totals they add up to are not.
"""

import click

from referee.games.colors import grid, rules, view
from referee.games.colors.cards import GLYPHS, UNKNOWN, WILD, WILD_GLYPH, colour_of, shape_of


def card(names, value):
    """One card as the screen draws it: its code and name, its colour and shape by name and
    position (a table may rename them, CC-1; the drawing picks a shape by position), a wild
    flagged. Also what Jr's picture (colors_jr.picture) draws its cards with."""
    if value == WILD:
        return {"code": "W", "name": "wild", "wild": True, "glyph": WILD_GLYPH,
                "colour": None, "shape": None, "colour_index": None, "shape_index": None}
    if value == UNKNOWN:  # held, but not entered by the table (hands are optional at a table)
        return {"code": names.code(value), "name": names.name(value), "wild": False, "glyph": "?",
                "colour": None, "shape": None, "colour_index": None, "shape_index": None, "unknown": True}
    colour, shape = colour_of(value), shape_of(value)
    return {"code": names.code(value), "name": names.name(value), "wild": False, "glyph": GLYPHS[shape],
            "colour": names.colors[colour], "shape": names.shapes[shape],
            "colour_index": colour, "shape_index": shape}


def picture(state):
    """The public picture of ``state`` as a JSON-able dict (kind "colors")."""
    over = state.phase == "over"
    turn = None if over else state.player  # in setup, who plays first (marked ▶ as `show` does)
    return {
        "kind": "colors",
        "mode": state.mode,
        "variant": state.variant,
        "phase": state.phase,
        "size": grid.SIZE,
        "columns": grid.COLUMNS[:grid.SIZE],
        "cells": _cells(state),
        "last": _last(state),
        "pile": state.pile_count,
        "removed": state.removed,
        "turn": turn,
        "step": None if turn is None else state.phase,
        "draw": state.draw_need if state.phase == "draw" else 0,
        "players": [_player(state, seat, player == turn) for seat, player in enumerate(state.players)],
        "scores": _scores(state),
        "winners": _winners(state) if over else [],
        "status": click.unstyle(view.status(state)),
    }


def _cells(state):
    """Every cell, a1 top left, row by row: its top card (None while the table has not laid
    it) and how many cards its stack holds."""
    cells = []
    for index, stack in enumerate(state.stacks):
        row, column = divmod(index, grid.SIZE)
        top = card(state.names, stack[-1]) if stack else None
        cells.append({"cell": grid.name(index), "row": row, "column": column, "card": top, "height": len(stack)})
    return cells


def _last(state):
    """The last play (who, the value named, the cells covered and the other cells that
    scored with them, 2a), or None before it."""
    if not state.turns:
        return None
    turn = state.turns[-1]
    value = state.names.value_name(turn.side, turn.value) if turn.cards and turn.value is not None else None
    played = set(turn.cells)
    return {"player": state.players[turn.seat], "side": turn.side, "value": value,
            "cells": [grid.name(c) for c in turn.cells],
            "scored": [grid.name(c) for c in grid.cells_of(turn.scored) if c not in played]}


def _player(state, seat, acts):
    """A seat's public side: its team's side (Shapes or Colors) and its hand, face up
    (Setup 3); a hand the table has not typed in yet is None, not empty."""
    entered = not (state.phase == "setup" and seat not in state.entered)
    hand = [card(state.names, c) for c in state.hands[seat]] if entered and state.hands else None
    return {"name": state.players[seat], "side": state.side_of(seat), "team": state.team_of(seat),
            "acts": acts, "hand": hand}


def _scores(state):
    """The teams' totals, only when the table may see them (the end, or open scores, CC-4)."""
    if not view.scores_visible(state):
        return None
    return [{"side": state.side_of_team(t), "players": [state.players[s] for s in state.seats_of(t)],
             "points": state.points[t]} for t in (0, 1)]


def _winners(state):
    return [p for s, p in enumerate(state.players) if state.team_of(s) in rules.winners(state)]
