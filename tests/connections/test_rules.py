"""The rules as pure functions: each test names the rule (CN-n, G-n) it checks."""

import pytest

from referee.core.errors import RuleError
from referee.games.connections import layout
from referee.games.connections.rounds import winners
from referee.games.connections.state import card_of
from tests.connections.helpers import card, do, new_state, started


def play(state, x, y, words="n/e/s/w", points=1, **fields):
    return do(state, "play", cell=[x, y], card=card(words, points), **fields)


# -- CN-3: the rulebook's two worked examples, and the multipliers --------------------------


def test_cn3_worked_example_snack_ice_cream_one_pair_is_2_plus_2():
    state = started(starter="north/ice cream/south/west", points=2)
    after = play(state, 1, 0, "a/b/c/snack", 2)
    assert after.last["pairs"] == ("snack ↔ ice cream",)
    assert (after.last["score"], after.last["arithmetic"]) == (4, "2 + 2 = 4")
    assert after.points == (4, 0)


def test_cn3_worked_example_head_tiger_and_tree_bird_two_pairs_double():
    state = started(starter="n/tiger/s/w", points=1)
    state = play(state, 0, 1, "a/b/c/d", 3)  # Ann
    state = play(state, 1, 1, "x/y/bird/z", 1)  # Ben, east of 0,1
    state = play(state, 1, 0, "tree/e/s/head", 1)  # Ann: head-tiger (west) and tree-bird (north)
    assert set(state.last["pairs"]) == {"head ↔ tiger", "tree ↔ bird"}
    assert state.last["arithmetic"] == "(1 + 1 + 1) × 2 = 6"
    assert state.last["score"] == 6


def test_cn3_multiplier_by_pairs_one_two_three_and_ten_for_an_opening():
    assert layout.score(2, [3]) == (5, "2 + 3 = 5")
    assert layout.score(1, [1, 1]) == (6, "(1 + 1 + 1) × 2 = 6")
    assert layout.score(1, [2, 3, 4]) == (30, "(1 + 2 + 3 + 4) × 3 = 30")
    assert layout.score(5, [1, 1, 1, 1]) == (90, "(5 + 1 + 1 + 1 + 1) × 10 = 90")


def test_cn3_filling_an_opening_with_four_pairs_scores_ten_times():
    state = started(points=1)
    for x, y in ((1, 0), (0, 1), (0, -1), (-1, 1), (-1, -1)):
        state = play(state, x, y, points=1)
    state = do(state, "draw")  # keep the hands going
    # the opening at -1,0 touches 0,0 (east), -1,1 (north), -1,-1 (south); 3 pairs
    three = play(state, -1, 0, points=2)
    assert three.last["arithmetic"] == "(2 + 1 + 1 + 1) × 3 = 15"
    state = started(points=1)
    for x, y in ((1, 0), (1, 1), (1, 2), (0, 2), (-1, 2), (-1, 1)):
        state = play(state, x, y, points=1)
    four = play(state, 0, 1, points=1)  # surrounded by 0,0 / 1,1 / 0,2 / -1,1
    assert len(four.last["pairs"]) == 4 and four.last["score"] == 50


# -- CN-1 / CN-2: where a card may go -----------------------------------------------------


def test_cn1_north_is_y_plus_one_and_each_touching_side_is_a_pair():
    state = started(starter="top/right/bottom/left")
    north = play(state, 0, 1, "n/e/base/w")
    assert north.last["pairs"] == ("base ↔ top",)
    east = play(state, 1, 0, "n/e/s/start")
    assert east.last["pairs"] == ("start ↔ right",)
    south = play(state, 0, -1, "roof/e/s/w")
    assert south.last["pairs"] == ("roof ↔ bottom",)
    west = play(state, -1, 0, "n/end/s/w")
    assert west.last["pairs"] == ("end ↔ left",)


def test_cn2_an_occupied_cell_is_refused():
    state = started()
    with pytest.raises(RuleError, match=r"cell 0,0 already holds tiger/head/tree/ocean 1 \(CN-2\)"):
        play(state, 0, 0)


