"""What a newcomer's playtest at a 50-column phone found (issue 13, Table-ready): a cell
broken across lines, refusals of a mistyped card without a rule, help that spoke of
another variant's piles. Each test is named after what it checks."""

import re

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.core.errors import RefereeError, RuleError
from referee.games.connections import view
from referee.games.connections.reading_words import parse_card, parse_cell
from tests.connections.helpers import card, do, new_state, started


def _run(tmp_path, lines, variant="classic", players="Ann,Ben,Cy", columns=50):
    result = CliRunner().invoke(main, ["connections", "--variant", variant, "--players", players, "--script", "-"],
                                input="\n".join(lines) + "\n",
                                env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": str(columns)})
    assert "Traceback" not in result.output
    return result.output


def test_a_cell_is_never_broken_after_its_comma_at_50_columns(tmp_path, monkeypatch):
    # the welcome said `lay the starter card at 0,` and `0: ...` on the next line
    out = _run(tmp_path, ["show"])
    assert "0,0: `start" in out
    assert not re.search(r"-?\d,\n", out), out
    text = "✓ Ann plays clock/bear/hand/school (1) at -12,-13 and touches 1,-1 and 10,2"
    for width in range(20, 50):
        fitted = view.fit(text, width)
        assert "".join(fitted.split()) == "".join(text.split())
        assert all(len(line) <= width for line in fitted.splitlines())
        assert "-12,-13" in fitted and "1,-1" in fitted and "10,2" in fitted


@pytest.mark.parametrize("typed", ["a/b/c 2", "a/b/c/d/e 2", "a/b/c/d", "a//c/d 2", "a/b/c/d x", "a/9b/c/d 2",
                                   "/ 2"])
def test_cn1_a_mistyped_card_is_refused_citing_cn1(typed):
    with pytest.raises(RefereeError, match=r"\(CN-1\)"):
        parse_card(typed)


@pytest.mark.parametrize("typed", ["1 a/b/c/d 2", "x,y a/b/c/d 2", "1;0 a/b/c/d 2"])
def test_cn1_a_mistyped_cell_is_refused_citing_cn1(typed):
    with pytest.raises(RefereeError, match=r"\(CN-1\)"):
        parse_cell(typed)


@pytest.mark.parametrize("variant, players, line", [
    ("quads", "Ann,Ben", "Ann: return"),
    ("rummy", "Ann,Ben", "extend 1 north a/b/c/d 1"),
    ("rummy", "Ann,Ben", "steal Ben 1 north"),
])
def test_cn6_a_pile_or_run_end_that_is_not_one_is_refused_citing_cn6(tmp_path, variant, players, line):
    out = _run(tmp_path, [line], variant=variant, players=players)
    refusal = [text for text in out.split("\n> ")[1:] if "✗" in text]
    assert refusal and "(CN-6)" in refusal[0], out


@pytest.mark.parametrize("columns", [50, 80])
def test_cn1_show_all_of_a_layout_wider_than_the_terminal_draws_whole_boxes_in_bands(tmp_path, columns):
    # `show all` at 50 columns broke a row of boxes between words: `· -1,0 │ocean ││fig │ · 2,0`
    lines = ["start tiger/head/tree/ocean 1"] + [f"play {x},0 apple/pear/plum/fig 1 !" for x in range(1, 8)]
    out = _run(tmp_path, lines + ["show all"], columns=columns)
    shown = out.split("> show all\n")[1]
    assert all(len(line) <= columns for line in shown.splitlines()), shown
    for x in range(0, 8):
        assert f"┌ {x},0 " in shown  # every card's box is drawn whole, its top border with its cell
    assert shown.count("│fig           │") == 7 and "│ocean         │" in shown
    assert "columns x -1.." in shown and "· 8,0" in shown


@pytest.mark.parametrize("variant", ["classic", "endless"])
def test_cn4_contest_naming_a_player_who_did_not_make_the_last_play_is_refused(variant):
    # `contest Ben` opened a vote on Ann's card
    state = do(started(variant), "play", cell=[1, 0], card=card("a/b/c/head"), by="Ann")
    with pytest.raises(RuleError, match=r"the last play is Ann's, not Ben's.*\(CN-4\)"):
        do(state, "contest", of="Ben")
    assert do(state, "contest", of="Ann").vote is not None
    assert do(state, "contest").vote is not None


def test_cn7_an_objection_naming_a_player_whose_card_it_is_not_is_refused():
    state = do(started("quick", ("Ann", "Ben", "Cy")), "play", cell=[1, 0], card=card("a/b/c/head"), by="Ann")
    with pytest.raises(RuleError, match=r"the card at 1,0 is Ann's, not Ben's \(CN-7\)"):
        do(state, "contest", by="Cy", of="Ben", cell=[1, 0])
    with pytest.raises(RuleError, match=r"Ben has no card on the table to object to \(CN-7\)"):
        do(state, "contest", by="Cy", of="Ben")  # `contest Ben`: Ben's latest card (issue 20 item 4)
    assert len(do(state, "contest", by="Cy", of="Ann", cell=[1, 0]).votes) == 1


@pytest.mark.parametrize("variant, players", [("quick", "Ann,Ben"), ("quads", "Ann,Ben"), ("solitaire", "Sol")])
def test_cn6_a_turn_timer_asked_for_a_variant_without_turns_is_said_to_be_unused(tmp_path, variant, players):
    result = CliRunner().invoke(main, ["connections", "--variant", variant, "-p", players, "-t", "30", "--script", "-"],
                                input="", env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "80"})
    assert "has no turns to time, so the turn timer is not used (CN-6)" in result.output


