"""The command line: the game's flags are its table options, and bad setups are usage errors."""

import json
import re

import pytest
from click.testing import CliRunner

from referee.cli import main


def run(args, home, text=""):
    return CliRunner().invoke(main, args, input=text, env={"REFEREE_HOME": str(home), "NO_COLOR": "1"},
                              catch_exceptions=False)


def test_cc8_no_hints_flag_turns_the_hint_off(tmp_path):
    result = run(["colors", "-p", "Ann,Ben", "-m", "digital", "--no-hints", "--script", "-"], tmp_path, "hint\nrules\n")
    assert result.exit_code == 3
    assert "hints are off at this table (--no-hints) (CC-8)" in result.output
    assert re.search(r"hints\s+(= )?no", result.output)


def test_cc4_open_scores_flag_shows_the_totals(tmp_path):
    result = run(["colors", "-p", "Ann,Ben", "-m", "digital", "--open-scores", "--script", "-", "--json"], tmp_path,
                 "pass\n")
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert [p["score"] for p in data["players"]] == [0, 0]


def test_cc4_json_hides_the_totals_of_an_unfinished_game(tmp_path):
    result = run(["colors", "-p", "Ann,Ben", "-m", "digital", "--script", "-", "--json"], tmp_path, "hint\n")
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert not data["finished"] and [p["score"] for p in data["players"]] == [None, None]


def test_cc7_variant_flag_chooses_jr(tmp_path):
    result = run(["colors", "-p", "Ann,Ben,Cy", "-m", "digital", "--variant", "jr", "--script", "-"], tmp_path, "show\n")
    assert result.exit_code == 0 and "Ann to take" in result.output


@pytest.mark.parametrize("args", [["-p", "Ann,Ben,Cy"], ["-p", "A,B,C,D,E"], ["-p", "Ann,Ben", "-o", "shapes=star,sun,moon,comet,galaxy"],
                                  ["-p", "Ann,Ben", "--variant", "huge"]])
def test_cc5_bad_setups_are_usage_errors(tmp_path, args):
    result = run(["colors"] + args + ["--script", "-"], tmp_path, "quit\n")
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_log_export_of_an_unfinished_game_carries_no_points(tmp_path):
    run(["colors", "-p", "Ann,Ben", "-m", "digital", "--seed", "3", "--script", "-"], tmp_path, "play Gc@a3\ndiscard\n")
    exported = run(["log", "colors-1", "--format", "json"], tmp_path)
    data = json.loads(exported.output)
    assert [e["what"] for e in data["events"]] == ["plays Gc@a3", "keeps every card; draws Bg"]
    assert "points" not in exported.output and '"9"' not in exported.output
