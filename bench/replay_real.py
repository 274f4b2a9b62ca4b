"""Replaying real play: what resuming costs per 2,000 events of the games the examples play.

``replay_bench.py`` repeats one cheap correction thousands of times, which says whether
replay grows linearly but not what a real evening costs: a real game mixes words,
paths, draws, contests and crafts, each folded by its own rules. Here every example
under ``examples/`` is played through the command line (its own ``# Replay:`` line) into a
temporary home, and each save is resumed in a fresh child process: the CPU time of
``Session.resume`` (least of the runs, as timeit advises), less the time to resume the
same save cut after its first accepted event (so the one-off setting up of a game is not
counted as play), is divided by the events folded and scaled to 2,000. The budget
(issue 19): 2,000 events of real play replayed in under 50 ms.

``--now REV`` times a revision instead of the working tree (the saves are still played
with the working tree). ``--instructions`` counts machine instructions instead of CPU
time, under valgrind's callgrind, which the load of a shared machine cannot move: one
child resumes every whole save, one every cut save, and the difference is divided by
the events between them (a fold runs about 5.4M instructions a ms on the machines we
measure on, so the budget is about 135k instructions an event). Nothing asserts: the
figures go in the issue note.

Run: ``python bench/replay_real.py [--games cosmos,colors] [--runs 7] [--now REV] [--instructions]``.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

GAMES = ("connexion", "connections", "colors", "cosmocode", "cosmos")
REPLAY = re.compile(r"referee (\S+) (.*--script.*)$")

CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from referee.core.session import Session
from referee.games import load
game = load(sys.argv[2])
runs = int(sys.argv[3])
for path in sys.argv[4:]:
    times = []
    for _ in range(runs):
        start = time.process_time()
        session = Session.resume(game, path)
        times.append(time.process_time() - start)
        events = len(session.events)
        del session
    print(path, min(times), events)
"""


def example_runs(name):
    """(file, arguments) of each example of ``name``, from its ``# Replay:`` comment."""
    folder = os.path.join(ROOT, "examples")
    for file in sorted(os.listdir(folder)):
        if not (file.startswith(name + "-") and file.endswith(".txt")):
            continue
        path = os.path.join(folder, file)
        with open(path, encoding="utf-8") as handle:
            head = [next(handle, "") for _ in range(5)]
        for line in head:
            match = REPLAY.search(line.rstrip("\n"))
            if match and match.group(1) == name:
                args = shlex.split(match.group(2))
                args[args.index("--script") + 1] = path
                yield file, [name] + args
                break


def play(name, work):
    """The saves of every example of ``name``, played into a home under ``work``."""
    home = os.path.join(work, name)
    env = dict(os.environ, REFEREE_HOME=home, NO_COLOR="1", PYTHONPATH=ROOT)
    for _file, args in example_runs(name):
        subprocess.run([sys.executable, "-m", "referee"] + args, env=env, capture_output=True, cwd=ROOT)
    games = os.path.join(home, "games")
    return sorted(os.path.join(games, f) for f in os.listdir(games) if f.endswith(".jsonl")) if os.path.isdir(
        games) else []


