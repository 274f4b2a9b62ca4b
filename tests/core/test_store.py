"""Where saved games live and how players name them: short ids, one number sequence."""

import os

import pytest

from referee.core import store
from referee.core.errors import InputError
from referee.core.session import Session
from tests.core.conftest import fake_header, ticking
from tests.core.fakegame import GAME


@pytest.fixture(autouse=True)
def fake_is_a_known_game(monkeypatch):
    """`referee games` replays each save through its game's rules; the fake game is one."""
    import referee.games

    real = referee.games.load
    monkeypatch.setattr(referee.games, "load", lambda name: GAME if name == "fake" else real(name))


def make(game_id, actions=(), **header):
    path = store.path_of(game_id)
    session = Session.start(GAME, fake_header(id=game_id, **header), path, clock=ticking())
    for action in actions:
        session.do(action)
    return session


def test_home_follows_referee_home(home):
    assert store.home() == str(home)
    assert store.games_folder() == os.path.join(str(home), "games")
    assert store.path_of("fake-3") == os.path.join(str(home), "games", "fake-3.jsonl")


def test_no_games_yet(home):
    assert store.all_ids() == []
    assert store.new_id("fake") == "fake-1"
    with pytest.raises(InputError, match="no saved games"):
        store.find("last")


def test_new_id_is_one_sequence_across_games(home):
    make("fake-1")
    assert store.new_id("fake") == "fake-2"
    make("connexion-2")
    assert store.new_id("fake") == "fake-3"
    assert store.new_id("connexion") == "connexion-3"


def test_all_ids_in_number_order_and_ignores_other_files(home):
    for game_id in ("fake-10", "fake-2", "fake-1"):
        make(game_id)
    (home / "games" / "notes.txt").write_text("x")
    (home / "games" / "Fake-99.jsonl").write_text("x")
    assert store.all_ids() == ["fake-1", "fake-2", "fake-10"]


@pytest.fixture
def three(home):
    make("fake-1")
    make("fake-2")
    make("connexion-11")
    return home


def test_find_by_id(three):
    assert store.find("fake-2") == "fake-2"
    assert store.find(" FAKE-1 ") == "fake-1"


def test_find_by_number(three):
    assert store.find("2") == "fake-2"
    assert store.find("11") == "connexion-11"
    assert store.find("1") == "fake-1"  # not 11: numbers match whole


def test_find_last(three):
    assert store.find("last") == "connexion-11"
    assert store.find("latest") == "connexion-11"


def test_find_by_unique_prefix(three):
    assert store.find("conn") == "connexion-11"


def test_find_ambiguous(three):
    with pytest.raises(InputError, match="could be fake-1, fake-2; say which"):
        store.find("fake")


def test_find_missing(three):
    with pytest.raises(InputError, match="no saved game '7'"):
        store.find("7")


def test_summary_of_a_game_in_progress(home):
    make("fake-1", [{"do": "add", "n": 2}, {"do": "add", "n": 3}])
    row = store.summary_of("fake-1")
    assert row["id"] == "fake-1" and row["game"] == "fake"
    assert row["players"] == ["Ann", "Ben"]
    assert row["events"] == 2 and row["finished"] is False
    assert row["last_move"] >= 1_700_000_000 and row["started"]


def test_summary_of_a_finished_game_counts_undo(home):
    session = make("fake-1", [{"do": "add", "n": 2}, {"do": "add", "n": 9}])
    row = store.summary_of("fake-1")
    assert row["finished"] is True and row["events"] == 2
    session.undo()
    row = store.summary_of("fake-1")
    assert row["finished"] is False and row["events"] == 1


def test_summary_does_not_repair_the_file(home):
    make("fake-1", [{"do": "add", "n": 2}])
    path = store.path_of("fake-1")
    with open(path, "ab") as handle:
        handle.write(b'{"kind":"do"')
    before = open(path, "rb").read()
    assert store.summary_of("fake-1")["events"] == 1
    assert open(path, "rb").read() == before


def test_summary_of_a_damaged_file_is_a_row_saying_so(home):
    """One damaged file must not hide every other saved game from `referee games`."""
    make("fake-1", [{"do": "add", "n": 2}])
    make("fake-2")
    with open(store.path_of("fake-2"), "wb") as handle:
        handle.write(b"garbage\nmore garbage\n")
    rows = [store.summary_of(i) for i in store.all_ids()]
    assert rows[0]["events"] == 1 and "error" not in rows[0]
    assert rows[1]["id"] == "fake-2" and rows[1]["game"] == "damaged"
    assert "fake-2.jsonl line 1" in rows[1]["error"]
    assert rows[1]["players"] == [] and rows[1]["finished"] is False
