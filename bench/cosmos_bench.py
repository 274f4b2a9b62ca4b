"""Benchmark for Crafting the Cosmos against the budgets in DESIGN.md ("Budgets"): loading
the game, the first prompt (under 300 ms), a typical command under 10 ms (a `shift`
checked, applied and written through the session; `hint`; `board`; `show`), replaying the
longest example game, and replaying a 2,000-event journal (under 100 ms).

Checked here rather than in timed tests, which fail on busy machines for reasons that have
nothing to do with the code. Everything is seeded, so the figures do not drift between
runs: the example is replayed as its own comment line says (``# referee cosmos ...``), and
the 2,000 events are whole digital games played through the shell by a simple strategy
(the hint's best shift, every card from the deck, place everything, end with a nebula),
so the journal holds the actions the commands really write. One game is at most a few
hundred events; bench/replay_bench.py resumes single journals of 2,000 and 20,000 events.

Run: ``python bench/cosmos_bench.py`` from the repository root (unset
PYTHONDONTWRITEBYTECODE first: a player's install has its bytecode compiled).
"""

import glob
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

GOALS = ("proto", "phi", "carbon", "crystals", "helium", "oxygen", "nebula1", "advanced")


def _ms(seconds):
    return seconds * 1000


def _median(fn, repeat, clock=time.perf_counter):
    """The median time of ``repeat`` calls; ``clock=time.process_time`` for CPU time, which
    the other engineers' work on the shared cores does not swell as it does the wall clock."""
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times)


CPU = time.process_time


def _env(home):
    env = dict(os.environ, REFEREE_HOME=home, NO_COLOR="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    return env


def load_time():
    """A fresh interpreter importing the game module, as `referee cosmos` does."""
    code = ("import time; t = time.perf_counter(); from referee.games import load; load('cosmos'); "
            "print(time.perf_counter() - t)")
    env = _env(tempfile.mkdtemp())
    runs = [float(subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                                 env=env, check=True).stdout) for _ in range(5)]
    return statistics.median(runs)


def first_prompt(mode):
    """`referee cosmos` start to finish with an empty script: set-up, welcome picture, exit."""
    env = _env(tempfile.mkdtemp())
    argv = [sys.executable, "-m", "referee", "cosmos", "-p", "Ann,Ben,Cy", "-m", mode, "--script", "-"]
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(argv, input="", cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


# -- a table through the shell, as the command line opens one ---------------------------


def open_table(players, seed, home):
    """(session, shell, out) of a new digital game saved under ``home``."""
    os.environ["REFEREE_HOME"] = home
    from referee.core import store
    from referee.core.builtins import SHELL
    from referee.core.options import resolve
    from referee.core.session import Session
    from referee.core.shell import Shell
    from referee.games import load

    game = load("cosmos")
    header = {"id": None, "players": list(players), "mode": "digital", "seed": seed,
              "options": resolve(game.options, ()), "wordlists": []}
    game.prepare(header)
    header["id"] = store.new_id(game.name)
    session = Session.start(game, header, store.path_of(header["id"]))
    out = []
    shell = Shell(session, SHELL.extend(game.commands), out=out.append)
    return session, shell, out


def typical(home):
    """{command: ms}: each line through the shell at a 3-player game in its first energy
    phase, the shift's journal line written and then undone (so every run shifts alike)."""
    session, shell, _out = open_table(("Ann", "Ben", "Cy"), 3, home)
    shell.execute("goal proto")
    figures = {}
    shift, undo = [], []
    for _ in range(40):
        start = time.perf_counter()
        shell.execute("shift 2 time 1")
        shift.append(time.perf_counter() - start)
        assert session.state.phase == "collect", "the bench's shift was refused"
        start = time.perf_counter()
        shell.execute("undo")
        undo.append(time.perf_counter() - start)
    figures["shift 2 time 1 (checked, applied, journal written, ring drawn)"] = statistics.median(shift)
    figures["undo of that shift (and the table drawn)"] = statistics.median(undo)
    for line in ("hint", "hint all", "board", "board Ann", "show", "supply", "goals", "score"):
        figures[line] = _median(lambda: shell.execute(line), 40)
    return {name: _ms(seconds) for name, seconds in figures.items()}


# -- the longest example -----------------------------------------------------------------


def _example_argv(path):
    """The command line an example says it is played with (its `# referee cosmos ...` line)."""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            words = line.lstrip("# ").split()
            if words[:2] == ["referee", "cosmos"] or words[:2] == ["referee", "ct"]:
                return shlex.split(line.lstrip("# ").strip())
    return None


def play_examples(home):
    """[(events, name, journal path, wall seconds)] of every whole example under examples/,
    each played in a fresh process as its comment line says (the whole script: every
    command, reply and journal line)."""
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "cosmos*.txt"))):
        argv = _example_argv(path)
        if argv is None:
            continue
        folder = tempfile.mkdtemp(dir=home)
        argv = [sys.executable, "-m", "referee"] + argv[1:]
        argv[argv.index("--script") + 1] = path
        start = time.perf_counter()
        done = subprocess.run(argv, cwd=ROOT, env=_env(folder), capture_output=True, text=True)
        took = time.perf_counter() - start
        journals = glob.glob(os.path.join(folder, "**", "*.jsonl"), recursive=True)
        if done.returncode not in (0, 3) or len(journals) != 1:  # 3: some lines refused, as examples show
            print(f"  (examples/{os.path.basename(path)} did not play: exit {done.returncode}, "
                  f"{(done.stderr.strip().splitlines() or ['?'])[-1][:100]})")
            continue
        with open(journals[0], encoding="utf-8") as handle:
            events = sum(1 for line in handle if '"kind":"do"' in line.replace(" ", ""))
        found.append((events, os.path.basename(path), journals[0], took))
    return sorted(found)


