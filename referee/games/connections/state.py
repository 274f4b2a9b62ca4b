"""The Connections Card Game's state: what the referee knows of the table, frozen.

The cards are physical (CN-1): the referee never deals or shuffles, it learns each card
when it is played and keeps counts of the hands and the draw pile from the deals, plays
and draws it has been told about. So it holds no secret: a hand is a count every player
can see, and the points left in a hand are said aloud at the round's end. The moves
(moves.py and the modules it names) turn one state into the next (by
``core.states.evolve`` alone); this module only says what a state is, how a game and a round
begin (``initial``, which the Game hands the core), and the small reads every move shares.
"""

from dataclasses import dataclass, field
from functools import lru_cache

from referee.core.errors import RuleError
from referee.core.errors import ActionError
from referee.core.states import Chain, evolve
from referee.core.votes import Vote
from referee.games.connections import TITLES, VARIANTS  # the --variant flag's choices and names, in its ENTRY
from referee.games.connections.layout import Card

_new = tuple.__new__  # a named tuple made from its fields' tuple (Card)

DEAL = {"classic": 5, "endless": 4, "solitaire": 0, "quick": 10, "quads": 4, "rummy": 4}  # CN-6
ROUNDS = {"classic": 5, "endless": 1, "solitaire": 1, "quick": None, "quads": 4, "rummy": 1}  # None: the table says
STARTER = ("classic", "endless", "solitaire", "quick")  # variants that open on a starter card
TURNS = ("classic", "endless", "rummy", "solitaire")  # the others play at the same time (CN-6)
COUNTED = ("classic", "quick", "rummy")  # the variants that enter the points left in hand (CN-6)
QUADS_TO_WIN = 4
PILES = {"quads": 4}  # draw piles; one elsewhere


def deal_size(variant, players):
    """Cards dealt to each player: Classic deals four instead of five from six players (CN-6)."""
    if variant == "classic" and players >= 6:
        return 4
    return DEAL[variant]


@dataclass(frozen=True)
class State:
    """A Connections game between two moves: the layout, the hands and piles as counts, the round and its votes."""

    players: tuple
    variant: str
    options: dict
    deck: int = 124  # cards in the box (CN-1)
    round: int = 1
    phase: str = "start"  # start (waiting for the starter card) | play | count | over
    cells: dict = field(default_factory=dict)  # the shared layout: (x, y) -> Card
    areas: tuple = ()  # Quads: each player's own layout
    quads: tuple = ()  # Quads: each player's accepted quads (south-west corners)
    runs: tuple = ()  # Rummy: each player's runs, west to east
    hands: tuple = ()  # cards each player holds, by the count
    piles: tuple = ()  # cards in each draw pile, by the count
    points: tuple = ()  # points scored by plays this round
    rounds: Chain = field(default_factory=Chain)  # each closed round's scores, in seat order
    turn: int = None  # seat of the player to act, in the variants with turns
    drew: bool = False  # the player to act has drawn this turn
    owed: tuple = None  # Classic: seats still owed their last turn after a hand emptied
    emptied: int = None  # the seat whose empty hand ended the round
    counted: dict = field(default_factory=dict)  # seat -> points left in hand, entered at round end
    vote: Vote = None  # a contest (G-4, CN-4): nothing else happens until it is settled
    votes: tuple = ()  # CN-7: objections open in Quick Play and Quads (Approval), while play goes on
    settled: Chain = field(default_factory=Chain)  # CN-7: the plays and quads the table accepted this round
    ended: object = None  # CN-7: the state just before the round ended, while its plays may be objected to
    finishing: bool = False  # G-6: the table said `finish`; the game ends when this round closes
    early: bool = False  # G-6: the table ended the game before its own end
    before: object = None  # the state before the last play, while that play may be contested
    last: dict = None  # what the last play was, for the view and the contest
    turn_started: float = None
    plays: int = 0  # plays accepted this round

    # -- derived facts --------------------------------------------------------

    @property
    def title(self):
        return TITLES[self.variant]

    @property
    def current(self):
        return self.players[self.turn] if self.turn is not None else None

    @property
    def max_rounds(self):
        return ROUNDS[self.variant]

    def seat(self, name):
        return self.players.index(name)

    def total(self, player):
        seat = self.seat(player)
        closed = sum(scores[seat] for scores in self.rounds)
        return closed + self.running(seat)

    def running(self, seat):
        """What the round in progress has earned so far, before any hand is deducted."""
        if self.phase not in ("play", "count"):
            return 0
        if self.variant in ("classic", "endless"):
            return self.points[seat]
        if self.variant == "quads":
            return len(self.quads[seat])
        if self.variant == "rummy":
            return self.run_points(seat)
        return 0

    def run_points(self, seat):
        return sum(card.points for run in self.runs[seat] for card in run)

    def area(self, seat):
        return self.areas[seat] if self.variant == "quads" else self.cells

    def multiply(self):
        return self.variant == "classic"


