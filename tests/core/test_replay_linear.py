"""Linear replay and undo by snapshots (issue 9 item 3): the session keeps a snapshot every
K states and the states since the last one, so a long journal resumes in one pass and
undo replays less than one block; every state still reads as the fold of the journal.
The journal's quick reader gives exactly what the careful line-by-line reader gives."""

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import history, journal
from referee.core.errors import JournalError, RuleError
from referee.core.history import History
from referee.core.session import Session
from tests.core.conftest import fake_header, ticking
from tests.core.fakegame import GAME

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OLD = os.path.join(ROOT, "tests", "data", "journals-v1")


def add(n):
    return {"do": "add", "n": n}


def long_header():
    return fake_header(options={"target": 10 ** 9})


class Counting:
    """The fake game's rules, counting how often they run."""

    def __init__(self):
        self.calls = 0

    def __call__(self, state, action):
        self.calls += 1
        return GAME.apply(state, action)


# -- the history alone --------------------------------------------------------------------


def _fold(actions):
    states = [0]
    for action in actions:
        states.append(states[-1] + action)
    return states


ops = st.lists(st.one_of(st.tuples(st.just("append"), st.integers(1, 9)),
                         st.tuples(st.just("truncate"), st.integers(0, 40)),
                         st.tuples(st.just("read"), st.integers(0, 200))), max_size=120)


@settings(max_examples=150, deadline=None)
@given(ops=ops, every=st.integers(1, 9))
def test_issue9_item3_history_reads_as_the_list_of_states_it_replaces(ops, every):
    actions = []
    kept = History(0, lambda state, action: state + action, lambda number: actions[number - 1], every=every)
    for op, value in ops:
        if op == "append":
            actions.append(value)
            kept.append(kept.now + value)
        elif op == "truncate":
            length = max(1, len(actions) + 1 - value)
            del actions[length - 1:]
            kept.truncate(length)
        else:
            expected = _fold(actions)
            index = value % len(expected)
            assert kept[index] == expected[index]
            assert kept[-1] == expected[-1] == kept.now
        assert len(kept) == len(actions) + 1
        assert kept.kept <= len(actions) // every + every + 1
    expected = _fold(actions)
    assert list(kept) == expected
    assert list(kept.view()) == expected and list(reversed(kept.view())) == expected[::-1]
    assert kept[1:4] == expected[1:4]


def test_issue9_item3_history_reading_in_order_costs_one_action_a_state():
    rules = Counting()
    actions = [add(1)] * 1000
    kept = History(GAME.initial(long_header()), rules, lambda number: actions[number - 1], every=64)
    state = kept.now
    for action in actions:
        state = GAME.apply(state, action)
        kept.append(state)
    rules.calls = 0
    for number in range(1, len(kept)):
        assert kept[number].total - kept[number - 1].total == 1  # the views' pattern
    assert rules.calls <= len(actions) + 64
    rules.calls = 0
    assert [s.total for s in kept] == list(range(1001))
    assert rules.calls <= len(actions)


def test_issue9_item3_history_swaps_the_current_state_as_tests_set_positions():
    actions = [1, 2, 3, 4, 5]
    kept = History(0, lambda s, a: s + a, lambda n: actions[n - 1], every=4)
    for value in (1, 3, 6, 10, 15):
        kept.append(value)
    kept[-1] = 99
    assert kept.now == 99 and kept[5] == 99
    with pytest.raises(IndexError):
        kept[1] = 7  # before the last snapshot: it is recomputed, never stored


# -- the session ---------------------------------------------------------------------------


def _played(tmp_path, count, clock=None):
    path = str(tmp_path / "fake-1.jsonl")
    session = Session.start(GAME, long_header(), path, clock=clock or ticking())
    for number in range(count):
        session.do(add(number % 5 + 1))
    return session, path


def test_issue9_item3_memory_held_by_the_session_grows_linearly(tmp_path):
    session, path = _played(tmp_path, 1000)
    every = session._states.every
    assert session._states.kept <= 1000 // every + every + 1  # not 1001 states
    resumed = Session.resume(GAME, path, clock=ticking())
    assert resumed._states.kept <= 1000 // every + every + 1
    assert resumed.state == session.state


def test_issue9_item3_undo_replays_at_most_one_block_from_its_snapshot(tmp_path, monkeypatch):
    session, path = _played(tmp_path, 500)
    every = session._states.every
    rules = Counting()
    resumed = Session.resume(GAME, path, clock=ticking())
    resumed._states._apply = rules
    for count in (1, 37, 64, 65, 200):
        before = resumed.states[len(resumed.records) - count]
        rules.calls = 0
        resumed.undo(count)
        assert rules.calls < every
        assert resumed.state == before


def test_issue9_item3_states_is_the_fold_after_undo_and_redo(tmp_path):
    session, path = _played(tmp_path, 300)
    session.undo(150)
    session.redo(100)
    session.do(add(2))
    totals, total = [0], 0
    for action in session.events:
        total += action["n"]
        totals.append(total)
    assert [state.total for state in session.states] == totals
    assert len(session.states) == len(session.records) + 1
    assert session.steps_back_to(10) == len(session.records) - 10


