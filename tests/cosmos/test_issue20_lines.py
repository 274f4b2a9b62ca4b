"""Issue 20 item 1, what was left after `move H H He`: fewer lines a turn. What is loose is
placed by the next craft move (no bare `place` line), `take time nebula 3` is one answer,
a digital draw needs no Enter to go on, a wrong advanced life value typed unseen is asked
again; and the examples, replayed with these shortcuts, average 5 lines a player-turn or
fewer (bench/cosmos_lines.py counts them)."""

import os
import sys

import pytest

from referee.core.session import Session
from tests.cosmos.helpers import table
from tests.tables import typed

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


@pytest.fixture(autouse=True)
def _plain(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")


def _craft(tmp_path, mode="digital"):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode=mode, seed=7)
    if mode == "table":
        typed(shell, out, "tokens Ben dark Ann dark dark dark", "display light time gravity light")
    typed(shell, out, "goal proto", "shift 3", "take")
    return session, shell, out


def test_issue20_item1_the_next_craft_move_places_what_is_loose_in_the_same_action(tmp_path):
    session, shell, out = _craft(tmp_path)
    board = session.state.boards[0]
    assert board.loose_stars == (3, 0, 0, 0) and board.loose_proto == 1  # Ann gained 3 H and a proto life
    count = len(session.events)
    said = typed(shell, out, "move H")
    board = session.state.boards[0]
    assert board.loose_stars == (0, 0, 0, 0) and board.loose_proto == 0 and board.stars[0] == 4
    assert len(session.events) == count + 1  # one action: one undo takes the placing back too
    assert session.events[-1]["placed"] == ["H", "H", "H", "proto"]
    assert "✓ Ann moves an H star" in said and "(placed first: 3 H, 1 proto life)" in said
    log = typed(shell, out, "log")
    assert "places 3 H, 1 proto life, then moves an H star (1 graviton)" in log
    resumed = Session.resume(session.game, session.journal.path)
    assert resumed.state == session.state
    typed(shell, out, "undo")
    assert session.state.boards[0].loose_stars == (3, 0, 0, 0)


def test_issue20_item1_end_places_first_and_asks_only_about_what_would_be_lost(tmp_path):
    session, shell, out = _craft(tmp_path)
    asked = []
    shell.confirm = lambda question: asked.append(question) or True
    said = typed(shell, out, "end nebula 1")
    assert asked == ["Ann still has 1 graviton: it is lost. End the turn?"]
    assert "(placed first: 3 H, 1 proto life)" in said and "lost: 1 graviton" in said
    assert session.state.boards[0].stars[0] == 4 and session.state.boards[0].proto == 2


def test_issue20_item1_a_place_typed_by_hand_leaves_the_rest_of_the_turn_to_the_player(tmp_path):
    session, shell, out = _craft(tmp_path)
    typed(shell, out, "place 2 H")
    said = typed(shell, out, "move H")
    assert "placed first" not in said and session.state.boards[0].loose_stars == (1, 0, 0, 0)
    said = typed(shell, out, "end nebula 1")  # a script cannot answer: not ended, nothing lost
    assert "✗" in said and "still has 1 H, 1 proto life" in said and session.state.phase == "craft"


def test_issue20_item1_a_refused_move_places_nothing(tmp_path):
    session, shell, out = _craft(tmp_path)
    before = session.state
    said = typed(shell, out, "supernova He")  # no He star on the board: refused whole
    assert "✗" in said and session.state == before


def test_issue20_item1_take_cards_and_the_nebula_in_one_answer(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="digital", seed=7)
    typed(shell, out, "goal proto", "shift 3", "take", "end nebula 1 !", "shift 3")
    assert session.state.to_take == 2 and session.state.nebula_due
    said = typed(shell, out, "take gravity deck nebula 3")
    assert "✗" not in said and session.state.phase == "craft"
    assert "Ben takes gravity from the display and 1 from the deck" in said
    assert "Ben takes a size 3 nebula tile" in said
    assert session.state.boards[1].loose_nebulae == (0, 0, 1)
    assert [e["do"] for e in session.events[-2:]] == ["take", "nebula"]


def test_issue20_item1_take_nebula_alone_and_at_the_bare_prompt(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="digital", seed=7)
    typed(shell, out, "goal proto", "shift 3", "take", "end nebula 1 !", "shift 3")
    said = typed(shell, out, "n2")  # the bare answer at `Ben take?`: all from the deck, then the tile
    assert "✗" not in said and "2 from the deck" in said and "size 2 nebula tile" in said
    assert session.state.phase == "craft"


