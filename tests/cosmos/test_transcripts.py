"""The example games of Crafting the Cosmos under examples/, replayed through the command
line, their results asserted against the ledgers written in their comments.

Each ledger was kept by hand from the rulebook and RULINGS, helped by a small model of
the ring, the supplies and the goals written from the rulebook alone (never from the
referee's code or output), so a disagreement here is either a bookkeeping bug or a slip
in the ledger: the rulebook decides which. Each game is also a proof of issue 10's transcripts: a 2-player digital
game ended by the last goal, a 3-player table game ended by the time crystals, a 4-player
game with advanced life, power cards gained and used and a supply running out.
"""

import json
import os

import pytest
from click.testing import CliRunner

from referee.cli import main
from tests.tables import refusals, run_script as run

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def example(name):
    return os.path.join(EXAMPLES, name)


TWO = ["cosmos", "--players", "Ann,Ben", "--mode", "digital", "--seed", "2", "--json", "--script",
       example("cosmos-2p.txt")]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Each example played once for the module (a whole game takes a while); tests that
    need their own run (replays, logs, widths) call run() themselves."""
    results = {}

    def play(args):
        key = tuple(args)
        if key not in results:
            results[key] = run(args, tmp_path_factory.mktemp("game"))
        return results[key]
    return play


def said(result):
    """What the table read (stderr), with the picture's no-break spaces as plain ones."""
    return result.stderr.replace("\xa0", " ")


def outcome(result):
    """The --json result (last line of stdout) and each player's points by source."""
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return data, {p["name"]: dict(p["points"], total=p["score"]) for p in data["players"]}


def goals_scored(result):
    """The goal lines of the end phases, in order: each player's count and points."""
    return [line for line in said(result).splitlines() if line.startswith("goal ") and " scored: " in line]


def points(goals=0, sets=0, power=0, nebulae=0, advanced=0, other=0):
    total = goals + sets + power + nebulae + advanced + other
    return {"goals": goals, "sets": sets, "power": power, "nebulae": nebulae, "advanced": advanced,
            "other": other, "total": total}


# -- 2 players, digital, ended by the last goal ---------------------------------------------


def test_issue10_2p_digital_game_ends_with_the_sixth_goal_scored_as_the_ledger_says(played):
    result = played(TWO)
    data, scores = outcome(result)
    assert data["finished"] and not data["ended_early"]
    assert data["winners"] == ["Ben"] and not data["shared"]
    assert scores == {"Ann": points(goals=18, sets=6, nebulae=8), "Ben": points(goals=24, sets=6, nebulae=3)}
    assert "The game ended after the end phase: the last goal was scored (CT-7)." in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_issue10_2p_refusals_are_one_line_each_citing_the_rule(played):
    result = played(TWO)
    assert result.exit_code == 3  # the deliberate refusals
    assert refusals(result) == [
        # the hand itself is shown only when its owner asks, `hand Ann` (issue 18 item 4)
        "✗ Ann's hand of 12 cannot pay time time time time time; `hand Ann` shows what the referee counts (Cards)",
        "✗ it is Ann's turn, not Ben's (Round)",
        "✗ 'shift 2' moves 2 spaces; a shift moves 3 in all (CT-3)",
        "✗ 'shift 1 time 2': no dark token lies in time then (Shift)",
    ]
    assert "✓ undone: shifts own 3" in result.stderr


def test_ct6_2p_no_second_place_and_the_first_player_token_stays(played):
    """With 2 players nobody scores 2nd place and the 1st player token is not passed."""
    result = played(TWO)
    assert goals_scored(result) == [  # the ledger's goals, end phases 3 to 8
        "goal proto life scored: Ann 3 (+6), Ben 2 (+0)",
        "goal He stars scored: Ann 2 (+0), Ben 3 (+6)",
        "goal life in Phi scored: Ann 3 (+0), Ben 5 (+6)",
        "goal time crystals scored: Ann 1 (+6), Ben 1 (+6)",  # tied 1st: both score 6
        "goal C stars scored: Ann 1 (+0), Ben 2 (+6)",
        "goal size 1 nebulae scored: Ann 2 (+6), Ben 1 (+0)",
    ]
    assert "proto life: Ann 3→6, Ben 2→0" in result.stderr  # `goals` lists it the same
    for n in range(2, 9):
        assert f"round {n}: Ann has the 1st player token\n" in result.stderr
    assert "Round 8 · 1st player Ann · Ann: energy phase, shift" in said(result)


