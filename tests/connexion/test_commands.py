"""ConneXion's commands through the shell: parsing, refusals worded for the table, views."""

import json

import pytest

from referee.core.builtins import SHELL
from referee.core.session import Session
from referee.core.shell import Shell
from referee.games import load
from tests.tables import open_table, typed

GAME = load("connexion")


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    return open_table("connexion", tmp_path, seed=None, timer=0)


lines = typed


def test_cx3_letters_by_name_glyph_or_prefix(table):
    session, shell, out = table
    lines(shell, out, "place sigma", "place Η", "place omi")
    assert session.state.board[:3] == ("sigma", "eta", "omicron")


def test_cx2_claim_finds_and_shows_the_path_faq5_metaphor(table):
    session, shell, out = table
    text = lines(shell, out, "place mu", "place eta", "place phi", "place alpha", "place omicron", "place rho",
                 "word metaphor")
    assert "METAPHOR = m(1) eta(2) ph(3) o(5) r(6)" in text
    assert "Ben: METAPHOR accepted" in text


def test_cx2_claim_with_the_players_own_path(table):
    session, shell, out = table
    lines(shell, out, "place mu", "place eta", "place phi", "place alpha", "place omicron", "place rho")
    text = lines(shell, out, "word metaphor 1-2-3-5-6")
    assert session.state.claims[-1].path == ((1, "m"), (2, "eta"), (3, "ph"), (5, "o"), (6, "r"))
    assert "accepted" in text


def test_cx2_refusal_names_the_nearest_the_board_allows(table):
    session, shell, out = table
    text = lines(shell, out, "place mu", "place eta", "word mezzo")
    assert "no path on the board spells MEZZO; the board spells only ME… (CX-2)" in text


def test_cx4_a_word_spelled_by_one_card_names_cx4(table):
    session, shell, out = table
    text = lines(shell, out, "place omicron", "word o")
    assert "O joins fewer than 2 card visits; only A and I may stand alone (CX-4)" in text


def test_cx8_bare_card_name_answers_the_card_prompt(table):
    session, shell, out = table
    lines(shell, out, "place mu", "place eta", "word me")
    assert GAME.prompt(session.state) == "card? "
    lines(shell, out, "mars")
    assert session.state.held_by("Ben") == ("Mars",)


def test_g4_bare_votes_while_a_vote_is_open(table):
    session, shell, out = table
    lines(shell, out, "place iota", "place omicron", "place nu", "word von")  # VON: rare, put to a vote
    assert session.state.pending[0] == "vote"
    text = lines(shell, out, "Ann yes", "Ben no")
    assert "Is VON a word? yes 1, no 1: carried (a tie: what was played stands, G-4)" in text


def test_find_json_lists_every_word_with_a_valid_path(table):
    session, shell, out = table
    lines(shell, out, "place mu", "place eta", "place phi", "place alpha", "place omicron", "place rho")
    found = json.loads(lines(shell, out, "find --json"))
    words = {item["word"] for item in found}
    assert {"metaphor", "me", "a"} <= words
    for item in found:
        spelled = "".join(reading for _, reading in item["path"])
        assert spelled == item["word"]


def test_wrong_player_prefix_is_refused_with_the_rule(table):
    session, shell, out = table
    text = lines(shell, out, "place mu", "Ben: place eta", "Ann: word me")
    assert "it is Ben's turn, not Ann's (CX-5)" in text


def test_hand_is_refused_in_table_mode(table):
    session, shell, out = table
    assert "in table mode the referee does not know the hands" in lines(shell, out, "hand Ann")


def test_digital_hand_is_not_in_the_public_view(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    from referee.core import store
    from referee.games.connexion import cards

    header = {"id": "connexion-2", "players": ["Ann", "Ben"], "mode": "digital", "seed": 9,
              "options": {"timer": 0, "min_cards": 2, "repeats": False, "tie": "keep"}, "wordlists": []}
    GAME.prepare(header)
    session = Session.start(GAME, header, store.path_of("connexion-2"))
    out = []
    shell = Shell(session, SHELL.extend(GAME.commands), out=out.append)
    held = [cards.letters()[k].name for k in session.state.hands[1]]
    public = lines(shell, out, "show", "score", "log", "deck", "words")
    assert not any(name in public for name in held)
    assert all(name in lines(shell, out, "hand Ben") for name in held)


def test_cx8_digital_log_names_the_card_a_voted_word_drew(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    from referee.core import store
    from referee.games.connexion import cards

    header = {"id": "connexion-3", "players": ["Ann", "Ben"], "mode": "digital", "seed": 9,
              "options": {"timer": 0, "min_cards": 2, "repeats": False, "tie": "keep"}, "wordlists": []}
    GAME.prepare(header)
    session = Session.start(GAME, header, store.path_of("connexion-3"))
    out = []
    shell = Shell(session, SHELL.extend(GAME.commands), out=out.append)
    from referee.core.lexicon import default_lexicon

    letters = cards.letters()
    pairs = [(letters[a], letters[b]) for a in session.state.hands[0] for b in session.state.hands[1]]
    first, second, word = next((a, b, ta + tb) for a, b in pairs for ta in a.texts for tb in b.texts
                               if default_lexicon(()).verdict(ta + tb).verdict == "unknown")
    lines(shell, out, f"place {first.name}", f"place {second.name}", f"word {word}")
    assert session.state.pending is None  # unknown: refused, so the table overrides it by a vote
    lines(shell, out, "contest")
    assert session.state.pending and session.state.pending[1].subject[0] == "override", out
    top = session.state.pile[0]
    lines(shell, out, "vote all yes")
    assert session.state.held_by(session.state.claims[-1].player) == (top,)
    assert f"the word draws {top}" in lines(shell, out, "log")


def test_playtest_g2_digital_deck_before_any_draw_says_so_not_an_empty_table(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, mode="digital", seed=3, timer=0)
    text = lines(shell, out, "deck")
    assert text == "No celestial card drawn yet; 28 left to draw, face down."
    lines(shell, out, "place alpha", "word a")  # Ann holds Alpha under seed 3; A draws a card
    assert "card" in lines(shell, out, "deck").splitlines()[0] and "27 left to draw." in lines(shell, out, "deck")
