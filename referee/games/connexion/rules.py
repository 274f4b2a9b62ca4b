"""Cosmic ConneXion's rules as pure functions of a state and an action.

``apply(state, action)`` returns the next state or raises :class:`RuleError` naming the
rule; nothing here prints, asks, reads a clock or draws at random (the digital shuffle
is fixed by the seed in the header). Word validity is judged before an action is made
(the lexicon is slow data, not a rule) and travels in the action as its ``verdict``, so a
journal replays exactly even if the word lists change later. Paths are re-checked here,
cheaply, so a hand-edited or foreign journal cannot smuggle in an impossible word.

Checks run in a fixed order (boardgame.io's habit): the game is not over, nothing else
is awaited, the right player, then the rule itself.
"""

import random
import re
from dataclasses import dataclass, field, replace

from referee.core.errors import RuleError
from referee.core.timer import check_late, overdue
from referee.core.votes import Vote
from referee.games.connexion import board as geometry
from referee.games.connexion import cards

LAST = 24  # Greek letter cards, positions 1..24 (CX-1)
ONE_LETTER_WORDS = ("a", "i")  # CX-4, FAQ 7
PILFER_LETTERS = 4  # CX-9
BONUS_PER_WORD, FUTURE_PER_WORD = 25, 50  # CX-10


@dataclass(frozen=True)
class Claim:
    word: str
    player: str
    path: tuple  # ((position, reading), ...)
    verdict: str = "word"
    reason: str = ""
    status: str = "accepted"  # accepted | voting | struck | refused
    card: str = None  # the celestial card it earned
    pilfered_from: str = None
    late: bool = False


@dataclass(frozen=True)
class Bonus:
    player: str
    sentence: str
    words: tuple
    future: bool
    status: str = "voting"  # voting | grammatical | refused
    points: int = 0
    late: bool = False  # given after the bonus timer ran out, with the table's leave (G-5)


@dataclass(frozen=True)
class State:
    players: tuple
    mode: str
    options: dict
    deck: tuple  # (name, value, assumed) of every celestial card in this game
    board: tuple = (None,) * 25  # letter key at position p is board[p - 1]
    hands: tuple = ()  # digital: the Greek letters each player still holds
    pile: tuple = ()  # celestial cards still to draw (digital: in draw order)
    held: tuple = ()  # celestial cards each player holds, in seat order
    values: dict = field(default_factory=dict)  # printed values entered by the scribe (table mode)
    claims: tuple = ()
    pending: tuple = None  # ("card", claim index) | ("pilfer", claim index) | ("vote", Vote)
    turn_started: float = None
    phase: str = "placing"  # placing | bonus | over
    bonus_started: float = None
    bonus: Bonus = None
    extra: tuple = ()  # (player, points) corrections made by `adjust points`, scored apart from the bonus
    ended_at: float = None
    early: bool = False  # G-6: the table stopped the game before its own end

    # -- derived facts --------------------------------------------------------

    @property
    def placed(self):
        return sum(1 for key in self.board[:LAST] if key)

    @property
    def next_position(self):
        return self.placed + 1 if self.placed < LAST else None

    @property
    def placer(self):
        """Who places the next card: placement k by player (k-1) mod n (CX-7)."""
        return self.players[self.placed % len(self.players)] if self.placed < LAST else None

    @property
    def turn(self):
        """Whose turn to claim words: the player who placed the latest card."""
        if self.phase == "bonus":
            return self.sun_holder
        if self.placed == 0 or self.phase == "over":
            return None
        return self.players[(self.placed - 1) % len(self.players)]

    @property
    def positions(self):
        return {p: key for p, key in enumerate(self.board[:LAST], start=1) if key}

    @property
    def sun_holder(self):
        for player, held in zip(self.players, self.held):
            if SUN in (c.lower() for c in held):
                return player
        return None

    def value_of(self, name):
        if name in self.values:
            return self.values[name]
        for card_name, value, _assumed in self.deck:
            if card_name == name:
                return value
        return 0

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

    def struck(self, word):
        """The claim of ``word`` the table voted down (struck by a contest, or refused when put
        to a vote), unless a later vote let it back in (CX-11); None if it was never voted down."""
        for earlier in reversed(self.claims):
            if earlier.word == word and earlier.status != "voting":
                return earlier if earlier.status in ("struck", "refused") else None
        return None

    def total(self, player):
        return sum(self.points(player))


