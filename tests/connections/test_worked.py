"""A check's work handed to its effect (worked.remembered): only for the very objects the
check passed, never a refusal, and the effect's result the same as working it out afresh."""

import pytest

from referee.core.errors import RuleError
from referee.core.moves import Action
from referee.games.connections import plays
from referee.core.worked import remembered
from tests.connections.helpers import MOVES, card, do, started


def counting():
    calls = []

    def check(state, action):
        calls.append((state, action))
        if action.get("refuse"):
            raise RuleError("no", rule="CN-6")
        return ("work", len(calls))

    return calls, remembered(check)


def test_the_same_state_and_action_get_the_work_again_without_a_second_check():
    calls, check = counting()
    state, action = object(), Action({"do": "draw"})
    assert check(state, action) == ("work", 1)
    assert check(state, action) == ("work", 1)
    assert len(calls) == 1
    assert check.worked.of(state, action) == ("work", 1)


def test_another_object_equal_or_not_is_checked_again():
    calls, check = counting()
    state = object()
    check(state, Action({"do": "draw"}))
    assert check(state, Action({"do": "draw"})) == ("work", 2)  # equal, not the same
    assert check(object(), Action({"do": "draw"})) == ("work", 3)
    assert check.worked.of(object(), Action({"do": "draw"})) is None


def test_a_dict_is_never_kept_since_it_may_change_before_the_effect():
    calls, check = counting()
    state, action = object(), {"do": "draw"}
    check(state, action)
    check(state, action)
    assert len(calls) == 2 and check.worked.of(state, action) is None


def test_a_refusal_is_not_kept():
    calls, check = counting()
    state, action = object(), Action({"do": "draw", "refuse": True})
    for _ in range(2):
        with pytest.raises(RuleError):
            check(state, action)
    assert len(calls) == 2 and check.worked.of(state, action) is None


def test_a_play_replayed_through_its_check_makes_the_state_a_fresh_effect_makes():
    state = started(starter="tiger/head/tree/ocean")
    action = MOVES["play"].read({"do": "play", "by": "Ann", "cell": [0, 1], "card": card("a/b/c/d", 2), "at": 5.0})
    replayed = MOVES.apply(state, action)  # check_first, then the effect with its work
    assert plays._play_work.worked.of(state, action) is not None
    fresh = MOVES["play"].effect(state, MOVES["play"].read(dict(action)))  # no check before it: worked out again
    assert repr(replayed) == repr(fresh)
    assert replayed.points == (3, 0) and replayed.last["arithmetic"] == "2 + 1 = 3"


def test_the_effect_still_refuses_a_side_left_unsaid_after_its_first_check_passed():
    state = started(starter="tiger/?/?/?")
    action = {"do": "play", "by": "Ann", "cell": [1, 0], "card": card("a/b/c/d", 2)}
    plays.check_play_first(state, MOVES["play"].read(action))  # the gathering would ask for the word
    with pytest.raises(RuleError, match="east side of the card at 0,0 was typed `\\?`"):
        do(state, "play", **{k: v for k, v in action.items() if k != "do"})