def first_event_only(path, folder):
    """A copy of the save ``path`` cut after its first accepted event."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    kept, seen = [lines[0]], False
    for line in lines[1:]:
        kept.append(line)
        if json.loads(line).get("kind") == "do":
            seen = True
            break
    copy = os.path.join(folder, "first-" + os.path.basename(path))
    with open(copy, "w", encoding="utf-8") as handle:
        handle.write("\n".join(kept) + "\n")
    os.chmod(copy, 0o600)
    return copy if seen else None


def resume_times(root, name, paths, runs):
    """{path: (least CPU seconds, events)} for the package at ``root``."""
    env = dict(os.environ, PYTHONPATH=root)
    out = subprocess.run([sys.executable, "-c", CHILD, root, name, str(runs)] + paths,
                         capture_output=True, text=True, env=env, cwd=root)
    found = {}
    for line in out.stdout.splitlines():
        path, seconds, events = line.rsplit(" ", 2)
        found[path] = (float(seconds), int(events))
    if not found:
        raise SystemExit(f"{name}: " + (out.stderr.strip().splitlines() or ["no output"])[-1])
    return found


# The same resumes in one child under callgrind: every save named, the game's moves loaded
# first (what a player's resume loads once is not play).
COUNTED = r"""
import sys
sys.path.insert(0, sys.argv[1])
from referee.core.session import Session
from referee.games import load
game = load(sys.argv[2])
game.moves
print(sum(len(Session.resume(game, path).events) for path in sys.argv[3:]))
"""


def instructions(root, name, paths, work):
    """(instructions, events) of a child resuming every save in ``paths``; run once
    beforehand, so no count includes writing bytecode."""
    out = os.path.join(work, "callgrind.out")
    env = dict(os.environ, PYTHONPATH=root, PYTHONHASHSEED="0")
    argv = [sys.executable, "-c", COUNTED, root, name] + paths
    subprocess.run(argv, env=env, capture_output=True, cwd=root)
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + argv,
                         env=env, capture_output=True, text=True, cwd=root)
    try:
        with open(out, encoding="utf-8") as handle:
            total = next(int(line.split()[1]) for line in handle if line.startswith(("summary:", "totals:")))
        return total, int(run.stdout.strip().splitlines()[-1])
    except (OSError, StopIteration, ValueError, IndexError):
        raise SystemExit(f"{name}: callgrind gave no count (is valgrind installed?) {run.stderr.strip()[-200:]}")
    finally:
        if os.path.exists(out):
            os.remove(out)


def _saves_and_cuts(games):
    """(game, its examples' saves, each save's copy cut after its first event, the folder
    they are in) for each of ``games``, played into a folder removed afterwards."""
    work = tempfile.mkdtemp(prefix="replay-real-")
    try:
        for name in games:
            saves = play(name, work)
            cuts = {path: first_event_only(path, work) for path in saves}
            yield name, [path for path in saves if cuts[path]], cuts, work
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure_instructions(games=GAMES, root=ROOT):
    """{game: (saves, events, instructions per event)} for the package at ``root``."""
    figures = {}
    for name, saves, cuts, work in _saves_and_cuts(games):
        whole, events = instructions(root, name, saves, work)
        cut, cut_events = instructions(root, name, [cuts[path] for path in saves], work)
        figures[name] = (len(saves), events - cut_events, (whole - cut) / max(events - cut_events, 1))
    return figures


def measure(games=GAMES, runs=7, root=ROOT):
    """{game: (saves, events, whole resume ms, ms per 2,000 events)} for the package at ``root``."""
    figures = {}
    for name, saves, cuts, _work in _saves_and_cuts(games):
        times = resume_times(root, name, saves + [cuts[path] for path in saves], runs)
        spent = sum(times[path][0] - times[cuts[path]][0] for path in saves)
        events = sum(times[path][1] - times[cuts[path]][1] for path in saves)
        whole = sum(times[path][0] for path in saves)
        figures[name] = (len(saves), events, whole * 1000, spent / max(events, 1) * 2000 * 1000)
    return figures


def main(argv=None):
    from replay_bench import checkout

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--now", help="time this git revision instead of the working tree")
    parser.add_argument("--instructions", action="store_true", help="count instructions (callgrind), not CPU time")
    options = parser.parse_args(argv)
    root, work = ROOT, None
    try:
        if options.now:
            work = tempfile.mkdtemp(prefix="replay-real-tree-")
            root = checkout(options.now, os.path.join(work, "now"))
            if root is None:
                parser.error(f"no git revision {options.now}")
        if options.instructions:
            print(f"{'game':<12} {'saves':>5} {'events':>7} {'instructions an event':>22}")
            for name, (saves, events, per) in measure_instructions(options.games.split(","), root).items():
                print(f"{name:<12} {saves:>5} {events:>7} {per / 1000:>21.0f}k")
            return
        print(f"{'game':<12} {'saves':>5} {'events':>7} {'resume ms':>10} {'per 2,000 events':>17}")
        for name, (saves, events, whole, per) in measure(options.games.split(","), options.runs, root).items():
            print(f"{name:<12} {saves:>5} {events:>7} {whole:>10.1f} {per:>14.1f} ms")
    finally:
        if work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
