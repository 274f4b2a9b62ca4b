"""Exports are views of the journal (DESIGN 2); the seed and secret events stay hidden until the end."""

import csv
import io
import json

import pytest

from referee.core import export
from referee.core.session import Session
from tests.core.conftest import fake_header, ticking
from tests.core.fakegame import GAME


@pytest.fixture
def game(tmp_path):
    session = Session.start(GAME, fake_header(mode="digital", seed=424242), str(tmp_path / "g.jsonl"),
                            clock=ticking())
    session.speaker = "Ann"
    session.do({"do": "add", "n": 2})
    session.speaker = "Ben"
    session.do({"do": "draw"})
    session.speaker = None
    return session


def rendered(session, fmt, finished=None):
    finished = session.over if finished is None else finished
    return export.render(GAME, session.header, session.records, finished, fmt)


def finish(session):
    session.do({"do": "add", "n": 8})
    assert session.over


def test_lines_number_time_who_what(game):
    rows = export.lines(GAME, game.records, finished=False)
    assert [r[0] for r in rows] == [1, 2]
    assert rows[0][2:] == ("Ann", "adds 2")
    assert rows[1][2:] == ("Ben", export.HIDDEN)  # a draw is secret until the end
    assert len(rows[0][1]) == 8 and rows[0][1].count(":") == 2


def test_text_export(game):
    text = rendered(game, "text")
    assert text.startswith("Fake Counter, game fake-1, started ")
    assert "players: Ann, Ben" in text
    assert "options: colour=red, loud=False, target=10" in text
    assert "in progress" in text
    assert "adds 2" in text


def test_markdown_export(game):
    md = rendered(game, "md")
    assert md.startswith("# Fake Counter, game fake-1")
    assert "- players: Ann, Ben" in md
    table = [[cell.strip() for cell in line.strip("|").split("|")] for line in md.splitlines() if line.startswith("|")]
    assert table[0] == ["#", "time", "who", "what"]
    assert all(set(cell) <= set("-:") for cell in table[1])  # the GitHub table rule
    assert table[2][0] == "1" and table[2][2:] == ["Ann", "adds 2"]


def test_csv_export_parses_back(game):
    rows = list(csv.reader(io.StringIO(rendered(game, "csv"))))
    assert rows[0] == ["n", "time", "who", "what"]
    assert rows[1][0] == "1" and rows[1][2:] == ["Ann", "adds 2"]
    assert rows[2][2:] == ["Ben", export.HIDDEN]
    assert len(rows) == 3


def test_csv_export_quotes_commas(game):
    game.do({"do": "add", "n": 1})
    odd = type(GAME)()
    odd.describe = lambda action: 'adds, "quoted", one'
    text = export.render(odd, game.header, game.records[:1], False, "csv")
    assert list(csv.reader(io.StringIO(text)))[1][3] == 'adds, "quoted", one'


def test_json_export(game):
    data = json.loads(rendered(game, "json"))
    assert data["finished"] is False
    assert data["header"]["players"] == ["Ann", "Ben"]
    assert "format" not in data["header"] and "version" not in data["header"]
    assert [e["n"] for e in data["events"]] == [1, 2]
    assert data["events"][0]["action"]["n"] == 2
    assert data["events"][1]["what"] == export.HIDDEN
    assert set(data["events"][1]["action"]) <= {"do", "by", "at"}


@pytest.mark.parametrize("fmt", ["text", "md", "csv", "json"])
def test_seed_hidden_until_finished(game, fmt):
    text = rendered(game, fmt)
    assert "424242" not in text
    if fmt != "csv":
        assert export.HIDDEN in text


@pytest.mark.parametrize("fmt", ["text", "md", "json"])
def test_seed_and_secrets_shown_once_finished(game, fmt):
    finish(game)
    text = rendered(game, fmt)
    assert "424242" in text
    assert export.HIDDEN not in text
    assert "draws a card" in text


def test_finished_csv_shows_the_draw(game):
    finish(game)
    rows = list(csv.reader(io.StringIO(rendered(game, "csv"))))
    assert rows[2][3] == "draws a card"


def test_table_mode_game_has_no_seed_line(tmp_path):
    session = Session.start(GAME, fake_header(seed=None), str(tmp_path / "g.jsonl"), clock=ticking())
    text = export.render(GAME, session.header, session.records, False, "text")
    assert "mode: table\n" in text and "seed" not in text


