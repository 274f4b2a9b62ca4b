"""The benchmark's seeded games stay playable: bench/cosmos_bench.py times a 2,000-event
journal made of whole games a simple strategy plays through the shell, so a rule change
that leaves that strategy stuck (a turn no line can end) or a game that no longer
replays would make its figures measure something else. No time is asserted here.
"""

import importlib.util
from pathlib import Path

import pytest

from referee.core.session import Session
from referee.games import load

BENCH = Path(__file__).resolve().parents[2] / "bench" / "cosmos_bench.py"


def _bench():
    spec = importlib.util.spec_from_file_location("cosmos_bench", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players, seed", [(("Ann", "Ben"), 3), (("Ann", "Ben", "Cy"), 1),
                                           (("Ann", "Ben", "Cy", "Di"), 2)])
def test_bench_simple_strategy_plays_a_seeded_game_to_its_end_and_it_replays(players, seed, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))  # the bench's table sets it: put it back after
    bench = _bench()
    header, actions, path, how = bench.play_game(players, seed, str(tmp_path))
    assert how == "over", how
    kinds = {action["do"] for action in actions}
    assert {"goal", "shift", "take", "place", "end", "count"} <= kinds  # phi, the 2nd goal, is counted
    resumed = Session.resume(load("cosmos"), path)
    assert resumed.events == actions and resumed.over


def test_bench_journal_games_stop_at_the_count_asked(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    games = _bench().journal_games(150, str(tmp_path))
    assert sum(len(actions) for _header, actions, _path, _how in games) == 150
    assert all(how == "over" for _header, _actions, _path, how in games[:-1])
