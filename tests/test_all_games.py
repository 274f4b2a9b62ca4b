"""What every game owes the table, checked the same way for each game in ``GAMES``.

A new game gets these for free and cannot opt out: its commands all explain themselves,
the shell's views work on a fresh game, nothing a player types raises out of the shell
(an "internal error" line is a bug), a refused line leaves the game exactly as it was,
and the journal replays to the live state (DESIGN 2, 3; G-3).
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

from referee.cli import main
from referee.core.builtins import SHELL
from referee.core.errors import InputError
from referee.core.options import resolve
from referee.games import GAMES, load
from tests.tables import open_table, plays_and_replays, refusals_change_nothing

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
TOKENS = ["0", "1", "2", "3", "5", "9", "10", "-1", "99", "yes", "no", "all", "Ann", "Ben", "Zed", "a1", "b2",
          "c3", "e5", "f9", "0,0", "1,0", "0,1", "-1,0", "0,-1", "x,y", "3a", "7b", "11a", "up", "down", "with",
          "short", "mid", "long", "a", "b", "late", "!", "ice cream", "fruit/salad/bowl/ice cream", "@", "mars",
          "alpha", "Rs", "W", "Rs@b2", "to", "1/2/3/4"]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
CASES = [(entry.name, mode) for entry in GAMES for mode in load(entry.name).modes]


def new_shell(home, name, mode):
    """A fresh game of ``name`` with the fewest players its default options accept."""
    game = load(name)
    for count in range(max(game.min_players, 2), game.max_players + 1):
        try:
            return open_table(name, home, NAMES[:count], mode)[1]
        except InputError:
            continue
    raise AssertionError(f"{name}: no player count from {game.min_players} to {game.max_players} can start")


@pytest.mark.parametrize("name, mode", CASES)
def test_every_command_explains_itself_and_the_views_work_on_a_fresh_game(tmp_path, name, mode):
    shell = new_shell(tmp_path, name, mode)
    for command in shell.commands.commands.values():
        assert shell.execute(f"help {command.name}"), shell.printed[-1]
        assert command.summary, f"{name}: `{command.name}` has no help line"
    for line in ("help", "show", "score", "log", "rules"):
        shell.printed.clear()
        assert shell.execute(line), f"{name} {mode}: `{line}` on a fresh game: {shell.printed}"
        assert shell.printed and shell.printed[-1].strip(), f"{name}: `{line}` printed nothing"
    assert not shell.session.events


@pytest.mark.parametrize("name, mode", CASES)
def test_the_cli_starts_and_quits_each_game_with_exit_0(tmp_path, monkeypatch, name, mode):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    game = load(name)
    players = None
    for count in range(max(game.min_players, 2), game.max_players + 1):
        header = {"players": NAMES[:count], "mode": mode, "options": resolve(game.options, ())}
        try:
            game.prepare(dict(header, id=None, seed=1, wordlists=[]))
        except InputError:
            continue
        players = ",".join(NAMES[:count])
        break
    seeded = ["-m", mode, "--seed", "4"] if mode == "digital" else []
    result = CliRunner().invoke(main, [name, "-p", players, *seeded], input="score\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output


@pytest.mark.parametrize("entry", GAMES, ids=[e.name for e in GAMES])
def test_issue9_item6_the_game_reads_its_command_line_facts_from_its_entry(entry):
    """`referee GAME --help` is built from the package's ENTRY without importing the game;
    the game takes its name, title, modes, timer option and flag choices from that same
    entry, so they cannot disagree. What is left to check is that each flag names an option."""
    game = load(entry.name)
    assert game.entry is entry
    assert (game.name, game.title, game.modes) == (entry.name, entry.title, tuple(entry.modes))
    declared = {option.name: option for option in game.options}
    assert ("timer" in declared) == bool(entry.timer)
    if entry.timer:
        assert declared["timer"] == entry.timer.option()
    for flag in entry.flags:
        assert flag.option in declared, flag
        assert declared[flag.option].choices == flag.choices


def _lines(name):
    words = sorted({w for c in SHELL.extend(load(name).commands).commands.values() for w in (c.name, *c.aliases)}
                   - {"quit", "exit", "q", "save"})
    line = st.tuples(st.sampled_from(words), st.lists(st.sampled_from(TOKENS), max_size=4)).map(
        lambda parts: " ".join([parts[0], *parts[1]]))
    spoken = st.tuples(st.sampled_from(NAMES[:3]), line).map(lambda parts: f"{parts[0]}: {parts[1]}")
    return st.lists(st.one_of(line, line, spoken, st.text(max_size=20)), max_size=30)


@pytest.mark.parametrize("name, mode", CASES)
def test_property_random_lines_never_raise_refusals_change_nothing_replay_is_live(tmp_path_factory, name, mode):
    @SETTINGS
    @given(lines=_lines(name))
    def check(lines):
        shell = new_shell(tmp_path_factory.mktemp(name), name, mode)
        refusals_change_nothing(shell.session, shell, shell.printed, lines)
        plays_and_replays(shell.session, shell, [])  # the lines above, replayed from the save

    check()
