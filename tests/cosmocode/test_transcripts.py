"""The example games under examples/, replayed through the command line, results asserted.

Each is a whole game as a table would type it, deliberate refusals included (a
manipulation in the wrong order or without its cost, a speaker out of turn), so the
shell, the session, the journal and the rules are exercised together.
"""

import json
import os

import pytest
from click.testing import CliRunner

from referee.cli import main
from tests.tables import refusals, run_script as run

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
DIGITAL = ["cosmocode", "--players", "Ann,Ben,Cy", "--mode", "digital", "--seed", "10", "--json", "--script",
           os.path.join(EXAMPLES, "cosmocode-digital.txt")]
TABLE = ["code", "--players", "Ann,Ben", "-o", "hand_limit=5", "--json", "--script",
         os.path.join(EXAMPLES, "cosmocode-table.txt")]


def outcome(result):
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return data, {p["name"]: p["score"] for p in data["players"]}


def test_seeded_digital_game_is_won_by_a_second_red_card(tmp_path):
    result = run(DIGITAL, tmp_path)
    data, reds = outcome(result)
    assert data["finished"] and data["winners"] == ["Ben"]
    assert reds == {"Ann": 1, "Ben": 2, "Cy": 0}
    assert result.exit_code == 3  # the deliberate refusals below
    assert refusals(result) == [
        "✗ not undone: it would take back what was revealed (the reveal of 1b 8b); add `yes` to insist (G-3)",
        "✗ it is Ben's turn, not Cy's (CO-2)",
        "✗ in digital mode the referee reveals the cards itself (G-2)",
        "✗ 4a needs a card of the same number: 3 cannot flip the 5 (4a)",
        "✗ a number was changed this attempt, so 4a is closed (4c)",
    ]
    assert "Ben took a second red card and wins." in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_seeded_digital_game_replays_to_the_same_end(tmp_path):
    first = outcome(run(DIGITAL, tmp_path / "one"))
    again = outcome(run(DIGITAL, tmp_path / "two"))
    assert first[1] == again[1] and first[0]["events"] == again[0]["events"]


def test_table_game_with_trusted_hands_a_perk_a_hand_limit_and_a_win(tmp_path):
    result = run(TABLE, tmp_path)
    data, reds = outcome(result)
    assert data["finished"] and data["winners"] == ["Ann"] and reds == {"Ann": 2, "Ben": 1}
    assert refusals(result) == [
        "✗ one card is taken only when all three are on the indicated channel and form a run; "
        "5b is not on channel alpha (3c)",
        "✗ 5: nothing was done; say the card in full, with colour and channel, e.g. 5a or g5b",
        "✗ a number was changed this attempt, so 4a is closed (4c)",
        "✗ short range reveals 3 blue cards, not 2 (5a)",
        "✗ Ben holds more than 5 cards, not `receive`: `discard CARD ...` first (CO-6)",
        "✗ Ann first chooses a range, not `indicator`: `receive short|mid|long` (CO-2)",
        "✗ one card is taken only when all three are on the indicated channel and form a run; "
        "3b, 4b, 2b are not on channel alpha (3c)",
    ]
    assert "Ann: take one of 2a 2a, spending 1 card: flip 2b with 2a" in result.stderr
    assert "✓ discarded blue 4a" in result.stderr


def test_resumed_game_equals_the_live_one(tmp_path, monkeypatch):
    from referee.core import store
    from referee.core.session import Session
    from referee.games import load

    data, reds = outcome(run(TABLE, tmp_path))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    session = Session.resume(load("cosmocode"), store.path_of(data["id"]))
    assert {p: len(r) for p, r in zip(session.players, session.state.reds)} == reds
    assert session.over and len(session.events) == data["events"]
    assert session.state.hands[0] == ("B5a", "B6a", "G2a")  # she paid the 5b she named


def test_log_export_hides_the_table_deal_and_the_seed_until_the_end(tmp_path):
    lines = "start Ann\ndeal Ann 2a 5b 9a\nreceive short 5a 8b\n"
    env = {"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"}
    played = CliRunner().invoke(main, ["cosmocode", "--players", "Ann,Ben", "--script", "-", "--json"], input=lines,
                                env=env)
    game_id = json.loads(played.stdout.strip().splitlines()[-1])["id"]
    exported = CliRunner().invoke(main, ["log", game_id, "-f", "json"], env=env)
    assert "names 3 cards in Ann's hand (which: hidden until the game ends)" in exported.stdout
    assert "B9a" not in exported.stdout and "9a" not in json.dumps(json.loads(exported.stdout)["events"])


def _export(args, script, home, fmt):
    """Play ``script`` (text) and export the game's log in ``fmt``."""
    env = {"REFEREE_HOME": str(home), "NO_COLOR": "1"}
    played = CliRunner().invoke(main, args + ["--script", "-", "--json"], input=script, env=env)
    game_id = json.loads(played.stdout.strip().splitlines()[-1])["id"]
    exported = CliRunner().invoke(main, ["log", game_id, "-f", fmt], env=env)
    assert exported.exit_code == 0, exported.output
    return exported.stdout


@pytest.mark.parametrize("fmt", ["text", "md", "json", "csv"])
def test_g2_a_finished_game_log_names_the_dealt_cards(tmp_path, fmt):
    """The deal is a secret only while the game runs: the record of a finished game names
    the cards, like every other secret the export keeps until the end."""
    with open(TABLE[-1], encoding="utf-8") as handle:
        script = handle.read()
    text = _export(TABLE[:-3], script, tmp_path, fmt)
    assert "names 3 cards in Ann's hand: 2a 5b 9a" in text
    assert "hidden until the game ends" not in text
    if fmt == "json":
        data = json.loads(text)
        assert data["finished"] and data["events"][1]["action"]["cards"] == ["B2a", "B5b", "B9a"]


@pytest.mark.parametrize("fmt", ["text", "md", "json", "csv"])
def test_g2_an_unfinished_game_log_keeps_the_dealt_cards_hidden(tmp_path, fmt):
    text = _export(["cosmocode", "--players", "Ann,Ben"], "start Ann\ndeal Ann 2a 5b 9a\nreceive short 5a 8b\n",
                   tmp_path, fmt)
    assert "names 3 cards in Ann's hand (which: hidden until the game ends)" in text and "reveals 5a 8b" in text
    for card in ("2a", "5b", "9a"):
        assert card not in text


@pytest.mark.parametrize("args", [DIGITAL, TABLE], ids=["digital", "table"])
def test_issue13_phone_every_line_of_an_example_game_fits_50_columns(tmp_path, args):
    """Replies, refusals, pictures and the final board, broken between words (a phone is
    50 columns): the example games at COLUMNS=50, every line within it."""
    from referee.core.render import visible

    result = CliRunner().invoke(main, args, env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "50"},
                                catch_exceptions=False)
    wide = [line for line in result.stderr.splitlines() if visible(line) > 50 and not line.startswith(("> ", "#"))]
    # the echoed lines are what was typed; `undo` is the core's (its refusal is not the game's to break)
    assert [line for line in wide if not line.startswith("✗ not undone")] == []
