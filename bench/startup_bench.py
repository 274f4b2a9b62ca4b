"""Start-up, first prompt and memory, measured the way a player meets them (issue 11).

Every figure comes from a fresh process, so imports and loading count:

- ``python -c "import click"`` against ``referee --help`` and ``referee word cat``;
- the interactive first prompt of each game, in a pseudo-terminal: from the spawn to the
  end of prompt-toolkit's first render; whether any thread (a background load) started
  before that render (on the child's clock); the slowest echo of keys typed every 25 ms
  for 1.5 s from the moment the prompt shows (what a background load costs a keystroke);
- the peak memory (VmHWM) of a whole ConneXion game with ``find`` after every placement,
  played from a script, and of an interactive one after ``find``.

Nothing asserts: the figures go in the issue notes. Run ``python bench/startup_bench.py``
from the repository (``--width 50`` for a phone-sized terminal; ``--runs N`` rounds of first
prompts, 5 by default; ``--prompts`` for the first prompts alone; ``--instructions`` for
each first prompt counted in instructions under valgrind's callgrind, which the load
of a shared machine cannot move (about 20 s a program); ``--tree PATH`` to measure
another copy of the sources, e.g. ``git archive OLD referee | tar -x -C PATH``). Wall
times swing with the machine's load; the CPU times beside them do not.
"""

import json
import os
import pty
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The child: referee's own entry point, plus a record of every thread start (the wall
# time and name) and, at exit, the peak memory, written to the file named in the
# environment. threading is imported by the wrapper, which costs ~1 ms once.
_WRAPPER = r"""
import atexit, os, sys, threading, time
trace = os.environ["REFEREE_BENCH_TRACE"]
def note(kind, value):
    with open(trace, "a") as f:
        f.write(f"{kind}\t{value}\n")
start = threading.Thread.start
def traced(self):
    note("thread", f"{time.time()}\t{self.name}")
    return start(self)
threading.Thread.start = traced
# The end of prompt-toolkit's first render, on the child's own clock, so "before the
# prompt" does not depend on when this bench got round to reading the terminal.
import prompt_toolkit.renderer as renderer  # every interactive game imports it anyway
render = renderer.Renderer.render
def first_render(self, *args, **kwargs):
    result = render(self, *args, **kwargs)
    if not getattr(first_render, "done", False):
        first_render.done = True
        note("render", time.time())
        note("render_cpu", time.process_time())
    return result
renderer.Renderer.render = first_render
def peak():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM"):
            note("peak_kb", line.split()[1])
    note("wordfreq", "wordfreq" in sys.modules)
atexit.register(peak)
sys.argv = ["referee"] + sys.argv[1:]
from referee.cli import main
main(prog_name="referee")
"""

# The reference a first prompt is measured against (DESIGN's budget: within 1.25x): a
# bare prompt-toolkit prompt, started and traced by the same wrapper, in the same loop.
_REFERENCE = _WRAPPER.split("sys.argv = [")[0] + """
from prompt_toolkit import PromptSession
try:
    PromptSession().prompt("> ")
except (EOFError, KeyboardInterrupt):
    pass
"""

_MINIMAL_GROUP = """
import click
@click.group()
def main():
    "A minimal group."
@main.command()
def hello():
    "Say hello."
main(["--help"], prog_name="minimal")
"""

GAMES = ("connexion", "connections", "colors", "cosmocode", "cosmos")
REFERENCE = "bare prompt-toolkit"


# --tree PATH: run the children on another copy of the sources (e.g. `git archive` of an
# older commit, for before/after figures). They then run with -S and PYTHONPATH=PATH plus
# site-packages, so that an editable install of this checkout cannot win the import.
TREE = sys.argv[sys.argv.index("--tree") + 1] if "--tree" in sys.argv else None


def _env(home, trace=None):
    env = dict(os.environ, REFEREE_HOME=home, NO_COLOR="1")
    # A player's install has its bytecode compiled; a shell that sets PYTHONDONTWRITEBYTECODE
    # would have every run compile the sources again and time that instead (a third more).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if TREE:
        import sysconfig

        env["PYTHONPATH"] = TREE + os.pathsep + sysconfig.get_paths()["purelib"]
    else:
        env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    if trace:
        env["REFEREE_BENCH_TRACE"] = trace
    return env