def test_markdown_escapes_a_pipe_in_what_was_said(game):
    """A bonus sentence or a typed name may hold '|'; it must not split the Markdown row."""
    odd = type(GAME)()
    odd.describe = lambda action: "says: a | b"
    md = export.render(odd, game.header, game.records[:1], False, "md")
    row = [line for line in md.splitlines() if line.startswith("|")][2]
    assert row.count("|") - row.count("\\|") == 5  # four cells
    assert "a \\| b" in row


# -- issue 12 item 1: the record says everything ----------------------------------------------

from pathlib import Path

from click.testing import CliRunner

from referee.cli import main
from tests.tables import open_table, typed

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def played(home, monkeypatch, name, *args):
    """An example transcript played into ``home`` with the CLI, as a table would."""
    monkeypatch.setenv("REFEREE_HOME", str(home))
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(main, [*args, "--script", str(EXAMPLES / name)])
    assert result.exit_code in (0, 3), result.output


def exported(fmt, ident="last"):
    result = CliRunner().invoke(main, ["log", ident, "-f", fmt])
    assert result.exit_code == 0, result.output
    return result.output


def test_issue12_1_connexion_export_says_who_laid_the_sun_and_made_the_bonus_sentence(tmp_path, monkeypatch):
    played(tmp_path, monkeypatch, "connexion-table.txt", "connexion", "--players", "Ann,Ben,Cy")
    rows = list(csv.reader(io.StringIO(exported("csv"))))
    by_what = {row[3].split(":")[0]: row[2] for row in rows[1:] if row[0]}
    assert by_what["lays the sun at position 25"] == "Ann"
    assert by_what["bonus sentence"] == "Ann"
    assert all(row[2] for row in rows[1:] if row[0]), "every event says who did it"


@pytest.mark.parametrize("fmt", ["text", "md", "csv", "json"])
def test_issue12_1_finished_export_ends_with_final_scores_and_winner(tmp_path, monkeypatch, fmt):
    played(tmp_path, monkeypatch, "connexion-table.txt", "connexion", "--players", "Ann,Ben,Cy")
    text = exported(fmt)
    if fmt == "json":
        result = json.loads(text)["result"]
        assert result["winners"] == ["Ann"]
        assert [p["score"] for p in result["players"]] == [417, 166.5, 104]
    else:
        assert "Final scores: Ann 417, Ben 166.5, Cy 104." in text
        assert "Winner: Ann." in text


def test_issue12_1_a_team_s_win_names_each_winner_and_is_not_called_shared(tmp_path, monkeypatch):
    played(tmp_path, monkeypatch, "colors-4p.txt", "colors", "--players", "Ann,Ben,Cy,Di", "--mode", "digital",
           "--seed", "11", "--variant", "wild")
    text = exported("text")
    assert "Winners: Ben, Di." in text and "shared" not in text  # one team won; nobody tied
    listed = CliRunner().invoke(main, ["games"]).output
    assert "Ben, Di won" in listed and "(shared)" not in listed


@pytest.fixture
def contested(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, players=("Ann", "Ben", "Cy"), timer=0)
    typed(shell, out, "place mu", "place eta", "word me", "card mars", "Cy: contest")
    return session, shell, out


def test_issue12_1_g4_contest_says_who_raised_it_and_the_question(contested):
    session = contested[0]
    rows = export.lines(session.game, session.records, False, session.states)
    assert rows[-1][2] == "Cy"
    assert rows[-1][3] == "contests ME, Ben's word; vote: Does ME stand?"


def test_issue12_1_g4_vote_says_ballots_tally_and_outcome_and_the_word_reads_as_struck(contested):
    session, shell, out = contested
    typed(shell, out, "vote Ann yes Ben no", "vote Cy no")
    rows = export.lines(session.game, session.records, False, session.states)
    assert rows[-2][2:] == ("table", "votes: Ann yes, Ben no; waiting for Cy")
    assert rows[-1][2:] == ("table", "votes: Cy no; Does ME stand? yes 1, no 2: refused; ME is struck")
    claim = next(row for row in rows if row[3].startswith("claims ME"))
    assert claim[2] == "Ben" and claim[3].endswith("later struck by the table's vote (G-4)")


def test_issue12_1_in_game_log_narrates_and_ends_with_the_winner(contested):
    session, shell, out = contested
    said = " ".join(typed(shell, out, "vote all yes", "log").split())
    assert "Does ME stand? yes 3, no 0: carried; ME stands" in said
    assert "Winner" not in said  # the game is on
    said = typed(shell, out, "finish early", "log")
    assert "Final scores: Ann 0, Ben 4, Cy 0." in said and "Winner: Ben." in said


