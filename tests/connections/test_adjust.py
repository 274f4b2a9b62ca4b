"""`adjust` (G-1): a hand or pile count the scribe got wrong, found too late for `undo`, is set
to the table's count by a logged event, and the round's end follows the corrected count."""

import pytest

from referee.core.errors import RuleError
from referee.core.session import Session
from tests.connections.helpers import GAME, card, do, new_session, started
from tests.tables import typed


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")  # one refusal is one line here; test_table_ready fits 50 columns
    return lambda *args, **options: new_session(tmp_path, *args, **options)


def fix(state, what, count, **fields):
    return do(state, "adjust", what=what, count=count, **fields)


def test_g1_adjust_sets_a_count_as_a_logged_event_not_an_undo(game):
    session, shell, out = game()
    typed(shell, out, "start tiger/head/tree/ocean 1", "play 1,0 fruit/salad/bowl/dish 2")
    events = len(session.events)
    text = typed(shell, out, "adjust pile 112", "fix hand Ben 6")  # a draw nobody typed
    assert "✓ the draw pile corrected to the table's count: 113 → 112 cards (G-1)" in text
    assert "✓ Ben's hand corrected to the table's count: 5 → 6 cards (G-1)" in text
    assert session.state.hands == (4, 6) and session.state.piles == (112,)
    assert len(session.events) == events + 2 and session.state.cells.keys() == {(0, 0), (1, 0)}  # nothing undone
    log = typed(shell, out, "log")
    assert "Ben's hand corrected to the table's count: 5 → 6 cards (G-1)" in log
    assert Session.resume(GAME, session.journal.path).state == session.state  # the journal replays it
    typed(shell, out, "undo")
    assert session.state.hands == (4, 5)  # and undo takes a correction back like any event


@pytest.mark.parametrize("line, message", [
    ("adjust hand Ben -1", "a count of cards cannot be negative, not -1 (G-1)"),
    ("adjust pile -3", "a count of cards cannot be negative, not -3 (G-1)"),
    ("adjust hand Ben 6", "the box holds 124 cards, 119 of them counted elsewhere: Ben's hand can hold 5 at most; "
                          "first correct the count the card came from (CN-1)"),
    ("adjust pile 114", ": the draw pile can hold 113 at most"),
    ("adjust pile 1000", ": the draw pile can hold 113 at most"),
    ("adjust pile 2 50", "Classic has one draw pile: `adjust pile N` (CN-6)"),
    ("adjust hand Ben 5", "Ben's hand holds 5 by the count already; nothing to correct (G-1)"),
    ("adjust hand Zed 3", "no player 'Zed'"),
    ("adjust hand Ben three", "a count of cards is a whole number, not 'three'"),
    ("adjust hand Ben", "adjust hand PLAYER N or adjust pile [PILE] N"),
    ("adjust deck 3", "adjust hand PLAYER N or adjust pile [PILE] N"),
    ("adjust", "adjust hand PLAYER N or adjust pile [PILE] N"),
])
def test_g1_a_count_that_cannot_be_is_refused_in_one_line_and_changes_nothing(game, line, message):
    session, shell, out = game()
    typed(shell, out, "start tiger/head/tree/ocean 1")
    before, events = session.state, len(session.events)
    text = typed(shell, out, line)
    assert message in text and text.startswith("✗") and "\n" not in text
    assert session.state == before and len(session.events) == events


def test_g1_adjust_waits_for_the_deal_and_for_an_open_vote_and_ends_with_the_game():
    with pytest.raises(RuleError, match=r"the round is not dealt yet.*\(G-1\)"):
        fix(GAME.initial({"players": ["Ann", "Ben"], "options": {}}), "pile", 100)
    state = do(do(started(), "play", cell=[1, 0], card=card()), "contest")
    with pytest.raises(RuleError, match=r"a vote is open.*\(G-4\)"):
        fix(state, "pile", 100)
    with pytest.raises(RuleError, match=r"Solitaire keeps no hand.*\(CN-6\)"):
        fix(started("solitaire", ("Sol",)), "hand", 3, player="Sol")
    assert fix(started("solitaire", ("Sol",)), "pile", 50).piles == (50,)


