"""Cosmic Colors' rules (standard, Wild Cards and Short Game): each move's check and
its pure effect. The moves are declared in ``moves.py`` and opened by the table of
``phases.py``; this module is what they run.

A check raises :class:`RuleError` citing an id of the game's rule table (the rulebook's
steps 1a, 1b, 1c, 3a, 3b, 4, Setup 2, Setup 3, Turns; the rulings CC-n, G-n) and changes
nothing; an effect runs only after every check passed and never refuses. Nothing here
prints, asks or reads a clock; the digital shuffle is fixed by the header's seed, so a
journal replays exactly.

A turn is three steps: ``play`` (zero cards is a pass), then ``discard`` or ``swap``,
then the redraw (``draw`` entered by the table; dealt by the referee in digital mode).
A player whose turn comes with no card in hand passes by the rules themselves (CC-2), in
the event that brought the turn round. The table is the truth (G-1, CC-9): ``adjust``
sets the draw pile's count or a hand to what the table sees, a redraw may be short when
the table says the pile ran out, and ``finish`` ends the game after the current turn (G-6).
"""

import random

from referee.core.errors import InputError, RuleError
from referee.core.errors import ActionError
from referee.core.states import evolve
from referee.core.text import quoted
from referee.games.colors import grid
from referee.games.colors.cards import COPIES, UNKNOWN, WILD, Names, full_deck
from referee.games.colors.state import State, turn_record  # noqa: F401  (State: the rules' state, for callers)
from referee.core.worked import remembered

SIDES = ("shapes", "colors")
MAX_DISCARD = 2  # 3a, 3b


# -- setting up ---------------------------------------------------------------


def names_of(options):
    try:
        return Names.from_options(options)
    except InputError as error:
        raise RuleError(str(error), rule="CC-1")


def initial(header):
    players = tuple(header["players"])  # 2 or 4 (CC-5), checked when the game starts (its ENTRY)
    options = dict(header.get("options", {}))
    variant = options.get("variant", "standard")
    mode = header.get("mode", "table")
    state = State(players=players, mode=mode, options=options, names=names_of(options), variant=variant,
                  hands=tuple(() for _ in players), points=(0, 0), pile_count=len(full_deck()))
    if mode != "digital":
        return state
    deck = full_deck()
    random.Random(header.get("seed")).shuffle(deck)
    stacks = tuple((card,) for card in deck[:grid.CELLS])  # Setup 2
    deck = deck[grid.CELLS:]
    hands = []
    for _ in players:  # Setup 3: each player draws a full hand
        hands.append(tuple(deck[:state.hand_size]))
        deck = deck[state.hand_size:]
    hands = [_with_wilds(state, hand) for hand in hands]
    removed = put_away(state, len(deck))
    deck = deck[:len(deck) - removed]
    return evolve(state, stacks=stacks, hands=tuple(tuple(sorted(h)) for h in hands), pile=tuple(deck),
                   pile_count=len(deck), removed=removed, phase="play", entered=tuple(range(len(players))))


def put_away(state, pile):
    """Short Game: the cards put away after setup (CC-7), half the pile unless the table
    says how many it put away (option put_away, CC-9); 0 in the other variants."""
    if state.variant != "short":
        return 0
    said = str(state.options.get("put_away", "half")).strip().lower()
    if said == "half":
        return pile // 2
    if not said.isdecimal():
        raise RuleError(f"option put_away takes half or a number of cards, not {said!r}", rule="CC-9")
    return min(int(said), pile)  # never more than the pile holds (a count corrected in setup)


def _with_wilds(state, hand):
    """Wild Cards: each player starts with 1 wild, 2 in a 2-player game (CC-7), on top of the hand."""
    if state.variant != "wild":
        return tuple(hand)
    return tuple(hand) + (WILD,) * (2 if len(state.players) == 2 else 1)


def _wilds_each(state):
    return "2 wilds" if len(state.players) == 2 else "wild"


# -- what every move of the team game shares ------------------------------------


NO_SWAP = "swapping is for 4 players only; with 2, `discard` up to 2 cards"  # 3b


def has_teammates(state):
    """3b: a swap is with a teammate, so four players (Move.offered of ``swap``)."""
    return len(state.players) == 4


def check_seats(state):
    """3b: a swap said on a play's line, at a table of two: a discard instead."""
    if not has_teammates(state):
        raise RuleError(NO_SWAP, rule="3b")


