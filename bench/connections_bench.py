"""Benchmark for the Connections referee's budgets: a command on a 120-card layout under
10 ms, the whole 120-card layout drawn under 50 ms (issue 3), and the cheap parts under them.

Checked here rather than in timed tests, which fail on busy machines for reasons that have
nothing to do with the code. The layout is a square spiral out from the starter card, so
every play touches the cards before it and many fill openings (the costliest pairs).

Run: ``python bench/connections_bench.py`` from the repository root.
"""

import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

CARDS = 120
REPEATS = 30
WORDS = ["fruit", "salad", "bowl", "ice cream", "tiger", "head", "tree", "bird", "gold", "mine", "river", "bank"]


def spiral(count):
    """Cells from 0,0 outwards, each touching one before it."""
    cells, x, y, dx, dy, run = [(0, 0)], 0, 0, 1, 0, 1
    while len(cells) < count:
        for _ in range(2):
            for _ in range(run):
                x, y = x + dx, y + dy
                cells.append((x, y))
                if len(cells) == count:
                    return cells
            dx, dy = -dy, dx
        run += 1
    return cells


def card(i):
    words = [WORDS[(i + k) % len(WORDS)] for k in range(4)]
    return "/".join(words) + f" {i % 5 + 1}"


def _ms(seconds):
    return seconds * 1000


def _median(samples):
    return _ms(statistics.median(samples))


def measure():
    os.environ["REFEREE_HOME"] = tempfile.mkdtemp(prefix="referee-bench-")
    os.environ["NO_COLOR"] = "1"
    from dataclasses import replace

    from referee.core import store
    from referee.core.builtins import SHELL
    from referee.core.session import Session
    from referee.core.shell import Shell
    from referee.games import load
    from referee.games.connections import layout, view

    game = load("connections")
    cells = spiral(CARDS + 1)
    figures = []

    # The rules alone: one Classic play checked and scored against 120 cards.
    rules = load("connections")  # the game: initial and apply, every move through its MoveSet
    state = rules.initial({"players": ["Ann", "Ben"], "options": {"variant": "classic", "deck": 124}})
    state = rules.apply(state, {"do": "start", "card": {"words": ["a", "b", "c", "d"], "points": 1}})
    placed = {cell: layout.Card(("n", "e", "s", "w"), i % 5 + 1) for i, cell in enumerate(cells[:CARDS])}
    state = replace(state, cells=placed)
    target = cells[CARDS]
    action = {"do": "play", "cell": list(target), "card": {"words": ["n", "e", "s", "w"], "points": 3}}
    samples = []
    for _ in range(REPEATS):
        t = time.perf_counter()
        rules.apply(state, action)
        samples.append(time.perf_counter() - t)
    figures.append(("a play checked and scored by the rules on a 120-card layout", _median(samples), 1))

    # The whole layout drawn, and the 80-column window around the latest play.
    samples, windows = [], []
    for _ in range(REPEATS):
        t = time.perf_counter()
        view.picture(placed, everything=True)
        samples.append(time.perf_counter() - t)
        t = time.perf_counter()
        view.picture(placed, cells[CARDS - 1])
        windows.append(time.perf_counter() - t)
    figures.append(("drawing the whole 120-card layout (show all)", _median(samples), 50))
    figures.append(("drawing the window around the latest play", _median(windows), 10))

    # A command through the shell: parse, rules, lexicon, journal (fsync), picture.
    header = {"id": None, "players": ["Sol"], "mode": "table", "seed": None,
              "options": {"variant": "solitaire", "esl": False, "timer": 0, "tie": "keep", "deck": 400},
              "wordlists": []}
    game.prepare(header)
    header["id"] = store.new_id("connections")
    session = Session.start(game, header, store.path_of(header["id"]))
    shell = Shell(session, SHELL.extend(game.commands), out=lambda text: None)
    shell.execute("start " + card(0))
    for i, (x, y) in enumerate(cells[1:CARDS], start=1):
        shell.execute(f"play {x},{y} {card(i)} !")
    assert len(session.state.cells) == CARDS, len(session.state.cells)
    samples = []
    for i in range(REPEATS):
        x, y = cells[CARDS]
        t = time.perf_counter()
        accepted = shell.execute(f"play {x},{y} {card(i)}")
        samples.append(time.perf_counter() - t)
        assert accepted
        session.undo(1)
    figures.append(("`play` through the shell on a 120-card layout (journal written)", _median(samples), 10))

    samples = []
    for _ in range(REPEATS):
        t = time.perf_counter()
        shell.execute("show all")
        samples.append(time.perf_counter() - t)
    figures.append(("`show all` through the shell with 120 cards", _median(samples), 50))

    t = time.perf_counter()
    resumed = Session.resume(game, session.journal.path)
    replay = time.perf_counter() - t
    assert resumed.state.cells == session.state.cells
    figures.append((f"replaying the journal ({len(session.journal.records)} records)", _ms(replay), 300))
    return figures


def main():
    for label, ms, budget in measure():
        print(f"{label}: {ms:.2f} ms (budget {budget})")


if __name__ == "__main__":
    main()
