"""Issue 20, the terminal's items: the players question (6), a phone's screen (7), the
pagers (10), completion (11) and the hand's "press Enter to hide this" (a gap)."""

import click
import pytest

from referee.core import launch
from referee.games import load


# -- item 6: the players question asks again --------------------------------------------


def test_issue20_item6_too_few_players_typed_at_the_question_are_asked_again(monkeypatch, capsys):
    """One name for a game of two or more exited with a usage error (CX-7) after the names
    were typed; now the question is asked again, as for `Ann, Ben, ann`."""
    answers = iter(["Ann", "Ann, Ben, ann", "Ann, Ben"])
    monkeypatch.setattr(launch, "_interactive", lambda: True)
    monkeypatch.setattr(launch.click, "prompt", lambda text: next(answers))
    assert launch._ask_players(None, load("connexion"), None, {}) == ["Ann", "Ben"]
    said = capsys.readouterr().err.splitlines()
    assert said == ["Cosmic ConneXion is for 2 to 8 players, not 1 (CX-7); try again (Ctrl-C to leave)",
                    "two players have the same name; give each a different one; try again (Ctrl-C to leave)"]


def test_issue20_item6_the_count_asked_again_follows_the_table_options(monkeypatch, capsys):
    """A variant may change who may play (Connections' Solitaire is for one): the question
    asks again with the options given on the command line in force."""
    answers = iter(["Ann, Ben", "Ann"])
    monkeypatch.setattr(launch, "_interactive", lambda: True)
    monkeypatch.setattr(launch.click, "prompt", lambda text: next(answers))
    assert launch._ask_players(None, load("connections"), None, {"variant": "solitaire"}) == ["Ann"]
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "not 2 (CN-6); try again" in said[0]


def test_issue20_item6_a_bad_option_is_said_before_the_names_are_asked(monkeypatch):
    monkeypatch.setattr(launch, "_interactive", lambda: True)
    monkeypatch.setattr(launch.click, "prompt", lambda text: pytest.fail("asked the names first"))
    with pytest.raises(click.UsageError):
        launch.start("connexion", None, ("nosuchoption=3",), None, False, False)


def test_issue20_item6_too_few_players_on_the_line_are_still_a_usage_error(run_cli):
    result = run_cli("connexion", "--players", "Ann", script="quit\n")
    assert result.exit_code == 2 and "not 1 (CX-7)" in result.output
