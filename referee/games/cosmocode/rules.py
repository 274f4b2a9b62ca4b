"""Cosmo;code's rules as pure functions of a state and an action.

``apply(state, action)`` returns the next state or raises :class:`RuleError` citing the
rulebook step (``rule 4c``) or the ruling (``CO-3``). Nothing here prints, asks or reads
a clock; the digital decks are shuffled from the header's seed (and each reshuffle from
the seed and how many came before), so a journal replays to the same cards.

Checks run in a fixed order: the game is not over, the phase expects this action, the
right player, then the rule itself.
"""

import random
from dataclasses import dataclass, replace
from typing import NamedTuple

from referee.core.errors import RuleError
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
    hands: tuple = ()  # per seat: the blue and green cards the referee knows, sorted
    unknown: tuple = ()  # per seat: blue cards held that the table never named (table mode)
    reds: tuple = ()  # per seat: red cards taken, face up (CO-6)
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

    def hand_size(self, seat):
        return len(self.hands[seat]) + self.unknown[seat]

    @property
    def limit(self):
        return self.options.get("hand_limit", 8)

    def matching(self):
        """Indices of revealed cards on the indicated channel."""
        return [i for i, s in enumerate(self.revealed) if s.channel == self.indicator]

    def takeable(self):
        """Indices the player may take now: all of them for short, a choice of one otherwise."""
        return takeable(self.range, self.revealed, self.indicator)


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


# -- setting up -------------------------------------------------------------------------


def _rng(seed, *salt):
    return random.Random(":".join(str(part) for part in (seed,) + salt))


def initial(header):
    players = tuple(header["players"])
    if not 2 <= len(players) <= 6:
        raise RuleError(f"Cosmo;code takes 2 to 6 players, not {len(players)}", rule="CO-1")
    mode = header.get("mode", "table")
    options = dict(header.get("options", {}))
    n = len(players)
    state = State(players=players, mode=mode, options=options, seed=header.get("seed"),
                  hands=((),) * n, unknown=(0,) * n, reds=((),) * n, perks=(None,) * n)
    first = _first_named(players, options.get("first", "random"))
    if mode == "digital":
        decks = []
        for colour in cards.COLOURS:
            deck = list(cards.full_deck(colour))
            _rng(state.seed, colour).shuffle(deck)  # Preparation 1
            decks.append(deck)
        hands = []
        for _seat in players:  # Preparation 3: three blue cards each
            hands.append(tuple(sorted(decks[0][:HAND], key=_order)))
            del decks[0][:HAND]
        if first is None:
            first = _rng(state.seed, "start").randrange(n)  # Playing the Game 1
        return replace(state, decks=tuple(tuple(d) for d in decks), discards=((), (), ()),
                       hands=tuple(hands), turn=first)
    state = replace(state, unknown=(HAND,) * n)
    if first is None:
        return replace(state, phase="start")
    return replace(state, turn=first)


def _first_named(players, name):
    name = str(name or "random").strip().lower()
    if name in ("", "random"):
        return None
    for seat, player in enumerate(players):
        if player.lower() == name:
            return seat
    raise RuleError(f"option first names {name!r}, who is not playing ({', '.join(players)})", rule="CO-1")


def _order(card):
    return ("BGR".index(card[0]), cards.number(card), card[-1])


# -- the moves ----------------------------------------------------------------------------


def apply(state, action):
    kind = action.get("do")
    handler = _MOVES.get(kind)
    if handler is None:
        raise RuleError(f"not a Cosmo;code action: {kind!r}")
    _not_over(state)
    return handler(state, action)


def _not_over(state):
    """The first check of every move (and of every question asked before one, such as
    what a digital deck would reveal): nothing is done once the game is over."""
    if state.phase != "over":
        return
    if state.early:
        won = " and ".join(winners(state))
        raise RuleError(f"the game is over: the table ended it early and {won} won", rule="G-6")
    if state.winner is None:
        raise RuleError("the game is over: the red deck ran out before anyone took two red cards", rule="CO-4")
    raise RuleError(f"the game is over: {state.winner} won", rule="End of the Game")