def test_cn2_an_isolated_cell_is_refused():
    with pytest.raises(RuleError, match=r"cell 3,0 touches no card; play next to one \(CN-2\)"):
        play(started(), 3, 0)


def test_cn2_a_diagonal_only_contact_is_refused():
    with pytest.raises(RuleError, match=r"cell 1,1 meets 0,0 only at a corner.*\(CN-2\)"):
        play(started(), 1, 1)


def test_cn1_a_card_is_four_words_and_one_to_five_points():
    state = started()
    with pytest.raises(RuleError, match="1 to 5 points"):
        do(state, "play", cell=[1, 0], card={"words": ["a", "b", "c", "d"], "points": 6})
    with pytest.raises(RuleError, match="four words"):
        do(state, "play", cell=[1, 0], card={"words": ["a", "b", "c"], "points": 2})


def test_cn6_esl_refuses_five_point_cards():
    state = started(esl=True)
    with pytest.raises(RuleError, match=r"without the 5-point cards \(CN-6\)"):
        play(state, 1, 0, points=5)
    with pytest.raises(RuleError, match="CN-6"):
        do(new_state(esl=True), "start", card=card("a/b/c/d", 5))
    assert play(state, 1, 0, points=4).points == (5, 0)


# -- CN-6 Classic --------------------------------------------------------------------------


def test_cn6_classic_deals_five_and_four_from_six_players():
    assert started().hands == (5, 5)
    six = started(players=("A", "B", "C", "D", "E", "F"))
    assert six.hands == (4,) * 6
    assert six.piles == (124 - 24 - 1,)


def test_cn6_classic_turns_go_round_and_a_wrong_player_is_refused():
    state = started()
    assert state.current == "Ann"
    with pytest.raises(RuleError, match=r"it is Ann's turn, not Ben's \(CN-6\)"):
        play(state, 1, 0, by="Ben")
    assert play(state, 1, 0, by="Ann").current == "Ben"


def test_cn6_classic_cannot_connect_draw_one_and_play_it_at_once():
    state = do(started(), "draw")
    assert state.hands == (6, 5) and state.piles == (112,) and state.current == "Ann" and state.drew
    with pytest.raises(RuleError, match="drawn this turn already"):
        do(state, "draw")
    played = play(state, 1, 0)
    assert played.current == "Ben" and played.hands == (5, 5)
    passed = do(state, "pass")
    assert passed.current == "Ben" and passed.hands == (6, 5) and not passed.drew


def test_cn6_classic_pass_needs_a_draw_while_the_pile_has_cards():
    with pytest.raises(RuleError, match=r"Ann must draw first: a player who cannot connect draws \(CN-6\)"):
        do(started(), "pass")


def test_cn6_classic_empty_hand_then_one_more_turn_each_then_hands_deducted():
    state = started(players=("Ann", "Ben", "Cy"))
    for x in range(1, 20):  # Ann empties her hand on her fifth play, the 13th
        state = play(state, x, 0)
        if state.owed is not None:
            break
    assert state.hands == (0, 1, 1) and state.owed == (1, 2) and state.current == "Ben"
    state = play(state, x + 1, 0)  # Ben's last turn: he empties too
    assert state.current == "Cy" and state.phase == "play"
    state = do(do(state, "draw"), "pass")  # Cy's last turn
    assert state.phase == "count" and state.counted == {0: (), 1: ()}
    with pytest.raises(RuleError, match=r"Cy holds 2 cards by the count, not 1: one number per card, or one for "
                                        r"the whole hand \(CN-6\)"):
        do(state, "hand", player="Cy", points=[3])
    before = state.points
    state = do(state, "hand", player="Cy", points=[3, 4])
    assert state.rounds == ((before[0], before[1], before[2] - 7),)
    assert state.phase == "start" and state.round == 2 and state.cells == {}


def test_cn6_classic_rounds_rotate_the_first_player_and_end_after_five():
    state = new_state()
    for number in range(1, 6):
        state = do(state, "start", card=card("a/b/c/d", 1))
        assert state.round == number and state.current == ("Ann", "Ben")[(number - 1) % 2]
        for x in range(1, 30):
            state = play(state, x, 0)
            if state.phase != "play":
                break
    assert state.phase == "over"
    assert len(state.rounds) == 5
    assert winners(state)


