"""Invariants under random play (hypothesis), kept to modest example counts.

- the score of a play depends only on its pairs and points, not on the order found (CN-3);
- replaying the journal rebuilds the live state (resume = replay, DESIGN 2);
- undo after any accepted action restores the state before it;
- no input line raises out of the shell, and a refused line changes nothing.
"""

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.connections import layout
from tests.connections.helpers import new_session
from tests.tables import plays_and_replays, refusals_change_nothing, undo_restores

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

WORDS = ["fruit", "salad", "bowl", "ice cream", "tiger", "head", "tree", "bird", "snakk", "gold", "mine"]
CARD = st.tuples(*[st.sampled_from(WORDS)] * 4, st.integers(0, 6)).map(lambda t: "/".join(t[:4]) + f" {t[4]}")
CELL = st.tuples(st.integers(-2, 2), st.integers(-2, 2)).map(lambda c: f"{c[0]},{c[1]}")
NAMES = ["Ann", "Ben", "Cy"]
LINES = st.one_of(
    st.builds(lambda c, k, bang: f"play {c} {k}{' !' if bang else ''}", CELL, CARD, st.booleans()),
    st.builds(lambda who, c, k: f"{who}: play {c} {k} !", st.sampled_from(NAMES), CELL, CARD),
    st.builds(lambda k: f"start {k} !", CARD),
    st.builds(lambda who, n: f"{who}: draw {n}", st.sampled_from(NAMES), st.integers(0, 5)),
    st.builds(lambda who, n: f"hand {who} {' '.join(['2'] * n)}", st.sampled_from(NAMES), st.integers(0, 6)),
    st.builds(lambda a, b, c: f"run {a}; {b}; {c} !", CARD, CARD, CARD),
    st.builds(lambda n, e, k: f"extend {n} {e} {k} !", st.integers(0, 2), st.sampled_from(["east", "west", "up"]), CARD),
    st.builds(lambda who, n: f"steal {who} {n} east", st.sampled_from(NAMES), st.integers(0, 2)),
    st.builds(lambda who, c: f"{who}: take {c}", st.sampled_from(NAMES), CELL),
    st.builds(lambda who, n: f"adjust hand {who} {n}", st.sampled_from(NAMES), st.integers(-1, 12)),
    st.builds(lambda p, n: f"adjust pile {p} {n}", st.sampled_from(["", "1", "3"]), st.integers(-1, 125)),
    # CN-7 objections and named ballots, G-6 finish, hand totals, G-5 late
    st.builds(lambda who, c: f"{who}: contest {c}", st.sampled_from(NAMES), CELL),
    st.builds(lambda who, c: f"contest {who} {c}", st.sampled_from(NAMES), CELL),
    st.builds(lambda c, b: f"vote {c} all {b}", CELL, st.sampled_from(["yes", "no"])),
    st.builds(lambda who, c, b: f"vote {who} {c} Ann {b} Ben {b} Cy {b}", st.sampled_from(NAMES), CELL,
              st.sampled_from(["yes", "no"])),
    st.builds(lambda who, n: f"hand {who} {n}", st.sampled_from(NAMES), st.integers(-1, 60)),
    st.builds(lambda c, k: f"play {c} {k} ! late", CELL, CARD),
    st.sampled_from(["draw", "pass", "contest", "vote all yes", "vote all no", "vote Ann yes Ben no", "Ann yes",
                     "round", "finish", "undo", "redo", "score", "log", "show", "show all", "show 1,1", "rules",
                     "help", "Ann: return 2", "play", "play 1,0", "play 1,0 a/b/c 2", "hand", "contest 9,9"]),
    st.text(max_size=30),
)
VARIANTS = st.sampled_from([("classic", NAMES[:2]), ("endless", NAMES[:2]), ("solitaire", ["Sol"]),
                            ("quick", NAMES), ("quads", NAMES[:2]), ("rummy", NAMES)])


@given(points=st.integers(1, 5), touching=st.lists(st.integers(1, 5), min_size=1, max_size=4),
       multiply=st.booleans())
def test_cn3_score_depends_only_on_the_pairs_and_points_not_their_order(points, touching, multiply):
    scores = {layout.score(points, list(order), multiply)[0] for order in itertools.permutations(touching)}
    assert len(scores) == 1
    total = (points + sum(touching)) * (layout.MULTIPLIER[len(touching)] if multiply else 1)
    assert scores == {total}


@given(order=st.permutations([(0, 1), (1, 0), (0, -1), (-1, 0)]))
def test_cn3_filling_an_opening_scores_the_same_whichever_neighbours_came_first(order):
    cells = {cell: layout.Card(("n", "e", "s", "w"), i + 1) for i, cell in enumerate(order)}
    pairs = layout.pairs(cells, (0, 0), layout.Card(("n", "e", "s", "w"), 2))
    assert layout.score(2, [p.points for p in pairs])[0] == (2 + 1 + 2 + 3 + 4) * 10


@SETTINGS
@given(lines=st.lists(LINES, max_size=30), setup=VARIANTS)
def test_replaying_the_journal_rebuilds_the_live_state(tmp_path, lines, setup):
    variant, players = setup
    session, shell, out = new_session(tmp_path, variant, players)
    plays_and_replays(session, shell, lines)


@SETTINGS
@given(lines=st.lists(LINES, max_size=30), setup=VARIANTS)
def test_undo_after_any_accepted_action_restores_the_state_before(tmp_path, lines, setup):
    variant, players = setup
    session, shell, out = new_session(tmp_path, variant, players)
    undo_restores(session, shell, lines)


QUICK_LINES = st.one_of(
    st.builds(lambda who, c, k: f"{who}: play {c} {k} !", st.sampled_from(NAMES), CELL, CARD),
    st.builds(lambda who: f"{who}: draw", st.sampled_from(NAMES)),
    st.builds(lambda who, c: f"{who}: contest {c}", st.sampled_from(NAMES), CELL),
    st.builds(lambda c, a, b, d: f"vote {c} Ann {a} Ben {b} Cy {d}", CELL, *[st.sampled_from(["yes", "no"])] * 3),
    st.sampled_from(["contest", "vote all yes", "vote all no", "undo", "hand Ben 20", "hand Cy 12", "round"]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(QUICK_LINES, max_size=40), majority=st.booleans())
def test_cn7_no_card_is_lost_or_made_and_no_card_under_a_vote_is_built_on(tmp_path, lines, majority):
    """Whatever objections, votes and overturns happen in Quick Play, every card of the box is
    in a hand, the pile or the layout, and no card is played against a card under a vote."""
    session, shell, out = new_session(tmp_path, "quick", NAMES, deck=40,
                                      approval="majority" if majority else "all")
    shell.execute("start tiger/head/tree/ocean 1 !")
    for line in lines:
        shell.execute(line)
        state = session.state
        if state.phase in ("play", "count"):
            assert sum(state.hands) + sum(state.piles) + len(state.cells) == 40
        for vote in state.votes:
            cell = tuple(int(n) for n in vote.label.split(","))
            order = list(state.cells)
            later = order[order.index(cell) + 1:]
            assert not [c for c in later if abs(c[0] - cell[0]) + abs(c[1] - cell[1]) == 1]
    plays_and_replays(session, shell, [])


@SETTINGS
@given(lines=st.lists(LINES, max_size=30), setup=VARIANTS)
def test_no_line_raises_and_a_refused_line_changes_nothing(tmp_path, lines, setup):
    variant, players = setup
    refusals_change_nothing(*new_session(tmp_path, variant, players), lines)
