"""Adding a game is its package plus one line (issue 9 item 6): a new game written in a
folder of its own, with nothing but its name added to ``referee.games.BUILT``, appears in
`referee --help`, answers to its aliases, takes its flags, timer and player count from its
ENTRY, and plays; no other file of the referee changes."""

import re
import sys
import textwrap

import pytest
from click.testing import CliRunner

ENTRY_PY = '''
from referee.games import Entry, Flag, Seats, Timer

ENTRY = Entry(
    "tally",
    "Tally Sticks",
    "Referee Tally Sticks: add to the count, first to the target wins.",
    aliases=("ts",),
    modes=("table",),
    flags=(Flag(("--colour",), "colour", "Red or blue sticks (T-4).", choices=("red", "blue")),),
    timer=Timer(30, "T-5", "turn time in seconds (0 = untimed)"),
    words=False,
    players=Seats(2, 3, "T-1"),
)
'''

GAME_PY = '''
from referee.core.options import Option
from referee.games.tally import ENTRY
from tests.core.fakegame import FakeGame


class Tally(FakeGame):
    entry = ENTRY
    options = (
        Option("target", 10, "T-2", "the total that ends the game"),
        Option("colour", "red", "T-4", "the colour of the sticks", choices=ENTRY.choices("colour")),
        ENTRY.timer.option(),
    )


GAME = Tally()
'''


@pytest.fixture
def tally(tmp_path, monkeypatch, home):
    """The game `tally` written as a new package beside the built ones, and its name
    added to BUILT: the two steps the README gives."""
    import referee.games as games

    folder = tmp_path / "games" / "tally"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text(textwrap.dedent(ENTRY_PY), encoding="utf-8")
    (folder / "game.py").write_text(textwrap.dedent(GAME_PY), encoding="utf-8")
    monkeypatch.setattr(games, "__path__", list(games.__path__) + [str(tmp_path / "games")])
    monkeypatch.setattr(games, "BUILT", games.BUILT + ("tally",))  # the one line
    monkeypatch.setattr(games, "GAMES", games._read())
    from referee import cli

    monkeypatch.setattr(cli, "GAMES", games.GAMES)
    yield games
    for name in [m for m in sys.modules if m.startswith("referee.games.tally")]:
        del sys.modules[name]


def run(*args, input=None):
    from referee.cli import main

    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_issue9_item6_a_new_game_is_listed_and_answers_to_its_alias(tally):
    listed = run("--help").output
    assert "tally" in listed and "Tally Sticks" in " ".join(listed.split())
    shown = run("ts", "--help").output
    assert "--colour [red|blue]" in shown and "-t, --timer SECONDS" in shown
    assert "--seed" not in shown and "--wordlist" not in shown  # table mode only, no words


def test_issue9_item6_a_new_game_reads_its_facts_from_its_entry(tally):
    game = tally.load("ts")
    assert (game.name, game.title, game.modes, game.min_players, game.max_players) == (
        "tally", "Tally Sticks", ("table",), 2, 3)
    assert {o.name: o.choices for o in game.options}["colour"] == ("red", "blue")


def test_issue9_item6_a_new_game_plays_and_its_player_count_is_checked_once(tally):
    result = run("tally", "-p", "Ann,Ben", "--colour", "blue", "-t", "20", "--script", "-", input="add 4\nrules\n")
    assert result.exit_code == 0, result.output
    assert "total 4" in result.output
    assert re.search(r"colour\s+blue", result.output) and re.search(r"timer\s+20", result.output)  # flag and -t
    refused = run("tally", "-p", "Ann,Ben,Cy,Di", "--script", "-", input="add 1\n")
    assert refused.exit_code == 2
    assert "Tally Sticks is for 2 to 3 players, not 4 (T-1)" in refused.output
