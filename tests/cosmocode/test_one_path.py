"""Cosmo;code's moves on the core's one path (issue 19 item 1): each move declares its
words, reading, gather and reply, core.play runs them once, and the rules that need no
hidden card refuse before anyone is asked anything at the masked prompt."""

import ast
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from referee.core.errors import RuleError
from referee.games.cosmocode import moves
from referee.games.cosmocode.moves import MOVES
from tests.cosmocode.helpers import open_session, say


@pytest.fixture
def table_game(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    return open_session(tmp_path, ("Ann", "Ben", "Cy"), first="Ann")


def _asking(shell):
    asked = []
    shell.ask_secret = lambda player, question: asked.append((player, question)) or "3a"
    return asked


def test_issue19_receive_said_again_with_its_cards_while_a_reveal_is_awaited_is_the_reveal(table_game):
    """The reveal phase opens `receive` only for this: the range chosen, said again with
    the cards that came up, reveals them; any other receive there is refused in the
    phase's own words, before and after the change."""
    session, shell = table_game
    say(shell, "receive long")
    assert say(shell, "receive mid 2a 9b") == \
        "✗ Ann first says which cards came up, not `receive`: `reveal 3a 7b` (CO-2)"
    assert say(shell, "receive long") == "✗ Ann first says which cards came up, not `receive`: `reveal 3a 7b` (CO-2)"
    assert session.state.phase == "reveal"
    text = say(shell, "receive long 4a 6a 5b")
    assert "Ann reveals 4a 6a 5b" in text and session.state.phase == "manipulate"
    assert [a["do"] for a in session.events] == ["receive", "reveal"]
    assert "receive" not in [m.name for m in MOVES.open_now(session.state)]


def test_issue19_a_finished_game_asks_no_one_for_cards_before_refusing_a_deal(table_game):
    """`deal Ben` once the game is over was asked at Ben's masked prompt, then refused:
    the game's end is said first now, and nobody is asked."""
    session, shell = table_game
    asked = _asking(shell)
    say(shell, "finish")
    assert session.over
    assert say(shell, "deal Ben").startswith("✗ the game is over")
    assert asked == []


def test_issue19_only_the_owner_is_asked_for_a_hand_s_cards(table_game):
    """check_first refuses `Ann: deal Ben` before Ben is asked; Ben himself is asked."""
    session, shell = table_game
    asked = _asking(shell)
    assert say(shell, "Ann: deal Ben") == "✗ only Ben names Ben's cards, not Ann (G-2)" and asked == []
    assert say(shell, "Ben: deal Ben").startswith("✓ the referee was told 1 of Ben's cards")
    assert asked == [("Ben", "type your cards (they stay hidden): ")]


@pytest.mark.parametrize("line, refusal", [
    ("flip #5 with x", "✗ #5 is not one of the revealed cards: there are 2, #1 to #2 (CO-2)"),
    ("tune #0 up with 11a", "✗ #0 is not one of the revealed cards: there are 2, #1 to #2 (CO-2)"),
    ("flip 9b with 3", "✗ 4a needs a card of the same number: 3 cannot flip the 9 (4a)"),
    ("indicator with g1 2", "✗ 4b is paid with two blue cards, not green (green cards pay for it only with perk b) (4b)"),
])
def test_issue19_a_payment_the_rules_refuse_on_its_words_asks_nothing(table_game, line, refusal):
    session, shell = table_game
    say(shell, "deal Ann 1a 2a 3a", "receive mid 2a 9b")
    asked = _asking(shell)
    assert say(shell, line) == refusal and asked == []


def test_issue19_replay_judges_a_payment_by_its_journalled_card_not_the_words_typed(table_game):
    """check_first reads the words typed while the hand is still to be asked, and the
    card journalled afterwards: a journal's flip paid with a card of another number is
    refused as it always was, whatever words an action also carries."""
    session, shell = table_game
    say(shell, "receive mid 2a 9b")
    state = replace(session.state, hands=(("B3a", "B9a"), (), ()), unknown=(0, 3, 3))
    with pytest.raises(RuleError, match="3 cannot flip the 9"):
        MOVES.apply(state, {"do": "flip", "target": 1, "pay": "B3a", "typed": ["9"]})
    assert MOVES.apply(state, {"do": "flip", "target": 1, "pay": "B9a"}).hands[0] == ("B3a",)


def _counted(shell, line, names):
    calls = Counter()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_name in names and "cosmocode" in frame.f_code.co_filename:
            calls[frame.f_code.co_name] += 1

    sys.setprofile(profile)
    try:
        shell.execute(line)
    finally:
        sys.setprofile(None)
    return calls


def test_issue19_a_spoken_flip_runs_each_of_its_checks_once(table_game):
    """Words read once, the checks that need no hidden card once, the hand asked once,
    the payment checked once, the effect once (its own payment aside): no pre-check in a
    handler repeated by the session."""
    session, shell = table_game
    say(shell, "receive mid 2a 9b")
    session._states[-1] = replace(session.state, hands=(("B9a",), (), ()), unknown=(0, 3, 3))
    calls = _counted(shell, "Ann: flip 9b with 9", {"read_flip", "check_flip_first", "verify_flip", "revealed_at",
                                                    "gather_flip", "hand_card", "check_flip", "flip"})
    assert session.state.revealed[1].channel == "a"
    assert calls == {"read_flip": 1, "check_flip_first": 1, "verify_flip": 1, "revealed_at": 1, "gather_flip": 1,
                     "hand_card": 1, "check_flip": 1, "flip": 2}  # the effect, and the reply (replies.flip)


def test_issue19_the_package_has_no_import_circle_counting_imports_inside_functions():
    """moves imported rules and rules imported moves inside `apply`: the rules now live in
    topic modules that nothing above them is imported by."""
    package = Path(moves.__file__).parent
    base = "referee.games.cosmocode"
    graph = {}
    for path in package.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == base:
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(base + "."):
                found.add(node.module.split(".")[3])
            elif isinstance(node, ast.Import):
                found |= {a.name.split(".")[3] for a in node.names if a.name.startswith(base + ".")}
        graph[path.stem] = found - {path.stem}

    def reaches(start, goal, seen):
        for following in graph.get(start, ()):
            if following == goal or (following not in seen and reaches(following, goal, seen | {following})):
                return True
        return False

    circles = sorted(name for name in graph if reaches(name, name, {name}))
    assert not circles, f"modules on an import circle: {circles}"


def test_issue19_a_hand_is_a_pieces_hand_told_paid_taken_and_re_named(table_game):
    """One model of a hand (issue 19 item 4): a seat's hand reads as a core.pieces.Hand
    whose known cards, unknown count and told count are what the referee was told, paid
    and saw taken; a deal naming more than is still unnamed re-names cards told before,
    keeping the green ones (taken in sight), as Hand.tell does with the greens first."""
    from referee.core.pieces import Hand

    session, shell = table_game
    assert session.state.hand(0) == Hand((), 3, 0)
    say(shell, "deal Ann 2a 9a")
    assert session.state.hand(0) == Hand(("B2a", "B9a"), 1, 2)
    say(shell, "receive mid 9b 4a")
    say(shell, "Ann: flip 9b with 9a")  # a known card paid: Hand.remove
    assert session.state.hand(0) == Hand(("B2a",), 1, 2)
    say(shell, "take 9a")  # the green 9b taken, read as 9a: Hand.add, sorted
    assert session.state.hand(0) == Hand(("B2a", "G9b"), 1, 2) and session.state.hand_size(0) == 3
    state = session.state
    session._states[-1] = replace(state, hands=(("B2a", "G9b"),) + state.hands[1:], unknown=(0,) + state.unknown[1:])
    session._states[-1] = MOVES.apply(session.state, {"do": "deal", "player": "Ann", "cards": ["B5a"]})
    # one more card named than are unnamed: the green stays, the blue 2a told before is re-named
    assert session.state.hand(0) == Hand(("B5a", "G9b"), 0, 3)
