"""Commands through the shell: parsing, one-line refusals citing their rule, the views."""

import re

import pytest
from click.testing import CliRunner

from referee.cli import main
from tests.connections.helpers import GAME, new_session
from tests.tables import typed


@pytest.fixture
def game(tmp_path, monkeypatch):
    """A new game of any variant (and options) in a throwaway home, without colours."""
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")  # one refusal is one line here; test_table_ready fits 50 columns
    return lambda *args, **options: new_session(tmp_path, *args, **options)


@pytest.fixture
def table(game):
    return game()


def test_cn1_a_card_is_typed_as_it_lies_and_its_pairs_and_arithmetic_are_shown(table):
    session, shell, out = table
    text = typed(shell, out, "start north/ice cream/south/west 2", "play 1,0 apple/river/cloud/snack 2")
    assert "pairs: snack ↔ ice cream" in text and "score: 2 + 2 = 4" in text
    assert session.state.cells[(1, 0)].words == ("apple", "river", "cloud", "snack")


@pytest.mark.parametrize("line, message", [
    ("play", "where and which card?"),
    ("play 1,0", "which card?"),
    ("play 1 0 a/b/c/d 2", "a cell is X,Y"),
    ("play x,y a/b/c/d 2", "a cell is X,Y"),
    ("play 1,0 a/b/c 2", "3 sides given"),
    ("play 1,0 a/b/c/d/e 2", "5 sides given"),
    ("play 1,0 a/b/c/ 2", "the west side of the card for 1,0 is `?` and a card touches it there: say its word when "
                          "asked (CN-2)"),  # a side left out is `?` (issue 20 item 4); this one touches 0,0
    ("play 1,0 a/b/c/d", "the card's points come last"),
    ("play 1,0 a/b/c/d 0", "1 to 5 points, not 0 (CN-1)"),
    ("play 1,0 a/b/c/d 12", "1 to 5 points, not 12 (CN-1)"),
    ("play 1,0 1/2/3/4 2", "'1' is not a word printed on a card"),
    ("play 1,0 fruit/salad/bowlq/head 2", "BOWLQ not in the lexicon (CN-5)"),
    ("play 0,0 fruit/salad/bowl/dish 2", "cell 0,0 already holds"),
    ("play 5,5 fruit/salad/bowl/dish 2", "touches no card; play next to one (CN-2)"),
    ("play 1,1 fruit/salad/bowl/dish 2", "only at a corner"),
    ("play 99999999999999999999,0 fruit/salad/bowl/dish 2", "touches no card; play next to one (CN-2)"),
    ("Ben: play 1,0 fruit/salad/bowl/dish 2", "it is Ann's turn, not Ben's (CN-6)"),
    ("play 1,0 fruit/salad/bowl/dish 2 extra", "the card's points come last"),
    ("play 1,0 fruit/salad/bowl/dish -3", "a card is worth 1 to 5 points, not -3 (CN-1)"),
    ("play 1,0 fruit/salad/bowl/dish 3.0", "the card's points come last, a number 1 to 5, not '3.0'"),
    ("play 1,0 fruit/salad/bowl/dish 3pts", "not '3pts'"),
    ("play 1,0 fruit/salad/bowl/héad 3", "HÉAD not in the lexicon (CN-5)"),
    ("draw 2", "Classic has one draw pile: just `draw` (CN-6)"),
    ("play 1,0 fruit/salad/bowl/dish 3 3", "'dish 3' has a number in it: the points are typed once, last"),
    ("play 1,0 fruit/salad/bowl/dish3", "the card's points come last"),
])
def test_malformed_and_illegal_play_lines_are_one_line_and_change_nothing(table, line, message):
    session, shell, out = table
    typed(shell, out, "start tiger/head/tree/ocean 1")
    before, events = session.state, len(session.events)
    text = typed(shell, out, line)
    assert message in text and text.startswith("✗") and "\n" not in text
    assert session.state == before and len(session.events) == events


