"""Invariants of a ConneXion game under random play (hypothesis).

- replaying the journal rebuilds the live state (resume = replay, DESIGN 2);
- undo after any accepted action restores the state before it;
- no input line raises out of the shell, and a refused line changes nothing.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import load
from referee.games.connexion import cards
from tests.tables import open_table, plays_and_replays, refusals_change_nothing, undo_restores

GAME = load("connexion")
LETTERS = [letter.name.lower() for letter in cards.letters().values()]
WORDS = ["a", "i", "me", "meta", "metaphor", "to", "not", "go", "going", "an", "in", "on", "zzz", "lol", "ivan",
         "am", "man", "name", "more", "or", "so"]
CARDS = ["mars", "sun", "venus", "virgo 44", "leo 36", "earth", "jupiter", "virgo", "44", "36"]  # bare values too
LINES = st.one_of(
    st.sampled_from(LETTERS).map(lambda k: f"place {k}"),
    st.sampled_from(WORDS).map(lambda w: f"word {w}"),
    st.sampled_from(WORDS).map(lambda w: f"Ben: word {w}"),
    st.sampled_from(CARDS),
    st.sampled_from(["contest", "vote all yes", "vote all no", "vote Ann yes Ben no", "pilfer none", "undo",
                     "undo yes", "redo", "score", "log", "words", "bonus i am", "finish", "finish early", "adjust points Ann 3",
                     "adjust give mars to Ben", "show", "deck", "help", "rules", "card", "pilfer Ben mars", "word", "place",
                     "bonus", "i am", "finish no bonus", "Ben: hand Ann", "hand Ben", "contest am", "word am late"]),
    st.text(max_size=30),
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def new_session(home, mode="table"):
    session, shell, _ = open_table("connexion", home, mode=mode, timer=0)
    return session, shell


@SETTINGS
@given(lines=st.lists(LINES, max_size=40), mode=st.sampled_from(["table", "digital"]))
def test_replaying_the_journal_rebuilds_the_live_state(tmp_path, lines, mode):
    plays_and_replays(*new_session(tmp_path, mode), lines)


@SETTINGS
@given(lines=st.lists(LINES, max_size=40))
def test_undo_after_any_accepted_action_restores_the_state_before(tmp_path, lines):
    undo_restores(*new_session(tmp_path), lines)


@SETTINGS
@given(lines=st.lists(LINES, max_size=40))
def test_no_line_raises_and_a_refused_line_changes_nothing(tmp_path, lines):
    session, shell = new_session(tmp_path)
    refusals_change_nothing(session, shell, shell.printed, lines)
