"""Issue 13 for Cosmic Colors: a table that is stuck (defect 8, CC-9), the friction found
playing it for real, G-6's early end and a CC-4 leak, one test (at least) per item."""

import os
import re
from dataclasses import replace

import pytest
from click.testing import CliRunner
from prompt_toolkit.utils import get_cwidth

from referee.cli import main
from referee.core.errors import RuleError
from referee.core.session import Session
from referee.games.colors import rules, view
from referee.games.colors.moves import MOVES
from tests.tables import plays_and_replays, typed, undo_restores

from .build import GRID, cards, play, state
from .shell import GAME, new
from .test_commands import first_best, line_for

TWO = ["Rs Rm Rp Rc Rg Ys Ym Yp Yc Yg", "Os Om Op Oc Og Bs Bm Bp Bc Bg"]
FOUR = ["Rs Rm Rp Rc Rg Ys Ym", "Os Om Op Oc Og Bs Bm", "Gs Gm Gp Gc Gg Yp Yc", "Bp Bc Bg Yg Os Om Op"]
EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def table_game(tmp_path, players=("Ann", "Ben"), hands=TWO, **options):
    """A table-mode game set up from GRID and ``hands``: (session, shell, out)."""
    session, shell, out = new(tmp_path, players=players, mode="table", **options)
    assert shell.execute("grid " + " ".join(GRID.split()))
    for player, hand in zip(players, hands):
        assert shell.execute(f"hand {player} {hand}"), last(out)
    assert session.state.phase == "play"
    return session, shell, out


def last(out):
    """The last reply as one line of text: a refusal the shell wrapped to the terminal
    reads as it was said."""
    import click

    return click.unstyle(out[-1]).replace("\n  ", " ")


def refused(rule, fn, *args):
    with pytest.raises(RuleError) as caught:
        fn(*args)
    assert f"({rule})" in str(caught.value), str(caught.value)
    return str(caught.value)


# -- defect 8 / CC-9: adjust, the short redraw, what Short Game put away -----------------------


def test_defect8_adjust_pile_sets_the_count_and_is_logged(tmp_path):
    session, shell, out = table_game(tmp_path)
    assert session.state.pile_count == 55
    assert shell.execute("adjust pile 52"), last(out)
    assert session.state.pile_count == 52 and session.state.player == "Ann"
    assert "the draw pile corrected to the table's count: 55 → 52 cards (G-1)" in last(out)
    assert typed(shell, out, "log 1").count("55 → 52") == 1
    resumed = Session.resume(GAME, session.journal.path)
    assert resumed.state == session.state


def test_defect8_adjust_pile_cannot_hold_more_than_the_box(tmp_path):
    session, shell, out = table_game(tmp_path)
    assert not shell.execute("adjust pile 56")
    assert "the pile can hold 55 at most (CC-1)" in last(out)
    assert not shell.execute("adjust pile 55")  # nothing to correct
    assert "(G-1)" in last(out)
    assert not shell.execute("adjust pile -3") and not shell.execute("adjust pile")
    assert session.state.pile_count == 55


def test_defect8_adjust_hand_sets_its_cards_and_the_box_takes_back_the_lost(tmp_path):
    session, shell, out = table_game(tmp_path)
    before = session.state
    assert shell.execute("adjust hand Ben Os Om Op Oc Og Bs Bm Bp Bc Gs"), last(out)  # Bg was a Gs
    after = session.state
    assert after.hands[1] == tuple(sorted(cards("Os Om Op Oc Og Bs Bm Bp Bc Gs")))
    gs, bg = cards("Gs Bg")
    assert after.unseen[gs] == before.unseen[gs] - 1 and after.unseen[bg] == before.unseen[bg] + 1
    assert "Ben's hand corrected to the table's" in last(out) and "(G-1)" in last(out)
    assert shell.execute("adjust hand Ben none")
    assert session.state.hands[1] == ()


def test_defect8_adjust_hand_cannot_gain_a_fifth_copy_or_a_wild(tmp_path):
    session, shell, out = table_game(tmp_path)
    before = session.state
    # GRID holds two Bm, Ben holds one: one more is the fourth, two more a fifth
    assert shell.execute("adjust hand Ann Rs Rm Rp Rc Rg Ys Ym Yp Yc Bm")
    assert not shell.execute("adjust hand Ann Rs Rm Rp Rc Rg Ys Ym Yp Bm Bm")
    assert "already accounted for (CC-1)" in last(out)
    assert not shell.execute("adjust hand Ann Rs Rm Rp Rc Rg Ys Ym Yp Yc W")
    assert "(CC-1)" in last(out)
    shell.execute("undo")
    assert session.state == before


