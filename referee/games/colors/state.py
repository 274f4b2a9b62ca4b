"""The standard game's state (with its Wild Cards and Short Game variants): what the
table has in front of it, as one frozen record.

Kept apart from the rules so that the moves, the views and the tests read one shape;
every move makes a new State. What grows with the game (each turn's record, the
discards) is a core.states.Chain, shared between states instead of copied by each move,
so replaying a long journal stays linear (issue 9 item 3).
"""

from dataclasses import dataclass, field, fields
from operator import itemgetter

from referee.core.states import Chain
from referee.games.colors import grid
from referee.games.colors.cards import COPIES, KINDS, Names

_LAST = itemgetter(-1)  # a stack's top card
_FIELDS = {}  # made's field names, by kind of record


def made(kind, **values):
    """A frozen record of ``kind`` (a turn's Turn, a Jr take's Take) from every one of its
    fields, without the dataclass's ``__init__``: a frozen one sets each field through
    ``object.__setattr__`` (2 µs for a Turn, once a replayed play), and the fields are
    plain values, so filling them is all it did (as core.states.evolve copies a state);
    a field missing or unknown is still refused."""
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = {f.name: None for f in fields(kind)}.keys()
    if values.keys() != names:
        raise TypeError(f"{kind.__name__} is made of {', '.join(names)}, not {', '.join(values)}")
    record = object.__new__(kind)
    record.__dict__.update(values)
    return record


def turn_record(seat, side, value, cards, cells, points, parts, scored, tops, hand):
    """A :class:`Turn` of its ten fields in order, as ``made(Turn, ...)`` makes it, without
    its keyword check: the dict is written here with every field named once (a replayed
    play makes one; made's check of the names cost as much as the record)."""
    record = _NEW(Turn)
    record.__dict__.update({"seat": seat, "side": side, "value": value, "cards": cards, "cells": cells,
                            "points": points, "parts": parts, "scored": scored, "tops": tops, "hand": hand})
    return record


_NEW = object.__new__


@dataclass(frozen=True)
class Turn:
    """One play, with what was in front of the player, so the end can compare it with the best."""

    seat: int
    side: str
    value: int
    cards: tuple
    cells: tuple
    points: int
    parts: tuple  # (cards played, connected matches, bonus)
    scored: int  # mask of the cells that scored
    tops: tuple  # the grid's top cards before the play
    hand: tuple  # the player's hand before the play


@dataclass(frozen=True)
class State:
    """A Cosmic Colors game between two moves: the play area's stacks, the hands, the pile and the teams' secret totals (CC-4)."""

    players: tuple
    mode: str
    options: dict
    names: Names
    variant: str = "standard"
    stacks: tuple = ((),) * grid.CELLS  # bottom..top card of each cell
    hands: tuple = ()  # per seat, sorted (public: Setup 3)
    entered: tuple = ()  # table setup: which seats' hands are entered
    pile: tuple = ()  # digital: the draw pile in order (hidden)
    pile_count: int = 0
    unseen: tuple = (COPIES,) * KINDS  # table: copies of each kind not yet seen by the referee
    removed: int = 0  # Short Game: cards put away unseen
    discards: Chain = field(default_factory=Chain)
    points: tuple = (0, 0)  # per team, secret (CC-4): team 0 is seats 1 & 3, team 1 seats 2 & 4 (CC-5)
    turn: int = 0  # the seat to act
    phase: str = "setup"  # setup | play | discard | draw | over
    draw_need: int = 0
    turns: Chain = field(default_factory=Chain)  # Turn records, oldest first
    ended_at: float = None
    ending: bool = False  # G-6: the table ends the game when the current turn ends
    early: bool = False  # G-6: the game was ended by the table, not by CC-6

    # -- derived facts --------------------------------------------------------

    @property
    def tops(self):
        """Each cell's top card, None for an empty cell (only before the play area is
        full): every stack's last card read in C (map), the loop only while one is empty."""
        try:
            return tuple(map(_LAST, self.stacks))
        except IndexError:
            return tuple([stack[-1] if stack else None for stack in self.stacks])

    def tops_full(self):
        """(tops, whether the play area is full): ``tops`` and ``None not in tops`` in one
        pass, the test free (a play reads both; comparing 25 cards with None cost as much
        as reading them)."""
        stacks = self.stacks
        kept = self.__dict__.get("_tops")  # (stacks, tops) a play left beside the stacks it made
        if kept is not None and kept[0] is stacks:
            return kept[1], True
        try:
            return tuple(map(_LAST, stacks)), True
        except IndexError:
            return tuple([stack[-1] if stack else None for stack in stacks]), False

    def keep_tops(self, tops):
        """Keep ``tops`` (this state's full play area's top cards, as ``tops`` reads them)
        beside the stacks they were read from, for the next play's ``tops_full``: not a
        field, so repr and == never see it; evolve copies the pair, and a state whose
        stacks are other ones reads them again (the pair holds the stacks it was for, so it
        cannot go stale). Returns the state."""
        object.__setattr__(self, "_tops", (self.stacks, tops))
        return self

    @property
    def hand_size(self):
        return 10 if len(self.players) == 2 else 7  # Setup 3, 4

    @property
    def player(self):
        return self.players[self.turn]

    def team_of(self, seat):
        return seat % 2

    def side_of_team(self, team):
        first = self.options.get("first_side", "shapes")
        other = "colors" if first == "shapes" else "shapes"
        return first if team == 0 else other

    def side_of(self, seat):
        """``side_of_team(team_of(seat))`` in one call (a replayed play asks it)."""
        first = self.options.get("first_side", "shapes")
        if seat % 2 == 0:
            return first
        return "colors" if first == "shapes" else "shapes"

    def seats_of(self, team):
        return [s for s in range(len(self.players)) if s % 2 == team]

    def team_name(self, team):
        side = self.side_of_team(team)
        return f"{side.capitalize()} ({' & '.join(self.players[s] for s in self.seats_of(team))})"

    def teammate(self, seat):
        return (seat + 2) % 4 if len(self.players) == 4 else None

    def team_cards(self, team):
        return sum(len(self.hands[s]) for s in self.seats_of(team))

    @property
    def grid_full(self):
        return all(self.stacks)

    @property
    def waiting_hands(self):
        """Setup: the players whose hand is still to be entered, in seat order."""
        return [p for s, p in enumerate(self.players) if s not in self.entered]
