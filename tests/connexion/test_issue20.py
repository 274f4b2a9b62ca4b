"""Issue 20 ("Quicker than paper"), ConneXion's items: the celestial values as CX-8 says
(item 14) and the words that end a claiming turn or the game (item 3)."""

import pytest

from referee.core.errors import RuleError
from referee.games.connexion.moves import MOVES
from tests.connexion.test_rules import _empty_pile_state, claim, play
from tests.tables import open_table, typed


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    return open_table("connexion", tmp_path, seed=None, timer=0)


# -- item 14: values as CX-8 says; a pilfer not due cites CX-9 ------------------------------


@pytest.mark.parametrize("typed_value, said", [
    ("card jupiter 9", "Jupiter is worth 5 by the rulebook, not 9"),
    ("card mars 5", "Mars is worth 4 by the rulebook, not 5"),
    ("card asteroid belt 4", "Asteroid Belt is worth 4.5 by the rulebook, not 4"),
])
def test_issue20_item14_a_documented_value_is_not_overridden_by_a_typed_one(table, typed_value, said):
    session, shell, out = table
    text = typed(shell, out, "place alpha", "word a", typed_value)
    assert said in text and "(CX-8)" in text
    assert session.state.values == {} and session.state.held == ((), ())
    name = typed_value.split()[1]
    typed(shell, out, f"card {name}")
    assert session.state.total("Ann") == {"jupiter": 5, "mars": 4, "asteroid": 4.5}[name]


def test_issue20_item14_a_value_entered_once_is_kept_and_the_correction_named(table):
    session, shell, out = table
    typed(shell, out, "place alpha", "word a", "card virgo 44", "contest", "vote all no", "place iota", "word i")
    assert session.state.held == ((), ()) and "Virgo" in session.state.pile  # the word struck, the card back
    text = typed(shell, out, "card virgo 40")
    assert ("Virgo was entered as worth 44 earlier in this game and keeps that value; "
            "`adjust value Virgo 40` corrects it (CX-8)") in " ".join(text.split())
    assert "Virgo" in session.state.pile
    typed(shell, out, "card virgo")
    assert session.state.total("Ben") == 44
    assert "Virgo          44" in typed(shell, out, "deck")
    typed(shell, out, "adjust value virgo 40")
    assert session.state.total("Ben") == 40 and "Virgo          40" in typed(shell, out, "deck")


def test_issue20_item14_a_pilfer_not_due_cites_cx9_and_says_when_one_is(table):
    session, shell, out = table
    text = " ".join(typed(shell, out, "place alpha", "pilfer Ben mars").split())
    assert text.endswith("✗ no pilfer is due: pilfers begin once the pile is empty (28 cards left); "
                         "Ann's turn to claim words, then Ben places position 2 (CX-9)")
    assert "(CX-7)" not in text
    assert "pilfer" not in typed(shell, out, "moves")  # listed only when one is due


def test_issue20_item14_after_a_short_word_on_an_empty_pile_no_pilfer_is_due():
    state = play(_empty_pile_state(), claim("or", (5, "o"), (6, "r")))
    with pytest.raises(RuleError) as refused:
        MOVES.apply(state, {"do": "pilfer", "from": "Ben", "card": "Mars", "at": 0})
    assert refused.value.rule == "CX-9"
    assert str(refused.value).startswith("no pilfer is due: a pilfer follows at once an accepted word of 4+ letters")


# -- item 3: a claiming turn ends with done / next / pass; finish before 24 asks first -------


@pytest.mark.parametrize("word", ["done", "next", "pass"])
def test_issue20_item3_a_claiming_turn_ends_with_done_next_or_pass(table, word):
    session, shell, out = table
    typed(shell, out, "place alpha")
    before = len(session.events)
    text = typed(shell, out, word)
    assert text == "Ann's claiming turn is over; next: Ben places position 2 (`place LETTER`)."
    assert len(session.events) == before and session.state.phase == "placing"  # nothing recorded, not the end
    assert "first name the celestial card drawn for A" in typed(shell, out, "word a", word)


def _answering(shell, monkeypatch, answer):
    """A shell at a terminal whose player answers ``answer`` to the yes/no question."""
    asked = []
    monkeypatch.setattr(shell, "interactive", True)
    monkeypatch.setattr(shell, "confirm", lambda question: asked.append(question) or answer)
    return asked


@pytest.mark.parametrize("word", ["end", "finish"])
def test_issue20_item3_end_before_position_24_asks_first(table, monkeypatch, word):
    session, shell, out = table
    typed(shell, out, "place alpha", "word a", "card mars")
    asked = _answering(shell, monkeypatch, False)
    text = typed(shell, out, word)
    assert asked == ["End the whole game now, at position 1 of 24? (`done` ends only a claiming turn)"]
    assert "not finished: the game goes on; `done` ends a claiming turn" in text
    assert session.state.phase == "placing"
    asked = _answering(shell, monkeypatch, True)
    text = typed(shell, out, word)
    assert len(asked) == 1 and session.state.phase == "over" and session.state.early
    assert "That ends the whole game, not a turn" not in text  # the table said so itself


