"""After the end, and ending early: issue 13 defect 6 and ruling G-6.

Every command word is tried after the game is over, in both modes and after each way
a game ends (a second red card, the table's `finish`): each gets one clean line, never
an internal error, and nothing but undo changes the game.
"""

from dataclasses import replace

import pytest

from referee.core.builtins import SHELL
from referee.core.errors import RuleError
from referee.core.export import render as export
from referee.games.cosmocode import taking
from referee.games.cosmocode.moves import MOVES
from tests.cosmocode.helpers import GAME, open_session, play_to_the_end, say

TABLE_WIN = ("receive long 1a 2a 3a", "take 1a", "perk a", "receive short 4a 5a", "take",
             "receive long 5a 6a 7a", "take 5a")

# Each command word, bare and with the kind of arguments it takes.
LINES = ["receive short", "receive mid", "receive long", "r long", "long", "receive short 1a 2a",
         "reveal 1a 2a", "flip #1 with 5", "flip 5a with 5a", "4a #2 with 3", "indicator with 1 2", "4b 1 2",
         "tune #1 up with 4", "4c #1 down with g4", "take", "take 5a", "take #1", "take nothing", "pass",
         "nothing", "discard 3", "discard g7 3a", "perk a", "perk b", "start Ann", "start Ben", "deal Ann 1a 2a",
         "deal Ann", "hand Ann", "hand", "Ben: hand", "hint", "hint Ann", "finish", "end", "Ben: finish",
         "help", "help take", "show", "score", "log", "log 3", "rules", "save", "redo"]
WORDS = sorted(SHELL.extend(GAME.commands).words)


def _over(tmp_path, mode, how):
    session, shell = open_session(tmp_path, mode=mode, seed=5, first="Ann")
    if how == "finish":
        say(shell, "finish")
    elif how == "red deck ran out":  # CO-4 with reshuffle off: over without a winner
        session._states[-1] = replace(session.state, phase="over", winner=None)
    elif mode == "table":
        say(shell, *TABLE_WIN)
    else:
        play_to_the_end(session)
    assert session.over
    return session, shell


@pytest.mark.parametrize("how", ["second red", "finish", "red deck ran out"])
@pytest.mark.parametrize("mode", ["table", "digital"])
def test_issue13_6_every_command_after_the_end_is_refused_cleanly(tmp_path, monkeypatch, mode, how):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = _over(tmp_path, mode, how)
    state, events = session.state, len(session.events)
    for line in LINES + WORDS:
        if line.split()[0] in ("quit", "exit", "q", "undo", "u"):
            continue  # quit leaves; undo may reopen the game (tested below)
        text = say(shell, line)
        assert "internal error" not in text, (line, text)
        assert "Traceback" not in text, (line, text)
        assert session.state == state and len(session.events) == events, line
    for line in ("receive short", "receive long", "flip #1 with 5", "take", "pass", "perk a", "finish"):
        assert "✗ the game is over" in say(shell, line), line


def test_issue13_6_receive_after_a_digital_win_is_a_refusal_not_a_keyerror(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = _over(tmp_path, "digital", "second red")
    winner = session.state.winner
    assert say(shell, "receive short") == f"✗ the game is over: {winner} won (End)"
    with pytest.raises(RuleError, match="the game is over"):
        MOVES.verify(session.state, {"do": "receive", "range": "short"})


@pytest.mark.parametrize("mode", ["table", "digital"])
def test_issue13_6_undo_after_the_end_reopens_the_game(tmp_path, monkeypatch, mode):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = _over(tmp_path, mode, "finish")
    text = say(shell, "undo yes")
    assert "internal error" not in text and not session.over


# -- G-6: the table ends the game early ---------------------------------------------------


def test_g6_finish_between_turns_ends_at_once_most_red_cards_win(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    say(shell, "receive long 1a 2a 3a", "take 1a", "perk a", "receive short 4a 5a", "take")
    text = say(shell, "finish")
    assert session.over and session.state.early
    assert "The table ended the game early (G-6): Ann wins with 1 red card." in text
    assert "Winner: Ann" in text
    assert taking.winners(session.state) == ["Ann"]
    assert GAME.result(session.state)["winners"] == ["Ann"]
    assert GAME.result(session.state)["ended_early"] is True
    assert "ends the game early (G-6)" in say(shell, "log")


def test_g6_finish_mid_turn_waits_for_the_turn_to_end(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    say(shell, "receive long 1a 2a 3a")
    text = say(shell, "finish")
    assert "the game ends when Ann's turn ends (G-6)" in text and not session.over
    assert "ends after this turn" in GAME.toolbar(session.state)
    assert "already ends when Ann's turn ends (G-6)" in say(shell, "finish")
    say(shell, "take 1a")  # the take stands; the perk is still chosen, then the game ends
    assert not session.over and session.state.phase == "perk"
    say(shell, "perk b")
    assert session.over and session.state.perks[0] == "b"
    assert taking.winners(session.state) == ["Ann"]


def test_g6_a_tie_on_red_cards_is_shared(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, ("Ann", "Ben", "Cy"), first="Ann")
    text = say(shell, "finish")
    assert taking.winners(session.state) == ["Ann", "Ben", "Cy"]
    assert "Ann, Ben and Cy share the win with 0 red cards each" in text
    assert "Winners (shared): Ann, Ben, Cy" in text


def test_g6_a_second_red_during_the_last_turn_still_wins_outright(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    say(shell, *TABLE_WIN[:-1], "finish", TABLE_WIN[-1])
    assert session.over and not session.state.early and session.state.winner == "Ann"


def test_g6_finish_replays_and_exports_say_it_ended_early(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    from referee.core.session import Session

    session, shell = open_session(tmp_path, mode="digital", seed=5, first="Ann")
    say(shell, "receive short", "finish")
    if not session.over:
        say(shell, "take" if session.state.takeable() else "pass")
    assert session.over
    resumed = Session.resume(GAME, session.journal.path)
    assert resumed.state == session.state
    text = export(GAME, session.header, session.records, True, "text")
    assert "ends the game early (G-6)" in text


def test_end_the_toolbar_says_the_game_is_over_and_who_won(tmp_path, monkeypatch):
    """Once over, the toolbar's first part said only `indicator α · reds Ann 2`: a
    newcomer glancing at it could not tell the game had ended. Now it leads with that."""
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    assert GAME.toolbar(session.state)[0] == "Ann: receive"
    say(shell, "finish")
    assert GAME.toolbar(session.state)[0] == "game over: Ann, Ben share the win"
    say(shell, "undo yes", "long 1a 2a 3a", "take 2a", "perk a", "Ben: mid 1a 2b", "pass", "long 4a 5a 6a", "take 5a")
    assert session.state.phase == "over" and GAME.toolbar(session.state)[0] == "game over: Ann won"
