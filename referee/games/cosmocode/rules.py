"""Cosmo;code's rules as pure functions: per move, a check and an effect.

Each move of moves.py pairs a ``check_X(state, action)``, which raises :class:`RuleError`
citing an id of ruletable.md (the rulebook's steps ``4c``, ``End``; the rulings
``CO-3``; the house rules ``G-6``), with an effect ``X(state, action)`` run only once every
check passed. The core runs the checks that come before them (the game is not over, the
phase opens the move, the player to act) from the phase table of moves.py. Nothing here
prints, asks or reads a clock; the digital decks are shuffled from the header's seed (and
each reshuffle from the seed and how many came before), so a journal replays to the same
cards.

A few checks are also called by the commands before a hand is read (``verify_flip``,
``verify_indicator``, ``verify_tune``): the part of a move's rule that needs no hidden
card, so an illegal payment is refused before any private question about the hand.
"""

import random
from dataclasses import replace

from referee.core.errors import InputError, RuleError
from referee.games.cosmocode import cards
from referee.games.cosmocode.state import (HAND, RANGES, REVEAL, WIN_REDS, Shown, State, is_run,  # noqa: F401
                                           order, put, takeable)

_order = order  # the name the tests and the hint use

# -- setting up -------------------------------------------------------------------------


def _rng(seed, *salt):
    return random.Random(":".join(str(part) for part in (seed,) + salt))


def initial(header):
    players = tuple(header["players"])  # 2 to 6 (CO-1), checked when the game starts (its ENTRY)
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
            hands.append(tuple(sorted(decks[0][:HAND], key=order)))
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


def apply(state, action):
    """The declared moves (moves.MOVES) applied in the core's order of checks: for the
    tests and benches that fold actions through the rules alone."""
    from referee.games.cosmocode.moves import MOVES

    return MOVES.apply(state, action)


# -- the end (the phase table's `over` phase) ------------------------------------------------


def over_text(state):
    """Why nothing more is done: the sentence that refuses every move once it is over."""
    if state.early:
        won = " and ".join(winners(state))
        return f"the game is over: the table ended it early and {won} won"
    if state.winner is None:
        return "the game is over: the red deck ran out before anyone took two red cards"
    return f"the game is over: {state.winner} won"


def over_rule(state):
    if state.early:
        return "G-6"
    if state.winner is None:
        return "CO-4"
    return "End"


def winners(state):
    """Who won: the player who took a second red card; after an early end (G-6), everyone
    holding the most red cards; nobody when the red deck ran out (CO-4)."""
    if state.winner:
        return [state.winner]
    if state.early:
        most = max(len(reds) for reds in state.reds)
        return [p for p, reds in zip(state.players, state.reds) if len(reds) == most]
    return []


# -- start and deal (table mode) --------------------------------------------------------------


def check_start(state, action):
    if state.phase != "start":
        raise RuleError(f"the start player is already {state.player or '?'}", rule="CO-1")
    if action["player"] not in state.players:
        raise RuleError(f"{action['player']!r} is not playing", rule="CO-1")


def start(state, action):
    return replace(state, turn=state.seat(action["player"]), phase="receive")


def check_deal(state, action):
    """Table mode: blue cards dealt at the start that the referee was not told. The cards
    are a secret (the deal is typed unseen), so a refusal that names them is given to
    their owner alone; the table hears only that they were not taken (G-2)."""
    if state.mode != "table":
        raise RuleError("in digital mode the referee dealt the hands itself", rule="G-2")
    player = action["player"]
    if player not in state.players:
        raise RuleError(f"{player!r} is not playing", rule="CO-1")
    seat = state.seat(player)
    named = list(action["cards"])
    if not named:
        raise RuleError("name the cards, e.g. `deal Ann 3a 5b 9a`", rule="G-1")
    for card in named:
        reason = _not_a_dealt_card(card)
        if reason:
            _hidden(player, reason)
    if len(named) > state.unknown[seat]:
        raise RuleError(f"the referee knows all but {state.unknown[seat]} of {player}'s cards; "
                        f"{len(named)} named", rule="G-1")
    try:
        _check_copies(state, named, seat)
    except RuleError as error:
        _hidden(player, str(error))


DEALT = "the hands dealt at the start (Preparation 3) hold only"


