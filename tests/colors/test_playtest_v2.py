"""Cosmic Colors after the Core v2 port, played cold by a newcomer (issue 9): a refusal
cites the step whose words explain it, and `moves` lists what the player may do now, by
the commands they type, and nothing its rule refuses whatever is typed."""

from dataclasses import replace

import click
import pytest

from referee.core.errors import RuleError
from referee.games.colors import rules
from referee.games.colors.moves import MOVES
from referee.games.colors_jr import moves as jr_moves
from referee.games.colors_jr import state as jr
from tests.tables import typed

from .build import GRID, cards, state as built
from .shell import new
from .test_playtest import refusal
from .test_table_ready import table_game

TWO = ["Rs Rm Rp Rc Rg Os Om Op Oc Og", "Ys Ym Yp Yc Yg Gs Gm Gp Gc Gg"]
FOUR = ["Rs Rm Rp Rc Rg Os Om", "Ys Ym Yp Yc Yg Gs Gm", "Bs Bm Bp Bc Bg Rs Rm", "Gp Gc Gg Os Om Op Oc"]


def _moves_of(state):
    """The declarations of the game that plays ``state``: Jr's for a Jr state (colors_jr)."""
    return jr_moves.MOVES if isinstance(state, jr.JrState) else MOVES


def rule_of(state, action):
    with pytest.raises(RuleError) as caught:
        _moves_of(state).verify(state, action)
    return caught.value.rule, str(caught.value)


def names(state):
    return [move.name for move in _moves_of(state).open_now(state)]


# -- a card not held: the step that takes it from the hand ---------------------------------------


def test_3a_discarding_a_card_not_held_cites_3a_not_the_play_s_cc2():
    s = replace(built(GRID, TWO), phase="discard")
    assert rule_of(s, {"do": "discard", "cards": cards("Ys")}) == ("3a", "Ann does not hold Ys (yellow star) (3a)")
    assert rule_of(s, {"do": "discard", "cards": cards("Rs Rs")})[0] == "3a"  # holds 1, not 2


def test_3b_swapping_a_card_either_does_not_hold_cites_3b():
    s = replace(built(GRID, FOUR), phase="discard")
    mine = rule_of(s, {"do": "swap", "give": cards("Ys"), "take": cards("Bs")})
    theirs = rule_of(s, {"do": "swap", "give": cards("Rs"), "take": cards("Ys")})
    assert mine == ("3b", "Ann does not hold Ys (yellow star) (3b)")
    assert theirs == ("3b", "Cy does not hold Ys (yellow star) (3b)")


def test_cc2_playing_a_card_not_held_still_cites_cc2():
    assert rule_of(built(GRID, TWO), {"do": "play", "cards": cards("Ys"), "cells": [0]})[0] == "CC-2"


def test_3a_discard_of_a_card_not_held_at_the_table_cites_3a(tmp_path):
    session, shell, out = table_game(tmp_path)
    assert shell.execute("play Rs@a1")
    assert refusal(shell, out, "discard Bs") == "✗ Ann does not hold Bs (blue star) (3a)"


# -- moves: nothing listed that its rule refuses whatever is typed ------------------------------


def test_g6_moves_leaves_out_finish_during_setup():
    team = rules.initial({"players": ["Ann", "Ben"], "options": {}})
    junior = jr.initial({"players": ["Ann", "Ben", "Cy"], "options": {"variant": "jr"}})
    for s in (team, junior):
        assert "finish" not in names(s)
        assert not _moves_of(s).can(s, {"do": "finish"})  # and indeed refused (G-6)


def test_g6_moves_leaves_out_finish_once_the_table_asked_for_it():
    s = replace(built(GRID, TWO), phase="discard")
    assert "finish" in names(s)
    asked = MOVES.apply(s, {"do": "finish"})
    assert asked.ending and asked.phase == "discard"
    assert "finish" not in names(asked) and "discard" in names(asked)
    assert rule_of(asked, {"do": "finish"})[0] == "G-6"


def test_setup2_moves_leaves_out_grid_once_the_play_area_is_full():
    s = rules.initial({"players": ["Ann", "Ben"], "options": {}})
    assert names(s)[:2] == ["grid", "hand"]
    s = MOVES.apply(s, {"do": "grid", "cards": cards(GRID)})
    assert "grid" not in names(s) and "hand" in names(s)
    assert rule_of(s, {"do": "grid", "cards": cards("Rs")})[0] == "Setup 2"  # indeed refused