def test_cn5_an_unknown_word_asks_and_yes_enters_it(table):
    session, shell, out = table
    typed(shell, out, "start tiger/head/tree/ocean 1")
    asked = []
    shell.confirm = lambda question: asked.append(question) or True
    text = typed(shell, out, "play 1,0 kitesurf/apple/river/head 2")
    assert asked == ["KITESURF: not in the lexicon. A typing slip? Enter the card as typed?"]
    assert "Ann plays kitesurf/apple/river/head" in text
    assert session.events[-1]["unchecked"] == ["kitesurf"]


def test_cn5_an_answer_of_no_keeps_the_card_out_and_the_bang_insists(table):
    session, shell, out = table
    typed(shell, out, "start tiger/head/tree/ocean 1")
    shell.confirm = lambda question: False
    assert "KITESURF not in the lexicon (CN-5)" in typed(shell, out, "play 1,0 kitesurf/apple/river/head 2")
    assert (1, 0) not in session.state.cells
    typed(shell, out, "play 1,0 kitesurf/apple/river/head 2 !")
    assert (1, 0) in session.state.cells and session.events[-1]["unchecked"] == ["kitesurf"]


def test_cn5_names_printed_on_cards_pass_without_a_question(table):
    session, shell, out = table
    typed(shell, out, "start tiger/head/tree/ocean 1")
    text = typed(shell, out, "play 1,0 africa/equator/river/head 3")
    assert text.startswith("✓ Ann plays africa/equator/river/head")


def test_cn4_contest_and_votes_without_the_word_vote(table):
    session, shell, out = table
    typed(shell, out, "start tiger/head/tree/ocean 1", "play 1,0 apple/river/cloud/head 2")
    text = typed(shell, out, "contest 1,0")
    assert "Does Ann's card at 1,0 connect (head ↔ head)?" in text
    assert GAME.prompt(session.state) == "vote> "
    typed(shell, out, "Ann no")
    text = typed(shell, out, "Ben no")
    assert "yes 0, no 2: refused" in text and "draw one more card (CN-4)" in text
    assert session.state.hands == (6, 5) and session.state.current == "Ben"


def test_the_log_names_the_player_and_the_arithmetic(table):
    session, shell, out = table
    text = typed(shell, out, "start tiger/head/tree/ocean 1", "play 1,0 apple/river/cloud/head 2", "draw", "pass", "log")
    assert "Ann    plays apple/river/cloud/head (2) at 1,0: head ↔ head; 2 + 1 = 3" in text
    assert "Ben    draws a card" in text and "Ben    passes" in text


def test_show_all_and_show_a_cell_draw_boxes_with_coordinates(table):
    session, shell, out = table
    typed(shell, out, "start tiger/head/tree/ocean 1")
    for x in range(1, 9):
        typed(shell, out, f"play {x},0 apple/river/cloud/bird 1")
    window = typed(shell, out, "show")
    assert "┌ 8,0 " in window and "┌ 0,0 " not in window and "`show all` for everything" in window
    assert max(len(line) for line in window.splitlines()[:-2]) <= 80
    everything = typed(shell, out, "show all")
    assert "┌ 0,0 " in everything and "┌ 8,0 " in everything and "9 cards, 8 connections" in everything
    around = typed(shell, out, "show 0,0")
    assert "┌ 0,0 " in around and "│    tiger     │" in around


def test_prompt_and_toolbar_say_who_is_to_act(table):
    session, shell, out = table
    assert GAME.prompt(session.state) == "round 1 starter> "
    typed(shell, out, "start tiger/head/tree/ocean 1")
    assert GAME.prompt(session.state) == "Ann> "
    typed(shell, out, "draw")
    assert GAME.prompt(session.state) == "Ann (drew)> "
    assert GAME.toolbar(session.state) == ["Ann to play", "Classic round 1/5", "Ann:6 Ben:5", "pile 112"]


def test_g5_the_turn_timer_is_advisory_and_counts_from_the_turn(game):
    session, shell, out = game(timer=60)
    typed(shell, out, "start tiger/head/tree/ocean 1")
    started, limit = GAME.timer(session.state)
    assert limit == 60 and started == session.events[-1]["at"]
    typed(shell, out, "play 1,0 apple/river/cloud/head 2")
    assert GAME.timer(session.state)[0] == session.events[-1]["at"]


