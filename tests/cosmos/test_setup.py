"""The setup of Crafting the Cosmos (CT-2, rulebook Setup): what a new game holds by the
number of players, in digital mode (the referee deals and draws) and in table mode (the
table says what it laid), and the `tokens` move's refusals."""

from collections import Counter

import pytest

from referee.core.errors import InputError, RuleError
from referee.core.pieces import Hand
from referee.core.states import evolve
from referee.games.cosmos import setup
from referee.games.cosmos.game import GAME
from referee.games.cosmos.moves import MOVES
from referee.games.cosmos.state import (ADVANCED_GROUP1, ADVANCED_GROUP2, CONTROLS, DARK, ENERGY, LIFE_SUPPLY,
                                        NEBULA_SUPPLY, STAR_SUPPLY)
from tests.cosmos.helpers import PLAYERS, apply, fresh, new_game, table, table_order

COUNTS = (2, 3, 4)


def players(n):
    return PLAYERS[:n]


@pytest.mark.parametrize("n, crystals", [(2, 6), (3, 9), (4, 11)])
@pytest.mark.parametrize("mode", ["digital", "table"])
def test_ct2_time_crystals_in_the_supply_one_per_board_the_rest_in_the_box(n, crystals, mode):
    state = fresh(players(n), mode)
    assert state.left("crystals") == crystals
    assert state.left("box") == 18 - crystals - n
    assert all(b.chamber == 0 and b.crystals == 0 for b in state.boards)  # the board's crystal at 0


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize("mode", ["digital", "table"])
def test_ct2_each_player_s_starting_pieces_come_out_of_the_supplies(n, mode):
    state = fresh(players(n), mode)
    assert state.left("H") == STAR_SUPPLY["H"] - n
    for star in ("He", "O", "C"):
        assert state.left(star) == STAR_SUPPLY[star]
    assert state.left("life") == LIFE_SUPPLY - n
    for size in (1, 2, 3):
        assert state.left(f"nebula{size}") == NEBULA_SUPPLY - n
    for board in state.boards:
        assert board.stars == (1, 0, 0, 0) and board.proto == 1 and [t.size for t in board.nebulae] == [1, 2, 3]
        assert board.score == 0 and not board.loose()
    assert state.goals_left == 6 and state.track == (None,) * 4


