"""Benchmark for Cosmic Colors' budgets (DESIGN.md, "Budgets"): the best play for a 10-card
hand in under 1 s, a play scored in under 5 ms, a typical command under 10 ms.

The hint's cost is the number of connected sets of cells it visits, which depends on how
many cards one value can field (the largest such count in the hand), not on the grid, so
the worst case is a hand whose every card is one value: 10 cards (2 players), 12 in the
Wild Cards variant (10 + 2 wilds, the largest hand the rules allow). Random grids are
searched for the slowest; dealt hands give the typical figure. Nothing here asserts.

Run: ``python bench/colors_bench.py`` from the repository root.
"""

import os
import random
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from referee.games.colors import grid, hint, rules  # noqa: E402
from referee.games.colors.cards import WILD, card_of, full_deck  # noqa: E402

GRIDS = 12


def _ms(seconds):
    return seconds * 1000


def _timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def _grids(seed=1):
    shuffle = random.Random(seed)
    for _ in range(GRIDS):
        deck = full_deck()
        shuffle.shuffle(deck)
        yield tuple(deck[:25])


def worst_hint(hand, side):
    worst = (0, None, None)
    for tops in _grids():
        seconds, best = _timed(hint.best_play, tops, hand, side)
        if seconds > worst[0]:
            worst = (seconds, tops, best)
    return worst


def typical_hints():
    times = []
    for seed in range(30):
        header = {"players": ["Ann", "Ben"], "mode": "digital", "seed": seed, "options": {}}
        state = rules.initial(header)
        for seat in (0, 1):
            times.append(_timed(hint.best_play, state.tops, state.hands[seat], state.side_of(seat))[0])
    return statistics.median(times), max(times)


def play_scored():
    """rules.apply of a 10-card play over two rows: checks 1a-1c, the flood fill, the new state."""
    from dataclasses import replace

    header = {"players": ["Ann", "Ben"], "mode": "digital", "seed": 3, "options": {"first_side": "colors"}}
    state = rules.initial(header)
    hand = tuple(sorted(card_of(0, s) for s in range(5)) * 2)
    state = replace(state, hands=(hand, state.hands[1]))
    action = {"do": "play", "cards": list(hand), "cells": list(range(10))}
    times = [_timed(rules.apply, state, action)[0] for _ in range(200)]
    return statistics.median(times), len(hand)


def play_through_shell():
    """A whole `play` line: parse, rules, the journal line written and fsynced, the picture."""
    home = tempfile.mkdtemp()
    os.environ["REFEREE_HOME"] = home
    from referee.core import store
    from referee.core.builtins import SHELL
    from referee.core.session import Session
    from referee.core.shell import Shell
    from referee.games import load

    game = load("colors")
    header = {"id": None, "players": ["Ann", "Ben"], "mode": "digital", "seed": 3,
              "options": {o.name: o.default for o in game.options}, "wordlists": []}
    header["id"] = store.new_id("colors")
    session = Session.start(game, header, store.path_of(header["id"]))
    shell = Shell(session, SHELL.extend(game.commands), out=lambda text: None)
    times = []
    for _ in range(20):
        state = session.state
        best = hint.best_play(state.tops, state.hands[state.turn], state.side_of(state.turn))
        line = "play " + " ".join(f"{state.names.code(c)}@{grid.name(x)}" for c, x in zip(best.cards, best.cells))
        start = time.perf_counter()
        shell.execute(line)
        times.append(time.perf_counter() - start)
        shell.execute("undo")
    return statistics.median(times)


def main():
    hand10 = tuple([card_of(0, s) for s in range(5)] * 2)  # ten red cards
    seconds, _, best = worst_hint(hand10, "colors")
    print(f"hint, 10 cards of one colour, slowest of {GRIDS} grids: {_ms(seconds):.0f} ms (budget 1000); "
          f"best play {len(best.cells)} cards for {best.points}")
    hand12 = hand10 + (WILD, WILD)
    seconds, _, best = worst_hint(hand12, "colors")
    print(f"hint, 12 cards (10 + 2 wilds, the largest hand), slowest of {GRIDS} grids: {_ms(seconds):.0f} ms "
          f"(budget 1000); best play {len(best.cells)} cards for {best.points}")
    median, slowest = typical_hints()
    print(f"hint, dealt 10-card hands (60): median {_ms(median):.1f} ms, slowest {_ms(slowest):.1f} ms (budget 1000)")
    median, cards = play_scored()
    print(f"a play scored ({cards} cards, rules.apply): {_ms(median):.2f} ms (budget 5)")
    print(f"a play through the shell (parse, rules, fsynced journal line, picture): "
          f"{_ms(play_through_shell()):.1f} ms (budget 10)")


if __name__ == "__main__":
    main()