_WAITING = {
    "start": ("the table names the start player first: `start PLAYER`", "CO-1"),
    "receive": ("{p} first chooses a range: `receive short|mid|long`", "rule 2"),
    "reveal": ("{p} first says which cards came up: `reveal 3a 7b`", "rule 3"),
    "manipulate": ("{p} has revealed cards: manipulate them, then `take` (or `pass` if nothing can be taken)", "rule 4"),
    "discard": ("{p} holds more than {limit} cards: `discard CARD ...` first", "rule 6"),
    "perk": ("{p} took a first red card and chooses a perk first: `perk a` or `perk b`", "rule 5"),
}


def _expect(state, action, *phases):
    _not_over(state)
    if state.phase not in phases:
        text, rule = _WAITING[state.phase]
        raise RuleError(text.format(p=state.player, limit=state.limit), rule=rule)
    said = action.get("by")
    if said and state.player and said != state.player:
        raise RuleError(f"it is {state.player}'s turn, not {said}'s", rule="rule 1")


def start(state, action):
    if state.phase != "start":
        raise RuleError(f"the start player is already {state.players[state.turn] if state.turn is not None else '?'}",
                        rule="CO-1")
    player = action.get("player")
    if player not in state.players:
        raise RuleError(f"{player!r} is not playing", rule="CO-1")
    return replace(state, turn=state.seat(player), phase="receive")


def deal(state, action):
    """Table mode: the cards a player holds that the referee did not know (e.g. the first three)."""
    if state.mode != "table":
        raise RuleError("in digital mode the referee dealt the hands itself", rule="G-2")
    player = action.get("player")
    if player not in state.players:
        raise RuleError(f"{player!r} is not playing", rule="CO-1")
    seat = state.seat(player)
    named = list(action.get("cards") or ())
    if not named:
        raise RuleError("name the cards, e.g. `deal Ann 3a 5b 9a`")
    for card in named:
        if cards.colour(card) != "blue" or cards.channel(card) is None:
            raise RuleError(f"{cards.show(card)}: a hand the referee does not know holds only blue cards "
                            "dealt at the start (Preparation 3)", rule="CO-1")
    if len(named) > state.unknown[seat]:
        raise RuleError(f"the referee knows all but {state.unknown[seat]} of {player}'s cards; "
                        f"{len(named)} named", rule="G-1")
    _check_copies(state, named)
    hands = _set(state.hands, seat, tuple(sorted(state.hands[seat] + tuple(named), key=_order)))
    unknown = _set(state.unknown, seat, state.unknown[seat] - len(named))
    return replace(state, hands=hands, unknown=unknown)


def receive(state, action):
    _expect(state, action, "receive")
    range_ = action.get("range")
    if range_ not in RANGES:
        raise RuleError(f"{range_!r} is not a range: short, mid or long", rule="rule 2")
    state = replace(state, range=range_, tuned=False)
    if state.mode == "digital":
        shown, state = _draw(state, range_)
        said = action.get("cards")
        if said is not None and list(said) != list(shown):
            raise RuleError(f"the {cards.RANGE_COLOUR[range_]} deck shows {' '.join(map(cards.short, shown))}, "
                            f"not {' '.join(map(cards.short, said))}", rule="G-2")
        return replace(state, phase="manipulate", revealed=tuple(Shown(c, cards.number(c), cards.channel(c)) for c in shown),
                       attempts=state.attempts + 1)
    state = replace(state, phase="reveal", attempts=state.attempts + 1)
    if action.get("cards"):
        return reveal(state, dict(action, do="reveal"))
    return state


def reveal_count(state):
    """How many cards the range reveals for the player to act (perk a: three blue)."""
    if state.range == "short" and state.perks[state.turn] == "a":
        return 3
    return REVEAL[state.range]