# -- setting up -----------------------------------------------------------------------


def initial(header):
    players = tuple(header["players"])
    options = dict(header.get("options", {}))
    variant = options.get("variant", "classic")
    if variant not in VARIANTS:
        raise RuleError(f"no variant {variant!r}; the variants are {', '.join(VARIANTS)}", rule="CN-6")
    # who may play this variant (1 for Solitaire, else 2 to 8, CN-6) is checked when the game starts (its ENTRY)
    deck = int(options.get("deck", 124))
    n = len(players)
    state = State(players=players, variant=variant, options=options, deck=deck,
                  hands=(0,) * n, points=(0,) * n, piles=(deck,))
    if variant in STARTER:
        return state
    return deal(state, None)


def deal(state, at):
    """A fresh round without a starter card (Quads, Rummy): the hands dealt, the piles laid out."""
    n = len(state.players)
    size = deal_size(state.variant, n)
    rest = max(0, state.deck - size * n)
    count = PILES.get(state.variant, 1)
    piles = tuple(rest // count + (1 if i < rest % count else 0) for i in range(count))
    first = (state.round - 1) % n if state.variant in TURNS else None
    return evolve(state, phase="play", hands=(size,) * n, piles=piles, points=(0,) * n, cells={},
                   areas=tuple({} for _ in range(n)) if state.variant == "quads" else (),
                   quads=tuple(() for _ in range(n)) if state.variant == "quads" else (),
                   runs=tuple(() for _ in range(n)) if state.variant == "rummy" else (),
                   turn=first, drew=False, owed=None, emptied=None, counted={}, vote=None, votes=(),
                   settled=Chain(), before=None, last=None, turn_started=at, plays=0)


# -- small reads and pure updates every move shares -----------------------------------


def set_at(seq, index, value):
    return seq[:index] + (value,) + seq[index + 1:]


def add_at(seq, index, amount):
    changed = list(seq)  # a seat's count changed: one list, not set_at's three slices
    changed[index] += amount
    return tuple(changed)


def seat_of(state, name):
    """The seat of a player an action names; a name not at the table comes only from a
    damaged journal (commands resolve names first), so it is no rule's refusal."""
    if name not in state.players:
        raise ActionError(f"{name!r} is not at this table")
    return state.seat(name)


def _said(word):
    """A side's word as the rules compare it: its spaces made single, lower case (CN-1)."""
    return " ".join(str(word).split()).lower()


_word = lru_cache(maxsize=4096)(_said)  # a word of the journal, said once and read on every replay; bounded


def card_of(state, data, owner=None):
    """The card an action names, checked: four words as it lies and 1 to 5 points (CN-1, ESL)."""
    try:
        words = tuple([_word(w) if type(w) is str else _said(w) for w in data["words"]])
        points = data["points"]
    except (KeyError, TypeError):
        raise RuleError("a card is its four words (north/east/south/west) and its points", rule="CN-1")
    if len(words) != 4 or "" in words:  # every word a str by now: an empty one is the only falsy one
        raise RuleError(f"a card has four words, north/east/south/west; {len(words)} given", rule="CN-1")
    if type(points) is not int and (not isinstance(points, int) or isinstance(points, bool)) or not 1 <= points <= 5:
        raise RuleError(f"a card is worth 1 to 5 points, not {points!r}", rule="CN-1")
    if points == 5 and state.options.get("esl"):
        raise RuleError("the ESL table plays without the 5-point cards", rule="CN-6")
    return _new(Card, (words, points, owner))  # Card(words, points, owner), without its __new__'s call


def cell_of(action):
    """The grid cell an action names; a journal edited by hand may hold anything there."""
    try:
        cell = action.cell  # a field of the move's typed record (absent: its default, or AttributeError)
        x, y = cell[0], cell[1]
        if type(x) is int and type(y) is int:  # as the journal holds it (int() of an int is itself)
            return x, y
        return int(x), int(y)
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        raise RuleError("say the cell as X,Y", rule="CN-1")


def on_table(state):
    """Cards laid out and so in neither a hand nor a pile: the layout, each Quads area, each Rummy run."""
    return len(state.cells) + sum(len(area) for area in state.areas) + sum(len(r) for runs in state.runs for r in runs)
