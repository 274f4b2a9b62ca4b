"""What a newcomer's playtest of Cosmic ConneXion found (issue 13, P2), one test each.

Played in tmux at 50x20 (table, 3 players) and 80x24 (digital, 2 players); each test
names the slip a player made and what the referee must do with it.
"""

import json
from dataclasses import replace

import pytest

from referee.core.errors import RuleError
from referee.games.connexion import turns
from referee.games.connexion.moves import MOVES
from tests.connexion.test_rules import METAPHOR_BOARD, claim, new, play
from tests.tables import open_table, typed


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("LINES", raising=False)
    return open_table("connexion", tmp_path, players=("Ann", "Ben", "Cy"), seed=None, timer=0)


# -- CX-8: a printed value is 1 to 90 (the sun 0) ------------------------------------------------


@pytest.mark.parametrize("typed_value", ["-3", "0", "91", "440"])
def test_cx8_a_printed_value_outside_1_to_90_is_refused_and_nothing_is_drawn(table, typed_value):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me")
    reply = typed(shell, out, f"card virgo {typed_value}")
    assert "✗" in reply and "between 1 and 90" in reply and "(CX-8)" in reply
    assert session.state.pending[0] == "card" and "Virgo" in session.state.pile
    assert "Virgo" not in session.state.values


