"""Issue 13 (Table-ready) for Connections: G-6 `finish` in every variant, CN-8's readings,
hand totals, and how they read at the table. CN-7 and G-5 have their own tests in
test_rules.py and test_commands.py, named after them."""

import pytest

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.games.connections.rounds import winners
from referee.games.connections.state import STARTER
from tests.connections.helpers import card, do, new_session, new_state, started
from tests.tables import typed


def play(state, x, y, words="n/e/s/w", points=1, **fields):
    return do(state, "play", cell=[x, y], card=card(words, points), **fields)


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    return lambda *args, **options: new_session(tmp_path, *args, **options)


# -- G-6: finish -------------------------------------------------------------------------


def _rounds(count):
    """Classic, Ann and Ben: ``count`` whole rounds played (each hand played out), waiting for a starter."""
    state = new_state()
    for _ in range(count):
        state = do(state, "start", card=card("a/b/c/d", 1))
        for x in range(1, 30):
            state = play(state, x, 0)
            if state.phase != "play":
                break
    assert state.phase == "start" and len(state.rounds) == count
    return state


def test_g6_classic_finish_after_round_closes_it_now_and_deducts_the_hands_then_names_a_winner():
    state = do(_rounds(2), "start", card=card("a/b/c/d", 1))
    state = play(play(state, 1, 0, points=3), 2, 0, points=2)  # round 3: Ben then Ann have played
    assert state.round == 3 and state.hands == (4, 4)
    scored = state.points
    finishing = do(state, "finish")
    assert finishing.phase == "count" and finishing.finishing and finishing.early
    assert finishing.turn is None and finishing.counted == {}
    with pytest.raises(RuleError, match=r"the game ends already once this round's hands are entered \(G-6\)"):
        do(finishing, "finish")
    with pytest.raises(RuleError, match=r"the round is over, not `play`; enter the points left in hand first"):
        play(finishing, 3, 0)
    half = do(finishing, "hand", player="Ann", total=8)
    assert half.phase == "count"
    over = do(half, "hand", player="Ben", points=[1, 1, 1, 1])
    assert over.phase == "over" and over.round == 3 and len(over.rounds) == 3
    assert over.rounds[-1] == (scored[0] - 8, scored[1] - 4) and winners(over)


def test_g6_classic_finish_between_rounds_ends_at_once_and_before_any_round_is_refused():
    with pytest.raises(RuleError, match=r"no round has been played yet, so there is nothing to score.*\(G-6\)"):
        do(new_state(), "finish")
    over = do(_rounds(2), "finish")
    assert over.phase == "over" and over.early and len(over.rounds) == 2 and winners(over)
    totals = {p: over.total(p) for p in over.players}
    assert winners(over) == [p for p in over.players if totals[p] == max(totals.values())]


@pytest.mark.parametrize("variant, players, early", [
    ("classic", ("Ann", "Ben"), True), ("endless", ("Ann", "Ben"), False), ("solitaire", ("Sol",), False),
    ("quick", ("Ann", "Ben"), True), ("quads", ("Ann", "Ben"), True), ("rummy", ("Ann", "Ben"), True)])
def test_g6_finish_works_the_same_way_in_every_variant(variant, players, early):
    state = new_state(variant, players)
    if variant in STARTER:
        state = do(state, "start", card=card("a/b/c/d", 1))
    if variant == "rummy":
        state = do(do(state, "draw"), "run", cards=[card("a/b/c/d", 1), card("e/f/g/h", 2), card("i/j/k/l", 3)])
    elif variant in ("quick", "quads"):
        state = play(state, 1, 0, by=players[0])
    else:
        state = play(state, 1, 0)
    finished = do(state, "finish")
    if finished.phase == "count":  # the variant counts the hands left: entered, then the game is over
        for seat, player in enumerate(players):
            if seat not in finished.counted:
                finished = do(finished, "hand", player=player, total=finished.hands[seat])
    assert finished.phase == "over" and len(finished.rounds) == 1 and finished.early is early
    if variant != "solitaire":
        assert winners(finished)


