"""What a Cosmic ConneXion game is at one moment: the State and its records, the facts
derived from them (whose turn, who holds what, the scores, the winners), and the state a
journal's header sets up (:func:`initial`: the digital deal and draw pile shuffled by the
header's seed, so a saved game replays exactly).

Kept apart from the moves (their rule modules, placing.py to corrections.py) so the
rules read as checks and effects. States are frozen; what grows with the journal (the
claims, the `adjust points` corrections) is a :class:`~referee.core.states.Chain`,
shared between states instead of copied by each move, so a long game replays in linear
time.
"""

from dataclasses import dataclass, field
from operator import attrgetter

from referee.core.states import Chain, evolve
from referee.games.connexion import cards

LAST = 24  # Greek letter cards, positions 1..24 (CX-1)
SUN = "sun"
_WORD = attrgetter("word")


@dataclass(frozen=True)
class Claim:
    """A claimed word on its way through the rules: its path, its verdict and the card it draws."""

    word: str
    player: str
    path: tuple  # ((position, reading), ...)
    verdict: str = "word"
    reason: str = ""
    status: str = "accepted"  # accepted | voting | struck | refused
    card: str = None  # the celestial card it earned
    pilfered_from: str = None
    late: bool = False


def new_claim(word, player, path, verdict, reason, late, status="accepted", card=None):
    """A Claim made as ``Claim(...)`` makes it, without the frozen dataclass's ``__init__``
    (one ``object.__setattr__`` per field: a replayed claim's dearest step after its
    path). Equal to ``Claim(word, player, path, verdict, reason, status, card, None, late)``
    and shown the same: repr and == read the fields, whose values are all here."""
    made = object.__new__(Claim)
    object.__setattr__(made, "__dict__", {"word": word, "player": player, "path": path, "verdict": verdict,
                                          "reason": reason, "status": status, "card": card, "pilfered_from": None,
                                          "late": late})
    return made


_CLAIM_FIELDS = frozenset(("word", "player", "path", "verdict", "reason", "status", "card", "pilfered_from", "late"))


def changed_claim(claim, **changes):
    """``evolve(claim, **changes)`` for a Claim (a card named, a vote's outcome): its fields
    copied as one dict, not field by field (a table's every card changes its claim)."""
    if not _CLAIM_FIELDS.issuperset(changes):
        raise TypeError(f"Claim has no field {sorted(changes.keys() - _CLAIM_FIELDS)[0]!r}")
    fields = claim.__dict__.copy()
    fields.update(changes)
    made = object.__new__(Claim)
    object.__setattr__(made, "__dict__", fields)
    return made


def struck_of(claims):
    """The claim among ``claims`` (a word's claims, in order) the table voted down, unless
    a later vote let the word back in (CX-11); None if it was never voted down."""
    for earlier in reversed(claims):
        if earlier.status != "voting":
            return earlier if earlier.status in ("struck", "refused") else None
    return None


@dataclass(frozen=True)
class Bonus:
    """The bonus sentence the sun's holder may make at the end (CX-10), and its words."""

    player: str
    sentence: str
    words: tuple
    future: bool
    status: str = "voting"  # voting | grammatical | refused
    points: int = 0
    late: bool = False  # given after the bonus timer ran out, with the table's leave (G-5)