SUN = "sun"


# -- setting up ---------------------------------------------------------------


def initial(header):
    players = tuple(header["players"])
    if len(players) < 2:
        raise RuleError("Cosmic ConneXion needs at least two players", rule="CX-7")
    mode = header.get("mode", "table")
    deck = tuple(tuple(card) for card in header.get("deck") or default_deck())
    state = State(players=players, mode=mode, options=dict(header.get("options", {})), deck=deck,
                  held=tuple(() for _ in players))
    names = tuple(name for name, _value, _assumed in deck)
    if mode == "digital":
        shuffle = random.Random(header.get("seed"))
        letters = list(cards.letters())
        shuffle.shuffle(letters)
        hands = [[] for _ in players]
        for i, key in enumerate(letters):  # dealt clockwise from the first player (CX-7)
            hands[i % len(players)].append(key)
        pile = list(names)
        shuffle.shuffle(pile)
        return replace(state, hands=tuple(tuple(sorted(h)) for h in hands), pile=tuple(pile))
    return replace(state, pile=names)


def default_deck():
    return [(c.name, c.value, c.assumed) for c in cards.deck()]


# -- the moves --------------------------------------------------------------------


def apply(state, action):
    kind = action.get("do")
    handler = _MOVES.get(kind)
    if handler is None:
        raise RuleError(f"not a Cosmic ConneXion action: {kind!r}")
    if state.phase == "over" and kind != "adjust":
        raise RuleError("the game is over; `adjust` can still correct the record", rule=_ended_by(state))
    return handler(state, action)


def _ended_by(state):
    """The ruling that ended the game, for the refusal of anything typed after it: G-6 when
    the table stopped it early, CX-10 when it ran to its end."""
    return "G-6" if state.early else "CX-10"


def _expect_nothing_pending(state, doing):
    if state.pending is None:
        return
    what = state.pending[0]
    if what == "card":
        claim = state.claims[state.pending[1]]
        raise RuleError(f"first name the celestial card drawn for {claim.word.upper()} (`card NAME`) before {doing}", rule="CX-8")
    if what == "pilfer":
        claim = state.claims[state.pending[1]]
        raise RuleError(f"first say what {claim.player} pilfers for {claim.word.upper()} (`pilfer PLAYER CARD` or `pilfer none`) before {doing}", rule="CX-9")
    raise RuleError(f"a vote is open ({state.pending[1].question}); finish it with `vote PLAYER yes|no` before {doing}", rule="G-4")


def _check_speaker(state, action, who, rule):
    said = action.get("by")
    if said and who and said != who:
        raise RuleError(f"it is {who}'s turn, not {said}'s", rule=rule)


def place(state, action):
    if state.phase != "placing" or state.placed >= LAST:
        raise RuleError("all 24 Greek letters are placed", rule="CX-1")
    _expect_nothing_pending(state, "placing the next card")
    placer = state.placer
    _check_speaker(state, action, placer, "CX-7")
    key = action.get("letter")
    letter_table = cards.letters()
    if key not in letter_table:
        raise RuleError(f"{key!r} is not a Greek letter card", rule="CX-3")
    position = action.get("position", state.next_position)
    if position != state.next_position:
        raise RuleError(f"the next card goes in position {state.next_position}, not {position}", rule="CX-7")
    if key in state.board:
        where = state.board.index(key) + 1
        raise RuleError(f"{letter_table[key].name} is already on the board at position {where}", rule="CX-7")
    hands = state.hands
    if state.mode == "digital":
        seat = state.players.index(placer)
        if key not in hands[seat]:
            raise RuleError(f"{placer} does not hold {letter_table[key].name}", rule="G-2")
        hands = hands[:seat] + (tuple(k for k in hands[seat] if k != key),) + hands[seat + 1:]
    board = state.board[: position - 1] + (key,) + state.board[position:]
    return replace(state, board=board, hands=hands, turn_started=action.get("at"))


