"""Issue 19 "One house", item 1: Crafting the Cosmos's replies are data (core.reply.Reply).

A move's or a question's reply holds its lines unbroken, the shell breaks them once for
the screen it shows them on (Game.fit) and `--json` keeps them whole; what only one seat
may read (a hand, advanced life values) is the reply's private part with its owner; a
picture drawn for the screen's width is named in ``pictures``.
"""

import json
import os
import re

import pytest

from referee.core import render
from referee.core.states import evolve, update_seat
from referee.core.reply import Reply
from referee.games.cosmos import commands
from tests.cosmos.helpers import new_game, table
from tests.tables import run_script

GAME_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "referee", "games", "cosmos")


class Asking:
    """What a question reads of its context: the state, the speaker, the width, a name."""

    def __init__(self, state, width=50, speaker=None):
        self.state, self.width, self.speaker = state, width, speaker
        self.players = list(state.players)

    def player(self, word):
        return next(p for p in self.players if p.lower() == word.lower())


@pytest.mark.parametrize("name", ["replies.py", "commands.py"])
def test_issue19_item1_replies_and_questions_neither_tick_nor_break_their_lines(name):
    with open(os.path.join(GAME_DIR, name), encoding="utf-8") as source:
        text = source.read()
    found = re.findall(r"render\.(?:ok|Private|Long)\(|fit_text|fit_lines|fit_words|wrap_text|view\.fit|"
                       r"fit_to_terminal|terminal_width|fit_replies", text)
    assert not found, found


