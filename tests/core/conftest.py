"""Shared fixtures for the core tests: a private save folder and a fake game in progress."""

import itertools

import pytest

from referee.core import render
from referee.core.builtins import SHELL
from referee.core.session import Session
from referee.core.shell import Shell
from tests.core.fakegame import GAME

PLAYERS = ["Ann", "Ben"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """REFEREE_HOME in a fresh folder, so no test sees another's games or the player's."""
    folder = tmp_path / "home"
    monkeypatch.setenv("REFEREE_HOME", str(folder))
    monkeypatch.setenv("NO_COLOR", "1")
    render.set_color(None)
    return folder


@pytest.fixture
def run_cli(home, tmp_path):
    """``referee ARGS`` through click's runner in ``home``; ``script=`` (text or bytes)
    becomes a --script file. Locks a run left are released afterwards."""
    from click.testing import CliRunner

    from referee.cli import main
    from referee.core import lock

    runner = CliRunner()

    def invoke(*args, script=None, input=None):
        args = list(args)
        if script is not None:
            path = tmp_path / f"script-{len(list(tmp_path.glob('script-*')))}.txt"
            path.write_text(script, encoding="utf-8") if isinstance(script, str) else path.write_bytes(script)
            args += ["--script", str(path)]
        return runner.invoke(main, args, input=input, catch_exceptions=False)

    yield invoke
    lock.release_all()


@pytest.fixture
def phone(home, monkeypatch):
    """``home``, and a phone's 50 columns: what every reply must fit."""
    monkeypatch.setenv("COLUMNS", "50")
    return home


def fake_header(**changes):
    header = {"id": "fake-1", "players": list(PLAYERS), "mode": "table", "seed": 7,
              "options": {"target": 10, "loud": False, "colour": "red"}}
    header.update(changes)
    return header


def ticking():
    """A clock that moves one second a call, so timestamps are distinct and repeatable."""
    counter = itertools.count(1_700_000_000)
    return lambda: float(next(counter))


@pytest.fixture
def journal_path(tmp_path):
    return str(tmp_path / "games" / "fake-1.jsonl")


@pytest.fixture
def session(journal_path):
    return Session.start(GAME, fake_header(), journal_path, clock=ticking())


@pytest.fixture
def shell(session, home):
    """A non-interactive shell over the fake game whose output lands in ``shell.printed``."""
    printed = []
    sh = Shell(session, SHELL.extend(GAME.commands), out=printed.append)
    sh.printed = printed
    return sh


@pytest.fixture
def repl(session, home):
    """The prompt-toolkit REPL over the fake game, driven through a pipe (prompt-toolkit's
    unit-testing recipe): (shell with .printed, pipe input, dummy output)."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    printed = []
    sh = Shell(session, SHELL.extend(GAME.commands), out=printed.append, interactive=True)
    sh.printed = printed
    with create_pipe_input() as pipe:
        yield sh, pipe, DummyOutput()