def check_path(state, word, path, min_cards):
    """The path must be placed cards, touching in turn, never the same card twice in a row."""
    if not path:
        raise RuleError(f"{word.upper()} has no path", rule="CX-2")
    letter_table = cards.letters()
    spelled = []
    previous = None
    for position, reading in path:
        key = state.board[position - 1] if 1 <= position <= LAST else None
        if key is None:
            raise RuleError(f"position {position} has no card", rule="CX-2")
        if previous is not None:
            if position == previous:
                raise RuleError(f"the path visits position {position} twice in a row", rule="CX-2")
            if not geometry.touching(previous, position):
                raise RuleError(f"positions {previous} and {position} do not touch", rule="CX-1")
        if reading not in letter_table[key].texts:
            raise RuleError(f"{letter_table[key].name} does not read {reading!r}", rule="CX-3")
        spelled.append(reading)
        previous = position
    if "".join(spelled) != word:
        raise RuleError(f"the path spells {''.join(spelled).upper()}, not {word.upper()}", rule="CX-2")
    if len(path) < min_cards and word not in ONE_LETTER_WORDS:
        raise RuleError(f"a word joins at least {min_cards} card visits; only A and I may stand alone", rule="CX-4")


def _award(state, index, drawn_said=None):
    # ``drawn_said`` is the card a claim says it drew (digital mode), checked against the pile.
    """An accepted word earns the top card, a named card, a pilfer, or nothing (CX-8, CX-9)."""
    claim = state.claims[index]
    if state.pile:
        if state.mode == "digital":
            drawn, pile = state.pile[0], state.pile[1:]
            if drawn_said is not None and drawn_said != drawn:
                raise RuleError(f"the top of the pile is not {drawn_said}; this record does not belong to this game", rule="CX-8")
            state = _give(replace(state, pile=pile), claim.player, drawn)
            return _set_claim(state, index, card=drawn)
        return replace(state, pending=("card", index))
    if len(claim.word) >= PILFER_LETTERS and any(h for p, h in zip(state.players, state.held) if p != claim.player):
        return replace(state, pending=("pilfer", index))
    return state


def _give(state, player, name):
    seat = state.players.index(player)
    held = state.held[:seat] + (state.held[seat] + (name,),) + state.held[seat + 1:]
    return replace(state, held=held)


def _take(state, player, name):
    seat = state.players.index(player)
    held = list(state.held[seat])
    held.remove(name)
    return replace(state, held=state.held[:seat] + (tuple(held),) + state.held[seat + 1:])


def _set_claim(state, index, **changes):
    claims = list(state.claims)
    claims[index] = replace(claims[index], **changes)
    return replace(state, claims=tuple(claims))


def verify_claim(state, action):
    """Everything about a claim that needs neither the lexicon nor a path (checked first)."""
    if state.phase == "over":
        raise RuleError("the game is over; `adjust` can still correct the record", rule=_ended_by(state))
    if state.phase != "placing":
        raise RuleError("the word-forming part of the game is over", rule="CX-10")
    if state.placed == 0:
        raise RuleError("no card is on the board yet; place position 1 first", rule="CX-7")
    _expect_nothing_pending(state, "the next word")
    player = state.turn
    _check_speaker(state, action, player, "CX-5")
    word = action.get("word", "").lower()
    is_late(state, action)
    if not state.options.get("repeats", False):
        for earlier in state.claims:
            if earlier.word == word and earlier.status in ("accepted", "voting"):
                raise RuleError(f"{word.upper()} was already claimed by {earlier.player}; each word scores once", rule="CX-5")
    return player