def test_cn6_classic_round_closes_early_only_when_the_pile_is_empty():
    state = started()
    with pytest.raises(RuleError, match=r"the round goes on.*\(CN-6\)"):
        do(state, "round")
    tiny = started(deck=11)  # 10 dealt + the starter: the pile is empty
    closed = do(tiny, "round")
    assert closed.phase == "count"
    with pytest.raises(RuleError, match="the draw pile is empty"):
        do(tiny, "draw")
    assert do(tiny, "pass").current == "Ben"


# -- CN-4 / G-4: contests ------------------------------------------------------------------


def test_cn4_overturned_card_back_to_hand_score_undone_and_one_more_drawn():
    state = play(started(), 1, 0, points=3)
    assert state.points == (4, 0) and state.current == "Ben"
    state = do(state, "contest")
    with pytest.raises(RuleError, match=r"a vote is open.*\(G-4\)"):
        play(state, 2, 0)
    state = do(state, "vote", ballots=[["Ann", True], ["Ben", False]])
    assert state.vote is None and (1, 0) in state.cells  # a tie keeps what was played (G-4)
    state = play(started(), 1, 0, points=3)
    state = do(do(state, "contest"), "vote", ballots=[["Ann", False], ["Ben", False]])
    assert (1, 0) not in state.cells and state.points == (0, 0)
    assert state.hands == (6, 5) and state.piles == (112,) and state.current == "Ben"


def test_g4_tie_reject_option_overturns_on_a_tie():
    state = play(started(tie="reject"), 1, 0)
    state = do(do(state, "contest"), "vote", ballots=[["Ann", True], ["Ben", False]])
    assert (1, 0) not in state.cells


def test_g4_strict_majority_with_three_voters_and_waiting_for_all():
    state = play(started(players=("Ann", "Ben", "Cy")), 1, 0)
    state = do(do(state, "contest"), "vote", ballots=[["Ben", False]])
    assert state.vote is not None and state.vote.missing == ["Ann", "Cy"]
    state = do(state, "vote", ballots=[["Ann", True], ["Cy", False]])
    assert (1, 0) not in state.cells and state.hands == (6, 5, 5)


def test_cn4_only_the_last_play_may_be_contested():
    state = play(started(), 1, 0)
    with pytest.raises(RuleError, match=r"only the last play may be contested: the card at 1,0 \(CN-4\)"):
        do(state, "contest", cell=[2, 0])
    drawn = do(state, "draw")
    with pytest.raises(RuleError, match=r"\(CN-4\)"):
        do(drawn, "contest")


def test_cn4_overturning_the_play_that_emptied_a_hand_cancels_the_last_turns():
    state = started()
    for x in range(1, 10):
        state = play(state, x, 0)
        if state.owed is not None:
            break
    assert state.hands[0] == 0 and state.owed == (1,)
    state = do(do(state, "contest"), "vote", ballots=[["Ann", False], ["Ben", False]])
    assert state.owed is None and state.hands[0] == 2 and state.current == "Ben"


def _to_last_turn(state):
    """Classic: Ann empties her hand on her fifth play; the others are owed one more turn."""
    for x in range(1, 20):
        state = play(state, x, 0)
        if state.owed is not None:
            return state, x
    raise AssertionError("no hand emptied")


def test_cn4_the_play_that_ends_a_round_may_still_be_contested_until_a_hand_is_entered():
    state, x = _to_last_turn(started(players=("Ann", "Ben", "Cy")))
    state = play(do(state, "draw"), x + 1, 0)  # Ben's last turn
    state = play(state, x + 2, 0)  # Cy's last turn ends the round
    assert state.phase == "count"
    voted = do(do(state, "contest"), "vote", ballots=[["Ann", False], ["Ben", False], ["Cy", False]])
    assert (x + 2, 0) not in voted.cells and voted.phase == "count"
    assert voted.hands[2] == state.hands[2] + 2 and voted.points[2] < state.points[2]  # back in hand, one more
    entered = do(state, "hand", player="Ben", points=[1] * state.hands[1])
    with pytest.raises(RuleError, match=r"only the last play may be contested.*\(CN-4\)"):
        do(entered, "contest")


