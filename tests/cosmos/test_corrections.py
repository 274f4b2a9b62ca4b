"""Corrections and the table's words about hands (G-1, G-2, G-6): `adjust` within the
supplies (CT-4), `tell` and `hand` kept private, `finish` after this round's end phase."""

import pytest

from referee.core import render
from referee.core.errors import RuleError
from referee.core.pieces import Hand
from referee.games.cosmos.moves import MOVES
from referee.games.cosmos.state import STAR_SUPPLY
from tests.cosmos.helpers import apply, fresh, new_game, table, table_order


def adjust(state, player, what, value, relative=False):
    action = {"do": "adjust", "player": player, "what": what, "value": value}
    if relative:
        action["relative"] = True
    return apply(state, action)


def refused(state, action):
    with pytest.raises(RuleError) as error:
        MOVES.apply(state, action)
    return error.value


def test_g1_adjust_sets_a_placed_star_count_and_takes_it_from_the_reserve():
    state = new_game()
    after = adjust(state, "Ann", "He", 3)
    assert after.boards[0].stars[1] == 3
    assert after.left("He") == state.left("He") - 3
    back = adjust(after, "Ann", "He", -2, relative=True)
    assert back.boards[0].stars[1] == 1 and back.left("He") == state.left("He") - 1


def test_ct4_adjust_cannot_take_more_than_the_supply_holds_and_changes_nothing():
    state = new_game()
    error = refused(state, {"do": "adjust", "player": "Ann", "what": "O", "value": STAR_SUPPLY["O"] + 1})
    assert error.rule == "CT-4" and "holds only 16" in str(error)


@pytest.mark.parametrize("what, supply", [("proto", "life"), ("stable", "life"), ("loose proto", "life"),
                                          ("nova C", "C"), ("loose H", "H"), ("loose nebula2", "nebula2"),
                                          ("crystals", "crystals")])
def test_g1_adjust_of_a_piece_moves_it_between_the_board_and_its_supply(what, supply):
    state = new_game()
    after = adjust(state, "Ben", what, 2, relative=True)
    assert after.left(supply) == state.left(supply) - 2
    again = adjust(after, "Ben", what, -2, relative=True)
    assert again.left(supply) == state.left(supply) and again.boards == state.boards


@pytest.mark.parametrize("what", ["supernova", "dna", "graviton", "chamber"])
def test_g1_adjust_of_a_slider_or_the_chamber_touches_no_supply(what):
    state = new_game()
    after = adjust(state, "Cy", what, 2)
    assert after.supply == state.supply
    assert getattr(after.boards[2], what) == 2


def test_g1_adjust_points_by_source_changes_the_score():
    state = new_game()
    after = adjust(state, "Ann", "points other", 2, relative=True)
    assert after.boards[0].score == 2 and after.boards[0].points[-1] == 2


@pytest.mark.parametrize("action, rule, says", [
    ({"what": "He", "value": -1, "relative": True}, "G-1", "a count is 0 or more"),
    ({"what": "H", "value": 1}, "G-1", "is 1 already"),
    ({"what": "chamber", "value": 6}, "Resources", "0 to 5"),
    ({"what": "points advanced", "value": 5}, "G-1", "no count"),
    ({"what": "hand", "value": 5}, "G-2", "digital mode"),
])
def test_g1_adjust_refusals(action, rule, says):
    state = new_game()
    error = refused(state, dict(action, do="adjust", player="Ann"))
    assert error.rule == rule and says in str(error)


def test_ct7_adjust_emptying_the_crystal_supply_ends_the_game_after_the_end_phase():
    state = new_game(players=("Ann", "Ben"))
    after = adjust(state, "Ann", "crystals", state.left("crystals"))
    assert after.left("crystals") == 0 and after.ending


def test_g1_table_mode_adjust_hand_size_takes_unknown_cards_from_the_deck():
    state = new_game(mode="table")
    after = adjust(state, "Ann", "hand", 6)
    assert after.hands[0] == Hand((), 6) and after.deck_left == state.deck_left - 2
    fewer = adjust(after, "Ann", "hand", 3)
    assert len(fewer.hands[0]) == 3 and fewer.deck_left == state.deck_left + 1


def test_g1_tell_turns_unknown_cards_into_known_ones_and_logs_only_the_count():
    state = new_game(mode="table")
    action = {"do": "tell", "player": "Ann", "cards": ["light", "time"], "by": "Ann"}
    after = apply(state, action)
    assert after.hands[0] == Hand(("light", "time"), 2, told=2)
    assert MOVES.is_secret(action)
    public = MOVES.describe_public(action)
    assert "2 cards" in public and "light" not in public and "time" not in public


def test_g2_tell_refusals_never_echo_the_words_typed_unseen():
    state = new_game(mode="table")
    error = refused(state, {"do": "tell", "player": "Ann", "cards": ["light", "xyzzy"]})
    assert "xyzzy" not in str(error) and "xyzzy" in error.private and error.owner == "Ann"
    error = refused(state, {"do": "tell", "player": "Ann", "cards": ["light"] * 5})
    assert error.rule == "G-1" and "light" not in str(error)
    error = refused(state, {"do": "tell", "player": "Ann", "cards": ["light"], "by": "Ben"})
    assert error.rule == "G-2"


def test_g2_digital_mode_has_no_tell():
    error = refused(new_game(), {"do": "tell", "player": "Ann", "cards": ["light"]})
    assert error.rule == "G-2"


