"""The end of an attempt and of a turn: taking what the range allows or passing (rules
3a-3c), the hand limit (rule 6, CO-6), the perk after a first red card (rule 5), the next
player, the end of the game (End, CO-4) and the table ending it early (G-6), and who won.
"""


from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.core.worked import remembered
from referee.games.cosmocode import cards
from referee.games.cosmocode.ledger import discard_piles, discarded, pay_all
from referee.games.cosmocode.manipulate import paying, revealed_at
from referee.games.cosmocode.state import REVEAL, WIN_REDS, put, taken_into


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
    chosen = action.cards
    if not all(isinstance(i, int) and not isinstance(i, bool) for i in chosen):
        raise RuleError("say which card to take", rule="CO-4")
    for index in chosen:  # `take #5` of three: which cards there are, before what may be taken (CO-2)
        revealed_at(state, index)
    allowed = state.takeable()
    text, rule = _CONDITION[state.range]
    if state.range == "short":
        if sorted(chosen) != allowed:
            if not allowed:
                raise RuleError(f"nothing to take: {why_not(state)}; `pass` ends the attempt", rule=rule)
            raise RuleError(f"{text}: {', '.join(_reading(state.revealed[i]) for i in allowed)}; "
                            "`take` alone takes them", rule=rule)
    else:
        if not allowed:
            raise RuleError(f"{text}; {why_not(state)}", rule=rule)
        if len(chosen) > 1:  # `take 3a 6a` from a mid reveal: the range's own rule says one card
            choices = " or ".join(f"`take {_reading(state.revealed[i])}`" for i in allowed)
            raise RuleError(f"{state.range} range takes one card, not {len(chosen)}: take one of them, {choices}",
                            rule=rule)
        if len(chosen) != 1 or chosen[0] not in allowed:
            raise RuleError(f"{text}: take one of them", rule=rule)


def take(state, action):
    """3a-3c: the cards taken; red ones face up in front of the player (CO-6), the others
    into the hand in view of the table (known cards). The hand is worked on as its fields
    (state.taken_into: no core.pieces.Hand made on replay)."""
    chosen = action.cards
    revealed = state.revealed
    seat = state.turn
    taken = [revealed[i].card for i in chosen]
    red = [card for card in taken if card[0] == "R"]  # cards.colour(card) == "red", without the call
    kept = [card for card in taken if card[0] != "R"]
    reds = state.reds
    changes = {"revealed": ()}
    if red:
        reds = put(reds, seat, reds[seat] + tuple(red))
        changes["reds"] = reds
    if kept:
        changes.update(taken_into(state, seat, kept))
    if state.discards is not None:
        changes["discards"] = discard_piles(state, [s.card for i, s in enumerate(revealed) if i not in chosen])
    if state.named_in:  # the cards seen going into the hand (public: a question may depend on it)
        changes["named_in"] = put(state.named_in, seat, state.named_in[seat] + len(kept))
    if len(reds[seat]) >= WIN_REDS:  # End of the Game: the second red wins at once
        changes.update(phase="over", winner=state.players[seat])
        return evolve(state, changes)
    changes["perk_due"] = bool(taken) and taken[0][0] == "R" and state.perks[seat] is None
    return _after_take(state, state.hand_size(seat) + len(kept), changes)


def check_pass(state, action):
    """End the attempt taking nothing: only when nothing can be taken."""
    allowed = state.takeable()
    text, rule = _CONDITION[state.range]
    if allowed:
        what = " ".join(_reading(state.revealed[i]) for i in allowed)
        raise RuleError(f"{text}; {what} can be taken: `take`", rule=rule)


def pass_(state, action):
    return _after_take(state, state.hand_size(state.turn), {
        "revealed": (), "perk_due": False, "discards": discard_piles(state, [s.card for s in state.revealed])})


def _after_take(state, size, changes):
    """What follows a take or a pass (``changes``: what it changed, made in one copy of
    the state with what follows; ``size``: how many cards the player's hand holds after
    it): the hand limit (rule 6), a perk (rule 5), else the next player."""
    if size > state.limit:
        return evolve(state, changes, phase="discard")
    if changes.get("perk_due", state.perk_due):
        return evolve(state, changes, phase="perk")
    return _next_turn(state, changes)


def _next_turn(state, changes=None):
    """The next player's turn, with ``changes`` (a dict the caller made for it, or None)."""
    changes = {} if changes is None else changes
    if state.ending:
        return _end_early(state, **changes)
    changes.update(phase="receive", range=None, revealed=(), tuned=False, perk_due=False,
                   turn=(state.turn + 1) % len(state.players))
    if state.decks is not None and _stalled(state, changes.get("decks", state.decks),
                                            changes.get("discards", state.discards)):
        changes.update(phase="over", winner=None)  # made in the same copy of the state
    return evolve(state, changes)


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
    return _stalled(state, state.decks, state.discards)


_RED = cards.COLOURS.index("red")


def _stalled(state, decks, discards):
    """``stalled`` of the decks and discard piles a move is making, before they are a state."""
    left = len(decks[_RED]) + (len(discards[_RED]) if state.options.get("reshuffle", True) else 0)
    return left < REVEAL["long"]


def excess(state):
    """How many cards the player to act discards to come down to the hand limit (rule 6)."""
    return state.hand_size(state.turn) - state.limit


def verify_discard(state, colours):
    """Rule 6's checks that need no hidden card, on the colours typed (None: not said):
    run before any question about the hand."""
    over = excess(state)
    if not colours:
        raise RuleError(f"discard {over} card{'s' if over != 1 else ''}", rule="CO-6")
    if len(colours) > over:
        raise RuleError(f"{state.player} discards down to {state.limit}: {over} card{'s' if over != 1 else ''}, "
                        f"not {len(colours)}", rule="CO-6")
    if "red" in colours:
        raise RuleError("red cards lie face up and do not count toward the hand limit", rule="CO-6")


def check_discard_first(state, action):
    """Rule 6's checks that need no hidden card: how many cards, and their colours."""
    verify_discard(state, [colour for colour, _number in paying(action, "cards", "discard names cards", "CO-6")])


@remembered
def _discard_paid(state, action):
    """The state with the discarded cards out of the hand: worked out by the check, handed
    to the effect on the same state and action (core.worked)."""
    return pay_all(state, state.turn, list(action.cards), rule="CO-6")


def check_discard(state, action):
    """Rule 6: over the hand limit after taking, the player discards down to it; the
    cards come out of the hand."""
    _discard_paid(state, action)


def discard(state, action):
    chosen = list(action.cards)
    state = _discard_paid(state, action)
    dropped = state.dropped or ((),) * len(state.players)
    changes = dict(discarded(state, chosen), dropped=put(dropped, state.turn, dropped[state.turn] + tuple(chosen)))
    if state.hand_size(state.turn) > state.limit:
        return evolve(state, changes)
    if state.perk_due:
        return evolve(state, changes, phase="perk")
    return _next_turn(state, changes)


def check_perk(state, action):
    if action.perk not in ("a", "b"):
        raise RuleError("choose `perk a` (short range reveals three blue) or `perk b` (green pays for 4a and 4b)",
                        rule="CO-5")


def perk(state, action):
    return _next_turn(state, {"perks": put(state.perks, state.turn, action.perk)})


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
    return evolve(state, ending=True)


def _end_early(state, **changes):
    changes.update(phase="over", winner=None, early=True, ending=False, range=None, revealed=(), tuned=False,
                   perk_due=False)
    return evolve(state, changes)


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
