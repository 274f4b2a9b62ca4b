"""What a Cosmo;code game is at one moment: the :class:`State` record and the facts read
from it (who acts, what may be taken), apart from the moves that change it (dealing.py,
receiving.py, manipulate.py, taking.py) and their declarations (moves.py), so each reads on its own.

A hand is a core.pieces.Hand (the cards the referee knows, how many more are held
unnamed, how many were told): :meth:`State.hand` reads one, :func:`hand_fields` writes
one back. The state keeps a hand's three parts as three per-seat tuples (``hands``,
``unknown``, ``told``) because that is how saves, tests and the bench name them
(``state.hands[0] == ("B5a", "B9a")``, ``replace(state, unknown=...)``); every rule
that reads or changes a hand does it through the Hand (its size, ``remove``, ``add``,
``tell``), so the hand has one model.

Seats follow the house convention: ``players`` in seat order, ``turn`` the seat index of
the player to act (None while the table has not named the start player), ``phase`` the
name of a phase of phases.PHASES. Every field is bounded by the decks (100 cards), so a
move copies a few short tuples and replay stays linear without core.states.Chain.
"""

from dataclasses import dataclass
from typing import NamedTuple

from referee.core.pieces import Hand
from referee.games.cosmocode import cards

HAND = 3  # blue cards each player starts with (Preparation 3)
REVEAL = {"short": 2, "mid": 2, "long": 3}  # rule 3a-c
WIN_REDS = 2  # End of the Game
RANGES = ("short", "mid", "long")


class Shown(NamedTuple):
    """A revealed card: the card as it lies, and the number and channel it reads now."""

    card: str
    number: int
    channel: str


@dataclass(frozen=True)
class State:
    """A Cosmo;code game between two moves: the decks, the hands (pieces.Hand), the attempt under way."""

    players: tuple
    mode: str
    options: dict
    seed: object = None
    indicator: str = "a"  # Preparation 2
    turn: int = None  # seat of the player to act; None until the start player is known
    phase: str = "receive"  # start | receive | reveal | manipulate | discard | perk | over
    range: str = None
    revealed: tuple = ()  # Shown, in the order revealed
    tuned: bool = False  # a 4c was made this attempt: 4a and 4b are closed
    hands: tuple = ()  # per seat: its Hand's known cards, the blue and green ones the referee knows, sorted
    unknown: tuple = ()  # per seat: its Hand's unknown count, blue cards the table never named (table mode);
    # secret (G-2)
    told: tuple = ()  # per seat: its Hand's told count, blue cards named by `deal` so far; public, never drops
    named_in: tuple = ()  # per seat: cards the referee saw enter the hand (dealt named, taken); public, never drops
    reds: tuple = ()  # per seat: red cards taken, face up (CO-6)
    dropped: tuple = ()  # per seat: cards discarded at the hand limit, as the discard named them (public);
    # empty until a first discard. CO-6: they cannot pay for manipulations, and a payment naming one says so
    perks: tuple = ()  # per seat: None, "a" or "b" (CO-5)
    decks: tuple = None  # digital: blue, green, red draw piles, top first
    discards: tuple = None  # digital: blue, green, red discard piles
    reshuffles: tuple = (0, 0, 0)
    perk_due: bool = False  # the player took a first red and still chooses a perk
    winner: str = None
    attempts: int = 0
    ending: bool = False  # `finish` was said mid-turn: the game ends when this turn ends (G-6)
    early: bool = False  # the table ended the game early: the red cards held decide (G-6)

    # -- derived facts ------------------------------------------------------------

    @property
    def player(self):
        return None if self.turn is None else self.players[self.turn]

    def seat(self, player):
        return self.players.index(player)

    def hand(self, seat):
        """A seat's hand as a core.pieces.Hand: the cards the referee knows (sorted), how
        many it holds unnamed (table mode; secret, G-2) and how many `deal` told (public)."""
        return Hand(self.hands[seat], self.unknown[seat], self.told_so_far(seat))

    def hand_size(self, seat):
        """How many cards a seat holds (public: the picture shows it), red ones apart:
        ``len(self.hand(seat))``, read from the fields without making the Hand (a replay
        asks it after every take and pass)."""
        return len(self.hands[seat]) + self.unknown[seat]

    def named(self, seat):
        """How many cards the referee ever saw enter a seat's hand, named by `deal` or
        taken from the revealed cards: public (each deal says its count, each take its
        cards), and it never drops, so a question may depend on it. How many of them
        are still held is not public: a payment takes a named card first, so the count
        of named and unnamed cards held moves by what the hand holds (G-2)."""
        return self.named_in[seat] if self.named_in else len(self.hand(seat).known)

    def discarded(self, seat):
        """The cards a seat discarded at the hand limit (CO-6), as each discard named them."""
        return self.dropped[seat] if self.dropped else ()

    def told_so_far(self, seat):
        """How many blue cards of a seat's hand were named by `deal` so far (public)."""
        return self.told[seat] if self.told else 0

    @property
    def limit(self):
        return self.options.get("hand_limit", 8)

    def matching(self):
        """Indices of revealed cards on the indicated channel."""
        return [i for i, s in enumerate(self.revealed) if s.channel == self.indicator]

    def takeable(self):
        """Indices the player may take now: all of them for short, a choice of one otherwise."""
        return takeable(self.range, self.revealed, self.indicator)

    def reveal_count(self, range_=None):
        """How many cards the range (by default the one chosen) reveals for the player to
        act (perk a: three blue)."""
        range_ = range_ or self.range
        if range_ == "short" and self.perks[self.turn] == "a":
            return 3
        return REVEAL[range_]