def test_cn4_the_play_that_closes_a_round_of_empty_hands_may_still_be_contested():
    state, x = _to_last_turn(started())
    assert state.hands == (0, 1)
    closed = play(state, x + 1, 0)  # Ben empties too: nothing to enter, the round closes
    assert closed.phase == "start" and closed.round == 2 and len(closed.rounds) == 1
    voted = do(do(closed, "contest"), "vote", ballots=[["Ann", False], ["Ben", False]])
    assert voted.round == 1 and voted.rounds == () and voted.phase == "count" and voted.hands == (0, 2)
    assert voted.points == state.points
    started_again = do(closed, "start", card=card("a/b/c/d", 1))
    with pytest.raises(RuleError, match=r"\(CN-4\)"):
        do(started_again, "contest")


def test_cn4_the_last_play_of_the_game_cannot_be_contested_but_undo_is_named():
    state = play(started("endless", deck=9), 1, 0)
    for x in range(2, 9):
        state = play(state, x, 0)
    assert state.phase == "over"
    with pytest.raises(RuleError, match=r"can no longer be contested; `undo` takes it back \(CN-4\)"):
        do(state, "contest")


# -- CN-6 Endless ----------------------------------------------------------------------------


def test_cn6_endless_deals_four_and_adds_without_multiplier():
    state = started("endless", starter="n/tiger/s/w", points=1)
    assert state.hands == (4, 4)
    state = play(state, 0, 1, points=3)
    state = play(state, 1, 1, "x/y/bird/z", 1)
    state = play(state, 1, 0, "tree/e/s/head", 1)
    assert state.last["arithmetic"] == "1 + 1 + 1 = 3"


def test_cn6_endless_is_one_round_that_the_table_closes():
    state = play(started("endless"), 1, 0, points=2)
    over = do(state, "round")
    assert over.phase == "over" and over.rounds == ((3, 0),) and winners(over) == ["Ann"]


def test_cn6_endless_ends_when_the_cards_run_out():
    state = started("endless", deck=9)  # 8 dealt, the starter: nothing to draw
    for x in range(1, 9):
        state = play(state, x, 0)
    assert state.phase == "over"


# -- CN-6 Solitaire ---------------------------------------------------------------------------


def test_cn6_solitaire_one_player_no_score_shows_the_web():
    from referee.games import players_refusal
    from referee.games.connections import ENTRY

    # who may play is the entry's, checked once when the game starts (issue 9 item 6)
    assert players_refusal(ENTRY, 2, {"variant": "solitaire"}) == "Solitaire is for one player, not 2 (CN-6)"
    state = started("solitaire", players=("Sol",))
    state = play(state, 1, 0)
    state = play(state, 1, 1)
    state = play(state, 0, 1)
    assert layout.connections(state.cells) == 4 and len(state.cells) == 4
    assert state.points == (0,) and state.piles == (120,)
    with pytest.raises(RuleError, match="CN-6"):
        do(state, "draw")
    over = do(state, "round")
    assert over.phase == "over" and winners(over) == []
    finished = do(state, "finish")  # G-6, CN-8: the table says the space ran out
    assert finished.phase == "over" and finished.cells == state.cells and not finished.early


# -- CN-6 Quick Play ---------------------------------------------------------------------------


def test_cn6_quick_play_ten_cards_no_turns_a_name_on_each_play():
    state = started("quick")
    assert state.hands == (10, 10) and state.turn is None
    with pytest.raises(RuleError, match=r"Quick Play has no turns: say who it is.*\(CN-6\)"):
        play(state, 1, 0)
    state = play(state, 1, 0, by="Ben")
    assert state.vote is None and state.votes == () and state.hands == (10, 9)  # it stands (CN-7)
    assert state.points == (0, 0)  # plays do not score in Quick Play


