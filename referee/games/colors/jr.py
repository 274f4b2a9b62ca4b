"""Cosmic Colors Jr (CC-7): nine face-up piles, name a colour or shape, take the group.

A turn names a top card and one of its two values; the player takes that card and every
top card joined to it, orthogonally or diagonally, through top cards sharing the value.
Once two piles are empty the round is finished so that everyone has had as many turns;
most cards wins and a tie is shared. In table mode the referee learns each new top card
as it is turned up (or that the pile is empty); in digital mode it deals the piles.
"""

import random
from dataclasses import dataclass, field

from referee.core.errors import RuleError
from referee.core.pieces import Chain, evolve
from referee.games.colors import grid
from referee.games.colors.cards import COPIES, KINDS, WILD, full_deck
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


@dataclass(frozen=True)
class Take:
    seat: int
    cell: int
    side: str
    value: int
    cards: tuple
    cells: tuple
    best: int  # the most cards any take could have had then (CC-8)


@dataclass(frozen=True)
class JrState:
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
    # ended the game only then; they replay as they were played (see _ends_round_and_game).
    reveal_after_last_take: bool = False

    @property
    def tops(self):
        return tuple(p[-1] if p else None for p in self.piles)

    @property
    def player(self):
        return self.players[self.turn]

    @property
    def gone(self):
        """How many piles are empty."""
        if self.mode == "digital":
            return sum(1 for p in self.piles if not p)
        return sum(1 for e in self.empty if e)

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


def _see(state, cards):
    unseen = list(state.unseen)
    for card in cards:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < KINDS:
            raise RuleError("Jr is played with the colour cards only, no wilds", rule="CC-7")
        if unseen[card] == 0:
            raise RuleError(f"all {COPIES} {state.names.code(card)} are already accounted for", rule="CC-1")
        unseen[card] -= 1
    return evolve(state, unseen=tuple(unseen))


def check_setup(state, action):
    cards = list(action.cards)
    open_cells = sum(1 for p in state.piles if not p)
    if not cards or len(cards) > open_cells:
        raise RuleError(f"the 3×3 grid has room for {open_cells} more top cards, not {len(cards)}", rule="CC-7")
    grid.check_whole_rows(action, CELLS - open_cells, len(cards), SIZE, "CC-7")
    _see(state, cards)


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


def value_of(card, side):
    return card // 5 if side == "colors" else card % 5


def group(tops, cell, side, value):
    """The top cards joined to ``cell`` through top cards sharing ``value`` (CC-7)."""
    def shares(c):
        return tops[c] is not None and tops[c] != WILD and value_of(tops[c], side) == value

    seen = 1 << cell
    front = seen
    while front:
        reach = 0
        for c in range(CELLS):
            if front >> c & 1:
                reach |= NEIGHBOURS[c]
        new = 0
        for c in range(CELLS):
            if reach >> c & 1 and not seen >> c & 1 and shares(c):
                new |= 1 << c
        seen |= new
        front = new
    return tuple(c for c in range(CELLS) if seen >> c & 1)


def best_take(tops):
    """(cards, cell, side, value) of the biggest take on the grid (CC-8)."""
    best = (0, None, None, None)
    for cell, card in enumerate(tops):
        if card is None:
            continue
        for side in ("colors", "shapes"):
            value = value_of(card, side)
            size = len(group(tops, cell, side, value))
            if size > best[0]:
                best = (size, cell, side, value)
    return best


def check_take(state, action):
    cell, side, value = action.cell, action.side, action.value
    if not 0 <= cell < CELLS or side not in ("colors", "shapes") or not 0 <= value < 5:
        raise RuleError("a take names a pile (a1 to c3) and a colour or shape", rule="CC-7")
    top = state.tops[cell]
    if top is None:
        raise RuleError(f"the pile at {_name(cell)} is empty", rule="CC-7")
    if value_of(top, side) != value:
        raise RuleError(f"the top card at {_name(cell)} is {state.names.name(top)}, not "
                        f"{state.names.value_name(side, value)}: name its colour or its shape", rule="CC-7")


def take(state, action):
    cell, side, value = action.cell, action.side, action.value
    tops = state.tops
    cells = group(tops, cell, side, value)
    best = best_take(tops)[0]
    piles = list(state.piles)
    cards = []
    for c in cells:
        cards.append(piles[c][-1])
        piles[c] = piles[c][:-1]
    taken = list(state.taken)
    taken[state.turn] = taken[state.turn] + tuple(cards)
    record = Take(state.turn, cell, side, value, tuple(cards), cells, best)
    state = evolve(state, piles=tuple(piles), taken=tuple(taken), takes=state.takes.add(record))
    if state.mode != "digital" and not _ends_round_and_game(state):
        return evolve(state, phase="reveal", reveal=cells)
    return _after_turn(state, action)


def _ends_round_and_game(state):
    """This take completes the round in which two piles are gone (or the table asked to
    finish): the game ends at once (CC-7: everyone has had as many turns), so a table game
    asks for no new top cards nobody will take."""
    if state.reveal_after_last_take:
        return False
    return (state.last_round or state.ending) and (state.turns_played + 1) % len(state.players) == 0


def check_reveal(state, action):
    cards = list(action.cards)  # a card, or None for a pile now empty
    if len(cards) != len(state.reveal):
        where = " ".join(_name(c) for c in state.reveal)
        raise RuleError(f"say the new top card of {where} ({len(state.reveal)}), `empty` for a pile that is gone",
                        rule="CC-7")
    _see(state, [c for c in cards if c is not None])


def reveal(state, action):
    cards = list(action.cards)
    state = _see(state, [c for c in cards if c is not None])
    piles, empty = list(state.piles), list(state.empty)
    for cell, card in zip(state.reveal, cards):
        piles[cell] = (card,) if card is not None else ()
        empty[cell] = card is None
    state = evolve(state, piles=tuple(piles), empty=tuple(empty), reveal=(), phase="play")
    return _after_turn(state, action)


def _after_turn(state, action):
    """Next player; once two piles are gone the round is finished, then the game (CC-7)."""
    played = state.turns_played + 1
    state = evolve(state, turns_played=played, turn=(state.turn + 1) % len(state.players), phase="play")
    if all(t is None for t in state.tops):
        return evolve(state, phase="over", ended_at=action.get("at"))
    if (state.last_round or state.ending) and played % len(state.players) == 0:
        return evolve(state, phase="over", ended_at=action.get("at"), early=state.ending, ending=False)
    return state


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


def _name(cell):
    row, col = divmod(cell, SIZE)
    return f"{'abc'[col]}{row + 1}"
