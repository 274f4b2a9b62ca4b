"""Every refusal of every game cites an id of its rule table (issue 9 item 4; DESIGN 6).

Two ways, because neither alone sees everything:

- statically, every ``RuleError(...)`` call in a game's package (and in the core) must
  name its ``rule=``; when that is a string (or a choice between strings) it must be an
  id of the table exactly as written there. A rule computed at run time is left to:
- dynamically, every example game (examples/*.txt, through the command line) and a few
  hundred random lines per game and mode are played while each RuleError made is
  recorded; every one must cite an id of the game's table.

A failure lists each offending id with the file and line that made it, so a game's
porter can run just this file (``python -m pytest -q tests/test_rule_citations.py -k
cosmocode``) while normalising ids. Core refusals cite the general rulings (G-n).
"""

import ast
import random
import re
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.core import ruletable
from referee.core.errors import InputError, JournalError, RuleError
from referee.games import GAMES, load

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
NAMES = [entry.name for entry in GAMES]
CORE_TABLE = ruletable.load(ruletable.CORE)


# -- statically: the RuleError calls in the source -----------------------------------------


def _is_rule_error(call):
    func = call.func
    return (isinstance(func, ast.Name) and func.id == "RuleError") or (
        isinstance(func, ast.Attribute) and func.attr == "RuleError")


