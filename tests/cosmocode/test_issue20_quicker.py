"""Issue 20 "Quicker than paper" for Cosmo;code: refusals right about themselves (items
14 and 12: each cites the rule that says it, whose turn it is comes before any phase
sentence) and a bare `n` at a prompt answered as the table expects."""

from dataclasses import replace

import pytest

from referee.core.errors import RuleError
from referee.games.cosmocode.moves import MOVES
from tests.cosmocode.helpers import open_session, say, table


@pytest.fixture
def shell(tmp_path, monkeypatch):
    """A table-mode game, Ann to act, wide enough that no refusal is broken."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    return open_session(tmp_path, first="Ann")[1]


def _refusal(state, action):
    with pytest.raises(RuleError) as error:
        MOVES.apply(state, action)
    return error.value


# -- item 14: the take from a mid reveal and the discarded card -----------------------------


def test_issue20_item14_take_two_cards_from_a_mid_reveal_cites_3b(shell):
    say(shell, "receive mid 3a 6a")
    assert say(shell, "take 3a 6a") == "✗ mid range takes one card, not 2: take one of them, `take 3a` or `take 6a` (3b)"
    assert say(shell, "take 6a").startswith("✓ Ann takes green 6a")  # one of them is taken as before


def test_issue20_item14_take_two_cards_from_a_long_reveal_cites_3c(shell):
    say(shell, "receive long 3a 4a 5a")
    assert say(shell, "take 3a 5a") == ("✗ long range takes one card, not 2: take one of them, "
                                        "`take 3a` or `take 4a` or `take 5a` (3c)")


def test_issue20_item14_paying_with_a_card_discarded_at_the_hand_limit_cites_co6():
    state = replace(table(hand_limit=2), hands=(("B3a", "B5b"), ()))
    for action in ({"do": "receive", "range": "short", "cards": ["B6a", "B7b"]}, {"do": "take", "cards": [0]},
                   {"do": "discard", "cards": ["B3a"]},
                   {"do": "receive", "range": "short", "cards": ["B1b", "B2b"]}, {"do": "pass"},
                   {"do": "receive", "range": "short", "cards": ["B3b", "B8a"]}):
        state = MOVES.apply(state, action)
    assert state.player == "Ann" and state.discarded(0) == ("B3a",)
    error = _refusal(state, {"do": "flip", "target": 0, "pay": "B3a"})
    assert error.rule == "CO-6"
    assert str(error) == ("Ann holds no blue 3a: it was discarded at the hand limit, and a discarded card "
                          "cannot pay for a manipulation (CO-6)")
    # a card never held is refused as before, by the manipulation it was to pay for
    assert "Ann holds no blue 5a" in str(_refusal(state, {"do": "indicator", "pay": ["B5b", "B5a"]}))