def test_g6_the_log_and_the_final_scores_say_the_game_was_ended_early(game):
    session, shell, out = game(players=("Ann", "Ben"))
    typed(shell, out, "start tiger/head/tree/ocean 1", "play 1,0 apple/river/cloud/head 2")
    text = typed(shell, out, "finish")
    assert "the game ends after this round (G-6)" in text and "Round 1 is closed now" in text
    typed(shell, out, "hand Ann 12")
    text = typed(shell, out, "hand Ben 3 3 3 3 3")
    assert session.over
    flat = " ".join(text.split())
    assert "The table ended the game early, after 1 round of 5 (G-6)." in flat and "Winner: Ann" in flat
    log = " ".join(typed(shell, out, "log").split())
    assert "the table ends the game early (G-6)" in log
    assert session.game.result(session.state)["ended_early"] is True


def test_g6_quick_play_finish_between_rounds_is_its_own_end_not_an_early_one(game):
    session, shell, out = game("quick", players=("Ann", "Ben"), deck=21)
    typed(shell, out, "start tiger/head/tree/ocean 1", "round")  # a stuck round (CN-8)
    typed(shell, out, "finish")
    assert session.over and not session.state.early
    assert "ended the game early" not in typed(shell, out, "score")


# -- CN-8: readings where CN-6 is silent ----------------------------------------------------


def test_cn8_endless_a_card_drawn_because_the_player_could_not_connect_may_be_played_at_once():
    state = do(started("endless"), "draw")
    assert state.current == "Ann" and state.hands == (5, 4) and state.drew
    state = play(state, 1, 0)
    assert state.current == "Ben" and state.hands == (4, 4)


def test_cn8_endless_goes_on_after_a_hand_empties_until_the_pile_and_the_hands_are_used_up():
    state = started("endless", deck=11)  # 8 dealt and the starter: two cards in the pile
    for x in range(1, 9):
        state = play(state, x, 0)
    assert state.hands == (0, 0) and state.phase == "play" and state.piles == (2,)  # the game goes on
    with pytest.raises(RuleError, match=r"Ann has no cards in hand \(by the count\); draw first"):
        play(state, 9, 0)
    state = play(do(state, "draw"), 9, 0)  # Ann draws and plays
    state = play(do(state, "draw"), 10, 0)  # Ben draws the last card and plays it: nothing left anywhere
    assert state.phase == "over"


def test_cn8_endless_the_table_says_the_space_ran_out_with_finish():
    state = play(started("endless"), 1, 0, points=2)
    over = do(state, "finish")
    assert over.phase == "over" and over.rounds == ((3, 0),) and not over.early and winners(over) == ["Ann"]


def test_cn8_rummy_a_steal_may_come_at_any_point_of_the_players_own_turn():
    four = [card("a/b/c/d", 1), card("e/f/g/h", 2), card("i/j/k/l", 3), card("m/n/o/p", 4)]
    state = do(do(new_state("rummy", deck=60), "draw"), "run", cards=four)
    state = do(state, "pass")  # Ben's turn
    before_draw = do(state, "steal", **{"from": "Ann", "run": 1, "end": "east"})  # before his draw
    assert before_draw.hands[1] == 5 and not before_draw.drew
    after_draw = do(do(state, "draw"), "steal", **{"from": "Ann", "run": 1, "end": "west"})
    assert after_draw.hands[1] == 6
    three = [card("q/r/s/t", 1), card("u/v/w/x", 2), card("y/z/a/b", 3)]
    after_run = do(do(do(state, "draw"), "run", cards=three), "steal", **{"from": "Ann", "run": 1, "end": "east"})
    assert after_run.hands[1] == 3 and after_run.current == "Ben"
    with pytest.raises(RuleError, match=r"it is Ben's turn, not Ann's \(CN-6\)"):
        do(state, "steal", by="Ann", **{"from": "Ben", "run": 1, "end": "east"})


# -- hand totals ------------------------------------------------------------------------------


def _counting():
    """Classic: Ann plays out her hand while Ben draws and passes every turn: Ben holds ten."""
    state = started()
    for x in range(1, 6):
        state = play(state, x, 0)
        state = do(do(state, "draw"), "pass")
    assert state.phase == "count" and state.hands == (0, 10)
    return state


def test_hand_total_a_single_number_is_the_whole_hand():
    state = _counting()
    entered = do(state, "hand", player="Ben", total=30)
    assert entered.phase == "start"
    assert entered.rounds == ((state.points[0], -30),)
    with pytest.raises(RuleError, match=r"Ben holds 10 cards by the count, worth 10 to 50 points in all, not 51 "
                                        r"\(CN-1\)"):
        do(state, "hand", player="Ben", total=51)
    with pytest.raises(RuleError, match=r"worth 10 to 40 points in all, not 45"):
        do(evolve(state, options=dict(state.options, esl=True)), "hand", player="Ben", total=45)
    with pytest.raises(RuleError, match=r"Ben holds 10 cards by the count, not 2"):
        do(state, "hand", player="Ben", points=[5, 5])


