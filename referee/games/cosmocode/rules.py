"""Cosmo;code's rules as pure functions: per move, a check and an effect.

Each move of moves.py pairs a ``check_X(state, action)``, which raises :class:`RuleError`
citing an id of ruletable.md (the rulebook's steps ``4c``, ``End``; the rulings
``CO-3``; the house rules ``G-6``), with an effect ``X(state, action)`` run only once every
check passed. The core runs the checks that come before them (the game is not over, the
phase opens the move, the player to act) from the phase table of moves.py. Nothing here
prints, asks or reads a clock; the digital decks are shuffled from the header's seed (and
each reshuffle from the seed and how many came before), so a journal replays to the same
cards.

This module holds the setting up, the start player and the deal, receiving and revealing,
the end and what only one seat may ask for; the manipulations are in manipulate.py, the
taking and the turn's end in taking.py, the card bookkeeping they share in ledger.py. The
names the commands, the hint and the tests use are all reachable from here.
"""


from referee.core.errors import InputError, RuleError
from referee.core.pieces import evolve  # one copy of the state per move (no __init__ re-run)
from referee.games.cosmocode import cards
from referee.games.cosmocode.ledger import check_copies, draw, readable, rng
from referee.games.cosmocode.manipulate import verify_flip, verify_indicator, verify_tune  # noqa: F401
from referee.games.cosmocode.state import (HAND, RANGES, REVEAL, WIN_REDS, Shown, State, is_run,  # noqa: F401
                                           order, put, takeable)
from referee.games.cosmocode.taking import excess, stalled, verify_discard, why_not  # noqa: F401

_order = order  # the name the tests and the hint use

# -- setting up -------------------------------------------------------------------------


def initial(header):
    players = tuple(header["players"])  # 2 to 6 (CO-1), checked when the game starts (its ENTRY)
    mode = header.get("mode", "table")
    options = dict(header.get("options", {}))
    n = len(players)
    state = State(players=players, mode=mode, options=options, seed=header.get("seed"),
                  hands=((),) * n, unknown=(0,) * n, reds=((),) * n, perks=(None,) * n,
                  told=(0,) * n, named_in=(0,) * n)
    first = _first_named(players, options.get("first", "random"))
    if mode == "digital":
        decks = []
        for colour in cards.COLOURS:
            deck = list(cards.full_deck(colour))
            rng(state.seed, colour).shuffle(deck)  # Preparation 1
            decks.append(deck)
        hands = []
        for _seat in players:  # Preparation 3: three blue cards each
            hands.append(tuple(sorted(decks[0][:HAND], key=order)))
            del decks[0][:HAND]
        if first is None:
            first = rng(state.seed, "start").randrange(n)  # Playing the Game 1
        return evolve(state, decks=tuple(tuple(d) for d in decks), discards=((), (), ()),
                       hands=tuple(hands), turn=first)
    state = evolve(state, unknown=(HAND,) * n)
    if first is None:
        return evolve(state, phase="start")
    return evolve(state, turn=first)


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
    return evolve(state, turn=state.seat(action["player"]), phase="receive")


