"""Issue 12 item 4: ConneXion's missed-words review, at the end, with `review` and with
`referee log ID --review`.

Most tests read the example table game (examples/connexion-table.txt), replayed once
through the command line; its claims are known from the transcript, so what each turn
found is checked against it, and what was missed against the finder on that turn's board.
Small games at a test table check the readings (CX-4 min_cards, CX-5 repeats, CX-11
struck words, the table's own --wordlist and --deny).
"""

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.core import render
from referee.core.context import Context
from referee.core.errors import InputError, RuleError
from referee.core.reply import Reply
from referee.games.connexion import commands, finder, review
from tests.tables import open_table, refusals_change_nothing, typed

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def run(args, home, columns=None):
    env = {"REFEREE_HOME": str(home), "NO_COLOR": "1"}
    if columns:
        env["COLUMNS"] = str(columns)
    return CliRunner().invoke(main, args, env=env, catch_exceptions=False)


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    """The example table game, played to its end and saved: (home, its session, review)."""
    from referee.core import store
    from referee.core.journal import Journal

    home = tmp_path_factory.mktemp("review")
    script = os.path.join(EXAMPLES, "connexion-table.txt")
    played = run(["connexion", "--players", "Ann,Ben,Cy", "--script", script], home, columns=50)
    assert played.exit_code == 3  # the transcript has deliberate refusals
    os.environ["REFEREE_HOME"] = str(home)
    journal, _ = Journal.open(store.path_of("connexion-1"), repair=False)
    session = store.replayed(journal)
    return home, session, review.of_session(session), played.stdout


def test_item4_each_turn_is_the_placement_that_opened_it_and_its_placer(example):
    _home, _session, result, _out = example
    assert [t.number for t in result.turns] == list(range(1, 25))
    assert [t.player for t in result.turns[:4]] == ["Ann", "Ben", "Cy", "Ann"]


def test_item4_found_is_what_the_transcript_claimed_on_that_turn(example):
    _home, _session, result, _out = example
    assert result.turn(3).found == ("in", "von")  # VON: a rare word the table voted in
    assert result.turn(5).found == ("going", "go", "got")
    assert result.turn(11).found == ("do", "name")  # NAME's card was undone, not the word
    assert result.turn(12).found == ("does",)  # IVAN and ONION came on turn 8, ONION only stands
    assert result.turn(8).found == ("onion",)
    assert result.turn(20).found == ()


def test_item4_a_word_on_the_board_and_not_claimed_is_missed(example):
    _home, session, result, _out = example
    # Turn 3: Iota, Omicron, Nu on the board; Cy claimed IN and VON, not ONION.
    board = {1: "iota", 2: "omicron", 3: "nu"}
    assert finder.find_path(board, "onion") is not None
    assert "onion" in result.turn(3).missed
    assert "ion" in result.turn(3).missed
    # and every missed word is on that turn's board, with enough visits (CX-4)
    opened, _final = review.opened_turns(session.header, session.events)
    for number, _player, positions, _first in opened[:12]:
        for word in result.turn(number).missed:
            assert finder.find_path(positions, word, 2) is not None, (number, word)


def test_item4_a_word_not_yet_on_the_board_is_not_missed(example):
    _home, _session, result, _out = example
    assert "going" not in result.turn(4).missed  # Gamma comes at position 5
    assert "response" not in result.turn(13).missed  # Pi comes at position 16


def test_item4_cx5_a_claimed_word_is_never_missed_then_or_later(example):
    _home, _session, result, _out = example
    for turn in result.turns:
        assert not set(turn.found) & set(turn.missed)
    # ONION, missed on turns 3 to 7, was claimed by Ben on turn 8: missed no more
    assert all("onion" in result.turn(n).missed for n in range(3, 8))
    assert all("onion" not in result.turn(n).missed for n in range(8, 25))
    assert all("to" not in result.turn(n).missed for n in range(4, 25))  # Ann's, turn 4


def test_item4_best_first_common_words_then_longest_then_commonest(example):
    """Longest, then commonest, until issue 20 item 8 put the words in common use first."""
    _home, session, result, _out = example
    lexicon = commands.lexicon(session)
    missed = result.turn(10).missed
    keys = [(lexicon.zipf(w) < review.KNOWN, -len(w), -lexicon.zipf(w)) for w in missed]
    assert keys == sorted(keys)
    assert len(missed[0]) > len(missed[-1])


