"""Issue 13, Cosmic Colors played cold by a newcomer (P4): every refusal names its rule,
the end says why the game stopped, and help speaks of the variant on the table."""

import re

import click
import pytest

from referee.games.colors import view
from referee.games.colors.moves import MOVES
from tests.tables import typed

from .build import GRID, state
from .shell import new
from .test_commands import MALFORMED
from .test_table_ready import table_game


def refusal(shell, out, line):
    """The one-line refusal ``line`` gets, unwrapped; the game must not change."""
    before = shell.session.state
    assert not shell.execute(line)
    assert shell.session.state == before
    return click.unstyle(out[-1]).replace("\n  ", " ")


def test_cc1_a_card_not_in_the_box_names_cc1(tmp_path):
    session, shell, out = table_game(tmp_path)
    text = refusal(shell, out, "play Rz@b2")
    assert "'Rz' is not a card" in text and text.endswith("(CC-1)")


def test_1b_a_cell_off_the_play_area_names_1b(tmp_path):
    session, shell, out = table_game(tmp_path)
    text = refusal(shell, out, "play Rs@z9")
    assert "'z9' is not a cell" in text and text.endswith("(1b)")


def test_cc7_a_cell_off_jr_piles_names_cc7(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), variant="jr")
    text = refusal(shell, out, "take d4 red")
    assert "'d4' is not a cell" in text and "a1 to c3" in text and text.endswith("(CC-7)")


def test_cc9_adjust_pile_without_a_number_quotes_it_and_names_cc9(tmp_path):
    session, shell, out = table_game(tmp_path)
    text = refusal(shell, out, "adjust pile 2x")
    assert "'2x'" in text and text.endswith("(CC-9)")
    assert refusal(shell, out, "adjust lid 3").endswith("(CC-9)")


def test_cc9_adjust_pile_to_one_says_one_card(tmp_path):
    session, shell, out = table_game(tmp_path)
    assert shell.execute("adjust pile 1")
    assert "55 → 1 card (G-1)" in click.unstyle(out[-1]).replace("\n", " ")


def test_3b_swap_without_for_names_3b(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy", "Di"))
    assert shell.execute("pass")
    assert refusal(shell, out, "swap Rs").endswith("(3b)")


def test_cc4_score_me_with_no_speaker_names_cc4_and_shows_no_total(tmp_path):
    session, shell, out = new(tmp_path)
    text = refusal(shell, out, "score me")
    assert text.endswith("(CC-4)") and "`Ann: score me`" in text
    assert "points" not in text


def test_g6_finish_with_words_after_it_quotes_them_and_names_g6(tmp_path):
    session, shell, out = new(tmp_path)
    text = refusal(shell, out, "finish now")
    assert "'now'" in text and text.endswith("(G-6)")


def test_cc6_the_end_says_the_pile_is_gone_and_which_team_holds_nothing():
    s = state(GRID, ["", "Gs"], pile=0, phase="over")
    first = click.unstyle(view.final(s)).splitlines()[0]
    assert first == "Game over: the draw pile is gone and Shapes (Ann) holds no cards (CC-6)."


def test_g6_an_early_end_still_says_the_table_ended_it():
    s = state(GRID, ["Rs", "Gs"], pile=5, phase="over", early=True)
    assert click.unstyle(view.final(s)).splitlines()[0] == "Game over: ended early by the table (G-6)."


def test_cc8_the_review_headers_stay_on_one_line_at_50_columns(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    session, shell, out = table_game(tmp_path)
    assert shell.execute("play Rs@a1 Ys@b1 keep"), out[-1]
    lines = click.unstyle(view.review(session.state, [session.state.turns[0]])).splitlines()
    assert lines[0].split() == ["#", "player", "played", "pts", "best", "best", "is"]
    assert set(lines[1]) <= {"-", " "}  # the rule right under: no header wrapped
    assert "a best" not in lines[0]


def _help(session, shell, out, command):
    session.game.welcome(shell.context)  # as the launcher does, once the shell is made
    return " ".join(click.unstyle(typed(shell, out, f"help {command}")).split())


def test_cc7_jr_help_score_speaks_of_cards_taken_not_team_points(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), variant="jr")
    text = _help(session, shell, out, "score")
    assert "cards each player has taken" in text
    assert "hidden" not in text and "team" not in text.lower() and "Jr:" not in text


def test_cc7_jr_help_finish_speaks_of_the_round_not_discards(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), variant="jr")
    text = _help(session, shell, out, "finish")
    assert "current round ends" in text and "discard" not in text