def check_deal(state, action):
    """Table mode: blue cards dealt at the start that the referee was not told.

    Cards typed at the owner's masked prompt (``unseen``) are a secret: a refusal that
    names them is given to their owner alone; the table hears only that they were not
    taken (G-2), and they are checked against the cards the owner named before too. Cards
    typed on the line are the table's to read, and whether they are taken is public: so
    they are checked against public facts alone (the hand's size, how many were told so
    far, the cards the table sees), never against the cards told before (issue 18: `deal
    Ben 3a` then `deal Ben 3a 3a` was refused where `deal Ben 7a` then the same was
    taken, telling the table Ben's first card). Where they conflict with the cards told
    before, the cards named now are the truth (G-1): see :func:`deal`."""
    if state.mode != "table":
        raise RuleError("in digital mode the referee dealt the hands itself", rule="G-2")
    player = action["player"]
    if player not in state.players:
        raise RuleError(f"{player!r} is not playing", rule="CO-1")
    seat = state.seat(player)
    named = list(action["cards"])
    unseen = bool(action.get("unseen"))
    if not named:
        raise RuleError("name the cards, e.g. `deal Ann 3a 5b 9a`", rule="G-1")
    for card in named:
        reason = _not_a_dealt_card(card)
        if reason:
            _hidden(player, reason)
    size, told = state.hand_size(seat), state.told_so_far(seat)
    if len(named) > size:  # public counts only: the hand's size and the cards told so far (G-2)
        raise RuleError(f"{player} holds {size} card{'s' if size != 1 else ''}; {len(named)} named", rule="G-1")
    if told + len(named) > HAND:
        raise RuleError(f"{player} was dealt {HAND} blue cards at the start (Preparation 3) and {told} "
                        f"{'was' if told == 1 else 'were'} named already; {len(named)} more named", rule="G-1")
    try:  # unseen: counted against the whole named hand whether or not the deal re-names cards (see
        # deal), so the verdict is the same however many cards are unnamed; on the line: the table's cards
        check_copies(state, named, seat if unseen else None)
    except RuleError as error:
        _hidden(player, str(error))
    if len(named) > state.unknown[seat] and _renamed(state, seat, named)[0] is None:
        # the greens held (taken in view of the table) leave no room: public facts
        _hidden(player, f"{player}'s hand holds fewer blue cards than the {len(named)} named (G-1)")


def check_dealer(player, speaker):
    """Only a hand's owner names its cards (as Crafting the Cosmos's `tell`): `Ann: deal
    Ben 3a` is refused, `deal Ben 3a` (no speaker said: the shared keyboard) is not. The
    command asks it, not check_deal: a save written before this rule may hold such a deal,
    and every save must keep resuming."""
    if speaker and speaker != player:
        raise RuleError(f"only {player} names {player}'s cards, not {speaker}", rule="G-2")


def _renamed(state, seat, named):
    """(cards the referee keeps, unnamed count) when a deal names more cards than are
    still unnamed: some named before were paid away unseen, so the deal re-names cards
    it was told of. The cards just named are the truth (G-1); the ones named before,
    green first (they came from a take), are kept as far as the hand has room. None
    when the greens alone leave no room."""
    rest = list(state.hands[seat])
    for card in named:
        if card in rest:
            rest.remove(card)
    room = state.hand_size(seat) - len(named)
    greens = [c for c in rest if cards.colour(c) != "blue"]
    if len(greens) > room:
        return None, 0
    blues = [c for c in rest if cards.colour(c) == "blue"][: room - len(greens)]
    kept = tuple(sorted(greens + blues, key=order))
    return kept, room - len(kept)


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
    """The named cards into the hand; never refused for how many cards are unnamed, a
    secret count (a payment takes a named card first): a deal naming more re-names
    cards told before (:func:`_renamed`). A card told before that the deck cannot hold
    again beside the ones named now (a deal typed on the line is not checked against
    them, see check_deal) was told wrong: it becomes an unnamed card (G-1)."""
    seat = state.seat(action["player"])
    named = tuple(action["cards"])
    if len(named) <= state.unknown[seat]:
        held, left = state.hands[seat], state.unknown[seat] - len(named)
    else:
        held, left = _renamed(state, seat, named)
    held, dropped = _without_extra_copies(state, held, named)
    hands = put(state.hands, seat, tuple(sorted(held + named, key=order)))
    unknown = put(state.unknown, seat, left + dropped)
    changes = {"hands": hands, "unknown": unknown}
    if state.told:
        changes.update(told=put(state.told, seat, state.told[seat] + len(named)),
                       named_in=put(state.named_in, seat, state.named_in[seat] + len(named)))
    return evolve(state, **changes)


