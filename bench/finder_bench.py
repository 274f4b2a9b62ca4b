"""Benchmark for the ConneXion finder's budgets (DESIGN.md, "Budgets"): every valid word on
a full 24-card diamond in under 100 ms, a single claim found or refused in under 5 ms.

Checked here rather than in timed tests, which fail on busy machines for reasons that have
nothing to do with the code. The word index is built from the two accepted word lists
read directly (what the lexicon accepts, without importing it), so that these figures
do not move when the lexicon changes.

Issue 11 item 4 asks for ``find`` within 10 ms at the 95th percentile on full boards:
``find_all`` is timed on 50 random full boards, each the best of three runs (the machine
is shared, and a board's cost is its own, not the neighbours' load), and reported as
median, 95th percentile and max. ``main`` times the finder of an earlier revision
(``--before REV``, read with ``git show``) on the same boards in the same run, and says
whether both found the same words with paths of the same lengths.

The index is a packed letter trie since f672a78 (``referee/games/connexion/wordindex.py``):
``index_figures`` times its build the way a game builds it (from the lexicon's sorted list,
in the background after the first prompt) and measures what it keeps and its peak
(tracemalloc). ``--game`` adds, before and after in one run, the peak memory (VmHWM) of a
whole ConneXion game with ``find`` after every placement and of an interactive one, and
the slowest echo of keys typed while the index is built (``startup_bench``), each on the
sources of REV and on those same sources with this checkout's finder files laid over them
(so that nobody else's change in the tree moves the figures).

The machine is shared: ``--runs N`` repeats the before/after timing N times and prints
the median of each figure over the runs beside the runs themselves; ``--cpu`` times
find_all in the thread's CPU time instead of wall time.

Run: ``python bench/finder_bench.py [--before REV] [--runs N] [--cpu] [--game]`` from the
repository root.
"""

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from revision import module_at  # noqa: E402
from referee.games.connexion import cards, finder  # noqa: E402

WORDLISTS = os.path.join(ROOT, "wordlists")
BOARDS = 8  # seeded full boards for the claims; the arrangement is all that differs
FIND_BOARDS = 50  # random full boards for find_all's percentiles (issue 11 item 4)
REPEATS = 3  # each board's time is the best of this many runs
BUILDS = 3
BEFORE = "44f7292"  # the finder before issue 11 item 4
# What find_all is timed with: wall time, or with --cpu the thread's CPU time, which a
# machine busy with other work inflates far less (waiting for a core does not count).
CLOCK = time.perf_counter
# The finder's own files: what --game lays over the sources of the 'before' revision.
FINDER_FILES = ("referee/games/connexion/finder.py", "referee/games/connexion/wordindex.py")


def _words():
    words = set()
    for name in ("enable.txt", "scowl-large-extra.txt"):
        with open(os.path.join(WORDLISTS, name), encoding="utf-8") as handle:
            words.update(handle.read().split())
    return frozenset(words)


def _ms(seconds):
    return seconds * 1000


def full_boards(count=FIND_BOARDS):
    """``count`` full 24-card diamonds, seeded: board ``n`` is the deck shuffled by seed n."""
    keys = list(cards.letters())
    boards = []
    for seed in range(count):
        shuffled = keys[:]
        random.Random(seed).shuffle(shuffled)
        boards.append(dict(zip(range(1, 25), shuffled)))
    return boards


def find_times(module, index, boards, repeats=REPEATS):
    """(per-board best-of-``repeats`` seconds, the results) of ``module.find_all``."""
    module.find_all(boards[0], index)  # warm the letter table, as a game's first listing
    times, results = [], []
    for board in boards:
        best = None
        for _ in range(repeats):
            t = CLOCK()
            result = module.find_all(board, index)
            elapsed = CLOCK() - t
            best = elapsed if best is None else min(best, elapsed)
        times.append(best)
        results.append(result)
    return times, results