def not_here(state, action):
    """The effect of a move this game lacks (Jr's, in the same box): never reached, since
    Move.offered refuses it before any check or effect."""
    raise ActionError(f"not a move of this game: {quoted(action.get('do'), 40)}")


def cards_of(action, key="cards"):
    """The action's cards, each a card number; a damaged journal's are an ActionError."""
    cards = action.get(key) or []
    for c in cards:
        if not (type(c) is int or isinstance(c, int) and not isinstance(c, bool)) or not 0 <= c <= WILD:
            raise ActionError(f"a {action.get('do')} action whose {key} are not cards")  # not quoted: a hand
    return list(cards)


def see(state, cards):
    """Table mode: the referee counts every card it is told about (CC-1: four of each kind).
    A wild is never drawn: the Wild Cards variant deals each player theirs (the rulebook's
    words, `rule wild cards`), the others have none (CC-1); one rule cited, not two."""
    unseen = list(state.unseen)
    for card in cards:
        if card == WILD:
            if state.variant == "wild":
                raise RuleError(f"wild cards are not in the draw pile; the referee adds each player's "
                                f"{_wilds_each(state)} itself: enter only the cards drawn", rule="Wild Cards")
            raise RuleError("wild cards are not in the draw pile; they are dealt only in the Wild Cards variant",
                            rule="CC-1")
        if unseen[card] == 0:
            raise RuleError(f"all {COPIES} {state.names.code(card)} ({state.names.name(card)}) are already accounted for",
                            rule="CC-1")
        unseen[card] -= 1
    return evolve(state, unseen=tuple(unseen))


def _take_from(hand, cards, names, player, rule="CC-2"):
    """``hand`` without ``cards``; refused naming the card asked for (hands are public, Setup 3),
    citing the step that takes cards from a hand: a play's (CC-2), a discard's (3a: "cards
    remaining in their hand"), a swap's (3b). A hand the table did not enter holds cards
    the referee does not know (UNKNOWN): a card it is not known to hold is taken as held
    from those (G-1: the table is the truth)."""
    left = list(hand)
    for card in cards:
        if card not in left and UNKNOWN in left:
            left.remove(UNKNOWN)
            continue
        if card not in left:
            held, named = hand.count(card), f"{names.code(card)} ({names.name(card)})"
            if held:
                raise RuleError(f"{player} holds {held} {named}, not {cards.count(card)}", rule=rule)
            raise RuleError(f"{player} does not hold {named}", rule=rule)
        left.remove(card)
    return tuple(left)


def taken_unseen(hand, cards):
    """The cards of ``cards`` a hand gives from the cards the table did not enter (taken as
    held, G-1): the referee sees them now (``see``), as it saw the hands entered."""
    known, unseen = [c for c in hand if c != UNKNOWN], []
    for card in cards:
        if card in known:
            known.remove(card)
        else:
            unseen.append(card)
    return unseen


def see_taken(state, hand, cards):
    """``see`` the cards a hand gives that the table had not entered (CC-1: four of each);
    its wilds are the referee's own (Wild Cards), never seen. A hand entered card by card
    (every hand of a replayed table that typed them) gives nothing unseen: no list made."""
    if UNKNOWN not in hand:
        return state
    return see(state, taken_unseen(hand, [c for c in cards if c != WILD]))


def tracked(state, seat):
    """Whether the referee knows ``seat``'s hand card by card (entered at the table, or
    dealt): what `hint`, the hand checks and a typed redraw need. A table that keeps only
    the score plays without (``begun``)."""
    return seat in state.entered


def set_hand(state, seat, hand):
    return state.hands[:seat] + (hand,) + state.hands[seat + 1:]


# -- setup (table mode): the play area and the hands ----------------------------


def check_grid(state, action):
    cards = cards_of(action)
    empty = sum(1 for stack in state.stacks if not stack)
    if not cards:
        raise RuleError("no cards given for the play area", rule="Setup 2")
    if len(cards) > empty:
        raise RuleError(f"the play area has room for {empty} more cards, not {len(cards)}", rule="Setup 2")
    grid.check_whole_rows(action, grid.CELLS - empty, len(cards), 5, "Setup 2")
    see(state, cards)


def setup_grid(state, action):
    cards = cards_of(action)
    state = see(state, cards)
    empty = [i for i, stack in enumerate(state.stacks) if not stack]
    stacks = list(state.stacks)
    for cell, card in zip(empty, cards):
        stacks[cell] = (card,)
    state = evolve(state, stacks=tuple(stacks), pile_count=state.pile_count - len(cards))
    return _maybe_begin(state)


