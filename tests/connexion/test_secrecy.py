"""Secrets by construction in digital ConneXion (issue 9 item 5): a hand, and the order of
the pile below what was drawn, never reach the public screen, log or exports before the
end.

The leaks found, one test each, then the property: two games that differ ONLY in what is
hidden (the letters nobody has placed yet, shared out otherwise; the undrawn cards, in
another order) given the same public lines print the same public replies and refusals,
show the same toolbar, prompt, board, log, exports and --json. What goes to one seat
(render.Private, a refusal's private part) is collected apart and may differ.
"""

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import export
from referee.games.connexion import cards, state as table
from tests.tables import open_table, typed

# The letters the script places, by the seat that holds them; every other letter is hidden.
ANN_PLACES = ("mu", "phi", "omicron")  # positions 1, 3, 5
BEN_PLACES = ("eta", "alpha", "rho")  # positions 2, 4, 6: METAPHOR is 1-2-3-5-6
DRAWN = 3  # the script draws at most this many cards: the rest of the pile is hidden


def digital(home, monkeypatch, hands=None, pile=None):
    """A digital game of Ann and Ben; ``hands``/``pile`` replace the seeded deal (the
    hidden contents) while the header, and so everything public, stays the same."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.delenv("LINES", raising=False)
    from referee.games import load

    game = load("connexion")
    if hands is not None:
        def dealt(header):
            return replace(table.initial(header), hands=hands, pile=pile)

        monkeypatch.setattr(game, "initial", dealt)
    session, shell, out = open_table("connexion", home, mode="digital", seed=3, timer=0)
    session.clock = lambda: 1_000_000.0  # the log's times are public: the same in both games
    private = []
    shell.show_private = lambda owner, text: private.append((owner, str(text)))
    return session, shell, out, private


# -- the leaks ------------------------------------------------------------------------------


def test_issue9_leak5_ben_hand_ann_shows_nothing_publicly(tmp_path, monkeypatch):
    session, shell, out, private = digital(tmp_path, monkeypatch)
    ann = session.state.hands[0]
    names = [cards.letters()[key].name for key in ann]
    said = typed(shell, out, "Ben: hand Ann")
    assert "(G-2)" in said and not any(name in said for name in names)
    assert private == []  # refused outright: Ann's hand is shown to nobody
    said = typed(shell, out, "hand Ann")
    assert said == "" and len(private) == 1  # only through the private channel, to Ann
    owner, text = private[0]
    assert owner == "Ann" and all(name in text for name in names)


def test_issue9_hand_is_a_private_reply_of_its_owner(tmp_path, monkeypatch):
    session, shell, out, private = digital(tmp_path, monkeypatch)
    from referee.games.connexion.commands import hand_command

    reply = hand_command(shell.context, "Ben")
    assert reply.owner == "Ben" and reply.private.startswith("Ben holds: ")
    assert reply.public == () and "private_for" in reply.as_dict() and "holds" not in str(reply.as_dict())


def test_issue9_placing_a_letter_not_held_tells_the_table_nothing_of_the_hand(tmp_path, monkeypatch):
    session, shell, out, private = digital(tmp_path, monkeypatch)
    ann = session.state.hands[0]
    ben = session.state.hands[1]
    letters = cards.letters()
    said = typed(shell, out, f"place {letters[ben[0]].name.lower()}")  # Ann places first; Ben holds it
    assert said == f"✗ Ann cannot place {letters[ben[0]].name} now (G-2)"
    assert "hold" not in said and not any(letters[key].name in said for key in ann)
    assert private == [("Ann", f"✗ Ann does not hold {letters[ben[0]].name}; `hand Ann` shows the letters Ann holds")]
    assert session.events == []


def test_issue9_undo_yes_of_a_draw_puts_the_card_back_on_top(tmp_path, monkeypatch):
    session, shell, out, private = digital(tmp_path, monkeypatch, *_dealt(random.Random(1), random.Random(2)))
    typed(shell, out, "place mu", "place eta")
    top = session.state.pile[0]
    said = typed(shell, out, "word me")
    assert f"draws {top}" in said and top not in session.state.pile
    assert "not undone" in typed(shell, out, "undo")  # a script cannot un-see a draw without `yes`
    typed(shell, out, "undo yes")
    assert session.state.pile[0] == top and session.state.held_by("Ben") == ()
    assert f"draws {top}" in typed(shell, out, "word me")  # the same card, from the top again


# -- the property ----------------------------------------------------------------------------

SCRIPT = [
    "place eta",  # Ann does not hold it (it is Ben's): refused, the reason to Ann alone
    "place mu",
    "Ben: hand Ann",
    "hand Ann",
    "place eta",
    "word me",  # Ben draws the top card
    "deck",
    "place phi",
    "Ben: word pi",  # Ann's turn
    "place omicron",  # Ben's placing, Ann's letter: refused
    "place alpha",
    "place omicron",
    "place rho",
    "word metaphor",  # Ben draws the next card
    "contest",
    "vote all no",  # struck: the card goes back on top of the pile
    "word metaphor",  # CX-11
    "card mars",  # digital: the referee draws
]
PROBES = ["show", "score", "deck", "log", "words", "hand Ben", "Ann: hand Ben", "Ben: hand Ann", "card mars",
          "pilfer Ben mars", "vote all yes", "contest", "moves", "undo", "redo", "bonus i am", "adjust points Ann 3",
          "place mu", "word me", "finish no bonus", "Cy: hand Ann"]


def _dealt(shuffle_letters, shuffle_pile):
    """Hands holding the script's letters where it needs them, the other letters shared out
    at random; a pile whose top cards are fixed and the rest in a random order."""
    hidden = sorted(key for key in cards.letters() if key not in ANN_PLACES + BEN_PLACES)
    shuffle_letters.shuffle(hidden)
    half = len(hidden) // 2
    hands = (tuple(sorted(ANN_PLACES + tuple(hidden[:half]))), tuple(sorted(BEN_PLACES + tuple(hidden[half:]))))
    deck = sorted(card.name for card in cards.deck())
    top, rest = deck[:DRAWN], deck[DRAWN:]
    shuffle_pile.shuffle(rest)
    return hands, tuple(top + rest)


def _public(session, shell, out, lines):
    """Everything the table may see after each line, in order."""
    game = session.game
    seen = []
    header = dict(session.header, started="(the same)")  # the wall clock at the start
    for line in lines:
        out.clear()
        shell.execute(line)
        if session.over:  # the end shows what was hidden: compared no further
            return seen
        state = session.state
        seen.append((line, list(map(str, out)), game.toolbar(state), game.prompt(state), game.result(state)))
    seen.append(game.show(session))
    for fmt in ("text", "md", "csv", "json"):
        seen.append(export.render(game, header, session.records, False, fmt, states=session.states))
    return seen


SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(deals=st.tuples(st.randoms(use_true_random=False), st.randoms(use_true_random=False),
                       st.randoms(use_true_random=False), st.randoms(use_true_random=False)),
       probes=st.lists(st.tuples(st.integers(0, len(SCRIPT)), st.sampled_from(PROBES)), max_size=6))
def test_issue9_secrecy_hidden_letters_and_pile_change_no_public_output(tmp_path_factory, deals, probes):
    lines = list(SCRIPT)
    for at, probe in sorted(probes, reverse=True):
        lines.insert(at, probe)
    seen, private = [], []
    for first, second in (deals[:2], deals[2:]):
        with pytest.MonkeyPatch.context() as monkeypatch:
            session, shell, out, told = digital(tmp_path_factory.mktemp("table"), monkeypatch, *_dealt(first, second))
            seen.append(_public(session, shell, out, lines))
            private.append(told)
    assert seen[0] == seen[1]
    played = [entry[0] for entry in seen[0] if isinstance(entry, tuple)]
    if "hand Ann" in played:  # a probe such as `finish no bonus` may end the game before it
        assert any(owner == "Ann" for owner, _text in private[0])  # `hand Ann` went to Ann alone