def percentiles(times):
    """(median, 95th percentile, max) in ms; the percentile interpolated between boards."""
    return (_ms(statistics.median(times)), _ms(statistics.quantiles(times, n=20)[-1]),
            _ms(max(times)))


def finder_at(revision):
    """The module as it was at ``revision``, or None without git."""
    return module_at(revision, "referee/games/connexion/finder.py")


def measure():
    t = time.perf_counter()
    words = _words()
    read = time.perf_counter() - t

    builds = []
    for _ in range(BUILDS):
        t = time.perf_counter()
        index = finder.WordIndex(words)
        builds.append(time.perf_counter() - t)

    boards = full_boards()
    # The first call pays for loading the letter table and warming caches, as a game's
    # first listing would; it is reported apart from the steady state.
    t = time.perf_counter()
    finder.find_all(boards[0], index)
    first_all = time.perf_counter() - t
    all_times, found = find_times(finder, index, boards)
    median, p95, slowest = percentiles(all_times)
    boards, found = boards[:BOARDS], found[:BOARDS]

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
        f"find_all full board, median of {FIND_BOARDS} (ms)": median,
        f"find_all full board, p95 of {FIND_BOARDS} (ms, goal 10)": p95,
        f"find_all full board, max of {FIND_BOARDS} (ms, budget 100)": slowest,
        "words per full board, mean": statistics.mean(len(r) for r in found),
        "find_path found, mean (ms, budget 5)": _ms(statistics.mean(path_times)),
        "find_path found, max (ms, budget 5)": _ms(max(path_times)),
        "find_path + nearest refused, mean (ms, budget 5)":
            _ms(statistics.mean(refuse_times)),
        "find_path + nearest refused, max (ms, budget 5)": _ms(max(refuse_times)),
    }


def same_results(before, after):
    """Whether two runs found the same words, each with a path of the same length."""
    return all(
        {word: len(path.steps) for word, path in old.items()}
        == {word: len(path.steps) for word, path in new.items()}
        for old, new in zip(before, after))


def compare(revision, runs=1):
    """find_all before (``revision``) and now, on the same boards, ``runs`` times; the
    median of each figure over the runs last."""
    old = finder_at(revision)
    if old is None:
        print(f"(no git revision {revision}: the 'before' column is left out)")
        return
    index = finder.WordIndex(_words())
    figures = {f"before {revision}": [], "now": []}
    for run in range(runs):
        for label, values in compare_once(old, index, revision, run + 1).items():
            figures[label].append(values)
    if runs > 1:
        print(f"median of the {runs} runs (ms):")
        print(f"{'':16}{'median':>8}{'p95':>8}{'max':>8}")
        for label, values in figures.items():
            print(f"{label:16}" + "".join(f"{statistics.median(column):8.1f}"
                                           for column in zip(*values)))


def compare_once(old, index, revision, run=1):
    """One before/after timing on the same boards; the two are timed in turn on each
    board, so that a change in the machine's load falls on both alike."""
    boards = full_boards()
    times = {old: [], finder: []}
    found = {old: [], finder: []}
    for module in times:
        module.find_all(boards[0], index)
    for board in boards:
        best = {}
        for _ in range(REPEATS):
            for module in times:
                t = CLOCK()
                result = module.find_all(board, index)
                elapsed = CLOCK() - t
                best[module] = min(best.get(module, elapsed), elapsed)
        for module in times:
            times[module].append(best[module])
            found[module].append(result if module is finder else module.find_all(board, index))
    print(f"run {run}: find_all over {FIND_BOARDS} random full boards, best of {REPEATS} "
          f"each (ms):")
    print(f"{'':16}{'median':>8}{'p95':>8}{'max':>8}")
    figures = {}
    for label, module in ((f"before {revision}", old), ("now", finder)):
        figures[label] = percentiles(times[module])
        print(f"{label:16}" + "".join(f"{value:8.1f}" for value in figures[label]))
    identical = sum(
        {w: p.steps for w, p in a.items()} == {w: p.steps for w, p in b.items()}
        for a, b in zip(found[old], found[finder]))
    print(f"same words, same path lengths on every board: "
          f"{same_results(found[old], found[finder])}; "
          f"identical paths on {identical} of {FIND_BOARDS} boards")
    return figures


