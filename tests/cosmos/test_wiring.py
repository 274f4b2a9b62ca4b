"""The wiring of Crafting the Cosmos: the phase table (who acts, what each phase opens,
the prompt, toolbar and refusal texts), the MoveSet assembled from every part, and the
Game object's welcome, result and revealed."""

import pytest

from referee.core import render
from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.games.cosmos import phases
from referee.games.cosmos.game import GAME
from referee.games.cosmos.moves import MOVE_LIST, MOVES
from tests.cosmos.helpers import apply, fresh, new_game, play, table, table_order, with_turn


def test_the_phase_table_opens_every_move_of_the_design_and_each_is_declared():
    assert set(phases.OPENS) == set(MOVES.phases.phases)
    declared = {move.name for move in MOVE_LIST}
    assert {m for opened in phases.OPENS.values() for m in opened} <= declared
    for name, opened in phases.OPENS.items():
        assert MOVES.phases.phases[name].moves == opened


def test_g2_digital_setup_waits_for_the_first_goal_then_the_first_player_shifts():
    state = fresh(("Ann", "Ben", "Cy"), "digital", seed=2)
    assert state.phase == "goal" and GAME.prompt(state) == "goal? "
    assert GAME.toolbar(state)[0] == "setup: name the first goal"
    after = apply(state, {"do": "goal", "name": "proto"})
    assert after.phase == "energy" and after.turn == state.first
    assert GAME.prompt(after) == f"{after.player} shift? " and GAME.default_command(after) == "shift"


def test_ct2_table_setup_runs_tokens_display_goal_then_the_first_player():
    state = fresh(("Ann", "Ben", "Cy"), "table")
    assert GAME.default_command(state) == "tokens"
    state = apply(state, {"do": "tokens", "order": table_order(("Ann", "Ben", "Cy"))})
    assert state.phase == "display" and GAME.default_command(state) == "display"
    state = apply(state, {"do": "display", "cards": ["light", "time", "gravity", "chemistry"]})
    assert state.phase == "goal" and state.deck_left == 60 - 12 - 4
    state = apply(state, {"do": "goal", "name": "proto"})
    assert state.phase == "energy" and state.player == "Cy"


def test_round_another_player_is_refused_with_the_turn_rule():
    state = new_game()
    other = next(p for p in state.players if p != state.player)
    with pytest.raises(RuleError) as refused:
        MOVES.apply(state, {"do": "shift", "steps": [["own", None, 3]], "by": other})
    assert refused.value.rule == "Round" and f"it is {state.player}'s turn" in str(refused.value)


def test_shift_a_craft_move_in_the_energy_phase_is_told_to_shift_first():
    state = new_game()
    with pytest.raises(RuleError) as refused:
        MOVES.apply(state, {"do": "end", "choice": "stabilise"})
    assert refused.value.rule == "Shift" and "shifts energy" in str(refused.value)


def test_controls_a_bare_line_takes_cards_first_then_names_the_nebula():
    state = with_turn(new_game(), "Ann", "collect")
    both = evolve(state, to_take=2, nebula_due=True)
    assert GAME.default_command(both) == "take" and GAME.prompt(both) == "Ann take? "
    assert GAME.toolbar(both)[0] == "Ann: take 2 cards, nebula 1|2|3"
    nebula = evolve(state, to_take=0, nebula_due=True)
    assert GAME.default_command(nebula) == "nebula" and GAME.prompt(nebula) == "Ann nebula? "


@pytest.mark.parametrize("phase", sorted(phases.OPENS))
def test_every_phase_s_prompt_toolbar_and_refusal_fit_a_phone(phase):
    state = evolve(new_game(), phase=phase, to_take=3, nebula_due=True)
    assert len(GAME.prompt(state)) <= 20
    for part in GAME.toolbar(state)[:1]:
        assert len(part) <= 50, part
    waiting, rule = MOVES.phases.waiting(state)
    assert waiting and rule in GAME.rule_table()
    assert max(len(line) for line in render.fit_text(waiting, 48).splitlines()) <= 48


