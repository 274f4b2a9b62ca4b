"""A game in progress (DESIGN 2): check, write, commit; undo is appended (G-3); resume = replay."""

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import journal as journal_module
from referee.core.errors import JournalError, RuleError
from referee.core.journal import Journal
from referee.core.session import Session
from tests.core.conftest import fake_header, ticking
from tests.core.fakegame import GAME, Counter


def add(n):
    return {"do": "add", "n": n}


def file_bytes(session):
    with open(session.journal.path, "rb") as handle:
        return handle.read()


def resumed(session):
    return Session.resume(GAME, session.journal.path, clock=ticking())


# -- doing -------------------------------------------------------------------------------


def test_start_writes_the_header_and_the_initial_state(session):
    assert session.state == Counter(total=0, target=10, deck=session.state.deck)
    assert sorted(session.state.deck) == sorted(("ace", "two", "three", "four", "five", "six"))
    header = json.loads(file_bytes(session).splitlines()[0])
    assert header["game"] == "fake" and header["players"] == ["Ann", "Ben"] and "started" in header


def test_bad_setup_is_refused_before_a_file_is_made(tmp_path):
    path = str(tmp_path / "g.jsonl")
    with pytest.raises(RuleError, match="two players"):
        Session.start(GAME, fake_header(players=["Ann"]), path)
    assert not os.path.exists(path)


def test_do_applies_records_and_stamps(session):
    session.speaker = "Ben"
    state = session.do(add(3))
    assert state.total == 3 and session.state.total == 3
    record = session.records[-1]
    assert record["kind"] == "do" and record["n"] == 1
    assert record["action"]["by"] == "Ben" and record["action"]["at"] >= 1_700_000_000
    on_disk = json.loads(file_bytes(session).splitlines()[-1])
    assert on_disk == record


def test_do_marks_the_record_that_ends_the_game(session):
    session.do(add(4))
    session.do(add(6))
    assert session.over
    assert session.records[-1].get("over") is True
    assert "over" not in session.records[0]


def test_refused_action_leaves_state_and_file_unchanged(session):
    session.do(add(2))
    before_state, before_file = session.state, file_bytes(session)
    with pytest.raises(RuleError, match=r"positive number, not -1 \(F-1\)"):
        session.do(add(-1))
    assert session.state == before_state
    assert file_bytes(session) == before_file
    assert len(session.records) == 1


def test_action_that_cannot_be_saved_is_not_made(session, monkeypatch):
    session.do(add(2))
    before_state, before_file = session.state, file_bytes(session)

    def broken(fd):
        raise OSError(5, "Input/output error")

    with monkeypatch.context() as patched, pytest.raises(JournalError):
        patched.setattr(journal_module.os, "fsync", broken)
        session.do(add(3))
    assert session.state == before_state and len(session.events) == 1
    assert file_bytes(session) == before_file
    assert resumed(session).state == before_state


# -- undo and redo -------------------------------------------------------------------------


def test_g3_undo_restores_the_previous_state(session):
    session.do(add(2))
    after_first = session.state
    session.do(add(3))
    assert session.undo() == [dict(session.journal.records[1]["action"])]
    assert session.state == after_first


def test_g3_undo_is_appended_not_cut(session):
    session.do(add(2))
    session.do(add(3))
    before = file_bytes(session)
    session.undo()
    after = file_bytes(session)
    assert after.startswith(before)
    last = json.loads(after.splitlines()[-1])
    assert last["kind"] == "undo" and last["count"] == 1


def test_g3_undo_n(session):
    for n in (1, 2, 3):
        session.do(add(n))
    undone = session.undo(2)
    assert [a["n"] for a in undone] == [3, 2]
    assert session.state.total == 1
    assert session.can_redo == 2


def test_g3_undo_more_than_there_is_stops_at_the_start(session):
    session.do(add(1))
    session.do(add(2))
    session.undo(9)
    assert session.state.total == 0 and session.events == []
    assert json.loads(file_bytes(session).splitlines()[-1])["count"] == 2


def test_g3_nothing_to_undo(session):
    with pytest.raises(RuleError, match="nothing to undo"):
        session.undo()


@pytest.mark.parametrize("count", [0, -1])
def test_g3_undo_needs_a_positive_count(session, count):
    session.do(add(1))
    before = file_bytes(session)
    with pytest.raises(RuleError):
        session.undo(count)
    assert file_bytes(session) == before


def test_g3_redo_puts_back_in_order(session):
    for n in (1, 2, 3):
        session.do(add(n))
    session.undo(3)
    assert [a["n"] for a in session.redo(2)] == [1, 2]
    assert session.state.total == 3
    assert [a["n"] for a in session.redo()] == [3]
    with pytest.raises(RuleError, match="nothing to redo"):
        session.redo()


def test_g3_new_action_clears_redo(session):
    session.do(add(1))
    session.undo()
    session.do(add(5))
    assert session.can_redo == 0
    with pytest.raises(RuleError, match="nothing to redo"):
        session.redo()
    assert resumed(session).can_redo == 0


@pytest.mark.parametrize("count", [0, -1])
def test_g3_redo_needs_a_positive_count_and_never_writes_a_bad_record(session, count):
    session.do(add(1))
    session.do(add(2))
    session.undo(2)
    before = file_bytes(session)
    with pytest.raises(RuleError):
        session.redo(count)
    assert file_bytes(session) == before
    assert resumed(session).can_redo == 2  # the file still reads