def reveal(state, action):
    _expect(state, action, "reveal")
    colour = cards.RANGE_COLOUR[state.range]
    shown = list(action.get("cards") or ())
    need = reveal_count(state)
    step = {"short": "rule 3a", "mid": "rule 3b", "long": "rule 3c"}[state.range]
    if state.range == "short" and need == 3:
        step = "rule 5a"
    if len(shown) != need:
        raise RuleError(f"{state.range} range reveals {need} {colour} cards, not {len(shown)}", rule=step)
    for card in shown:
        if cards.colour(card) != colour or cards.channel(card) is None:
            raise RuleError(f"{state.range} range reveals {colour} cards, each with its channel", rule=step)
    _check_copies(state, shown)
    return replace(state, phase="manipulate",
                   revealed=tuple(Shown(c, cards.number(c), cards.channel(c)) for c in shown))


def _check_copies(state, new):
    """Table mode: a card cannot come up more often than the decks hold it (CO-1)."""
    for card in set(new):
        copies = cards.COPIES[cards.colour(card)]
        if new.count(card) > copies:  # the line itself names it too often: say so, not "held already"
            raise RuleError(f"{cards.show(card)} is named {new.count(card)} times, and there "
                            f"{'is only one' if copies == 1 else f'are only {copies}'}", rule="CO-1")
    seen = {}
    known = [c for hand in state.hands for c in hand] + [c for reds in state.reds for c in reds]
    known += [s.card for s in state.revealed]
    for card in known:
        seen[card] = seen.get(card, 0) + 1
    for card in new:
        seen[card] = seen.get(card, 0) + 1
        copies = cards.COPIES[cards.colour(card)]
        if seen[card] > copies:
            where = "held or revealed already" if copies == 1 else "all held or revealed already"
            raise RuleError(f"there {'is only one' if copies == 1 else f'are only {copies}'} "
                            f"{cards.show(card)} and {'it is' if copies == 1 else 'they are'} {where}", rule="CO-1")


def _draw(state, range_):
    """The top cards of the range's deck; an empty deck takes its shuffled discard (CO-4)."""
    colour = cards.RANGE_COLOUR[range_]
    index = cards.COLOURS.index(colour)
    need = reveal_count(replace(state, range=range_))
    deck, discard, count = list(state.decks[index]), list(state.discards[index]), state.reshuffles[index]
    shown = []
    while len(shown) < need:
        if not deck:
            if not state.options.get("reshuffle", True) or not discard:
                raise RuleError(f"the {colour} deck has {len(shown)} card{'s' if len(shown) != 1 else ''} left, "
                                f"{need} are needed"
                                + ("" if state.options.get("reshuffle", True) else " (reshuffle is off)")
                                + "; choose another range", rule="CO-4")
            count += 1
            deck = sorted(discard, key=_order)
            _rng(state.seed, colour, count).shuffle(deck)
            discard = []
        shown.append(deck.pop(0))
    return shown, replace(state, decks=_set(state.decks, index, tuple(deck)),
                          discards=_set(state.discards, index, tuple(discard)),
                          reshuffles=_set(state.reshuffles, index, count))


def verify_hint(state):
    """A hint needs a game on and revealed cards to manipulate."""
    _not_over(state)
    if state.phase != "manipulate":
        raise RuleError("a hint needs revealed cards: `receive short|mid|long` first", rule="rule 4")


def peek(state, range_):
    """What ``receive range_`` would reveal now (digital): the command writes it into the log."""
    _expect(state, {}, "receive")
    return _draw(replace(state, range=range_), range_)[0]


# -- manipulations (rule 4) ------------------------------------------------------------------


def _target(state, action):
    index = action.get("target")
    if not isinstance(index, int) or not 0 <= index < len(state.revealed):
        raise RuleError("that is not one of the revealed cards", rule="rule 4")
    return index


def _pay(state, seat, card, rule="rule 4"):
    """Take ``card`` out of a hand (a table-mode unknown blue card if the referee lacks it).

    ``rule`` is the step the card leaves the hand for: paying (4) or the hand limit (6).
    """
    hand = list(state.hands[seat])
    if card in hand:
        hand.remove(card)
        return replace(state, hands=_set(state.hands, seat, tuple(hand)))
    if cards.colour(card) == "blue" and state.unknown[seat] > 0 and not _named_all(state, card):
        return replace(state, unknown=_set(state.unknown, seat, state.unknown[seat] - 1))
    raise RuleError(f"{state.players[seat]} holds no {cards.show(card)}", rule=rule)


