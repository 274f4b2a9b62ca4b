"""The cheapest ways to turn the revealed cards into a take, with the hand the player holds.

Why it can be exact without searching every sequence of manipulations: flipping a card
or the indicator twice undoes itself, so a cheapest way flips each at most once; 4c
(numbers) closes 4a and 4b, so the flips come first and read the numbers as revealed;
numbers matter only for the long range's run, and moving sorted numbers onto a sorted
run costs least. What remains is paying: a green card can do all a blue card can (with
perk b) and more, so blue cards pay first. The tests check this against a brute-force
search through the rules over every sequence of manipulations on small hands.
"""

from dataclasses import dataclass
from itertools import combinations

from referee.games.cosmocode import cards
from referee.games.cosmocode.state import takeable


@dataclass(frozen=True)
class Plan:
    """One way to take something from the revealed cards, with the cards it spends."""

    cost: int  # cards spent from the hand
    steps: tuple  # actions for the rules, in order
    takes: tuple  # indices of the revealed cards that can then be taken


def plans(state):
    """{cards taken: cheapest Plan} for the player to act (short: every count; mid/long: 1)."""
    best = {}
    for key, count, plan in _options(state):
        if count not in best or key < best[count][0]:
            best[count] = (key, plan)
    return {count: plan for count, (_key, plan) in sorted(best.items())}


def ranked(state, limit=4):
    """Up to ``limit`` ways to take something, fewest cards spent first (then the most
    cards taken, then the fewest green cards spent): [(cards taken, Plan)].

    A way is left out when another takes at least as much for no more cards, paid with
    cards it also spends (the same way with a pointless flip added, say); ways that
    spend different cards stay, so a player who wants to keep a card sees the next best.
    """
    found = {}
    for key, count, plan in _options(state):
        same = (repr(plan.steps), plan.takes)
        if same not in found or key < found[same][0]:
            found[same] = (key, count, plan)
    ways = sorted(found.values(), key=lambda way: (way[0][0], -way[1]) + way[0][1:])
    kept = []
    for key, count, plan in ways:
        spent = _spent(plan)
        if any(c >= count and p.cost <= plan.cost and not (_spent(p) - spent) for c, p in kept):
            continue
        kept.append((count, plan))
    return kept[:limit]


def _spent(plan):
    from collections import Counter

    return Counter(card for step in plan.steps for card in _paid(step))


def _options(state):
    """Every way the enumeration finds: ((cost, greens, steps), cards taken, Plan)."""
    seat = state.turn
    hand = state.hand(seat).known  # all of it: a hint needs the whole hand known (questions.check_hint)
    perk_b = state.perks[seat] == "b"
    revealed = state.revealed
    flips_open = not state.tuned
    indices = range(len(revealed))
    for flip_indicator in ((False, True) if flips_open else (False,)):
        indicator = state.indicator if not flip_indicator else _other(state.indicator)
        for size in range(len(revealed) + 1 if flips_open else 1):
            for flipped in combinations(indices, size):
                after = [s._replace(channel=_other(s.channel)) if i in flipped else s for i, s in enumerate(revealed)]
                tunes = _tunes(state.range, after) if state.range == "long" else []
                if tunes is None:
                    continue
                for i, step in tunes:
                    after[i] = after[i]._replace(number=after[i].number + step)
                takes = takeable(state.range, after, indicator)
                if not takes:
                    continue
                steps = _pay(hand, perk_b, revealed, flipped, flip_indicator, tunes)
                if steps is None:
                    continue
                cost = len(flipped) + 2 * flip_indicator + len(tunes)
                count = len(takes) if state.range == "short" else 1
                greens = sum(1 for s in steps for c in _paid(s) if cards.colour(c) == "green")
                yield (cost, greens, len(steps)), count, Plan(cost, tuple(steps), tuple(takes))


def _other(channel):
    return "b" if channel == "a" else "a"


def _paid(step):
    pay = step["pay"]
    return pay if isinstance(pay, list) else [pay]


def _tunes(range_, revealed):
    """The cheapest 4c steps making the long range's numbers a run of three: [(index, +1|-1), ...]."""
    order = sorted(range(len(revealed)), key=lambda i: (revealed[i].number, i))
    best = None
    for low in range(1, 11 - len(revealed) + 1):
        moves = []
        for offset, i in enumerate(order):
            delta = low + offset - revealed[i].number
            moves += [(i, 1 if delta > 0 else -1)] * abs(delta)
        if best is None or len(moves) < len(best):
            best = moves
    return best


def _pay(hand, perk_b, revealed, flipped, flip_indicator, tunes):
    """The actions, each with the cards paying for it, or None if the hand cannot pay."""
    blues = [c for c in hand if cards.colour(c) == "blue"]
    greens = [c for c in hand if cards.colour(c) == "green"]
    flip_steps = _pay_flips(blues, greens, perk_b, revealed, flipped)
    if flip_steps is None:
        return None
    steps = []
    if flip_indicator:  # paid after the flips, which need particular numbers
        pair = _pay_pair(blues, greens, perk_b)
        if pair is None:
            return None
        steps.append({"do": "indicator", "pay": pair})
    steps += flip_steps
    if len(greens) < len(tunes):
        return None
    for (i, step), card in zip(tunes, greens):
        steps.append({"do": "tune", "target": i, "step": step, "pay": card})
    return steps


def _pay_flips(blues, greens, perk_b, revealed, flipped):
    """The 4a steps flipping ``flipped``, each paid with a blue card of the number (a green
    one with perk b when no blue is left), taken out of ``blues``/``greens``; None when
    one cannot be paid."""
    steps = []
    for i in flipped:
        number = revealed[i].number
        payer = _take_one(blues, number)
        if payer is None and perk_b:
            payer = _take_one(greens, number)
        if payer is None:
            return None
        steps.append({"do": "flip", "target": i, "pay": payer})
    return steps


def _take_one(pile, number):
    """The first card of ``pile`` with ``number``, taken out of it; None when there is none."""
    payer = next((c for c in pile if cards.number(c) == number), None)
    if payer is not None:
        pile.remove(payer)
    return payer


def _pay_pair(blues, greens, perk_b):
    """4b's two cards, blue first (green too with perk b), taken out of the piles; None
    when the hand has not two."""
    pair = blues[:2]
    if len(pair) < 2 and perk_b:
        pair += greens[: 2 - len(pair)]
    if len(pair) < 2:
        return None
    for card in pair:
        (blues if card in blues else greens).remove(card)
    return pair


def words(step, revealed):
    """A plan step as the player would type it."""
    kind = step["do"]
    if kind == "indicator":
        return "indicator with " + " ".join(_payer(c) for c in step["pay"])
    target = revealed[step["target"]]
    name = f"{target.number}{target.channel}"
    if kind == "flip":
        return f"flip {name} with {_payer(step['pay'])}"
    return f"tune {name} {'up' if step['step'] > 0 else 'down'} with {_payer(step['pay'])}"


def _payer(card):
    return ("g" if cards.colour(card) == "green" else "") + cards.short(card)