def _not_a_dealt_card(card):
    """Why ``card`` (as the deal names it) cannot be in a hand the referee does not know;
    None when it can. A word the commands could not read comes as typed (it was typed
    unseen): the reason is the card reader's own, for its owner's eyes."""
    try:
        colour, number, channel = cards.read(card)
    except ValueError:
        try:
            cards.parse_full(str(card), "blue", DEALT)
        except InputError as error:
            return f"{error} (CO-1)"
        return f"{card!r} is not a card (CO-1)"
    if colour != "blue":
        return (f"{cards.show(card)}: a hand the referee does not know holds only blue cards "
                "dealt at the start (Preparation 3) (CO-1)")
    if channel is None:
        return f"'{number}': say its channel too, e.g. {number}a or {number}b (CO-1)"
    return None


def _hidden(player, reason):
    raise RuleError(f"cards not taken; {player} alone was shown why", rule="G-2", private=reason, owner=player)


def deal(state, action):
    seat = state.seat(action["player"])
    named = tuple(action["cards"])
    hands = put(state.hands, seat, tuple(sorted(state.hands[seat] + named, key=order)))
    unknown = put(state.unknown, seat, state.unknown[seat] - len(named))
    return replace(state, hands=hands, unknown=unknown)


# -- receiving and revealing (rules 2, 3) -------------------------------------------------------


def check_receive(state, action):
    range_ = action["range"]
    if range_ not in RANGES:
        raise RuleError(f"{range_!r} is not a range: short, mid or long", rule="2")
    said = action.get("cards")
    ready = replace(state, range=range_)
    if state.mode == "digital":
        shown = _draw(ready, range_)[0]
        if said is not None and list(said) != list(shown):  # naming the deck's cards is the referee's job;
            # the refusal never says what the deck holds (it is not revealed until accepted)
            raise RuleError("in digital mode the referee reveals the cards itself", rule="G-2")
    elif said:
        _check_reveal(ready, said)


def receive(state, action):
    range_ = action["range"]
    state = replace(state, range=range_, tuned=False, attempts=state.attempts + 1)
    if state.mode == "digital":
        shown, state = _draw(state, range_)
        return _revealed(state, shown)
    if action.get("cards"):
        return _revealed(state, action["cards"])
    return replace(state, phase="reveal")


def _revealed(state, shown):
    return replace(state, phase="manipulate", revealed=tuple(Shown(c, cards.number(c), cards.channel(c)) for c in shown))


def reveal_count(state):
    """How many cards the range reveals for the player to act (perk a: three blue)."""
    return state.reveal_count()


def check_reveal(state, action):
    if state.mode != "table":
        raise RuleError("in digital mode the referee reveals the cards itself", rule="G-2")
    _check_reveal(state, action["cards"])


def _check_reveal(state, shown):
    colour = cards.RANGE_COLOUR[state.range]
    need = state.reveal_count()
    step = {"short": "3a", "mid": "3b", "long": "3c"}[state.range]
    if state.range == "short" and need == 3:
        step = "5a"
    if len(shown) != need:
        raise RuleError(f"{state.range} range reveals {need} {colour} cards, not {len(shown)}", rule=step)
    for card in shown:
        if not isinstance(card, str) or _read(card) is None or cards.colour(card) != colour \
                or cards.channel(card) is None:
            raise RuleError(f"{state.range} range reveals {colour} cards, each with its channel", rule=step)
    _check_copies(state, list(shown))


def reveal(state, action):
    return _revealed(state, action["cards"])


def _read(card):
    try:
        return cards.read(card)
    except ValueError:
        return None


def _check_copies(state, new, seat=None):
    """Table mode: a card cannot come up more often than the decks hold it (CO-1).

    Counted against what the table sees (red cards taken, revealed cards) and, with
    ``seat``, that seat's own named hand: never against another hand, whose cards would
    show through the refusal (DESIGN 5). A reveal is public, so it counts no hand at all:
    the physical table is the truth (G-1) even when a hand named to the referee disagrees."""
    for card in set(new):
        copies = cards.COPIES[cards.colour(card)]
        if new.count(card) > copies:  # the line itself names it too often: say so, not "held already"
            raise RuleError(f"{cards.show(card)} is named {new.count(card)} times, and there "
                            f"{'is only one' if copies == 1 else f'are only {copies}'}", rule="CO-1")
    seen = {}
    known = [c for reds in state.reds for c in reds] + (list(state.hands[seat]) if seat is not None else [])
    known += [s.card for s in state.revealed]
    for card in known:
        seen[card] = seen.get(card, 0) + 1
    for card in new:
        seen[card] = seen.get(card, 0) + 1
        copies = cards.COPIES[cards.colour(card)]
        if seen[card] > copies:
            where = "taken or revealed already" if copies == 1 else "all held or revealed already"
            raise RuleError(f"there {'is only one' if copies == 1 else f'are only {copies}'} "
                            f"{cards.show(card)} and {'it is' if copies == 1 else 'they are'} {where}", rule="CO-1")


