"""The save file (DESIGN 2, RULINGS G-3): append-only, durable, and recovering only from a torn last line."""

import json
import os

import pytest

from referee.core import journal as journal_module
from referee.core.errors import JournalError
from referee.core.journal import FORMAT, VERSION, Journal, effective, parse

HEADER = {"id": "fake-1", "game": "fake", "players": ["Ann", "Ben", "Cy"], "mode": "digital", "seed": 42,
          "options": {"target": 10, "loud": True}}


def do(number, **action):
    return {"kind": "do", "n": number, "action": dict({"do": "add", "n": 1}, **action)}


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "games" / "g.jsonl")


def written(path, *records):
    journal = Journal.create(path, HEADER)
    for record in records:
        journal.append(record)
    return journal


def raw_lines(path):
    with open(path, "rb") as handle:
        return handle.read().split(b"\n")


# -- round trip --------------------------------------------------------------------


def test_create_append_open_round_trip(path):
    records = [do(1), do(2, n=5), {"kind": "undo", "n": 3, "count": 1}]
    written(path, *records)
    journal, warnings = Journal.open(path)
    assert warnings == []
    assert journal.records == records


def test_header_records_players_mode_seed_and_options(path):
    written(path)
    journal, _ = Journal.open(path)
    header = journal.header
    assert header["players"] == ["Ann", "Ben", "Cy"]
    assert header["mode"] == "digital"
    assert header["seed"] == 42
    assert header["options"] == {"target": 10, "loud": True}
    assert header["format"] == FORMAT and header["version"] == VERSION
    first = json.loads(raw_lines(path)[0])
    assert first["players"] == ["Ann", "Ben", "Cy"]  # on disk, not only in memory


def test_one_json_object_a_line(path):
    written(path, do(1), do(2))
    lines = raw_lines(path)
    assert lines[-1] == b""  # every line ends with its newline
    assert [json.loads(line)["kind"] for line in lines[1:-1]] == ["do", "do"]


def test_create_refuses_to_overwrite_a_game(path):
    written(path, do(1))
    before = open(path, "rb").read()
    with pytest.raises(JournalError, match="not overwriting"):
        Journal.create(path, HEADER)
    assert open(path, "rb").read() == before


def test_each_append_is_fsynced_before_it_returns(path, monkeypatch):
    journal = written(path)
    seen = []
    real = os.fsync

    def spy(fd):
        seen.append(open(path, "rb").read().count(b"\n"))
        return real(fd)

    monkeypatch.setattr(journal_module.os, "fsync", spy)
    journal.append(do(1))
    assert seen and seen[0] == 2  # the new line was flushed to the file before fsync


# -- the torn last line ---------------------------------------------------------------