def _named_all(state, card):
    """Every copy of a fully named card is already elsewhere, so an unknown card cannot be it."""
    if cards.channel(card) is None:
        return False
    try:
        _check_copies(state, [card])
    except RuleError:
        return True
    return False


def _discard(state, spent):
    if state.discards is None:
        return state
    piles = list(state.discards)
    for card in spent:
        index = cards.COLOURS.index(cards.colour(card))
        piles[index] = piles[index] + (card,)
    return replace(state, discards=tuple(piles))


def _payer_colours(state, step):
    if state.perks[state.turn] == "b":
        return ("blue", "green")
    return ("blue",)


def _closed(state, step):
    if state.tuned:
        raise RuleError(f"a number was changed this attempt (4c), so {step} is closed", rule="rule 4c")


def _named(colour, number):
    """A paying card as the table may hear it: its colour and number, never a channel the
    referee read from the hand (the player may have typed only the number)."""
    return f"{colour} {number}" if colour else str(number)


def verify_flip(state, index, colour, number):
    """4a's checks that need no hidden card: the commands run them before reading the
    hand, so an illegal flip is refused without any question about the hand."""
    _closed(state, "4a")
    shown = state.revealed[index]
    allowed = _payer_colours(state, "4a")
    if colour is not None and colour not in allowed:
        why = "a blue card (or green with perk b)" if "green" not in allowed else "a blue or green card (perk b)"
        raise RuleError(f"4a is paid with {why}", rule="rule 5b" if "green" in allowed else "rule 4a")
    if number != shown.number:
        raise RuleError(f"4a needs a card of the same number: {_named(colour, number)} "
                        f"cannot flip the {shown.number}", rule="rule 4a")


def flip(state, action):
    """4a: one blue card of the revealed card's number flips that card's channel."""
    _expect(state, action, "manipulate")
    _closed(state, "4a")
    index = _target(state, action)
    card = action.get("pay")
    if not isinstance(card, str):
        raise RuleError("4a is paid with one card", rule="rule 4a")
    verify_flip(state, index, cards.colour(card), cards.number(card))
    shown = state.revealed[index]
    state = _pay(state, state.turn, card)
    flipped = shown._replace(channel="b" if shown.channel == "a" else "a")
    return _discard(replace(state, revealed=_set(state.revealed, index, flipped)), [card])


def verify_indicator(state, colours):
    """4b's checks that need no hidden card, on the colours typed (None: not said)."""
    _closed(state, "4b")
    allowed = _payer_colours(state, "4b")
    if len(colours) != 2:
        raise RuleError(f"4b is paid with two cards, not {len(colours)}", rule="rule 4b")
    for colour in colours:
        if colour is not None and colour not in allowed:
            if "green" in allowed:
                raise RuleError("4b is paid with blue or green cards (perk b)", rule="rule 5b")
            raise RuleError(f"4b is paid with two blue cards, not {colour} "
                            "(green cards pay for it only with perk b)", rule="rule 4b")


def indicator(state, action):
    """4b: two blue cards flip the channel indicator."""
    _expect(state, action, "manipulate")
    pay = list(action.get("pay") or ())
    if not all(isinstance(card, str) for card in pay):
        raise RuleError("4b is paid with two cards", rule="rule 4b")
    verify_indicator(state, [cards.colour(card) for card in pay])
    seat = state.turn
    for card in pay:
        state = _pay(state, seat, card)
    return _discard(replace(state, indicator="b" if state.indicator == "a" else "a"), pay)


def verify_tune(state, index, step, colour):
    """4c's checks that need no hidden card: the step, the colour typed, the bounds."""
    if step not in (1, -1):
        raise RuleError("4c moves a number up or down by one", rule="rule 4c")
    if colour is not None and colour != "green":
        raise RuleError("4c is paid with one green card", rule="rule 4c")
    shown = state.revealed[index]
    moved = shown.number + step
    if not 1 <= moved <= 10:
        raise RuleError(f"a {shown.number} cannot go {'up' if step > 0 else 'down'}: numbers stay within 1-10",
                        rule="CO-3")


