"""How far one accepted move travels through the referee: calls, files and hops.

A ConneXion `word` and a Crafting the Cosmos `shift` are each played through the real
shell path (a table opened as the tests open one, `tests/tables.py`), after a few setup
lines that are played untraced, so the lexicon, the imports and the caches are warm and
what is counted is the work of one move, not of a first start. Only the one line's
``Shell.execute`` runs under ``sys.setprofile``. For each move it reports:

- calls: Python calls into code under ``referee/`` (a generator's resumption is not a
  call, and list, set and dict comprehensions are not counted, since Python 3.12 inlines
  them: the figure should not move with the interpreter);
- files: distinct files under ``referee/`` that ran;
- hops: calls whose caller is in a different ``referee/`` file than the callee (the
  caller is the nearest ``referee/`` frame up the stack, so a call through a standard
  library helper still counts as the hop it is); "distinct hops" counts each caller file
  to callee function edge once, so a loop (the board's view asking a square's
  coordinates 25 times a row) does not hide how many places the move reaches into;
- checks: how many times each named check ran. The names are matched by name only
  (``Phases.allow`` by its qualified name, the rest by function name, ``check_*`` by
  pattern), so a check that has been renamed or removed shows 0 rather than failing.

The issue's figures at an older commit: 22 files / 144 hops for the word, 18 / 95 for
the shift. Nothing asserts here: the figures go in the issue note (a small test checks
that the traced line was accepted and the counts are counts).

Run: ``python bench/trace_move.py [--json] [--move word|shift]`` from the repository root.
"""

import argparse
import dis
import fnmatch
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

PACKAGE = os.path.join(ROOT, "referee") + os.sep

# Checks named in the issue; a name with a dot is matched against the qualified name.
NAMED_CHECKS = ("Phases.allow", "MoveSet.verify", "MoveSet.allow", "verify_claim", "check_path",
                "is_late", "stamp", "check_offered")
CHECK_PATTERN = "check_*"

# Inlined into their function from Python 3.12: counted as calls on 3.11 only, so never.
_INLINED = frozenset(("<listcomp>", "<dictcomp>", "<setcomp>"))
_RESUMABLE = 0x20 | 0x80 | 0x200  # CO_GENERATOR, CO_COROUTINE, CO_ASYNC_GENERATOR

# Each move: the game, how its table is opened, the untraced lines that lead up to it
# (taken from examples/connexion-table.txt and examples/cosmos-2p.txt, one accepted
# move of the same kind among them to warm the caches), and the traced line.
MOVES = {
    "word": {"game": "connexion", "players": ("Ann", "Ben", "Cy"), "mode": "table", "seed": None,
             "options": {"timer": 0},
             "setup": ("place iota", "word i", "ceres 4.5", "place omicron"),
             "line": "word oi"},
    "shift": {"game": "cosmos", "players": ("Ann", "Ben"), "mode": "digital", "seed": 2, "options": {},
              "setup": ("goal proto", "shift 3", "take", "place", "move H", "end nebula 1"),
              "line": "shift 2 time 1"},
}


def _first_entry(code, cache={}):
    """The instruction offset a generator's frame shows when it is entered rather than
    resumed: its first RESUME from Python 3.11 (before it, -1). A resumption shows a later
    offset, just after a yield."""
    if code not in cache:
        cache[code] = next((op.offset for op in dis.get_instructions(code) if op.opname == "RESUME"), -1)
    return cache[code]


def _is_call(frame):
    """A new call, not a generator resuming nor a comprehension Python 3.12 inlines."""
    code = frame.f_code
    if code.co_name in _INLINED:
        return False
    return not (code.co_flags & _RESUMABLE) or frame.f_lasti <= _first_entry(code)


def _caller_file(frame):
    """The nearest ``referee/`` file up the stack from ``frame``, or None."""
    back = frame.f_back
    while back is not None and not back.f_code.co_filename.startswith(PACKAGE):
        back = back.f_back
    return None if back is None else back.f_code.co_filename


def _check_name(code):
    """The named check ``code`` is, or None: `Phases.allow` style names by qualified name."""
    qualname = getattr(code, "co_qualname", code.co_name)
    for name in NAMED_CHECKS:
        if (qualname == name or qualname.endswith("." + name)) if "." in name else code.co_name == name:
            return name
    if fnmatch.fnmatchcase(code.co_name, CHECK_PATTERN):
        return code.co_name
    return None