def test_issue20_item1_the_shift_line_may_carry_what_is_collected(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="digital", seed=7)
    typed(shell, out, "goal proto", "shift 3 take", "end nebula 1 !")
    assert [e["do"] for e in session.events[1:]] == ["shift", "take", "end"]
    said = typed(shell, out, "shift 3 take gravity deck nebula 2")
    assert "✓ Ben shifts own 3: own token in chemistry" in said and "Ben takes a size 2 nebula tile" in said
    assert "gravity from the display and 1 from the deck" in said and session.state.phase == "craft"
    before = session.state
    typed(shell, out, "end nebula 1 !", "goal helium")
    before = session.state
    count = len(session.events)
    said = typed(shell, out, "shift 3 take deck deck deck deck deck")  # more than the shift gives: nothing done
    assert "✗ 'take deck deck deck deck deck': Ann takes 1 energy card, not 5 (CT-3)" in said
    assert session.state == before and len(session.events) == count
    said = typed(shell, out, "shift 9 take")  # the shift's own refusal, as without `take`
    assert "✗ 'shift 9' moves 9 spaces; a shift moves 3 in all (CT-3)" in said and session.state == before


def test_issue20_item1_a_nebula_named_when_none_is_due_says_so(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="digital", seed=7)
    typed(shell, out, "goal proto")
    before = session.state
    said = typed(shell, out, "shift 3 take deck nebula 2")  # Ann's token ends in light: no nebula tile
    assert "✗ no nebula tile is due" in said and session.state == before


def test_issue20_item1_a_digital_draw_goes_on_to_the_craft_prompt_without_a_question(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="digital", seed=7)
    asked = []
    shell.confirm = lambda question: asked.append(question) or True
    shell.show_private = lambda owner, text: asked.append(owner)
    shell.ask_secret = lambda owner, question: asked.append(question)
    said = typed(shell, out, "goal proto", "shift 3", "take")
    assert not asked and session.state.phase == "craft"
    assert "Ann drew 3 cards (`hand Ann` shows them)" in said
    assert "light" not in said.split("Ann drew 3 cards")[1]  # not one card said on the shared screen (G-2)


def _life_ready(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="table", seed=7)
    for line in ["tokens Ben dark Ann dark dark dark", "display light time gravity light", "goal proto", "shift 3",
                 "take deck deck", "adjust Ann proto 6", "adjust Ann He 2", "complete 2 5"]:
        typed(shell, out, line)
    return session, shell, out


def test_issue20_item1_a_wrong_advanced_value_is_asked_again_not_dropped(tmp_path):
    session, shell, out = _life_ready(tmp_path)
    answers, questions = ["5", "x", "7"], []  # group 1 has no 5; then not a number; then a value it has
    shell.ask_secret = lambda owner, question: questions.append((owner, question)) or answers.pop(0)
    said = typed(shell, out, "advanced 2 6")
    assert "✓ Ann creates advanced life on a size 2 nebula" in said and session.state.boards[0].advanced == (7,)
    assert [q for _, q in questions] == [
        "your advanced life token's value (hidden): ",
        "that is not possible for the token drawn now (group 1: 8 8 8 8 7 7 7 6); your advanced life token's "
        "value (hidden): ",
        "that is not a number; your advanced life token's value (hidden): "]
    assert "5" not in said and "x" not in said.split("advanced 2 6")[-1]


def test_issue20_item1_three_wrong_values_end_as_before(tmp_path):
    session, shell, out = _life_ready(tmp_path)
    before = session.state
    shell.ask_secret = lambda owner, question: "5"
    said = typed(shell, out, "advanced 2 6")
    assert "✗" in said and "not possible" in said and session.state == before


def test_issue20_item1_the_examples_with_the_shortcuts_average_5_lines_a_player_turn_or_fewer(tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    try:
        import cosmos_lines
    finally:
        sys.path.pop(0)
    figures = cosmos_lines.measure(str(tmp_path), names=["cosmos-4p.txt", "cosmos-2p.txt"])
    assert figures["cosmos-4p.txt"][0] > 7  # as written: a bare `place`, `take` and `nebula` lines, a move each
    for name, (before, after, same) in figures.items():
        assert same, f"{name}: the shortcut script does not end as the example does"
        assert after < before, name
    assert figures["cosmos-4p.txt"][1] <= 5
