"""What a Crafting the Cosmos game is at one moment, apart from the moves that change it.

The referee keeps the books of the whole table (CT-1): the main board (the four controls
in their clockwise ring and the energy tokens in each), the finite supplies (CT-4), the
energy cards (display, deck, discard pile, and each hand as the cards the referee knows
plus a count of unknown ones), the goal track, and per seat a :class:`Board`: the counts
of what lies on that player's board and what was gained but not yet placed. Where a piece
lies on a player board (sectors, adjacency) is not in the rulebook, so it is not kept:
the counts are.

Seats follow the house convention: ``players`` in seat order (clockwise), ``turn`` the
seat index of the player to act, ``phase`` the name of a phase of phases.PHASES. Energy
tokens are seat indices, ``DARK`` for a dark token. Every field is bounded by the
components (a few dozen numbers), except ``learned``, which only grows by the power cards
a table names, so a move copies short tuples and replay stays linear.
"""

from dataclasses import dataclass, field
from typing import NamedTuple

from referee.core.pieces import Hand, Supply

CONTROLS = ("light", "time", "gravity", "chemistry")  # clockwise from Light (CT-2)
ENERGY = CONTROLS  # the four energy card types, one per control
STARS = ("H", "He", "O", "C")
SIZES = (1, 2, 3)  # nebula sizes
DARK = -1  # an energy token that is nobody's
CAPACITY = 3  # tokens a control holds (Shift)
SHIFT = 3  # spaces an energy phase moves in all (Shift)
HAND_LIMIT = 10  # energy cards kept at the end phase (End phase 5)
SLOT_COSTS = (2, 3, 3, 4)  # matching energy cards for power card slots 1-4 (Power)
SET_SIZE, SET_POINTS = 5, 6  # 5 matching energy cards -> 6 points (Cards 3)
CHAMBER = 6  # time chamber spaces a crystal climbs before a new token (CT-4)
GOAL_SPACES = 4  # the goal track; a goal reaching the fourth space is scored (CT-6)
GOAL_DECK = 6  # goals in a game (CT-2)
FIRST, SECOND = 6, 3  # goal points (Goals)

CRYSTALS = {2: 6, 3: 9, 4: 11}  # time crystals in the supply (CT-2)
CRYSTALS_IN_BOX = 18  # all time crystal tokens
DARK_TOKENS = {2: 4, 3: 3, 4: 3}  # dark energy tokens (CT-2)
STAR_SUPPLY = {"H": 26, "He": 20, "O": 16, "C": 16}  # CT-4
LIFE_SUPPLY = 50  # double-sided proto/stable life tokens
NEBULA_SUPPLY = 16  # tiles per size
ENERGY_COPIES = 15  # cards per energy type
ADVANCED_GROUP1 = (8, 8, 8, 8, 7, 7, 7, 6)  # Setup 7
ADVANCED_GROUP2 = (7, 7, 6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 4, 4, 4, 4)

# Rewards of the controls (CT-3): active (where your own token ends), passive (per token).
ACTIVE = {
    "light": {"H": 3},
    "time": {"O": 1, "dna": 2},
    "gravity": {"He": 2, "supernova": 1},
    "chemistry": {"C": 1, "nebula": 1},
}
PASSIVE = {"light": "cards", "time": "crystal", "gravity": "graviton", "chemistry": "proto"}

NO_POWER = (0,) * len(CONTROLS)  # power tokens per control before any power card

SOURCES = ("goals", "sets", "power", "nebulae", "advanced", "other")  # where points come from (CT-7)


class Nebula(NamedTuple):
    """A nebula tile on a player board: its size, whether it was completed (and for how
    many points, as reported: CT-5), whether advanced life lies on it."""

    size: int
    complete: bool = False
    points: int = 0
    advanced: bool = False


class Goal(NamedTuple):
    """A universal goal card on the track: its key in goals.tsv (or a name the table gave
    for a card the rulebook's reference lacks) and what it counts (a metric the referee
    tracks, or None: the table gives the counts when it is scored)."""

    name: str
    metric: str = None