def test_issue20_item3_finish_early_and_a_script_never_ask(table, monkeypatch):
    session, shell, out = table
    typed(shell, out, "place alpha")
    text = typed(shell, out, "finish")  # a script cannot answer: it finishes, and says what it did
    assert session.state.phase == "over" and text.endswith("That ends the whole game, not a turn (G-6); "
                                                           "`undo` takes it back")
    typed(shell, out, "undo")
    asked = _answering(shell, monkeypatch, False)
    typed(shell, out, "finish early")
    assert asked == [] and session.state.phase == "over"


# -- item 3: a printed value typed once is kept on this machine for later games ------------------


def _interactive(table):
    """The quiet shell as an interactive table's: the machine's memory applies only there."""
    session, shell, out = table
    shell.interactive = True
    return session, shell, out


def _values_file(tmp_path):
    return tmp_path / "connexion-values.json"


def test_issue20_item3_a_value_typed_at_one_game_is_taken_at_the_next_without_asking(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = _interactive(open_table("connexion", tmp_path, seed=None, timer=0))
    typed(shell, out, "place alpha", "word a", "card virgo 44")
    assert session.state.total("Ann") == 44
    assert _values_file(tmp_path).stat().st_mode & 0o777 == 0o600
    later, shell, out = _interactive(open_table("connexion", tmp_path, seed=None, timer=0))
    text = " ".join(typed(shell, out, "place alpha", "word a", "card virgo").split())
    assert later.state.total("Ann") == 44 and "Ann takes Virgo (44)" in text
    assert "Virgo's 44 is the value this machine kept from an earlier game; `adjust value Virgo N`" in text
    assert later.events[-1]["value"] == 44  # journalled, so the save replays on any machine
    typed(shell, out, "adjust value virgo 40")
    third, shell, out = _interactive(open_table("connexion", tmp_path, seed=None, timer=0))
    assert "Virgo          40       kept" in typed(shell, out, "deck")
    assert "Libra          ?        when drawn" in typed(shell, out, "deck")


def test_issue20_item3_a_script_neither_keeps_nor_takes_a_value(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, seed=None, timer=0)
    typed(shell, out, "place alpha", "word a", "card virgo 44")
    assert not _values_file(tmp_path).exists()
    session, shell, out = _interactive(open_table("connexion", tmp_path, seed=None, timer=0))
    typed(shell, out, "place alpha", "word a", "card libra 50")
    assert '"Libra": 50' in _values_file(tmp_path).read_text()  # the control: an interactive table keeps it
    session, shell, out = open_table("connexion", tmp_path, seed=None, timer=0)  # a script again
    text = typed(shell, out, "place alpha", "word a", "card libra")
    assert "type the printed one" in text and session.state.held == ((), ())


def test_issue20_item3_a_correction_is_kept_and_values_forget_clears(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = _interactive(open_table("connexion", tmp_path, seed=None, timer=0))
    typed(shell, out, "place alpha", "word a", "card virgo 44", "adjust value virgo 40")
    listed = typed(shell, out, "values")
    assert "Virgo" in listed and "40" in listed and "44" not in listed
    assert typed(shell, out, "values forget").startswith("Forgot 1 card value;")
    assert not _values_file(tmp_path).exists()
    assert "No card value is kept" in typed(shell, out, "values")


@pytest.mark.parametrize("content", [b"[1, 2]", b'{"Virgo": 400}', b'{"Virgo": "44"}', b"\xff\xfe", b"{" * 5000,
                                     b'{"Virgo": true}', b'{"\\u001b[31mVirgo": 44}'])
def test_issue20_item3_a_damaged_values_file_is_ignored_and_the_value_asked(tmp_path, monkeypatch, content):
    monkeypatch.setenv("NO_COLOR", "1")
    _values_file(tmp_path).write_bytes(content)
    session, shell, out = _interactive(open_table("connexion", tmp_path, seed=None, timer=0))
    text = typed(shell, out, "place alpha", "word a", "card virgo")
    assert "type the printed one" in text and session.state.held == ((), ())


def test_issue20_item3_a_documented_value_is_never_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = _interactive(open_table("connexion", tmp_path, seed=None, timer=0))
    typed(shell, out, "place alpha", "word a", "card mars")
    assert session.state.total("Ann") == 4 and not _values_file(tmp_path).exists()


def test_issue20_item14_a_card_named_when_none_is_due_cites_cx8_not_cx7(table):
    session, shell, out = table
    text = " ".join(typed(shell, out, "place alpha", "card mars").split())
    assert text.endswith("✗ no celestial card is due: one is drawn right after an accepted word; "
                         "Ann's turn to claim words, then Ben places position 2 (CX-8)")
    assert "Mars" in session.state.pile and "card NAME" not in typed(shell, out, "moves")
    typed(shell, out, "word a")
    assert "takes Mars (4)" in typed(shell, out, "card mars")  # the control: due after a word


def test_issue20_item7_the_deck_is_paged_when_taller_than_a_phone(table):
    """A newcomer at 80x24: `deck`'s 29 rows pushed its head off the screen (`find` pages)."""
    from referee.core import render
    from referee.games.connexion.commands import deck_command

    session, shell, out = table
    reply = deck_command(shell.context, "")
    assert reply.long and any(isinstance(text, render.Long) for text in reply.parts())