def test_cc7_jr_moves_lists_the_take_before_the_anytime_finish():
    s = jr.initial({"players": ["Ann", "Ben", "Cy"], "options": {"variant": "jr"}, "mode": "digital", "seed": 3})
    assert names(s)[0] == "take" and names(s)[-1] == "finish"
    assert names(built(GRID, TWO))[0] == "play" and names(built(GRID, TWO))[-1] == "finish"


def _moves(tmp_path, **kwargs):
    session, shell, out = new(tmp_path, **kwargs)
    session.game.welcome(shell.context)  # as the launcher does: the help of this table
    return session, shell, out


def test_cc7_jr_moves_names_the_top_command_a_reveal_is_typed_with(tmp_path):
    session, shell, out = _moves(tmp_path, players=("Ann", "Ben", "Cy"), mode="table", variant="jr")
    assert shell.execute("grid Rs Om Yp Bs Bs Gc Bs Bc Gc")
    assert shell.execute("take a1 red")
    text = click.unstyle(typed(shell, out, "moves"))
    assert "top CARD|empty" in text and "reveal" not in text
    assert "adjust" not in text  # the team game's correction, not Jr's (CC-7)
    assert text.index("top CARD") < text.index("finish")


def test_3b_with_two_players_the_play_usage_offers_no_swap(tmp_path):
    session, shell, out = _moves(tmp_path)
    assert "swap" not in click.unstyle(typed(shell, out, "moves"))
    for command in ("play", "pass"):
        usage = click.unstyle(typed(shell, out, f"help {command}")).split("\n")[0]
        assert usage.endswith("[discard|keep ...]"), usage
    session4, shell4, out4 = _moves(tmp_path / "four", players=("Ann", "Ben", "Cy", "Di"))
    assert "|swap" in click.unstyle(typed(shell4, out4, "moves"))


# -- the rulebook's own steps a newcomer reads of (README: "the flood fill of 2a-2b") ----------


@pytest.mark.parametrize("typed_id, says", [
    ("rule 2a", "1 point is earned for each card played"), ("rule 2b", "3 bonus points"),
    ("rule 2c", "Point totals are secret"), ("rule 1d", "Order of card placement doesn't matter"),
    ("rule end", "The game ends immediately when the draw pile is gone"),
    ("rule winner", "the team with cards remaining"), ("rule jr", "Split the deck into 9"),
    ("rule wild cards", "until it's covered up"), ("rule short game", "remove half the cards")])
def test_2a_the_rulebook_s_steps_and_variants_are_in_the_rule_table(tmp_path, typed_id, says):
    session, shell, out = new(tmp_path)
    text = " ".join(click.unstyle(typed(shell, out, typed_id)).split())
    assert says in text and "no rule" not in text


# -- the toolbar on a phone -----------------------------------------------------------------------


def test_cc6_a_short_game_s_toolbar_keeps_the_draw_pile_on_a_phone():
    """The pile's count is what the end waits for (CC-6); the Short Game's put-away note
    made its part too long for 50 columns, so the bar dropped it."""
    from referee.core import render
    from referee.games import load

    s = replace(built(GRID, TWO), removed=27, pile_count=28)
    parts = load("colors").toolbar(s)
    assert parts[:2] == ["Ann (shapes) to play", "draw pile 28"] and parts[-1] == "27 put away, Short Game"
    assert "draw pile 28" in render.fit_parts(parts, 49, sep=" · ")
    assert "(27 put away, Short Game)" in load("colors").view.shown_status(s, 100)  # the status line keeps it


def test_cc8_the_review_says_what_a_lone_wild_stood_for(tmp_path):
    """`W@c2` alone in the review left the table to guess the value the wild was played
    as; the log and the hint say it (`W@c2 as moon`), and so does the review now."""
    session, shell, out = new(tmp_path, variant="wild")
    for line in ("play W@c2 as moon", "keep", "pass keep", "finish"):
        assert shell.execute(line), out[-1]
    text = click.unstyle(typed(shell, out, "review"))
    row = next(line for line in text.split("\n") if line.lstrip().startswith("1 "))
    assert "W@c2 as moon" in row


# -- the phase before the words (issue 9 item 2's order) ---------------------------------------


