"""Issue 19 "One house" for Cosmo;code: replies are data the shell fits once (item 1),
whose turn it is comes from the phase table (item 2), and the package's own shape: rule
modules by topic with no `rules` facade, pictures drawn at the width the caller says,
every hand through core.pieces.Hand (the extras)."""

import re
from pathlib import Path

import pytest

from referee.core import render
from referee.core.reply import Reply
from referee.games.cosmocode import view
from tests.cosmocode.helpers import GAME, open_session, say

PACKAGE = Path(view.__file__).parent


@pytest.fixture
def phone(tmp_path, monkeypatch):
    """A table-mode game, Ann to act, on a phone's 50 columns."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "50")
    return open_session(tmp_path, first="Ann")


def test_issue19_item1_a_move_s_reply_is_its_line_unbroken_then_the_board_it_names(phone):
    session, shell = phone
    printed = say(shell, "deal Ann 2a 5b 9a")
    line = "the referee was told 3 of Ann's cards (3 told so far; Ann holds 3)"
    assert shell.told[-1] == {"public": [line], "tone": "ok"}  # as data: one line, wider than the phone
    assert printed == render.fit_lines(render.ok(line), 50)  # on the screen: broken once, at 50 columns
    say(shell, "receive short 3a 7b")
    assert shell.told[-1] == {"public": ["Ann reveals 3a 7b", view.picture(session.state, 50)], "tone": "ok",
                              "pictures": ["board"]}


def test_issue19_item1_the_table_ending_the_game_cites_g6_in_the_reply_s_data(phone):
    _session, shell = phone
    say(shell, "receive short 3a 7b", "finish")
    assert shell.told[-1]["rule"] == "G-6" and shell.told[-1]["public"][0].endswith("(G-6)")
    say(shell, "take")  # the turn ends, and the game with it: the take's own reply cites no rule
    told = shell.told[-1]
    assert told["public"][0] == "Ann takes blue 3a" and "rule" not in told and told["pictures"] == ["board"]
    assert "Ann and Ben share the win with 0 red cards each" in " ".join(told["public"][1].split())


def test_issue19_item1_a_hand_is_a_private_reply_left_for_the_shell_to_fit(phone):
    session, shell = phone
    say(shell, "deal Ann 2a 5b 9a")
    reply = GAME.commands.exact("hand").handler(shell.context, "Ann")
    assert isinstance(reply, Reply) and reply.public == () and reply.owner == "Ann"
    assert reply.private == view.hand_text(session.state, 0) and "\n" not in reply.private


def test_issue19_item1_a_refusal_is_broken_once_at_the_screen_s_width(phone):
    """The rules' words after the shell's "✗ ", broken at 50 columns, every line of them:
    no wrapper broke them before at 48 (the whole line now uses the phone's width)."""
    _session, shell = phone
    printed = say(shell, "receive long 3b 4b 2b", "take").split("\n")
    refusal = printed[printed.index(next(line for line in printed if line.startswith("✗"))):]
    words = ("one card is taken only when all three are on the indicated channel and form a run; "
             "3b, 4b, 2b are not on channel alpha (3c)")
    assert refusal == render.fit_lines(render.refusal(words), 50).split("\n")
    assert refusal[1] == "  indicated channel and form a run; 3b, 4b, 2b are"  # 50 columns, not 48


@pytest.mark.parametrize("module", ["replies.py", "commands.py"])
def test_issue19_item1_replies_and_questions_return_data_and_fit_nothing(module):
    text = (PACKAGE / module).read_text(encoding="utf-8")
    called = re.findall(r"render\.(?:ok|Private|Long)\(|\b(?:fit_text|fit_lines|fit_words|fit_to_terminal|"
                        r"terminal_width)\(|view\.fit\(|fit_replies", text)
    assert not called, f"{module}: {called}"


def test_issue19_item2_whose_turn_comes_from_the_phase_table_alone():
    """No phase lets every seat act and leaves the move to say which (EVERY): the table
    names the start player and ends the game (ANYONE), the player to act does the rest."""
    from referee.core.phases import ANYONE, EVERY, SEAT
    from referee.games.cosmocode.moves import MOVES
    from referee.games.cosmocode.phases import PHASES

    acts = {name: phase.acts for name, phase in PHASES.phases.items()}
    assert EVERY not in acts.values()
    assert acts == {"start": ANYONE, "receive": SEAT, "reveal": SEAT, "manipulate": SEAT, "discard": SEAT,
                    "perk": SEAT, "over": ANYONE}
    assert all(getattr(move, "acts", None) is None for move in MOVES.moves.values())


def test_issue19_item2_another_seat_s_move_is_refused_in_the_core_s_words_and_a_deal_in_its_own(phone):
    session, shell = phone
    assert say(shell, "Ben: receive short 3a 7b") == "✗ it is Ann's turn, not Ben's (CO-2)"
    # a deal is the table's at any time, but only its owner names a hand's cards: the game's own words
    assert say(shell, "Ben: deal Ann 2a") == "✗ only Ann names Ann's cards, not Ben (G-2)"
    assert session.state.phase == "receive" and session.state.told_so_far(0) == 0


def test_issue19_extra_the_rules_live_by_topic_with_no_facade_module():
    """No `rules` module re-exporting the topic modules' names, and no module-level
    `apply` beside MOVES.apply: bench and tests import each name from where it lives."""
    assert not (PACKAGE / "rules.py").exists()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^apply\s*=", text, re.M), path.name
        assert "noqa: F401" not in text, f"{path.name} re-exports names"
    bench = (PACKAGE.parents[2] / "bench" / "cosmocode_bench.py").read_text(encoding="utf-8")
    assert "cosmocode import rules" not in bench and "rules." not in bench


def test_issue19_extra_the_questions_refusals_are_the_rules_topic_module_questions():
    from referee.core.errors import RuleError
    from referee.games.cosmocode import questions
    from tests.cosmocode.helpers import table

    state = table()
    with pytest.raises(RuleError, match=r"a hint needs revealed cards: `receive short\|mid\|long` first") as error:
        questions.check_hint(state, "Ann")
    assert error.value.rule == "CO-2"
    with pytest.raises(RuleError, match="a hand is shown only to its owner: Ann asks for it, not Ben") as error:
        questions.check_hand(state, "Ann", "Ben")
    assert error.value.rule == "G-2"
    questions.check_hand(state, "Ann", None)  # the shared keyboard: no speaker named, the owner looks


def test_issue19_extra_the_pictures_take_the_width_the_caller_says_never_the_terminal_s(tmp_path, monkeypatch):
    """`watch` hands a Sight of its own width: the welcome, the board and the summary use
    it whatever the terminal is (no module of the package asks the terminal)."""
    from referee.core.context import Sight

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")
    session, shell = open_session(tmp_path, ("Bartholomew", "Christabella"), mode="digital", seed=5)
    seen = Sight(session, 40)
    for text in (GAME.welcome(seen), GAME.show(seen)):
        assert max(render.visible(line) for line in text.split("\n")) <= 40
    assert GAME.show(seen) == view.picture(session.state, 40) != view.picture(session.state, 120)
    say(shell, "finish")  # between turns: over at once, its summary says why in a sentence the width breaks
    assert GAME.summary(Sight(session, 40)) == view.final(session.state, 40) != view.final(session.state, 120)
    assert not [path.name for path in PACKAGE.glob("*.py") if "terminal_width" in path.read_text(encoding="utf-8")]


def test_issue19_extra_every_hand_is_read_through_state_hand_never_from_its_fields():
    """A hand's three per-seat fields (known cards, unknown and told counts) are read and
    written in state.py alone (State.hand, hand_fields): every rule sees a core.pieces.Hand."""
    raw = re.compile(r"\.(?:hands|unknown|told)\[|\.get\(\"(?:hands|unknown|told)\"")
    found = [f"{path.name}:{number}" for path in sorted(PACKAGE.glob("*.py")) if path.name != "state.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1) if raw.search(line)]
    assert not found, found


def test_issue19_extra_the_hand_limit_after_a_take_counts_the_hand_taken_into():
    from referee.games.cosmocode.moves import MOVES
    from tests.cosmocode.helpers import attempt

    full = ("B1a", "B2a", "B3a", "B4a", "B5b", "G1a", "G2a")  # seven: the short range's two make nine
    state = MOVES.apply(attempt("short", ["B7a", "B8a"], hand=full), {"do": "take", "cards": [0, 1]})
    assert state.phase == "discard" and state.hand_size(0) == 9
    state = MOVES.apply(attempt("short", ["B7a", "B8b"], hand=full), {"do": "take", "cards": [0]})
    assert state.phase == "receive" and state.player == "Ben" and state.hand_size(0) == 8
