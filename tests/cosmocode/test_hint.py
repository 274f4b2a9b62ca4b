"""The hint is exact: checked against a brute-force search through the rules themselves.

The search tries every manipulation the rules accept (each card of the hand paying for
each 4a, 4b and 4c on each revealed card), in every order, cheapest first (Dijkstra on
the cards spent), and records the cheapest cost of each possible take. The hint must
give the same costs, and its plan, applied through the rules, must reach that take.
"""

import heapq
import itertools
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.errors import RuleError
from referee.games.cosmocode import cards, hint
from referee.games.cosmocode.moves import MOVES
from referee.games.cosmocode.state import Shown
from tests.cosmocode.helpers import table

COST = {"flip": 1, "tune": 1, "indicator": 2}


def moves(state):
    held = sorted(set(state.hands[state.turn]))
    tried = []
    for i in range(len(state.revealed)):
        for card in held:
            tried.append({"do": "flip", "target": i, "pay": card})
            tried += [{"do": "tune", "target": i, "step": step, "pay": card} for step in (1, -1)]
    tried += [{"do": "indicator", "pay": [a, b]} for a, b in itertools.combinations_with_replacement(held, 2)]
    for move in tried:
        try:
            yield move, MOVES.apply(state, move)
        except RuleError:
            pass


def outcome(state):
    takes = state.takeable()
    if not takes:
        return None
    return len(takes) if state.range == "short" else 1


def brute_force(state):
    """{cards taken: fewest cards spent} over every sequence of manipulations the rules allow."""
    best = {}
    seen = {}
    order = itertools.count()
    heap = [(0, next(order), state)]
    while heap:
        cost, _, now = heapq.heappop(heap)
        key = (now.revealed, now.indicator, now.hands[now.turn], now.tuned)
        if key in seen:
            continue
        seen[key] = cost
        got = outcome(now)
        if got is not None and got not in best:
            best[got] = cost
        for move, after in moves(now):
            heapq.heappush(heap, (cost + COST[move["do"]], next(order), after))
    return best


def situation(range_, shown, hand, perk=None, indicator="a"):
    """Ann mid-attempt, built directly so any mix of copies can be tried."""
    state = table()
    colour = cards.RANGE_COLOUR[range_]
    revealed = tuple(Shown(cards.make(colour, n, ch), n, ch) for n, ch in shown)
    return replace(state, phase="manipulate", range=range_, revealed=revealed, indicator=indicator,
                   hands=(tuple(sorted(hand)), ()), perks=(perk, None))


def check(state):
    expected = brute_force(state)
    found = hint.plans(state)
    assert {k: plan.cost for k, plan in found.items()} == expected
    for count, plan in found.items():
        after = state
        for step in plan.steps:
            after = MOVES.apply(after, step)  # every step is legal in this order
        assert outcome(after) == count
        assert len(after.hands[0]) == len(state.hands[0]) - plan.cost
        assert list(plan.takes) == after.takeable()


SHOWN = st.tuples(st.integers(1, 5), st.sampled_from("ab"))
HAND_CARD = st.builds(lambda c, n, ch: cards.make(c, n, ch), st.sampled_from(["blue", "green"]),
                      st.integers(1, 5), st.sampled_from("ab"))


@settings(max_examples=60, deadline=None)
@given(range_=st.sampled_from(["short", "mid", "long"]), data=st.data(),
       hand=st.lists(HAND_CARD, max_size=4), perk=st.sampled_from([None, "a", "b"]), indicator=st.sampled_from("ab"))
def test_hint_is_exact_against_brute_force_on_small_hands(range_, data, hand, perk, indicator):
    size = 3 if range_ == "long" else data.draw(st.sampled_from([2, 3] if range_ == "short" else [2]))
    shown = data.draw(st.lists(SHOWN, min_size=size, max_size=size))
    check(situation(range_, shown, hand, perk, indicator))


def test_hint_long_range_needs_flips_then_tunes():
    # 3a 4b 6a with blue 4 and two greens: flip 4b (1), tune 6 down (1): 2 cards
    state = situation("long", [(3, "a"), (4, "b"), (6, "a")], ["B4a", "G9b", "G1a"])
    check(state)
    plan = hint.plans(state)[1]
    assert plan.cost == 2 and [s["do"] for s in plan.steps] == ["flip", "tune"]


def test_hint_perk_b_pays_the_indicator_with_mixed_colours():
    state = situation("mid", [(4, "b"), (8, "b")], ["B1a", "G3a"], perk="b")
    check(state)
    assert hint.plans(state)[1].steps == ({"do": "indicator", "pay": ["B1a", "G3a"]},)


def test_hint_nothing_possible():
    state = situation("long", [(1, "a"), (5, "b"), (9, "a")], ["B2a"])
    assert hint.plans(state) == {} and brute_force(state) == {}


def test_hint_after_a_4c_only_tunes_remain():
    state = replace(situation("long", [(3, "a"), (4, "b"), (6, "a")], ["B4a", "G9b", "G1a"]), tuned=True)
    check(state)
    assert hint.plans(state) == {}  # 4b cannot be flipped any more
