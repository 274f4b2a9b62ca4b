"""The table's own moves: the hands left entered at a round's end, a round closed, the game
finished, and a count corrected (CN-6, CN-8, G-1, G-6).

As in plays.py, ``check_x`` raises the first rule broken and returns what it worked out,
``x`` is the pure effect.
"""

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.games.connections.checks import no_open_votes
from referee.games.connections.rounds import close_round, round_end_due, to_count
from referee.games.connections.state import on_table, seat_of, set_at
from referee.core.worked import remembered

# -- hand: the points left in a hand at the round's end -----------------------------------


@remembered
def check_hand(state, action):
    """(seat, values) of a hand entered: one number per card, or the hand's total
    (``total``) as one number, which for a single card is its points."""
    player = action.player
    seat = seat_of(state, player)
    held = state.hands[seat]
    if held == 0 and state.counted.get(seat) == ():
        raise RuleError(f"{player} holds no cards (by the count): nothing to enter; `adjust hand {player} N` "
                        "if the table counts some", rule="CN-6")
    if seat in state.counted:
        raise RuleError(f"{player}'s hand is entered already; `undo` to correct it", rule="CN-6")
    top = 4 if state.options.get("esl") else 5
    if action.total is not None:
        return seat, (_hand_total(player, held, top, action.total),)
    return seat, _hand_points(player, held, top, action.points)


def _cards(held):
    return f"{held} card{'s' if held != 1 else ''}"


def _points_rule(top):
    """1-5 points a card (CN-1); the ESL table's 1-4 (CN-6)."""
    return "CN-6" if top == 4 else "CN-1"


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _hand_total(player, held, top, total):
    """The hand's points as one number: 1 to ``top`` for each card held (by the count)."""
    if not _whole(total):
        raise RuleError("a hand's total is a whole number of points", rule="CN-6")
    if not held <= total <= top * held:
        raise RuleError(f"{player} holds {_cards(held)} by the count, worth {held} to {top * held} points in all, "
                        f"not {total}", rule=_points_rule(top))
    return total


def _hand_points(player, held, top, values):
    """One number per card held (by the count), each 1 to ``top``."""
    if not isinstance(values, list) or not all(_whole(v) for v in values):
        raise RuleError("the points left in hand are one number per card, or one number for the whole hand",
                        rule="CN-6")
    for value in values:
        if not 1 <= value <= top:
            raise RuleError(f"a card is worth 1 to {top} points, not {value}", rule=_points_rule(top))
    if len(values) != held:
        raise RuleError(f"{player} holds {_cards(held)} by the count, not {len(values)}: one number per card, "
                        f"or one for the whole hand", rule="CN-6")
    return tuple(values)


def hand(state, action):
    seat, values = check_hand(state, action)
    state = evolve(state, counted={**state.counted, seat: values}, before=None, last=None)
    if len(state.counted) == len(state.players):
        return close_round(state, action.at)
    return state


# -- round: the table closes a round whose end the variant leaves to it -------------------


def check_close(state, action):
    no_open_votes(state, "closing the round")
    if state.variant in ("endless", "solitaire"):  # until cards or table space run out
        return
    if state.variant == "quick":  # CN-8: nobody went out and nobody can: the round is stuck, nobody scores
        if state.piles[0] > 0:
            raise RuleError("a Quick Play round ends when a hand empties, or with `round` once the draw pile is "
                            "empty and nobody can play; `finish` ends the game", rule="CN-8")
        return
    if any(state.piles):
        rule = {"classic": "it ends one turn each after a hand empties", "quads": "it ends at a player's fourth quad",
                "rummy": "it ends when a player has used all their cards"}[state.variant]
        piles = "the four draw piles are" if state.variant == "quads" else "the draw pile is"
        raise RuleError(f"the round goes on: {rule} (or once {piles} empty and nobody can play; "
                        "`finish` ends the game after this round)", rule="CN-6")


def close(state, action):
    state = evolve(state, before=None, last=None)  # closing is something else happening (CN-4)
    at = action.at
    if state.variant in ("endless", "solitaire", "quads"):
        return close_round(state, at)
    if state.variant == "quick":
        return close_round(evolve(state, emptied=None), at)
    return to_count(state, at)


# -- finish: the table stops the game (G-6) -----------------------------------------------


def check_finish(state, action):
    if state.finishing:
        raise RuleError("the game ends already once this round's hands are entered", rule="G-6")
    no_open_votes(state, "the game ends")
    if state.phase == "start" and not state.rounds:
        raise RuleError("no round has been played yet, so there is nothing to score; lay the starter card "
                        "or leave the game", rule="G-6")


def finish(state, action):
    """G-6: the table stops the game. The round under way is closed now as usual (the hands
    left are entered and deducted where the variant counts them) and the game is over with
    a winner; between rounds it is over at once. Endless and Solitaire end this way when the
    table says the space ran out (CN-8), which is their own end, not an early one."""
    early = ends_early(state)
    if state.phase == "start":
        return evolve(state, phase="over", early=early, finishing=True)
    state = evolve(state, finishing=True, early=early, before=None, last=None)
    if state.phase == "count":
        return state  # the hands still to enter close the round, and then the game
    at = action.at
    if state.variant in ("classic", "rummy"):
        return to_count(state, at)
    if state.variant == "quick":  # nobody went out: nobody scores the round cut short (as with `round`)
        return close_round(evolve(state, emptied=None), at)
    return close_round(state, at)


def ends_early(state):
    """G-6: whether a `finish` now ends the game before its own end (the log says so):
    between rounds, before the set number of rounds; during one, a round cut short or
    rounds still to come. Endless and Solitaire ending when the table space runs out is
    their own end, not an early one."""
    if state.phase == "start":
        return state.max_rounds is not None and len(state.rounds) < state.max_rounds
    cut = state.phase == "play"
    more = state.max_rounds is not None and state.round < state.max_rounds
    return state.variant not in ("endless", "solitaire") and (cut or more)