def test_cn7_quick_play_an_objected_card_goes_back_unless_all_accept():
    state = play(started("quick", players=("Ann", "Ben", "Cy")), 1, 0, by="Ben")
    state = do(state, "contest", cell=[1, 0], by="Cy")
    assert [v.label for v in state.votes] == ["1,0"] and state.vote is None
    voted = do(state, "vote", ballots=[["Ann", True], ["Ben", True], ["Cy", False]])  # 2 to 1 is not all
    assert (1, 0) not in voted.cells and voted.hands == (10, 11, 10) and voted.piles == (92,) and voted.votes == ()
    kept = do(state, "vote", ballots=[["Ann", True], ["Ben", True], ["Cy", True]])
    assert (1, 0) in kept.cells and kept.settled == (("play", 1, (1, 0)),)
    with pytest.raises(RuleError, match=r"the table accepted the card at 1,0 by vote already \(CN-7\)"):
        do(kept, "contest", cell=[1, 0])


def test_cn7_option_approval_majority_uses_g4s_strict_majority():
    state = play(started("quick", players=("Ann", "Ben", "Cy"), approval="majority"), 1, 0, by="Ben")
    state = do(state, "contest", cell=[1, 0])
    voted = do(state, "vote", ballots=[["Ann", True], ["Ben", True], ["Cy", False]])
    assert (1, 0) in voted.cells and voted.hands == (10, 9, 10)


def test_cn7_plays_go_on_while_votes_are_open_and_each_vote_settles_its_own_play():
    state = play(started("quick", players=("Ann", "Ben", "Cy")), 1, 0, by="Ann")
    state = do(state, "contest", cell=[1, 0])
    state = play(state, -1, 0, by="Ben")  # the game goes on
    state = do(state, "contest")  # the last play: Ben's
    assert [v.label for v in state.votes] == ["1,0", "-1,0"]
    with pytest.raises(RuleError, match=r"2 votes are open \(1,0, -1,0\): say which.*\(CN-7\)"):
        do(state, "vote", ballots=[["Ann", True]])
    with pytest.raises(RuleError, match=r"the card at 1,0 is before the table.*\(CN-7\)"):
        play(state, 2, 0, by="Cy")  # nobody builds on a card under a vote
    with pytest.raises(RuleError, match=r"votes are open \(1,0, -1,0\): settle them before.*\(CN-7\)"):
        do(state, "finish")
    state = do(state, "vote", on="-1,0", ballots=[["Ann", False], ["Ben", False], ["Cy", False]])
    assert (-1, 0) not in state.cells and (1, 0) in state.cells and [v.label for v in state.votes] == ["1,0"]
    state = do(state, "vote", ballots=[["Ann", True], ["Ben", True], ["Cy", True]])  # the one left needs no name
    assert state.votes == () and state.hands == (9, 11, 10)


def test_cn7_an_objection_comes_before_the_table_builds_on_the_card():
    state = play(started("quick"), 1, 0, by="Ann")
    state = play(state, 2, 0, by="Ben")
    with pytest.raises(RuleError, match=r"the card at 2,0 was played against it since.*\(CN-7\)"):
        do(state, "contest", cell=[1, 0])
    with pytest.raises(RuleError, match=r"the starter card is nobody's play \(CN-7\)"):
        do(state, "contest", cell=[0, 0])
    with pytest.raises(RuleError, match=r"there is no card at 5,5 \(CN-7\)"):
        do(state, "contest", cell=[5, 5])


def test_cn6_quick_play_first_empty_hand_scores_the_others_hands():
    state = started("quick", deck=30)
    for x in range(1, 11):
        state = play(state, x, 0, by="Ann")
    assert state.phase == "count"
    state = do(state, "hand", player="Ben", points=[1, 2, 3, 4, 5, 1, 2, 3, 4, 5])
    assert state.rounds == ((30, 0),) and state.phase == "start" and state.round == 2
    over = do(state, "finish")
    assert over.phase == "over" and winners(over) == ["Ann"] and not over.early


