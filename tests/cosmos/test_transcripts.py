"""The example games of Crafting the Cosmos under examples/, replayed through the command
line, their results asserted against the ledgers written in their comments.

Each ledger was scored by hand from the rulebook and RULINGS (not read off the referee),
so a disagreement here is either a bookkeeping bug or a slip in the ledger: the rulebook
decides which. Each game is also a proof of issue 10's transcripts: a 2-player digital
game ended by the last goal, a 3-player table game ended by the time crystals, a 4-player
game with advanced life, power cards gained and used and a supply running out.
"""

import json
import os

import pytest
from click.testing import CliRunner

from referee.cli import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def example(name):
    return os.path.join(EXAMPLES, name)


TWO = ["cosmos", "--players", "Ann,Ben", "--mode", "digital", "--seed", "2", "--json", "--script",
       example("cosmos-2p.txt")]


def run(args, home, columns=None):
    env = {"REFEREE_HOME": str(home), "NO_COLOR": "1"}
    if columns:
        env["COLUMNS"] = str(columns)
    return CliRunner().invoke(main, args, env=env, catch_exceptions=False)


def said(result):
    """What the table read (stderr), with the picture's no-break spaces as plain ones."""
    return result.stderr.replace("\xa0", " ")


def outcome(result):
    """The --json result (last line of stdout) and each player's points by source."""
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return data, {p["name"]: dict(p["points"], total=p["score"]) for p in data["players"]}


def refusals(result):
    """Each refusal as one line, however the terminal's width broke it."""
    found = []
    for line in result.stderr.splitlines():
        if line.startswith("✗"):
            found.append(line)
        elif found and found[-1] is not None and line.startswith("  "):
            found[-1] += " " + line.strip()
        elif found:
            found.append(None)
    return [line for line in found if line]


def points(goals=0, sets=0, power=0, nebulae=0, advanced=0, other=0):
    total = goals + sets + power + nebulae + advanced + other
    return {"goals": goals, "sets": sets, "power": power, "nebulae": nebulae, "advanced": advanced,
            "other": other, "total": total}


# -- 2 players, digital, ended by the last goal ---------------------------------------------


def test_issue10_2p_digital_game_ends_with_the_sixth_goal_scored_as_the_ledger_says(tmp_path):
    result = run(TWO, tmp_path)
    data, scores = outcome(result)
    assert data["finished"] and not data["ended_early"]
    assert data["winners"] == ["Ben"] and not data["shared"]
    assert scores == {"Ann": points(goals=18, sets=6, nebulae=8), "Ben": points(goals=24, sets=6, nebulae=3)}
    assert "The game ended after the end phase: the last goal was scored (CT-7)." in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_issue10_2p_refusals_are_one_line_each_citing_the_rule(tmp_path):
    result = run(TWO, tmp_path)
    assert result.exit_code == 3  # the deliberate refusals
    assert refusals(result) == [
        "✗ Ann's hand of 12 cannot pay time time time time time (Cards)",
        # the hand itself is told to its owner alone (in a script everyone reads it)
        "✗ the referee counts in Ann's hand: time time chemistry time light light gravity gravity light time "
        "chemistry gravity",
        "✗ it is Ann's turn, not Ben's (Round)",
        "✗ 'own 2' moves 2 spaces; a shift moves 3 in all (Shift)",
        "✗ 'own 1, dark@time 2': no dark token lies in time then (Shift)",
    ]
    assert "✓ undone: shifts own 3" in result.stderr


def test_ct6_2p_no_second_place_and_the_first_player_token_stays(tmp_path):
    """With 2 players nobody scores 2nd place and the 1st player token is not passed."""
    result = run(TWO, tmp_path)
    assert "proto life: Ann 3→6, Ben 2→0" in result.stderr
    assert "goal life in Phi scored: Ann 3 (+0), Ben 5 (+6)" in result.stderr
    assert "time crystals: Ann 1→6, Ben 1→6" in result.stderr  # tied 1st: both score 6
    for n in range(2, 7):
        assert f"round {n}: Ann has the 1st player token" in result.stderr
    assert "Round 8 · 1st player Ann · Ann: energy phase, shift" in said(result)


def test_issue10_2p_seeded_game_replays_to_the_same_events(tmp_path):
    first = run(TWO, tmp_path / "one")
    again = run(TWO, tmp_path / "two")
    assert outcome(first) == outcome(again)
    assert first.stderr == again.stderr


# -- 3 players, table mode, ended by the time crystals ---------------------------------------

THREE = ["cosmos", "--players", "Ann,Ben,Cy", "--json", "--script", example("cosmos-3p.txt")]


def test_issue10_3p_table_game_ends_when_the_time_crystals_run_out_as_the_ledger_says(tmp_path):
    result = run(THREE, tmp_path)
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


def test_ct6_3p_second_place_ties_and_the_first_player_token_passing_left(tmp_path):
    text = said(run(THREE, tmp_path))
    assert "proto life: Ann 6→6, Ben 4→0, Cy 5→3" in text
    assert "C stars: Ann 0→0, Ben 0→0, Cy 4→6" in text  # nobody else has one: no 2nd place
    assert "goal life in Phi scored: Ann 4 (+6), Ben 2 (+3), Cy 2 (+3)" in text  # tied 2nd: both 3
    assert "most H stars: Ann 0→0, Ben 19→6, Cy 1→3" in text
    order = [text.index(f"round {n}: {who} has the 1st player token (passed left)")
             for n, who in ((2, "Ann"), (3, "Ben"), (4, "Cy"), (5, "Ann"), (6, "Ben"))]
    assert order == sorted(order)


def test_issue10_3p_refusals_are_one_line_each_citing_the_rule(tmp_path):
    result = run(THREE, tmp_path)
    assert result.exit_code == 3
    assert refusals(result) == [
        "✗ Ben's hand of 4 cannot pay light light light light light (Cards)",
        "✗ the referee counts in Ben's hand: light light light and 1 it does not know",
        "✗ it is Ben's turn, not Ann's (Round)",
        "✗ 'dark@time 3': Ben's own token must move at least 1 space (Shift)",
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
