"""Benchmark for `referee stats` over 500 saved games (issue 12, item 2).

The example transcripts are played once into a temporary REFEREE_HOME with ``--script``,
then their journals are copied under new ids (the header's id rewritten to match the
file) until 500 saves stand; ``referee stats`` (and ``referee games``, which replays the
same saves) is then timed in fresh processes, so start-up and imports count. Nothing
asserts: the figures go in the issue note.

Run: ``python bench/stats_bench.py [COUNT]`` from the repository root.
"""

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")
REFEREE = [sys.executable, "-m", "referee.cli"]


def play_examples(home):
    """Each example played as its own comment line says (`# Replay: referee ...`)."""
    env = dict(os.environ, REFEREE_HOME=home, NO_COLOR="1")
    for name in sorted(os.listdir(EXAMPLES)):
        path = os.path.join(EXAMPLES, name)
        with open(path, encoding="utf-8") as handle:
            found = re.search(r"referee (\w+ .*?)--script", handle.read())
        if found:
            args = found.group(1).split()
            subprocess.run(REFEREE + args + ["--script", path], env=env, capture_output=True, text=True)


def multiply(home, count):
    """Copies of the played journals under new ids until ``count`` saves stand."""
    folder = os.path.join(home, "games")
    originals = sorted(os.listdir(folder))
    number = len(originals)
    while number < count:
        source = originals[number % len(originals)]
        game = source.rsplit("-", 1)[0]
        number += 1
        ident = f"{game}-{number}"
        with open(os.path.join(folder, source), encoding="utf-8") as handle:
            header, rest = handle.read().split("\n", 1)
        header = json.loads(header)
        header["id"] = ident
        with open(os.path.join(folder, ident + ".jsonl"), "w", encoding="utf-8") as handle:
            handle.write(json.dumps(header, ensure_ascii=False, separators=(",", ":")) + "\n" + rest)
    return len(os.listdir(folder))


def wall(argv, env, runs=3):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(argv, env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    home = tempfile.mkdtemp(prefix="referee-stats-bench-")
    try:
        play_examples(home)
        saved = multiply(home, count)
        env = dict(os.environ, REFEREE_HOME=home, NO_COLOR="1", COLUMNS="50")
        stats_time, result = wall(REFEREE + ["stats"], env)
        json_time, data = wall(REFEREE + ["stats", "--json"], env)
        games_time, _ = wall(REFEREE + ["games", "--json"], env)
        counted = json.loads(data.stdout)["games"]
        print(f"saved games: {saved} (copies of the {len(os.listdir(EXAMPLES))} examples), counted: {counted}")
        print(f"referee stats:         {stats_time:.2f} s  ({stats_time / saved * 1000:.1f} ms a save)")
        print(f"referee stats --json:  {json_time:.2f} s")
        print(f"referee games --json:  {games_time:.2f} s  (the same replays, for comparison)")
        print(f"exit code {result.returncode}; first lines:")
        print("\n".join(result.stdout.splitlines()[:4]))
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