def _python():
    return [sys.executable, "-S"] if TREE else [sys.executable]


def _referee():
    """The installed console script when there is one (what a player runs), else -m."""
    script = os.path.join(os.path.dirname(sys.executable), "referee")
    if TREE:
        return _python() + ["-c", "import sys; from referee.cli import main; sys.argv[0] = 'referee'; main()"]
    return [script] if os.path.exists(script) else [sys.executable, "-m", "referee"]


def _wall(argv, env, runs):
    """Median wall time and median CPU time (user + system) of a child, in ms. CPU time is
    the figure to compare on a busy machine: waiting for a core does not count in it."""
    import resource

    times, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, capture_output=True, env=env, stdin=subprocess.DEVNULL, cwd=env["REFEREE_HOME"])
        times.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
    return statistics.median(times), statistics.median(cpu)


def processes(home, runs=15):
    env = _env(home)
    figures = {}
    measured = {
        "python -c pass": _python() + ["-c", "pass"],
        "python -c 'import click'": _python() + ["-c", "import click"],
        # issue 19's reference for --help: a minimal click group with one command, its own --help
        "minimal click group --help": _python() + ["-c", _MINIMAL_GROUP],
        "referee --help": _referee() + ["--help"],
        "referee word cat": _referee() + ["word", "cat"],
    }
    # Interleaved rounds, so a burst of load elsewhere hits every command alike.
    rounds = {name: [] for name in measured}
    for _ in range(3):
        for name, argv in measured.items():
            rounds[name].append(_wall(argv, env, max(1, runs // 3)))
    for name, results in rounds.items():
        figures[f"{name} (ms wall)"] = statistics.median(r[0] for r in results)
        figures[f"{name} (ms cpu)"] = statistics.median(r[1] for r in results)
    click = figures["python -c 'import click' (ms cpu)"]
    figures["referee --help / import click (cpu)"] = figures["referee --help (ms cpu)"] / click
    figures["referee word cat / import click (cpu)"] = figures["referee word cat (ms cpu)"] / click
    figures["referee --help / minimal click group --help (cpu, goal 1.0)"] = (
        figures["referee --help (ms cpu)"] / figures["minimal click group --help (ms cpu)"])
    return figures


def _read_trace(path):
    threads, facts = [], {}
    if os.path.exists(path):
        for line in open(path):
            kind, _, value = line.rstrip("\n").partition("\t")
            if kind == "thread":
                at, _, name = value.partition("\t")
                threads.append((float(at), name))
            else:
                facts[kind] = value
    return threads, facts


def _until(fd, pid, marker, timeout, buffer):
    """Read the pty until ``marker`` appears after what is already in ``buffer``; answers
    prompt-toolkit's cursor-position requests as a terminal would. Returns the new buffer
    and the wall time the marker arrived (None on timeout)."""
    start = len(buffer)
    deadline = time.time() + timeout
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.02)
        if not ready:
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:
            return buffer, None
        buffer += data
        if b"\x1b[6n" in data:
            os.write(fd, b"\x1b[1;1R")
        if marker in buffer[start:]:
            return buffer, time.time()
    return buffer, None


def _spawn(argv, env, width, height):
    import fcntl
    import termios

    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.chdir(env["REFEREE_HOME"])  # not the checkout: `python -c` would import its referee first
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    return pid, fd


def _peak_kb(pid):
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmHWM"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def first_prompt(game, home, width=80, height=24, then=()):
    """One interactive start: ms to the end of the first render, threads started before
    it, ms for a key typed at once to be echoed, and the peak memory after ``then``."""
    trace = tempfile.mktemp(prefix="referee-trace-")
    if game == REFERENCE:
        argv = _python() + ["-c", _REFERENCE]
    else:
        argv = _python() + ["-c", _WRAPPER, game, "--players", "Ann,Ben"]
    spawned = time.time()
    pid, fd = _spawn(argv, _env(home, trace), width, height)
    buffer, drawn = _until(fd, pid, b"\x1b[?2004h", 10, b"")
    if drawn is not None:
        buffer, drawn = _until(fd, pid, b"\x1b[?25h", 5, buffer)
    echoes = []
    if drawn is not None:
        # A key every 25 ms for a second and a half from the moment the prompt shows:
        # the slowest echo is what a background load costs a player who types at once.
        for _ in range(60):
            typed = time.time()
            os.write(fd, b"~")
            buffer, echoed = _until(fd, pid, b"~", 5, buffer)
            echoes.append((echoed - typed) * 1000 if echoed else 5000.0)
            time.sleep(0.025)
        os.write(fd, b"\x15")  # Ctrl-U: clear the line
        for line in then:
            time.sleep(0.3)
            os.write(fd, line.encode() + b"\r")
        if then:
            time.sleep(1.5)
    peak = _peak_kb(pid)
    os.write(fd, b"\x04")  # Ctrl-D: leave
    deadline = time.time() + 5
    while time.time() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        _until(fd, pid, b"\x00", 0.05, b"")
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    os.close(fd)
    threads, facts = _read_trace(trace)
    os.remove(trace) if os.path.exists(trace) else None
    rendered = float(facts["render"]) if "render" in facts else None
    early = [name for at, name in threads if rendered is None or at < rendered]
    return {
        "first_prompt_ms": (rendered - spawned) * 1000 if rendered else None,
        "first_prompt_cpu_ms": float(facts["render_cpu"]) * 1000 if "render_cpu" in facts else None,
        "threads_before_prompt": early,
        "key_echo_ms": max(echoes) if echoes else None,
        "peak_mb": peak / 1024 if peak else None,
    }


def first_prompts(home, width=80, runs=5):
    """Each game's first prompt and the bare reference's, interleaved run by run (a busy
    machine slows both alike), with each game's CPU time as a ratio to the reference's."""
    every = (REFERENCE,) + GAMES
    runs_of = {game: [] for game in every}
    for _ in range(runs):
        for game in every:
            runs_of[game].append(first_prompt(game, home, width))
    figures = {}
    for game in every:
        results = runs_of[game]
        times = [r["first_prompt_ms"] for r in results if r["first_prompt_ms"] is not None]
        cpu = [r["first_prompt_cpu_ms"] for r in results if r["first_prompt_cpu_ms"] is not None]
        echoes = [r["key_echo_ms"] for r in results if r["key_echo_ms"] is not None]
        early = sorted({name for r in results for name in r["threads_before_prompt"]})
        figures[f"{game}: first prompt at {width} cols (ms wall, median)"] = statistics.median(times) if times else None
        figures[f"{game}: first prompt at {width} cols (ms cpu, median)"] = statistics.median(cpu) if cpu else None
        # the least is the run least slowed by the rest of a shared machine (timeit's advice)
        figures[f"{game}: first prompt at {width} cols (ms cpu, least)"] = min(cpu) if cpu else None
        figures[f"{game}: keys typed from the prompt on, slowest echo (ms)"] = max(echoes) if echoes else None
        figures[f"{game}: threads started before the prompt"] = ", ".join(early) or "none"
    # Each run's ratio to the reference started just before it, then the median of those:
    # a burst of load elsewhere slows a pair alike, where the medians of two columns
    # may come from different moments.
    for game in GAMES:
        pairs = [mine["first_prompt_cpu_ms"] / ref["first_prompt_cpu_ms"]
                 for ref, mine in zip(runs_of[REFERENCE], runs_of[game])
                 if mine["first_prompt_cpu_ms"] and ref["first_prompt_cpu_ms"]]
        if pairs:
            figures[f"{game}: first prompt cpu / bare prompt-toolkit, median of paired runs (goal 1.25)"] = (
                statistics.median(pairs))
    for kind in ("median", "least"):
        reference = figures.get(f"{REFERENCE}: first prompt at {width} cols (ms cpu, {kind})")
        for game in GAMES:
            cpu = figures.get(f"{game}: first prompt at {width} cols (ms cpu, {kind})")
            if cpu and reference:
                figures[f"{game}: first prompt cpu / bare prompt-toolkit, {kind} (goal 1.25)"] = cpu / reference
    return figures


# --instructions: each first prompt counted in machine instructions under valgrind's
# callgrind (about 20 s a run), a figure the machine's load cannot move (DESIGN: "CPU
# time or instruction counts"). The child ends at the end of its first render.
_UNTIL_RENDER = r"""
import os, sys
import prompt_toolkit.renderer as renderer
render = renderer.Renderer.render
def first_render(self, *args, **kwargs):
    render(self, *args, **kwargs)
    os._exit(0)
renderer.Renderer.render = first_render
if sys.argv[1:] == ["--reference"]:
    from prompt_toolkit import PromptSession
    PromptSession().prompt("> ")
sys.argv = ["referee"] + sys.argv[1:]
from referee.cli import main
main(prog_name="referee")
"""


def instructions(game, home, width=80, height=24):
    """Machine instructions from the spawn to the end of the first render, or None."""
    out = tempfile.mktemp(prefix="referee-callgrind-")
    args = ["--reference"] if game == REFERENCE else [game, "--players", "Ann,Ben"]
    argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + _python() + ["-c", _UNTIL_RENDER] + args
    env = dict(_env(home), PYTHONHASHSEED="0")
    pid, fd = _spawn(argv, env, width, height)
    _until(fd, pid, b"\x00", 120, b"")  # to its end (the child exits after the render)
    os.waitpid(pid, 0)
    os.close(fd)
    try:
        with open(out, encoding="utf-8") as handle:
            found = [line.split()[1] for line in handle if line.startswith(("summary:", "totals:"))]
        return int(found[0]) if found else None
    except OSError:
        return None
    finally:
        if os.path.exists(out):
            os.remove(out)


def first_prompt_instructions(home, width=80):
    """Each game's first prompt and the reference's, in instructions, with the ratios.
    Each program runs once before it is counted, so no count includes writing bytecode."""
    figures = {}
    for game in (REFERENCE,) + GAMES:
        first_prompt(game, home, width)  # warm: compiled modules written, the save folder made
        figures[f"{game}: first prompt at {width} cols (instructions)"] = instructions(game, home, width)
    reference = figures[f"{REFERENCE}: first prompt at {width} cols (instructions)"]
    for game in GAMES:
        counted = figures[f"{game}: first prompt at {width} cols (instructions)"]
        if counted and reference:
            figures[f"{game}: first prompt instructions / bare prompt-toolkit (goal 1.25)"] = counted / reference
    return figures


def _connexion_script():
    """The table example with `find` after every placement: the whole game, find included."""
    lines = []
    with open(os.path.join(ROOT, "examples", "connexion-table.txt"), encoding="utf-8") as handle:
        for line in handle:
            lines.append(line)
            if line.startswith("place "):
                lines.append("find\n")
    return "".join(lines)


def game_memory(home):
    trace = tempfile.mktemp(prefix="referee-trace-")
    argv = _python() + ["-c", _WRAPPER, "connexion", "--players", "Ann,Ben,Cy", "--script", "-"]
    subprocess.run(argv, input=_connexion_script(), env=_env(home, trace), capture_output=True, text=True, cwd=home)
    _threads, facts = _read_trace(trace)
    os.remove(trace) if os.path.exists(trace) else None
    figures = {
        "connexion whole game + find, script: peak (MB, goal 60)": int(facts.get("peak_kb", 0)) / 1024,
        "connexion whole game + find, script: wordfreq imported": facts.get("wordfreq"),
    }
    interactive = first_prompt("connexion", home, 80, 24,
                               then=["place alpha", "place mu", "place eta", "find"])
    figures["connexion interactive + find: peak (MB, goal 60)"] = interactive["peak_mb"]
    return figures


def measure(width=80, runs=5, prompts_only=False, counted=False):
    home = tempfile.mkdtemp(prefix="referee-bench-")
    try:
        figures = {}
        if not prompts_only:
            figures.update(processes(home))
        if counted:
            figures.update(first_prompt_instructions(home, width))
            return figures
        figures.update(first_prompts(home, width, runs))
        if not prompts_only:
            figures.update(game_memory(home))
        return figures
    finally:
        shutil.rmtree(home, ignore_errors=True)


def main():
    width = int(sys.argv[sys.argv.index("--width") + 1]) if "--width" in sys.argv else 80
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    figures = measure(width, runs, prompts_only="--prompts" in sys.argv or "--instructions" in sys.argv,
                      counted="--instructions" in sys.argv)
    size = max(len(k) for k in figures)
    for name, value in figures.items():
        shown = f"{value:9.2f}" if isinstance(value, float) else str(value)
        print(f"{name:<{size}}  {shown}")
    if "--json" in sys.argv:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