@dataclass(frozen=True)
class Board:
    """One player's board as counts (CT-1), and the pieces gained but not yet placed."""

    stars: tuple = (1, 0, 0, 0)  # regular stars placed, by STARS (Setup H: one H star)
    novae: tuple = (0, 0, 0, 0)  # supernovae placed, by the type they were (Goals: own type only)
    proto: int = 1  # proto life placed (Setup C)
    stable: int = 0  # stable life placed
    nebulae: tuple = (Nebula(1), Nebula(2), Nebula(3))  # tiles placed (Setup A)
    loose_stars: tuple = (0, 0, 0, 0)  # gained this turn, not yet placed (lost at end of turn)
    loose_nebulae: tuple = (0, 0, 0)  # by size
    loose_proto: int = 0
    supernova: int = 0  # the three resource sliders (Sliders)
    dna: int = 0
    graviton: int = 0
    chamber: int = 0  # the space of the time crystal climbing the time chamber (0 .. CHAMBER-1)
    crystals: int = 0  # time crystal tokens that reached the top (the goal's count)
    power: tuple = (None, None, None, None)  # per slot: (card name, energy type) or None
    advanced: tuple = ()  # values of the advanced life tokens held: secret to the owner (CT-7)
    points: tuple = (0, 0, 0, 0, 0, 0)  # by SOURCES; "advanced" stays 0 until the end
    omega: str = None  # this turn's end-of-turn choice, once made

    @property
    def score(self):
        return sum(self.points)

    def loose(self):
        """Whether anything gained this turn is still to be placed or spent."""
        return (any(self.loose_stars) or any(self.loose_nebulae) or self.loose_proto
                or self.supernova or self.dna or self.graviton)


@dataclass(frozen=True)
class State:
    """A Crafting the Cosmos game between two moves: the controls, the boards, the supplies and the goal track."""

    players: tuple
    mode: str  # "table" or "digital" (G-2)
    options: dict
    seed: object = None
    phase: str = "tokens"  # see phases.PHASES
    turn: int = None  # seat of the player to act
    first: int = None  # seat holding the 1st player token
    round: int = 1
    controls: tuple = ((), (), (), ())  # per control (CONTROLS order): the energy tokens in it
    boards: tuple = ()  # per seat: Board
    hands: tuple = ()  # per seat: core.pieces.Hand of energy types ("light" ...)
    display: tuple = ()  # face-up energy cards (public), at most 4
    deck: tuple = ()  # digital: the energy deck, top first (secret); table: ()
    deck_left: int = 0  # cards in the energy deck (public)
    discard: tuple = ()  # the energy discard pile (face up, public)
    reshuffles: int = 0
    supply: dict = field(default_factory=dict)  # name -> core.pieces.Supply (CT-4)
    track: tuple = (None, None, None, None)  # goal track spaces 1 (top) .. 4: Goal or None
    goals_left: int = 0  # goal cards still face down in the goal deck
    scored: tuple = ()  # (Goal, {name: count}, {name: points}) of each goal scored
    stack: tuple = ()  # digital: the advanced life stack, top first (secret); table: ()
    stack_left: int = 0  # advanced life tokens in the stack (public)
    gained: dict = None  # this energy phase's yield, for its reply and `collect` (public)
    to_take: int = 0  # energy cards still to take in this energy phase (collect)
    nebula_due: bool = False  # the chemistry active reward's nebula tile is still to be chosen
    learned: tuple = ()  # (name, type, cost) of power cards named at the table that the reference lacks
    counts: dict = None  # the counts the table gave for the goal being scored (count)
    ending: bool = False  # the game ends after this round's end phase (CT-7)
    early: bool = False  # `finish` (G-6)

    # -- derived facts ----------------------------------------------------------------------

    @property
    def player(self):
        return None if self.turn is None else self.players[self.turn]

    def seat(self, player):
        return self.players.index(player)

    def tokens(self, control):
        """The energy tokens in a control (by name or index)."""
        index = CONTROLS.index(control) if isinstance(control, str) else control
        return self.controls[index]

    def where(self, seat):
        """The index of the control holding ``seat``'s own energy token."""
        for index, tokens in enumerate(self.controls):
            if seat in tokens:
                return index
        return None

    def power_tokens(self, seat):
        """Per control, the power tokens ``seat`` has there: one per power card gained of
        that control's type (Power: the token goes to the matching control)."""
        types = [slot[1] for slot in self.boards[seat].power if slot]
        if not types:  # no power card yet: most of a game's shifts
            return NO_POWER
        return tuple(types.count(control) for control in CONTROLS)

    def left(self, name):
        return self.supply[name].count


def table_mode(state):
    """Whether the table plays with its own cards (G-2): the moves only table mode has
    (`tokens`, `display`, `tell`) are offered by it."""
    return state.mode == "table"


def empty_supply(n):
    """The supplies of a new game for ``n`` players, before the setup takes from them."""
    supply = {star: Supply(f"{star} star reserve", count, "CT-4") for star, count in STAR_SUPPLY.items()}
    supply["life"] = Supply("life token supply", LIFE_SUPPLY, "CT-4")
    for size in SIZES:
        supply[f"nebula{size}"] = Supply(f"size {size} nebula stack", NEBULA_SUPPLY, "CT-4")
    supply["crystals"] = Supply("time crystal supply", CRYSTALS[n], "CT-4")
    supply["box"] = Supply("game box's time crystals", CRYSTALS_IN_BOX - CRYSTALS[n] - n, "CT-4")
    return supply
