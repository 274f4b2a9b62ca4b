"""Benchmark for Cosmo;code against the budgets in DESIGN.md ("Budgets"): loading the game
for the first prompt, a typical command under 10 ms, the hint, and replaying a 2,000-event
journal under 300 ms.

Checked here rather than in timed tests, which fail on busy machines for reasons that have
nothing to do with the code. The games played are seeded digital games in which every
attempt follows the hint's cheapest plan, so the figures do not drift between runs.

Run: ``python bench/cosmocode_bench.py`` from the repository root.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def _ms(seconds):
    return seconds * 1000


def _median(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def load_time():
    """A fresh interpreter importing the game module, as `referee cosmocode` does."""
    code = ("import time; t = time.perf_counter(); from referee.games import load; load('cosmocode'); "
            "print(time.perf_counter() - t)")
    runs = [float(subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                                 check=True).stdout) for _ in range(5)]
    return statistics.median(runs)


def first_prompt():
    """`referee cosmocode` start to finish with an empty script: set-up, welcome picture, exit."""
    env = dict(os.environ, REFEREE_HOME=tempfile.mkdtemp(), NO_COLOR="1")
    argv = [sys.executable, "-m", "referee", "cosmocode", "-p", "Ann,Ben", "-m", "digital", "--script", "-"]
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(argv, input="", cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def journal_actions(count):
    """Actions of seeded greedy games, one after another, until ``count`` are collected."""
    from referee.core.errors import RuleError
    from referee.games.cosmocode import dealing, hint
    from referee.games.cosmocode.moves import MOVES
    from tests.cosmocode.helpers import header

    games, actions = [], []
    seed = 0
    while len(actions) < count:
        seed += 1
        head = header(("Ann", "Ben", "Cy"), mode="digital", seed=seed)
        state = dealing.initial(head)
        mine = []
        turn = 0
        while state.phase != "over" and len(actions) + len(mine) < count:
            turn += 1
            if state.phase == "receive":
                action = {"do": "receive", "range": ("long", "short", "mid")[turn % 3]}
                try:
                    state = MOVES.apply(state, action)
                except RuleError:
                    action = {"do": "receive", "range": "mid"}
                    state = MOVES.apply(state, action)
                mine.append(action)
                continue
            if state.phase == "manipulate":
                found = hint.plans(state)
                steps = list(found[max(found)].steps) if found else []
                for step in steps:
                    state = MOVES.apply(state, step)
                    mine.append(step)
                takes = state.takeable()
                action = ({"do": "take", "cards": takes if state.range == "short" else takes[:1]} if takes
                          else {"do": "pass"})
            elif state.phase == "discard":
                excess = state.hand_size(state.turn) - state.limit
                action = {"do": "discard", "cards": list(state.hands[state.turn][:excess])}
            else:
                action = {"do": "perk", "perk": "b"}
            state = MOVES.apply(state, action)
            mine.append(action)
        games.append((head, mine))
        actions += mine
    return games


def main():
    os.environ.setdefault("NO_COLOR", "1")
    from referee.core.builtins import SHELL
    from referee.core.session import Session
    from referee.core.shell import Shell
    from referee.games import load
    from referee.games.cosmocode import dealing, hint
    from referee.games.cosmocode.moves import MOVES
    from referee.games.cosmocode.state import Shown
    from tests.cosmocode.helpers import header

    print(f"load the game module (fresh interpreter): {_ms(load_time()):.1f} ms")
    print(f"start a digital game, welcome to exit (fresh process): {_ms(first_prompt()):.0f} ms (budget 300)")

    # a typical command through the shell, journal write included
    os.environ["REFEREE_HOME"] = tempfile.mkdtemp()
    from referee.core import store

    game = load("cosmocode")
    head = header(("Ann", "Ben"), mode="digital", seed=10)
    head["id"] = store.new_id("cosmocode")
    session = Session.start(game, head, store.path_of(head["id"]))
    shell = Shell(session, SHELL.extend(game.commands), out=lambda text: None)
    lines = ["receive short", "undo yes", "show"] * 30
    start = time.perf_counter()
    for line in lines:
        shell.execute(line)
    per = (time.perf_counter() - start) / len(lines)
    print(f"typical command (receive, undo, show; journal written): {_ms(per):.2f} ms (budget 10)")

    # the hint on the hardest case: long range, a full hand of eight, perk b
    base = dealing.initial(header(first="Ann"))
    hand = ("B1a", "B4a", "B6b", "G2a", "G3b", "G5a", "G7a", "G9b")
    revealed = (Shown("R2b", 2, "b"), Shown("R6a", 6, "a"), Shown("R9b", 9, "b"))
    from dataclasses import replace

    state = replace(base, phase="manipulate", range="long", revealed=revealed, hands=(hand, ()),
                    unknown=(0, 0), perks=("b", None))
    took = _median(lambda: hint.plans(state), 200)
    print(f"hint, long range, 8-card hand with perk b: {_ms(took):.2f} ms (budget 10)")

    games = journal_actions(2000)
    count = sum(len(actions) for _head, actions in games)

    def replay():
        for head, actions in games:
            state = dealing.initial(head)
            for action in actions:
                state = MOVES.apply(state, action)

    took = _median(replay, 5)
    print(f"replay a {count}-event journal ({len(games)} games): {_ms(took):.1f} ms (budget 300)")


if __name__ == "__main__":
    main()