def _clock(state):
    """(started, limit, what) of the timer running now: the turn's, or the bonus sentence's."""
    limit = state.options.get("timer", 60)
    if state.phase == "bonus":
        return state.bonus_started, limit, "the bonus sentence"
    return state.turn_started, limit, f"{state.turn}'s turn"


def is_late(state, action):
    """G-5: True when ``action`` comes after its time ran out and the table took it (`late`,
    or option late=accept); refused (one RuleError) when it came late without leave."""
    started, limit, what = _clock(state)
    return check_late(started, limit, action, state.options, what)


def late_by(state, action):
    """Seconds ``action`` (a claim or the bonus sentence) comes after its time ran out; 0 in
    time. A sentence that itself starts the bonus round starts its timer, so it is never late."""
    if action.get("do") == "bonus" and state.phase == "placing":
        return 0
    started, limit, _what = _clock(state)
    return overdue(started, limit, action)


def claim(state, action):
    player = verify_claim(state, action)
    word = action.get("word", "").lower()
    late = is_late(state, action)
    path = tuple((int(p), str(r)) for p, r in action.get("path", ()))
    check_path(state, word, path, state.options.get("min_cards", 2))
    verdict = action.get("verdict", "word")
    entry = Claim(word=word, player=player, path=path, verdict=verdict, reason=action.get("reason", ""), late=late)
    struck = state.struck(word)
    override = bool(action.get("override"))
    if struck and not override:
        raise RuleError(f"{word.upper()} was struck by the table's vote; `contest` puts it to a new vote", rule="CX-11")
    if verdict == "unknown" and not override:
        raise RuleError(f"{word.upper()} is not a word ({entry.reason}); `contest` puts it to a vote", rule="CX-6")
    if verdict in ("rare", "unknown") or override:
        state = replace(state, claims=state.claims + (replace(entry, status="voting"),))
        kind = "rare" if verdict == "rare" and not override else "override"
        question = f"Is {word.upper()} a word?" if not struck else f"Does {word.upper()} come back?"
        tie = state.options.get("tie", "keep") == "keep" and kind == "rare"
        return replace(state, pending=("vote", Vote(question, state.players, tie_keeps=tie,
                                                    subject=(kind, len(state.claims) - 1))))
    state = replace(state, claims=state.claims + (entry,))
    return _award(state, len(state.claims) - 1, action.get("draws"))


def check_printed_value(name, value):
    """A value the scribe types is read off a real card, and the rulebook says what a card
    can print: 1 to 90 points, the sun 0. Anything else is a slip (``-3``, ``440``) that
    would silently change the winner, so the commands refuse it before it reaches the
    record. It is not part of :func:`apply`: a game saved before this check, with such a
    value in its log, must still replay (G-3)."""
    if name == "Sun" and value == 0 or name != "Sun" and 1 <= value <= 90:
        return
    printed = "0" if name == "Sun" else "between 1 and 90"
    raise RuleError(f"{name} cannot be worth {value:g}: the rulebook's cards print {printed}"
                    f"{'' if name == 'Sun' else ' (the sun 0)'}", rule="CX-8")


def check_value_known(state, name):
    """At the table a card the rulebook gives no value for is scored only at the value the
    scribe read off it (CX-8); `adjust give` of such a card, before its value is entered,
    would score the deck file's assumption as if it were printed. The commands ask for the
    value first; like :func:`check_printed_value`, it is not part of :func:`apply`, so a
    game saved before this check still replays (G-3)."""
    assumed = any(n == name and a for n, _v, a in state.deck)
    if state.mode == "table" and assumed and name not in state.values:
        raise RuleError(f"the rulebook does not give {name}'s value; enter the printed one first "
                        f"(`adjust value {name} VALUE`)", rule="CX-8")