def test_g2_hand_is_private_to_its_owner_and_refused_to_another(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), "digital")
    seen = []
    shell.show_private = lambda owner, text: seen.append((owner, text))
    out.clear()
    shell.execute("Ann: hand")
    assert seen and seen[-1][0] == "Ann" and "Ann holds 4" in seen[-1][1]
    assert not any("holds" in part for part in out)
    out.clear()
    shell.execute("Ben: hand Ann")
    assert "only to its owner" in out[-1] and "(G-2)" in out[-1]


def test_g2_a_digital_hand_never_reaches_the_public_output(tmp_path):
    """The cards of Ann's digital hand appear in no public reply of show, moves, score, log."""
    session, shell, out = table(tmp_path, ("Ann", "Ben"), "digital", seed=5)
    shell.show_private = lambda owner, text: None
    out.clear()
    for line in ("show", "score", "moves", "log", "Ann: hand", "hand Ben", "board Ann"):
        shell.execute(line)
    public = "\n".join(out)
    assert "holds" not in public


def test_g6_finish_ends_after_this_round_s_end_phase_and_only_once():
    state = new_game()
    after = apply(state, {"do": "finish"})
    assert after.ending and after.early and after.phase == state.phase
    error = refused(after, {"do": "finish"})
    assert error.rule == "G-6"


def test_g6_finish_before_the_first_turn_ends_at_once():
    state = apply(fresh(("Ann", "Ben"), "table"), {"do": "tokens", "order": table_order(("Ann", "Ben"))})
    after = apply(state, {"do": "finish"})
    assert after.phase == "over" and after.early


def test_g6_a_move_after_an_early_end_cites_g6_once_and_says_undo_takes_it_back():
    """Play-test: "the game is over (ended early, G-6): `score` shows the final scores (G-6)"
    cited the rule twice and, unlike Colors, did not say the way back."""
    state = apply(fresh(("Ann", "Ben"), "table"), {"do": "tokens", "order": table_order(("Ann", "Ben"))})
    over = apply(state, {"do": "finish"})
    error = refused(over, {"do": "finish"})
    assert error.rule == "G-6" and str(error).count("G-6") == 1
    assert "`undo` takes that back" in str(error) and "`score` shows the final scores" in str(error)


def test_g2_a_told_hand_stays_out_of_the_log_until_the_end(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), "table")
    shell.execute("tokens Ann dark Ben dark dark dark")
    shell.execute("tell Ann chem grav")
    assert session.state.hands[0] == Hand(("chemistry", "gravity"), 2, told=2)
    out.clear()
    shell.execute("log")
    logged = "\n".join(out)
    assert "2 cards of Ann's hand" in logged and "chemistry" not in logged and "gravity" not in logged


def test_g2_tell_in_a_script_asks_for_the_cards_on_the_line(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), "table")
    shell.execute("tokens Ann dark Ben dark dark dark")
    out.clear()
    shell.execute("tell Ann")
    assert "on the line" in out[-1] and session.state.hands[0] == Hand((), 4)


def test_g1_adjust_token_puts_a_player_s_energy_token_where_the_table_has_it():
    from tests.cosmos.helpers import with_controls

    state = with_controls(new_game(), {"light": ["Ann", "dark"], "time": ["Ben", "dark", "dark"],
                                       "gravity": ["Cy"], "chemistry": ["Di"]})
    after = apply(state, {"do": "token", "token": "Ann", "to": "gravity"})
    assert after.controls == ((-1,), (1, -1, -1), (2, 0), (3,))
    dark = apply(after, {"do": "token", "token": "dark", "from": "time", "to": "chemistry"})
    assert dark.controls == ((-1,), (1, -1), (2, 0), (3, -1))
    assert sorted(t for c in dark.controls for t in c) == sorted(t for c in state.controls for t in c)


@pytest.mark.parametrize("action, rule, says", [
    ({"token": "Ann", "to": "time"}, "Shift", "time control is full"),
    ({"token": "Ann", "to": "light"}, "G-1", "in light already"),
    ({"token": "dark", "from": "gravity", "to": "light"}, "G-1", "gravity control holds no dark token"),
    ({"token": "Zed", "to": "light"}, "G-1", "neither a player nor dark"),
])
def test_g1_adjust_token_refusals(action, rule, says):
    from tests.cosmos.helpers import with_controls

    state = with_controls(new_game(), {"light": ["Ann", "dark"], "time": ["Ben", "dark", "dark"],
                                       "gravity": ["Cy"], "chemistry": ["Di"]})
    error = refused(state, dict(action, do="token"))
    assert error.rule == rule and says in str(error)


def test_g1_adjust_token_command_reads_players_and_dark_tokens(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), "table")
    shell.execute("tokens Ann dark Ben dark dark dark")  # light: Ann dark; time: dark dark; gravity: Ben; chem: dark
    shell.execute("adjust token ann chem")
    shell.execute("adjust token d time gravity")
    assert session.state.controls == ((-1,), (-1,), (1, -1), (-1, 0))
    out.clear()
    shell.execute("log")
    assert "corrects the ring: Ann's token to chemistry" in "\n".join(out)


def test_g1_adjust_deck_sets_the_table_mode_deck_count_within_the_60_cards():
    state = new_game(("Ann", "Ben"), "table")  # 8 in hands, 4 on display: 48 in the deck
    assert apply(state, {"do": "deck", "count": 30}).deck_left == 30
    error = refused(state, {"do": "deck", "count": 49})
    assert error.rule == "Resources" and "at most 48" in str(error)
    assert refused(new_game(), {"do": "deck", "count": 3}).rule == "G-2"
