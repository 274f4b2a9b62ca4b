"""Cosmic Colors Jr's rules (CC-7): each move's check and its pure effect, which the
moves (moves.py) run in the phases of phases.py.

A turn names a top card and one of its two values; the player takes that card and every
top card joined to it (taking.py). Once two piles are empty the round is finished so
that everyone has had as many turns; most cards wins and a tie is shared. In table mode
the referee learns each new top card as it is turned up (or that the pile is empty); in
digital mode it deals the piles (state.initial). A check raises RuleError citing the
box's rule table and changes nothing; an effect never refuses.
"""

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.core.worked import remembered
from referee.games.colors import grid
from referee.games.colors.cards import COPIES, KINDS
from referee.games.colors_jr.state import CELLS, SIZE, Take, cell_name
from referee.games.colors_jr.taking import best_take, group, masks, value_of


_NEW = object.__new__


def _see(state, cards):
    return evolve(state, unseen=_unseen_after(state, cards))


def _unseen_after(state, cards):
    """The copies of each kind still unseen once ``cards`` are seen (CC-1: four of each;
    Jr has no wilds, CC-7): what ``_see`` sets, for a move that makes one state of all its
    changes."""
    unseen = list(state.unseen)
    for card in cards:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < KINDS:
            raise RuleError("Jr is played with the colour cards only, no wilds", rule="CC-7")
        if unseen[card] == 0:
            raise RuleError(f"all {COPIES} {state.names.code(card)} are already accounted for", rule="CC-1")
        unseen[card] -= 1
    return tuple(unseen)


# -- laying out the piles (table mode) ---------------------------------------------------


def check_setup(state, action):
    cards = list(action.cards)
    open_cells = sum(1 for p in state.piles if not p)
    if not cards or len(cards) > open_cells:
        raise RuleError(f"the 3×3 grid has room for {open_cells} more top cards, not {len(cards)}", rule="CC-7")
    grid.check_whole_rows(action, CELLS - open_cells, len(cards), SIZE, "CC-7")
    _unseen_after(state, cards)


def setup(state, action):
    cards = list(action.cards)
    state = _see(state, cards)
    open_cells = [i for i, p in enumerate(state.piles) if not p]
    piles = list(state.piles)
    for cell, card in zip(open_cells, cards):
        piles[cell] = (card,)
    state = evolve(state, piles=tuple(piles))
    if all(state.piles):
        state = evolve(state, phase="play")
    return state


# -- a take ---------------------------------------------------------------------------------


def check_take(state, action):
    cell, side, value = action.cell, action.side, action.value
    if not 0 <= cell < CELLS or side not in ("colors", "shapes") or not 0 <= value < 5:
        raise RuleError("a take names a pile (a1 to c3) and a colour or shape", rule="CC-7")
    pile = state.piles[cell]  # its top card alone (state.tops reads all nine)
    top = pile[-1] if pile else None
    if top is None:
        raise RuleError(f"the pile at {cell_name(cell)} is empty", rule="CC-7")
    if value_of(top, side) != value:
        raise RuleError(f"the top card at {cell_name(cell)} is {state.names.name(top)}, not "
                        f"{state.names.value_name(side, value)}: name its colour or its shape", rule="CC-7")


def take(state, action):
    cell, side, value = action.cell, action.side, action.value
    tops = state.tops
    shared = masks(tops)  # the grid's colours and shapes, once for the take and the best
    cells = group(tops, cell, side, value, shared)
    best = best_take(tops, shared)[0]
    piles = list(state.piles)
    cards = []
    for c in cells:
        cards.append(piles[c][-1])
        piles[c] = piles[c][:-1]
    taken = list(state.taken)
    taken[state.turn] = taken[state.turn] + tuple(cards)
    record = _NEW(Take)  # made(Take, ...) without its keyword check: every field named once, here
    record.__dict__.update({"seat": state.turn, "cell": cell, "side": side, "value": value, "cards": tuple(cards),
                            "cells": cells, "best": best})
    changes = {"piles": tuple(piles), "taken": tuple(taken), "takes": state.takes.add(record)}
    # _ends_round_and_game reads no field a take changes (a table's `empty`, not its
    # piles), so it is asked of the state before it and the take makes one state
    if state.mode != "digital" and not _ends_round_and_game(state):
        return evolve(state, changes, phase="reveal", reveal=cells)
    return _after_turn(state, action, changes)


def _ends_round_and_game(state):
    """This take completes the round in which two piles are gone (or the table asked to
    finish): the game ends at once (CC-7: everyone has had as many turns), so a table game
    asks for no new top cards nobody will take."""
    if state.reveal_after_last_take:
        return False
    return (state.last_round or state.ending) and (state.turns_played + 1) % len(state.players) == 0


# -- the new top cards (table mode) -----------------------------------------------------------


def check_reveal(state, action):
    cards = list(action.cards)  # a card, or None for a pile now empty
    if len(cards) != len(state.reveal):
        where = " ".join(cell_name(c) for c in state.reveal)
        raise RuleError(f"say the new top card of {where} ({len(state.reveal)}), `empty` for a pile that is gone",
                        rule="CC-7")
    _revealed_unseen(state, action)


@remembered
def _revealed_unseen(state, action):
    """The copies still unseen once a reveal's cards are seen: worked out by its check and
    handed to its effect on the same state and action (core.worked)."""
    return _unseen_after(state, [c for c in action.cards if c is not None])


def reveal(state, action):
    cards = list(action.cards)
    unseen = _revealed_unseen(state, action)
    piles, empty = list(state.piles), list(state.empty)
    for cell, card in zip(state.reveal, cards):
        piles[cell] = (card,) if card is not None else ()
        empty[cell] = card is None
    return _after_turn(state, action, {"unseen": unseen, "piles": tuple(piles), "empty": tuple(empty), "reveal": ()})


def _after_turn(state, action, changes):
    """Next player; once two piles are gone the round is finished, then the game (CC-7).
    ``changes``: what the take or reveal changed, made in the same state (one copy, not two)."""
    played = state.turns_played + 1
    state = evolve(state, changes, turns_played=played, turn=(state.turn + 1) % len(state.players), phase="play")
    if not any(state.piles):  # every top card gone (a pile's top is None when it is empty)
        return evolve(state, phase="over", ended_at=action.get("at"))
    if (state.last_round or state.ending) and played % len(state.players) == 0:
        return evolve(state, phase="over", ended_at=action.get("at"), early=state.ending, ending=False)
    return state


# -- the end ----------------------------------------------------------------------------------


def check_finish(state, action):
    if state.phase == "setup":
        raise RuleError("the piles are not laid out yet: no card is taken to decide by; leave with Ctrl-D "
                        "(the game is saved)", rule="G-6")
    if state.ending:
        raise RuleError("the game already ends when this round ends", rule="G-6")


def finish(state, action):
    """G-6: the table stops the game after the current round (so everyone has had as
    many turns, as at CC-7's end); at a round's start it ends at once. Most cards wins."""
    if state.phase == "play" and state.turns_played % len(state.players) == 0:
        return evolve(state, phase="over", ended_at=action.get("at"), early=True)
    return evolve(state, ending=True)


def winners(state):
    """Most cards; a tie shares the victory (CC-7)."""
    counts = state.counts()
    best = max(counts)
    return [p for p, n in zip(state.players, counts) if n == best]