def test_cn6_a_turn_timer_in_a_variant_with_turns_says_nothing_of_the_sort(tmp_path):
    for variant in ("classic", "rummy"):
        result = CliRunner().invoke(main, ["connections", "--variant", variant, "-p", "Ann,Ben", "-t", "30",
                                           "--script", "-"], input="",
                                    env={"REFEREE_HOME": str(tmp_path / variant), "NO_COLOR": "1"})
        assert result.output.startswith("Connections Card Game") and "no turns to time" not in result.output


@pytest.mark.parametrize("verdict", ["yes", "no"])
def test_g5_a_contest_vote_is_not_counted_against_the_next_players_turn(verdict):
    # with -t 20, Ann plays, Cy contests, the table talks for 25 s and votes: Ben's play a
    # second later was refused as late
    state = started(players=("Ann", "Ben"), timer=20)
    state = do(state, "play", cell=[1, 0], card=card("a/b/c/head"), by="Ann", at=1000.0)
    state = do(state, "contest", at=1001.0)
    state = do(state, "vote", ballots=[["Ann", verdict == "yes"], ["Ben", verdict == "yes"]], at=1026.0)
    assert state.current == "Ben" and state.turn_started == 1026.0
    played = do(state, "play", cell=[0, 1], card=card("a/b/tiger/d"), by="Ben", at=1027.0)
    assert not played.last.get("late") if played.last else True
    with pytest.raises(RuleError, match=r"time is up for Ben's turn \(1\u00a0s past 20\u00a0s\).*\(G-5\)"):
        do(state, "play", cell=[0, 1], card=card("a/b/tiger/d"), by="Ben", at=1047.0)


def test_cn7_taking_a_card_of_a_quad_nobody_objected_to_does_not_call_it_accepted():
    state = new_state("quads")
    for x, y in ((0, 0), (1, 0), (0, 1), (1, 1)):
        state = do(state, "play", cell=[x, y], card=card("a/b/c/d"), by="Ann")
    assert state.quads[0] == ((0, 0),) and not state.votes  # it counts, and no vote was ever held
    with pytest.raises(RuleError) as refused:
        do(state, "take", cell=[1, 1], by="Ann")
    assert "accepted" not in str(refused.value)
    assert str(refused.value) == "the card at 1,1 is in Ann's quad at 0,0, which counts: its cards stay (CN-6)"