def replay_journal(path):
    """(resume seconds, events, actions, header): Session.resume of a saved game, and
    its actions for a rules-only replay."""
    from referee.core.session import Session
    from referee.games import load

    game = load("cosmos")
    session = Session.resume(game, path)
    took = _median(lambda: Session.resume(game, path), 5, CPU)
    return took, len(session.events), session.events, session.header


# -- whole games by a simple strategy ---------------------------------------------------


def _line(session, turn):
    """The lines to try, best first, for the state the game is in."""
    from referee.games.cosmos import ending, hint

    state = session.state
    phase = state.phase
    if phase == "goal":
        named = {goal.name for goal in state.track if goal is not None} | {goal.name for goal, _c, _p in state.scored}
        return [f"goal {key}" for key in GOALS if key not in named]
    if phase == "energy":
        options = hint.ranked(state, state.turn)
        pick = options[turn % min(3, len(options))] if options else None
        return ([pick[1]] if pick else []) + ["shift 3", "shift 2 time 1", "shift 1 light 2"]
    if phase == "collect":
        if state.to_take:
            return ["take"]
        return [f"nebula {size}" for size in (2, 1, 3)]
    if phase == "craft":
        lines = []
        board = state.boards[state.turn]
        if any(board.loose_stars) or any(board.loose_nebulae) or board.loose_proto:
            lines.append("place")
        lines += ["supernova " + star for star in ("H", "He", "O", "C")][:1 if board.supernova else 0]
        if board.dna:
            lines.append(f"stabilise {board.dna}")
        hand = state.hands[state.turn].known
        for kind in ("light", "time", "gravity", "chemistry"):
            if hand.count(kind) >= 5:
                lines.append(f"set {kind}")
        size = (1, 2, 3)[turn % 3]
        return lines + [f"end nebula {size} !", "end stabilise !", "end nebula 1 !", "end nebula 2 !",
                        "end nebula 3 !"]
    if phase == "count":  # the table's counts; one the boards cannot hold is refused, then 1s, then 0s
        seats = range(len(state.players))
        return ["count " + " ".join(str((seat + turn) % 4) for seat in seats),
                "count " + " ".join("1" for _ in seats), "count " + " ".join("0" for _ in seats)]
    if phase == "limit":
        player = ending.over_limit(state)[0]
        hand = state.hands[state.seat(player)]
        return [f"discard {player} " + " ".join(hand.known[: len(hand) - 10])]
    return []