def test_hand_for_an_empty_hand_says_the_player_holds_no_cards(game):
    session, shell, out = game(players=("Ann", "Ben"))
    typed(shell, out, "start tiger/head/tree/ocean 1")
    for x in range(1, 6):
        typed(shell, out, f"play {x},0 apple/river/cloud/bird 1 !", "draw", "pass")
    assert session.state.phase == "count" and session.state.hands == (0, 10)
    text = " ".join(typed(shell, out, "hand Ann 3").split())
    assert "Ann holds no cards (by the count): nothing to enter; `adjust hand Ann N` if the table counts some (CN-6)" \
        in text
    held = session.state.hands[1]
    text = typed(shell, out, f"hand Ben {2 * held}")
    assert f"Ben has {held} card{'s' if held != 1 else ''} worth {2 * held} left in hand" in text
    assert session.events[-1]["total"] == 2 * held and session.state.rounds


def test_hand_help_says_how_a_total_is_told_from_a_cards_points(game):
    session, shell, out = game()
    text = " ".join(typed(shell, out, "help hand").split())
    assert "a single number is always the total, which for a one-card hand is that card's points" in text


# -- a 50-column phone ---------------------------------------------------------------------


@pytest.mark.parametrize("variant, players", [("classic", "Ann,Ben,Cy"), ("endless", "Ann,Ben"),
                                               ("solitaire", "Sol"), ("quick", "Ann,Ben,Cy"),
                                               ("quads", "Ann,Ben"), ("rummy", "Ann,Ben,Cy")])
def test_every_reply_of_each_example_game_fits_a_50_column_phone_breaking_between_words(tmp_path, variant, players):
    import os

    from click.testing import CliRunner

    from referee.cli import main

    script = os.path.join(os.path.dirname(__file__), "..", "..", "examples", f"connections-{variant}.txt")
    result = CliRunner().invoke(main, ["connections", "--variant", variant, "--players", players, "--script", script],
                                env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "50"})
    said = [line for line in result.output.splitlines()
            if not line.startswith(("> ", "✓ undone: ", "✓ redone: "))]  # not the lines typed, nor the core's undo
    assert said and "Traceback" not in result.output
    wide = [line for line in said if len(line) > 50]
    assert not wide, wide[:3]


# -- games saved before CN-7 ------------------------------------------------------------------


@pytest.mark.parametrize("variant, players, rounds", [
    ("quick", "Ann,Ben,Cy", [[41, 0, 0], [0, 0, 36]]), ("quads", "Ann,Ben", [[4, 1], [2, 4], [4, 0], [4, 1]])])
def test_cn7_a_game_typed_the_old_way_a_vote_after_every_play_still_plays_to_the_same_scores(tmp_path, variant,
                                                                                           players, rounds):
    """A vote with nothing open puts the last card or quad to the table, so the lines of a
    table used to voting on every play (and the journals of games saved then) still work."""
    import json
    import os

    from click.testing import CliRunner

    from referee.cli import main

    script = os.path.join(os.path.dirname(__file__), "data", f"{variant}-before-cn7.txt")
    result = CliRunner().invoke(main, ["connections", "--variant", variant, "--players", players, "--script", script,
                                       "--json"], env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"})
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["finished"] and data["rounds"] == rounds
    assert "no vote is open" not in result.stderr


def test_cn7_a_game_saved_before_cn7_has_no_approval_option_and_keeps_g4s_majority():
    state = new_state("quick", ("Ann", "Ben", "Cy"))
    legacy = evolve(state, options={k: v for k, v in state.options.items() if k != "approval"})
    legacy = play(do(legacy, "start", card=card("a/b/c/d", 1)), 1, 0, by="Ann")
    kept = do(legacy, "vote", ballots=[["Ann", True], ["Ben", True], ["Cy", False]])  # as the game was played
    assert (1, 0) in kept.cells and kept.votes == ()
    gone = do(legacy, "vote", ballots=[["Ann", False], ["Ben", False], ["Cy", True]])
    assert (1, 0) not in gone.cells and gone.hands == (11, 10, 10)
    with pytest.raises(RuleError, match=r"no vote is open; `contest X,Y` objects to a card"):
        do(do(started("quick"), "draw", by="Ann"), "vote", ballots=[["Ann", True]])
