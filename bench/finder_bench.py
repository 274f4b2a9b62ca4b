"""Benchmark for the ConneXion finder's budgets (DESIGN.md, "Budgets"): every valid word on
a full 24-card diamond in under 100 ms, a single claim found or refused in under 5 ms.

Checked here rather than in timed tests, which fail on busy machines for reasons that have
nothing to do with the code. The word index is built from the two accepted word lists
read directly (what the lexicon accepts, without importing it), so that these figures
do not move when the lexicon changes.

Run: ``python bench/finder_bench.py`` from the repository root.
"""

import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from referee.games.connexion import cards, finder  # noqa: E402

WORDLISTS = os.path.join(ROOT, "wordlists")
BOARDS = 8  # seeded full boards; the arrangement is all that differs between them
BUILDS = 3


def _words():
    words = set()
    for name in ("enable.txt", "scowl-large-extra.txt"):
        with open(os.path.join(WORDLISTS, name), encoding="utf-8") as handle:
            words.update(handle.read().split())
    return frozenset(words)


def _ms(seconds):
    return seconds * 1000


def measure():
    t = time.perf_counter()
    words = _words()
    read = time.perf_counter() - t

    builds = []
    for _ in range(BUILDS):
        t = time.perf_counter()
        index = finder.WordIndex(words)
        builds.append(time.perf_counter() - t)

    keys = list(cards.letters())
    boards = []
    for seed in range(BOARDS):
        shuffled = keys[:]
        random.Random(seed).shuffle(shuffled)
        boards.append(dict(zip(range(1, 25), shuffled)))

    # The first call pays for loading the letter table and warming caches, as a game's
    # first listing would; it is reported apart from the steady state.
    t = time.perf_counter()
    finder.find_all(boards[0], index)
    first_all = time.perf_counter() - t
    all_times, found = [], []
    for board in boards:
        t = time.perf_counter()
        result = finder.find_all(board, index)
        all_times.append(time.perf_counter() - t)
        found.append(result)

    # Claims: words the board has (longest first, the costliest to find) and words it
    # refuses, each refusal followed by the "nearest" the refusal message quotes.
    rng = random.Random(1)
    sample = sorted(words)
    path_times, refuse_times = [], []
    for board, result in zip(boards, found):
        claims = sorted(result, key=len, reverse=True)[:25]
        for word in claims:
            t = time.perf_counter()
            finder.find_path(board, word)
            path_times.append(time.perf_counter() - t)
        for word in rng.sample(sample, 25):
            if word in result:
                continue
            t = time.perf_counter()
            if finder.find_path(board, word) is None:
                finder.nearest(board, word)
            refuse_times.append(time.perf_counter() - t)

    return {
        "word lists read (ms)": _ms(read),
        "index build, first (ms)": _ms(builds[0]),
        "index build, median (ms)": _ms(statistics.median(builds)),
        "find_all first call (ms, budget 100)": _ms(first_all),
        f"find_all full board, mean of {BOARDS} (ms, budget 100)":
            _ms(statistics.mean(all_times)),
        "find_all full board, max (ms, budget 100)": _ms(max(all_times)),
        "words per full board, mean": statistics.mean(len(r) for r in found),
        "find_path found, mean (ms, budget 5)": _ms(statistics.mean(path_times)),
        "find_path found, max (ms, budget 5)": _ms(max(path_times)),
        "find_path + nearest refused, mean (ms, budget 5)":
            _ms(statistics.mean(refuse_times)),
        "find_path + nearest refused, max (ms, budget 5)": _ms(max(refuse_times)),
    }


if __name__ == "__main__":
    figures = measure()
    width = max(len(name) for name in figures)
    for name, value in figures.items():
        print(f"{name:<{width}}  {value:9.2f}")