def test_item4_counts_add_up(example):
    _home, _session, result, _out = example
    for turn in result.turns:
        assert turn.available == len(turn.found) + len(turn.missed)
        assert len(set(turn.missed)) == len(turn.missed)
    for player in ("Ann", "Ben", "Cy"):
        tally = result.tally(player)
        mine = [t for t in result.turns if t.player == player]
        assert tally.found == {w for t in mine for w in t.found}
        assert tally.available == {w for t in mine for w in t.found + t.missed}
        assert tally.found <= tally.available
    # Ann's words in the transcript: I; TO NOT TON; NOVA; DREAM AM ME MAN; OR WE;
    # RESPONSE RESPOND; THY MYTH
    assert len(result.tally("Ann").found) == 15
    text = review.text(result, width=50)
    assert f"Ann found 15 of {len(result.tally('Ann').available)} words available on their" in text


def test_item4_the_final_summary_has_each_players_tally(example):
    _home, _session, result, out = example
    assert "Missed words (`review` lists them turn by turn)" in out
    for player in ("Ann", "Ben", "Cy"):
        tally = result.tally(player)
        assert f"{player} found {len(tally.found)} of {len(tally.available)} words" in out
    assert "Turn 3," not in out  # compact: the turns are for `review`


def test_item4_text_fits_50_columns_and_says_how_many(example):
    _home, _session, result, _out = example
    for best in (review.BEST, None):
        text = review.text(result, width=50, best=best)
        assert max(render.visible(line) for line in text.splitlines()) <= 50
    short = review.text(result, width=50)
    turn = result.turn(10)
    assert f"Turn 10, Ann: found 4 of {turn.available}" in short
    assert f"missed {len(turn.missed)}:" in short
    assert f"and {len(turn.missed) - review.BEST} more" in short.replace("\n    ", " ")


def test_item4_review_command_after_the_end_is_a_long_reply(example):
    _home, session, result, _out = example
    session = Context(session, None)  # what the shell hands a command: the screen's width with the game
    reply = commands.review_command(session, "")
    assert isinstance(reply, Reply) and reply.long  # the shell's pager takes it
    assert "Turn 24, Cy" in reply.text()
    one = commands.review_command(session, "3").text()
    assert "Missed words of turn 3" in one and "Turn 4," not in one
    assert all(word.upper() in one for word in result.turn(3).missed)
    every = commands.review_command(session, "all").text()
    assert result.turn(20).missed[-1].upper() in every
    with pytest.raises(InputError, match="review takes a turn from 1 to 24"):
        commands.review_command(session, "25")


def test_item4_review_is_refused_before_the_end_citing_the_rulebooks_turns(tmp_path):
    session, shell, out = open_table("connexion", tmp_path)
    typed(shell, out, "place omicron", "place nu")
    with pytest.raises(RuleError) as refused:
        commands.review_command(session, "")
    assert refused.value.rule == "Turns"  # G-3's words are about the log and undo (playtest)
    assert "coach the player on turn" in typed(shell, out, "review")
    assert "to discover a word or words" in typed(shell, out, "why")
    refusals_change_nothing(session, shell, out, ["review", "review 1", "review all"])


def test_item4_log_review_of_a_saved_finished_game(example):
    home, _session, result, _out = example
    done = run(["log", "connexion-1", "--review"], home, columns=50)
    assert done.exit_code == 0, done.output
    assert "Turn 3, Cy: found 2 of" in done.stdout
    assert "ONION" in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) <= 50
    as_json = run(["log", "connexion-1", "--review", "--format", "json"], home)
    data = json.loads(as_json.stdout)
    assert data["turns"][2] == {"turn": 3, "player": "Cy", "available": result.turn(3).available,
                                "found": ["in", "von"], "missed": list(result.turn(3).missed)}
    assert {p["name"]: p["found"] for p in data["players"]}["Ann"] == 15
    assert run(["log", "connexion-1", "--review", "--format", "md"], home).exit_code == 2


def test_issue19_item2_the_review_is_broken_at_the_width_its_caller_gives(example, monkeypatch):
    """`referee log --review` hands the game its screen's width (launch.review_log): the
    game never asks the terminal, so another caller's width is the one it breaks at."""
    from referee.core import render

    _home, session, _result, _out = example
    monkeypatch.setattr(render, "terminal_width", lambda: pytest.fail("the game asked the terminal"))
    narrow = session.game.review(session, "text", width=40)
    assert max(render.visible(line) for line in narrow.splitlines()) <= 40
    unbroken = session.game.review(session, "text")  # no screen: a reader that fits it itself
    assert max(render.visible(line) for line in unbroken.splitlines()) > 100
    assert " ".join(narrow.split()) == " ".join(unbroken.split())  # the same words either way