def test_issue10_2p_seeded_game_replays_to_the_same_events(tmp_path):
    first = run(TWO, tmp_path / "one")
    again = run(TWO, tmp_path / "two")
    assert outcome(first) == outcome(again)
    assert first.stderr == again.stderr


# -- 3 players, table mode, ended by the time crystals ---------------------------------------

THREE = ["cosmos", "--players", "Ann,Ben,Cy", "--json", "--script", example("cosmos-3p.txt")]


def test_issue10_3p_table_game_ends_when_the_time_crystals_run_out_as_the_ledger_says(played):
    result = played(THREE)
    data, scores = outcome(result)
    assert data["finished"] and not data["ended_early"]
    assert data["winners"] == ["Cy"] and not data["shared"]
    assert scores == {"Ann": points(goals=12, nebulae=7), "Ben": points(goals=9),
                      "Cy": points(goals=15, nebulae=5)}
    text = said(result)
    assert "The game ended after the end phase: the time crystal supply ran out (CT-7)." in text
    # the 9th crystal of the supply is Cy's in round 6; Ann's, later that round, is the box's
    assert text.count("time chamber full: 1 new crystal token from the supply") == 9
    last, box = text.index("the time crystal supply is now out"), text.index("time crystal supply out: 1 from the box")
    assert last < box
    assert "Traceback" not in text + result.stdout


def test_ct6_3p_second_place_ties_and_the_first_player_token_passing_left(played):
    result = played(THREE)
    text = said(result)
    assert goals_scored(result) == [  # the ledger's goals, end phases 3 to 6
        "goal proto life scored: Ann 6 (+6), Ben 4 (+0), Cy 5 (+3)",
        "goal C stars scored: Ann 0 (+0), Ben 0 (+0), Cy 4 (+6)",  # nobody else has one: no 2nd
        "goal life in Phi scored: Ann 4 (+6), Ben 2 (+3), Cy 2 (+3)",  # tied 2nd: both 3
        "goal most H stars scored: Ann 0 (+0), Ben 19 (+6), Cy 1 (+3)",
    ]
    assert "most H stars: Ann 0→0, Ben 19→6, Cy 1→3" in text  # `goals` at the end
    order = [text.index(f"round {n}: {who} has the 1st player token (passed left)")
             for n, who in ((2, "Ann"), (3, "Ben"), (4, "Cy"), (5, "Ann"), (6, "Ben"))]
    assert order == sorted(order)


def test_issue10_3p_refusals_are_one_line_each_citing_the_rule(played):
    result = played(THREE)
    assert result.exit_code == 3
    assert refusals(result) == [
        "✗ Ben's hand of 4 cannot pay light light light light light; `hand Ben` shows what the referee counts "
        "(Cards)",
        "✗ it is Ben's turn, not Ann's (Round)",
        "✗ 'shift time 3': Ben's own token must move at least 1 space (Shift)",
        "✗ the size 1 nebula stack is empty: choose another size or stabilise (CT-4)",
    ]
    assert "✓ undone: moves an H star (1 graviton)" in result.stderr


def _log(home, game_id):
    env = {"REFEREE_HOME": str(home), "NO_COLOR": "1"}
    exported = CliRunner().invoke(main, ["log", game_id, "-f", "json"], env=env)
    assert exported.exit_code == 0, exported.output
    return json.loads(exported.stdout)


def test_issue10_3p_told_cards_stay_out_of_the_log_until_the_end(tmp_path):
    """`tell` names cards of Ben's hand: the log says how many while the game runs and
    which once it is over."""
    with open(example("cosmos-3p.txt"), encoding="utf-8") as handle:
        lines = handle.read().splitlines(keepends=True)
    upto = next(i for i, line in enumerate(lines) if line.startswith("tell Ben")) + 1
    env = {"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"}
    played = CliRunner().invoke(main, THREE[:-2] + ["--script", "-"], input="".join(lines[:upto]), env=env)
    game_id = json.loads(played.stdout.strip().splitlines()[-1])["id"]
    running = json.dumps(_log(tmp_path, game_id))
    assert "3 cards of Ben's hand (which: hidden until the game ends)" in running
    assert "Ben's cards: light light light" not in running
    whole = run(THREE, tmp_path / "whole")
    finished = json.dumps(_log(tmp_path / "whole", outcome(whole)[0]["id"]))
    assert "Ben's cards: light light light" in finished