def test_cn6_hand_entries_at_round_end(game):
    session, shell, out = game("rummy")
    typed(shell, out, "draw", "run a/b/c/d 1; e/f/g/h 2; i/j/k/l 3; m/n/o/p 4; q/r/s/t 5 !")
    assert GAME.prompt(session.state) == "hand> "
    assert "Ben holds 4 cards by the count, not 2" in typed(shell, out, "hand Ben 1 2")
    text = typed(shell, out, "Ben 1 2 3 4")  # the word `hand` may be left out while hands are awaited
    assert "Ben has 1 + 2 + 3 + 4 = 10 left in hand" in text
    assert session.over and session.state.rounds == ((15, -10),)


def test_quick_play_needs_a_name_on_each_line(game):
    session, shell, out = game("quick", ("Ann", "Ben", "Cy"))
    typed(shell, out, "start tiger/head/tree/ocean 1")
    assert "say who it is, e.g. `Ann: play" in typed(shell, out, "play 1,0 apple/river/cloud/head 2")
    assert GAME.prompt(session.state) == "NAME: play> "
    typed(shell, out, "Cy: play 1,0 apple/river/cloud/head 2 !")
    assert session.state.votes == () and session.events[-1]["by"] == "Cy"  # it stands unless objected to (CN-7)


# -- the command line ----------------------------------------------------------------------


def run(home, *args, script=""):
    return CliRunner().invoke(main, ["connections", *args, "--script", "-"], input=script,
                              env={"REFEREE_HOME": str(home), "NO_COLOR": "1"})


def test_cli_variant_and_esl_flags_become_table_options(tmp_path):
    result = run(tmp_path, "--variant", "endless", "--esl", "--players", "Ann,Ben", script="rules\n")
    assert result.exit_code == 0
    assert "Connections Card Game, Endless, without 5-point cards (ESL)" in result.output
    assert re.search(r"\bvariant\s+=?\s*endless", result.output) and re.search(r"\besl\s+=?\s*yes", result.output)


def test_cli_a_wrong_player_count_for_the_variant_is_a_usage_error(tmp_path):
    result = run(tmp_path, "--variant", "solitaire", "--players", "Ann,Ben")
    assert result.exit_code == 2 and "Solitaire is for one player, not 2 (CN-6)" in result.output
    result = run(tmp_path, "--players", "Ann")
    assert result.exit_code == 2 and "Classic is for 2 to 8 players, not 1 (CN-6)" in result.output


def test_cli_cn1_there_is_no_digital_mode_the_cards_are_physical(tmp_path):
    result = run(tmp_path, "--mode", "digital", "--players", "Ann,Ben")
    assert result.exit_code == 2 and "Connections Card Game is played in table mode only, not digital" in result.output
    shown = run(tmp_path, "--help").output
    assert "--seed" not in shown and "--mode" not in shown


def test_cli_timer_flag_sets_the_table_option(tmp_path):
    result = run(tmp_path, "-t", "60", "--players", "Ann,Ben", script="rules\n")
    assert re.search(r"\btimer\s+=?\s*60\b", result.output)


def test_g5_a_late_play_is_refused_until_marked_late_and_then_logged_as_late(game):
    session, shell, out = game(timer=60)
    now = [1_700_000_000.0]
    session.clock = lambda: now[0]
    typed(shell, out, "start tiger/head/tree/ocean 1")
    typed(shell, out, "play 1,0 apple/river/cloud/head 2 late")  # `late` in time: not called late
    assert "late" not in session.events[-1]
    now[0] += 61
    count = len(session.events)
    text = typed(shell, out, "play 2,0 apple/river/cloud/bowl 2")
    assert "time is up for Ben's turn (1\u00a0s past 60\u00a0s); add `late` if the table allows it (G-5)" in text
    assert len(session.events) == count and (2, 0) not in session.state.cells
    text = typed(shell, out, "play 2,0 apple/river/cloud/bowl 2 late")
    assert "the table allowed it (G-5)" in text and session.events[-1]["late"] is True
    assert "(late: after the turn time ran out, G-5)" in " ".join(typed(shell, out, "log 1").split())