def card(state, action):
    if state.pending is None or state.pending[0] != "card":
        raise RuleError("no celestial card is waiting to be named", rule="CX-8")
    index = state.pending[1]
    name = action.get("card")
    if name not in state.pile:
        holder = state.holder_of(name)
        where = f"{holder} holds it" if holder else "it is not in this game's deck"
        raise RuleError(f"{name} cannot be drawn: {where}", rule="CX-8")
    assumed = any(n == name and a for n, _v, a in state.deck)
    values = state.values
    value = action.get("value")
    if value is not None:
        values = dict(values, **{name: value})
    elif assumed and name not in values:
        raise RuleError(f"the rulebook does not give {name}'s value; type the printed one (the number alone, "
                        f"or `card {name} VALUE`)", rule="CX-8")
    claim_ = state.claims[index]
    state = replace(state, pile=tuple(c for c in state.pile if c != name), values=values, pending=None)
    state = _give(state, claim_.player, name)
    return _set_claim(state, index, card=name)


def pilfer(state, action):
    if state.pending is None or state.pending[0] != "pilfer":
        raise RuleError("nothing may be pilfered now: only after a word of 4+ letters once the pile is empty", rule="CX-9")
    index = state.pending[1]
    claim_ = state.claims[index]
    _check_speaker(state, action, claim_.player, "CX-9")
    if action.get("skip"):
        return replace(state, pending=None)
    victim, name = action.get("from"), action.get("card")
    if victim == claim_.player:
        raise RuleError("a pilfer takes a card from another player", rule="CX-9")
    if victim not in state.players:
        raise RuleError(f"{victim} is not playing", rule="CX-9")
    if name not in state.held_by(victim):
        raise RuleError(f"{victim} does not hold {name}", rule="CX-9")
    state = _give(_take(state, victim, name), claim_.player, name)
    state = replace(state, pending=None)
    return _set_claim(state, index, card=name, pilfered_from=victim)


def contest(state, action):
    """Put the last word to the table: an accepted one may be struck, a refused one let in."""
    if action.get("word") and action.get("path") is not None:  # a refused claim, put to a vote
        word = str(action["word"]).lower()
        if action.get("verdict", "unknown") != "unknown" and not state.struck(word):
            raise RuleError(f"{word.upper()} was not refused; `word {word}` claims it", rule="G-4")
        # The vote is the table's own judgement, not the claimant's turn: it is not timed.
        return claim(state, dict(action, override=True, verdict=action.get("verdict", "unknown"), by=None, at=None))
    if state.pending and state.pending[0] == "vote":
        raise RuleError("a vote is already open", rule="G-4")
    if state.phase != "placing" or not state.claims:
        raise RuleError("there is no word to contest", rule="G-4")
    index = len(state.claims) - 1
    last = state.claims[index]
    if last.status != "accepted":
        raise RuleError(f"the last word, {last.word.upper()}, is not standing", rule="G-4")
    wanted = action.get("target")
    if wanted and wanted != last.word:
        raise RuleError(f"only the last word claimed ({last.word.upper()}) can be contested", rule="G-4")
    tie = state.options.get("tie", "keep") == "keep"
    # What the word was still owed (a card to name, a pilfer) waits for the outcome.
    vote = Vote(f"Does {last.word.upper()} stand?", state.players, tie_keeps=tie,
                subject=("contest", index, state.pending))
    return replace(state, pending=("vote", vote))


