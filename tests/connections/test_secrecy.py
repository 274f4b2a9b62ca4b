"""Issue 9 item 5, secrets by construction, for a game whose referee holds no secret.

The cards are physical (CN-1): which cards are in a hand (Rummy's included) or still in
a pile is never typed, so the referee cannot know it; a hand is a count every player
sees, and the points left in a hand are said aloud at the round's end (CN-6). What a
Connections session could still hide is the header's seed (a table-mode game never uses
it) and nothing else. So the property here: two tables that differ only in that seed,
given the same lines, show the same thing everywhere the table looks before the end
(every reply and refusal, the prompt and the toolbar, `show`, `score`, `log`, the
exports and `--json`), and no reply is ever private (nothing a seat alone may see).
Every variant is played, Rummy (the one with hands kept in front of the players) most.
"""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import export
from referee.games.connections.moves import MOVES
from tests.connections.helpers import options
from tests.connections.test_properties import LINES
from tests.tables import open_table

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SETUPS = st.sampled_from([("rummy", ("Ann", "Ben", "Cy")), ("rummy", ("Ann", "Ben")), ("classic", ("Ann", "Ben")),
                          ("quick", ("Ann", "Ben", "Cy")), ("quads", ("Ann", "Ben")), ("endless", ("Ann", "Ben")),
                          ("solitaire", ("Sol",))])
OPENING = {"rummy": ["draw"], "quads": []}  # the others open with a starter card


def _table(home, variant, players, seed):
    os.makedirs(home, exist_ok=True)
    session, shell, out = open_table("connections", home, players, seed=seed, **options(variant=variant))
    session.clock = lambda: 1_000_000.0  # the same time on both tables: the log's clock is not a secret
    session.header["started"] = "2026-11-23T21:00:00"
    private = []
    shell.show_private = lambda owner, text: private.append((owner, text))
    return session, shell, out, private


def _seen(session, shell, out, line):
    """Everything the table sees after ``line``, with the game's id (a file name) made common."""
    out.clear()
    shell.execute(line)
    state = session.state
    seen = list(out) + [session.game.prompt(state), " | ".join(shell._toolbar(80, 1_000_000.0) or "")]
    return [str(text).replace(session.header["id"], "ID") for text in seen]


def _exports(session):
    finished = session.over
    records = session.records
    return [export.render(session.game, session.header, records, finished, fmt, states=session.states).replace(
        session.header["id"], "ID") for fmt in ("json", "text", "csv", "md")]


def test_issue9_item5_no_connections_move_holds_a_secret():
    assert [move.name for move in MOVES if move.secret] == []


@SETTINGS
@given(lines=st.lists(LINES, max_size=25), setup=SETUPS, seeds=st.tuples(st.integers(0, 99), st.integers(100, 999)))
def test_issue9_item5_secrecy_tables_differing_only_in_what_is_hidden_show_the_same(tmp_path_factory, lines, setup,
                                                                                     seeds):
    variant, players = setup
    home = tmp_path_factory.mktemp("secrecy")
    tables = [_table(str(home / str(seed)), variant, players, seed) for seed in seeds]
    opening = OPENING.get(variant, ["start tiger/head/tree/ocean 1 !"])
    for line in opening + lines + ["show all", "score", "log", "moves"]:
        seen = [_seen(session, shell, out, line) for session, shell, out, _private in tables]
        assert seen[0] == seen[1], line
        if not tables[0][0].over:  # before the end, the exports hide the seed too
            assert _exports(tables[0][0]) == _exports(tables[1][0])
    for _session, _shell, _out, private in tables:
        assert private == []  # nothing for one seat's eyes only: the referee knows no hidden card