def test_g5_late_and_the_card_confirmation_go_in_either_order(game):
    session, shell, out = game(timer=60)
    now = [1_700_000_000.0]
    session.clock = lambda: now[0]
    typed(shell, out, "start tiger/head/tree/ocean 1 !")
    now[0] += 100
    typed(shell, out, "play 1,0 apple/river/cloud/snakk 2 ! late")
    assert session.events[-1]["late"] is True and session.events[-1]["unchecked"] == ["snakk"]
    now[0] += 100
    typed(shell, out, "play 2,0 apple/river/cloud/snakk 2 late !")
    assert session.events[-1]["late"] is True and (2, 0) in session.state.cells


def test_g5_option_late_accept_takes_a_late_play_silently_and_logs_it_as_late(game):
    session, shell, out = game(timer=60, late="accept")
    now = [1_700_000_000.0]
    session.clock = lambda: now[0]
    typed(shell, out, "start tiger/head/tree/ocean 1")
    now[0] += 61
    typed(shell, out, "play 1,0 apple/river/cloud/head 2")
    assert session.events[-1]["late"] is True
    assert "(late: after the turn time ran out, G-5)" in " ".join(typed(shell, out, "log 1").split())


def test_g5_rummy_runs_extends_and_steals_are_timed_too(game):
    session, shell, out = game("rummy", timer=60)
    now = [1_700_000_000.0]
    session.clock = lambda: now[0]
    typed(shell, out, "draw", "pass")  # Ann's turn is over: Ben's starts now
    now[0] += 61
    typed(shell, out, "draw")  # drawing is not a play: never refused as late
    text = typed(shell, out, "run a/bee/c/dog 1; e/fig/g/ham 2; i/jam/k/lime 3 !")
    assert "time is up for Ben's turn" in text and session.state.runs[1] == ()
    typed(shell, out, "run a/bee/c/dog 1; e/fig/g/ham 2; i/jam/k/lime 3 ! late")
    assert len(session.state.runs[1]) == 1 and session.events[-1]["late"] is True


def test_g5_a_turn_begun_before_a_resume_is_timed_from_the_resume(game):
    from referee.core.builtins import SHELL
    from referee.core.session import Session
    from referee.core.shell import Shell

    session, shell, out = game(timer=60)
    now = [1_700_000_000.0]
    session.clock = lambda: now[0]
    typed(shell, out, "start tiger/head/tree/ocean 1")
    now[0] += 3600  # saved overnight (here an hour) with Ann to play
    resumed = Session.resume(GAME, session.journal.path, clock=lambda: now[0])
    shell = Shell(resumed, SHELL.extend(GAME.commands), out=out.append)
    now[0] += 30
    text = typed(shell, out, "play 1,0 apple/river/cloud/head 2")
    assert "ran out" not in text and "late" not in resumed.events[-1]
    now[0] += 61
    typed(shell, out, "play 2,0 apple/river/cloud/bowl 2 late")
    assert resumed.events[-1]["late"] is True


def test_a_play_that_ends_the_round_shows_the_round_scores_not_an_empty_table(table):
    session, shell, out = table
    typed(shell, out, "start tiger/head/tree/ocean 1")
    for x in range(1, 10):
        typed(shell, out, f"play {x},0 apple/river/cloud/bird 1")
    text = typed(shell, out, "play 10,0 apple/river/cloud/bird 1")
    ann, ben = session.state.rounds[-1]
    assert f"Round 1 scores: Ann +{ann}, Ben +{ben}" in text and "The table is empty" not in text
    assert "`contest` may still challenge the play that ended it" in text
    text = typed(shell, out, "contest", "vote all no")
    assert "Ben's card goes back to their hand, its score is undone, and they draw one more card (CN-4)" in text
    assert session.state.phase == "count" and session.state.rounds == ()


