"""Invariants of a ConneXion game under random play (hypothesis).

- replaying the journal rebuilds the live state (resume = replay, DESIGN 2);
- undo after any accepted action restores the state before it;
- no input line raises out of the shell, and a refused line changes nothing.
"""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.builtins import SHELL
from referee.core.session import Session
from referee.core.shell import Shell
from referee.games import load
from referee.games.connexion import cards

GAME = load("connexion")
LETTERS = [letter.name.lower() for letter in cards.letters().values()]
WORDS = ["a", "i", "me", "meta", "metaphor", "to", "not", "go", "going", "an", "in", "on", "zzz", "lol", "ivan",
         "am", "man", "name", "more", "or", "so"]
CARDS = ["mars", "sun", "venus", "virgo 44", "leo 36", "earth", "jupiter"]
LINES = st.one_of(
    st.sampled_from(LETTERS).map(lambda k: f"place {k}"),
    st.sampled_from(WORDS).map(lambda w: f"word {w}"),
    st.sampled_from(WORDS).map(lambda w: f"Ben: word {w}"),
    st.sampled_from(CARDS),
    st.sampled_from(["contest", "vote all yes", "vote all no", "vote Ann yes Ben no", "pilfer none", "undo",
                     "undo yes", "redo", "score", "log", "words", "bonus i am", "finish", "finish early", "adjust points Ann 3",
                     "adjust give mars to Ben", "show", "deck", "help", "rules", "card", "pilfer Ben mars", "word", "place"]),
    st.text(max_size=30),
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def new_session(home, mode="table"):
    os.environ["REFEREE_HOME"] = str(home)
    from referee.core import store

    header = {"id": None, "players": ["Ann", "Ben"], "mode": mode, "seed": 5,
              "options": {"timer": 0, "min_cards": 2, "repeats": False, "tie": "keep"}, "wordlists": []}
    GAME.prepare(header)
    header["id"] = store.new_id("connexion")
    session = Session.start(GAME, header, store.path_of(header["id"]))
    return session, Shell(session, SHELL.extend(GAME.commands), out=lambda text: None)


@SETTINGS
@given(lines=st.lists(LINES, max_size=40), mode=st.sampled_from(["table", "digital"]))
def test_replaying_the_journal_rebuilds_the_live_state(tmp_path, lines, mode):
    session, shell = new_session(tmp_path, mode)
    for line in lines:
        shell.execute(line)
    resumed = Session.resume(GAME, session.journal.path)
    assert resumed.state == session.state
    assert resumed.events == session.events


@SETTINGS
@given(lines=st.lists(LINES, max_size=40))
def test_undo_after_any_accepted_action_restores_the_state_before(tmp_path, lines):
    session, shell = new_session(tmp_path)
    for line in lines:
        before, count = session.state, len(session.events)
        shell.execute(line)
        if len(session.events) == count + 1:  # one action was accepted
            session.undo(1)
            assert session.state == before
            session.redo(1)


@SETTINGS
@given(lines=st.lists(LINES, max_size=40))
def test_no_line_raises_and_a_refused_line_changes_nothing(tmp_path, lines):
    session, shell = new_session(tmp_path)
    outputs = []
    shell.out = outputs.append
    for line in lines:
        before_state, before_size = session.state, os.path.getsize(session.journal.path)
        accepted = shell.execute(line)  # must not raise
        if not accepted:
            assert session.state == before_state
            assert os.path.getsize(session.journal.path) == before_size
    assert not any("internal error" in text for text in outputs)