def test_defect8_adjust_hand_needs_room_in_the_box_first(tmp_path):
    session, shell, out = table_game(tmp_path)
    assert not shell.execute("adjust hand Ann Rs Rm Rp Rc Rg Ys Ym Yp Yc Yg Gm")  # an 11th card from nowhere
    assert "first correct the pile (`adjust pile N`) (CC-1)" in last(out)
    assert shell.execute("adjust pile 54")
    assert shell.execute("adjust hand Ann Rs Rm Rp Rc Rg Ys Ym Yp Yc Yg Gm")
    assert len(session.state.hands[0]) == 11


def test_defect8_adjust_is_refused_in_digital_mode_and_in_jr(tmp_path):
    session, shell, out = new(tmp_path)
    assert not shell.execute("adjust pile 3")
    assert "(G-2)" in last(out)
    session, shell, out = new(tmp_path / "jr", variant="jr", mode="table")
    assert not shell.execute("adjust pile 3")
    assert "(CC-7)" in last(out)


def test_defect8_short_redraw_says_the_pile_ran_out(tmp_path):
    session, shell, out = table_game(tmp_path)
    assert shell.execute("adjust pile 20")
    assert shell.execute("play Rm@c3 Ym@c2")
    assert shell.execute("discard Rs")
    assert session.state.draw_need == 3
    assert not shell.execute("Gs")
    assert "Ann draws 3 cards back to 10, not 1; if the pile ran out, say so: `draw Gs empty` (4)" in last(out)
    assert shell.execute("Gs empty"), last(out)  # at the draw prompt the word `draw` may be left out
    s = session.state
    assert s.pile_count == 0 and len(s.hands[0]) == 8 and s.player == "Ben"
    assert "the draw pile is empty" in typed(shell, out, "log 1")


def test_defect8_draw_empty_with_no_card_at_all(tmp_path):
    session, shell, out = table_game(tmp_path)
    assert shell.execute("pass discard Rs")
    assert shell.execute("draw empty")
    assert session.state.pile_count == 0 and len(session.state.hands[0]) == 9


def test_defect8_pile_corrected_during_a_redraw_waits_for_fewer_cards():
    s = play(state(GRID, TWO, pile=20), "Rm@c3 Ym@c2")
    s = MOVES.apply(s, {"do": "discard", "cards": cards("Rs")})
    assert s.draw_need == 3
    s = MOVES.apply(s, {"do": "adjust", "what": "pile", "count": 1})
    assert s.phase == "draw" and s.draw_need == 1
    s = MOVES.apply(s, {"do": "adjust", "what": "pile", "count": 0})
    assert s.phase == "play" and s.player == "Ben" and len(s.hands[0]) == 7


def test_defect8_a_redraw_beyond_the_counted_pile_points_to_adjust():
    s = play(state(GRID, TWO, pile=1), "Rm@c3 Ym@c2")
    s = MOVES.apply(s, {"do": "discard", "cards": cards("Rs")})
    assert s.draw_need == 1  # three short of ten, one in the pile by the count
    text = refused("4", MOVES.apply, s, {"do": "draw", "cards": cards("Gs Gm Gp")})
    assert "all the draw pile holds by the count, not 3" in text and "`adjust pile N`" in text
    s = MOVES.apply(s, {"do": "adjust", "what": "pile", "count": 6})
    assert s.phase == "draw" and s.draw_need == 3
    s = MOVES.apply(s, {"do": "draw", "cards": cards("Gs Gm Gp")})
    assert s.pile_count == 3 and len(s.hands[0]) == 10


def test_defect8_a_table_that_lost_a_card_still_ends_truthfully():
    """The pile the referee counts 1 is found empty at a redraw; Ben then plays out and
    the game ends by CC-6 with a winner."""
    s = state(GRID, ["Rs Rm Rp Rc Rg Ys Ym Yp Yc Yg", "Bs"], pile=1)
    s = MOVES.apply(s, {"do": "play", "cards": [], "cells": []})  # Ann passes
    s = MOVES.apply(s, {"do": "discard", "cards": cards("Rs Rm")})
    s = MOVES.apply(s, {"do": "draw", "cards": [], "empty": True})
    assert s.pile_count == 0 and s.player == "Ben"
    s = play(s, "Bs@a1")  # Ben's team has no card left and the pile is empty: CC-6
    assert s.phase == "over" and rules.winners(s)


