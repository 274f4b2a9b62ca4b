"""A table's own deny list, ``--deny FILE`` (issue 11 item 6), from the command line in.

The lexicon's side (step 1 of the decision order) is in test_lexicon.py; here: every
game that checks words and ``referee word`` take the option, a ConneXion game refuses a
denied word and ``find`` never lists it, and the journal header keeps the list so a
resumed game judges words as it did.
"""

import json

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.games import GAMES

BOARD = "place mu\nplace eta\nplace phi\nplace alpha\nplace omicron\nplace rho\n"


@pytest.fixture
def deny(tmp_path):
    path = tmp_path / "family-deny.txt"
    path.write_text("# not at our table\nmetaphor\nMEAN\n")
    return path


def _found(output):
    """The words of the first `find` table in a script's output (echoed as `> find`)."""
    lines = output.splitlines()
    start = lines.index("> find") + 1
    rows = []
    for line in lines[start:]:
        if line.startswith("> "):
            break
        rows.append(line.split(" ", 1)[0].lower())
    return set(rows)


def _saved_header(home):
    (path,) = (home / "games").glob("connexion-*.jsonl")
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])


@pytest.mark.parametrize("entry", GAMES, ids=[e.name for e in GAMES])
def test_item6_every_game_that_checks_words_takes_deny_beside_wordlist(entry):
    text = CliRunner().invoke(main, [entry.name, "--help"]).output
    assert ("--deny" in text) == ("--wordlist" in text) == entry.words


def test_item6_referee_word_refuses_a_denied_word_with_the_file(home, deny):
    result = CliRunner().invoke(main, ["word", "--json", "--deny", str(deny), "metaphor", "cat"])
    verdicts = [json.loads(line) for line in result.output.splitlines()]
    assert result.exit_code == 3
    assert (verdicts[0]["verdict"], verdicts[0]["source"], verdicts[0]["reason"]) == (
        "unknown", "deny", "in the table's deny list family-deny.txt")
    assert verdicts[1]["verdict"] == "word"


def test_item6_referee_word_bad_deny_file_is_one_line(home, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("ok\ndon't\n")
    result = CliRunner().invoke(main, ["word", "--deny", str(bad), "cat"])
    assert result.exit_code == 1
    assert "bad.txt:2:" in result.output
    assert "Traceback" not in result.output


def test_item6_connexion_refuses_a_denied_word_and_find_never_lists_it(home, deny):
    script = BOARD + "find\nword metaphor\n"
    result = CliRunner().invoke(main, ["connexion", "-p", "Ann,Ben", "--deny", str(deny), "--script", "-"],
                                input=script)
    assert "in the table's deny list family-deny.txt" in result.output
    words = _found(result.output)
    assert "meta" in words and not {"metaphor", "mean"} & words
    assert _saved_header(home)["deny"] == [str(deny)]


def test_item6_a_resumed_game_keeps_its_deny_list(home, deny):
    CliRunner().invoke(main, ["connexion", "-p", "Ann,Ben", "--deny", str(deny), "--script", "-"], input=BOARD)
    ident = _saved_header(home)["id"]
    result = CliRunner().invoke(main, ["resume", ident, "--script", "-"], input="find\n")
    words = _found(result.output)
    assert "meta" in words and not {"metaphor", "mean"} & words


def test_item6_without_deny_the_same_board_finds_the_words(home):
    result = CliRunner().invoke(main, ["connexion", "-p", "Ann,Ben", "--script", "-"], input=BOARD + "find\n")
    assert {"metaphor", "mean", "meta"} <= _found(result.output)
