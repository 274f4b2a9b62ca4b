"""Invariants of a Cosmo;code game under random play (hypothesis).

- replaying the journal rebuilds the live state (resume = replay, DESIGN 2);
- undo after any accepted action restores the state before it;
- no input line raises out of the shell, and a refused line changes nothing.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cosmocode.helpers import open_session
from tests.tables import plays_and_replays, refusals_change_nothing, undo_restores

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
    plays_and_replays(*open_session(tmp_path, mode=mode, seed=5), lines)


@SETTINGS
@given(lines=st.lists(LINES, max_size=40), mode=st.sampled_from(["table", "digital"]))
def test_undo_after_any_accepted_action_restores_the_state_before(tmp_path, lines, mode):
    undo_restores(*open_session(tmp_path, mode=mode, seed=6), lines)


@SETTINGS
@given(lines=st.lists(LINES, max_size=40), mode=st.sampled_from(["table", "digital"]))
def test_no_line_raises_and_a_refused_line_changes_nothing(tmp_path, lines, mode):
    session, shell = open_session(tmp_path, mode=mode, seed=7)
    refusals_change_nothing(session, shell, shell.printed, lines)