def _draw(state, range_):
    """The top cards of the range's deck; an empty deck takes its shuffled discard (CO-4)."""
    colour = cards.RANGE_COLOUR[range_]
    index = cards.COLOURS.index(colour)
    need = replace(state, range=range_).reveal_count()
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
            deck = sorted(discard, key=order)
            _rng(state.seed, colour, count).shuffle(deck)
            discard = []
        shown.append(deck.pop(0))
    return shown, replace(state, decks=put(state.decks, index, tuple(deck)),
                          discards=put(state.discards, index, tuple(discard)),
                          reshuffles=put(state.reshuffles, index, count))


def peek(state, range_):
    """What ``receive range_`` reveals now (digital): the command writes it into the action,
    so the log names the cards. Call it once MOVES.verify accepted the receive."""
    return _draw(replace(state, range=range_), range_)[0]


# -- what only one seat may ask for ------------------------------------------------------------


def check_hint(state, asker=None):
    """A hint needs a game on and revealed cards, is for the player to act (it tells what
    their hand can pay for), and needs the whole hand known."""
    if state.phase == "over":
        raise RuleError(over_text(state), rule=over_rule(state))
    if state.phase != "manipulate":
        raise RuleError("a hint needs revealed cards: `receive short|mid|long` first", rule="4")
    if asker and asker != state.player:
        raise RuleError(f"the hint is for the player to act, {state.player}: it tells what their hand can pay for",
                        rule="G-2")
    if state.unknown[state.turn]:
        raise RuleError(f"the referee does not know all of {state.player}'s hand (`deal` names it)", rule="G-2")


def check_hand(state, player, speaker):
    """A hand is shown to its owner only (G-2)."""
    if speaker and speaker != player:
        raise RuleError(f"a hand is shown only to its owner: {player} asks for it, not {speaker}", rule="G-2")


# -- manipulations (rule 4) ------------------------------------------------------------------


def _target(state, action):
    index = action["target"]
    if not 0 <= index < len(state.revealed):
        raise RuleError("that is not one of the revealed cards", rule="4")
    return index


def _card(card, what, rule):
    """A payment as the journal holds it: a card the referee can read."""
    if _read(card) is None:
        raise RuleError(f"{what}: {card!r} is not a card", rule=rule)
    return card


def _pay(state, seat, card, rule="4"):
    """Take ``card`` out of a hand (a table-mode unknown blue card if the referee lacks it).

    ``rule`` is the step the card leaves the hand for: paying (4) or the hand limit (6).
    """
    hand = list(state.hands[seat])
    if card in hand:
        hand.remove(card)
        return replace(state, hands=put(state.hands, seat, tuple(hand)))
    if cards.colour(card) == "blue" and state.unknown[seat] > 0 and not _named_all(state, seat, card):
        return replace(state, unknown=put(state.unknown, seat, state.unknown[seat] - 1))
    raise RuleError(f"{state.players[seat]} holds no {cards.show(card)}", rule=rule)


def _pay_all(state, seat, spent, rule="4"):
    for card in spent:
        state = _pay(state, seat, card, rule)
    return state


def _named_all(state, seat, card):
    """Every copy of a fully named card is already in sight or in the seat's named hand,
    so one of its unnamed cards cannot be it."""
    if cards.channel(card) is None:
        return False
    try:
        _check_copies(state, [card], seat)
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


def _payer_colours(state):
    if state.perks[state.turn] == "b":
        return ("blue", "green")
    return ("blue",)


def _closed(state, step):
    if state.tuned:
        raise RuleError(f"a number was changed this attempt, so {step} is closed", rule="4c")


def _named(colour, number):
    """A paying card as the table may hear it: its colour and number, never a channel the
    referee read from the hand (the player may have typed only the number)."""
    return f"{colour} {number}" if colour else str(number)