def test_cn7_the_round_waits_for_the_open_votes_of_its_round_and_an_overturn_reopens_it():
    state = started("quick", deck=30)
    for x in range(1, 10):
        state = play(state, x, 0, by="Ann")
    state = play(do(state, "contest", cell=[9, 0]), -1, 0, by="Ben")  # a vote on Ann's ninth card
    state = play(state, -1, 1, by="Ann")  # her last: she is out, but the vote may give her cards back
    assert state.phase == "play" and state.emptied == 0
    with pytest.raises(RuleError, match=r"Ann is out: the round ends once the open votes \(9,0\).*\(CN-7\)"):
        play(state, -2, 0, by="Ben")
    back = do(state, "vote", ballots=[["Ann", False], ["Ben", False]])
    assert back.phase == "play" and back.emptied is None and back.hands == (2, 9)
    out = do(state, "vote", ballots=[["Ann", True], ["Ben", True]])
    assert out.phase == "count" and out.emptied == 0


def test_cn7_the_play_that_ends_the_round_may_be_objected_to_until_a_hand_is_entered():
    state = started("quick", deck=30)
    for x in range(1, 11):
        state = play(state, x, 0, by="Ann")
    assert state.phase == "count"
    reopened = do(state, "contest", by="Ben")  # the last play, Ann's tenth card
    assert reopened.phase == "play" and [v.label for v in reopened.votes] == ["10,0"]
    back = do(reopened, "vote", ballots=[["Ann", True], ["Ben", False]])
    assert back.phase == "play" and back.hands == (2, 10) and (10, 0) not in back.cells
    stands = do(reopened, "vote", ballots=[["Ann", True], ["Ben", True]])
    assert stands.phase == "count"
    counted = do(adjusted := do(state, "adjust", what="pile", count=5), "hand", player="Ben", total=20)
    assert adjusted.ended is None and counted.rounds == ((20, 0),)
    with pytest.raises(RuleError, match=r"a hand is entered already: its plays stand.*\(CN-7\)"):
        do(do(state, "adjust", what="pile", count=5), "contest", cell=[10, 0])


def test_cn8_quick_play_a_stuck_round_is_closed_with_round_once_the_pile_is_empty_and_nobody_scores():
    with pytest.raises(RuleError, match=r"once the draw pile is empty and nobody can play.*\(CN-8\)"):
        do(started("quick"), "round")
    state = play(started("quick", deck=21), 1, 0, by="Ann")  # 20 dealt and the starter: the pile is empty
    closed = do(state, "round")
    assert closed.rounds == ((0, 0),) and closed.phase == "start" and closed.round == 2


def test_cn6_quick_play_draws_any_time_by_anyone():
    state = do(started("quick"), "draw", by="Ben")
    state = do(state, "draw", by="Ben")
    assert state.hands == (10, 12)


# -- CN-6 Quads ----------------------------------------------------------------------------------


def quads_state(**changes):
    return new_state("quads", **changes)


def test_cn6_quads_four_cards_and_four_piles():
    state = quads_state()
    assert state.phase == "play" and state.hands == (4, 4)
    assert state.piles == (29, 29, 29, 29)
    state = do(state, "draw", pile=2, by="Ann")
    assert state.piles == (29, 28, 29, 29) and state.hands == (5, 4)
    with pytest.raises(RuleError, match="four draw piles"):
        do(state, "draw", by="Ann")
    state = do(state, "return", pile=4, by="Ann")
    assert state.piles == (29, 28, 29, 30) and state.hands == (4, 4)