@pytest.mark.parametrize("n, darks", [(2, 4), (3, 3), (4, 3)])
def test_ct2_digital_lays_every_player_token_and_the_dark_ones_clockwise_from_light(n, darks):
    for seed in range(20):
        state = fresh(players(n), "digital", seed)
        laid = [t for control in state.controls for t in control]
        assert Counter(laid) == Counter(list(range(n)) + [DARK] * darks)
        order = setup.token_order(seed, n)
        for k, token in enumerate(order):  # token k goes to control k % 4, in the order placed
            assert state.controls[k % 4][k // 4] == token
        assert all(len(control) <= 3 for control in state.controls)


@pytest.mark.parametrize("n", COUNTS)
def test_ct2_the_first_player_is_the_one_whose_token_was_placed_last(n):
    firsts = set()
    for seed in range(30):
        state = fresh(players(n), "digital", seed)
        order = setup.token_order(seed, n)
        last = [t for t in order if t != DARK][-1]
        assert state.first == last
        firsts.add(last)
    assert len(firsts) == n  # the draw is random: every seat comes first for some seed


def test_ct2_the_first_player_acts_once_the_first_goal_is_named():
    state = new_game(players(3), "digital", seed=4)
    assert state.phase == "energy" and state.turn == state.first == fresh(players(3), "digital", 4).first


@pytest.mark.parametrize("n", COUNTS)
def test_ct2_advanced_life_stack_is_2n_group1_tokens_on_the_16_group2(n):
    for seed in range(10):
        state = fresh(players(n), "digital", seed)
        assert len(state.stack) == state.stack_left == 2 * n + 16
        top, rest = state.stack[: 2 * n], state.stack[2 * n:]
        assert not Counter(top) - Counter(ADVANCED_GROUP1)  # drawn from group 1
        assert sorted(rest) == sorted(ADVANCED_GROUP2)


@pytest.mark.parametrize("n", COUNTS)
def test_ct2_digital_deals_4_cards_a_hand_and_4_face_up_from_the_60(n):
    state = fresh(players(n), "digital")
    assert all(len(hand) == 4 and not hand.unknown for hand in state.hands)
    assert len(state.display) == 4
    assert state.deck_left == len(state.deck) == 60 - 4 * n - 4
    every = list(state.deck) + list(state.display) + [c for hand in state.hands for c in hand.known]
    assert Counter(every) == Counter({kind: 15 for kind in ENERGY})


def test_g2_the_seed_replays_the_same_setup_and_another_seed_another():
    assert fresh(seed=11) == fresh(seed=11)
    assert fresh(seed=11).deck != fresh(seed=12).deck


@pytest.mark.parametrize("n", COUNTS)
def test_ct2_table_mode_waits_for_the_tokens_with_hands_of_4_unknown_cards(n):
    state = fresh(players(n), "table")
    assert state.phase == "tokens" and state.turn is None and state.first is None
    assert all(hand == Hand((), 4) for hand in state.hands)
    assert state.stack == () and state.stack_left == 2 * n + 16
    assert state.deck == () and state.display == () and state.controls == ((), (), (), ())


def test_ct2_table_tokens_lay_clockwise_and_the_last_player_token_is_first_player():
    state = fresh(players(3), "table")
    after = apply(state, {"do": "tokens", "order": ["Ann", "dark", "Ben", "dark", "dark", "Cy"]})
    assert after.controls == ((0, DARK), (DARK, 2), (1,), (DARK,))
    assert after.first == 2 and after.phase == "display"
    assert GAME.describe({"do": "tokens", "order": ["Ann", "dark", "Ben", "dark", "dark", "Cy"]}).endswith(
        "Cy is first player")


@pytest.mark.parametrize("order, says", [
    (["Ann", "dark", "Ben", "dark", "dark"], "Cy's energy token is missing"),
    (["Ann", "dark", "Ben", "dark", "dark", "Cy", "Cy"], "Cy's energy token is laid 2 times"),
    (["Ann", "dark", "Ben", "dark", "Cy"], "3 players lay 3 dark energy tokens, not 2"),
    (["Ann", "dark", "Ben", "dark", "dark", "dark", "Cy"], "3 players lay 3 dark energy tokens, not 4"),
    (["Ann", "dark", "Ben", "dark", "dark", "Zed"], "'Zed' is neither a player nor dark"),
])
def test_ct2_tokens_refusals_cite_ct2_and_change_nothing(order, says):
    state = fresh(players(3), "table")
    with pytest.raises(RuleError) as refused:
        MOVES.apply(state, {"do": "tokens", "order": order})
    assert says in str(refused.value) and refused.value.rule == "CT-2"
    assert state == fresh(players(3), "table")


def test_g2_digital_mode_has_no_tokens_move():
    state = fresh(players(2), "digital")
    with pytest.raises(RuleError) as refused:
        MOVES.apply(state, {"do": "tokens", "order": table_order(players(2))})
    assert refused.value.rule == "G-2" and "drew the order" in str(refused.value)


def test_ct2_tokens_after_the_tokens_are_laid_is_refused_by_the_phase():
    state = apply(fresh(players(2), "table"), {"do": "tokens", "order": table_order(players(2))})
    with pytest.raises(RuleError) as refused:
        MOVES.apply(state, {"do": "tokens", "order": table_order(players(2))})
    assert refused.value.rule == "CT-2" and "laid already" in str(refused.value)


def test_ct2_the_tokens_command_reads_prefixes_any_case_and_d_for_dark(tmp_path):
    session, shell, out = table(tmp_path, players(3), "table")
    out.clear()
    shell.execute("tokens ann d BEN dark, dark cy")
    assert session.state.first == 2 and session.state.phase == "display"
    assert "Cy is first player" in out[-1]


def test_ct2_the_tokens_command_refuses_an_unknown_name_in_one_line_and_keeps_the_game(tmp_path):
    session, shell, out = table(tmp_path, players(3), "table")
    before = session.state
    out.clear()
    shell.execute("tokens Ann dark Zed dark dark Cy")
    assert session.state == before and not session.events
    assert len(out) == 1 and "\n" not in out[-1].strip() and "Traceback" not in out[-1]


def test_g2_digital_setup_secrets_never_reach_the_public_views():
    """The deck order, the stack and the other hands may change without any public output
    changing: the picture, the toolbar, the prompt, the result."""
    state = fresh(players(4), "digital", seed=3)
    other = evolve(state, deck=tuple(reversed(state.deck)), stack=tuple(reversed(state.stack)),
                   hands=tuple(Hand(tuple(reversed(h.known))) for h in state.hands[::-1]))
    assert other != state
    for view in (GAME.toolbar, GAME.prompt, GAME.result):
        assert view(state) == view(other)
    from referee.games.cosmos import view

    assert view.picture(state) == view.picture(other)


def test_g2_the_seed_is_not_shown_on_the_table(tmp_path):
    session, shell, out = table(tmp_path, players(2), "digital", seed=987654)
    out.clear()
    for line in ("show", "score", "moves", "log", "help"):
        shell.execute(line)
    assert "987654" not in "\n".join(out)
