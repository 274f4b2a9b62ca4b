"""Cosmo;code's phase table (issue 9 item 2): who acts, the prompt, the bare answer, the
toolbar's first part and the waiting sentence come from moves.PHASES, and every step a
game takes goes to a phase its table says may follow."""

import pytest

from referee.core.errors import RuleError
from referee.games.cosmocode import dealing
from referee.games.cosmocode.moves import MOVES, PHASES
from tests.cosmocode.helpers import GAME, attempt, header, play_greedily, table


def _steps(states):
    states = list(states)
    return {(a.phase, b.phase) for a, b in zip(states, states[1:])}


@pytest.mark.parametrize("seed", range(12))
def test_issue9_item2_every_phase_change_is_declared_in_the_table(seed):
    options = {"hand_limit": 3} if seed % 2 else {}
    for before, after in _steps(play_greedily(seed, turns=200, **options)):
        assert before == after or after in PHASES.phases[before].next, (before, after)


def test_issue9_item2_table_mode_phases_and_finish_are_declared():
    state = dealing.initial(header())
    assert state.phase == "start" and "over" in PHASES.phases["start"].next
    ended = MOVES.apply(state, {"do": "finish"})
    assert ended.phase == "over" and GAME.is_over(ended)
    state = MOVES.apply(state, {"do": "start", "player": "Ann"})
    reveal = MOVES.apply(state, {"do": "receive", "range": "short"})
    assert reveal.phase == "reveal" and "reveal" in PHASES.phases["receive"].next


@pytest.mark.parametrize("state, prompt, default, status", [
    (dealing.initial(header()), "who starts? ", "start", "start PLAYER"),  # CO-1: the toolbar says what is awaited (was the indicator alone)
    (table(), "Ann range? ", "receive", "Ann: receive"),
    (MOVES.apply(table(), {"do": "receive", "range": "long"}), "Ann reveal? ", "reveal", "Ann: reveal long"),
    (attempt("mid", ["G2a", "G9b"]), "Ann (mid)> ", None, "Ann: manipulate mid"),
])
def test_issue9_item2_prompt_bare_answer_and_toolbar_come_from_the_phase(state, prompt, default, status):
    assert GAME.prompt(state) == prompt and GAME.default_command(state) == default
    first = GAME.toolbar(state)[0]
    assert first == status if status else first.startswith("indicator")  # no phase part: the game's own first


def test_issue9_item2_the_over_phase_refuses_every_move_with_its_rule():
    won = next(s for s in play_greedily(3, turns=400) if s.phase == "over")
    actions = [{"do": "start", "player": "Ann"}, {"do": "deal", "player": "Ann", "cards": ["B1a"]},
               {"do": "receive", "range": "short"}, {"do": "reveal", "cards": ["B1a", "B2a"]},
               {"do": "flip", "target": 0, "pay": "B1a"}, {"do": "indicator", "pay": ["B1a", "B2a"]},
               {"do": "tune", "target": 0, "step": 1, "pay": "G1a"}, {"do": "take", "cards": [0]}, {"do": "pass"},
               {"do": "discard", "cards": ["B1a"]}, {"do": "perk", "perk": "a"}, {"do": "finish"}]
    assert {a["do"] for a in actions} == set(MOVES.moves)
    for action in actions:
        with pytest.raises(RuleError) as error:
            MOVES.verify(won, action)
        assert error.value.rule in ("End", "CO-4") and "the game is over" in str(error.value)
    assert MOVES.open_now(won) == [] and GAME.prompt(won) == "over> "


def test_issue9_item3_state_replace_is_dataclasses_replace_without_init():
    from dataclasses import replace as slow

    from referee.core.states import evolve as replace  # what the rules call, by its name

    state = attempt("mid", ["G2a", "G9b"])
    assert replace(state, turn=1, tuned=True) == slow(state, turn=1, tuned=True)
    assert replace(state, turn=1) is not state and state.turn == 0
    with pytest.raises(TypeError):
        replace(state, trun=1)


def test_moves_lists_take_or_pass_as_the_revealed_cards_allow_and_no_flip_after_4c(tmp_path, monkeypatch):
    """`moves` lists what would be accepted: `take` when something is takeable (pass is
    then refused, 3a), `nothing` when nothing is (take is then refused), and no 4a/4b once
    4c has closed them; all from what the table sees."""
    import dataclasses

    from tests.cosmocode.helpers import open_session, say

    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    say(shell, "receive short 5a 2b")
    listed = say(shell, "moves")
    assert "take [CARD]" in listed and "\nnothing" not in listed and "flip" in listed
    say(shell, "undo yes", "receive mid 5a 2b")
    listed = say(shell, "moves")
    assert "take [CARD]" not in listed and "\nnothing" in listed
    session._states[-1] = dataclasses.replace(session.state, tuned=True)  # as after a 4c
    listed = say(shell, "moves")
    assert "flip" not in listed and "indicator" not in listed and "tune" in listed


def test_moves_lists_deal_only_while_a_hand_has_unnamed_cards(tmp_path, monkeypatch):
    """Once the referee knows every card of every hand, `deal` is refused (G-1): `moves`
    stopped listing it then (it was offered to 'Ann may now' at every prompt)."""
    from tests.cosmocode.helpers import open_session, say

    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    assert "deal PLAYER" in say(shell, "moves")
    say(shell, "deal Ann 1a 2a 3a")
    assert "deal PLAYER" in say(shell, "moves")  # Ben's are still unnamed
    say(shell, "deal Ben 1b 2b 3b")
    assert "deal PLAYER" not in say(shell, "moves")
    assert "✗" in say(shell, "deal Ben 4b")  # what moves left out is refused

