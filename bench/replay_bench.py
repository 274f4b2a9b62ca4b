"""Benchmark for resuming long games (issue 9 item 3: replay and memory grow linearly).

For each game a journal of 2,000 and of 20,000 accepted actions is written
(a cheap action repeated: ConneXion's `adjust points` after a full diamond, Connections'
and Cosmic Colors' `adjust pile`, Cosmo;code's `receive mid` + `pass`, Crafting the Cosmos' `adjust Ann points other +1` and `-1`), then resumed in
a fresh child process that prints how long ``Session.resume`` took (CPU time, the least of
a few, as timeit advises: the others are the same work slowed by what else runs on the
shared machine) and the child's peak resident memory (VmHWM: ru_maxrss would survive the exec and report
this process). Undo of one step at the end of the journal is timed too, since undo now
replays from the nearest snapshot instead of popping a kept state.

``--before REV`` resumes the same journals with the package as it was at REV (extracted
with ``git archive`` into a temporary folder), so the two are timed in one run on one
machine. Nothing asserts: the figures go in the issue note. Issue 9's goal: 20,000
events under 1 s and 100 MB, and within 15x the 2,000-event time.

``--now REV`` times a revision instead of the working tree. The journals are written
with the working tree's rules.

Run: ``python bench/replay_bench.py [--before REV] [--now REV] [--games connexion,colors]
[--sizes 2000,20000] [--runs 3]``.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

GAMES = ("connexion", "connections", "colors", "cosmocode", "cosmos")
SIZES = (2000, 20000)

HEADERS = {
    "connexion": {"players": ["Ann", "Ben", "Cy"], "mode": "digital", "seed": 42,
                  "options": {"timer": 0, "min_cards": 2, "repeats": True, "tie": "keep"}},
    "connections": {"players": ["Ann", "Ben", "Cy"], "mode": "table", "seed": None,
                    "options": {"variant": "classic", "esl": False, "timer": 0, "late": "refuse", "bell": True,
                                "tie": "keep", "approval": "all", "deck": 124}},
    "colors": {"players": ["Ann", "Ben"], "mode": "table", "seed": None,
               "options": {"variant": "standard", "first_side": "shapes", "open_scores": False, "hints": True,
                           "tie": "cards", "put_away": "half", "colors": "red,orange,yellow,green,blue",
                           "shapes": "star,moon,planet,comet,galaxy"}},
    "cosmocode": {"players": ["Ann", "Ben"], "mode": "table", "seed": None,
                  "options": {"reshuffle": True, "hand_limit": 5, "first": "random"}},
    "cosmos": {"players": ["Ann", "Ben", "Cy", "Di"], "mode": "digital", "seed": 7, "options": {}},
}


def _by(state):
    """The player to act, whether the game keeps the turn as a seat or (before Core v2) a name."""
    turn = state.turn
    return turn if isinstance(turn, str) else state.players[turn]


def _opening(name, game, state):
    """The actions that bring a new game to where the cheap action can repeat."""
    if name == "connexion":
        from referee.games.connexion import rules

        for position in range(1, 25):
            action = {"do": "place", "letter": rules.legal_letters(state)[0], "position": position}
            state = game.apply(state, action)
            yield action, state
    elif name == "connections":
        action = {"do": "start", "card": {"words": ["cowboy", "race", "tiger", "bowl"], "points": 2}}
        yield action, game.apply(state, action)
    elif name == "cosmos":  # the first goal named: the first player's energy phase
        action = {"do": "goal", "name": "proto"}
        yield action, game.apply(state, action)
    elif name == "cosmocode":
        action = {"do": "start", "player": "Ann"}
        state = game.apply(state, action)
        yield action, state
        action = {"do": "deal", "player": "Ann", "cards": ["B2a", "B5b", "B9a"]}
        yield action, game.apply(state, action)


def _cheap(name, state, number):
    """The repeated action, number ``number`` of the run."""
    if name == "connexion":
        return {"do": "adjust", "what": "points", "player": "Ann", "points": 1}
    if name == "connections":
        return {"do": "adjust", "what": "pile", "count": 60 + number % 2}
    if name == "colors":
        return {"do": "adjust", "what": "pile", "count": 50 + number % 2}
    if name == "cosmos":  # a correction of a player's points (G-1), one up, one down
        return {"do": "adjust", "player": "Ann", "what": "points other", "value": 1 if number % 2 == 0 else -1,
                "relative": True}
    if number % 2 == 0:  # cosmocode: a mid range of two greens nothing can be taken from, then pass
        value = number // 2 % 10 + 1
        return {"do": "receive", "range": "mid", "cards": [f"G{value}a", f"G{value}b"], "by": _by(state)}
    return {"do": "pass", "by": _by(state)}


def write_journal(name, events, folder):
    """A save of ``events`` accepted actions, written in one go (each action checked by the
    rules as it is made; the file is what Session.do would have written, without an fsync
    per line)."""
    from referee.core.journal import Journal
    from referee.games import load

    game = load(name)
    ident = f"{name}-{events}"
    header = dict(HEADERS[name], id=ident, wordlists=[], deny=[], game=name, started="2026-11-23T21:00:00")
    game.prepare(header)
    path = os.path.join(folder, ident + ".jsonl")
    if os.path.exists(path):
        os.remove(path)
    Journal.create(path, header)
    state = game.initial(header)
    lines = []
    at = 1795468000.0

    def record(action):
        nonlocal at
        at += 0.5
        action = dict(action, at=round(at, 3))
        lines.append(json.dumps({"kind": "do", "n": len(lines) + 1, "action": action},
                                ensure_ascii=False, separators=(",", ":")))
        return action

    for action, state in _opening(name, game, state):
        record(action)
    number = 0
    while len(lines) < events:
        action = record(_cheap(name, state, number))
        state = game.apply(state, action)
        number += 1
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    return path


CHILD = r"""
import os, shutil, sys, tempfile, time
sys.path.insert(0, sys.argv[1])
from referee.core.session import Session
from referee.games import load
game = load(sys.argv[2])
path, runs = sys.argv[3], int(sys.argv[4])
times = []
for _ in range(runs):
    start = time.process_time()
    session = Session.resume(game, path)
    times.append(time.process_time() - start)
    events = len(session.events)
    if _ < runs - 1:
        del session