@dataclass(frozen=True)
class State:
    """A ConneXion game between two moves: the diamond, the hands, the pile and the cards won."""

    players: tuple
    mode: str
    options: dict
    deck: tuple  # (name, value, assumed) of every celestial card in this game
    board: tuple = (None,) * 25  # letter key at position p is board[p - 1]
    hands: tuple = ()  # digital: the Greek letters each player still holds
    pile: tuple = ()  # celestial cards still to draw (digital: in draw order)
    held: tuple = ()  # celestial cards each player holds, in seat order
    values: dict = field(default_factory=dict)  # printed values entered by the scribe (table mode)
    claims: Chain = field(default_factory=Chain)  # every claim, in order (grows with the game)
    pending: tuple = None  # ("card", claim index) | ("pilfer", claim index) | ("vote", Vote): the phase
    turn_started: float = None
    phase: str = "placing"  # placing | bonus | over (a pending answer is a phase of its own: phases.py)
    bonus_started: float = None
    bonus: Bonus = None
    extra: Chain = field(default_factory=Chain)  # (player, points) of `adjust points`, scored apart
    ended_at: float = None
    early: bool = False  # G-6: the table stopped the game before its own end

    # Facts kept beside the fields, out of repr and == (core.states.evolve), each with the
    # field it derives from: ``_placed`` with the board, ``_words`` with the claims
    # (``_assumed``, with the deck, is never handed on: a move does not change the deck).
    DERIVED = ("_placed", "_words")

    def __post_init__(self):
        # A state built by hand (a test, an old caller) may give tuples: shared from here on.
        for name in ("claims", "extra"):
            if not isinstance(getattr(self, name), Chain):
                object.__setattr__(self, name, Chain(getattr(self, name)))

    # -- derived facts --------------------------------------------------------

    @property
    def placed(self):
        """How many Greek letter cards lie on the diamond. Asked several times by every
        replayed event (whose turn, the placer, the claimant), so counted once per board:
        the count is kept beside the board it counted (not a field: repr and == never see
        it), and a state whose board is another one (evolve copies the pair) counts again."""
        board = self.board
        counted = self.__dict__.get("_placed")
        if counted is None or counted[0] is not board:
            counted = (board, len(list(filter(None, board[:LAST]))))
            object.__setattr__(self, "_placed", counted)
        return counted[1]

    @property
    def next_position(self):
        placed = self.placed
        return placed + 1 if placed < LAST else None

    @property
    def placer(self):
        """Who places the next card: placement k by player (k-1) mod n (CX-7)."""
        placed = self.placed
        return self.players[placed % len(self.players)] if placed < LAST else None

    @property
    def turn(self):
        """The seat of the player to act, the one convention of every game (None once the
        game is over): the sun holder in the bonus round; otherwise who placed the latest
        card, whose turn it is to claim words (and to answer for them: the card drawn, the
        pilfer); before the first card, who places it."""
        if self.phase == "over":
            return None
        if self.phase == "bonus":
            holder = self.sun_holder
            return self.players.index(holder) if holder else None
        placed = self.placed
        return (placed - 1) % len(self.players) if placed else 0

    @property
    def claimant(self):
        """The name of the player whose turn it is to claim words, or None (before the first
        card, in the bonus round, after the end): in the placing phase, who placed the
        latest card (``turn``'s reckoning, counted once)."""
        if self.phase != "placing":
            return None
        placed = self.placed
        return self.players[(placed - 1) % len(self.players)] if placed else None

    @property
    def positions(self):
        return {p: key for p, key in enumerate(self.board[:LAST], start=1) if key}

    @property
    def sun_holder(self):
        for player, held in zip(self.players, self.held):
            if SUN in (c.lower() for c in held):
                return player
        return None

    def pending_claim(self):
        """The claim a pending card or pilfer is for, or None."""
        if self.pending and self.pending[0] in ("card", "pilfer"):
            return self.claims[self.pending[1]]
        return None

    def open_vote(self):
        return self.pending[1] if self.pending and self.pending[0] == "vote" else None

    def value_of(self, name):
        if name in self.values:
            return self.values[name]
        for card_name, value, _assumed in self.deck:
            if card_name == name:
                return value
        return 0

    def assumed(self, name):
        """Whether the rulebook gives no value for ``name`` (the deck file assumes one, CX-8)."""
        return name in self.assumed_names

    @property
    def assumed_names(self):
        """The names of the deck's cards whose value the rulebook does not give (CX-8), as a
        frozenset: a table's every card named asks. Kept beside the very deck it was read
        from (not a field: repr and == never see it), so a state whose deck is another
        reads its own; a game's deck is set up once, so each game reads it once."""
        deck = self.deck
        kept = self.__dict__.get("_assumed")
        if kept is None or kept[0] is not deck:
            kept = (deck, frozenset([name for name, _value, assumed in deck if assumed]))
            object.__setattr__(self, "_assumed", kept)
        return kept[1]

    def holder_of(self, name):
        for player, held in zip(self.players, self.held):
            if name in held:
                return player
        return None

    def held_by(self, player):
        return self.held[self.players.index(player)]

    def scribe_words(self):
        """The scribe's list: accepted words, in the order they were claimed."""
        return [c for c in self.claims if c.status == "accepted"]

    def points(self, player):
        """(card points, bonus sentence points, adjustments): the scoreboard's three columns."""
        cards_points = sum(self.value_of(c) for c in self.held_by(player))
        return cards_points, self.bonus_points(player), self.adjusted(player)

    def bonus_points(self, player):
        if self.bonus and self.bonus.player == player and self.bonus.status == "grammatical":
            return self.bonus.points
        return 0

    def adjusted(self, player):
        """What `adjust points` added or took away: a correction, not part of the bonus."""
        return sum(p for who, p in self.extra if who == player)

    @property
    def claimed_words(self):
        """Every word claimed so far, as a frozenset: a replayed claim asks whether its word
        was claimed before (CX-5, CX-11), and looking through every claim cost more than
        the rest of its checks. Kept beside the very claims chain it was read from (not a
        field: repr and == never see it); a chain is never changed once made (Chain.add and
        Chain.set make new ones), so a state whose claims are another chain reads them
        again, unless the move that made that chain handed its words on (:func:`words_after`)."""
        claims = self.claims
        kept = self.__dict__.get("_words")
        if kept is None or kept[0] is not claims:
            kept = (claims, frozenset(map(_WORD, claims[:])))
            object.__setattr__(self, "_words", kept)
        return kept[1]

    def claims_of(self, word):
        """The claims of ``word``, in order: most words were never claimed before, so the
        claimed words are asked first and the claims looked through only when it is one."""
        if word not in self.claimed_words:
            return ()
        return [claim for claim in self.claims[:] if claim.word == word]

    def struck(self, word):
        """The claim of ``word`` the table voted down (struck by a contest, or refused when put
        to a vote), unless a later vote let it back in (CX-11); None if it was never voted down."""
        return struck_of(self.claims_of(word))

    def total(self, player):
        return sum(self.points(player))