def play_game(players, seed, home, limit=2000):
    """A seeded digital game played through the shell to its end (or ``limit`` events):
    (header, actions, journal path, how it stopped). In the craft phase every line is
    tried in turn (a refused one changes nothing) until the turn ends; elsewhere the
    first line accepted is the move."""
    session, shell, _out = open_table(players, seed, home)
    turn = 0
    while not session.over and len(session.events) < limit:
        turn += 1
        before, phase = len(session.events), session.state.phase
        for line in _line(session, turn):
            shell.execute(line)
            if len(session.events) >= limit:
                break
            if len(session.events) > before and (phase != "craft" or line.startswith("end")):
                break
        if len(session.events) == before:
            how = f"stuck in {session.state.phase} (round {session.state.round})"
            return session.header, session.events, session.journal.path, how
    return session.header, session.events, session.journal.path, "over" if session.over else "cut"


def journal_games(count, home):
    """Whole seeded games (2, 3 and 4 players in turn) until ``count`` actions are
    collected, the last one cut short: [(header, actions, journal path, how it stopped)]."""
    games, total, seed = [], 0, 0
    sizes = (("Ann", "Ben"), ("Ann", "Ben", "Cy"), ("Ann", "Ben", "Cy", "Di"))
    while total < count:
        seed += 1
        games.append(play_game(sizes[seed % 3], seed, home, limit=count - total))
        total += len(games[-1][1])
    return games


def main():
    os.environ.setdefault("NO_COLOR", "1")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    home = tempfile.mkdtemp(prefix="cosmos-bench-")
    from referee.games import load

    game = load("cosmos")

    print(f"load the game module (fresh interpreter): {_ms(load_time()):.1f} ms")
    for mode in ("table", "digital"):
        print(f"start a {mode} game, welcome to exit (fresh process): {_ms(first_prompt(mode)):.0f} ms (budget 300)")

    for name, ms in typical(home).items():
        print(f"typical command, {name}: {ms:.2f} ms (budget 10)")

    examples = play_examples(home)
    if examples:
        events, name, path, took = examples[-1]
        print(f"play the longest example, examples/{name} ({events} events; fresh process, every reply "
              f"printed, every line fsynced): {_ms(took):.0f} ms")
        resume, events, actions, header = replay_journal(path)
        print(f"resume its journal (Session.resume, {events} events): {_ms(resume):.1f} ms CPU")

        def fold():
            state = game.initial(header)
            for action in actions:
                state = game.apply(state, action)

        print(f"replay its actions through the rules alone: {_ms(_median(fold, 5, CPU)):.1f} ms CPU")

    start = time.perf_counter()
    games = journal_games(2000, home)
    made = time.perf_counter() - start
    count = sum(len(actions) for _h, actions, _p, _how in games)
    ends = [how for _h, _a, _p, how in games]
    stops = ", ".join(f"{ends.count(how)} {how}" for how in sorted(set(ends)))
    print(f"({count} events: {len(games)} seeded games of 2, 3 and 4 players played through the shell by the "
          f"simple strategy in {made:.1f} s; {stops})")

    def replay():
        for header, actions, _path, _how in games:
            state = game.initial(header)
            for action in actions:
                state = game.apply(state, action)

    print(f"replay a {count}-event journal ({len(games)} games, rules alone): {_ms(_median(replay, 5, CPU)):.1f} ms "
          "CPU (budget 100)")
    from referee.core.session import Session

    took = _median(lambda: [Session.resume(game, path) for _h, _a, path, _how in games], 3, CPU)
    print(f"resume those {len(games)} saved games (Session.resume: journals read, replayed, snapshots "
          f"kept): {_ms(took):.1f} ms CPU (budget 100)")


if __name__ == "__main__":
    main()