def verify_flip(state, index, colour, number):
    """4a's checks that need no hidden card (``colour`` None: not said): the commands run
    them before reading the hand, so an illegal flip is refused without any question."""
    _closed(state, "4a")
    shown = state.revealed[index]
    allowed = _payer_colours(state)
    if colour is not None and colour not in allowed:
        why = "a blue card (or green with perk b)" if "green" not in allowed else "a blue or green card (perk b)"
        raise RuleError(f"4a is paid with {why}", rule="5b" if "green" in allowed else "4a")
    if number != shown.number:
        raise RuleError(f"4a needs a card of the same number: {_named(colour, number)} "
                        f"cannot flip the {shown.number}", rule="4a")


def check_flip(state, action):
    """4a: one blue card of the revealed card's number flips that card's channel."""
    _closed(state, "4a")
    index = _target(state, action)
    card = _card(action["pay"], "4a is paid with one card", "4a")
    verify_flip(state, index, cards.colour(card), cards.number(card))
    _pay(state, state.turn, card)


def flip(state, action):
    index, card = action["target"], action["pay"]
    shown = state.revealed[index]
    state = _pay(state, state.turn, card)
    flipped = shown._replace(channel="b" if shown.channel == "a" else "a")
    return _discard(replace(state, revealed=put(state.revealed, index, flipped)), [card])


def verify_indicator(state, colours):
    """4b's checks that need no hidden card, on the colours typed (None: not said)."""
    _closed(state, "4b")
    allowed = _payer_colours(state)
    if len(colours) != 2:
        raise RuleError(f"4b is paid with two cards, not {len(colours)}", rule="4b")
    for colour in colours:
        if colour is not None and colour not in allowed:
            if "green" in allowed:
                raise RuleError("4b is paid with blue or green cards (perk b)", rule="5b")
            raise RuleError(f"4b is paid with two blue cards, not {colour} "
                            "(green cards pay for it only with perk b)", rule="4b")


def check_indicator(state, action):
    """4b: two blue cards flip the channel indicator."""
    pay = [_card(card, "4b is paid with two cards", "4b") for card in action["pay"]]
    verify_indicator(state, [cards.colour(card) for card in pay])
    _pay_all(state, state.turn, pay)


def indicator(state, action):
    pay = list(action["pay"])
    state = _pay_all(state, state.turn, pay)
    return _discard(replace(state, indicator="b" if state.indicator == "a" else "a"), pay)


def verify_tune(state, index, step, colour):
    """4c's checks that need no hidden card: the step, the colour typed, the bounds."""
    if step not in (1, -1):
        raise RuleError("4c moves a number up or down by one", rule="4c")
    if colour is not None and colour != "green":
        raise RuleError("4c is paid with one green card", rule="4c")
    shown = state.revealed[index]
    moved = shown.number + step
    if not 1 <= moved <= 10:
        raise RuleError(f"a {shown.number} cannot go {'up' if step > 0 else 'down'}: numbers stay within 1-10",
                        rule="CO-3")


def check_tune(state, action):
    """4c: one green card moves a revealed card's number up or down by one, within 1-10."""
    index = _target(state, action)
    card = _card(action["pay"], "4c is paid with one green card", "4c")
    verify_tune(state, index, action["step"], cards.colour(card))
    _pay(state, state.turn, card)


def tune(state, action):
    index, card, step = action["target"], action["pay"], action["step"]
    shown = state.revealed[index]
    state = _pay(state, state.turn, card)
    return _discard(replace(state, tuned=True, revealed=put(state.revealed, index,
                                                            shown._replace(number=shown.number + step))),
                    [card])


# -- taking (rules 3, 5, 6) -----------------------------------------------------------------------


_CONDITION = {
    "short": ("every card on the indicated channel is taken", "3a"),
    "mid": ("one card is taken only when both are on the indicated channel", "3b"),
    "long": ("one card is taken only when all three are on the indicated channel and form a run", "3c"),
}


def why_not(state):
    """Why nothing can be taken now, in a player's words."""
    glyph = cards.CHANNEL_NAME[state.indicator]
    off = [s for s in state.revealed if s.channel != state.indicator]
    if off and state.range != "short":
        return f"{', '.join(_reading(s) for s in off)} {'is' if len(off) == 1 else 'are'} not on channel {glyph}"
    if state.range == "long":
        return f"{', '.join(str(s.number) for s in state.revealed)} do not form a run of three"
    return f"no revealed card is on channel {glyph}"


def _reading(shown):
    return f"{shown.number}{shown.channel}"