@pytest.mark.parametrize("setup, line, says", [
    ((), "swap", "it is time for Ann to play"),                      # was: swap what for what?
    ((), "Ben: swap Rs for Zz", "it is time for Ann to play"),      # was: 'Zz' is not a card
    (("play W@c2 as moon",), "play", "Ann first discards or swaps"),  # was: play what?
    (("play W@c2 as moon",), "play Zz@a1", "Ann first discards or swaps"),
    (("play W@c2 as moon",), "Ben: discard Zz", "it is Ann's turn, not Ben's"),  # was: 'Zz' is not a card
])
def test_turns_3a_a_move_out_of_its_phase_is_told_what_the_game_waits_for_before_its_words(tmp_path, setup, line,
                                                                                            says):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy", "Di"), variant="wild")
    for said in setup:
        assert shell.execute(said), out[-1]
    assert refusal(shell, out, line).startswith("✗ " + says)


def test_cc7_jr_take_alone_while_new_tops_are_awaited_says_so(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), mode="table", variant="jr")
    assert shell.execute("grid Rs Om Yp Bs Bs Gc Bs Bc Gc")
    assert shell.execute("take a1 red")
    assert refusal(shell, out, "take").startswith("✗ first say the new top cards turned up")


@pytest.mark.parametrize("value, says", [("cyan,cobalt,white,kobalt,lime", "five different letters"),
                                         ("cyan,magenta", "takes five names")])
def test_cc1_a_bad_renaming_option_names_cc1(value, says, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from referee.cli import main

    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))

    result = CliRunner().invoke(main, ["colors", "-p", "Ann,Ben", "-o", f"colors={value}"], input="")
    assert result.exit_code != 0 and says in result.output and "(CC-1)" in result.output
    assert "Traceback" not in result.output


def test_3b_moves_leaves_out_a_swap_when_the_teammate_holds_nothing():
    s = replace(built(GRID, FOUR), phase="discard")
    assert "swap" in names(s)
    hands = (s.hands[0], s.hands[1], (), s.hands[3])  # Cy, Ann's teammate, holds nothing
    empty = replace(s, hands=hands)
    assert "swap" not in names(empty) and "discard" in names(empty)
    assert rule_of(empty, {"do": "swap", "give": cards("Rs"), "take": cards("Ys")})[0] == "3b"


@pytest.mark.parametrize("variant, rule", [("standard", "CC-1"), ("wild", "Wild Cards")])
def test_cc1_a_wild_typed_into_a_hand_cites_one_rule_not_two(tmp_path, variant, rule):
    """It said "... the Wild Cards variant (Setup 3) (CC-1)": two ids, the first one not
    the rule cited. A wild is never drawn: the variant deals it (the rulebook's Wild Cards)."""
    session, shell, out = new(tmp_path, mode="table", variant=variant)
    assert shell.execute("grid " + " ".join(GRID.split()))
    text = refusal(shell, out, "hand Ann W Rs Rm Rp Rc Rg Os Om Op Oc")
    assert text.endswith(f"({rule})") and text.count("(") == 1, text


def test_3b_with_two_players_the_discard_step_speaks_of_no_swap():
    from referee.games import load

    game = load("colors")
    two = replace(built(GRID, TWO), phase="discard")
    four = replace(built(GRID, FOUR), phase="discard")
    assert game.toolbar(two)[0] == "Ann (shapes) to discard"
    assert game.toolbar(four)[0] == "Ann (shapes) to discard or swap"
    assert rule_of(two, {"do": "play", "cards": [], "cells": []}) == \
        ("3a", "Ann first discards, not `play`: `discard CARDS` or `keep` (3a)")
    assert "or swaps" in rule_of(four, {"do": "play", "cards": [], "cells": []})[1]


def test_setup3_a_hand_asked_for_before_it_is_entered_says_so_not_no_cards(tmp_path):
    session, shell, out = new(tmp_path, mode="table")
    assert shell.execute("grid " + " ".join(GRID.split()))
    text = " ".join(click.unstyle(typed(shell, out, "hand Ann")).split())
    assert text == "Ann's hand is not entered yet: `hand Ann CARD ...` (Setup 3)"
    assert shell.execute("hand Ann " + TWO[0])
    assert "Rs" in click.unstyle(typed(shell, out, "hand Ann"))