def test_cn6_quads_a_two_by_two_block_goes_to_the_table():
    state = quads_state()
    for x, y in ((0, 0), (1, 0), (0, 1)):
        state = play(state, x, y, by="Ann")
        assert state.quads == ((), ())
    state = play(state, 1, 1, by="Ann")
    assert state.quads == (((0, 0),), ()) and state.total("Ann") == 1 and state.votes == ()  # it stands (CN-7)
    objected = do(state, "contest", by="Ben")  # the last quad made
    assert [v.label for v in objected.votes] == ["Ann 0,0"]
    refused = do(objected, "vote", ballots=[["Ann", True], ["Ben", False]])  # not all accept (CN-7)
    assert refused.quads == ((), ()) and (1, 1) in refused.areas[0]
    taken = do(refused, "take", cell=[1, 1], by="Ann")
    assert (1, 1) not in taken.areas[0] and taken.hands[0] == 1
    accepted = do(objected, "vote", ballots=[["Ann", True], ["Ben", True]])
    assert accepted.quads == (((0, 0),), ()) and accepted.total("Ann") == 1
    with pytest.raises(RuleError, match=r"the card at 0,0 is in Ann's quad at 0,0, which counts: its cards stay"):
        do(accepted, "take", cell=[0, 0], by="Ann")
    with pytest.raises(RuleError, match=r"the table accepted Ann's quad at 0,0 by vote already \(CN-7\)"):
        do(accepted, "contest", of="Ann", cell=[0, 0])
    with pytest.raises(RuleError, match=r"Ben has no quad to object to \(CN-7\)"):
        do(accepted, "contest", of="Ben")


def _quad(state, who, x, pile=1):
    for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        state = do(state, "draw", pile=pile, by=who)
        state = play(state, x + dx, dy, by=who)
    return state


def test_cn7_quads_votes_on_two_players_quads_are_open_at_once_and_named_by_owner_and_cell():
    state = _quad(_quad(quads_state(deck=200), "Ann", 0), "Ben", 0)
    state = do(do(state, "contest", of="Ann", cell=[0, 0]), "contest", of="Ben")
    assert [v.label for v in state.votes] == ["Ann 0,0", "Ben 0,0"]
    with pytest.raises(RuleError, match=r"the card at 1,1 is in the quad at 0,0, which is before the table.*\(CN-7\)"):
        do(state, "take", cell=[1, 1], by="Ann")
    state = _quad(state, "Ann", 3)  # the game goes on meanwhile
    state = do(state, "vote", on="Ben 0,0", ballots=[["Ann", False], ["Ben", True]])
    state = do(state, "vote", on="ann 0,0", ballots=[["Ann", True], ["Ben", True]])
    assert state.quads == (((0, 0), (3, 0)), ()) and state.votes == ()


def test_cn7_quads_the_fourth_quad_waits_for_the_open_votes_and_may_be_objected_to_after_the_round():
    state = quads_state(deck=200)
    for q in range(3):
        state = _quad(state, "Ann", 3 * q)
    state = _quad(do(state, "contest", of="Ann", cell=[3, 0]), "Ann", 9)  # four quads, one under a vote
    assert state.round == 1 and state.emptied == 0
    with pytest.raises(RuleError, match=r"Ann has four quads: the round ends once the open votes.*\(CN-7\)"):
        do(state, "draw", pile=1, by="Ben")
    assert do(state, "vote", ballots=[["Ann", False], ["Ben", False]]).round == 1  # three again: play on
    closed = do(state, "vote", ballots=[["Ann", True], ["Ben", True]])
    assert closed.round == 2 and closed.rounds == ((4, 0),)
    reopened = do(closed, "contest", of="Ann", cell=[9, 0])  # nothing else happened since
    assert reopened.round == 1 and reopened.rounds == () and reopened.votes
    assert do(reopened, "vote", ballots=[["Ann", True], ["Ben", False]]).quads[0] == ((0, 0), (3, 0), (6, 0))
    later = do(closed, "draw", pile=1, by="Ben")
    with pytest.raises(RuleError, match=r"Ann has no quad at 9,0"):
        do(later, "contest", of="Ann", cell=[9, 0])


def test_cn6_quads_each_player_plays_in_their_own_area():
    state = play(quads_state(), 0, 0, by="Ann")
    state = play(state, 0, 0, by="Ben")  # Ben's own area: the same cell is free there
    assert (0, 0) in state.areas[0] and (0, 0) in state.areas[1] and state.cells == {}


def test_cn6_quads_fourth_quad_ends_the_round_and_four_rounds_end_the_game():
    state = quads_state(deck=200)
    for number in range(1, 5):
        assert state.round == number
        for q in range(4):
            state = _quad(state, "Ann", 3 * q)
    assert state.phase == "over" and state.rounds == ((4, 0),) * 4 and winners(state) == ["Ann"]