def check_take(state, action):
    chosen = action["cards"]
    if not all(isinstance(i, int) and not isinstance(i, bool) for i in chosen):
        raise RuleError("say which card to take", rule="3")
    allowed = state.takeable()
    text, rule = _CONDITION[state.range]
    if state.range == "short":
        if sorted(chosen) != allowed:
            if not allowed:
                raise RuleError(f"nothing to take: {why_not(state)}; `pass` ends the attempt", rule=rule)
            raise RuleError(f"{text}: {', '.join(_reading(state.revealed[i]) for i in allowed)}", rule=rule)
    else:
        if not allowed:
            raise RuleError(f"{text}; {why_not(state)}", rule=rule)
        if len(chosen) != 1 or chosen[0] not in allowed:
            raise RuleError(f"{text}: take one of them", rule=rule)


def take(state, action):
    chosen = action["cards"]
    taken = [state.revealed[i].card for i in chosen]
    left = [s.card for i, s in enumerate(state.revealed) if i not in chosen]
    seat = state.turn
    hands, reds = state.hands, state.reds
    for card in taken:
        if cards.colour(card) == "red":
            reds = put(reds, seat, reds[seat] + (card,))
        else:
            hands = put(hands, seat, tuple(sorted(hands[seat] + (card,), key=order)))
    state = _discard(replace(state, hands=hands, reds=reds), left)
    state = replace(state, revealed=())
    if len(reds[seat]) >= WIN_REDS:  # End of the Game: the second red wins at once
        return replace(state, phase="over", winner=state.players[seat])
    perk_due = bool(taken) and cards.colour(taken[0]) == "red" and state.perks[seat] is None
    return _after_take(replace(state, perk_due=perk_due))


def check_pass(state, action):
    """End the attempt taking nothing: only when nothing can be taken."""
    allowed = state.takeable()
    text, rule = _CONDITION[state.range]
    if allowed:
        what = " ".join(_reading(state.revealed[i]) for i in allowed)
        raise RuleError(f"{text}; {what} can be taken: `take`", rule=rule)


def pass_(state, action):
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


def excess(state):
    """How many cards the player to act discards to come down to the hand limit (rule 6)."""
    return state.hand_size(state.turn) - state.limit


def verify_discard(state, colours):
    """Rule 6's checks that need no hidden card, on the colours typed (None: not said):
    the commands run them before any question about the hand."""
    over = excess(state)
    if not colours:
        raise RuleError(f"discard {over} card{'s' if over != 1 else ''}", rule="6")
    if len(colours) > over:
        raise RuleError(f"{state.player} discards down to {state.limit}: {over} card{'s' if over != 1 else ''}, "
                        f"not {len(colours)}", rule="6")
    if "red" in colours:
        raise RuleError("red cards lie face up and do not count toward the hand limit", rule="CO-6")


def check_discard(state, action):
    """Rule 6: over the hand limit after taking, the player discards down to it."""
    chosen = [_card(card, "discard names cards", "6") for card in action["cards"]]
    verify_discard(state, [cards.colour(card) for card in chosen])
    _pay_all(state, state.turn, chosen, rule="6")


def discard(state, action):
    chosen = list(action["cards"])
    state = _discard(_pay_all(state, state.turn, chosen, rule="6"), chosen)
    if state.hand_size(state.turn) > state.limit:
        return state
    if state.perk_due:
        return replace(state, phase="perk")
    return _next_turn(state)


def check_perk(state, action):
    if action["perk"] not in ("a", "b"):
        raise RuleError("choose `perk a` (short range reveals three blue) or `perk b` (green pays for 4a and 4b)",
                        rule="5")


def perk(state, action):
    return _next_turn(replace(state, perks=put(state.perks, state.turn, action["perk"])))


# -- ending early (G-6) ----------------------------------------------------------------------


def check_finish(state, action):
    if state.ending:
        raise RuleError(f"the game already ends when {state.player}'s turn ends", rule="G-6")


def finish(state, action):
    """G-6: the table stops the game; the red cards held after the current turn decide.

    Cosmo;code has no score but its red cards, so the reading (a guessed ruling, stated
    in the README) is: most red cards wins, a tie is shared, by everyone when nobody took
    one. Between turns it ends at once; during one it ends when that turn ends (after the
    take or pass, the discard and the perk), so no attempt is cut in half.
    """
    if state.phase in ("start", "receive"):
        return _end_early(state)
    return replace(state, ending=True)


def _end_early(state):
    return replace(state, phase="over", winner=None, early=True, ending=False, range=None, revealed=(),
                   tuned=False, perk_due=False)