def test_steps_back_to(session):
    for n in (1, 2, 3, 4):
        session.do(add(n))
    assert session.steps_back_to(4) == 0
    assert session.steps_back_to(1) == 3
    assert session.steps_back_to(0) == 4
    for bad in (5, -1):
        with pytest.raises(RuleError, match=f"no event {bad}"):
            session.steps_back_to(bad)


def test_revealed_by_last(session):
    session.do(add(1))
    session.do({"do": "draw"})
    session.do(add(1))
    first = session.state.shown[0]
    assert session.revealed_by_last(1) == []
    assert session.revealed_by_last(2) == [f"the draw of {first}"]
    assert session.revealed_by_last(10) == [f"the draw of {first}"]
    assert session.revealed_by_last(0) == []


# -- resume = replay ------------------------------------------------------------------------


def test_resume_rebuilds_the_same_state(session):
    session.do(add(2))
    session.do({"do": "draw"})
    session.do(add(3))
    session.undo()
    session.do({"do": "draw"})
    session.undo()
    again = resumed(session)
    assert again.state == session.state
    assert again.events == session.events
    assert again.can_redo == session.can_redo == 1
    assert again.redo() == session.redo()
    assert again.state == session.state


def test_resume_continues_the_record_numbering(session):
    session.do(add(1))
    session.undo()
    again = resumed(session)
    again.do(add(2))
    assert [r["n"] for r in again.journal.records] == [1, 2, 3]


def test_resume_after_a_torn_line_warns_and_keeps_the_rest(session):
    session.do(add(2))
    with open(session.journal.path, "ab") as handle:
        handle.write(b'{"kind":"do","n":2,"action":{"do":"ad')
    again = resumed(session)
    assert again.state.total == 2
    assert len(again.warnings) == 1 and "torn" in again.warnings[0]
    again.do(add(1))
    assert resumed(again).state.total == 3


def test_resume_of_an_event_that_no_longer_replays_is_a_journal_error(session):
    session.do(add(2))
    with open(session.journal.path, "ab") as handle:
        handle.write(b'{"kind":"do","n":2,"action":{"do":"add","n":-4}}\n')
    with pytest.raises(JournalError, match=r"line 3: event 2 does not replay: the rules refuse it") as error:
        resumed(session)
    assert "version" not in str(error.value)  # issue 13, defect 7e: only when the versions differ


def test_resume_of_a_damaged_action_is_a_journal_error_not_a_crash(session):
    session.do(add(2))
    with open(session.journal.path, "ab") as handle:
        handle.write(b'{"kind":"do","n":2,"action":{"do":"add"}}\n')  # "n" is missing
    with pytest.raises(JournalError, match="event 2"):
        resumed(session)


# -- properties (DESIGN Tests) ---------------------------------------------------------------

steps = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.integers(min_value=-2, max_value=4)),
        st.tuples(st.just("draw"), st.just(0)),
        st.tuples(st.just("undo"), st.integers(min_value=1, max_value=3)),
        st.tuples(st.just("redo"), st.integers(min_value=1, max_value=3)),
    ),
    max_size=25,
)


def _play(session, kind, value):
    if kind == "add":
        return session.do(add(value))
    if kind == "draw":
        return session.do({"do": "draw"})
    if kind == "undo":
        return session.undo(value)
    return session.redo(value)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sequence=steps)
def test_property_replay_of_the_journal_is_the_live_state(tmp_path_factory, sequence):
    path = str(tmp_path_factory.mktemp("replay") / "g.jsonl")
    session = Session.start(GAME, fake_header(options={"target": 30}), path, clock=ticking())
    for kind, value in sequence:
        try:
            _play(session, kind, value)
        except RuleError:
            pass
        again = Session.resume(GAME, path, clock=ticking())
        assert again.state == session.state
        assert again.events == session.events
        assert again.can_redo == session.can_redo


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sequence=steps)
def test_property_undo_after_an_accepted_action_restores_the_state_before_it(tmp_path_factory, sequence):
    path = str(tmp_path_factory.mktemp("undo") / "g.jsonl")
    session = Session.start(GAME, fake_header(options={"target": 30}), path, clock=ticking())
    for kind, value in sequence:
        if kind in ("undo", "redo"):
            try:
                _play(session, kind, value)
            except RuleError:
                pass
            continue
        before, events_before = session.state, session.events
        try:
            _play(session, kind, value)
        except RuleError:
            assert session.state == before
            continue
        session.undo()
        assert session.state == before
        assert session.events == events_before
        session.redo()


def test_journal_of_a_session_reads_back_with_journal_open(session):
    session.do(add(1))
    journal, warnings = Journal.open(session.journal.path, repair=False)
    assert warnings == [] and journal.records == session.journal.records


def test_resume_of_a_header_the_game_cannot_set_up_is_a_journal_error(session, monkeypatch):
    session.do(add(1))
    monkeypatch.setattr(type(GAME), "initial", lambda self, header: header["no such key"])
    with pytest.raises(JournalError, match="cannot be set up"):
        resumed(session)


def test_g5_a_resumed_session_stamps_its_actions_with_the_resume_time(session):
    session.do({"do": "add", "n": 1})
    assert "resumed" not in session.events[-1]
    resumed = Session.resume(GAME, session.journal.path, clock=lambda: 2_000_000_000.0)
    assert resumed.resumed_at == 2_000_000_000.0
    resumed.do({"do": "add", "n": 2})
    assert resumed.events[-1]["resumed"] == 2_000_000_000.0