def test_defect8_adjust_pile_to_zero_with_a_team_out_of_cards_ends_the_game():
    s = state(GRID, ["Rs Rm", "Bs"], pile=3)
    s = MOVES.apply(s, {"do": "adjust", "what": "hand", "player": "Ben", "cards": []})
    assert s.phase == "play" and s.player == "Ann"
    s = MOVES.apply(s, {"do": "adjust", "what": "pile", "count": 0})
    assert s.phase == "over"


def test_defect8_adjust_replays_and_undoes(tmp_path):
    session, shell, out = table_game(tmp_path)
    lines = ["adjust pile 50", "play Rm@c3", "keep", "adjust hand Ann Rs Rp Rc Rg Ys Ym Yp Yc", "draw Gs empty",
             "adjust pile 4", "adjust hand Ben none"]
    undo_restores(session, shell, lines)
    plays_and_replays(session, shell, [])


def test_cc9_put_away_says_how_many_short_game_put_away(tmp_path):
    session, shell, out = table_game(tmp_path, variant="short", put_away="28")
    assert session.state.removed == 28 and session.state.pile_count == 27
    assert "(28 put away, Short Game)" in view.status(session.state)
    session, shell, out = table_game(tmp_path / "half", variant="short")
    assert session.state.removed == 27 and session.state.pile_count == 28  # the default: half, as before
    session, shell, out = new(tmp_path / "digital", variant="short", put_away="10")
    assert session.state.removed == 10 and session.state.pile_count == len(session.state.pile) == 45


def test_cc9_put_away_is_a_table_option_checked_at_the_start(tmp_path):
    assert any(o.name == "put_away" and o.rule == "CC-9" for o in GAME.options)
    runner = CliRunner()
    env = {"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"}
    result = runner.invoke(main, ["colors", "-p", "Ann,Ben", "--variant", "short", "-o", "put_away=56",
                                  "--script", "-"], input="", env=env)
    assert result.exit_code != 0 and "from 0 to 55" in result.output and "Traceback" not in result.output
    result = runner.invoke(main, ["colors", "-p", "Ann,Ben", "--variant", "short", "-o", "put_away=lots",
                                  "--script", "-"], input="", env=env)
    assert result.exit_code != 0 and "(CC-9)" in result.output


def test_cc9_a_wild_in_hand_counts_toward_the_redraw():
    s = state(GRID, ["Rs Rm Rp Rc Rg Ys Ym Yp Yc W", "Os Om Op Oc Og Bs Bm Bp Bc Bg"], options={"variant": "wild"})
    s = play(s, "Rm@c3")  # nine left, the wild among them
    s = MOVES.apply(s, {"do": "discard", "cards": []})
    assert s.phase == "draw" and s.draw_need == 1  # back to 10 counting the wild, not 2
    s = state(GRID, ["Rs Rm Rp Rc Rg Ys Ym Yp Yc Yg W W", "Os Om Op Oc Og Bs Bm Bp Bc Bg"],
              options={"variant": "wild"})
    s = MOVES.apply(play(s, "Rm@c3"), {"do": "discard", "cards": []})
    assert s.phase == "play" and s.player == "Ben"  # 11 in hand with the wilds: nothing to draw


def test_cc9_a_wild_in_hand_counts_toward_the_end_condition():
    s = state(GRID, ["W", "Bs Bm"], pile=0, options={"variant": "wild"})
    s = MOVES.apply(s, {"do": "play", "cards": [], "cells": []})
    s = MOVES.apply(s, {"do": "discard", "cards": []})
    assert s.phase == "play" and s.player == "Ben"  # Ann's wild is a card in hand: her team is not out
    s = state(GRID, ["W", "Bs"], pile=0, options={"variant": "wild"})
    s = play(s, "W@a1", value=0)
    assert s.phase == "over"  # the wild played, Ann's team holds nothing: CC-6


# -- friction -------------------------------------------------------------------------------------


def test_friction_a_player_with_no_cards_left_is_passed_without_typing_pass(tmp_path):
    session, shell, out = table_game(tmp_path, players=("Ann", "Ben", "Cy", "Di"), hands=FOUR)
    assert shell.execute("adjust pile 0")
    assert shell.execute("adjust hand Ben none")
    assert shell.execute("play Rm@c3 keep"), last(out)
    s = session.state
    assert s.player == "Cy" and s.phase == "play"
    passed = s.turns[-1]
    assert s.players[passed.seat] == "Ben" and passed.cards == () and passed.points == 0
    assert "Ben passes, no cards left" in typed(shell, out, "log 1")
    plays_and_replays(session, shell, [])


