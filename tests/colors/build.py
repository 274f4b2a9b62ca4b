"""Scenarios for the tests: a state built straight from a picture of the grid and the hands."""

from dataclasses import replace

from referee.games.colors import rules
from referee.games.colors.cards import Names
from referee.games.colors.moves import MOVES

NAMES = Names()
OPTIONS = {"variant": "standard", "first_side": "shapes", "open_scores": False, "hints": True, "tie": "cards",
           "colors": "red,orange,yellow,green,blue", "shapes": "star,moon,planet,comet,galaxy"}


def cards(text):
    return [NAMES.parse(w) for w in text.split()]


def state(grid_text, hands, pile=20, mode="table", options=None, turn=0, **changes):
    """``grid_text``: 25 codes row by row (a1..e1, a2..e2, ...); ``hands``: one string per seat."""
    tops = cards(grid_text)
    assert len(tops) == 25
    players = ("Ann", "Ben", "Cy", "Di")[:len(hands)]
    opts = dict(OPTIONS, **(options or {}))
    built = rules.State(players=players, mode=mode, options=opts, names=NAMES, variant=opts["variant"],
                        stacks=tuple((c,) for c in tops), hands=tuple(tuple(sorted(cards(h))) for h in hands),
                        entered=tuple(range(len(hands))), pile_count=pile, phase="play", turn=turn)
    return replace(built, **changes)


def play(s, text, value=None, by=None):
    """Apply `Rs@b2 Ys@c2` as the rules see it."""
    from referee.games.colors import grid

    pairs = [w.split("@") for w in text.split()]
    action = {"do": "play", "cards": [NAMES.parse(c) for c, _ in pairs], "cells": [grid.parse(x) for _, x in pairs]}
    if value is not None:
        action["value"] = value
    if by:
        action["by"] = by
    return MOVES.apply(s, action)


# A grid with known groups: red cards (R?) and stars (?s) placed to make floods easy to count.
GRID = """
Rs Rm Om Og Yc
Rp Bm Bm Gg Yc
Os Rc Bp Gc Gp
Ys Ym Bs Gs Gm
Yp Yg Oc Oc Bc
"""