def _without_extra_copies(state, held, named):
    """(``held`` without the cards of it that the decks cannot hold beside ``named`` and
    the cards the table sees, how many were taken out)."""
    seen = {}
    for card in [c for reds in state.reds for c in reds] + [s.card for s in state.revealed] + list(named):
        seen[card] = seen.get(card, 0) + 1
    kept = []
    for card in held:
        seen[card] = seen.get(card, 0) + 1
        if card in named and seen[card] > cards.COPIES[cards.colour(card)]:
            continue
        kept.append(card)
    return tuple(kept), len(held) - len(kept)


# -- receiving and revealing (rules 2, 3) -------------------------------------------------------


def check_receive(state, action):
    range_ = action["range"]
    if range_ not in RANGES:
        raise RuleError(f"{range_!r} is not a range: short, mid or long", rule="2")
    said = action.get("cards")
    if state.mode == "digital":
        shown = draw(state, range_)[0]
        if said is not None and list(said) != list(shown):  # naming the deck's cards is the referee's job;
            # the refusal never says what the deck holds (it is not revealed until accepted)
            raise RuleError("in digital mode the referee reveals the cards itself", rule="G-2")
    elif said:
        _check_reveal(state, range_, said)


def refuse_named_in_digital(state):
    """Digital mode: cards typed after `receive RANGE` are refused whatever the deck holds.
    check_receive must accept a journal's receive whose cards are the deck's (the command
    writes them there), so on its own it would accept a player's guess of the top cards and
    refuse any other: an oracle on the undrawn cards (G-2). The command asks this first."""
    if state.mode == "digital":
        raise RuleError("in digital mode the referee reveals the cards itself", rule="G-2")


def receive(state, action):
    range_ = action["range"]
    changes = {"range": range_, "tuned": False, "attempts": state.attempts + 1, "phase": "reveal"}
    if state.mode == "digital":
        shown, drawn = draw(state, range_)
        changes.update(drawn, **_revealed(shown))
    elif action.get("cards"):
        changes.update(_revealed(action["cards"]))
    return evolve(state, **changes)  # one copy of the state per move: replay's main cost


def _revealed(shown):
    """The fields a reveal sets: the cards as they read, and the phase to manipulate them."""
    return {"phase": "manipulate", "revealed": tuple(Shown(c, cards.number(c), cards.channel(c)) for c in shown)}


def check_reveal(state, action):
    if state.mode != "table":
        raise RuleError("in digital mode the referee reveals the cards itself", rule="G-2")
    _check_reveal(state, state.range, action["cards"])


def _check_reveal(state, range_, shown):
    colour = cards.RANGE_COLOUR[range_]
    need = state.reveal_count(range_)
    step = {"short": "3a", "mid": "3b", "long": "3c"}[range_]
    if range_ == "short" and need == 3:
        step = "5a"
    if len(shown) != need:
        raise RuleError(f"{range_} range reveals {need} {colour} cards, not {len(shown)}", rule=step)
    for card in shown:
        if not isinstance(card, str) or readable(card) is None or cards.colour(card) != colour \
                or cards.channel(card) is None:
            raise RuleError(f"{range_} range reveals {colour} cards, each with its channel", rule=step)
    check_copies(state, list(shown))


def reveal(state, action):
    return evolve(state, **_revealed(action["cards"]))


def peek(state, range_):
    """What ``receive range_`` reveals now (digital): the command writes it into the action,
    so the log names the cards. Call it once MOVES.verify accepted the receive."""
    return draw(state, range_)[0]


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
    if state.unknown[state.turn]:  # whether it knows all depends on the hand: said to its owner alone
        raise RuleError(f"no hint; {state.player} alone was shown why", rule="G-2",
                        private=f"the referee does not know all of {state.player}'s hand (`deal` names it)",
                        owner=state.player)


def check_hand(state, player, speaker):
    """A hand is shown to its owner only (G-2)."""
    if speaker and speaker != player:
        raise RuleError(f"a hand is shown only to its owner: {player} asks for it, not {speaker}", rule="G-2")