def test_friction_the_player_passed_is_named_after_a_play(tmp_path):
    s = state(GRID, ["Rs Os", "", "Gs", "Bp"], pile=0)
    after = play(s, "Rs@a1 Os@a2")  # Ann plays out; Ben holds nothing; Cy is next
    assert after.player == "Cy" and rules.passed_without_cards(s, after) == ["Ben"]


def test_friction_a_mistyped_command_at_the_discard_prompt_is_named(tmp_path):
    session, shell, out = new(tmp_path)
    assert shell.execute("pass")
    before = session.state
    assert not shell.execute("kep")
    assert re.search(r"no command 'kep'; did you mean '?keep'?\?$", last(out))  # the core may quote it
    assert not shell.execute("swpa Rs for Gm")
    assert re.search(r"did you mean '?swap'?\?", last(out)) or "(3b)" in last(out)
    assert not shell.execute("Rz")
    assert "'Rz' is not a card" in last(out)
    assert session.state == before


def test_friction_jr_help_does_not_speak_of_team_totals(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), variant="jr")
    help_text = typed(shell, out, "help").lower()
    assert "score" in help_text
    assert not re.search(r"\bteams?\b|totals?", help_text), help_text


def test_friction_hand_zed_in_digital_mode_says_there_is_no_player_zed(tmp_path):
    session, shell, out = new(tmp_path)
    assert not shell.execute("hand Zed")
    assert "no player 'Zed'; the players are Ann, Ben" in last(out)
    assert shell.execute("hand Ben")
    assert last(out).startswith("Ben (colors):")


# -- phone: 50 columns ------------------------------------------------------------------------------


def _too_wide(text, width=50):
    import click

    return [line for line in click.unstyle(text).split("\n")
            if get_cwidth(line) > width and not line.startswith(("> ", "✗ "))]


@pytest.mark.parametrize("example,args", [
    ("colors-2p.txt", ["-p", "Ann,Ben"]),
    ("colors-4p.txt", ["-p", "Ann,Ben,Cy,Di", "-m", "digital", "--seed", "11", "--variant", "wild"]),
    ("colors-jr.txt", ["-p", "Ann,Ben,Cy", "--variant", "jr"]),
])
def test_phone_every_colors_view_fits_50_columns_breaking_between_words(tmp_path, example, args):
    with open(os.path.join(EXAMPLES, example), encoding="utf-8") as handle:
        script = handle.read() + "help\nhelp score\nhelp adjust\nrules\ncards\nreview\nscore\nshow\n"
    result = CliRunner().invoke(main, ["colors", *args, "--script", "-"], input=script,
                                env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "50"})
    assert "internal error" not in result.output
    assert _too_wide(result.output) == []
    assert "Game over" in result.output
    # broken between words: the arithmetic's words and the cards stay whole
    assert not re.search(r"\bconn\n|\bgree\n", result.output)


