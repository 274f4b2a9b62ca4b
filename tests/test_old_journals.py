"""Journals written before Core v2 still resume, to the same result and the same log
(issue 9, proof: "journals written by the current version still resume").

``tests/data/journals-v1/`` holds the saves the example games left when played with the
referee as it stood before the port (every variant and mode of the four games), with
their ``--json`` results and their ``referee log`` text. A change of the journal format
must come with a reader for these.
"""

import json
import os
import shutil

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.core import store
from referee.core.session import Session
from referee.games import load

DATA = os.path.join(os.path.dirname(__file__), "data", "journals-v1")
EXPECTED = json.load(open(os.path.join(DATA, "expected.json"), encoding="utf-8"))


def _installed(name, home, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(home))
    source = os.path.join(DATA, f"{name}.jsonl")
    with open(source, encoding="utf-8") as file:
        header = json.loads(file.readline())
    path = store.path_of(header["id"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    shutil.copy(source, path)
    return header, path


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_issue9_an_old_journal_resumes_to_the_same_result(name, tmp_path, monkeypatch):
    header, path = _installed(name, tmp_path, monkeypatch)
    session = Session.resume(load(header["game"]), path)
    expected = EXPECTED[name]["result"]
    result = session.game.result(session.state)
    assert len(session.events) == expected["events"]
    assert result["finished"] == expected["finished"]
    assert result["winners"] == expected["winners"]
    assert [(p["name"], p.get("score")) for p in result["players"]] == [
        (p["name"], p.get("score")) for p in expected["players"]]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_issue9_an_old_journal_logs_the_same_lines(name, tmp_path, monkeypatch):
    header, _path = _installed(name, tmp_path, monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    result = CliRunner().invoke(main, ["log", header["id"], "--format", "text"])
    assert result.exit_code == 0, result.output
    with open(os.path.join(DATA, f"{name}.log.txt"), encoding="utf-8") as file:
        assert result.output == file.read()