def test_cc4_team_help_score_speaks_of_hidden_points_not_jr(tmp_path):
    session, shell, out = new(tmp_path)
    text = _help(session, shell, out, "score")
    assert "Points stay hidden until the end (CC-4)" in text
    assert "taken" not in text and "Team game:" not in text
    assert "Ann: score me" in text


def test_cc7_tailored_help_leaves_other_tables_alone(tmp_path):
    """One Jr table's help does not change a team table's opened next in the process."""
    session, shell, out = new(tmp_path / "a", players=("Ann", "Ben", "Cy"), variant="jr")
    _help(session, shell, out, "score")
    session2, shell2, out2 = new(tmp_path / "b")
    text = " ".join(click.unstyle(typed(shell2, out2, "help score")).split())
    assert "Points stay hidden" in text and "taken" not in text  # the team game's own help


def test_cc7_jr_a_misspelt_shape_is_suggested_and_names_cc7(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), variant="jr")
    text = refusal(shell, out, "take a1 mon")
    assert text == "✗ 'mon' is not a colour or a shape; did you mean moon? (CC-7)"


def test_cc7_jr_an_unknown_colour_lists_the_names_not_the_wild(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), variant="jr")
    text = refusal(shell, out, "take a1 purple")
    assert "red, orange, yellow, green, blue" in text and "star, moon, planet, comet, galaxy" in text
    assert "wild" not in text and text.endswith("(CC-7)")


def test_cc7_jr_a_row_of_four_at_the_row_prompt_is_refused(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), mode="table", variant="jr")
    text = refusal(shell, out, "Rm Oc Og Rs")
    assert text == "✗ a row is 3 cards and this line has 4: type whole rows, 3 codes a row (CC-7)"
    assert shell.execute("Rm Oc Og Rs Rm Oc")  # two whole rows on one line
    assert shell.execute("Og Bm Bc") and session.state.phase == "play"


def test_setup2_a_row_of_six_at_the_row_prompt_is_refused(tmp_path):
    session, shell, out = new(tmp_path, mode="table")
    assert refusal(shell, out, "Oc Om Bg Bm Gg Bs").endswith("this line has 6: type whole rows, 5 codes a row (Setup 2)")
    assert shell.execute("Oc Om Bg Bm Gg") and len([s for s in session.state.stacks if s]) == 5


def test_setup2_a_journal_with_a_part_row_still_replays(tmp_path):
    """Games saved before whole rows were asked for carry no `rows` mark: they replay."""
    from referee.games.colors import rules

    from .build import OPTIONS, cards

    s = rules.initial({"players": ["Ann", "Ben"], "mode": "table", "seed": 1, "options": dict(OPTIONS)})
    s = MOVES.apply(s, {"do": "grid", "cards": cards("Oc Om Bg Bm Gg Bs")})
    assert len([x for x in s.stacks if x]) == 6


def test_cc7_jr_the_end_says_two_piles_are_gone_and_the_round_played_out(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), mode="table", variant="jr")
    for line in ("Rm Oc Og", "Bm Bc Os", "Ym Rp Rp", "take a1 moon", "empty empty Gs",
                 "take b1 comet", "Ys Yp", "take c3 red"):  # the round's last take ends it (issue 20 item 5)
        assert shell.execute(line), out[-1]
    assert session.state.phase == "over"
    assert "Game over: 2 piles are gone and the round is played out (CC-7)." in click.unstyle("\n".join(out))


