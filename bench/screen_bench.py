"""Load on the second screen (issue 21 proof): 50 browsers' worth of event-stream clients
on one game while a whole example game is played, on loopback only.

Each example line is typed into a quiet shell (the REPL, without a terminal) and timed,
in three passes over the same game in one run: with no screen at all (the reference),
with a screen serving no one, and with the screen serving ``--clients`` event streams
from another process. The figures are the move times' median and 95th percentile and
the 95th percentile's growth over the reference (the issue's budget: no move slowed by
more than 10 ms at the 95th percentile). Every client must see every move: each move's
number appears in some event it received (an event lists the last moves, so events that
the screen sends less often than moves are made still show every move).

Run: ``python bench/screen_bench.py [--example cosmos-4p] [--clients 50] [--runs 3]``.
Nothing asserts; the figures go in the issue note.
"""

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

CLIENT = r'''
import asyncio, json, sys
import aiohttp

async def one(session, url, seen):
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=None)) as response:
        async for raw in response.content:
            if raw.startswith(b"data: "):
                view = json.loads(raw[6:])
                seen.update(move["number"] for move in view.get("last", ()))

async def main(url, count, seconds):
    seen = [set() for _ in range(count)]
    async with aiohttp.ClientSession() as session:
        tasks = [asyncio.create_task(one(session, url, s)) for s in seen]
        print("ready", flush=True)
        await asyncio.sleep(seconds)
        for task in tasks:
            task.cancel()
    print(json.dumps([sorted(s) for s in seen]), flush=True)

asyncio.run(main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))
'''


def _game(example, home):
    from tests.tables import open_table

    text = open(os.path.join(ROOT, "examples", f"{example}.txt"), encoding="utf-8").read()
    command = next(line for line in text.splitlines() if line.startswith("#") and " --players " in line)
    words = shlex.split(command.split("referee ", 1)[1])
    settings = dict(zip(words[1::2], words[2::2]))
    session, shell, _out = open_table(words[0], home, players=tuple(settings["--players"].split(",")),
                                      mode=settings.get("--mode", "table"), seed=int(settings.get("--seed", 5)))
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return session, shell, lines


def _play(shell, lines, pause):
    times = []
    for line in lines:
        began = time.perf_counter()
        shell.execute(line)
        times.append((time.perf_counter() - began) * 1000)
        time.sleep(pause)  # a table types a line every few seconds: here, a little
    return times


def run(example, clients, pause):
    from referee.screen.background import Running
    from referee.screen.seats import Seats

    figures = {}
    for kind in ("reference", "screen", "clients"):
        home = tempfile.mkdtemp(prefix="screen-bench-")
        session, shell, lines = _game(example, home)
        running = reader = None
        if kind != "reference":
            running = Running(session.journal.path, Seats(session.players)).start()
        if kind == "clients":
            seconds = len(lines) * (pause + 0.05) + 5
            reader = subprocess.Popen([sys.executable, "-c", CLIENT, running.base + "/events", str(clients),
                                       str(seconds)], stdout=subprocess.PIPE, text=True)
            assert reader.stdout.readline().strip() == "ready"
            time.sleep(1)
        times = _play(shell, lines, pause)
        made = len(session.records)
        seen = None
        if reader is not None:
            time.sleep(1)
            seen = json.loads(reader.stdout.readline())
            reader.wait()
        if running is not None:
            running.stop()
        shutil.rmtree(home, ignore_errors=True)  # the bench's own folder: nothing of it is kept
        if seen is not None and os.environ.get("SCREEN_BENCH_DEBUG"):
            print(kind, "missing", sorted(set(range(1, made + 1)) - set(seen[0]))[:20], file=sys.stderr)
        figures[kind] = {"median": statistics.median(times), "p95": _p95(times), "moves": made,
                         "complete": None if seen is None else sum(
                             set(range(1, made + 1)) <= set(s) for s in seen)}
    return figures


def _p95(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--example", default="cosmos-4p")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--pause", type=float, default=0.1, help="seconds between lines (a fast table types one every few)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("NO_COLOR", "1")
    runs = [run(args.example, args.clients, args.pause) for _ in range(args.runs)]
    for kind in ("reference", "screen", "clients"):
        med = statistics.median(r[kind]["median"] for r in runs)
        p95 = statistics.median(r[kind]["p95"] for r in runs)
        extra = ""
        if kind != "reference":
            extra = f"  p95 +{p95 - statistics.median(r['reference']['p95'] for r in runs):.1f} ms over the reference"
        if kind == "clients":
            extra += f"  clients that saw every move: {min(r[kind]['complete'] for r in runs)}/{args.clients}"
        print(f"{kind:10} moves {runs[0][kind]['moves']:4}  median {med:6.2f} ms  p95 {p95:6.2f} ms{extra}")


if __name__ == "__main__":
    main()
