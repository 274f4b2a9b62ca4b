"""Issue 19 (One house), ConneXion's part: what the table is told is data the shell fits
once (item 2), and whose turn it is comes from the phase table alone (item 4)."""

import json
import os
import re
from types import SimpleNamespace

import click
import pytest

from referee.core import render
from referee.core.reply import Reply
from referee.games.connexion import replies, view
from tests.connexion.test_rules import claim, new, place, play
from tests.tables import open_table, run_script, typed

PACKAGE = os.path.join(os.path.dirname(__file__), "..", "..", "referee", "games", "connexion")
EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("LINES", raising=False)
    return open_table("connexion", tmp_path, seed=None, timer=0)


def _source(name):
    with open(os.path.join(PACKAGE, name), encoding="utf-8") as handle:
        return handle.read()


# -- item 2: replies are data ---------------------------------------------------------------------


def test_issue19_item2_replies_and_questions_leave_marks_and_fitting_to_the_shell():
    for name in ("replies.py", "commands.py"):
        code = _source(name)
        for call in ("render.ok(", "render.Private(", "render.Long(", "fit_text(", "fit_lines(", "fit_words(",
                     "view.fit(", "fit_to_terminal(", "terminal_width(", "fit_replies("):
            assert call not in code, (name, call)


def test_issue19_item2_no_connexion_module_asks_the_terminal_its_width():
    for name in os.listdir(PACKAGE):
        if name.endswith(".py"):
            assert "terminal_width()" not in _source(name), name


def test_issue19_item2_a_placement_is_an_accepted_moves_reply_with_the_board(table):
    session, shell, out = table
    reply = shell.commands.exact("place").handler(shell.context, "mu")
    assert isinstance(reply, Reply) and reply.tone == "ok" and reply.pictures == ("board",)
    assert reply.public[0] == "Mu Μμ at position 1: Ann's turn"
    assert reply.public[-1] == view.status(session.state)
    assert not any("\n" in line for line in reply.public)  # one entry a screen line, as --json has them
    assert reply.text().startswith("✓ Mu Μμ")


def test_issue19_item2_a_claims_tick_is_on_its_verdict_under_the_board(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta")
    reply = shell.commands.exact("word").handler(shell.context, "me")
    assert isinstance(reply, Reply) and reply.tone is None and reply.pictures == ("board",)
    lines = [click.unstyle(line) for line in reply.public]
    assert "✓" not in lines[0] and " 1 Μμ" in "\n".join(lines)  # the board first, untouched
    spelled = lines.index("ME = m(1) e(2)")
    assert lines[spelled + 1].startswith("✓ Ben: ME accepted")
    assert lines[spelled + 2].startswith("Waiting for the celestial card Ben drew for ME")  # a table draw


def test_issue19_item2_a_short_word_from_an_empty_pile_cites_cx9_as_its_rule():
    at_50 = SimpleNamespace(width=50)  # what the shell hands a move's reply: a screen's width
    deck = [["Mars", 9, False]]
    board = play(new(deck=deck), *place("mu", "eta", "alpha"))
    action = dict(claim("me", (1, "m"), (2, "e")), by="Ann")
    drawing = replies.claimed(at_50, board, play(board, action), action)
    assert drawing.rule is None  # the pile still had Mars: a card to name, no rule cited
    before = play(board, action, {"do": "card", "card": "Mars"})
    action = dict(claim("ma", (1, "m"), (3, "a")), by="Ann")
    reply = replies.claimed(at_50, before, play(before, action), action)
    assert click.unstyle(reply.public[-1]).endswith("the word is under 4 letters: no card (CX-9)")
    assert reply.rule == "CX-9"


def test_issue19_item2_the_board_leaves_room_for_the_lines_the_shell_will_fit(table, monkeypatch):
    """The reply's lines are unfitted; the board counts them as the shell will fit them at
    the context's width, so on a 20-row phone the verdict stays on the screen."""
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "place phi", "place alpha", "place omicron", "place rho")
    monkeypatch.setenv("LINES", "20")
    monkeypatch.setenv("COLUMNS", "50")
    shown = typed(shell, out, "word metaphor")
    reply = shell.told[-1]
    assert max(len(line) for line in reply["public"]) > 50  # as the rules said it, unfitted
    assert "the path's rows" in shown and "Ben: METAPHOR accepted" in shown
    assert len(shown.splitlines()) <= 20 - 2 and max(render.visible(line) for line in shown.splitlines()) <= 50