# -- adjust: a count corrected to the table's (G-1) ---------------------------------------


def check_adjust(state, action):
    """(seat or None, new hands, new piles) of a hand or pile set to what the table counts."""
    if state.phase == "start":
        raise RuleError("the round is not dealt yet: the counts start from the deal", rule="G-1")
    count = action.count
    if not _whole(count):
        raise RuleError("a count is a whole number of cards", rule="G-1")
    if count < 0:
        raise RuleError(f"a count of cards cannot be negative, not {count}", rule="G-1")
    if action.what == "hand":
        seat, where, old = _adjusted_hand(state, action)
        hands, piles = set_at(state.hands, seat, count), state.piles
    elif action.what == "pile":
        seat, (index, where, old) = None, _adjusted_pile(state, action)
        hands, piles = state.hands, set_at(state.piles, index, count)
    else:
        raise RuleError("correct a hand or a pile: `adjust hand PLAYER N` or `adjust pile [PILE] N`", rule="G-1")
    if count == old:
        raise RuleError(f"{where} holds {old} by the count already; nothing to correct", rule="G-1")
    total = sum(hands) + sum(piles) + on_table(state)
    if count > old and total > state.deck:
        spare = state.deck - (total - count)
        raise RuleError(f"the box holds {state.deck} cards, {total - count} of them counted elsewhere: {where} can "
                        f"hold {spare} at most; first correct the count the card came from", rule="CN-1")
    return seat, hands, piles


def _adjusted_hand(state, action):
    """(seat, how the log names it, its count now) of a hand to correct."""
    if state.variant == "solitaire":
        raise RuleError("Solitaire keeps no hand: each card is drawn as it is played (`adjust pile N`)",
                        rule="CN-6")
    player = action.player
    seat = seat_of(state, player)
    if state.phase == "count" and (state.counted.get(seat) or seat == state.emptied):
        why = "went out" if seat == state.emptied else "has their hand entered already"
        raise RuleError(f"{player} {why}; `undo` back to it to correct that", rule="CN-6")
    return seat, f"{player}'s hand", state.hands[seat]


def _adjusted_pile(state, action):
    """(index, how the log names it, its count now) of a draw pile to correct."""
    index = action.pile
    if state.variant == "quads":
        if index not in range(1, 5):
            raise RuleError("Quads has four draw piles: say which, `adjust pile 1 N` to `adjust pile 4 N`",
                            rule="CN-6")
        return index - 1, f"pile {index}", state.piles[index - 1]
    if index not in (None, 1):
        raise RuleError(f"{state.title} has one draw pile: `adjust pile N`", rule="CN-6")
    return 0, "the draw pile", state.piles[0]


def adjust(state, action):
    """G-1: the table is the truth. A hand or pile the scribe miscounted, found too late for
    `undo`, is set to what the table counts as an event of its own, and the round goes on
    from the corrected count: the next `hand` entry must match it, an empty pile lets the
    table close the round, and a hand found empty ends the round as the variant says."""
    seat, hands, piles = _corrected(state, action)  # checked already: the move's check ran first
    count, at = action.count, action.at
    state = evolve(state, hands=hands, piles=piles, before=_shifted(state.before, hands, piles, state))
    if seat is not None and count == 0:
        return _found_empty(state, seat, at)
    if seat is not None and seat in state.counted:  # counted as empty at the round's end: it holds cards after all
        state = evolve(state, counted={s: v for s, v in state.counted.items() if s != seat})
    if state.variant == "endless" and state.phase == "play" and piles[0] == 0 and not any(hands):
        return close_round(state, at)  # out of cards (CN-6)
    return state


def _corrected(state, action):
    """(seat or None, hands, piles) once an adjust that passed its check is made."""
    count = action.count
    if action.what == "hand":
        seat = state.seat(action.player)
        return seat, set_at(state.hands, seat, count), state.piles
    index = action.pile or 1
    return None, state.hands, set_at(state.piles, index - 1, count)


def _shifted(before, hands, piles, now):
    """The state a contest would go back to, corrected by as much as the counts were: an
    overturn must not undo the correction along with the play."""
    if before is None:
        return None
    shift = lambda old, new, was: tuple(max(0, b + n - w) for b, n, w in zip(old, new, was))  # noqa: E731
    return evolve(before, hands=shift(before.hands, hands, now.hands), piles=shift(before.piles, piles, now.piles))


def _found_empty(state, seat, at):
    """A hand the table finds empty ends the round as an emptied hand does in its variant (CN-6)."""
    if state.phase == "count":
        state = evolve(state, counted={**state.counted, seat: ()})
        return close_round(state, at) if len(state.counted) == len(state.players) else state
    if state.variant == "quick":
        return round_end_due(evolve(state, emptied=seat), at)
    if state.variant == "rummy":
        return to_count(evolve(state, emptied=seat), at)
    if state.variant == "endless" and state.piles[0] == 0 and not any(state.hands):
        return close_round(state, at)
    if state.variant == "classic" and state.owed is None:
        n, turn = len(state.players), state.turn
        if turn == seat:  # the turn of a player with no cards is over: everyone else takes one more
            owed = tuple((seat + k) % n for k in range(1, n))
            return evolve(state, owed=owed, emptied=seat, turn=owed[0], drew=False, turn_started=at)
        owed = tuple((turn + k) % n for k in range(n) if (turn + k) % n != seat)  # the turn under way is one
        return evolve(state, owed=owed, emptied=seat)
    return state
