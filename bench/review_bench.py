"""Benchmark for ConneXion's missed-words review (issue 12 item 4): reviewing a whole game
must take under a second.

Three figures, none asserted (timed tests fail on busy machines for reasons that are not
the code's):

- the example table game (examples/connexion-table.txt, 24 turns, 3 players) reviewed in
  this process with the finder's index already built, as at the end of a game (the index
  is built in the background while the game is played): median and max of several runs,
  and the share of each step;
- 20 seeded random games of 24 placements and no claim (every word on every turn is
  missed: the most the review can have to list), the same way: median, 95th percentile,
  max;
- ``referee log ID --review`` of the example game as a whole process, cold (start-up,
  replay, the lexicon, the index and the review): median of a few runs.

Run: ``python bench/review_bench.py`` from the repository root.
"""

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

RUNS = 7
GAMES = 20


def _ms(seconds):
    return f"{seconds * 1000:.0f} ms"


def _p95(values):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]


def _play_example(home):
    env = dict(os.environ, REFEREE_HOME=home, NO_COLOR="1", PYTHONPATH=ROOT)
    script = os.path.join(ROOT, "examples", "connexion-table.txt")
    subprocess.run([sys.executable, "-m", "referee", "connexion", "--players", "Ann,Ben,Cy", "--script", script],
                   env=env, capture_output=True, text=True)
    return env


def example_in_process(home):
    from referee.core import store
    from referee.core.journal import Journal
    from referee.games.connexion import commands, finder, review

    os.environ["REFEREE_HOME"] = home
    journal, _ = Journal.open(store.path_of("connexion-1"), repair=False)
    session = store.replayed(journal)
    started = time.perf_counter()
    index = commands.word_index(session)
    built = time.perf_counter() - started
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        result = review.of_session(session)
        times.append(time.perf_counter() - started)
    print(f"example game, {len(result.turns)} turns, "
          f"{sum(t.available for t in result.turns)} words available in all:")
    print(f"  review (index built): median {_ms(statistics.median(times))}, max {_ms(max(times))}")
    print(f"  the index itself, built once a process: {_ms(built)}")

    # Where the time goes, step by step (one run each).
    started = time.perf_counter()
    opened, final = review.opened_turns(session.header, session.events)
    fold = time.perf_counter() - started
    started = time.perf_counter()
    everything = finder.find_all(opened[-1][2], index, 2)
    last = time.perf_counter() - started
    started = time.perf_counter()
    few = finder.WordIndex(frozenset(everything))
    for _number, _player, board, _first in opened[:-1]:
        finder.find_all(board, few, 2)
    earlier = time.perf_counter() - started
    lexicon = commands.lexicon(session)
    started = time.perf_counter()
    for word in everything:
        lexicon.zipf(word)
    grades = time.perf_counter() - started
    print(f"  steps: replay {_ms(fold)}, final board over the lexicon {_ms(last)}, "
          f"23 earlier boards over its {len(everything)} words {_ms(earlier)}, grades {_ms(grades)}")
    return index, lexicon


def random_games(index, lexicon):
    from referee.games.connexion import cards, review
    from referee.games.connexion.game import GAME

    times, counts = [], []
    keys = list(cards.letters())
    for seed in range(GAMES):
        players = ["Ann", "Ben", "Cy"]
        header = {"id": "bench", "players": players, "mode": "table", "seed": None,
                  "options": {"min_cards": 2, "repeats": False}, "wordlists": [], "deny": []}
        GAME.prepare(header)
        order = keys[:]
        random.Random(seed).shuffle(order)
        events = [{"do": "place", "letter": key, "position": k, "by": players[(k - 1) % 3]}
                  for k, key in enumerate(order, start=1)]
        events.append({"do": "finish", "no_bonus": True})
        started = time.perf_counter()
        result = review.review(header, events, index, lexicon.zipf)
        times.append(time.perf_counter() - started)
        counts.append(sum(t.available for t in result.turns))
    print(f"{GAMES} random games, 24 turns, no claim ({min(counts)} to {max(counts)} missed words a game):")
    print(f"  review: median {_ms(statistics.median(times))}, 95th percentile {_ms(_p95(times))}, "
          f"max {_ms(max(times))}")


def whole_process(env):
    argv = [sys.executable, "-m", "referee", "log", "connexion-1", "--review"]
    times = []
    for _ in range(5):
        started = time.perf_counter()
        done = subprocess.run(argv, env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - started)
    ok = "" if done.returncode == 0 else f" (exit {done.returncode}: {done.stderr.strip()})"
    print(f"`referee log connexion-1 --review`, a whole cold process: median {_ms(statistics.median(times))}{ok}")


def main():
    with tempfile.TemporaryDirectory() as home:
        env = _play_example(home)
        index, lexicon = example_in_process(home)
        random_games(index, lexicon)
        whole_process(env)


if __name__ == "__main__":
    main()