def test_phone_the_review_and_the_status_fit_50_columns(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    session, shell, out = table_game(tmp_path, variant="short")
    assert _too_wide(view.shown_status(session.state, 50)) == []
    assert "put away, Short" in view.shown_status(session.state, 50).replace("\n", " ")
    for line in ["play Rm@c3 Ym@c2", "discard Rs", "draw Gs Gm Gp", "finish"]:
        shell.execute(line)
    assert session.state.phase == "over" or session.state.ending
    text = "\n".join(out) + "\n" + GAME.welcome(shell.context)  # the width its context gives
    assert _too_wide(text) == []


# -- G-6: finish ------------------------------------------------------------------------------------


def test_g6_finish_between_turns_ends_the_game_at_once_with_the_winner(tmp_path):
    session, shell, out = new(tmp_path)
    assert shell.execute("play " + line_for(session, first_best(session)) + " keep")
    s = session.state
    assert s.phase == "play"
    points = s.points
    out.clear()
    assert shell.execute("finish"), out
    text = "\n".join(out)
    assert session.state.phase == "over" and session.state.early
    assert "the table ends the game early (G-6)" in text and "ended early by the table (G-6)" in text
    assert "hidden" not in text and str(points[0]) in text  # the secret totals revealed as at a normal end
    result = GAME.result(session.state)
    assert result["finished"] and result["winners"]
    assert "ends the game early (G-6)" in typed(shell, out, "log 1")


def test_g6_finish_after_a_play_ends_when_the_turn_ends(tmp_path):
    session, shell, out = table_game(tmp_path)
    assert shell.execute("play Rm@c3")
    assert shell.execute("finish")
    assert session.state.phase == "discard" and session.state.ending
    assert "the game ends when Ann's turn ends (G-6)" in last(out)
    assert not shell.execute("finish")
    assert shell.execute("discard Rs")
    assert session.state.phase == "draw"
    assert shell.execute("Gs Gm")
    s = session.state
    assert s.phase == "over" and s.early and len(s.hands[0]) == 10  # the turn's redraw done first


def test_g6_finish_tie_goes_to_the_team_with_cards_left():
    s = state(GRID, ["Rs", "Bs"], pile=5, points=(4, 4))
    s = MOVES.apply(s, {"do": "finish"})
    assert s.phase == "over" and rules.winners(s) == [0, 1]  # both hold cards: shared
    s = state(GRID, ["Rs", ""], pile=5, points=(4, 4))
    s = MOVES.apply(s, {"do": "finish"})
    assert rules.winners(s) == [0]
    s = state(GRID, ["Rs", "Bs"], pile=5, points=(4, 4), options={"tie": "shared"})
    assert rules.winners(MOVES.apply(s, {"do": "finish"})) == [0, 1]


def test_g6_finish_is_refused_in_setup_and_after_the_end(tmp_path):
    session, shell, out = new(tmp_path, mode="table")
    assert not shell.execute("finish")
    assert "(G-6)" in last(out)
    s = replace(state(GRID, TWO), phase="over")
    refused("CC-6", MOVES.apply, s, {"do": "finish"})


def test_g6_finish_in_jr_ends_after_the_round(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben"), variant="jr")
    top = session.state.tops[0]
    assert shell.execute(f"take a1 {session.state.names.colors[top // 5]}")
    assert shell.execute("finish")
    assert session.state.phase == "play" and session.state.ending and session.state.player == "Ben"
    cell = next(i for i, t in enumerate(session.state.tops) if t is not None)
    name = "abc"[cell % 3] + str(cell // 3 + 1)
    assert shell.execute(f"take {name} {session.state.names.colors[session.state.tops[cell] // 5]}")
    assert session.state.phase == "over" and session.state.early
    assert "ended early by the table (G-6)" in "\n".join(out)
    session, shell, out = new(tmp_path / "start", players=("Ann", "Ben"), variant="jr")
    assert shell.execute("finish")  # at a round's start: at once
    assert session.state.phase == "over"


# -- CC-4: a team sees only its own total (issue 9's leak) ------------------------------------------------


def test_cc4_a_player_asking_for_the_other_teams_total_is_refused(tmp_path):
    session, shell, out = new(tmp_path, variant="wild")
    assert shell.execute("play W@c3 as moon")
    assert shell.execute("keep")
    assert not shell.execute("Ben: score shapes")
    assert "a team sees only its own total until the end" in last(out) and "(CC-4)" in last(out)
    assert str(session.state.points[0]) not in last(out)
    assert not shell.execute("Ben: score Ann")
    seen = []
    shell.show_private = lambda owner, text: seen.append((owner, text))
    assert shell.execute("Ben: score me") and shell.execute("Ann: score shapes")
    assert [owner for owner, _ in seen] == ["Colors (Ben)", "Shapes (Ann)"]


def test_cc4_the_refusal_is_the_same_whatever_the_hidden_totals(tmp_path):
    texts = []
    for points in [(0, 0), (6, 0), (93, 41)]:
        session, shell, out = new(tmp_path / str(points[0]))
        session._states[-1] = replace(session.state, points=points)
        texts.append(typed(shell, out, "Ben: score shapes", "Ben: score Ann", "score", "show"))
    assert texts[0] == texts[1] == texts[2]


def test_cc4_the_issue_9_repro_prints_no_other_team_total(tmp_path):
    result = CliRunner().invoke(main, ["colors", "-p", "Ann,Ben", "--mode", "digital", "--variant", "wild",
                                       "--seed", "5", "--script", "-"],
                                input="play W@c3 as moon\nkeep\nBen: score shapes\n",
                                env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"})
    assert "Shapes (Ann): 6 points" not in result.output
    assert "(CC-4)" in result.output