def table_mode(state):
    """Whether the game as set up is played with physical cards (its moves `deal` and
    `reveal`: in digital mode the referee deals and reveals itself)."""
    return state.mode == "table"


def takeable(range_, revealed, indicator):
    on = [i for i, s in enumerate(revealed) if s.channel == indicator]
    if range_ == "short":
        return on
    if len(on) != len(revealed) or not revealed:
        return []
    if range_ == "long" and not is_run([s.number for s in revealed]):
        return []
    return on


def is_run(numbers):
    """Consecutive numbers in any order (rule 3c: the player may reorder)."""
    ordered = sorted(numbers)
    return all(b == a + 1 for a, b in zip(ordered, ordered[1:]))


def hand_fields(state, seat, hand):
    """The fields of ``state`` that hold ``seat``'s hand, with ``hand`` (a core.pieces.Hand)
    in its place: for the one ``evolve`` of a move."""
    fields = {"hands": put(state.hands, seat, hand.known),
              "unknown": put(state.unknown, seat, hand.unknown)}
    if state.told:
        fields["told"] = put(state.told, seat, hand.told)
    return fields


def in_order(hand):
    """``hand`` with its known cards sorted (:func:`order`): the order `hand` shows them in
    and the hint pays from. A card added or told goes to its place; one paid leaves the
    others where they were."""
    return Hand(tuple(sorted(hand.known, key=order)), hand.unknown, hand.told)


def taken_into(state, seat, cards):
    """The field of ``state`` a take of ``cards`` (none red) into ``seat``'s hand changes,
    for the one ``evolve`` of the move: ``hand_fields(state, seat, in_order(state.hand(seat)
    .add(*cards)))`` without the three Hands (each card after the cards of its rank already
    held, as one by one; the unknown and told counts a take never moves stay as they are)."""
    return {"hands": put(state.hands, seat, sorted_cards(state.hands[seat] + tuple(cards)))}


def sorted_cards(known):
    """``known`` sorted by :func:`order` (stable), as :func:`in_order` sorts a hand's known
    cards: each card's key read from the table in C, the function only for a card the
    table lacks."""
    try:
        return tuple(sorted(known, key=_ORDER.__getitem__))
    except KeyError:
        return tuple(sorted(known, key=order))


def order(card):
    """Sort key of a card: blue, green, red; then number and channel. A hand is sorted
    each time a card comes into it, so every card's key is worked out once (_ORDER)."""
    key = _ORDER.get(card)
    return key if key is not None else _order(card)


def _order(card):
    return ("BGR".index(card[0]), cards.number(card), card[-1])


_ORDER = {card: _order(card) for card in (letter + str(number) + channel for letter in "BGR"
                                          for number in range(1, 11) for channel in ("a", "b", ""))}


def put(items, index, value):
    """``items`` (a per-seat or per-colour tuple) with ``value`` at ``index``."""
    return items[:index] + (value,) + items[index + 1:]
