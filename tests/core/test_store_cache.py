"""The summaries' cache (issue 9 item 3, gap): `referee games` and `referee stats` replay
only the saves that changed since they were last listed; the cache is a shortcut that
is never needed, so a damaged, foreign or unwritable cache changes no row."""

import json
import os
import shutil
import time

import pytest

from referee.core import stats, store

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OLD = os.path.join(ROOT, "tests", "data", "journals-v1")
SAVES = ["connexion-table", "cosmocode-table", "colors-2p", "connexion-digital"]


@pytest.fixture
def saves(home):
    """Four finished saves, written an hour ago (older than the racy margin)."""
    folder = home / "games"
    folder.mkdir(parents=True)
    ids = []
    for number, name in enumerate(SAVES, start=1):
        ident = f"{name.split('-')[0]}-{number}"
        path = folder / f"{ident}.jsonl"
        shutil.copy(os.path.join(OLD, name + ".jsonl"), path)
        an_hour_ago = time.time() - 3600
        os.utime(path, (an_hour_ago, an_hour_ago))
        ids.append(ident)
    store._ENTRIES.clear()
    yield ids
    store._ENTRIES.clear()


@pytest.fixture
def replays(monkeypatch):
    """The ids replayed through the rules."""
    seen = []
    real = store.replayed

    def counting(journal):
        seen.append(journal.header["id"])
        return real(journal)

    monkeypatch.setattr(store, "replayed", counting)
    return seen


def fresh_rows(ids):
    store._ENTRIES.clear()
    return [store.played(i)[0] for i in ids]


def test_issue9_games_replays_only_what_changed(saves, replays):
    first = [store.summary_of(i) for i in saves]
    assert sorted(replays) == sorted(saves)
    assert os.path.isfile(store.cache_path())
    replays.clear()
    store._ENTRIES.clear()  # a new process: the cache is read from the file
    again = [store.summary_of(i) for i in saves]
    assert replays == []
    assert again == first == fresh_rows(saves)


def test_issue9_a_save_that_changed_is_replayed_again(saves, replays):
    [store.summary_of(i) for i in saves]
    path = store.path_of(saves[0])
    with open(path, "ab") as handle:
        handle.write(b'{"kind":"undo","n":999,"count":1,"at":1795468400.0}\n')
    an_hour_ago = time.time() - 3000
    os.utime(path, (an_hour_ago, an_hour_ago))
    replays.clear()
    store._ENTRIES.clear()
    rows = [store.summary_of(i) for i in saves]
    assert replays == [saves[0]]
    assert rows == fresh_rows(saves)
    assert rows[0]["finished"] is False  # the end was undone


def test_issue9_a_save_changed_this_instant_is_not_cached(home, saves, replays):
    path = store.path_of(saves[1])
    os.utime(path, None)  # just now: a same-size change in this clock tick would not show
    [store.summary_of(i) for i in saves]
    replays.clear()
    store._ENTRIES.clear()
    [store.summary_of(i) for i in saves]
    assert replays == [saves[1]]


@pytest.mark.parametrize("damage", [
    b"not json at all\n",
    b'{"v":"0.0.0-other","id":"connexion-1","key":[1,2,3],"row":{"game":"x"}}\n',
    b'{"v":',  # torn
    b"\xff\xfe\x00\n",
    b"[1,2,3]\n",
])
def test_issue9_a_damaged_cache_changes_no_row(saves, damage):
    expected = fresh_rows(saves)
    store._ENTRIES.clear()
    with open(store.cache_path(), "wb") as handle:
        handle.write(damage)
    assert [store.summary_of(i) for i in saves] == expected
    store._ENTRIES.clear()
    assert [store.summary_of(i) for i in saves] == expected


def test_issue9_a_cache_entry_that_lies_about_its_save_is_not_believed(saves):
    expected = fresh_rows(saves)
    [store.summary_of(i) for i in saves]
    lines = open(store.cache_path(), encoding="utf-8").read().splitlines()
    forged = json.loads(lines[0])
    forged["row"] = dict(forged["row"], winners=["Mallory"])
    forged["key"][0] += 1  # a size the save does not have
    with open(store.cache_path(), "a", encoding="utf-8") as handle:
        handle.write(json.dumps(forged) + "\n")
    store._ENTRIES.clear()
    assert [store.summary_of(i) for i in saves] == expected


def test_issue9_a_folder_or_fifo_in_place_of_the_cache_lists_every_game(saves):
    expected = fresh_rows(saves)
    os.mkdir(store.cache_path())
    store._ENTRIES.clear()
    assert [store.summary_of(i) for i in saves] == expected
    os.rmdir(store.cache_path())
    os.mkfifo(store.cache_path())
    store._ENTRIES.clear()
    assert [store.summary_of(i) for i in saves] == expected  # and does not hang
    assert [store.summary_of(i) for i in saves] == expected


def test_issue9_an_unwritable_save_folder_still_lists(saves, home):
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    expected = fresh_rows(saves)
    os.chmod(home / "games", 0o555)
    try:
        store._ENTRIES.clear()
        assert [store.summary_of(i) for i in saves] == expected
    finally:
        os.chmod(home / "games", 0o755)


def test_issue9_the_cache_is_compacted_when_old_lines_pile_up(saves):
    for _ in range(30):
        store._ENTRIES.clear()
        for ident in saves:
            store._cache_add(store._cache_entries(), {"v": store._version(), "id": ident, "key": [0, 0, 0],
                                                       "row": {}})
    lines = open(store.cache_path(), encoding="utf-8").read().splitlines()
    assert len(lines) <= 2 * len(saves) + 17


def test_issue9_stats_from_the_cache_are_the_stats_replayed(saves, replays):
    replayed = stats.collect()
    assert replayed["games"] == len(saves)
    replays.clear()
    store._ENTRIES.clear()
    assert stats.collect() == replayed
    assert replays == []
    assert stats.collect(player="ann")["players"] == stats.collect(player="ANN")["players"]


def test_issue9_stats_after_games_replays_once_for_the_records(saves, replays):
    [store.summary_of(i) for i in saves]  # `games` caches rows without records
    replays.clear()
    store._ENTRIES.clear()
    first = stats.collect()
    assert sorted(replays) == sorted(saves)  # finished games: their records were not cached yet
    replays.clear()
    store._ENTRIES.clear()
    assert stats.collect() == first and replays == []