def index_figures(builds=BUILDS):
    """The index as a game builds it: from the lexicon's sorted list of accepted words
    (itself timed apart), in ms and MB (tracemalloc: what the index keeps, and its
    peak while building)."""
    import tracemalloc

    from referee.core.lexicon import default_lexicon
    from referee.games.connexion import wordindex

    lexicon = default_lexicon(grade_unlisted=False)
    t = time.perf_counter()
    ordered = lexicon.accepted_sorted()
    listed = time.perf_counter() - t
    wordindex.spellable_pattern(wordindex._card_texts())  # the card table, read once
    times = []
    for _ in range(builds):
        t = time.perf_counter()
        index = finder.WordIndex(None, ordered=ordered)
        times.append(time.perf_counter() - t)
    del index
    tracemalloc.start()
    index = finder.WordIndex(None, ordered=ordered)
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    spellable = sum(1 for value in index.table if value & wordindex.TERMINAL)
    return {
        "lexicon's sorted list, first call (ms)": _ms(listed),
        "accepted words": len(ordered),
        "words the cards can spell (in the trie)": spellable,
        "trie nodes": len(index.table),
        f"index build from the sorted list, median of {builds} (ms)": _ms(statistics.median(times)),
        "index kept (MB, tracemalloc)": kept / 1e6,
        "index build peak (MB, tracemalloc)": peak / 1e6,
    }


def game_figures(revision):
    """Peak memory of a whole ConneXion game with find (script, and interactive) and the
    slowest key echo while the index is built, on the sources of ``revision`` and on
    them with this checkout's finder files laid over (``startup_bench``)."""
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import startup_bench

    rows = {}
    trees = tempfile.mkdtemp(prefix="finder-bench-")
    try:
        for label in (f"before {revision}", "now"):
            tree = os.path.join(trees, label.split()[0])
            os.makedirs(tree)
            archive = subprocess.run(["git", "-C", ROOT, "archive", revision, "referee", "wordlists"],
                                     capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
            if label == "now":
                for path in FINDER_FILES:
                    shutil.copy(os.path.join(ROOT, path), os.path.join(tree, path))
            startup_bench.TREE = tree
            home = tempfile.mkdtemp(dir=trees)
            memory = startup_bench.game_memory(home)
            echo = max(startup_bench.first_prompt("connexion", home)["key_echo_ms"] or 0
                       for _ in range(3))
            rows[label] = [value for key, value in memory.items() if "peak" in key] + [echo]
    finally:
        startup_bench.TREE = None
        shutil.rmtree(trees, ignore_errors=True)
    print("whole ConneXion game with find: peak MB (script, interactive); slowest key echo "
          "in the first 1.5 s, ms (of 3 starts):")
    for label, values in rows.items():
        print(f"{label:16}" + "".join(f"{value:8.1f}" for value in values))


if __name__ == "__main__":
    arguments = sys.argv[1:]
    before = arguments[arguments.index("--before") + 1] if "--before" in arguments else BEFORE
    runs = int(arguments[arguments.index("--runs") + 1]) if "--runs" in arguments else 1
    if "--cpu" in arguments:
        CLOCK = time.thread_time
        print("(find_all timed in CPU time of this thread, not wall time)")
    compare(before, runs)
    if "--game" in arguments:
        game_figures(before)
    figures = {**measure(), **index_figures()}
    width = max(len(name) for name in figures)
    for name, value in figures.items():
        print(f"{name:<{width}}  {value:9.2f}")
