"""The example games under examples/, replayed through the command line, scores asserted.

These are whole games as a table would type them (typos, out-of-turn claims, votes,
an undo, pilfers, the bonus round), so they exercise the shell, the session, the
journal and the rules together. The expected totals were checked by hand against the
card values in deck.tsv.
"""

import json
import os

import pytest
from click.testing import CliRunner

from referee.cli import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def run(args, home):
    runner = CliRunner()
    result = runner.invoke(main, args, env={"REFEREE_HOME": str(home), "NO_COLOR": "1"}, catch_exceptions=False)
    return result


def scores(result):
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return data, {p["name"]: p["score"] for p in data["players"]}


@pytest.fixture
def home(tmp_path):
    return tmp_path


def test_table_game_with_pilfers_and_a_future_tense_bonus(home):
    script = os.path.join(EXAMPLES, "connexion-table.txt")
    result = run(["connexion", "--players", "Ann,Ben,Cy", "--script", script, "--json"], home)
    data, totals = scores(result)
    assert data["finished"] and data["winners"] == ["Ann"]
    # Ann: 167 in cards + "I am going to dream", 5 words x 50 (future tense, CX-10).
    assert totals == {"Ann": 417, "Ben": 166.5, "Cy": 104}
    assert result.exit_code == 3  # the transcript has deliberate refusals
    play = result.stderr
    assert "did you mean Alpha?" in play
    assert "it is Cy's turn, not Ben's (CX-5)" in play
    assert "IVAN is not a word (a name or acronym, not a word)" in play
    assert "IVAN was struck by the table's vote; `contest` puts it to a new vote (CX-11)" in play
    assert "Ben takes Virgo (44) for ROLE" in play  # the printed value typed alone
    assert "the bonus round waits for Ann's sentence" in play  # `finish` did not skip it (CX-10)
    assert "Bonus sentence by Ann: “I am going to dream” (5 words, future tense, 50 a word): +250" in play
    assert "Traceback" not in play + result.stdout


def test_digital_game_replays_exactly_from_its_seed(home):
    script = os.path.join(EXAMPLES, "connexion-digital.txt")
    args = ["connexion", "--players", "Ann,Ben", "--mode", "digital", "--seed", "3", "--script", script, "--json"]
    data, totals = scores(run(args, home))
    assert data["finished"] and data["winners"] == ["Ann"]
    assert totals == {"Ann": 307.5, "Ben": 230}  # Ann 207.5 + "Give me some more", 4 x 25
    again = scores(run(args, home))
    assert again[1] == totals


def test_digital_undo_of_a_draw_needs_yes(home):
    script = os.path.join(EXAMPLES, "connexion-digital.txt")
    result = run(["connexion", "--players", "Ann,Ben", "--mode", "digital", "--seed", "3", "--script", script], home)
    assert "not undone: it would take back what was revealed (the draw of Aries)" in result.stdout


def test_resumed_game_equals_the_live_one(home):
    from referee.core import store
    from referee.core.session import Session
    from referee.games import load

    script = os.path.join(EXAMPLES, "connexion-table.txt")
    data, totals = scores(run(["connexion", "--players", "Ann,Ben,Cy", "--script", script, "--json"], home))
    os.environ["REFEREE_HOME"] = str(home)
    try:
        session = Session.resume(load("connexion"), store.path_of(data["id"]))
    finally:
        del os.environ["REFEREE_HOME"]
    assert {p: session.state.total(p) for p in session.players} == totals
    assert session.over and len(session.events) == data["events"]


def test_a_crash_mid_write_loses_only_the_torn_line(home):
    """kill -9 while a line is written: resume reports it and keeps everything before."""
    lines = "place mu\nplace eta\nword me\nmars\n"
    runner = CliRunner()
    result = runner.invoke(main, ["connexion", "--players", "Ann,Ben", "--script", "-", "--json"], input=lines,
                           env={"REFEREE_HOME": str(home), "NO_COLOR": "1"})
    game_id = json.loads(result.stdout.strip().splitlines()[-1])["id"]
    path = os.path.join(str(home), "games", game_id + ".jsonl")
    with open(path, "a", encoding="utf-8") as handle:
        handle.write('{"kind":"do","n":5,"action":{"do":"place","letter":"ph')  # torn
    resumed = runner.invoke(main, ["resume", game_id, "--script", "-", "--json"], input="score\n",
                            env={"REFEREE_HOME": str(home), "NO_COLOR": "1"})
    assert "the last line was torn" in resumed.stderr + resumed.stdout
    data = json.loads(resumed.stdout.strip().splitlines()[-1])
    assert data["events"] == 4
    assert {p["name"]: p["score"] for p in data["players"]} == {"Ann": 0, "Ben": 4}
