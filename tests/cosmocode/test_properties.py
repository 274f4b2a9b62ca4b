"""Invariants of a Cosmo;code game under random play (hypothesis).

- replaying the journal rebuilds the live state (resume = replay, DESIGN 2);
- undo after any accepted action restores the state before it;
- no input line raises out of the shell, and a refused line changes nothing.
"""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.session import Session
from tests.cosmocode.helpers import GAME, open_session

CARD = st.builds(lambda c, n, ch: f"{c}{n}{ch}", st.sampled_from(["", "g", "b"]), st.integers(1, 10),
                 st.sampled_from(["a", "b", ""]))
LINES = st.one_of(
    st.sampled_from(["receive short", "receive mid", "receive long", "take", "pass", "perk a", "perk b", "hint",
                     "undo", "undo yes", "redo", "show", "score", "log", "hand Ann", "start Ann", "start Ben",
                     "Ben: take", "Ann: pass", "rules", "help", "take #1", "take #2", "take #3"]),
    st.builds(lambda r, a, b, c: f"receive {r} {a} {b} {c}".strip(), st.sampled_from(["short", "mid", "long"]),
              st.sampled_from(["1a", "2b", "3a", "4a", "5a"]), st.sampled_from(["2a", "3b", "4a", "6a"]),
              st.sampled_from(["", "3a", "5a"])),
    st.builds(lambda t, p: f"flip {t} with {p}", CARD, CARD),
    st.builds(lambda p, q: f"indicator with {p} {q}", CARD, CARD),
    st.builds(lambda t, w, p: f"tune {t} {w} with {p}", CARD, st.sampled_from(["up", "down", "left"]), CARD),
    st.builds(lambda p: f"discard {p}", CARD),
    st.builds(lambda p: f"take {p}", CARD),
    st.builds(lambda p, q: f"deal Ann {p} {q}", CARD, CARD),
    st.text(max_size=20),
)

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(lines=st.lists(LINES, max_size=40), mode=st.sampled_from(["table", "digital"]))
def test_replaying_the_journal_rebuilds_the_live_state(tmp_path, lines, mode):
    session, shell = open_session(tmp_path, mode=mode, seed=5)
    for line in lines:
        shell.execute(line)
    resumed = Session.resume(GAME, session.journal.path)
    assert resumed.state == session.state
    assert resumed.events == session.events


@SETTINGS
@given(lines=st.lists(LINES, max_size=40), mode=st.sampled_from(["table", "digital"]))
def test_undo_after_any_accepted_action_restores_the_state_before(tmp_path, lines, mode):
    session, shell = open_session(tmp_path, mode=mode, seed=6)
    for line in lines:
        before, count = session.state, len(session.events)
        shell.execute(line)
        if len(session.events) == count + 1:
            session.undo(1)
            assert session.state == before
            session.redo(1)


@SETTINGS
@given(lines=st.lists(LINES, max_size=40), mode=st.sampled_from(["table", "digital"]))
def test_no_line_raises_and_a_refused_line_changes_nothing(tmp_path, lines, mode):
    session, shell = open_session(tmp_path, mode=mode, seed=7)
    for line in lines:
        before_state, before_size = session.state, os.path.getsize(session.journal.path)
        if not shell.execute(line):
            assert session.state == before_state
            assert os.path.getsize(session.journal.path) == before_size
    assert not any("internal error" in text for text in shell.printed)