def tune(state, action):
    """4c: one green card moves a revealed card's number up or down by one, within 1-10."""
    _expect(state, action, "manipulate")
    index = _target(state, action)
    card = action.get("pay")
    if not isinstance(card, str):
        raise RuleError("4c is paid with one green card", rule="rule 4c")
    step = action.get("step")
    verify_tune(state, index, step, cards.colour(card))
    shown = state.revealed[index]
    state = _pay(state, state.turn, card)
    return _discard(replace(state, tuned=True, revealed=_set(state.revealed, index,
                                                             shown._replace(number=shown.number + step))),
                    [card])


# -- taking (rules 3, 5, 6) -----------------------------------------------------------------------


_CONDITION = {
    "short": ("every card on the indicated channel is taken", "rule 3a"),
    "mid": ("one card is taken only when both are on the indicated channel", "rule 3b"),
    "long": ("one card is taken only when all three are on the indicated channel and form a run", "rule 3c"),
}


def why_not(state):
    """Why nothing can be taken now, in a player's words."""
    glyph = cards.CHANNEL_NAME[state.indicator]
    off = [s for s in state.revealed if s.channel != state.indicator]
    if off and state.range != "short":
        return f"{', '.join(_read(s) for s in off)} {'is' if len(off) == 1 else 'are'} not on channel {glyph}"
    if state.range == "long":
        return f"{', '.join(str(s.number) for s in state.revealed)} do not form a run of three"
    return f"no revealed card is on channel {glyph}"


def _read(shown):
    return f"{shown.number}{shown.channel}"


def take(state, action):
    _expect(state, action, "manipulate")
    chosen = action.get("cards")
    if not isinstance(chosen, list) or not all(isinstance(i, int) for i in chosen):
        raise RuleError("say which card to take", rule="rule 3")
    allowed = state.takeable()
    text, rule = _CONDITION[state.range]
    if state.range == "short":
        if sorted(chosen) != allowed:
            if not allowed:
                raise RuleError(f"nothing to take: {why_not(state)}; `pass` ends the attempt", rule=rule)
            raise RuleError(f"{text}: {', '.join(_read(state.revealed[i]) for i in allowed)}", rule=rule)
    else:
        if not allowed:
            raise RuleError(f"{text}; {why_not(state)}", rule=rule)
        if len(chosen) != 1 or chosen[0] not in allowed:
            raise RuleError(f"{text}: take one of them", rule=rule)
    taken = [state.revealed[i].card for i in chosen]
    left = [s.card for i, s in enumerate(state.revealed) if i not in chosen]
    seat = state.turn
    hands, reds = state.hands, state.reds
    for card in taken:
        if cards.colour(card) == "red":
            reds = _set(reds, seat, reds[seat] + (card,))
        else:
            hands = _set(hands, seat, tuple(sorted(hands[seat] + (card,), key=_order)))
    state = _discard(replace(state, hands=hands, reds=reds), left)
    state = replace(state, revealed=(), phase="taken")
    if len(reds[seat]) >= WIN_REDS:  # End of the Game: the second red wins at once
        return replace(state, phase="over", winner=state.players[seat])
    perk_due = bool(taken) and cards.colour(taken[0]) == "red" and state.perks[seat] is None
    return _after_take(replace(state, perk_due=perk_due))


def pass_(state, action):
    """End the attempt taking nothing: only when nothing can be taken."""
    _expect(state, action, "manipulate")
    allowed = state.takeable()
    text, rule = _CONDITION[state.range]
    if allowed:
        what = " ".join(_read(state.revealed[i]) for i in allowed)
        raise RuleError(f"{text}; {what} can be taken: `take`", rule=rule)
    state = _discard(state, [s.card for s in state.revealed])
    return _after_take(replace(state, revealed=(), perk_due=False))