def test_cx8_a_bare_out_of_range_value_at_the_question_is_refused_and_asked_again(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me", "virgo")
    assert "(CX-8)" in typed(shell, out, "-44")
    assert "takes Virgo (44)" in typed(shell, out, "44")


def test_cx8_the_sun_prints_zero_and_nothing_else(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me")
    assert "(CX-8)" in typed(shell, out, "card sun 5")
    assert "takes Sun (0)" in typed(shell, out, "card sun 0")


def test_cx8_adjust_value_out_of_range_is_refused(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me", "card mars")
    events = len(session.events)
    reply = typed(shell, out, "adjust value mars -7")
    assert "✗" in reply and "(CX-8)" in reply and len(session.events) == events
    assert session.state.value_of("Mars") == 4


def test_cx8_a_game_saved_with_an_odd_value_still_replays():
    # The range is the commands' check, not apply's: old logs replay as they were played.
    state = play(new(), *METAPHOR_BOARD, claim("metaphor", (1, "m"), (2, "eta"), (3, "ph"), (5, "o"), (6, "r")),
                 {"do": "card", "card": "Virgo", "value": -3})
    assert state.total("Ben") == -3


# -- every refusal of the rules names its rule -----------------------------------------------------


def test_g1_adjust_refusals_cite_g1(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me", "card mars")
    assert "Ben holds Mars already (G-1)" in typed(shell, out, "adjust give mars to Ben")
    typed(shell, out, "adjust return mars")
    assert "nobody holds Mars (G-1)" in typed(shell, out, "adjust return mars")


def test_g6_a_claim_after_an_early_finish_cites_g6_and_cx10_after_a_full_game():
    early = play(new(), *METAPHOR_BOARD, {"do": "finish", "early": True})
    with pytest.raises(RuleError, match=r"game is over.*\(G-6\)"):
        MOVES.apply(early, claim("me", (1, "m"), (2, "e")))
    assert turns.ended_by(replace(early, early=False)) == "CX-10"


def test_cx7_a_game_of_one_player_is_refused_with_cx7():
    from referee.games import players_refusal
    from referee.games.connexion import ENTRY

    # who may play is the entry's, checked once when the game starts (issue 9 item 6)
    assert players_refusal(ENTRY, 1) == "Cosmic ConneXion is for 2 to 8 players, not 1 (CX-7)"


# -- find --json is data -----------------------------------------------------------------------------


def test_find_json_is_not_broken_to_a_fifty_column_terminal(table, monkeypatch):
    session, shell, out = table
    monkeypatch.setenv("COLUMNS", "50")
    typed(shell, out, *[f"place {k}" for k in ("mu", "eta", "phi", "alpha", "omicron", "rho")])
    reply = typed(shell, out, "find --json me")
    found = json.loads(reply)
    assert {"word": "meta", "path": [[1, "m"], [2, "eta"]]}.items() <= found[[f["word"] for f in found].index("meta")].items()


# -- CX-8: a value mistyped is not taken for part of a card's name ------------------------------


@pytest.mark.parametrize("typed_value", ["4,5", "1e9", "44.", "4.5.1"])
def test_cx8_a_mistyped_value_says_so_not_no_card_called(table, typed_value):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me")
    reply = typed(shell, out, f"card virgo {typed_value}")
    assert "not a value a card prints" in reply and "no celestial card called" not in reply
    assert session.state.pending[0] == "card"


def test_cx2_a_held_down_key_is_refused_in_lines_that_fit_fifty_columns(table, monkeypatch):
    from referee.core import render

    session, shell, out = table
    monkeypatch.setenv("COLUMNS", "50")
    typed(shell, out, "place mu", "place eta")
    reply = typed(shell, out, "word m" + "e" * 80)
    assert "(CX-2)" in reply and "MEEEE" in reply
    assert all(render.visible(line) <= 50 for line in reply.splitlines()), reply


# -- G-4: a player says their own vote ----------------------------------------------------------


def test_g4_a_speaker_named_ballot_alone_is_that_players_vote(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me", "card mars", "contest")
    assert "yes 1, no 0; waiting for Ben, Cy" in typed(shell, out, "Ann: yes")
    assert "yes 1, no 1; waiting for Cy" in typed(shell, out, "Ben: vote no")
    assert "yes 1, no 2: refused" in typed(shell, out, "Cy: no")
    assert session.state.struck("me")


def test_g4_a_bare_ballot_without_a_speaker_still_asks_whose(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me", "card mars", "contest")
    assert "votes come in pairs" in typed(shell, out, "yes")


# -- G-2: a player asks for their own hand -------------------------------------------------------


def test_g2_a_speaker_asking_hand_alone_sees_their_own(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, players=("Ann", "Ben", "Cy"), mode="digital", seed=5,
                                     timer=0)
    text = typed(shell, out, "Ben: hand")
    assert text.startswith("Ben holds:") and "Ann holds" not in text
    assert "whose hand?" in typed(shell, out, "hand")


# -- CX-8: the deck at the table does not show values the scribe will be asked for -------------


def test_cx8_table_deck_shows_an_unentered_assumed_value_as_asked_when_drawn(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me", "card virgo 44")
    text = typed(shell, out, "deck")
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()}
    assert "?" in rows["Saturn"] and "when drawn" in rows["Saturn"] and " 6 " not in rows["Saturn"]
    assert "44" in rows["Virgo"] and "entered" in rows["Virgo"]
    assert "Mars" in rows and " 4 " in rows["Mars"]


def test_cx8_digital_deck_keeps_the_assumed_values_it_scores_with(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, mode="digital", seed=3, timer=0)
    typed(shell, out, "place alpha", "word a")
    text = typed(shell, out, "deck")
    kuiper = [line for line in text.splitlines() if line.startswith("Kuiper Belt")]  # seed 3's first draw
    assert kuiper and "9.5" in kuiper[0] and "assumed" in kuiper[0] and "when drawn" not in text


def test_cx8_adjust_give_of_an_assumed_card_at_the_table_asks_its_printed_value_first(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta")
    events = len(session.events)
    reply = " ".join(typed(shell, out, "adjust give saturn to Ann").split())
    assert "adjust value Saturn VALUE" in reply and "(CX-8)" in reply and len(session.events) == events
    typed(shell, out, "adjust value saturn 7", "adjust give saturn to Ann")
    assert session.state.held_by("Ann") == ("Saturn",) and session.state.total("Ann") == 7


def test_a_held_down_key_as_a_card_name_is_quoted_short_enough_for_fifty_columns(table, monkeypatch):
    from referee.core import render

    session, shell, out = table
    monkeypatch.setenv("COLUMNS", "50")
    typed(shell, out, "place mu", "place eta", "word me")
    for line in ("card " + "x" * 60, "place " + "y" * 60):
        reply = typed(shell, out, line)
        assert "✗" in reply and all(render.visible(row) <= 50 for row in reply.splitlines()), reply


# -- G-6: `end` typed for "my turn is over" ---------------------------------------------------------


def test_g6_a_bare_finish_mid_game_says_it_ended_the_whole_game_and_undo_takes_it_back(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta")
    text = " ".join(typed(shell, out, "end").split())
    note = "That ends the whole game, not a turn (G-6); `undo` takes it back"
    assert session.over and text.index(note) > text.index("Shared win")  # after the scores, still on screen
    typed(shell, out, "undo yes")  # undoing any game's end is asked first (issue 18, item 15): `yes` in a script
    assert not session.over and session.state.placed == 2


def test_g6_finish_early_said_outright_needs_no_warning(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta")
    assert "undo` takes it back" not in typed(shell, out, "finish early") and session.over


def test_g6_the_toolbar_of_a_game_ended_early_names_no_next_placing(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "finish early")
    parts = session.game.toolbar(session.state)
    assert parts[0] == "The game is over." and not any(p.startswith("next:") for p in parts)


# -- CX-8: documented values are fact; an entered value stands (issue 20 item 14) -------------------


@pytest.mark.parametrize("line", ["card jupiter 9", "card mars 5", "card asteroid belt 5"])
def test_issue20_item14_cx8_a_documented_value_is_not_overridden_by_a_typed_one(table, line):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me")
    reply = typed(shell, out, line)
    assert "✗" in reply and "by the rulebook" in reply and "(CX-8)" in reply
    assert session.state.pending[0] == "card" and not session.state.values


def test_issue20_item14_cx8_a_documented_value_typed_as_it_is_is_taken(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me")
    assert "takes Jupiter (5)" in typed(shell, out, "card jupiter 5")


def test_issue20_item14_cx8_adjust_value_of_a_documented_card_is_refused(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me", "card mars")
    reply = typed(shell, out, "adjust value mars 5")
    assert "✗" in reply and "(CX-8)" in reply and session.state.value_of("Mars") == 4


def test_issue20_item14_cx8_a_value_entered_once_stands_for_the_rest_of_the_game(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me", "card virgo 44", "contest",
          "Ann: vote no", "Ben: vote no", "Cy: vote no")
    assert "Virgo" in session.state.pile and session.state.values["Virgo"] == 44  # struck, the card back
    typed(shell, out, "place tau", "word met")
    reply = typed(shell, out, "card virgo 40")
    assert "✗" in reply and "entered as worth 44" in reply and "adjust value Virgo 40" in reply
    assert "takes Virgo (44)" in typed(shell, out, "card virgo 44")
    typed(shell, out, "adjust value virgo 40")  # the correction is the way to change it
    assert session.state.value_of("Virgo") == 40
