"""Lines typed per player-turn in the Crafting the Cosmos examples, before and after the
shortcuts of issue 20 item 1 (the bar: 5 or fewer a player-turn).

Each example is replayed as written, then rewritten as a table would type it with the
shortcuts and replayed again, and both must end alike (same scores, winners, refusals'
count aside): a bare `place` line is left out (the next craft move places what is
loose), `take` and `nebula N` of one collect are one answer (`take deck nebula 2`) and
follow the shift on its line (`shift 3 take deck nebula 2`), and `move` lines in a row
are one (`move He He`). A line is any line the table typed from
the first shift on (goals, counts, discards, undos and refusals included); a
player-turn is a turn ended (a ✓ "ends the turn").

Run: ``python bench/cosmos_lines.py`` from the repository root.
"""

import json
import os
import re
import shlex
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

EXAMPLES = os.path.join(ROOT, "examples")


def typed_lines(path):
    """(the command line's arguments, the lines the example types)."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read().splitlines()
    command = next(line for line in text if re.match(r"#( Replay:)? referee ", line))
    args = shlex.split(command.split("referee", 1)[1])
    at = args.index("--script")
    del args[at:at + 2]
    return args, [line for line in text if line.strip() and not line.startswith("#")]


def _word(line):
    return line.split(":", 1)[1].strip().split()[0] if re.match(r"^\w+: ", line) else line.split()[0]


def shortcut(lines):
    """The lines as typed with the shortcuts (module docstring)."""
    out = []
    for line in lines:
        word, last = _word(line), out[-1] if out else ""
        if line.strip() == "place":
            continue
        if word == "nebula" and (last.startswith("take") or " take" in f" {last}") and " nebula " not in f"{last} ":
            out[-1] = f"{last} {line}"
            continue
        if word == "take" and last.startswith("nebula ") and len(out) > 1 and not out[-2].startswith("take"):
            out[-1] = f"{line} {last}"
            continue
        if word == "take" and _word(last or "x") == "shift" and " take" not in last and ":" not in last:
            out[-1] = f"{last} {line}"
            continue
        if word == "move" and last.startswith("move ") and not last.endswith("!"):
            out[-1] = f"{last} {line.split(None, 1)[1]}"
            continue
        out.append(line)
    return out


def play(args, lines, home):
    """(the --json result, the stderr) of ``lines`` played with ``args``."""
    from click.testing import CliRunner

    from referee.cli import main

    env = {"REFEREE_HOME": home, "NO_COLOR": "1"}
    result = CliRunner().invoke(main, [*args, "--json", "--script", "-"], input="\n".join(lines) + "\n", env=env,
                                catch_exceptions=False)
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return data, result.stderr


def per_turn(lines, said):
    first = next(at for at, line in enumerate(lines) if _word(line) == "shift")
    turns = len(re.findall(r"^✓ \w+ ends the turn", said, flags=re.M))
    return (len(lines) - first) / turns


def _ending(data):
    return ([(p["name"], p["score"], p["points"]) for p in data["players"]], data["winners"], data["finished"])


def measure(home, names=None):
    """{example: (lines a player-turn as written, with the shortcuts, whether both end alike)}."""
    names = names or sorted(n for n in os.listdir(EXAMPLES) if n.startswith("cosmos-") and n.endswith(".txt"))
    figures = {}
    for name in names:
        args, lines = typed_lines(os.path.join(EXAMPLES, name))
        if not any(_word(line) == "shift" for line in lines):
            continue  # the setup example plays no turn
        quick = shortcut(lines)
        before, said = play(args, lines, os.path.join(home, name, "before"))
        after, said_after = play(args, quick, os.path.join(home, name, "after"))
        figures[name] = (per_turn(lines, said), per_turn(quick, said_after), _ending(before) == _ending(after))
    return figures


def main():
    with tempfile.TemporaryDirectory() as home:
        figures = measure(home)
    total = [0.0, 0.0]
    for name, (before, after, same) in figures.items():
        print(f"{name:28} {before:5.2f} -> {after:5.2f} lines a player-turn{'' if same else '  (ENDS DIFFERENTLY)'}")
        total[0] += before
        total[1] += after
    n = len(figures)
    print(f"{'mean of the examples':28} {total[0] / n:5.2f} -> {total[1] / n:5.2f}")


if __name__ == "__main__":
    main()
