"""Cosmic Colors on Core v2 (issue 9 items 1-4): moves declared once, phases as data,
every refusal in the rules, log lines from the moves' fields."""

import ast
import json
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from referee.core import store
from referee.core.errors import RuleError
from referee.core.errors import ActionError
from referee.core.session import Session
from referee.games import load
from referee.games.colors import lines, rules
from referee.games.colors.moves import MOVES
from referee.games.colors_jr import moves as jr_moves
from referee.games.colors_jr import state as jr

from .build import GRID, cards, state as built

PACKAGE = Path(rules.__file__).parent
OLD = Path(__file__).parent.parent / "data" / "journals-v1"
TWO = ["Rs Rm Rp Rc Rg Os Om Op Oc Og", "Ys Ym Yp Yc Yg Gs Gm Gp Gc Gg"]


def refused(rule, state, action, declared=MOVES):
    with pytest.raises(RuleError) as caught:
        declared.verify(state, action)
    assert caught.value.rule == rule, str(caught.value)
    return str(caught.value)


# -- item 1: moves declared once; the log line from the fields --------------------------------


@pytest.mark.parametrize("name", ["colors-2p", "colors-4p", "colors-jr"])
def test_issue9_item1_log_lines_from_the_fields_equal_the_old_journals_sentences(name, tmp_path, monkeypatch):
    """Journals before Core v2 stored each log line (`say`); the moves now derive it from
    the action's fields. Every stored sentence of the three example games is derived
    exactly, in the game's card names, with the players passed for holding no card."""
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    source = OLD / f"{name}.jsonl"
    header = json.loads(source.read_text(encoding="utf-8").splitlines()[0])
    path = store.path_of(header["id"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    shutil.copy(source, path)
    session = Session.resume(load("colors"), path)
    states = list(session.states)
    assert session.events and all("say" in action for action in session.events)
    for number, action in enumerate(session.events):
        bare = {k: v for k, v in action.items() if k != "say"}
        assert session.game.narrate(states[number], bare, states[number + 1], states[-1])[1] == action["say"]


def test_issue9_item1_new_actions_store_no_sentence(tmp_path):
    from .shell import new

    session, shell, _ = new(tmp_path, mode="table")
    assert shell.execute("grid " + GRID.replace("\n", " ").strip())
    assert shell.execute("hand Ann " + TWO[0].replace("Og", "Oc").replace("Rs", "Bs"))
    assert all("say" not in action for action in session.events)
    assert "lays out Rs Rm Om Og Yc" in shell_log(shell)


def shell_log(shell):
    out = []
    shell.out = out.append
    shell.execute("log")
    return "\n".join(out)


def test_issue9_item1_every_move_declares_fields_check_effect_line_and_a_table_rule():
    table = load("colors").rule_table()
    for moves in (MOVES, jr_moves.MOVES):  # the box's two games (colors_jr: Cosmic Colors Jr)
        for move in moves:
            assert move.effect is not None and move.line is not None, move.name
            # a move of the other game in the box is refused before any check (Move.offered, whatever the state)
            assert move.check is not None or (move.offered is not None and not move.offered(None)), move.name
            assert move.rule in table, move.name


def test_issue9_item1_a_damaged_action_is_an_action_error_not_a_rule():
    s = built(GRID, TWO)
    with pytest.raises(ActionError):
        MOVES.apply(s, {"do": "play", "cards": "Rs", "cells": [1]})
    with pytest.raises(ActionError):
        MOVES.apply(s, {"do": "play", "cards": [99], "cells": [1]})
    with pytest.raises(ActionError):
        MOVES.apply(s, {"do": "juggle"})


def test_issue9_item1_a_swap_line_names_the_teammate_from_the_state():
    s = built(GRID, ["Rs Rm", "Ys Ym", "Os Om", "Gs Gm"])
    action = {"do": "swap", "give": cards("Rs"), "take": cards("Os")}
    assert lines.line(action, replace(s, phase="discard")) == "swaps Rs for Os with Cy"
    assert lines.line(action) == "swaps Rs for Os"  # without the state: no name guessed


# -- item 2: phases and turns as data ----------------------------------------------------------


def test_issue9_item2_the_phase_table_gives_prompt_default_and_toolbar():
    game = load("colors")
    s = built(GRID, TWO)
    assert game.prompt(s) == "Ann (shapes) plays> " and game.default_command(s) is None
    assert game.toolbar(s)[0] == "Ann (shapes) to play"
    s = replace(s, phase="discard")
    assert game.prompt(s) == "Ann discards> " and game.default_command(s) == "discard"
    s = replace(s, phase="draw", draw_need=2, turn=1)
    assert game.prompt(s) == "Ben draws 2> " and game.default_command(s) == "draw"
    assert game.toolbar(s)[0] == "Ben (colors) to draw 2"
    assert game.prompt(replace(s, phase="over")) == "over> " and game.is_over(replace(s, phase="over"))


def test_issue9_item2_setup_prompts_rows_then_the_hands_in_seat_order():
    game = load("colors")
    s = rules.initial({"players": ["Ann", "Ben"], "options": {}})
    assert game.prompt(s) == "row 1? " and game.default_command(s) == "grid"
    s = MOVES.apply(s, {"do": "grid", "cards": cards(GRID)})
    assert game.prompt(s) == "Ann's hand? " and game.default_command(s) == "hand"


def test_issue9_item2_turn_is_the_seat_to_act_and_the_wrong_player_is_refused_turns():
    s = built(GRID, TWO)
    assert s.turn == 0 and s.players[s.turn] == "Ann"
    text = refused("Turns", s, {"do": "play", "cards": [], "cells": [], "by": "Ben"})
    assert text == "it is Ann's turn, not Ben's (Turns)"


def test_issue9_item2_a_move_the_phase_does_not_open_gets_the_phase_s_sentence():
    s = built(GRID, TWO)
    assert refused("Turns", s, {"do": "discard", "cards": []}).startswith("it is time for Ann to play")
    assert refused("Turns", s, {"do": "discard", "cards": []}).endswith(", not `discard` (Turns)")  # the move typed
    assert refused("3a", replace(s, phase="discard"), {"do": "play", "cards": [], "cells": []}).startswith(
        "Ann first discards, not `play`: `discard CARDS` or `keep`")  # two players: no swap (3b)
    assert refused("G-6", replace(s, phase="over", early=True), {"do": "finish"}).startswith(
        "the game is over: the table ended it early")
    assert refused("CC-6", replace(s, phase="over"), {"do": "adjust", "what": "pile", "count": 3}) == \
        "the game is over (CC-6)"


def test_issue9_item2_jr_phases_and_its_turn_rule():
    header = {"players": ["Ann", "Ben", "Cy"], "options": {"variant": "jr"}, "mode": "digital", "seed": 3}
    game = load("colors").variant(header)
    s = jr.initial(header)
    assert game.prompt(s) == "Ann takes> "
    refused("CC-7", s, {"do": "take", "cell": 0, "side": "colors", "value": 0, "by": "Ben"}, jr_moves.MOVES)
    refused("CC-7", replace(s, mode="table"), {"do": "reveal", "cards": [1]}, jr_moves.MOVES)  # no reveal in take
    refused("G-2", s, {"do": "reveal", "cards": [1]}, jr_moves.MOVES)  # digital: none, whatever the phase


# -- item 3: no refusal outside the rules layer ------------------------------------------------


@pytest.mark.parametrize("module", ["commands.py", "game.py", "view.py", "reading.py", "replies.py", "lines.py"])
def test_issue9_item3_no_rule_error_outside_the_rules(module):
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    made = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) == "RuleError"]
    assert not made, f"{module} makes RuleError at lines {made}"