def test_g6_the_over_phase_names_the_winner_and_refuses_moves():
    state = apply(new_game(), {"do": "adjust", "player": "Ben", "what": "points other", "value": 5})
    state = evolve(state, phase="over", turn=None)
    assert GAME.is_over(state)
    assert GAME.toolbar(state)[0] == "game over: Ben won"
    with pytest.raises(RuleError):
        MOVES.apply(state, {"do": "finish"})
    result = GAME.result(state)
    assert result["finished"] and result["winners"] == ["Ben"] and not result["shared"]
    assert {p["name"]: p["score"] for p in result["players"]}["Ben"] == 5


def test_ct7_a_tie_on_points_and_cards_is_shared_in_the_result():
    state = evolve(new_game(("Ann", "Ben")), phase="over", turn=None)
    result = GAME.result(state)
    assert result["winners"] == ["Ann", "Ben"] and result["shared"]


def test_undo_is_warned_of_a_digital_draw_from_the_deck_but_not_of_a_table_take():
    state = new_game(("Ann", "Ben"), "digital", seed=3)
    after = play(state, {"do": "shift", "steps": [["own", None, 3]]})
    assert after.phase == "collect" and after.to_take == 2  # seed 3: Ben's token ends in gravity
    taken = play(after, {"do": "take", "cards": ["deck"] * after.to_take})
    assert GAME.revealed(after, taken) == "a draw from the energy deck"
    assert GAME.revealed(state, state) is None
    table_state = new_game(("Ann", "Ben"), "table")
    assert GAME.revealed(table_state, evolve(table_state, deck_left=table_state.deck_left - 1)) is None


def test_the_welcome_fits_50_columns(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    session, shell, out = table(tmp_path, ("Ann", "Ben", "Cy", "Di"), "digital")
    text = GAME.welcome(shell.context)  # as the launcher does: the context says the width
    assert max(render.visible(line) for line in text.splitlines()) <= 50


def _some_action(rng, state):
    """A plausible action for the phase ``state`` is in (most are legal, some not)."""
    n = len(state.players)
    phase = state.phase
    if phase == "tokens":
        order = list(state.players) + ["dark"] * (4 if n == 2 else 3)
        rng.shuffle(order)
        return {"do": "tokens", "order": order}
    if phase in ("display", "refill"):
        return {"do": "display", "cards": [rng.choice(("light", "time", "gravity", "chemistry"))
                                           for _ in range(4 - len(state.display))]}
    if phase == "goal":
        return {"do": "goal", "name": rng.choice(("proto", "crystals", "carbon", "helium", "oxygen", "nebula1", "phi"))}
    if phase == "energy":
        return {"do": "shift", "steps": rng.choice(([["own", None, 3]], [["own", None, 1], ["dark", "light", 2]],
                                                    [["own", None, 2], ["dark", "time", 1]]))}
    if phase == "collect":
        if state.to_take:
            return {"do": "take", "cards": ["deck"] * state.to_take}
        return {"do": "nebula", "size": rng.choice((1, 2, 3))}
    if phase == "craft":
        return rng.choice(({"do": "end", "choice": "nebula", "size": 1}, {"do": "end", "choice": "stabilise"},
                           {"do": "place"}))
    if phase == "count":
        return {"do": "count", "counts": {p: rng.randrange(3) for p in state.players}}
    if phase == "limit":
        seat = next(s for s, hand in enumerate(state.hands) if len(hand) > 10)
        hand = state.hands[seat]
        return {"do": "discard", "player": state.players[seat],
                "cards": (list(hand.known) + ["light"] * hand.unknown)[: len(hand) - 10]}
    return {"do": "finish"}


@pytest.mark.parametrize("mode", ["digital", "table"])
@pytest.mark.parametrize("players", [("Ann", "Ben"), ("Ann", "Ben", "Cy", "Di")])
def test_every_phase_change_in_play_is_one_the_table_s_next_allows(mode, players):
    """Games played by plausible actions (refusals skipped) move only along ``next``, and
    they reach every phase of a round: the table is the map of the game as it runs."""
    import random

    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = fresh(players, mode, seed)
        for _ in range(300):
            if GAME.is_over(state):
                break
            action = _some_action(rng, state)
            if state.turn is not None:
                action["by"] = state.players[state.turn]
            try:
                after = MOVES.apply(state, action)
            except RuleError:
                continue
            if after.phase != state.phase:
                assert after.phase in MOVES.phases.phases[state.phase].next, (state.phase, action, after.phase)
            seen.add(after.phase)
            state = after
    assert {"energy", "collect", "craft", "goal"} <= seen
