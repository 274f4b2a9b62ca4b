"""Cosmic Colors Jr's state (CC-7): nine piles in a 3×3 grid and the cards each player
has taken, as one frozen record; ``initial`` deals it (digital) or waits for the table
to lay out the top cards.

The grid's geometry lives here too (its size, each pile's neighbours orthogonally and
diagonally, a pile's name), since the state, the rules and the views all read it. What
grows with the game (each take) is a core.states.Chain shared between states, so
replaying a long journal stays linear.
"""

import random
from dataclasses import dataclass, field
from operator import itemgetter

from referee.core.states import Chain, evolve
from referee.games.colors.cards import COPIES, KINDS, full_deck
from referee.games.colors.rules import names_of

SIZE = 3
CELLS = SIZE * SIZE
PILES_GONE = 2  # CC-7: the round ends once two piles are empty


def _neighbours():
    found = []
    for index in range(CELLS):
        row, col = divmod(index, SIZE)
        mask = 0
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, col + dc
                if (dr or dc) and 0 <= r < SIZE and 0 <= c < SIZE:
                    mask |= 1 << (r * SIZE + c)
        found.append(mask)
    return tuple(found)


NEIGHBOURS = _neighbours()  # orthogonal and diagonal
_LAST = itemgetter(-1)  # a pile's top card


def cell_name(cell):
    """``b2``: a pile's column letter and row number, a1 top left."""
    row, col = divmod(cell, SIZE)
    return f"{'abc'[col]}{row + 1}"


@dataclass(frozen=True)
class Take:
    """One take of Jr, as the review and the log tell it."""

    seat: int
    cell: int
    side: str
    value: int
    cards: tuple
    cells: tuple
    best: int  # the most cards any take could have had then (CC-8)


@dataclass(frozen=True)
class JrState:
    """A Cosmic Colors Jr game between two moves: the nine piles, their top cards and the cards each player took."""

    players: tuple
    mode: str
    options: dict
    names: object
    variant: str = "jr"
    piles: tuple = ((),) * CELLS  # digital: each pile bottom..top; table: the known top only
    empty: tuple = (False,) * CELLS  # table: a pile reported empty
    unseen: tuple = (COPIES,) * KINDS
    taken: tuple = ()  # per seat, the cards taken
    turn: int = 0
    turns_played: int = 0
    phase: str = "setup"  # setup | play | reveal | over
    reveal: tuple = ()  # table: the cells whose new top card is still to be said
    takes: Chain = field(default_factory=Chain)  # Take records, oldest first (shared, not copied)
    ended_at: float = None
    ending: bool = False  # G-6: the table ends the game when this round ends
    early: bool = False  # G-6: ended by the table
    # Saves of referee 0.1.0 asked for the new top cards after the round's last take and
    # ended the game only then; they replay as they were played (rules._ends_round_and_game).
    reveal_after_last_take: bool = False

    @property
    def tops(self):
        """Each pile's top card, None for a pile gone: every pile's last card read in C
        (map), the loop only once one is empty."""
        try:
            return tuple(map(_LAST, self.piles))
        except IndexError:
            return tuple([p[-1] if p else None for p in self.piles])

    @property
    def player(self):
        return self.players[self.turn]

    @property
    def gone(self):
        """How many piles are empty."""
        if self.mode == "digital":
            return self.piles.count(())
        return self.empty.count(True)

    @property
    def last_round(self):
        return self.gone >= PILES_GONE

    def counts(self):
        return tuple(len(t) for t in self.taken)


def initial(header):
    players = tuple(header["players"])  # 2 to 4 (CC-7), checked when the game starts (its ENTRY)
    options = dict(header.get("options", {}))
    mode = header.get("mode", "table")
    state = JrState(players=players, mode=mode, options=options, names=names_of(options),
                    taken=tuple(() for _ in players),
                    reveal_after_last_take=header.get("referee") == "0.1.0")
    if mode != "digital":
        return state
    deck = full_deck()
    random.Random(header.get("seed")).shuffle(deck)
    piles = [tuple(deck[i::CELLS]) for i in range(CELLS)]  # nine nearly equal piles (CC-7)
    return evolve(state, piles=tuple(piles), phase="play")