def test_issue9_item3_the_refusals_once_in_commands_are_the_moves_own_checks():
    s = built(GRID, TWO)
    digital = replace(s, mode="digital")
    jr_state = jr.initial({"players": ["Ann", "Ben"], "options": {"variant": "jr"}, "mode": "digital", "seed": 1})
    setup = replace(rules.initial({"players": ["Ann", "Ben"], "options": {}, "mode": "digital"}), phase="setup",
                    stacks=((),) * 25)
    refused("G-2", setup, {"do": "grid", "cards": cards("Rs")})
    refused("3b", replace(s, phase="discard"), {"do": "swap", "give": cards("Rs"), "take": cards("Ys")})
    refused("4", replace(digital, phase="draw", draw_need=1), {"do": "draw", "cards": cards("Rs")})
    refused("G-2", digital, {"do": "adjust", "what": "pile", "count": 3})
    # the phase opens no take (Turns), but the game as set up (Move.offered) is asked first
    assert refused("CC-7", s, {"do": "take", "cell": 0, "side": "colors", "value": 0}).startswith(
        "`take` is Cosmic Colors Jr's move")
    refused("CC-7", jr_state, {"do": "adjust", "what": "pile", "count": 3}, jr_moves.MOVES)
    assert refused("CC-7", jr_state, {"do": "play", "cards": [], "cells": []}, jr_moves.MOVES).startswith(
        "play is not part of Cosmic Colors Jr")
    with pytest.raises(RuleError) as caught:  # the `pass` command names itself
        jr_moves.MOVES.allow(jr_state, jr_moves.PASS, {})
    assert str(caught.value).startswith("pass is not part of Cosmic Colors Jr")


def test_issue9_item3_a_discard_after_a_play_that_empties_the_hand_is_refused_3a():
    with pytest.raises(RuleError) as caught:
        rules.check_follow(built(GRID, TWO), keeps=False)
    assert caught.value.rule == "3a"
    rules.check_follow(built(GRID, TWO), keeps=True)