def test_issue19_item2_the_hand_is_a_private_reply_the_json_never_holds(tmp_path):
    script = tmp_path / "hand.txt"
    script.write_text("hand Ann\nplace alpha\n")
    played = run_script(["connexion", "--players", "Ann,Ben", "--mode", "digital", "--seed", "3", "--script",
                         str(script), "--json"], tmp_path)
    told = json.loads(played.stdout.strip().splitlines()[-1])["replies"]
    assert told[0] == {"public": [], "private_for": "Ann"}
    assert "holds" not in json.dumps(told)


def test_issue19_item2_the_json_says_what_was_accepted_and_what_showed_the_board(tmp_path):
    played = run_script(["connexion", "--players", "Ann,Ben,Cy", "--script",
                         os.path.join(EXAMPLES, "connexion-table.txt"), "--json"], tmp_path, columns=50)
    told = json.loads(played.stdout.strip().splitlines()[-1])["replies"]
    drawn = [r for r in told if r["public"] and r["public"][0].startswith("Ben takes Virgo (44) for ROLE")]
    assert drawn and drawn[0]["tone"] == "ok"  # the tick is the tone, not a character of the line
    claims = [r for r in told if any(re.match(r"[A-Z]+ = [a-z]", line) for line in r["public"])]
    assert claims and all(r.get("pictures") == ["board"] and "tone" not in r for r in claims)
    # unfitted: a line longer than the 50 columns the game was played at is one entry
    assert any(len(line) > 50 for r in told for line in r["public"])
    assert not any("\n" in line for r in told for line in r["public"])


# -- item 4: whose turn comes from the phase table ------------------------------------------------


def _pilfer_waits():
    """Ann's four-letter word meets an empty pile: the pilfer is hers (CX-9)."""
    from tests.connexion.test_rules import _empty_pile_state

    return play(_empty_pile_state(), claim("meme", (1, "m"), (2, "e"), (1, "m"), (2, "e")))


def test_issue19_item4_no_phase_leaves_the_turn_to_each_move():
    assert "EVERY" not in _source("phases.py")
    from referee.core.phases import EVERY
    from referee.games.connexion.phases import PHASES

    assert not any(phase.acts == EVERY for phase in PHASES.phases.values())


def test_issue19_item4_the_placer_and_the_pilferer_are_the_phase_tables_not_the_rules():
    from referee.core.errors import RuleError
    from referee.games.connexion import celestial, placing
    from referee.games.connexion.moves import MOVES

    state = play(new(), *place("mu"))  # Ben places position 2
    wrong = MOVES.moves["place"].read({"do": "place", "letter": "eta", "position": 2, "by": "Ann", "at": 0})
    placing.check_place(state, wrong)  # the rule no longer asks whose turn it is
    with pytest.raises(RuleError, match=r"^it is Ben's turn, not Ann's \(CX-7\)$"):  # a save replayed: same words
        MOVES.apply(state, dict(wrong))
    state = _pilfer_waits()
    wrong = MOVES.moves["pilfer"].read({"do": "pilfer", "skip": True, "by": "Ben", "at": 0})
    celestial.check_pilfer(state, wrong)
    with pytest.raises(RuleError, match=r"^it is Ann's turn, not Ben's \(CX-9\)$"):
        MOVES.apply(state, dict(wrong))
    assert MOVES.phases.check_turn(state, MOVES.moves["contest"], "Ben") is None  # anyone contests (G-4)


def test_issue19_item4_a_claims_turn_keeps_its_own_rule_and_the_placers_its_own(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta")  # Ben claims; Ann places position 3
    assert typed(shell, out, "Ann: word me") == "✗ it is Ben's turn, not Ann's (CX-5)"
    assert typed(shell, out, "Ben: place phi") == "✗ it is Ann's turn, not Ben's (CX-7)"
    assert typed(shell, out, "Ben: place zzz") == "✗ it is Ann's turn, not Ben's (CX-7)"  # before its words are read
    assert len(session.events) == 2


def test_issue19_item4_moves_says_whose_turn_it_is_when_anyone_may_claim_meanwhile(table):
    """`place` is the placer's alone (Move.acts), claims and contests anyone's: `moves`
    says whose turn it is and that each player may act, as it did before EVERY went."""
    session, shell, out = table
    typed(shell, out, "place mu", "place eta")
    text = typed(shell, out, "moves")
    # issue 20 (a newcomer's reading): Ben claims now, as the status line says; Ann places next
    assert text.startswith("Ben's turn, Ann next; each player may now:") and "place LETTER" in text
    assert "contest" in text