def test_cc7_jr_a_misspelt_empty_is_named_as_empty(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), mode="table", variant="jr")
    for line in ("Rm Oc Og", "Bm Bc Os", "Ym Rp Rp", "take a1 moon"):
        assert shell.execute(line), out[-1]
    text = refusal(shell, out, "empty emtpy Gs")
    assert text == "✗ 'emtpy' is not a card; did you mean empty (a pile gone)? (CC-7)"


def test_cc4_score_of_no_team_or_player_quotes_it_and_names_cc4(tmp_path):
    session, shell, out = new(tmp_path)
    text = refusal(shell, out, "score Zed")
    assert "'Zed' is neither a team" in text and text.endswith("(CC-4)") and "points" not in text


RULE_AT_END = r"\((?:CC-\d+|G-\d+|Setup \d|Turns|\d[a-d]?)\)$"
TABLE_SLIPS = ["adjust pile 2x", "adjust", "adjust hand Zed Rs", "draw", "keep now", "cards now", "finish now",
               "hand Zed Rs", "grid", "play Rs@b2 Ys"]


@pytest.mark.parametrize("line", MALFORMED)
def test_every_slip_in_a_digital_game_names_its_rule(tmp_path, line):
    session, shell, out = new(tmp_path)
    assert not shell.execute(line)
    assert re.search(RULE_AT_END, click.unstyle(out[-1]).replace("\n  ", " ")), out[-1]


@pytest.mark.parametrize("line", TABLE_SLIPS)
def test_every_slip_in_a_table_game_names_its_rule(tmp_path, line):
    session, shell, out = table_game(tmp_path)
    before = session.state
    assert not shell.execute(line)
    assert session.state == before
    assert re.search(RULE_AT_END, click.unstyle(out[-1]).replace("\n  ", " ")), out[-1]


def test_help_paragraphs_wrap_evenly_on_a_phone(tmp_path):
    """The docstrings' source line breaks do not reach the screen: at 50 columns `help
    play` wrapped each 88-column source line on its own, leaving half-empty lines."""
    from referee.games.colors.commands import COMMANDS

    session, shell, out = new(tmp_path)
    session.game.welcome(shell.context)
    for name in COMMANDS.commands:
        details = shell.commands.commands[name].details
        assert "\n" not in details.replace("\n\n", ""), name
    assert "Rs@b2 discard Gm" in " ".join(typed(shell, out, "help play").split())


@pytest.mark.parametrize("variant,line", [("standard", "play Rs@b2"), ("jr", "take a1 red")])
def test_g6_a_move_after_finish_says_undo_takes_it_back(tmp_path, variant, line):
    players = ("Ann", "Ben", "Cy") if variant == "jr" else ("Ann", "Ben")
    session, shell, out = new(tmp_path, players=players, variant=variant)
    assert shell.execute("finish") and session.state.phase == "over"
    text = refusal(shell, out, line)
    assert text == "✗ the game is over: the table ended it early; `undo` takes that back (G-6)"
    # the end showed the hidden totals, so the core asks before taking it back (G-3)
    assert shell.execute("undo yes") and session.state.phase != "over"


def test_3b_swap_with_a_teammate_holding_nothing_says_so():
    from referee.games.colors import rules
    from referee.core.errors import RuleError

    from .build import cards

    s = state(GRID, ["Rs", "Gs Bs", "Ys", ""], pile=0, turn=1, phase="discard")
    with pytest.raises(RuleError) as caught:
        MOVES.apply(s, {"do": "swap", "give": cards("Gs"), "take": cards("Ys")})
    assert str(caught.value) == "Di holds no cards, so there is nothing to swap for: `discard` up to 2 or `keep` (3b)"


def test_cc7_a_wild_play_ending_in_as_asks_as_what(tmp_path):
    session, shell, out = new(tmp_path, variant="wild")
    text = refusal(shell, out, "play W@c2 as")
    assert text == "✗ as what? name the shape the wilds stand for, e.g. `play W@c3 as star` (CC-7)"


def test_cc7_jr_a_three_way_tie_names_the_players_as_a_list(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), variant="jr")
    assert shell.execute("finish")
    assert "A tie: Ann, Ben and Cy share the victory." in click.unstyle("\n".join(out))
