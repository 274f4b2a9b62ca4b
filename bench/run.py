"""Print the DESIGN.md budgets that apply so far, measured on this machine.

Run from the repository: ``python bench/run.py``. Figures are medians of a few runs;
process-level figures (start-up, first prompt, memory) are taken in fresh subprocesses
so imports count. ``--instructions`` adds the first prompts and the replay of real play
counted in machine instructions under valgrind's callgrind (a few minutes more): on a
shared machine those two budgets are settled by counts the load cannot move (DESIGN:
"CPU time or instruction counts"). Nothing here asserts: the figures go in the issue notes.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)


def _wall(argv, runs=7, stdin=None, env=None):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, input=stdin, capture_output=True, env=env, text=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _env(home):
    env = dict(os.environ, REFEREE_HOME=home, NO_COLOR="1")
    # A player's install has its bytecode compiled; a shell that sets PYTHONDONTWRITEBYTECODE
    # would have every run compile the sources again and time that instead (a third more).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    return env


def startup(home):
    from referee.games import GAMES

    referee = [sys.executable, "-m", "referee"]
    env = _env(home)
    figures = {"python -c 'import click' (ms)": _wall([sys.executable, "-c", "import click"], env=env),
               "referee --help (ms, budget 1.1x import click)": _wall(referee + ["--help"], env=env)}
    for entry in GAMES:
        figures[f"{entry.name} to first prompt and quit (ms, budget 300)"] = _wall(
            referee + [entry.name, "--players", "Ann,Ben", "--script", "-"], stdin="quit\n", env=env)
    return figures


def game_benches():
    """Each game's own bench module (bench/GAME_bench.py), which prints its figures."""
    from importlib import import_module

    from referee.games import GAMES

    for entry in GAMES:
        try:
            module = import_module(f"{entry.name}_bench")
        except ImportError:
            continue
        print(f"-- {entry.title} (bench/{entry.name}_bench.py)")
        module.main()


def typical_commands(home):
    """In-process: a place, a claim (path + verdict + fsynced journal line), score, undo."""
    os.environ["REFEREE_HOME"] = home
    from referee.core.builtins import SHELL
    from referee.core.session import Session
    from referee.core.shell import Shell
    from referee.core import store
    from referee.games import load

    game = load("connexion")
    header = {"id": "connexion-bench", "players": ["Ann", "Ben"], "mode": "table", "seed": None,
              "options": {"timer": 0, "min_cards": 2, "repeats": True, "tie": "keep"}, "wordlists": []}
    game.prepare(header)
    session = Session.start(game, header, store.path_of("connexion-bench-" + str(os.getpid())))
    shell = Shell(session, SHELL.extend(game.commands), out=lambda text: None)
    from referee.games.connexion import commands

    commands.lexicon(session).verdict("a")  # the lexicon is loaded in the background at the first prompt
    commands.word_index(session)
    keys = ["mu", "eta", "phi", "alpha", "omicron", "rho"]
    timings = {"place": [], "word (path, verdict, fsync)": [], "score": [], "undo": []}
    for key in keys:
        t = time.perf_counter()
        shell.execute(f"place {key}")
        timings["place"].append(time.perf_counter() - t)
    for _ in range(5):
        t = time.perf_counter()
        shell.execute("word metaphor")
        timings["word (path, verdict, fsync)"].append(time.perf_counter() - t)
        shell.execute("card mars" if session.state.pending else "score")
        t = time.perf_counter()
        shell.execute("score")
        timings["score"].append(time.perf_counter() - t)
        t = time.perf_counter()
        shell.execute("undo 2 yes")
        timings["undo"].append(time.perf_counter() - t)
    return {f"{name} (ms, budget 10)": statistics.median(v) * 1000 for name, v in timings.items()}


def replay(home, sizes=(2000, 20000), games=("connexion", "cosmos")):
    """Resume (= replay) a digital ConneXion game of 24 places then `adjust points`
    repeated, and a 4-player Crafting the Cosmos game with `adjust ... points` after its
    first goal, at 2,000 and 20,000 events, in a child process
    (bench/replay_bench.py does the same for every game, and against an older revision)."""
    import replay_bench

    figures = {}
    budgets = {2000: "one action repeated; real play below", 20000: "budget 1000"}
    for game in games:
        label = "" if game == "connexion" else f"{game}: "  # ConneXion's keys as they always were
        for events in sizes:
            path = replay_bench.write_journal(game, events, home)
            found = replay_bench.measure(ROOT, game, path, runs=3)
            if isinstance(found, str):
                figures[f"{label}replay of a {events}-event journal"] = found
                continue
            seconds, peak, _undo = found
            figures[f"{label}replay of a {events}-event journal (CPU ms, {budgets.get(events, 'no budget')})"] = \
                seconds * 1000
            figures[f"{label}replay of a {events}-event journal, peak (MB, budget 100)"] = peak
    import replay_real

    for game, (_saves, _events, _whole, per) in replay_real.measure(runs=3).items():
        figures[f"{game}: replay of real play, per 2,000 events (CPU ms, budget 50)"] = per
    return figures


def memory(home):
    """Peak resident memory of a game after the lexicon, the finder index and one find.

    Read from VmHWM, not ru_maxrss: on Linux ru_maxrss survives exec, so a child would
    report this (large) benchmark process's peak instead of its own.
    """
    code = (
        "import os;"
        "from referee.core.lexicon import default_lexicon;"
        "from referee.games.connexion import finder, cards;"
        "lex = default_lexicon(); lex.verdict('metaphor');"
        "index = finder.WordIndex(None, ordered=lex.accepted_sorted());"
        "keys = list(cards.letters());"
        "finder.find_all({p: k for p, k in enumerate(keys, start=1)}, index);"
        "print([l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(home))
    try:
        return {"peak resident memory, lexicon + finder index + find (MB, budget 50)": int(out.stdout.strip()) / 1024}
    except ValueError:
        return {"peak resident memory": "failed: " + out.stderr.strip()[-200:]}


def counted():
    """The first prompts and the replay of real play in instructions (callgrind)."""
    import replay_real
    import startup_bench

    figures = {f"startup: {k}": v for k, v in startup_bench.measure(prompts_only=True, counted=True).items()}
    for game, (_saves, _events, per) in replay_real.measure_instructions().items():
        figures[f"{game}: replay of real play, instructions an event (budget about 135k)"] = per
    return figures


def main():
    figures = {}
    with tempfile.TemporaryDirectory() as home:
        figures.update(startup(home))
        try:
            import lexicon_bench

            figures.update({f"lexicon: {k}": v for k, v in lexicon_bench.measure().items()})
        except ImportError:
            pass
        try:
            import startup_bench

            figures.update({f"startup: {k}": v for k, v in startup_bench.measure(runs=3).items()})
        except ImportError:
            pass
        try:
            import finder_bench

            figures.update({f"finder: {k}": v for k, v in finder_bench.measure().items()})
        except ImportError:
            pass
        figures.update(typical_commands(home))
        figures.update(replay(home))
        figures.update(memory(home))
        if "--instructions" in sys.argv:
            figures.update(counted())
    width = max(len(k) for k in figures)
    for name, value in figures.items():
        shown = f"{value:9.2f}" if isinstance(value, (int, float)) else str(value)
        print(f"{name:<{width}}  {shown}")
    if "--json" in sys.argv:
        print(json.dumps(figures))
    game_benches()


if __name__ == "__main__":
    main()