del session  # one game in memory at a time: the peak is one resumed game's, as the budget means
folder = tempfile.mkdtemp()
copy = os.path.join(folder, os.path.basename(path))
shutil.copy(path, copy)
session = Session.resume(game, copy)
start = time.perf_counter()
session.undo(1)
undo = time.perf_counter() - start
shutil.rmtree(folder)
peak = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0]
print(min(times), int(peak) / 1024, undo, events)
"""


def measure(root, name, path, runs):
    """(resume seconds, peak MB, undo seconds) of the package at ``root`` on ``path``."""
    env = dict(os.environ, PYTHONPATH=root)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run([sys.executable, "-c", CHILD, root, name, path, str(runs)],
                         capture_output=True, text=True, env=env, cwd=root)
    try:
        seconds, peak, undo, events = out.stdout.split()
        return float(seconds), float(peak), float(undo)
    except ValueError:
        return "failed: " + (out.stderr.strip().splitlines() or ["?"])[-1][:120]


def checkout(revision, folder):
    """The package as it was at ``revision``, extracted under ``folder``; None without it."""
    archive = None
    for where in (ROOT, os.getcwd()):  # a copy of the bench outside the repository asks the one it runs in
        try:
            archive = subprocess.run(["git", "-C", where, "archive", revision, "referee", "wordlists",
                                      "setup.py", "setup.cfg"], capture_output=True, check=True).stdout
            break
        except (OSError, subprocess.CalledProcessError):
            continue
    if archive is None:
        return None
    os.makedirs(folder, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    return folder


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="also time the package as it was at this git revision")
    parser.add_argument("--now", help="time this git revision instead of the working tree (which others "
                                      "may be changing)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args(argv)
    games = options.games.split(",")
    sizes = [int(size) for size in options.sizes.split(",")]
    work = tempfile.mkdtemp(prefix="replay-bench-")
    try:
        roots = [("now", ROOT)]
        if options.now:
            here = checkout(options.now, os.path.join(work, "now"))
            if here is None:
                parser.error(f"no git revision {options.now}")
            roots = [(f"at {options.now}", here)]
        if options.before:
            old = checkout(options.before, os.path.join(work, "before"))
            if old is None:
                print(f"(no git revision {options.before}: the 'before' rows are left out)")
            else:
                roots.append((f"at {options.before}", old))
        print(f"{'game':<12} {'code':<14} {'events':>7} {'resume ms':>10} {'peak MB':>8} {'undo ms':>8}")
        print("(resume: CPU time of Session.resume, least of the runs; 8 engineers share 2 cores, so wall time swings)")
        for name in games:
            paths = {size: write_journal(name, size, work) for size in sizes}
            for label, root in roots:
                found = {}
                for size in sizes:
                    figures = measure(root, name, paths[size], options.runs)
                    found[size] = figures
                    if isinstance(figures, str):
                        print(f"{name:<12} {label:<14} {size:>7} {figures}")
                        continue
                    seconds, peak, undo = figures
                    print(f"{name:<12} {label:<14} {size:>7} {seconds * 1000:>10.1f} {peak:>8.1f} {undo * 1000:>8.2f}")
                small, large = min(sizes), max(sizes)
                if small != large and not any(isinstance(found[s], str) for s in (small, large)):
                    print(f"{name:<12} {label:<14} {'ratio':>7} {found[large][0] / found[small][0]:>10.1f}x"
                          f"  ({large} / {small} events; linear is {large / small:.0f}x)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