def vote(state, action):
    if state.pending is None or state.pending[0] != "vote":
        raise RuleError("no vote is open", rule="G-4")
    ballot = state.pending[1]
    for voter, yes in action.get("ballots", ()):
        ballot = ballot.cast(voter, yes)
    outcome = ballot.outcome()
    if outcome is None:
        return replace(state, pending=("vote", ballot))
    state = replace(state, pending=None)
    kind, index = ballot.subject[:2]
    if kind in ("rare", "override"):
        if outcome:
            state = _set_claim(state, index, status="accepted")
            return _award(state, index, action.get("draws"))
        return _set_claim(state, index, status="refused")
    if kind == "contest":
        return replace(state, pending=ballot.subject[2]) if outcome else _strike(state, index)
    if kind == "grammar":
        if not outcome:
            return _end(replace(state, bonus=replace(state.bonus, status="refused")), action.get("at"))
        if state.bonus.future:
            question = "Is the sentence in the future tense?"
            return replace(state, pending=("vote", Vote(question, state.players, tie_keeps=True, subject=("tense", 0))))
        return _bonus_scored(state, future=False, at=action.get("at"))
    if kind == "tense":
        return _bonus_scored(state, future=outcome, at=action.get("at"))
    raise RuleError("this vote cannot be counted", rule="G-4")


def _strike(state, index):
    """An overturned word gives back what it earned (G-4)."""
    struck = state.claims[index]
    if struck.card:
        state = _take(state, struck.player, struck.card)
        if struck.pilfered_from:
            state = _give(state, struck.pilfered_from, struck.card)
        elif state.mode == "digital":
            state = replace(state, pile=(struck.card,) + state.pile)
        else:
            state = replace(state, pile=state.pile + (struck.card,))
    state = replace(state, pending=None)
    return _set_claim(state, index, status="struck", card=None, pilfered_from=None)


FUTURE = re.compile(r"\b(will|shall)\s+[a-z]+|[a-z]+'ll\b|\bgoing\s+to\s+[a-z]+")


def future_tense(sentence):
    """Flag the future (CX-10): will/shall + verb, 'll, going to + verb. The table confirms."""
    return bool(FUTURE.search(sentence.lower()))


def sentence_words(sentence):
    return re.findall(r"[a-z]+(?:'[a-z]+)?", sentence.lower())


def start_bonus(state, action):
    if state.phase == "bonus":
        raise RuleError("the bonus round has begun already", rule="CX-10")
    if state.phase != "placing" or state.placed < LAST:
        raise RuleError(f"the bonus round comes after position 24's turn; {LAST - state.placed} cards are still to place", rule="CX-10")
    _expect_nothing_pending(state, "the bonus round")
    holder = state.sun_holder
    if holder is None:
        raise RuleError("nobody holds the sun, so there is no bonus round; `finish` ends the game", rule="CX-10")
    board = state.board[:LAST] + ("sun",)
    return replace(state, phase="bonus", bonus_started=action.get("at"), board=board)


def bonus(state, action):
    if state.phase == "placing":
        state = start_bonus(state, action)
    if state.phase != "bonus" or state.bonus is not None:
        raise RuleError("the bonus sentence has been given already", rule="CX-10")
    _expect_nothing_pending(state, "the bonus sentence")
    holder = state.sun_holder
    if action.get("by") and action["by"] != holder:
        raise RuleError(f"the bonus sentence is {holder}'s to make: {holder} holds the sun", rule="CX-10")
    late = is_late(state, action)
    sentence = action.get("sentence", "").strip()
    words = sentence_words(sentence)
    if not words:
        raise RuleError("the bonus sentence has no words", rule="CX-10")
    available = {}
    for c in state.scribe_words():
        available[c.word] = available.get(c.word, 0) + 1
    for w in words:
        if available.get(w, 0) == 0:
            why = "is not on the scribe's list" if w not in {c.word for c in state.scribe_words()} else "is used more often than it was logged"
            raise RuleError(f"{w.upper()} {why}", rule="CX-10")
        available[w] -= 1
    future = future_tense(sentence) or bool(action.get("future"))
    entry = Bonus(player=holder, sentence=sentence, words=tuple(words), future=future, late=late)
    vote_ = Vote("Is the sentence grammatical?", state.players, tie_keeps=state.options.get("tie", "keep") == "keep",
                 subject=("grammar", 0))
    return replace(state, bonus=entry, pending=("vote", vote_))


