"""The example games under examples/, replayed through the command line, scores asserted.

Whole games as a table would type them, slips included: a table-mode 2-player game with
every redraw typed, a digital 4-player Wild Cards game with swaps, and a table-mode Jr
game with its new top cards typed. The first plays were checked by hand (comments below);
the totals are what the rules make of the whole transcript, and must not drift.
"""

import json
import os

from click.testing import CliRunner

from referee.cli import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def run(args, home):
    runner = CliRunner()
    return runner.invoke(main, args, env={"REFEREE_HOME": str(home), "NO_COLOR": "1"}, catch_exceptions=False)


def scores(result):
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return data, {p["name"]: p["score"] for p in data["players"]}


def test_two_player_table_game(tmp_path):
    script = os.path.join(EXAMPLES, "colors-2p.txt")
    result = run(["colors", "--players", "Ann,Ben", "--script", script, "--json"], tmp_path)
    data, totals = scores(result)
    assert data["finished"] and data["winners"] == ["Ben"]
    assert totals == {"Ann": 141, "Ben": 143}
    assert result.exit_code == 3  # the deliberate slips
    play = result.stderr
    # Ann's first star on c2 joins the stars b2, a2, a3, b3, c3, d2, e2: 1 + 7 + 3 (2a, 2b)
    assert "Ann plays star: 1 card + 7 connected + 3 bonus = 11" in play
    assert "Ben plays orange: 4 cards + 7 connected = 11" in play
    assert "two cards on b2: each card goes on a different card of the play area (1b)" in play
    assert "c3 does not touch the other cards played orthogonally" in play and "(1c)" in play
    assert "Rp, Rg are not all one shape: the Shapes team plays cards of one shape (1a)" in play
    assert "Ann does not hold Rs (red star) (CC-2)" in play
    assert "it is Ann's turn, not Ben's (Turns)" in play
    assert "Shapes (Ann): 141 points" in play
    # issue 20 item 8: the end says where the review is and ends with the scores and the winner
    end = play[play.index("Game over"):]
    assert "best is" not in end and "`review` compares each of the 27 turns with the best play" in end
    assert "Traceback" not in play + result.stdout and "internal error" not in play
    # CC-8: `review` compares each turn with the best play there was (Ben's 4th turn: 7 of 9)
    with_review = tmp_path / "with-review.txt"
    with open(script) as lines:
        with_review.write_text(lines.read() + "\nreview\n")
    again = run(["colors", "--players", "Ann,Ben", "--script", str(with_review)], tmp_path / "again")
    review = again.stderr + again.stdout
    review = review[review.index("> review"):]
    assert "best is" in review
    assert any(line.split()[:2] == ["4", "Ben"] and line.split()[3:5] == ["7", "9"] for line in review.splitlines())


def test_four_player_digital_wild_game_replays_from_its_seed(tmp_path):
    script = os.path.join(EXAMPLES, "colors-4p.txt")
    args = ["colors", "--players", "Ann,Ben,Cy,Di", "--mode", "digital", "--seed", "11", "--variant", "wild",
            "--script", script, "--json"]
    result = run(args, tmp_path)
    data, totals = scores(result)
    assert data["finished"] and data["winners"] == ["Ben", "Di"]
    assert totals == {"Ann": 291, "Cy": 291, "Ben": 326, "Di": 326}
    assert "cards are swapped card for card, not given for free: 2 for 1 (3b)" in result.stderr
    assert "internal error" not in result.stderr
    assert scores(run(args, tmp_path))[1] == totals


def test_jr_table_game(tmp_path):
    script = os.path.join(EXAMPLES, "colors-jr.txt")
    result = run(["colors", "--players", "Ann,Ben,Cy", "--variant", "jr", "--script", script, "--json"], tmp_path)
    data, totals = scores(result)
    assert data["finished"] and data["winners"] == ["Ann"]
    assert totals == {"Ann": 31, "Ben": 25, "Cy": 11}
    assert sum(totals.values()) <= 100
    assert "the top card at c3 is orange comet, not red: name its colour or its shape (CC-7)" in result.stderr
    assert "Best for Ann: `take a2 blue`: 4 cards" in result.stderr
    assert "internal error" not in result.stderr