def words_after(state, claims, word=None):
    """The derived ``_words`` of the state whose claims are ``claims``, made from
    ``state``'s by a move that added the claim of ``word`` (or, with None, changed a
    claim's card or status, never its word): the claimed words, handed on beside the
    chain they describe so the next claim need not read every claim again."""
    words = state.claimed_words
    if word is not None and word not in words:
        words = words | {word}
    return claims, words


def winners(state):
    totals = {p: state.total(p) for p in state.players}
    best = max(totals.values())
    return [p for p in state.players if totals[p] == best]


# -- setting up ---------------------------------------------------------------


def initial(header):
    players = tuple(header["players"])  # 2 to 8 (CX-7), checked when the game starts (its ENTRY)
    mode = header.get("mode", "table")
    deck = tuple(tuple(card) for card in header.get("deck") or default_deck())
    state = State(players=players, mode=mode, options=dict(header.get("options", {})), deck=deck,
                  held=tuple(() for _ in players))
    names = tuple(name for name, _value, _assumed in deck)
    if mode == "digital":
        import random  # a table game never shuffles: not before its first prompt

        shuffle = random.Random(header.get("seed"))
        letters = list(cards.letters())
        shuffle.shuffle(letters)
        hands = [[] for _ in players]
        for i, key in enumerate(letters):  # dealt clockwise from the first player (CX-7)
            hands[i % len(players)].append(key)
        pile = list(names)
        shuffle.shuffle(pile)
        return evolve(state, hands=tuple(tuple(sorted(h)) for h in hands), pile=tuple(pile))
    return evolve(state, pile=names)


def default_deck():
    return [(c.name, c.value, c.assumed) for c in cards.deck()]