def _bonus_scored(state, future, at):
    per = FUTURE_PER_WORD if future else BONUS_PER_WORD
    scored = replace(state.bonus, status="grammatical", future=future, points=per * len(state.bonus.words))
    return _end(replace(state, bonus=scored), at)


def _end(state, at):
    return replace(state, phase="over", pending=None, ended_at=at)


def finish(state, action):
    """End the game: after the bonus round, or early at any time between turns (G-6).

    Before position 24 is placed the game can only end early, so `finish` alone does
    that; once the diamond is full the sun holder's bonus sentence is waited for, in the
    placing phase as in the bonus round (CX-10), unless the table says `finish no bonus`
    (or stops the game with `finish early`).
    """
    _expect_nothing_pending(state, "finishing")
    early = bool(action.get("early")) or state.placed < LAST
    if not early and state.sun_holder and not action.get("no_bonus"):
        if state.phase == "bonus":
            raise RuleError(f"the bonus round waits for {state.sun_holder}'s sentence (`bonus SENTENCE`); "
                            "`finish no bonus` ends without it", rule="CX-10")
        raise RuleError(f"{state.sun_holder} holds the sun and may make a bonus sentence first (`bonus SENTENCE`, or `finish no bonus`)", rule="CX-10")
    return replace(_end(state, action.get("at")), early=early)


def adjust(state, action):
    """A correction found later, logged as its own event (not an undo)."""
    what = action.get("what")
    if what == "give":
        name, to = action.get("card"), action.get("to")
        if to not in state.players:
            raise RuleError(f"{to} is not playing", rule="G-1")
        holder = state.holder_of(name)
        if holder == to:
            raise RuleError(f"{to} holds {name} already", rule="G-1")
        if holder:
            state = _take(state, holder, name)
        elif name in state.pile:
            state = replace(state, pile=tuple(c for c in state.pile if c != name))
        else:
            raise RuleError(f"{name} is not in this game's deck", rule="G-1")
        return _give(state, to, name)
    if what == "return":
        name = action.get("card")
        holder = state.holder_of(name)
        if holder is None:
            raise RuleError(f"nobody holds {name}", rule="G-1")
        return replace(_take(state, holder, name), pile=state.pile + (name,))
    if what == "value":
        return replace(state, values=dict(state.values, **{action["card"]: action["value"]}))
    if what == "points":
        if action.get("player") not in state.players:
            raise RuleError(f"{action.get('player')} is not playing")
        return replace(state, extra=state.extra + ((action["player"], action["points"]),))
    raise RuleError("adjust what? give, return, value or points", rule="G-1")


_MOVES = {
    "place": place,
    "claim": claim,
    "card": card,
    "pilfer": pilfer,
    "contest": contest,
    "vote": vote,
    "start_bonus": start_bonus,
    "bonus": bonus,
    "finish": finish,
    "adjust": adjust,
}


def check_hand_view(state, asker, owner):
    """G-2: a hand is shown to its owner only. A line that names its speaker (`Ben: hand
    Ann`) may ask for the speaker's own hand and no other; the refusal names no card."""
    if state.mode != "digital":
        raise RuleError("in table mode the referee does not know the hands; the cards are in front of you", rule="G-2")
    if asker and asker != owner:
        raise RuleError(f"{asker} may see only their own hand, not {owner}'s", rule="G-2")


# -- what can be done now (for completion and hints) -----------------------------------


def legal_letters(state):
    """The letters the next placer may put down."""
    if state.phase != "placing" or state.placed >= LAST:
        return []
    if state.mode == "digital":
        return list(state.hands[state.players.index(state.placer)])
    return [k for k in cards.letters() if k not in state.board]


def winners(state):
    totals = {p: state.total(p) for p in state.players}
    best = max(totals.values())
    return [p for p in state.players if totals[p] == best]