# -- 4 players, table mode: advanced life, power cards used, supplies out, a tie for 1st ------

FOUR = ["cosmos", "--players", "Ann,Ben,Cy,Di", "--json", "--script", example("cosmos-4p.txt")]


def test_issue10_4p_table_game_scores_as_the_ledger_says_and_the_reveal_decides(played):
    result = played(FOUR)
    data, scores = outcome(result)
    assert data["finished"] and not data["ended_early"]
    assert scores == {"Ann": points(goals=12, power=12, nebulae=4), "Ben": points(goals=12, sets=6),
                      "Cy": points(goals=6, sets=6, nebulae=11, advanced=8), "Di": points(goals=6, power=3)}
    # before the reveal Ann led 28 to 23: Cy's advanced life (8) wins it
    assert data["winners"] == ["Cy"] and not data["shared"]
    text = said(result)
    assert "Advanced life revealed: Cy 8" in text
    assert "The game ended after the end phase: the time crystal supply ran out (CT-7)." in text
    assert "Traceback" not in text + result.stdout


def test_ct6_4p_tied_first_place_scores_6_each_and_nobody_second(played):
    """The rulebook's goal example, at a 4-player table: the two tied for most proto
    life score 6 each; the next ones score nothing."""
    result = played(FOUR)
    assert goals_scored(result) == [  # the ledger's goals, end phases 3 to 6
        "goal proto life scored: Ann 4 (+6), Ben 4 (+6), Cy 3 (+0), Di 3 (+0)",
        "goal He stars scored: Ann 1 (+3), Ben 4 (+6), Cy 0 (+0), Di 0 (+0)",
        "goal stars by advanced life scored: Ann 0 (+0), Ben 0 (+0), Cy 4 (+6), Di 0 (+0)",
        "goal C stars scored: Ann 1 (+3), Ben 0 (+0), Cy 0 (+0), Di 6 (+6)",
    ]
    assert "proto life: Ann 4→6, Ben 4→6, Cy 3→0, Di 3→0" in said(result)  # `goals` says it too


def test_ct4_4p_supplies_run_out_and_say_what_they_could_not_give(played):
    text = said(played(FOUR))
    assert "the H star reserve could not give 2 H" in text  # Ann, round 4: 1 H left of 3
    assert text.count("the H star reserve could not give 3 H") == 4  # Ann and Cy, rounds 5 and 6
    assert text.count("time chamber full: 1 new crystal token from the supply") == 11
    assert "time crystal supply out: 1 from the box" in text


def test_ct5_4p_power_cards_gained_and_used_at_the_reference_costs(played):
    text = said(played(FOUR))
    for line in ("✓ Di keeps Time Warp in slot 1 (2 time paid)",
                 "✓ Ann keeps Speed of Light in slot 1 (2 light paid)",
                 "✓ Ben keeps Core Collapse in slot 1 (2 gravity paid)",
                 "✓ Cy keeps Amino Acids in slot 1 (2 light paid)",
                 "✓ Di keeps Catalyst in slot 2 (3 chemistry paid)",
                 "✓ Ben uses Core Collapse (1 light): H becomes a supernova",
                 "✓ Ann uses Speed of Light (5 time): gains He",
                 "✓ Ann uses Speed of Light (5 light): gains C",
                 "✓ Cy uses Amino Acids (1 chemistry)",
                 "✓ Di uses Catalyst (2 chemistry): 3 points"):
        assert line in text


def test_ct6_4p_hands_over_10_discard_at_the_end_phase_the_last_one_too(played):
    text = said(played(FOUR))
    assert "hand limit: Cy holds 12 energy cards and discards 2" in text
    assert "Cy discards light light; 10 energy cards left" in text
    assert "next: hand limit: Cy discard" in text  # the last end phase, after Di's turn
    assert "Cy discards chemistry; 10 energy cards left" in text


