"""The table is the truth (G-1, CC-9): `adjust` sets the draw pile's count or a hand to
what the table sees, when a slip is found too late for `undo`.

Its own module because it is its own job: a correction is checked against the box (100
colour cards and 4 wilds, CC-1) rather than against a turn's rules, and the turn then
goes on from the corrected counts (rules: the redraw, the end, the auto-pass).
"""

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.games.colors import rules
from referee.games.colors.cards import UNKNOWN, WILD



def box_room(state):
    """Colour cards the referee has not seen, less those it counts in the pile or put away:
    what a hand or the pile may gain without the box holding more than 100 (CC-1). The
    cards of hands the table did not enter are among those not seen, so they count too."""
    return sum(state.unseen) - state.pile_count - state.removed - sum(h.count(UNKNOWN) for h in state.hands)


def check_adjust(state, action):
    """G-1, CC-9: the draw pile's count or a hand set to what the table sees, logged as an
    event of its own (found too late for `undo`). A hand is given card by card (hands are
    public); the cards it gains must be cards the box still holds."""
    _corrected(state, action)


def adjust(state, action):
    """The correction made; the turn goes on from the corrected counts: a redraw waits for
    fewer cards, a pile at 0 with a team out of cards ends the game (CC-6)."""
    return _settle(_corrected(state, action), action)


def _corrected(state, action):
    what = action.what
    if what == "pile":
        return _pile_corrected(state, action.count)
    if what != "hand":
        raise RuleError("correct the draw pile or a hand: `adjust pile N` or `adjust hand PLAYER CARD ...`",
                        rule="G-1")
    return _hand_corrected(state, action)


def _pile_corrected(state, count):
    """The draw pile set to the table's count: a whole number the box can still hold (CC-1)."""
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise RuleError("the draw pile's count is a whole number of cards, 0 or more", rule="G-1")
    if count == state.pile_count:
        raise RuleError(f"the draw pile holds {count} by the count already; nothing to correct", rule="G-1")
    room = box_room(state) + state.pile_count
    if count > room:
        raise RuleError(f"the box holds 100 colour cards and {100 - room} are counted elsewhere (play "
                        f"area, hands, discards{', put away' if state.removed else ''}): the pile can hold "
                        f"{room} at most", rule="CC-1")
    return evolve(state, pile_count=count)


def _hand_corrected(state, action):
    """A hand set to the cards the table sees, once setup is over; what it gains must be
    in the box (CC-1), what it loses goes back to the cards the referee has not seen. A
    hand the table had not entered is known from then on (rules.tracked)."""
    if state.phase == "setup":
        raise RuleError("the hands are still being entered: `undo` back to a hand to enter it again",
                        rule="Setup 3")
    player = action.player
    if player not in state.players:
        raise RuleError(f"no player {player!r}; the players are {', '.join(state.players)}", rule="CC-9")
    seat = state.players.index(player)
    cards = sorted(rules.cards_of(action))
    old = list(state.hands[seat])
    if cards == old:
        raise RuleError(f"{player} holds those cards by the count already; nothing to correct", rule="G-1")
    gained, lost = _difference(cards, old)
    _check_wilds(state, gained, lost)
    unseen = list(state.unseen)
    for card in lost:
        if card not in (WILD, UNKNOWN):  # a card not entered was never counted as seen
            unseen[card] += 1
    state = rules.see(evolve(state, unseen=tuple(unseen)), [c for c in gained if c != WILD])
    if box_room(state) < 0:
        raise RuleError(f"the box holds 100 colour cards: with the draw pile at {state.pile_count}, "
                        f"{player}'s hand cannot gain {len(gained)}; first correct the pile (`adjust pile N`)",
                        rule="CC-1")
    return evolve(state, hands=rules.set_hand(state, seat, tuple(cards)),
                  entered=tuple(sorted(set(state.entered) | {seat})))


def _difference(cards, old):
    """(the cards gained, the cards lost) from hand ``old`` to ``cards``, copies counted."""
    gained, lost = list(cards), []
    for card in old:
        if card in gained:
            gained.remove(card)
        else:
            lost.append(card)
    return gained, lost


def _check_wilds(state, gained, lost):
    """CC-1: the box holds 4 wilds, dealt only in the Wild Cards variant."""
    wilds = sum(h.count(WILD) for h in state.hands) + sum(st.count(WILD) for st in state.stacks) \
        - lost.count(WILD) + gained.count(WILD)
    if gained.count(WILD) and (state.variant != "wild" or wilds > 4):
        raise RuleError("the box holds 4 wild cards, dealt only in the Wild Cards variant; "
                        f"{'all 4 are' if state.variant == 'wild' else 'none is'} in play", rule="CC-1")


def _settle(state, action):
    """After a correction: the game may be over (CC-6), a redraw may need fewer cards, a
    player to play may hold none."""
    if state.phase in ("setup", "over"):
        return state
    if rules.ended(state):
        return rules.end(state, action)
    if state.phase == "draw":
        need = rules.redraw_need(state, len(state.hands[state.turn]))
        if need == 0:
            return rules.next_turn(state, action)
        return evolve(state, draw_need=need)
    return rules.pass_if_empty(state, action)