class Counter:
    """The profile hook: counts calls into ``referee/``, files, hops and named checks."""

    def __init__(self):
        self.calls = 0
        self.hops = 0
        self.edges = {}
        self.files = set()
        self.checks = dict.fromkeys(NAMED_CHECKS, 0)

    def __call__(self, frame, event, arg):
        if event != "call" or not frame.f_code.co_filename.startswith(PACKAGE) or not _is_call(frame):
            return
        callee = frame.f_code.co_filename
        self.calls += 1
        self.files.add(callee)
        caller = _caller_file(frame)
        if caller is not None and caller != callee:
            self.hops += 1
            edge = (caller, callee, getattr(frame.f_code, "co_qualname", frame.f_code.co_name))
            self.edges[edge] = self.edges.get(edge, 0) + 1
        name = _check_name(frame.f_code)
        if name is not None:
            self.checks[name] = self.checks.get(name, 0) + 1

    def figures(self):
        edges = sorted(self.edges.items(), key=lambda item: (-item[1], item[0]))
        return {"calls": self.calls, "files": len(self.files), "hops": self.hops, "distinct_hops": len(edges),
                "file_list": sorted(os.path.relpath(path, ROOT) for path in self.files),
                "hop_list": [[os.path.relpath(caller, ROOT), os.path.relpath(callee, ROOT), name, count]
                             for (caller, callee, name), count in edges],
                "checks": dict(self.checks)}


def _open(spec, home):
    """A table for ``spec`` under ``home``, opened as the tests open one."""
    from tests.tables import open_table

    return open_table(spec["game"], home, players=spec["players"], mode=spec["mode"], seed=spec["seed"],
                      **spec["options"])


def trace(move):
    """Play ``move``'s setup untraced, then its line traced; its figures, with whether the
    line was accepted (the shell said so and an event was added) and what it printed."""
    spec = MOVES[move]
    saved = {name: os.environ.get(name) for name in ("REFEREE_HOME", "NO_COLOR")}
    os.environ["NO_COLOR"] = "1"  # the reply as a script would print it
    with tempfile.TemporaryDirectory(prefix="referee-trace-") as home:
        try:
            session, shell, out = _open(spec, home)
            for line in spec["setup"]:
                if not shell.execute(line):
                    raise RuntimeError(f"setup line refused: {line!r}: {out[-1] if out else ''}")
            before = len(session.events)
            out.clear()
            counter = Counter()
            sys.setprofile(counter)
            try:
                accepted = shell.execute(spec["line"])
            finally:
                sys.setprofile(None)
            figures = counter.figures()
            figures.update(move=move, game=spec["game"], line=spec["line"],
                           accepted=bool(accepted) and len(session.events) == before + 1,
                           reply="\n".join(out))
        finally:
            for name, value in saved.items():  # open_table sets REFEREE_HOME for the process
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
    return figures


def table(results):
    """The figures as a plain table: one column a move, one row a figure."""
    names = [result["move"] for result in results]
    rows = [("line", [result["line"] for result in results]),
            ("accepted", ["yes" if result["accepted"] else "NO" for result in results]),
            ("calls into referee/", [str(result["calls"]) for result in results]),
            ("referee files", [str(result["files"]) for result in results]),
            ("cross-file hops", [str(result["hops"]) for result in results]),
            ("distinct hops", [str(result["distinct_hops"]) for result in results]),
            ("hops per call", [f"{result['hops'] / max(result['calls'], 1):.2f}" for result in results])]
    checks = []
    for result in results:
        checks += [name for name in result["checks"] if name not in checks]
    counted = [(f"  {name}", [str(result["checks"].get(name, 0)) for result in results]) for name in checks]
    width = max(len(label) for label, _ in rows + counted)
    cell = max([len(name) for name in names] + [len(value) for _, values in rows + counted for value in values])
    lines = [" " * width + "".join(f"  {name:>{cell}}" for name in names)]
    for label, values in rows + [("named checks run", [""] * len(names))] + counted:
        lines.append(f"{label:<{width}}" + "".join(f"  {value:>{cell}}" for value in values))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--move", choices=sorted(MOVES), action="append",
                        help="trace only this move (repeatable; default: all)")
    parser.add_argument("--files", action="store_true", help="list the referee files each move touched")
    parser.add_argument("--hops", action="store_true", help="list each move's hops, most frequent first")
    args = parser.parse_args()
    results = [trace(move) for move in (args.move or MOVES)]
    if args.json:
        print(json.dumps([{key: value for key, value in result.items() if key != "reply"} for result in results],
                         indent=2))
        return
    print(table(results))
    if args.files:
        for result in results:
            print(f"\n{result['move']} ({result['files']} files):")
            print("\n".join("  " + path for path in result["file_list"]))
    if args.hops:
        for result in results:
            print(f"\n{result['move']} ({result['hops']} hops, {result['distinct_hops']} distinct):")
            for caller, callee, name, count in result["hop_list"]:
                print(f"  {count:>4}  {caller} -> {callee} {name}")


if __name__ == "__main__":
    main()