def test_issue12_1_narration_never_shows_a_secret_before_the_end(game):
    told = []
    odd = type(GAME)()
    odd.narrate = lambda before, action, after, final: told.append(action) or ("x", "the secret")
    rows = export.lines(odd, game.records, False, game.states)
    assert rows[1][3] == export.HIDDEN and all(a["do"] != "draw" for a in told)


def test_issue12_1_games_lists_variant_mode_scores_and_winner_within_50_columns(tmp_path, monkeypatch):
    played(tmp_path, monkeypatch, "connections-quick.txt", "connections", "--variant", "quick",
           "--players", "Ann,Ben,Cy")
    monkeypatch.setenv("COLUMNS", "50")
    output = CliRunner().invoke(main, ["games"]).output
    assert all(len(line) <= 50 for line in output.splitlines()), output
    flat = " ".join(output.split())
    assert "connections quick, table" in flat
    assert "Ann 41, Ben 0, Cy 36; Ann won" in flat


def test_issue12_1_games_json_gives_every_time_in_iso_8601_with_offset(tmp_path, monkeypatch):
    import datetime

    played(tmp_path, monkeypatch, "cosmocode-table.txt", "cosmocode", "--players", "Ann,Ben")
    row = json.loads(CliRunner().invoke(main, ["games", "--json"]).output)[0]
    for key in ("started", "last_move", "last_played"):
        assert datetime.datetime.fromisoformat(row[key]).utcoffset() is not None, (key, row[key])
    assert row["scores"] == {"Ann": 2, "Ben": 1} and row["winners"] == ["Ann"]
    assert row["mode"] == "table" and row["finished"] is True


def test_issue12_1_games_shows_no_score_of_an_unfinished_game(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    CliRunner().invoke(main, ["connexion", "--players", "Ann,Ben", "--script", "-"], input="place mu\nquit\n")
    row = json.loads(CliRunner().invoke(main, ["games", "--json"]).output)[0]
    assert row["finished"] is False and row["scores"] is None and row["winners"] == []
    assert "in progress" in CliRunner().invoke(main, ["games"]).output


def test_issue12_1_a_tie_is_called_shared_and_a_team_s_win_is_not():
    class Ended:
        def __init__(self, shared):
            self.shared = shared

        def is_over(self, state):
            return True

        def result(self, state):
            result = {"players": [{"name": "Ann", "score": 9}, {"name": "Ben", "score": 9}], "winners": ["Ann", "Ben"]}
            if self.shared is not None:
                result["shared"] = self.shared
            return result

    assert export.outcome(Ended(None), object())[-1] == "Winners (shared): Ann, Ben."  # a tie, as before
    assert export.outcome(Ended(True), object())[-1] == "Winners (shared): Ann, Ben."
    assert export.outcome(Ended(False), object())[-1] == "Winners: Ann, Ben."


# -- core gaps 2: `referee log ID` at a terminal is fitted to it, as the in-game log is ------


class _Screen(io.StringIO):
    """What `referee log` writes to when its output is a terminal."""

    def isatty(self):
        return True


def _logged(home, monkeypatch, output, columns):
    from referee.core.launch import export_log

    played(home, monkeypatch, "connexion-table.txt", "connexion", "--players", "Ann,Ben,Cy")
    monkeypatch.setenv("COLUMNS", str(columns))
    export_log("last", "text", output)
    return output.getvalue()


def test_gaps2_log_at_a_50_column_terminal_fits_it_between_words(tmp_path, monkeypatch):
    screen = _logged(tmp_path, monkeypatch, _Screen(), 50)
    piped = exported("text")
    assert max(len(line) for line in piped.splitlines()) > 50  # there is something to fit
    assert max(len(line) for line in screen.splitlines()) <= 50, screen
    assert set(screen.split()) == set(piped.split()), screen  # the same words, only broken
    assert "Final scores: Ann 417, Ben 166.5, Cy 104." in " ".join(screen.split())
    assert "bonus sentence" in screen


def test_gaps2_log_to_a_file_or_a_pipe_is_not_fitted(tmp_path, monkeypatch):
    """A pipe or `-o FILE` keeps the text as it was (old journals' expected logs, scripts)."""
    written = _logged(tmp_path, monkeypatch, io.StringIO(), 50)
    assert written == exported("text")
    assert max(len(line) for line in written.splitlines()) > 50
