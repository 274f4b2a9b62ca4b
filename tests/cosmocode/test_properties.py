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


# -- a damaged journal (issue 9 item 1: an action is read by its move's fields) -------------------

_VALUES = st.one_of(st.none(), st.integers(-3, 12), st.booleans(), st.text(max_size=4),
                    st.sampled_from(["B5a", "G3b", "R4a", "B7", "short", "mid", "long", "Ann", "a"]),
                    st.lists(st.one_of(st.integers(-1, 3), st.sampled_from(["B5a", "G3b", "R4a", "x"])), max_size=3))
_ACTIONS = st.builds(lambda do, fields: dict(fields, do=do),
                     st.sampled_from(["start", "deal", "receive", "reveal", "flip", "indicator", "tune", "take",
                                      "pass", "discard", "perk", "finish", "nonsense"]),
                     st.dictionaries(st.sampled_from(["player", "cards", "range", "target", "pay", "step", "perk",
                                                      "names", "by"]), _VALUES, max_size=4))


@settings(max_examples=300, deadline=None)
@given(mode=st.sampled_from(["table", "digital"]), actions=st.lists(_ACTIONS, max_size=12))
def test_issue9_any_action_dict_is_applied_or_refused_never_a_traceback(mode, actions):
    """Whatever a hand-edited journal holds, the declared moves read it (ActionError, an
    InputError), refuse it (RuleError), or apply it: nothing else escapes the rules."""
    from referee.core.errors import InputError, RuleError
    from referee.games.cosmocode import dealing
    from referee.games.cosmocode.moves import MOVES
    from tests.cosmocode.helpers import header

    state = dealing.initial(header(mode=mode, seed=3, first="Ann"))
    opening = {"do": "receive", "range": "mid"} if mode == "digital" else {"do": "receive", "range": "mid",
                                                                           "cards": ["G4a", "G4b"]}
    state = MOVES.apply(state, opening)  # in the middle of an attempt: every manipulation is open
    for action in actions:
        try:
            state = MOVES.apply(state, action)
        except (RuleError, InputError):
            pass
