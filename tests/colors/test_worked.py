"""A Colors check's work handed to its effect (worked.remembered): the effect's result on
the very objects its check passed is the one it works out afresh."""

from referee.games.colors import rules
from referee.games.colors.moves import MOVES


def digital_game():
    return rules.initial({"players": ["Ann", "Ben"], "mode": "digital", "seed": 7, "options": {}})


def test_a_replayed_turn_makes_the_states_fresh_effects_make():
    state = digital_game()
    hand = state.hands[0]
    card = hand[0]
    steps = [{"do": "play", "cards": [card], "cells": [12], "at": 1.0},
             {"do": "discard", "cards": [c for c in hand if c != card][:1], "at": 2.0}]
    for step in steps:
        move = MOVES[step["do"]]
        action = move.read(step)
        replayed = MOVES.apply(state, action)  # the check, then the effect with its work
        worked = rules._checked_play if step["do"] == "play" else rules._checked_discard
        assert worked.worked.of(state, action) is not None
        fresh = move.effect(state, move.read(dict(action)))  # no check before it: worked out again
        assert repr(replayed) == repr(fresh)
        state = replayed
    assert state.phase == "play" and state.turn == 1 and len(state.turns) == 1
    assert state.points[0] == state.turns[0].points > 0