def test_issue19_item1_a_move_s_reply_is_kept_whole_and_shown_broken_for_a_phone(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = table(tmp_path, ("Ann", "Ben", "Cy"))
    shell.execute("goal proto")
    out.clear()
    shell.execute("shift 3")
    told = shell.told[-1]
    assert told["tone"] == "ok" and told["pictures"] == ["ring"]
    assert told["public"][0].startswith(f"{session.states[-2].player} shifts own 3: own token in ")
    assert any(len(line) > 50 for line in told["public"])  # whole: the shell breaks it, not the game
    shown = "\n".join(out)
    assert shown.startswith("✓ ") and all(render.visible(line) <= 50 for line in shown.splitlines())
    assert " ".join(shown.split()) == " ".join(("✓ " + "\n".join(told["public"])).split())


def test_issue19_item1_hand_is_the_private_part_of_a_reply_with_its_owner():
    state = new_game(("Ann", "Ben"))
    state = evolve(state, boards=update_seat(state.boards, 0, lambda b: evolve(b, advanced=(8, 5))))
    reply = commands.hand_command(Asking(state, speaker="Ann"), "")
    assert isinstance(reply, Reply) and reply.public == () and reply.owner == "Ann"
    assert reply.private.startswith("Ann holds 4: ") and reply.private.endswith("; advanced life: 8 5")
    assert reply.as_dict() == {"public": [], "private_for": "Ann"}  # its text never reaches --json


@pytest.mark.parametrize("question, picture", [("board Ann", "board"), ("supply", "supply"), ("goals", "goals"),
                                               ("hint", "hints")])
def test_issue19_item1_a_question_names_the_picture_it_draws_for_the_width(question, picture):
    state = new_game(("Ann", "Ben"))
    word, _, args = question.partition(" ")
    handler = {"board": commands.board_command, "supply": commands.supply_command,
               "goals": commands.goals_command, "hint": commands.hint_command}[word]
    narrow, wide = handler(Asking(state, 50), args), handler(Asking(state, 100), args)
    assert narrow.pictures == (picture,) and not any("\n" in line for line in narrow.public)
    assert all(render.visible(line) <= 50 for line in narrow.public)
    assert " ".join(" ".join(narrow.public).split()) == " ".join(" ".join(wide.public).split())


def test_issue19_item1_hint_away_from_a_shift_is_one_unbroken_line():
    state = evolve(new_game(("Ann", "Ben")), phase="craft")
    reply = commands.hint_command(Asking(state, 30), "")
    assert len(reply.public) == 1 and reply.public[0].startswith("no shift to hint: ")


def test_issue19_item1_json_keeps_each_reply_whole_and_no_hand(tmp_path):
    script = tmp_path / "lines.txt"
    script.write_text("goal proto\nhand Ann\nshift 3\nfinish\n", encoding="utf-8")
    args = ["cosmos", "--players", "Ann,Ben", "--mode", "digital", "--seed", "2", "--json", "--script", str(script)]
    result = run_script(args, tmp_path / "home", columns=50)
    replies = json.loads(result.stdout.strip().splitlines()[-1])["replies"]
    assert {"public": [], "private_for": "Ann"} in replies and "holds" not in result.stdout
    shifted = next(reply for reply in replies if reply.get("pictures") == ["ring"])
    assert shifted["tone"] == "ok" and any(len(line) > 50 for line in shifted["public"])
    assert replies[-1] == {"public": ["the game ends after this round's end phase (G-6); `undo` takes it back"],
                           "tone": "ok", "rule": "G-6"}


# -- item 2: whose turn comes from the phase table -----------------------------------------------

from referee.core.errors import RuleError  # noqa: E402
from referee.core.phases import ANYONE, SEAT  # noqa: E402
from referee.games.cosmos import phases  # noqa: E402
from referee.games.cosmos.moves import MOVE_LIST, MOVES  # noqa: E402
from tests.cosmos.helpers import apply, with_hand, with_turn  # noqa: E402


def test_issue19_item2_every_phase_names_who_acts_the_seat_or_anyone():
    assert {phase.name: phase.acts for phase in phases.PHASE_LIST if phase.acts not in (SEAT, ANYONE)} == {}
    assert all(move.acts is None for move in MOVE_LIST)  # no move overrides its phase


def test_issue19_item2_a_craft_move_by_another_seat_is_the_phase_table_s_refusal():
    state = with_turn(new_game(("Ann", "Ben")), "Ann", "craft")
    with pytest.raises(RuleError) as caught:
        MOVES.apply(state, {"do": "end", "choice": "stabilise", "by": "Ben"})
    assert (str(caught.value), caught.value.rule) == ("it is Ann's turn, not Ben's (Round)", "Round")


def test_issue19_item2_a_hand_s_own_moves_keep_their_words_at_any_phase():
    """`tell` and `discard` name whose cards in their words: whoever's turn it is, only
    that player may make them; the refusal says so in the game's own words."""
    state = with_hand(new_game(("Ann", "Ben"), mode="table"), "Ann", "light")
    with pytest.raises(RuleError) as caught:
        apply(state, {"do": "tell", "player": "Ann", "cards": ["light"], "by": "Ben"})
    assert (str(caught.value), caught.value.rule) == ("only Ann names Ann's cards, not Ben (G-2)", "G-2")


# -- extra: the views draw for the width they are given, never the terminal's ----------------------

from referee.games.cosmos import view  # noqa: E402
from referee.games.cosmos.game import GAME  # noqa: E402


def test_issue19_extra_a_view_given_no_width_draws_for_a_script_not_the_terminal(monkeypatch):
    state = new_game(("Christopherr", "Bartholomews", "Cy"))
    monkeypatch.setenv("COLUMNS", "50")
    assert view.picture(state) == view.picture(state, 100) != view.picture(state, 50)
    assert view.board_text(state, 0) == view.board_text(state, 0, width=100)


def test_issue19_extra_the_game_s_scoreboard_takes_the_width_it_is_printed_at(monkeypatch):
    state = new_game(("Christopherr", "Bartholomews", "Cy"))
    monkeypatch.setenv("COLUMNS", "50")
    assert GAME.scoreboard(state, 80)[0] == ["player", "goal", "set", "pow", "neb", "adv", "oth", "total", "hand"]
    monkeypatch.setenv("COLUMNS", "80")
    assert GAME.scoreboard(state, 50)[0] == ["player", "total", "hand", "by source"]
    assert GAME.scoreboard(state)[0] == GAME.scoreboard(state, 80)[0]  # none given: the terminal's, for now