def _constants(node):
    """The strings (or None) a rule argument can only be, or None when it is computed."""
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _constants(node.body), _constants(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    return None


def citations(paths):
    """(place, rule node or None) of every RuleError call in ``paths``."""
    found = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _is_rule_error(node):
                rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
                if rule is None and len(node.args) > 1:
                    rule = node.args[1]
                found.append((f"{_shown(path)}:{node.lineno}", rule))
    return sorted(found, key=lambda item: (item[0].rpartition(":")[0], int(item[0].rpartition(":")[2])))


def static_offences(paths, table):
    """Lines naming what is wrong with each RuleError call that fails the table."""
    offences = []
    for place, rule in citations(paths):
        if rule is None:
            offences.append(f"{place}: RuleError without rule=")
            continue
        values = _constants(rule)
        if values is None:
            continue  # computed: checked by the dynamic test
        for value in values:
            if value not in table:
                offences.append(f"{place}: cites {value!r}, not an id of the table")
    return offences


def _shown(path):
    """A path as a failure message names it: from the package folder `referee/` on, for
    the checkout and an installed copy alike; other paths (a test's) as they are."""
    parts = Path(path).parts
    if "referee" not in parts:
        return str(path)
    return "/".join(parts[len(parts) - 1 - parts[::-1].index("referee"):])


def _sources(name):
    return sorted((ROOT / "referee" / "games" / name).rglob("*.py"))


@pytest.mark.parametrize("name", NAMES)
def test_issue9_item4_every_refusal_in_a_game_s_source_cites_an_id_of_its_table(name):
    table = ruletable.for_game(name)
    offences = static_offences(_sources(name), table)
    assert not offences, (f"{name}: {len(offences)} refusals cite no id of referee/games/{name}/ruletable.md "
                          f"(ids: {', '.join(table.ids)}):\n" + "\n".join(offences))


def test_issue9_item4_every_refusal_in_the_core_cites_a_general_ruling():
    offences = static_offences(sorted((ROOT / "referee" / "core").glob("*.py")), CORE_TABLE)
    assert not offences, ("the core's refusals must cite a G-n id of referee/core/ruletable.md:\n"
                          + "\n".join(offences))


def test_issue9_item4_the_static_scan_sees_every_kind_of_citation(tmp_path):
    """The scan itself: a missing rule, a wrong literal, a wrong branch of a choice and
    a rule given by position are caught; a computed rule is left to the dynamic test."""
    source = tmp_path / "rules.py"
    source.write_text(
        "from referee.core import errors\n"
        "def f(x, rule):\n"
        "    raise RuleError('a')\n"
        "    raise RuleError('b', rule='rule 4')\n"
        "    raise errors.RuleError('c', rule='G-1' if x else 'Turns')\n"
        "    raise RuleError('d', 'Setup')\n"
        "    raise RuleError('e', rule=None)\n"
        "    raise RuleError('f', rule=rule)\n"
        "    raise RuleError('g', rule='G-2')\n", encoding="utf-8")
    found = [re.sub(r"^.*rules\.py", "rules.py", line) for line in static_offences([source], CORE_TABLE)]
    assert found == ["rules.py:3: RuleError without rule=", "rules.py:4: cites 'rule 4', not an id of the table",
                     "rules.py:5: cites 'Turns', not an id of the table", "rules.py:6: cites 'Setup', not an id of the table",
                     "rules.py:7: cites None, not an id of the table"]


# -- dynamically: the refusals games make as they are played --------------------------------


class Recorder:
    """Every RuleError made while it is installed, with the referee line that made it."""

    def __init__(self, monkeypatch):
        self.made = []
        original = RuleError.__init__
        recorder = self

        def recording(error, *args, **kwargs):
            original(error, *args, **kwargs)
            origin = _origin(sys._getframe(1))
            if not origin.startswith(REFITTED):  # a copy, fitted to the screen, of one already seen
                recorder.made.append((error, origin))

        monkeypatch.setattr(RuleError, "__init__", recording)

    def offences(self, table):
        seen = {}
        for error, origin in self.made:
            if error.rule not in table:
                seen.setdefault((error.rule, origin), str(error).replace("\n", " ")[:90])
        return [f"{origin}{_whose(origin)}: cites {rule!r}: {message}"
                for (rule, origin), message in sorted(seen.items(), key=str)]


REFITTED = "referee/core/commands.py"  # commands.fitted re-raises a game's refusal, fitted


def _whose(origin):
    """Where to fix a citation the core raised for the game (its phase table)."""
    if origin.startswith("referee/core/phases.py"):
        return " (the game's phase table: Phase rule= or turn_rule=)"
    return ""


def _origin(frame):
    """The first frame in referee/ outside errors.py: where the refusal was made."""
    while frame is not None:
        path = Path(frame.f_code.co_filename)
        if "referee" in path.parts and path.name != "errors.py":
            return f"{_shown(path)}:{frame.f_lineno}"
        frame = frame.f_back
    return "?"


def _example_runs(name):
    """(file, command-line arguments) of each example game of ``name``: its comment says
    how to replay it (`# Replay: referee GAME ... --script examples/FILE`)."""
    runs = []
    for path in sorted(EXAMPLES.glob(f"{name}-*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines()[:5]:
            match = re.search(r"referee (\S+) (.*--script.*)$", line)
            if match and match.group(1) == name:
                args = shlex.split(match.group(2))
                args[args.index("--script") + 1] = str(path)
                runs.append((path.name, [name] + args))
                break
    return runs


TOKENS = ["0", "1", "2", "3", "5", "9", "10", "-1", "99", "yes", "no", "all", "Ann", "Ben", "Cy", "Zed", "a1", "b2",
          "c3", "e5", "0,0", "1,0", "0,1", "-1,0", "x,y", "3a", "7b", "5b", "11a", "up", "down", "with", "as",
          "short", "mid", "long", "late", "!", "ice cream", "@", "mars", "sun", "alpha", "iota", "Rs", "W", "Rs@b2",
          "moon", "#1", "#2", "to", "none", "early", "dog", "cat", "star", "1/2/3/4"]


def _random_lines(commands, count, seed):
    """``count`` lines of a game's own commands with random words after them, some said
    by a named player, and now and then an undo of a few steps (back into the game's
    earlier phases, where other refusals wait)."""
    rng = random.Random(seed)
    words = sorted(cmd.name for cmd in commands.commands.values() if cmd.group == "game")
    for _ in range(count):
        if rng.random() < 0.1:
            yield rng.choice([f"undo {rng.randrange(1, 6)} yes", "redo", "undo"])
            continue
        line = " ".join([rng.choice(words)] + rng.sample(TOKENS, rng.randrange(0, 4)))
        yield rng.choice(["", "", "Ann: ", "Ben: ", "Cy: "]) + line


# The core's own refusals (undo, redo, the session) are the core's to fix; a game's, with
# what the core raises from its phase table, the game's porter's.
CORE_OWN = ("referee/core/session.py", "referee/core/builtins.py", "referee/core/shell.py",
            "referee/core/journal.py", "referee/core/store.py", "referee/core/votes.py")


def _played(name, home):
    """The RuleErrors made playing ``name``: each example with random lines after it,
    then random lines at fresh tables of each mode. Returns the Recorder."""
    from referee.cli import main
    from tests.tables import open_table

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFEREE_HOME", str(home))
        patch.setenv("NO_COLOR", "1")
        recorder = Recorder(patch)
        runs = _example_runs(name)
        assert runs, f"no example of {name} under examples/"
        game = load(name)
        for example, args in runs:  # each example, then random lines from where it ends
            script = home / example
            lines = _random_lines(game.commands, 150, example)
            script.write_text((EXAMPLES / example).read_text(encoding="utf-8") + "\n".join(lines) + "\n",
                              encoding="utf-8")
            args[args.index("--script") + 1] = str(script)
            result = CliRunner().invoke(main, args)
            assert result.exception is None or isinstance(result.exception, SystemExit), (example, result.exception)
            assert "internal error" not in result.output, example
        for mode in game.modes:
            for players in (("Ann", "Ben"), ("Ann", "Ben", "Cy")):
                try:
                    session, shell, _out = open_table(name, home / mode, players, mode)
                except (InputError, RuleError, JournalError):  # a player count this game does not take
                    continue
                for line in _random_lines(shell.commands, 300, f"{name}-{mode}-{len(players)}"):
                    shell.execute(line)
    assert recorder.made, f"{name}: no refusal at all was made; the recorder is not seeing them"
    return recorder


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Each game played once for the tests below: {name: Recorder}."""
    cache = {}

    def get(name):
        if name not in cache:
            cache[name] = _played(name, tmp_path_factory.mktemp(name))
        return cache[name]

    return get


@pytest.mark.parametrize("name", NAMES)
def test_issue9_item4_every_refusal_made_in_play_cites_an_id_of_the_game_s_table(name, played):
    offences = [line for line in played(name).offences(ruletable.for_game(name)) if not line.startswith(CORE_OWN)]
    assert not offences, (f"{name}: refusals in play cite no id of referee/games/{name}/ruletable.md "
                          f"({len(offences)} places):\n" + "\n".join(offences))


def test_issue9_item4_every_core_refusal_made_in_play_cites_a_general_ruling(played):
    offences = sorted({line for name in NAMES for line in played(name).offences(CORE_TABLE) if line.startswith(CORE_OWN)})
    assert not offences, "the core's refusals in play must cite a G-n id:\n" + "\n".join(offences)