def test_issue10_4p_refusals_are_one_line_each_and_the_value_typed_is_not_said(played):
    result = played(FOUR)
    assert result.exit_code == 3
    found = refusals(result)
    assert found[:3] == [
        "✗ it is Ann's turn, not Cy's (Round)",
        "✗ 'shift 1 light 2': no dark token lies in light then (Shift)",
        "✗ Ben's hand of 0 cannot pay time time time; `hand Ben` shows what the referee counts (Power)",
    ]
    public, private = found[3:]
    assert public == ("✗ Cy's advanced life value is not possible for the token drawn now; "
                      "check it and type it again (Advanced)")
    assert private.startswith("✗ Cy typed 9: the token drawn now comes from group 1")
    assert "✓ undone: takes a size 3 nebula tile" in said(result)


def test_ct7_4p_advanced_life_value_stays_out_of_the_log_until_the_end(tmp_path):
    with open(example("cosmos-4p.txt"), encoding="utf-8") as handle:
        lines = handle.read().splitlines(keepends=True)
    upto = next(i for i, line in enumerate(lines) if line.startswith("advanced 2 4 8")) + 1
    env = {"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"}
    played = CliRunner().invoke(main, FOUR[:-2] + ["--script", "-"], input="".join(lines[:upto]), env=env)
    game_id = json.loads(played.stdout.strip().splitlines()[-1])["id"]
    event = [e for e in _log(tmp_path, game_id)["events"] if e["action"]["do"] == "advanced"][-1]
    assert event["what"].endswith("value hidden until the end") and "value" not in event["action"]
    whole = run(FOUR, tmp_path / "whole")
    event = [e for e in _log(tmp_path / "whole", outcome(whole)[0]["id"])["events"]
             if e["action"]["do"] == "advanced"][-1]
    assert event["what"].endswith("worth 8") and event["action"]["value"] == 8


# -- every example -----------------------------------------------------------------------------


@pytest.mark.parametrize("args", [TWO, THREE, FOUR], ids=["2p", "3p", "4p"])
def test_issue10_every_line_of_the_example_games_fits_a_phone(tmp_path, args):
    """Replies, refusals, pictures and the final board at COLUMNS=50, broken between words."""
    from referee.core.render import visible

    result = run(args, tmp_path, columns=50)
    wide = [line for line in result.stderr.splitlines() if visible(line) > 50 and not line.startswith(("> ", "#"))]
    assert wide == []


@pytest.mark.parametrize("args", [TWO, THREE, FOUR], ids=["2p", "3p", "4p"])
def test_issue10_a_resumed_example_game_equals_the_live_one(tmp_path, monkeypatch, args):
    """The journal alone rebuilds the game: the same scores and the same end."""
    from referee.core import store
    from referee.core.session import Session
    from referee.games import load

    data, scores = outcome(run(args, tmp_path))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    session = Session.resume(load("cosmos"), store.path_of(data["id"]))
    assert session.over and len(session.events) == data["events"]
    assert {name: board.score for name, board in zip(session.players, session.state.boards)} == \
        {name: s["total"] for name, s in scores.items()}


@pytest.mark.parametrize("args, stars, life, nebulae, crystals", [
    (TWO, "H 18 He 10 O 11 C 12", 26, "size 1 3 · size 2 9 · size 3 13", "2 in the supply"),
    (THREE, "H 5 He 8 O 16 C 10", 26, "size 1 0 · size 2 6 · size 3 11", "0 in the supply, 5 in the box"),
    (FOUR, "H 0 He 7 O 16 C 9", 24, "size 1 0 · size 2 0 · size 3 8", "0 in the supply, 2 in the box"),
], ids=["2p", "3p", "4p"])
def test_ct4_the_supplies_at_the_end_are_the_ledgers(played, args, stars, life, nebulae, crystals):
    """Every star, life token, nebula tile and time crystal taken and given back, as the
    ledgers kept them by hand: the supplies the last `supply` of each game shows."""
    text = said(played(args))
    last = text[text.rindex("> supply"):]
    assert f"Stars: {stars}\n" in last and f"Life tokens: {life}\n" in last
    assert f"Nebulae: {nebulae}\n" in last and f"Time crystals: {crystals}" in last
