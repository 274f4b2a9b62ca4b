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


# -- item 12: every refusal cites the rule that says it, whose turn it is first ---------------


def test_issue20_item14_a_card_named_at_short_range_is_refused_by_3a(shell):
    say(shell, "receive short 3a 6b")  # the indicator on a: only 3a is on the channel
    assert say(shell, "take 6b") == "✗ every card on the indicated channel is taken: 3a; `take` alone takes them (3a)"
    assert say(shell, "take 3a").startswith("✓ Ann takes ")  # naming exactly what short range takes is fine


def test_issue20_gap_moves_summaries_do_not_repeat_the_step_number(shell):
    listed = say(shell, "moves")
    say(shell, "receive mid 3a 6a")
    listed = say(shell, "moves")
    assert "one blue card flips a revealed card's channel (4a)" in " ".join(listed.split())
    assert "4a:" not in listed and "4b:" not in listed and "4c:" not in listed


@pytest.mark.parametrize("line", ["Ben: receive short", "Ben: perk a", "Ben: discard 3", "Ben: reveal 1a 2a"])
def test_issue20_item12_a_wrong_speaker_hears_whose_turn_it_is_before_any_phase_sentence(shell, line):
    say(shell, "receive mid 3a 6a")  # Ann manipulates: none of these is open now, and none is Ben's
    assert say(shell, line) == "✗ it is Ann's turn, not Ben's (CO-2)"
    assert say(shell, line.replace("Ben: ", "Ann: ")).startswith("✗ Ann has revealed cards, not `")  # the phase's


@pytest.mark.parametrize("lines, refusal", [
    (["receive mid 3a 6a", "receive short"],  # the order of a turn: reveal, manipulate, take
     "✗ Ann has revealed cards, not `receive`: manipulate them, then `take` (or `pass` if nothing can be taken) "
     "(CO-2)"),
    (["receive short 3a 6b", "tune #1 up with g4"], "✗ Ann holds no green 4 (4c)"),  # the manipulation paid for
])
def test_issue20_item12_phase_and_payment_refusals_cite_the_ruling_or_the_manipulation(tmp_path, monkeypatch,
                                                                                        lines, refusal):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    _session, shell = open_session(tmp_path, first="Ann")
    say(shell, "deal Ann g1a", *lines[:-1])  # Ann holds one green card the table saw: nothing else to pay with
    assert say(shell, lines[-1]) == refusal


def test_issue20_item12_no_refusal_made_in_play_cites_a_bare_step_number(tmp_path):
    """The examples and a few hundred random lines per mode (as tests/test_rule_citations.py
    plays them): no refusal cites `(1)` ... `(6)`, which read as counts, not rules; each
    cites a ruling (CO-n) or the lettered step that says it (3b, 4a)."""
    from tests.test_rule_citations import _played

    made = _played("cosmocode", tmp_path).made
    bare = sorted({(error.rule, str(error).replace("\n", " ")[:80]) for error, _origin in made
                   if str(error.rule or "").isdigit()})
    assert not bare, bare
    assert {"CO-2", "CO-6"} <= {error.rule for error, _origin in made}  # the recorder saw the phase refusals


@pytest.mark.parametrize("action, rule", [
    ({"do": "flip", "target": 1, "pay": "B6b"}, "4a"),
    ({"do": "indicator", "pay": ["B1a", "B2a"]}, "4b"),
    ({"do": "tune", "target": 0, "step": 1, "pay": "G4a"}, "4c"),
])
def test_issue20_item12_a_card_not_held_is_refused_by_the_manipulation_it_was_to_pay_for(action, rule):
    """Not by rule 4, the whole step: by 4a, 4b or 4c, whose words say what pays."""
    state = replace(table(), hands=(("G1a",), ()))
    state = MOVES.apply(state, {"do": "receive", "range": "short", "cards": ["B3a", "B6b"]})
    error = _refusal(state, action)
    assert error.rule == rule and str(error).startswith("Ann holds no ")
