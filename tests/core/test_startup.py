"""Nothing slow before the first prompt; ``--help`` imports nothing it does not need
(issue 11 items 3 and 7). Times are in bench/startup_bench.py; these tests check the
order of things and what is imported, which cannot fail by a busy machine.
"""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.core.builtins import SHELL
from referee.core.shell import Shell
from tests.core.fakegame import GAME

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def drawn_output():
    """A real VT100 output over a string buffer, so a test can see what was drawn when."""
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    buffer = io.StringIO()
    return buffer, Vt100_Output(buffer, lambda: Size(rows=20, columns=50), term="xterm")


def test_item3_the_game_warms_up_only_after_the_first_prompt_is_drawn(session, home, drawn_output, monkeypatch):
    from prompt_toolkit.input import create_pipe_input

    buffer, output = drawn_output
    seen = []
    monkeypatch.setattr(type(GAME), "prompt", lambda self, state: "fake here> ", raising=False)
    monkeypatch.setattr(type(GAME), "warm", lambda self, s: seen.append("fake here>" in buffer.getvalue()),
                        raising=False)
    shell = Shell(session, SHELL.extend(GAME.commands), out=lambda text: None, interactive=True)
    with create_pipe_input() as pipe:
        pipe.send_text("add 2\radd 3\r\x04")
        shell.run_interactive(input=pipe, output=output)
    assert seen == [True]  # once, and the prompt was already on the screen
    assert shell.session.state.total == 5


def test_item3_a_bug_in_warming_up_costs_the_warm_up_not_the_game(session, home, drawn_output, monkeypatch):
    from prompt_toolkit.input import create_pipe_input

    _buffer, output = drawn_output

    def broken(self, s):
        raise RuntimeError("boom")

    monkeypatch.setattr(type(GAME), "warm", broken, raising=False)
    shell = Shell(session, SHELL.extend(GAME.commands), out=lambda text: None, interactive=True)
    with create_pipe_input() as pipe:
        pipe.send_text("add 4\r\x04")
        shell.run_interactive(input=pipe, output=output)
    assert shell.session.state.total == 4
    assert "warming up" in (home / "errors.log").read_text()


def _python(code):
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    result = subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.parametrize("game", ["connexion", "connections"])
def test_item3_starting_a_word_game_loads_no_lexicon_before_the_prompt(game):
    """Up to the first prompt (the game built, the session started, the welcome shown),
    neither the lexicon's table nor wordfreq is read: the shell warms up after drawing."""
    code = (
        "import sys, threading\n"
        "opened = []\n"
        "sys.addaudithook(lambda e, a: opened.append(str(a[0])) if e == 'open' else None)\n"
        "from referee.games import load\n"
        f"game = load({game!r})\n"
        "threads = threading.active_count()\n"
        "print('wordfreq' in sys.modules, any('lexicon-table' in p or p.endswith('enable.txt') for p in opened),"
        " threading.active_count() - threads)\n"
    )
    assert _python(code).split() == ["False", "False", "0"]


def test_item7_help_imports_no_game_no_dataclasses_no_inspect():
    """`referee --help` needs click and the games' one-line entries only: importing
    dataclasses (and through it inspect) cost 2.7x a bare interpreter."""
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import click\n"
        "@click.group()\n"
        "def bare():\n"
        "    'A bare click group: its --help imports what click needs for help.'\n"
        "try:\n"
        "    bare(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "after_click = set(sys.modules)\n"
        "from referee.cli import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "extra = sorted(set(sys.modules) - after_click)\n"
        "print('MODULES', ' '.join(extra))\n"
    )
    out = _python(code)
    extra = out.split("MODULES", 1)[1].split()
    for heavy in ("dataclasses", "inspect", "prompt_toolkit", "wordfreq", "referee.core.lexicon", "tabulate"):
        assert heavy not in extra, heavy
    # Each game's package (its ENTRY) and nothing of the game below it: no rules, no views.
    from referee.games import BUILT

    entries = {f"referee.games.{name}" for name in BUILT}
    assert not [m for m in extra if m.startswith("referee.games.") and m not in entries]
    assert set(extra) <= {"referee", "referee.cli", "referee.cli_settings", "referee.games", "importlib", "locale",
                          "_locale"} | entries, extra


# What a first prompt may not load (issue 19's first-prompt budget): the game's moves and
# commands, the shell's builtins, the clocks, replies. They load once it is drawn.
_LATER = ("moves", "commands", "referee.core.builtins", "referee.core.clocks", "referee.core.reply")


@pytest.mark.parametrize("game", ["connexion", "connections", "colors", "cosmocode", "cosmos"])
def test_issue19_a_first_prompt_is_drawn_before_the_moves_and_commands_load(game, tmp_path):
    """A new game up to its first prompt (the command line's own path: the header, the
    save, the welcome, the prompt and the toolbar as drawn) loads the game's state, view
    and phase table only; the warm-up after the drawing loads the rest, so the first line
    typed finds them there."""
    code = (
        "import sys\n"
        "from referee.core import launch, shell\n"
        "launch._interactive = lambda: True\n"
        f"LATER = {_LATER!r}\n"
        f"PACKAGE = 'referee.games.{game}.'\n"
        "def loaded():\n"
        "    return sorted(m for m in sys.modules if m in LATER or (m.startswith(PACKAGE) and m[len(PACKAGE):] in LATER))\n"
        "def first_prompt(self, input=None, output=None):\n"
        "    self._prompt_text(), self.session.game.toolbar(self.session.state), self.toolbar()\n"
        "    print('BEFORE', loaded())\n"
        "    self._warm_once(None)\n"
        "    print('AFTER', loaded(), len(self.commands.commands) > 10)\n"
        "shell.Shell.run_interactive = first_prompt\n"
        f"launch.start({game!r}, 'Ann,Ben', (), None, False, True)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               REFEREE_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    said = {line.split(" ", 1)[0]: line.split(" ", 1)[1] for line in result.stdout.splitlines()
            if line.startswith(("BEFORE", "AFTER"))}
    assert said["BEFORE"] == "[]"
    assert f"'referee.games.{game}.moves'" in said["AFTER"] and f"'referee.games.{game}.commands'" in said["AFTER"]
    assert said["AFTER"].endswith("True")