def check_hand(state, action):
    player = action.player
    if player not in state.players:
        raise RuleError(f"{player} is not playing; the players are {', '.join(state.players)}", rule="Setup 3")
    if state.phase != "setup":
        _later_hand(state, action)
        return
    if state.players.index(player) in state.entered:
        raise RuleError(f"{player}'s hand is entered already (`undo` to enter it again)", rule="Setup 3")
    cards = cards_of(action)
    if len(cards) != state.hand_size:
        raise RuleError(f"a hand is {state.hand_size} cards with {len(state.players)} players, not {len(cards)}"
                        + ("; the wilds are added by the referee" if WILD in cards else ""), rule="Setup 3")
    see(state, cards)


def setup_hand(state, action):
    seat = state.players.index(action.player)
    if state.phase != "setup":
        return _later_hand(state, action)
    cards = cards_of(action)
    state = see(state, cards)
    state = evolve(state, hands=set_hand(state, seat, tuple(sorted(_with_wilds(state, cards)))),
                    entered=tuple(sorted(state.entered + (seat,))), pile_count=state.pile_count - len(cards))
    return _maybe_begin(state)


def _later_hand(state, action):
    """A hand entered after the game began without it (G-1): every card the player holds,
    or the cards the referee does not know yet (a Wild Cards player's wilds are known),
    as many as the count says they hold; from then on `hint` and the hand checks follow
    it, and its redraws are typed (4). The state with the hand known."""
    seat = state.players.index(action.player)
    player, hand = action.player, state.hands[seat]
    if tracked(state, seat):
        raise RuleError(f"{player}'s hand is entered already; if the table sees other cards, "
                        f"`adjust hand {player} CARD ...`", rule="Setup 3")
    cards = cards_of(action)
    known = [c for c in hand if c != UNKNOWN]
    missing = hand.count(UNKNOWN)
    if len(cards) == missing:
        cards = known + cards
    elif len(cards) != len(hand) or taken_unseen(cards, known):
        held = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
        if len(cards) == len(hand):
            shown = " ".join(state.names.code(c) for c in known)
            told = f"{player} holds {shown} by the record: type the {missing} other cards, or all {held} with it"
        else:
            some = f" (type the {missing} not entered, or all {len(hand)})" if known else ""
            told = f"{player} holds {held} by the count{some}, not {len(cards)}"
        raise RuleError(f"{told}; if the table sees otherwise, `adjust hand {player} CARD ...`", rule="CC-9")
    state = see(state, taken_unseen(hand, cards))
    return evolve(state, hands=set_hand(state, seat, tuple(sorted(cards))),
                  entered=tuple(sorted(state.entered + (seat,))))


def begun(state):
    """The game begun without the hands not entered (G-1): a table that keeps only the
    score types the play area and plays. Each such hand holds a full hand of cards the
    referee does not know (UNKNOWN; a Wild Cards player's wilds beside them), a card
    played from it is taken as held, and its redraw is counted, not typed. ``state``
    itself before the play area is full, or once the game has begun."""
    if state.phase != "setup" or not state.grid_full:
        return state
    hands, pile = list(state.hands), state.pile_count
    for seat in range(len(state.players)):
        if seat not in state.entered:
            hands[seat] = tuple(sorted(_with_wilds(state, (UNKNOWN,) * state.hand_size)))
            pile -= state.hand_size
    state = evolve(state, hands=tuple(hands), pile_count=pile)
    removed = put_away(state, state.pile_count)  # CC-7, CC-9
    return evolve(state, phase="play", removed=removed, pile_count=state.pile_count - removed)


def _maybe_begin(state):
    if not state.grid_full or len(state.entered) < len(state.players):
        return state
    removed = put_away(state, state.pile_count)  # CC-7, CC-9
    return evolve(state, phase="play", removed=removed, pile_count=state.pile_count - removed)


def setup_missing(state):
    """What setup still waits for, in words (the setup phases' waiting sentence)."""
    missing = []
    if not state.grid_full:
        missing.append(f"{sum(1 for s in state.stacks if not s)} play-area cards (`grid`)")
    for player in state.waiting_hands:
        missing.append(f"{player}'s hand (`hand {player} ...`)")
    text = f"setup is not finished: still to enter {', '.join(missing)}"
    if state.grid_full:  # the hands are optional: a table keeping only the score plays now
        text += ", or play without them (`play CARD@CELL ...`)"
    return text