def test_cn4_quick_play_overturn_does_not_speak_of_a_score(game):
    session, shell, out = game("quick")
    typed(shell, out, "start tiger/head/tree/ocean 1", "Ann: play 1,0 apple/river/cloud/head 2", "Ben: contest")
    text = typed(shell, out, "vote all no")
    assert "Ann's card at 1,0 goes back to their hand and they draw one more card (CN-4)" in text
    assert "score" not in text


def test_quads_a_draw_names_one_player_not_two(game):
    session, shell, out = game("quads")
    assert "Ann says Ben draws: say one name" in typed(shell, out, "Ann: draw 1 Ben")
    assert session.state.hands == (4, 4) and not session.events
    typed(shell, out, "Ann: draw 1 Ann", "draw 2 Ben")
    assert session.state.hands == (5, 5)


def test_cn1_the_window_fits_a_50_column_phone(table, monkeypatch):
    session, shell, out = table
    typed(shell, out, "start tiger/head/tree/ocean 1")
    for x in range(1, 6):
        typed(shell, out, f"play {x},0 apple/river/cloud/bird 1")
    monkeypatch.setenv("COLUMNS", "50")
    window = typed(shell, out, "show 3,0")
    boxes = [line for line in window.splitlines() if "┌" in line]
    assert boxes and all(len(line) <= 50 for line in boxes) and boxes[0].count("┌") == 3
    assert "┌ 3,0 " in window and "`show all` for everything" in window


def test_g4_the_tally_and_outcome_of_a_contest_go_into_the_log(table):
    session, shell, out = table
    typed(shell, out, "start tiger/head/tree/ocean 1", "play 1,0 apple/river/cloud/head 2", "contest", "Ann yes")
    assert "tally" not in session.events[-1]
    typed(shell, out, "Ben no")
    log = " ".join(typed(shell, out, "log").split())
    assert "votes: Ann yes" in log
    assert "votes: Ben no; Does Ann's card at 1,0 connect (head ↔ head)? yes 1, no 1: carried (a tie: the play stands, G-4)" in log


def test_cn6_rummy_runs_are_drawn_by_place_in_the_run_not_by_cells_nobody_types(game):
    session, shell, out = game("rummy")
    text = typed(shell, out, "draw", "run apple/bee/cat/dog 1; egg/fig/grape/ham 2; ice/jam/kale/lime 3")
    assert "┌ #1 " in text and "┌ #3 " in text and "┌ 1,1 " not in text
    assert "run 1 (3 cards, 6 points), west to east:" in text


def test_g5_rummys_first_turn_dealt_before_anyone_typed_is_timed_from_the_first_line(game):
    session, shell, out = game("rummy", timer=60)
    now = [1_700_000_000.0]
    session.clock = lambda: now[0]
    typed(shell, out, "draw")  # the clock starts with the table's first line
    now[0] += 61
    text = typed(shell, out, "run a/bee/c/dog 1; e/fig/g/ham 2; i/jam/k/lime 3 !")
    assert "time is up for Ann's turn" in " ".join(text.split())


def test_cn7_the_log_says_which_play_made_a_quad_and_who_objected(game):
    session, shell, out = game("quads")
    typed(shell, out, "Ann: play 0,0 surf/cloud/roof/dolphin 1", "Ann: play 1,0 desk/cloud/ink/sky 1",
          "Ann: play 0,1 bear/bowl/wave/ink 2", "Ann: play 1,1 winter/salad/office/soup 5", "Ben: contest Ann 0,0")
    log = " ".join(typed(shell, out, "log 2").split())
    assert "makes a quad at 0,0" in log and "objection to Ann's quad at 0,0" in log


def test_cn7_completion_offers_the_open_votes_cells_then_the_voters(game):
    from referee.games.connections.reading import vote_words as _vote_words

    session, shell, out = game("quick")
    typed(shell, out, "start tiger/head/tree/ocean 1", "Ann: play 1,0 apple/river/cloud/head 2", "Ben: contest 1,0")
    assert _vote_words(session, [])[:1] == ["1,0"] and "Ann" in _vote_words(session, [])
    assert _vote_words(session, ["1,0"]) == ["Ann", "Ben", "all"]
    assert _vote_words(session, ["1,0", "Ann"]) == ["yes", "no"]