# -- CN-6 Rummy --------------------------------------------------------------------------------


def rummy(**changes):
    return new_state("rummy", **changes)


THREE = [card("a/b/c/d", 1), card("e/f/g/h", 2), card("i/j/k/l", 3)]


def test_cn6_rummy_each_turn_starts_with_a_draw():
    state = rummy()
    assert state.hands == (4, 4) and state.current == "Ann"
    with pytest.raises(RuleError, match=r"Ann must draw first: each turn starts with a draw \(CN-6\)"):
        do(state, "run", cards=THREE)
    with pytest.raises(RuleError, match="in Rummy cards go into runs"):
        play(state, 0, 0)


def test_cn6_rummy_a_run_is_three_or_more_in_a_line():
    state = do(rummy(), "draw")
    with pytest.raises(RuleError, match="three or more cards"):
        do(state, "run", cards=THREE[:2])
    state = do(state, "run", cards=THREE)
    assert state.runs[0] == (tuple(card_of(state, c, "Ann") for c in THREE),)
    assert state.last["pairs"] == ("b ↔ h", "f ↔ l")
    assert state.hands == (2, 4) and state.total("Ann") == 6
    state = do(state, "extend", run=1, end="west", card=card("m/n/o/p", 4))
    assert state.runs[0][0][0].points == 4 and state.last["pairs"] == ("n ↔ d",)
    assert do(state, "pass").current == "Ben"


def test_cn6_rummy_steal_only_an_end_of_a_run_of_four_or_more():
    state = do(do(rummy(), "draw"), "run", cards=THREE)
    state = do(do(state, "pass"), "draw")  # Ben
    with pytest.raises(RuleError, match=r"only a run of four or more gives up an end \(CN-6\)"):
        do(state, "steal", **{"from": "Ann", "run": 1, "end": "east"})
    state = do(do(state, "pass"), "draw")  # Ann
    state = do(do(state, "extend", run=1, end="east", card=card("q/r/s/t", 5)), "pass")
    state = do(state, "steal", **{"from": "Ann", "run": 1, "end": "east"})
    assert [c.points for c in state.runs[0][0]] == [1, 2, 3] and state.hands[1] == 6


def test_cn6_rummy_ends_when_a_hand_is_used_up_runs_minus_hand():
    state = do(rummy(), "draw")
    state = do(state, "run", cards=THREE + [card("q/r/s/t", 4), card("u/v/w/x", 5)])
    assert state.phase == "count" and state.hands == (0, 4)
    state = do(state, "hand", player="Ben", points=[2, 2, 3, 1])
    assert state.phase == "over" and state.rounds == ((15, -8),)


def test_cn4_rummy_overturned_run_goes_back_and_one_more_is_drawn():
    state = do(do(rummy(), "draw"), "run", cards=THREE)
    state = do(do(state, "contest"), "vote", ballots=[["Ann", False], ["Ben", False]])
    assert state.runs == ((), ()) and state.hands == (6, 4) and state.current == "Ann"


def test_cn4_rummy_the_run_that_uses_the_last_cards_may_be_contested():
    state = do(rummy(), "draw")
    state = do(state, "run", cards=THREE + [card("q/r/s/t", 4), card("u/v/w/x", 5)])
    assert state.phase == "count"
    voted = do(do(state, "contest"), "vote", ballots=[["Ann", False], ["Ben", False]])
    assert voted.phase == "play" and voted.runs == ((), ()) and voted.hands == (6, 4) and voted.current == "Ann"


# -- order of checks -------------------------------------------------------------------------


def test_nothing_but_start_before_the_starter_card():
    with pytest.raises(RuleError, match=r"first lay the starter card.*\(CN-6\)"):
        play(new_state(), 1, 0)


def test_the_game_over_refuses_everything():
    over = do(play(started("endless"), 1, 0), "round")
    with pytest.raises(RuleError, match="the game is over"):
        play(over, 2, 0)


def test_issue9_an_unknown_action_is_unreadable_not_a_rule():
    from referee.core.errors import ActionError

    with pytest.raises(ActionError, match="not a move of this game: 'fly'"):
        do(started(), "fly")
