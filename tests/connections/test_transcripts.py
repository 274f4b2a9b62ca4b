"""The example games under examples/, one per variant, replayed through the command line.

Each is a game as a table would type it (draws, passes, contests, a typing slip, an
undo, a refused line or two) with the final scores asserted. The round scores were
checked by hand from the arithmetic the referee prints for each play: e.g. Classic
round 1, Ann 3 + 7 + 6 + 22 + 12 = 50 with an empty hand; Ben 7 + 18 + 4 + 3 = 32 less
5 + 2 left in hand = 25; Cy 3 + 20 + 18 + 6 = 47 less 1 + 3 + 1 = 42.
"""

import json
import os
import re

import pytest
from click.testing import CliRunner

from referee.cli import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def flat(result):
    """What the referee said, with the line breaks that fit it to the terminal taken out."""
    return " ".join(result.stderr.split())


def replay(home, variant, players):
    script = os.path.join(EXAMPLES, f"connections-{variant}.txt")
    args = ["connections", "--variant", variant, "--players", players, "--script", script, "--json"]
    result = CliRunner().invoke(main, args, env={"REFEREE_HOME": str(home), "NO_COLOR": "1"},
                                catch_exceptions=False)
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert "Traceback" not in flat(result) and "internal error" not in flat(result)
    return result, data, {p["name"]: p["score"] for p in data["players"]}


def test_classic_five_rounds_with_a_contest_a_slip_and_an_undo(tmp_path):
    result, data, totals = replay(tmp_path, "classic", "Ann,Ben,Cy")
    assert data["finished"] and data["winners"] == ["Cy"]
    assert data["rounds"] == [[50, 25, 42], [40, 62, 63], [62, 36, 52], [50, 65, 50], [51, 67, 70]]
    assert totals == {"Ann": 253, "Ben": 255, "Cy": 277}
    play = flat(result)
    assert "score: (2 + 5 + 2) × 2 = 18" in play
    assert "yes 1, no 2: refused" in play and "they draw one more card (CN-4)" in play
    assert "it is Cy's turn, not Ann's (CN-6)" in play
    assert "WATCQ not in the lexicon (CN-5)" in play and "KITESURF not in the lexicon (CN-5)" in play
    assert "Ann's hand is empty: everyone else takes one more turn (CN-6)" in play
    assert result.exit_code == 3  # the deliberate refusals


def test_endless_plain_sums_and_a_tied_contest_that_keeps_the_play(tmp_path):
    result, data, totals = replay(tmp_path, "endless", "Ann,Ben")
    assert data["finished"] and totals == {"Ann": 52, "Ben": 57} and data["winners"] == ["Ben"]
    scored = [line.strip() for line in result.stderr.splitlines() if line.strip().startswith("score:")]
    assert scored and not [line for line in scored if "×" in line]  # no multiplier in Endless (CN-6)
    assert re.search(r"score: \d \+ \d \+ \d = \d+", result.stderr)  # two pairs, still a plain sum
    assert "yes 1, no 1: carried (a tie: the play stands, G-4)" in flat(result)


def test_solitaire_shows_the_web_and_no_score(tmp_path):
    result, data, totals = replay(tmp_path, "solitaire", "Sol")
    assert data["finished"] and data["winners"] == [] and totals == {"Sol": 0}
    assert data["web"] == {"cards": 12, "connections": 16}
    assert result.stderr.splitlines().count("The web: 12 cards, 16 connections.") == 1  # under the final scores
    assert "cell 9,9 touches no card; play next to one (CN-2)" in flat(result)


def test_quick_play_two_rounds_each_won_by_the_first_empty_hand(tmp_path):
    result, data, totals = replay(tmp_path, "quick", "Ann,Ben,Cy")
    assert data["rounds"] == [[41, 0, 0], [0, 0, 36]]
    assert totals == {"Ann": 41, "Ben": 0, "Cy": 36} and data["winners"] == ["Ann"]
    assert "Quick Play has no turns: say who it is" in flat(result)


def test_cn7_quick_play_example_plays_stand_and_two_objections_are_open_at_once(tmp_path):
    result, data, totals = replay(tmp_path, "quick", "Ann,Ben,Cy")
    play = flat(result)
    assert "the card at 2,0 is before the table" in play
    assert "Does Ann's card at 2,0 connect (ocean ↔ wave)? yes 3, no 0: carried (all accept)" in play
    assert "yes 1, no 2: refused (not all accept, CN-7)" in play
    assert "Cy's card at -2,0 goes back to their hand and they draw one more card (CN-4)" in play
    assert "Ann's card at 1,2 stands" in play and "Cy has 7 cards worth 20 left in hand" in play
    assert play.count("vote all yes") == 0  # nobody votes on a play nobody objected to


def test_quads_four_rounds_of_quads_with_one_refused(tmp_path):
    result, data, totals = replay(tmp_path, "quads", "Ann,Ben")
    assert data["rounds"] == [[4, 1], [2, 4], [4, 0], [4, 1]]
    assert totals == {"Ann": 14, "Ben": 6} and data["winners"] == ["Ann"]
    assert "Ann's quad at 3,0 does not count" in flat(result) and "refused (not all accept, CN-7)" in flat(result)
    assert "Ben's quad at 6,0 counts (3 so far) unless someone objects (CN-7)" in flat(result)
    assert "0 so far" not in flat(result)
    assert flat(result).count("Ann's fourth quad ends the round (CN-6)") == 3
    assert "Round 1 scores: Ann 4, Ben 1" in flat(result)


def test_rummy_runs_a_steal_and_an_overturned_run(tmp_path):
    result, data, totals = replay(tmp_path, "rummy", "Ann,Ben,Cy")
    # Ann: runs 4+2+3, 1, 4+2+3 and nothing left; Ben: 4+5+2+2 less 4+1+2; Cy: 3+4+1 less 5+2+2... as entered
    assert totals == {"Ann": 21, "Ben": 4, "Cy": -2} and data["winners"] == ["Ann"]
    assert "steals the east end of Cy's run 1" in flat(result)


@pytest.mark.parametrize("variant, players", [("classic", "Ann,Ben,Cy"), ("quads", "Ann,Ben"),
                                               ("rummy", "Ann,Ben,Cy")])
def test_a_resumed_game_equals_the_live_one(tmp_path, variant, players):
    from referee.core import store
    from referee.core.session import Session
    from referee.games import load

    _result, data, totals = replay(tmp_path, variant, players)
    os.environ["REFEREE_HOME"] = str(tmp_path)
    try:
        session = Session.resume(load("connections"), store.path_of(data["id"]))
    finally:
        del os.environ["REFEREE_HOME"]
    assert {p: session.state.total(p) for p in session.players} == totals
    assert session.over and len(session.events) == data["events"]