# -- 1. play cards ------------------------------------------------------------------


def value_of(card, side):
    return card // 5 if side == "colors" else card % 5


def play_value(state, seat, cards, said=None, side=None):
    """The one colour or shape the cards share (1a), a wild standing for it; None for all
    wilds. ``side``: the seat's (state.side_of), when the caller has it."""
    if side is None:
        side = state.side_of(seat)
    values = {c // 5 for c in cards if c != WILD} if side == "colors" else {c % 5 for c in cards if c != WILD}
    if len(values) > 1:
        shown = ", ".join(state.names.code(c) for c in cards if c != WILD)
        kind = "colour" if side == "colors" else "shape"
        raise RuleError(f"{shown} are not all one {kind}: the {side.capitalize()} team plays cards of one {kind}",
                        rule="1a")
    value = values.pop() if values else None
    if said is not None:
        if not 0 <= said < 5:
            raise ActionError(f"a play whose value is not a colour or shape: {quoted(said, 40)}")
        if value is not None and said != value:
            raise RuleError(f"the cards are {state.names.value_name(side, value)}, not "
                            f"{state.names.value_name(side, said)}", rule="1a")
        value = said
    return value


ON_CELLS = "each card played needs one cell of the play area, a1 to e5"  # 1b


def check_play(state, action):
    _checked_play(state, action)


@remembered
def _checked_play(state, action):
    """check_play's rules, and what they work out for the effect on the very same state
    and action (worked): the state begun with the cards seen, the hand left, the side,
    the value played and the cards."""
    if state.phase == "setup":
        state = begun(state)  # the first play may begin a game without the hands (G-1)
    cards = cards_of(action)
    cells = action.get("cells") or []
    if len(cells) != len(cards):
        raise RuleError(ON_CELLS, rule="1b")
    for cell in cells:  # every cell a cell of the play area first, then none twice
        if not (isinstance(cell, int) and 0 <= cell < grid.CELLS):
            raise RuleError(ON_CELLS, rule="1b")
    if len(set(cells)) != len(cells):  # the first cell named twice, as a scan in order finds it
        seen = set()
        for cell in cells:
            if cell in seen:
                raise RuleError(f"two cards on {grid.name(cell)}: each card goes on a different card of the "
                                "play area", rule="1b")
            seen.add(cell)
    hand = _take_from(state.hands[state.turn], cards, state.names, state.player)
    seen = see_taken(state, state.hands[state.turn], cards)
    side = state.side_of(state.turn)
    value = play_value(state, state.turn, cards, action.get("value"), side)
    if cards and value is None:
        raise RuleError(f"say which {'colour' if side == 'colors' else 'shape'} the wild stands for", rule="1a")
    if not grid.connected(grid.mask_of(cells)):
        apart = _apart(cells)
        verb = "does" if len(apart) == 2 else "do"
        raise RuleError(f"{apart} {verb} not touch the other cards played orthogonally; played cards must "
                        "touch each other directly, not through other cards", rule="1c")
    return seen, hand, side, value, cards


def play(state, action):
    """1, 2: the cards go on the grid and score; then the discard, unless the hand is empty."""
    work = _checked_play.worked.of(state, action)  # its check's, on these very objects (replay)
    if work is None:
        state = begun(state)  # the first play may begin a game without the hands (G-1)
        cards, cells = cards_of(action), list(action.get("cells") or [])
        hand = _take_from(state.hands[state.turn], cards, state.names, state.player)
        state = see_taken(state, state.hands[state.turn], cards)
        side = state.side_of(state.turn)
        value = play_value(state, state.turn, cards, action.get("value"))
    else:
        state, hand, side, value, cards = work
        cells = list(action.get("cells") or [])
    seat = state.turn
    played = grid.mask_of(cells)
    tops, full = state.tops_full()
    stacks = list(state.stacks)
    after = list(tops)  # the top cards once played: the grid is full in play (begun), so each is a card
    for card, cell in zip(cards, cells):
        stacks[cell] = stacks[cell] + (card,)
        after[cell] = card
    stacks = tuple(stacks)
    tops_after = tuple(after) if full else tuple([s[-1] for s in stacks])
    total, count, matches, bonus, scored = grid.score(tops_after, played, side, value or 0)
    record = turn_record(seat, side, value if value is not None else -1, tuple(cards), tuple(cells), total,
                         (count, matches, bonus), scored, tops, state.hands[seat])
    points = list(state.points)
    points[seat % 2] += total  # the seat's team (State.team_of, CC-5)
    changes = {"stacks": stacks, "hands": set_hand(state, seat, hand), "points": tuple(points),
               "turns": state.turns.add(record), "phase": "discard"}
    if _ended(state.pile_count, changes["hands"]):
        return end(evolve(state, changes), action)
    if not hand:  # nothing left to discard or swap
        return _redraw(state, action, changes)
    after = evolve(state, changes)
    return after.keep_tops(tops_after) if full else after  # the next play's tops (State.tops_full)


def _apart(cells):
    """The played cells cut off from the first one's group, for the refusal (1c)."""
    mask = grid.mask_of(cells)
    group = grid.spread(1 << cells[0], mask)
    rest = [grid.name(c) for c in cells if not group >> c & 1]
    return ", ".join(rest) if rest else grid.name(cells[0])


THEN = "then"  # a play's note of the discard or swap said on its line (reading); never journalled


def unnoted(action):
    """The play as journalled: without the note of what its line said after it."""
    return {key: value for key, value in action.items() if key != THEN}


def check_line(state, action):
    """`play Rs@b2 discard Gm`: the discard (or swap) said on the play's line is checked in
    the state the play leaves, before either is made, so a refused line changes nothing;
    a discard after a play that leaves no card to discard is refused (3a). The reading
    notes it on the play (``THEN``), which is never journalled: a play alone (every
    journalled one) is left to its own check."""
    then = action.get(THEN)
    if then is None:
        return
    alone = unnoted(action)
    check_play(state, alone)
    after = play(state, alone)
    check_follow(after, then["keeps"])
    if then.get("unread"):  # words after the play that name nothing, said once the play itself passed
        raise InputError(then["unread"])
    follow = then["action"]
    if follow is None:
        return
    if follow["do"] == "swap":
        check_seats(after)
        check_swap(after, follow)
    else:
        check_discard(after, follow)


def check_follow(after, keeps):
    """`play ... discard Gm` on one line: the discard needs the play to leave a discard to
    make; a `keep` after a play that emptied the hand (or ended the game) is harmless."""
    if after.phase != "discard" and not keeps:
        raise RuleError(f"{'the game is over' if after.phase == 'over' else 'no card is left to discard'} "
                        "after this play; make it without the discard", rule="3a")


def leaves_a_discard(state, cards):
    """Whether a play of ``cards`` by the player to act leaves them a discard to make (3a),
    as ``play`` decides it: a card left in hand and no end (CC-6: the pile gone and a
    team out of cards). A `keep` said on the play's line is then a discard of nothing;
    otherwise there is nothing to keep and it is dropped."""
    state = begun(state)
    seat = state.turn
    team = state.team_of(seat)
    mine = state.team_cards(team) - len(cards)
    ends = state.pile_count == 0 and (mine == 0 or state.team_cards(1 - team) == 0)
    return len(state.hands[seat]) > len(cards) and not ends


# -- 3. discard or swap ----------------------------------------------------------------


def check_discard(state, action):
    _checked_discard(state, action)


@remembered
def _checked_discard(state, action):
    """check_discard's rules, and what they work out for the effect (worked): the cards,
    the hand they leave, the state with them seen."""
    cards = cards_of(action)
    if len(cards) > MAX_DISCARD:
        raise RuleError(f"discard up to {MAX_DISCARD} cards, not {len(cards)}", rule="3a")
    hand = _take_from(state.hands[state.turn], cards, state.names, state.player, "3a")
    seen = see_taken(state, state.hands[state.turn], cards)
    _check_draws(state, len(hand), action)
    return cards, hand, seen


def discard(state, action):
    seat = state.turn
    work = _checked_discard.worked.of(state, action)  # its check's, on these very objects (replay)
    if work is None:
        cards = cards_of(action)
        hand = _take_from(state.hands[seat], cards, state.names, state.player, "3a")
        state = see_taken(state, state.hands[seat], cards)
    else:
        cards, hand, state = work
    changes = {"hands": set_hand(state, seat, hand), "discards": state.discards.extend(cards)}
    if _ended(state.pile_count, changes["hands"]):
        return end(evolve(state, changes), action)
    return _redraw(state, action, changes)


def check_swap(state, action):
    give, take = cards_of(action, "give"), cards_of(action, "take")
    if not give:
        raise RuleError("swap at least one card, or `discard` none", rule="3b")
    if len(give) > MAX_DISCARD or len(take) > MAX_DISCARD:
        raise RuleError(f"swap up to {MAX_DISCARD} cards", rule="3b")
    if len(give) != len(take):
        raise RuleError(f"cards are swapped card for card, not given for free: {len(give)} for {len(take)}", rule="3b")
    seat, mate = state.turn, state.teammate(state.turn)
    if not state.hands[mate]:
        raise RuleError(f"{state.players[mate]} holds no cards, so there is nothing to swap for: "
                        "`discard` up to 2 or `keep`", rule="3b")
    _take_from(state.hands[seat], give, state.names, state.player, "3b")
    _take_from(state.hands[mate], take, state.names, state.players[mate], "3b")
    _see_swapped(state, give, take)
    _check_draws(state, len(state.hands[seat]), action)


def swap(state, action):
    give, take = cards_of(action, "give"), cards_of(action, "take")
    seat, mate = state.turn, state.teammate(state.turn)
    mine = _take_from(state.hands[seat], give, state.names, state.player, "3b")
    theirs = _take_from(state.hands[mate], take, state.names, state.players[mate], "3b")
    state = _see_swapped(state, give, take)
    hands = list(state.hands)
    hands[seat] = tuple(sorted(mine + tuple(take)))
    hands[mate] = tuple(sorted(theirs + tuple(give)))
    return _redraw(state, action, {"hands": tuple(hands)})


def _see_swapped(state, give, take):
    """The cards a swap takes from hands the table did not enter, seen now (CC-1)."""
    seat, mate = state.turn, state.teammate(state.turn)
    state = see_taken(state, state.hands[seat], give)
    return see_taken(state, state.hands[mate], take)


# -- 4. redraw -------------------------------------------------------------------------


def redraw_need(state, hand_size):
    """How many cards a hand of ``hand_size`` draws back to full, as far as the pile goes (4)."""
    return min(max(0, state.hand_size - hand_size), state.pile_count)


def digital_draws(state, hand_size):
    """Digital mode: the cards the referee deals a hand of ``hand_size`` (None at a table)."""
    if state.mode != "digital":
        return None
    return list(state.pile[:redraw_need(state, hand_size)])


def _check_draws(state, hand_size, action):
    """A digital discard or swap may name the cards it draws (so the log says them): they
    must be the top of this game's pile, or the record is from another game (4)."""
    said = action.get("draws")
    if said is None or state.mode != "digital":
        return
    if list(said) != digital_draws(state, hand_size):
        raise RuleError("the cards this record says were drawn are not the top of the pile; "
                        "it does not belong to this game", rule="4")


def _redraw(state, action, changes):
    """4: back to a full hand; digital draws at once, table waits for the cards drawn. A
    hand the table did not enter draws by the count alone (G-1: cards nobody typed).
    ``changes``: what the play, discard or swap before it changed (the hands among them),
    made in the same state as the redraw and the next turn (one copy of the state, not
    three); none of them is a field read here but the hands."""
    seat = state.turn
    hands = changes["hands"]
    need = min(max(0, state.hand_size - len(hands[seat])), state.pile_count)  # redraw_need, without its call
    if need == 0:
        return next_turn(state, action, changes)
    if state.mode != "digital" and seat in state.entered:  # tracked(state, seat)
        return evolve(state, changes, phase="draw", draw_need=need)
    if state.mode != "digital":
        drawn, pile = (UNKNOWN,) * need, state.pile
        count = state.pile_count - need
    else:
        drawn, pile = state.pile[:need], state.pile[need:]
        count = len(pile)
    hands = hands[:seat] + (tuple(sorted(hands[seat] + drawn)),) + hands[seat + 1:]
    changes = dict(changes, hands=hands, pile=pile, pile_count=count)
    if _ended(count, hands):
        return end(evolve(state, changes), action)
    return next_turn(state, action, changes)


def check_draw(state, action):
    _checked_draw(state, action)


@remembered
def _checked_draw(state, action):
    """check_draw's rules, and what they work out for the effect (worked): the cards drawn
    and the state with them seen."""
    cards = cards_of(action)
    need = state.draw_need
    if len(cards) > need or (len(cards) < need and not action.empty):
        raise RuleError(_draw_count(state, cards), rule="4")
    return cards, see(state, cards)


def draw(state, action):
    """4: the cards drawn back to a full hand. With ``empty`` the table says the pile ran
    out: fewer cards than the count expected are taken and the pile is 0 (CC-9)."""
    work = _checked_draw.worked.of(state, action)  # its check's, on these very objects (replay)
    if work is None:
        cards = cards_of(action)
        state = see(state, cards)
    else:
        cards, state = work
    seat = state.turn
    left = 0 if action.empty else state.pile_count - len(cards)
    changes = {"hands": set_hand(state, seat, tuple(sorted(state.hands[seat] + tuple(cards)))),
               "pile_count": left, "draw_need": 0}
    if _ended(left, changes["hands"]):
        return end(evolve(state, changes), action)
    return next_turn(state, action, changes)


def _draw_count(state, cards):
    """Why a redraw of this many cards is refused, and what the table can say instead."""
    need = state.draw_need
    wanted = state.hand_size - len(state.hands[state.turn])
    counted = f"{need} card{'s' if need > 1 else ''}"
    if len(cards) > need and need < wanted:  # CC-9: the pile holds more than the referee counts
        return (f"{state.player} draws {counted}, all the draw pile holds by the count, not {len(cards)}; "
                "if it holds more, correct it first: `adjust pile N`")
    text = f"{state.player} draws {counted} back to {state.hand_size}, not {len(cards)}"
    if len(cards) < need:  # CC-9: the pile may have run out before the count said
        shown = " ".join(state.names.code(c) for c in cards)
        text += f"; if the pile ran out, say so: `draw {shown + ' ' if shown else ''}empty`"
    return text


def next_turn(state, action, changes=None):
    """The next player's turn, or the end the table asked for (G-6). A player holding no
    card passes at once (CC-2: zero cards is a pass), as if they had said so. ``changes``:
    what the turn's last step changed, made in the same state (they never hold ``ending``
    or ``turn``, read here)."""
    if state.ending:
        return end(evolve(state, changes) if changes else state, action, early=True)
    changes = dict(changes) if changes else {}
    changes.update(phase="play", turn=(state.turn + 1) % len(state.players), draw_need=0)
    state = evolve(state, changes)
    if state.hands[state.turn]:  # pass_if_empty's test, without its call
        return state
    return pass_if_empty(state, action)


def pass_if_empty(state, action):
    if state.phase != "play" or state.hands[state.turn]:
        return state
    return play(state, {"do": "play", "cards": [], "cells": [], "at": action.get("at")})


def passed_without_cards(before, after):
    """The players the rules passed for holding no card, between ``before`` and ``after``."""
    return [after.players[t.seat] for t in after.turns[len(before.turns):] if not t.cards and not t.hand]


# -- ending early (G-6) ---------------------------------------------------------------------


def check_finish(state, action):
    if state.phase == "setup":
        raise RuleError("setup is not finished: no turn has been played to decide by; "
                        "leave with Ctrl-D (the game is saved)", rule="G-6")
    if state.ending:
        raise RuleError(f"the game already ends when {state.player}'s turn ends", rule="G-6")


def finish(state, action):
    """G-6: the table stops the game; the totals as they stand after the current turn
    decide, with CC-6's tie rule. Between turns it ends at once; during one (after the
    play, before the discard or the redraw) it ends when that turn ends."""
    if state.phase == "play":
        return end(state, action, early=True)
    return evolve(state, ending=True)


def ended(state):
    """CC-6: the draw pile is gone and a team has no cards left in hand."""
    return _ended(state.pile_count, state.hands)


def _ended(pile_count, hands):
    """``ended`` of a pile's count and hands not yet made a state (a team is the seats of
    one parity, CC-5: its hands are ``hands[team::2]``)."""
    return pile_count == 0 and (not any(hands[0::2]) or not any(hands[1::2]))


def end(state, action, early=False):
    return evolve(state, phase="over", ended_at=action.get("at"), early=early or state.early, ending=False,
                   draw_need=0)


# -- the result -------------------------------------------------------------------------


def winners(state):
    """Most points; a tie goes to the team with cards left (CC-6), or is shared (option tie)."""
    best = max(state.points)
    teams = [t for t in (0, 1) if state.points[t] == best]
    if len(teams) > 1 and state.options.get("tie", "cards") == "cards":
        holding = [t for t in teams if state.team_cards(t) > 0]
        if len(holding) == 1:
            teams = holding
    return teams
