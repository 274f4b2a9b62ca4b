"""Benchmark for the lexicon's budgets (DESIGN.md, "Budgets"): first verdict under 100 ms
including load, later verdicts under 1 ms, and no wordfreq for words the lists know.

Budgets are checked here rather than in timed tests, because timed tests fail on busy CI
machines for reasons that have nothing to do with the code. The first verdict is timed in
a fresh interpreter so that importing the module and wordfreq counts, as it does for a
player; everything else is timed in this process after a warm-up.

Run: ``python bench/lexicon_bench.py`` from the repository root.
"""

import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# Runs in a fresh interpreter; prints its figures as JSON. The later verdicts use distinct
# words so that wordfreq's own cache does not make them look faster than a game would see.
_FIRST_VERDICT = r"""
import json, sys, time
t0 = time.perf_counter()
import referee.core.lexicon as lexicon
t1 = time.perf_counter()
lex = lexicon.Lexicon()
verdict = lex.verdict("favourite")
t2 = time.perf_counter()
assert verdict.verdict == "word", verdict
words = lex.accepted_sorted()[::97] + ["toronto", "gameplay", "xxxix", "favourite", "don't"] * 20
wordfreq_imported = "wordfreq" in sys.modules
t3 = time.perf_counter()
for word in words:
    lex.verdict(word)
t4 = time.perf_counter()
times = []
for word in words[:500]:
    s = time.perf_counter()
    lex.verdict(word.upper())
    times.append(time.perf_counter() - s)
print(json.dumps({
    "import_ms": (t1 - t0) * 1000,
    "first_verdict_ms": (t2 - t0) * 1000,
    "later_verdict_mean_ms": (t4 - t3) * 1000 / len(words),
    "later_verdict_max_ms": max(times) * 1000,
    "later_verdicts": len(words),
    "wordfreq_imported": wordfreq_imported or "wordfreq" in sys.modules,
}))
"""


# What a player waits for end to end: interpreter start, import, load, one verdict, exit.
_ONE_VERDICT = "from referee.core.lexicon import Lexicon; Lexicon().verdict('favourite')"


def _run(code):
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return out, (time.perf_counter() - start) * 1000


def _fresh_process(runs):
    results = []
    for _ in range(runs):
        figures = json.loads(_run(_FIRST_VERDICT)[0])
        figures["process_wall_ms"] = _run(_ONE_VERDICT)[1]
        results.append(figures)
    return results


def _load_lists_ms(runs):
    """Time reading what the lexicon reads (the compact table and the house lists), best of `runs`."""
    from referee.core import lexicon

    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        lexicon.Table.read(lexicon._shipped(lexicon.TABLE_NAME))
        for name in (lexicon.HOUSE_ALLOW, lexicon.HOUSE_DENY):
            lexicon._read_list(lexicon._shipped(name))
        best = min(best, time.perf_counter() - start)
    return best * 1000


def _finder_words_ms(runs):
    """Time building the finder's sorted word list (a fresh Lexicon each time), best of `runs`."""
    from referee.core import lexicon

    best = float("inf")
    for _ in range(runs):
        lex = lexicon.Lexicon()
        lex.verdict("a")
        start = time.perf_counter()
        lex.accepted_sorted()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def measure(runs=5):
    """Figures in milliseconds; first-verdict figures are medians over `runs` fresh processes."""
    fresh = _fresh_process(runs)
    median = lambda key: statistics.median(r[key] for r in fresh)  # noqa: E731
    return {
        "first_verdict_ms": median("first_verdict_ms"),
        "first_verdict_worst_ms": max(r["first_verdict_ms"] for r in fresh),
        "import_lexicon_ms": median("import_ms"),
        "process_wall_ms": median("process_wall_ms"),
        "later_verdict_mean_ms": median("later_verdict_mean_ms"),
        "later_verdict_max_ms": max(r["later_verdict_max_ms"] for r in fresh),
        "load_lists_ms": _load_lists_ms(runs),
        "finder_words_ms": _finder_words_ms(runs),
        "wordfreq_imported_by_listed_words": any(r["wordfreq_imported"] for r in fresh),
    }


BUDGETS_MS = {"first_verdict_ms": 100.0, "later_verdict_mean_ms": 1.0}


if __name__ == "__main__":
    figures = measure()
    for key, value in figures.items():
        budget = BUDGETS_MS.get(key)
        note = f"  (budget {budget:g} ms: {'ok' if value < budget else 'OVER'})" if budget else ""
        shown = f"{value:9.3f}" if not isinstance(value, bool) else f"{value!s:>9}"
        print(f"{key:34} {shown}{note}")