def _after_take(state):
    seat = state.turn
    if state.hand_size(seat) > state.limit:
        return replace(state, phase="discard")
    if state.perk_due:
        return replace(state, phase="perk")
    return _next_turn(state)


def _next_turn(state):
    if state.ending:
        return _end_early(state)
    state = replace(state, phase="receive", range=None, revealed=(), tuned=False, perk_due=False,
                    turn=(state.turn + 1) % len(state.players))
    if stalled(state):
        return replace(state, phase="over", winner=None)
    return state


def stalled(state):
    """Digital mode: the red deck (with its discard, when reshuffling) cannot reveal three
    cards any more, so nobody can take a second red card and win (CO-4).

    Only a table that turned reshuffling off gets here: red cards leave the game only
    into a player's row, one each before someone wins, so the reshuffled red deck never
    runs short. Playing on with blue and green until they ran out would be play that
    cannot change the outcome; and while the red deck can reveal, so can a range for
    every player.
    """
    if state.decks is None:
        return False
    red = cards.COLOURS.index("red")
    left = len(state.decks[red]) + (len(state.discards[red]) if state.options.get("reshuffle", True) else 0)
    return left < REVEAL["long"]


def discard(state, action):
    """Rule 6: over the hand limit after taking, the player discards down to it."""
    _expect(state, action, "discard")
    chosen = list(action.get("cards") or ())
    seat = state.turn
    excess = state.hand_size(seat) - state.limit
    if not chosen:
        raise RuleError(f"discard {excess} card{'s' if excess != 1 else ''}", rule="rule 6")
    if len(chosen) > excess:
        raise RuleError(f"{state.player} discards down to {state.limit}: {excess} card{'s' if excess != 1 else ''}, "
                        f"not {len(chosen)}", rule="rule 6")
    for card in chosen:
        if cards.colour(card) == "red":
            raise RuleError("red cards lie face up and do not count toward the hand limit", rule="CO-6")
        state = _pay(state, seat, card, rule="rule 6")
    state = _discard(state, chosen)
    if state.hand_size(seat) > state.limit:
        return state
    if state.perk_due:
        return replace(state, phase="perk")
    return _next_turn(state)


def perk(state, action):
    _expect(state, action, "perk")
    chosen = action.get("perk")
    if chosen not in ("a", "b"):
        raise RuleError("choose `perk a` (short range reveals three blue) or `perk b` (green pays for 4a and 4b)",
                        rule="rule 5")
    return _next_turn(replace(state, perks=_set(state.perks, state.turn, chosen)))


# -- ending early (G-6) ----------------------------------------------------------------------


def finish(state, action):
    """G-6: the table stops the game; the red cards held after the current turn decide.

    Cosmo;code has no score but its red cards, so the reading (a guessed ruling, stated
    in the README) is: most red cards wins, a tie is shared, by everyone when nobody took
    one. Between turns it ends at once; during one it ends when that turn ends (after the
    take or pass, the discard and the perk), so no attempt is cut in half.
    """
    _not_over(state)
    if state.ending:
        raise RuleError(f"the game already ends when {state.player}'s turn ends", rule="G-6")
    if state.phase in ("start", "receive"):
        return _end_early(state)
    return replace(state, ending=True)


def _end_early(state):
    return replace(state, phase="over", winner=None, early=True, ending=False, range=None, revealed=(),
                   tuned=False, perk_due=False)


def winners(state):
    """Who won: the player who took a second red card; after an early end (G-6), everyone
    holding the most red cards; nobody when the red deck ran out (CO-4)."""
    if state.winner:
        return [state.winner]
    if state.early:
        most = max(len(reds) for reds in state.reds)
        return [p for p, reds in zip(state.players, state.reds) if len(reds) == most]
    return []


def _set(items, index, value):
    return items[:index] + (value,) + items[index + 1:]


_MOVES = {
    "start": start,
    "deal": deal,
    "receive": receive,
    "reveal": reveal,
    "flip": flip,
    "indicator": indicator,
    "tune": tune,
    "take": take,
    "pass": pass_,
    "discard": discard,
    "perk": perk,
    "finish": finish,
}