def test_g1_quads_names_one_of_its_four_piles():
    state = GAME.initial({"players": ["Ann", "Ben"], "options": {"variant": "quads"}})
    assert state.piles == (29, 29, 29, 29)
    assert fix(state, "pile", 20, pile=3).piles == (29, 29, 20, 29)
    with pytest.raises(RuleError, match=r"four draw piles.*\(CN-6\)"):
        fix(state, "pile", 20)


def test_cn6_the_hand_entered_at_the_round_end_must_match_the_corrected_count():
    state = started(players=("Ann", "Ben"))
    state = fix(fix(state, "pile", 0), "hand", 1, player="Ann")  # the table counts again: only these are left
    state = do(state, "play", cell=[1, 0], card=card())  # Ann's last card empties her hand
    state = do(state, "pass")  # Ben's one more turn (CN-6), the pile being empty
    assert state.phase == "count"
    with pytest.raises(RuleError, match="Ben holds 5 cards by the count, not 6"):
        do(state, "hand", player="Ben", points=[1] * 6)
    state = fix(state, "hand", 3, player="Ben")
    with pytest.raises(RuleError, match="Ben holds 3 cards by the count, not 5"):
        do(state, "hand", player="Ben", points=[1] * 5)
    state = do(state, "hand", player="Ben", points=[2, 2, 2])
    assert state.rounds == ((2, -6),) and state.phase == "start"


def test_cn6_an_empty_pile_by_the_corrected_count_lets_the_table_close_the_round():
    state = started(players=("Ann", "Ben"))
    with pytest.raises(RuleError, match="the round goes on"):
        do(state, "round")
    state = do(fix(state, "pile", 0), "round")
    assert state.phase == "count"


def test_cn6_a_classic_hand_found_empty_gives_everyone_else_one_more_turn():
    state = do(started(players=("Ann", "Ben", "Cy")), "play", cell=[1, 0], card=card())  # Ben to play
    state = fix(state, "hand", 0, player="Ann")
    assert state.owed == (1, 2) and state.emptied == 0 and state.turn == 1
    state = do(state, "play", cell=[2, 0], card=card())
    state = do(state, "play", cell=[3, 0], card=card())
    assert state.phase == "count" and state.counted == {0: ()}


def test_cn6_a_classic_hand_found_empty_on_its_own_turn_ends_that_turn():
    state = fix(started(players=("Ann", "Ben", "Cy")), "hand", 0, player="Ann")
    assert state.turn == 1 and state.owed == (1, 2) and state.emptied == 0


@pytest.mark.parametrize("variant", ["quick", "rummy"])
def test_cn6_a_quick_or_rummy_hand_found_empty_ends_the_round(variant):
    state = GAME.initial({"players": ["Ann", "Ben"], "options": {"variant": variant}})
    if variant == "quick":
        state = do(state, "start", card=card())
    state = fix(state, "hand", 0, player="Ben")
    assert state.phase == "count" and state.emptied == 1 and state.counted == {1: ()}


def test_cn6_endless_ends_when_the_corrected_counts_say_the_cards_ran_out():
    state = fix(fix(started("endless"), "pile", 0), "hand", 0, player="Ann")
    assert state.phase == "play"
    state = fix(state, "hand", 0, player="Ben")
    assert state.phase == "over" and state.rounds == ((0, 0),)


def test_cn6_at_the_count_a_hand_found_empty_is_counted_and_one_found_full_must_be_entered():
    state = started(players=("Ann", "Ben", "Cy"))
    state = do(fix(state, "pile", 0), "round")
    assert state.phase == "count" and state.counted == {}
    state = fix(state, "hand", 0, player="Ann")
    assert state.counted == {0: ()}
    state = fix(fix(state, "pile", 5), "hand", 2, player="Ann")  # she held two after all
    assert state.counted == {}
    state = do(state, "hand", player="Ann", points=[1, 1])
    with pytest.raises(RuleError, match=r"Ann has their hand entered already; `undo` back to it"):
        fix(state, "hand", 3, player="Ann")


def test_cn4_an_overturn_after_a_correction_keeps_the_correction():
    state = do(started(players=("Ann", "Ben")), "play", cell=[1, 0], card=card())  # hands 4 5, pile 113
    state = fix(fix(state, "pile", 100), "hand", 7, player="Ben")
    state = do(do(state, "contest"), "vote", ballots=[["Ann", False], ["Ben", False]])
    assert state.hands == (5 + 1, 7) and state.piles == (99,) and (1, 0) not in state.cells
