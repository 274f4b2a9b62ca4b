"""Placing the Greek letters on the diamond (CX-7; CX-1, CX-3): the `place` move, the
letters the next placer may put down, and who may see a digital hand (G-2).
"""

from referee.core.errors import RuleError
from referee.core.states import evolve, set_seat
from referee.games.connexion import cards
from referee.games.connexion.state import LAST


def _position(action, next_position):
    """Where the card goes: the position typed, else the next one (a default of the state,
    so not the move's declared one)."""
    return next_position if action.position is None else action.position


def check_place(state, action):
    placed = state.placed  # counted once: the placer and the next position follow from it (CX-7)
    if placed >= LAST:
        raise RuleError("all 24 Greek letters are placed", rule="CX-1")
    placer = state.players[placed % len(state.players)]  # whose turn it is, the phase table's (moves.py, Move.acts)
    key = action.letter
    letter_table = cards.letters()
    if key not in letter_table:
        raise RuleError(f"{key!r} is not a Greek letter card", rule="CX-3")
    next_position = placed + 1
    position = _position(action, next_position)
    if position != next_position:
        raise RuleError(f"the next card goes in position {next_position}, not {position}", rule="CX-7")
    name = letter_table[key].name
    if key in state.board:
        raise RuleError(f"{name} is already on the board at position {state.board.index(key) + 1}", rule="CX-7")
    if state.mode == "digital" and key not in state.hands[state.players.index(placer)]:
        # What a hand does not hold is the hand's secret: the table hears only that the
        # letter typed was not placed; the placer is told why (G-2).
        raise RuleError(f"{placer} cannot place {name} now", rule="G-2",
                        private=f"{placer} does not hold {name}; `hand {placer}` shows the letters {placer} holds",
                        owner=placer)


def place(state, action):
    """The card laid in one new state, which is handed the count of its own board (CX-7:
    the next event's turn, placer and claimant follow from it), so no event counts again."""
    placed = state.placed  # counted once: the position and the placer follow from it (CX-7)
    key, position = action.letter, action.position
    if position is None:  # the next position, a default of the state (_position's)
        position = placed + 1 if placed < LAST else None
    hands, board = state.hands, state.board
    if state.mode == "digital":
        players = state.players
        seat = players.index(players[placed % len(players)])  # the placer's (state.placer)
        hands = set_seat(hands, seat, tuple([k for k in hands[seat] if k != key]))
    changes = {"hands": hands, "turn_started": action.at}
    if 0 < position <= LAST:  # always, once the checks passed: the new board's count follows from the old
        counted = placed if board[position - 1] else placed + 1  # one more, unless a card lay there
        changes["_placed"] = (board[: position - 1] + (key,) + board[position:], counted)
        changes["board"] = changes["_placed"][0]
    else:
        changes["board"] = board[: position - 1] + (key,) + board[position:]
    return evolve(state, changes)


def legal_letters(state):
    """The letters the next placer may put down."""
    if state.phase != "placing" or state.placed >= LAST:
        return []
    if state.mode == "digital":
        return list(state.hands[state.players.index(state.placer)])
    return [k for k in cards.letters() if k not in state.board]


def check_hand_view(state, asker, owner):
    """G-2: a hand is shown to its owner only. A line that names its speaker (`Ben: hand
    Ann`) may ask for the speaker's own hand and no other; the refusal names no card."""
    if state.mode != "digital":
        raise RuleError("in table mode the referee does not know the hands; the cards are in front of you", rule="G-2")
    if asker and asker != owner:
        raise RuleError(f"{asker} may see only their own hand, not {owner}'s", rule="G-2")
