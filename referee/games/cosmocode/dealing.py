"""Setting a Cosmo;code game up, naming the start player and the deal: the table telling
the referee cards of a hand it did not see dealt (table mode; CO-1, G-1, G-2).

Per move a ``check_X(state, action)`` raising RuleError with a rule of ruletable.md and
a pure effect ``X(state, action)``; the digital decks are shuffled from the header's seed
(ledger.rng), so a journal replays to the same cards.
"""


from referee.core.errors import InputError, RuleError
from referee.core.pieces import Hand
from referee.core.states import evolve  # one copy of the state per move (no __init__ re-run)
from referee.games.cosmocode import cards
from referee.games.cosmocode.ledger import check_copies, rng
from referee.games.cosmocode.state import HAND, State, hand_fields, in_order, put

# -- setting up -------------------------------------------------------------------------


def initial(header):
    players = tuple(header["players"])  # 2 to 6 (CO-1), checked when the game starts (its ENTRY)
    mode = header.get("mode", "table")
    options = dict(header.get("options", {}))
    n = len(players)
    state = State(players=players, mode=mode, options=options, seed=header.get("seed"),
                  hands=((),) * n, unknown=(0,) * n, reds=((),) * n, perks=(None,) * n,
                  told=(0,) * n, named_in=(0,) * n)  # every hand empty, filled below
    first = _first_named(players, options.get("first", "random"))
    if mode == "digital":
        decks = []
        for colour in cards.COLOURS:
            deck = list(cards.full_deck(colour))
            rng(state.seed, colour).shuffle(deck)  # Preparation 1
            decks.append(deck)
        for seat in range(n):  # Preparation 3: three blue cards each, all known to the referee
            state = evolve(state, **hand_fields(state, seat, in_order(Hand(tuple(decks[0][:HAND])))))
            del decks[0][:HAND]
        if first is None:
            first = rng(state.seed, "start").randrange(n)  # Playing the Game 1
        return evolve(state, decks=tuple(tuple(d) for d in decks), discards=((), (), ()), turn=first)
    for seat in range(n):  # table mode: three blue cards each that the referee never saw
        state = evolve(state, **hand_fields(state, seat, Hand(unknown=HAND)))
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


# -- start and deal (table mode) --------------------------------------------------------------


def check_start(state, action):
    if state.phase != "start":
        raise RuleError(f"the start player is already {state.player or '?'}", rule="CO-1")
    if action.player not in state.players:
        raise RuleError(f"{action.player!r} is not playing", rule="CO-1")


def start(state, action):
    return evolve(state, turn=state.seat(action.player), phase="receive")


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
    player = action.player
    if player not in state.players:
        raise RuleError(f"{player!r} is not playing", rule="CO-1")
    seat = state.seat(player)
    named = list(action.cards)
    unseen = action.unseen  # False unless typed at the owner's masked prompt (moves.py)
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
    if len(named) > state.hand(seat).unknown and not _greens_fit(state.hand(seat), named):
        # the greens held (taken in view of the table) leave no room: public facts
        _hidden(player, f"{player}'s hand holds fewer blue cards than the {len(named)} named (G-1)")


def check_dealer(player, speaker):
    """Only a hand's owner names its cards (as Crafting the Cosmos's `tell`): `Ann: deal
    Ben 3a` is refused, `deal Ben 3a` (no speaker said: the shared keyboard) is not. The
    command asks it, not check_deal: a save written before this rule may hold such a deal,
    and every save must keep resuming."""
    if speaker and speaker != player:
        raise RuleError(f"only {player} names {player}'s cards, not {speaker}", rule="G-2")


def check_deal_first(state, action):
    """What refuses a deal before its cards are asked for or read (the move's
    ``check_first``): only the hand's owner names them (:func:`check_dealer`), so `Ann:
    deal Ben` is refused before Ben is asked anything at the masked prompt.

    Only a deal as typed, whose cards are still to come (core.play runs this before
    ``gather`` fills them in): a deal as journalled holds its cards and is not judged
    again by this rule, which is younger than some saves that must keep resuming."""
    if "cards" not in action:
        check_dealer(action["player"], action.get("by"))


def _greens_first(hand):
    """``hand`` with its green cards (taken in sight of the table) before its blue ones,
    so that a tell naming more cards than are still unnamed (:meth:`Hand.tell` keeps the
    cards told before as far as the hand has room) keeps the greens, which nobody could
    have told wrong, and re-names blue cards told before."""
    greens = tuple(c for c in hand.known if cards.colour(c) != "blue")
    return Hand(greens + tuple(c for c in hand.known if cards.colour(c) == "blue"), hand.unknown, hand.told)


def _greens_fit(hand, named):
    """Whether the hand has room for its green cards beside the ``named`` blue cards (the
    greens alone, taken in view of the table, may leave none: public facts)."""
    rest = list(hand.known)
    for card in named:
        if card in rest:
            rest.remove(card)
    return sum(1 for c in rest if cards.colour(c) != "blue") <= len(hand) - len(named)


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
    cards told before, greens kept first (:meth:`Hand.tell`, :func:`_greens_first`). A
    card told before that the deck cannot hold again beside the ones named now (a deal
    typed on the line is not checked against them, see check_deal) was told wrong: it
    becomes an unnamed card (G-1)."""
    seat = state.seat(action.player)
    named = tuple(action.cards)
    hand = state.hand(seat)
    if len(named) > hand.unknown:
        hand = _greens_first(hand)
    hand = hand.tell(named)  # the cards told before, then the ones named now
    held, dropped = _without_extra_copies(state, hand.known[: len(hand.known) - len(named)], named)
    changes = hand_fields(state, seat, in_order(Hand(held + named, hand.unknown + dropped, hand.told)))
    if state.told:
        changes["named_in"] = put(state.named_in, seat, state.named_in[seat] + len(named))
    return evolve(state, changes)


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