def test_item4_log_review_refuses_an_unfinished_game_and_other_games(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("place omicron\nplace nu\n")
    run(["connexion", "--players", "Ann,Ben", "--script", str(script)], tmp_path)
    refused = run(["log", "connexion-1", "--review"], tmp_path)
    assert refused.exit_code == 1 and "(Turns)" in refused.stderr and "Traceback" not in refused.output
    run(["colors", "--players", "Ann,Ben", "--script", os.path.join(EXAMPLES, "colors-2p.txt")], tmp_path)
    other = run(["log", "--review"], tmp_path)  # the game played last: the colors one
    assert other.exit_code == 1 and "only Cosmic ConneXion" in other.stderr


# -- the readings, at a small table ------------------------------------------------------


def _small_game(tmp_path, *lines, **options):
    """Omicron and Nu (Ben's turn), then Iota (Ann's), the given lines in between, ended early."""
    session, shell, out = open_table("connexion", tmp_path, **options)
    typed(shell, out, "place omicron", "place nu", *lines, "place iota", "finish early")
    assert session.state.phase == "over"
    return review.of_session(session)


def test_item4_cx5_without_repeats_a_word_claimed_earlier_is_not_missed(tmp_path):
    result = _small_game(tmp_path, "word on", "card mars")
    assert result.turn(2).found == ("on",) and "no" in result.turn(2).missed
    assert "on" not in result.turn(3).missed and "no" in result.turn(3).missed


def test_item4_cx5_with_repeats_a_word_claimed_earlier_can_be_missed(tmp_path):
    result = _small_game(tmp_path, "word on", "card mars", repeats=True)
    assert "on" in result.turn(3).missed


def test_item4_cx11_a_word_the_table_struck_is_never_missed(tmp_path):
    result = _small_game(tmp_path, "word no", "contest", "vote Ann no Ben no")
    assert "no" not in result.turn(2).found
    assert "no" not in result.turn(2).missed and "no" not in result.turn(3).missed
    assert "on" in result.turn(2).missed


def test_item4_cx4_min_cards_is_respected(tmp_path):
    result = _small_game(tmp_path, min_cards=3)
    missed = result.turn(3).missed
    assert "non" in missed and "onion" in missed
    assert "on" not in missed and "in" not in missed  # two visits: too few
    assert "i" in missed  # A and I may stand alone (CX-4)


def test_item4_the_tables_own_word_and_deny_lists_count(tmp_path):
    mine, deny = tmp_path / "mine.txt", tmp_path / "deny.txt"
    mine.write_text("nion\n")
    deny.write_text("ion\n")
    script = tmp_path / "s.txt"
    script.write_text("place omicron\nplace nu\nplace iota\nfinish early\n")
    run(["connexion", "-p", "Ann,Ben", "-w", str(mine), "--deny", str(deny), "--script", str(script)], tmp_path)
    data = json.loads(run(["log", "--review", "-f", "json"], tmp_path).stdout)
    missed = data["turns"][2]["missed"]
    assert "nion" in missed and "ion" not in missed and "onion" in missed


def test_item4_a_game_ended_before_any_placement_has_no_review_to_give(tmp_path):
    session, shell, out = open_table("connexion", tmp_path)
    ended = typed(shell, out, "finish early")
    assert "Final scores" in ended and "Missed words" not in ended
    assert "No card was placed: there was no turn to review." in typed(shell, out, "review")


def test_item4_review_completes_turns_only_after_the_end(tmp_path):
    session, shell, out = open_table("connexion", tmp_path)
    typed(shell, out, "place omicron", "place nu")
    assert commands._review_words(session, []) == []
    typed(shell, out, "finish early")
    assert commands._review_words(session, []) == ["all", "1", "2"]


def test_item4_log_review_of_a_game_whose_word_list_is_gone_is_one_line(tmp_path):
    mine = tmp_path / "mine.txt"
    mine.write_text("nion\n")
    script = tmp_path / "s.txt"
    script.write_text("place omicron\nplace nu\nfinish early\n")
    run(["connexion", "-p", "Ann,Ben", "-w", str(mine), "--script", str(script)], tmp_path)
    mine.unlink()
    # a process of its own: this one keeps the lists it has read
    env = dict(os.environ, REFEREE_HOME=str(tmp_path), NO_COLOR="1")
    gone = subprocess.run([sys.executable, "-m", "referee", "log", "--review"], env=env,
                          capture_output=True, text=True)
    assert gone.returncode == 1 and "cannot read word list" in gone.stderr
    assert len(gone.stderr.strip().splitlines()) == 1 and "Traceback" not in gone.stderr + gone.stdout