def test_g3_undo_of_a_draw_long_ago_still_asks_first(tmp_path):
    path = str(tmp_path / "fake-1.jsonl")
    session = Session.start(GAME, long_header(), path, clock=ticking())
    session.do({"do": "draw"})
    first = session.state.shown[0]
    for _ in range(200):
        session.do(add(1))
    assert session.revealed_by_last(200) == []
    assert session.revealed_by_last(201) == [f"the draw of {first}"]


steps = st.lists(
    st.one_of(st.tuples(st.just("add"), st.integers(-1, 6)),
              st.tuples(st.just("run"), st.integers(1, 150)),
              st.tuples(st.just("draw"), st.just(0)),
              st.tuples(st.just("undo"), st.integers(1, 120)),
              st.tuples(st.just("redo"), st.integers(1, 120))),
    max_size=30)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sequence=steps)
def test_issue9_item3_property_replay_of_a_long_journal_with_undos_is_the_live_game(
        tmp_path_factory, monkeypatch, sequence):
    monkeypatch.setattr(history, "EVERY", 16)  # small blocks, so undos cross many snapshots
    path = str(tmp_path_factory.mktemp("long") / "fake-1.jsonl")
    session = Session.start(GAME, long_header(), path, clock=ticking())
    for kind, value in sequence:
        try:
            if kind == "run":
                for number in range(value):
                    session.do(add(number % 3 + 1))
            elif kind == "add":
                session.do(add(value))
            elif kind == "draw":
                session.do({"do": "draw"})
            elif kind == "undo":
                before = session.states[max(0, len(session.records) - value)]
                session.undo(value)
                assert session.state == before
            else:
                session.redo(value)
        except RuleError:
            pass
    again = Session.resume(GAME, path, clock=ticking())
    assert again.state == session.state
    assert again.events == session.events and again.can_redo == session.can_redo
    assert list(again.states) == list(session.states)
    assert again._states.kept <= len(again.records) // 16 + 16 + 1


# -- the journal's quick reader ------------------------------------------------------------


def _both(data):
    """What the quick reader and the careful one make of ``data``."""
    quick = journal._parse(data, "g.jsonl")
    header_end = data.index(b"\n")
    saved = journal._quick_records
    try:
        journal._quick_records = lambda data, end: None
        careful = journal._parse(data, "g.jsonl")
    finally:
        journal._quick_records = saved
    return quick, careful, journal._quick_records(data, header_end)


@pytest.mark.parametrize("name", sorted(n for n in os.listdir(OLD) if n.endswith(".jsonl")))
def test_issue9_item3_quick_reader_reads_every_old_save_as_the_careful_one(name):
    with open(os.path.join(OLD, name), "rb") as handle:
        data = handle.read()
    quick, careful, records = _both(data)
    assert quick == careful
    assert records is not None  # the saves the referee writes take the quick way


HEADER = json.dumps({"format": "referee-journal", "version": 1, "players": ["Ann", "Ben"]}).encode()
DO = b'{"kind":"do","n":1,"action":{"do":"add","n":1,"at":1.5}}'


@pytest.mark.parametrize("body", [
    DO + b"\n" + DO + b"\n",
    DO + b"\n\n" + DO + b"\n",  # a blank line
    DO + b" \n" + DO + b"\n",  # spaces after a record
    b'{"kind":"do","n":1,\n"action":{"do":"add","n":1}}\n',  # one record over two lines
    b'{"kind":"do","action":{"do":"add"},"n":1}{"kind":"undo"}\n',  # two records on one line
    b'{"kind":"undo","count":2,"at":3}\n{"kind":"redo","at":"noon"}\n',  # a time that is not a number
    b'{"kind":"undo","count":0}\n',
    b'{"kind":"do","n":1}\n',  # no action
    DO + b"\n" + DO,  # a last line without its newline
    DO + b"\n" + DO[:20],  # a torn last line
    DO + b"\n" + b'\xff\xfe\n',  # not UTF-8
    b'[1,2]\n',
])
def test_issue9_item3_quick_reader_leaves_anything_unusual_to_the_careful_one(body):
    data = HEADER + b"\n" + body
    try:
        quick, careful, _records = _both(data)
    except JournalError as error:
        saved = journal._quick_records
        try:
            journal._quick_records = lambda data, end: None
            with pytest.raises(JournalError) as careful_error:
                journal._parse(data, "g.jsonl")
        finally:
            journal._quick_records = saved
        assert str(careful_error.value) == str(error)
        return
    assert quick == careful


# -- shared growth ---------------------------------------------------------------------------


def test_issue9_item3_a_chain_item_added_again_from_the_same_chain_is_shared_not_copied():
    from referee.core.states import Chain

    before = Chain().add("a").add("b")
    checked = before.add("c")  # a command's session.check: its state is thrown away
    done = before.add("c")  # then session.do makes the same move
    assert done == ("a", "b", "c") and done._items is checked._items  # no copy of the game so far
    other = before.add("d")  # a different move from there (after an undo) copies
    assert other == ("a", "b", "d") and other._items is not done._items
    assert done == ("a", "b", "c") and checked == ("a", "b", "c")
    assert done.add("e") == ("a", "b", "c", "e") and before == ("a", "b")
