"""Invariants of a Cosmic Colors game under random play (hypothesis).

- replaying the journal rebuilds the live state (resume = replay);
- undo after any accepted action restores the state before it;
- no input line raises out of the shell, and a refused line changes nothing.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.colors import grid, hint

from tests.tables import plays_and_replays, refusals_change_nothing, undo_restores

from .shell import new as open_game

CELLS = [grid.name(c) for c in range(25)]
CODES = [a + b for a in "ROYGB" for b in "smpcg"] + ["W"]
LINES = st.one_of(
    st.just("BEST"),
    st.lists(st.tuples(st.sampled_from(CODES), st.sampled_from(CELLS)), min_size=1, max_size=3).map(
        lambda pairs: "play " + " ".join(f"{c}@{x}" for c, x in pairs)),
    st.sampled_from(["BEST keep", "BEST discard Rs", "pass keep", "pass discard Rs Ym", "pass swap Rs for Ym"]),
    st.sampled_from(["pass", "discard", "d", "hint", "score", "score Ann", "show", "log", "undo", "undo yes", "redo",
                     "review", "hand", "cards", "rules", "take a1 red", "top Rs", "swap Rs for Ym",
                     # issue 13: corrections (G-1, CC-9), the short redraw, G-6, CC-4, slips
                     "adjust pile 3", "adjust pile 0", "adjust pile 99", "adjust hand Ann Rs Ym", "adjust hand Ben none",
                     "finish", "draw Rs empty", "empty", "Ben: score shapes", "Ann: score me", "kep", "hand Zed"]),
    st.lists(st.sampled_from(CODES), min_size=0, max_size=3).map(lambda cs: "discard " + " ".join(cs)),
    st.lists(st.sampled_from(CODES), min_size=1, max_size=5).map(lambda cs: " ".join(cs)),
    st.text(max_size=30),
)

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SETUPS = st.sampled_from([(("Ann", "Ben"), "digital", "standard"), (("Ann", "Ben", "Cy", "Di"), "digital", "wild"),
                          (("Ann", "Ben"), "table", "short"), (("Ann", "Ben", "Cy"), "digital", "jr"),
                          (("Ann", "Ben", "Cy", "Di"), "table", "standard")])
TABLE_SETUP = ["grid Oc Om Bg Bm Gg Bs Os Bc Bs Rs Os Rs Gs Gc Om Yp Om Ym Gg Gg Ym Rs Yp Og Rc",
               "hand Ann Rp Rg Oc Ys Yp Yg Gm", "hand Ben Os Op Op Oc Yg Gs Gm", "hand Cy Bm Bp Bg Rm Rc Ym Yc",
               "hand Di Gp Gc Gs Og Oc Rp Rg"]


def new(tmp_path, players, mode, variant):
    """A game of the setup; a 4-player table game is set up already, so the lines play it."""
    session, shell, out = open_game(tmp_path, players=players, mode=mode, variant=variant)
    if mode == "table" and len(players) == 4:
        for line in TABLE_SETUP:
            assert shell.execute(line), out[-1]
    return session, shell, out


def realise(session, line):
    """`BEST` is the hint's play (so random games get somewhere)."""
    state = session.state
    if not line.startswith("BEST"):
        return line
    follow = line[len("BEST"):]
    if state.variant == "jr":
        return "hint"
    if state.phase != "play":
        return "discard"
    best = hint.best_play(state.tops, state.hands[state.turn], state.side_of(state.turn))
    if not best.cells:
        return "pass" + follow
    text = " ".join(f"{state.names.code(c)}@{grid.name(x)}" for c, x in zip(best.cards, best.cells))
    return "play " + text + (f" as {state.names.value_name(state.side_of(state.turn), best.value)}"
                             if all(c == 25 for c in best.cards) else "") + follow


@SETTINGS
@given(lines=st.lists(LINES, max_size=40), setup=SETUPS)
def test_replaying_the_journal_rebuilds_the_live_state(tmp_path, lines, setup):
    players, mode, variant = setup
    session, shell, _ = new(tmp_path, players=players, mode=mode, variant=variant)
    plays_and_replays(session, shell, lines, realise)


@SETTINGS
@given(lines=st.lists(LINES, max_size=40), setup=SETUPS)
def test_undo_after_any_accepted_action_restores_the_state_before(tmp_path, lines, setup):
    players, mode, variant = setup
    session, shell, _ = new(tmp_path, players=players, mode=mode, variant=variant)
    undo_restores(session, shell, lines, realise)


@SETTINGS
@given(lines=st.lists(LINES, max_size=40), setup=SETUPS)
def test_no_line_raises_and_a_refused_line_changes_nothing(tmp_path, lines, setup):
    players, mode, variant = setup
    refusals_change_nothing(*new(tmp_path, players=players, mode=mode, variant=variant), lines, realise)