def _torn(path):
    """A kill -9 in the middle of writing the third record."""
    written(path, do(1), do(2))
    line = json.dumps(do(3)).encode()
    with open(path, "ab") as handle:
        handle.write(line[: len(line) // 2])


def test_torn_last_line_is_reported_and_dropped(path):
    _torn(path)
    journal, warnings = Journal.open(path)
    assert [r["n"] for r in journal.records] == [1, 2]
    assert len(warnings) == 1
    assert "line 4" in warnings[0] and "torn" in warnings[0] and path in warnings[0]


def test_torn_last_line_is_cut_back_so_a_later_append_reads_clean(path):
    _torn(path)
    journal, _ = Journal.open(path)
    assert open(path, "rb").read().endswith(b"}\n")
    journal.append(do(3))
    again, warnings = Journal.open(path)
    assert warnings == []
    assert [r["n"] for r in again.records] == [1, 2, 3]


def test_torn_line_left_in_place_without_repair(path):
    _torn(path)
    before = open(path, "rb").read()
    journal, warnings = Journal.open(path, repair=False)
    assert [r["n"] for r in journal.records] == [1, 2]
    assert warnings
    assert open(path, "rb").read() == before


def test_issue13_7c_damaged_last_line_that_ends_in_its_newline_is_an_error_not_a_tear(path):
    written(path, do(1))
    with open(path, "ab") as handle:
        handle.write(b'{"kind":"do","n":2,"act\n')
    before = open(path, "rb").read()
    with pytest.raises(JournalError, match=r"line 3: not JSON"):
        Journal.open(path)
    assert open(path, "rb").read() == before


def test_whole_last_line_without_its_newline_is_kept(path):
    written(path, do(1))
    with open(path, "ab") as handle:
        handle.write(json.dumps(do(2)).encode())  # no newline: the crash came just before it
    journal, warnings = Journal.open(path)
    assert warnings == []
    assert [r["n"] for r in journal.records] == [1, 2]
    journal.append(do(3))
    assert [r["n"] for r in Journal.open(path)[0].records] == [1, 2, 3]


def test_missing_newline_is_added_back_durably(path, monkeypatch):
    written(path, do(1))
    with open(path, "ab") as handle:
        handle.write(json.dumps(do(2)).encode())
    seen = []
    real = os.fsync

    def spy(fd):
        seen.append(open(path, "rb").read().endswith(b"\n"))
        return real(fd)

    monkeypatch.setattr(journal_module.os, "fsync", spy)
    Journal.open(path)
    assert seen == [True]  # the newline reached the file before it was fsynced


# -- what is not a crash -----------------------------------------------------------------


def test_corrupt_middle_line_names_file_and_line(path):
    written(path, do(1), do(2), do(3))
    lines = raw_lines(path)
    lines[2] = b'{"kind": "do", garbage'
    with open(path, "wb") as handle:
        handle.write(b"\n".join(lines))
    with pytest.raises(JournalError) as caught:
        Journal.open(path)
    assert path in str(caught.value) and "line 3" in str(caught.value)


def test_corrupt_middle_line_leaves_the_file_alone(path):
    written(path, do(1), do(2), do(3))
    lines = raw_lines(path)
    lines[2] = b"\x00\x00\x00"
    data = b"\n".join(lines)
    with open(path, "wb") as handle:
        handle.write(data)
    with pytest.raises(JournalError):
        Journal.open(path)
    assert open(path, "rb").read() == data


def test_middle_record_of_the_wrong_kind_names_its_line(path):
    written(path, do(1), {"kind": "shuffle", "n": 2}, do(3))
    with pytest.raises(JournalError, match="line 3: not a referee journal record"):
        Journal.open(path)


def test_undo_without_a_proper_count_is_refused(path):
    written(path, do(1), {"kind": "undo", "n": 2, "count": 0}, do(3))
    with pytest.raises(JournalError, match="line 3.*count"):
        Journal.open(path)


def test_foreign_file_is_not_a_save_file(tmp_path):
    other = tmp_path / "notes.jsonl"
    other.write_text('{"hello": "world"}\n{"kind": "do"}\n')
    with pytest.raises(JournalError, match="line 1: not a referee save file"):
        Journal.open(str(other))


def test_plain_text_file_is_refused(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("shopping list\neggs\n")
    with pytest.raises(JournalError, match=str(other)):
        Journal.open(str(other))


def test_empty_file_is_refused(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(JournalError, match="empty file"):
        Journal.open(str(empty))


def test_missing_file_is_refused(tmp_path):
    with pytest.raises(JournalError, match="no saved game"):
        Journal.open(str(tmp_path / "nothing.jsonl"))


def test_newer_version_is_refused(tmp_path):
    newer = tmp_path / "newer.jsonl"
    newer.write_text(json.dumps({"format": FORMAT, "version": VERSION + 1, "players": ["A", "B"]}) + "\n")
    with pytest.raises(JournalError, match="newer referee"):
        Journal.open(str(newer))


def test_version_that_is_not_a_number_is_a_journal_error(tmp_path):
    odd = tmp_path / "odd.jsonl"
    odd.write_text(json.dumps({"format": FORMAT, "version": "2"}) + "\n")
    with pytest.raises(JournalError, match="line 1"):
        Journal.open(str(odd))


def test_parse_works_on_bytes_alone():
    data = (json.dumps(dict(HEADER, format=FORMAT, version=VERSION)) + "\n" + json.dumps(do(1)) + "\n").encode()
    header, records, warnings, good = parse(data)
    assert header["seed"] == 42 and records == [do(1)] and warnings == [] and good == len(data)


# -- a folder that cannot be written ---------------------------------------------------------


def test_unwritable_folder_is_a_journal_error(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(str(folder), os.W_OK):
            pytest.skip("running as a user who can write anywhere (root)")
        with pytest.raises(JournalError, match="cannot write the save file"):
            Journal.create(str(folder / "g.jsonl"), HEADER)
    finally:
        folder.chmod(0o700)


def test_folder_that_is_a_file_is_a_journal_error(tmp_path):
    """The same refusal, also when root can write anywhere: the 'folder' is a file."""
    blocker = tmp_path / "games"
    blocker.write_text("not a folder")
    with pytest.raises(JournalError, match="cannot write the save file"):
        Journal.create(str(blocker / "g.jsonl"), HEADER)


def test_append_that_fails_is_a_journal_error_and_not_recorded(path, monkeypatch):
    journal = written(path, do(1))
    before = open(path, "rb").read()

    def full(fd):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched, pytest.raises(JournalError, match="No space left"):
        patched.setattr(journal_module.os, "fsync", full)
        journal.append(do(2))
    assert journal.records == [do(1)]
    # Nothing of the refused record stays behind to be read back as accepted (or to
    # become a corrupt middle line once the next record is appended after it).
    assert open(path, "rb").read() == before
    journal.append(do(2))
    assert [r["n"] for r in Journal.open(path)[0].records] == [1, 2]


def test_append_to_a_save_file_that_vanished_does_not_start_a_headerless_one(path):
    journal = written(path, do(1))
    os.remove(path)
    with pytest.raises(JournalError, match="cannot write the save file"):
        journal.append(do(2))
    assert not os.path.exists(path)
    assert journal.records == [do(1)]


# -- folding undo and redo --------------------------------------------------------------------


def _ns(records):
    return [r["n"] for r in records]


def test_g3_effective_folds_undo_and_redo():
    records = [do(1), do(2), do(3), {"kind": "undo", "count": 2}, {"kind": "redo", "count": 1}]
    done, undone = effective(records)
    assert _ns(done) == [1, 2]
    assert _ns(undone) == [3]


def test_g3_undo_more_than_done_stops_at_the_start():
    done, undone = effective([do(1), {"kind": "undo", "count": 5}])
    assert done == [] and _ns(undone) == [1]


def test_g3_redo_comes_back_in_order():
    done, undone = effective([do(1), do(2), do(3), {"kind": "undo", "count": 3}, {"kind": "redo", "count": 3}])
    assert _ns(done) == [1, 2, 3] and undone == []


def test_g3_new_do_clears_redo():
    done, undone = effective([do(1), do(2), {"kind": "undo", "count": 1}, do(4), {"kind": "redo", "count": 1}])
    assert _ns(done) == [1, 4] and undone == []


def test_a_record_whose_time_is_not_a_number_names_its_line(path):
    """Exports and `referee games` format these times; a hand-edited one must be caught here."""
    written(path, do(1), do(2, at="yesterday"))
    with pytest.raises(JournalError, match="line 3: .*time"):
        Journal.open(path)
    written(str(path) + "2", do(1), {"kind": "undo", "n": 2, "count": 1, "at": [1]})
    with pytest.raises(JournalError, match="line 3: .*time"):
        Journal.open(str(path) + "2")


@pytest.mark.parametrize("players", [None, "Ann,Ben", [1, 2], []])
def test_a_header_without_proper_players_names_line_1(tmp_path, players):
    header = dict(HEADER, format=FORMAT, version=VERSION)
    if players is None:
        del header["players"]
    else:
        header["players"] = players
    odd = tmp_path / "odd.jsonl"
    odd.write_text(json.dumps(header) + "\n")
    with pytest.raises(JournalError, match="line 1: .*players"):
        Journal.open(str(odd))


@pytest.mark.parametrize("field,value", [("game", 5), ("id", ["x"]), ("mode", None), ("options", []),
                                         ("wordlists", "enable.txt"), ("started", 12)])
def test_a_header_field_of_the_wrong_type_names_line_1(tmp_path, field, value):
    """The shell, exports and `referee games` read these fields; a hand edit is caught here."""
    header = dict(HEADER, format=FORMAT, version=VERSION, started="2026-01-01T10:00:00", wordlists=[])
    header[field] = value
    odd = tmp_path / "odd.jsonl"
    odd.write_text(json.dumps(header) + "\n")
    with pytest.raises(JournalError, match=f"line 1: .*{field}"):
        Journal.open(str(odd))
