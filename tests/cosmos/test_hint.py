"""The energy phase's hint (issue 10: "the shifts the player can make and what each
yields, best first by a stated simple measure"): every shift it offers is legal and
typed as the command reads it, every legal outcome is among them, the order is the
stated measure's, and it depends on nothing secret (it is shown to the whole table)."""

from itertools import product

import pytest
from hypothesis import given, settings

from referee.core import render
from referee.core.errors import RuleError
from referee.core.pieces import Supply
from referee.core.states import evolve
from referee.games.cosmos import energy, reading_energy, hint
from referee.games.cosmos.moves import MOVES
from referee.games.cosmos.state import CONTROLS
from tests.cosmos.helpers import new_game, with_controls, with_hand, with_turn
from tests.cosmos.test_energy import EXAMPLE_BEFORE, FakeSession, _state, boards


@pytest.fixture(autouse=True)
def plain(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    render.set_color(None)


def example():
    return with_turn(with_controls(new_game(), EXAMPLE_BEFORE), "Ann")


def _all_outcomes(state, seat):
    """Brute force: every list of up to 3 steps of any token and any size, through the rules."""
    tokens = [("own", None)] + [("dark", c) for c in CONTROLS]
    found = set()
    for length in (1, 2, 3):
        for picks in product(tokens, repeat=length):
            for sizes in product((1, 2, 3), repeat=length):
                steps = [[who, control, n] for (who, control), n in zip(picks, sizes)]
                try:
                    found.add(hint._outcome(energy.shifted(state, seat, steps)))
                except RuleError:
                    pass
    return found


def test_ct3_hint_example_offers_the_rulebooks_shift_and_its_yield():
    options = hint.ranked(example(), 0)
    yields = [given for _score, _typed, _where, given, _short in options]
    assert energy.yield_of(example(), 0, [["dark", "chemistry", 2], ["own", None, 1]]) in yields


@settings(max_examples=60, deadline=None)
@given(boards())
def test_ct3_hint_covers_every_legal_outcome_and_each_command_is_accepted(board):
    n, controls = board
    state = _state(n, controls)
    offered = hint.shifts(state, 0)
    assert {hint._outcome(c) for _steps, c in offered} == _all_outcomes(state, 0)
    session = FakeSession(state)
    for steps, controls_after in offered:
        typed = hint.command(steps)
        read = reading_energy.read_steps(session, typed[len("shift "):])
        assert read == steps
        assert MOVES.can(state, {"do": "shift", "steps": read, "by": state.players[0]})


def test_ct3_hint_best_first_by_units_given():
    state = example()
    scores = [score for score, *_ in hint.ranked(state, 0)]
    assert scores == sorted(scores, reverse=True)
    short = dict(state.supply)
    short["O"] = Supply(short["O"].name, 0, "CT-4")
    short["H"] = Supply(short["H"].name, 0, "CT-4")
    ranked = hint.ranked(evolve(state, supply=short), 0)
    assert ranked[0][2] not in ("time", "light")  # an empty reserve puts its shifts lower
    assert any(option[4] for option in ranked)


def test_ct3_hint_is_refused_outside_the_energy_phase():
    with pytest.raises(RuleError) as error:
        hint.hint_text(evolve(example(), phase="craft"), 50)
    assert "(CT-3)" in str(error.value)


def test_ct3_hint_fits_50_columns_and_shows_the_commands():
    text = hint.hint_text(example(), 50)
    assert all(len(line) <= 50 for line in text.splitlines())
    assert "1. shift " in text and "units gained" in text


def test_ct3_hint_depends_on_no_hand_so_it_may_be_public():
    one = with_hand(example(), "Ann", "light", "light")
    two = with_hand(example(), "Ann", "time", unknown=3)
    other_deck = evolve(two, deck=tuple(reversed(two.deck)))
    assert hint.hint_text(one, 50) == hint.hint_text(two, 50) == hint.hint_text(other_deck, 50)


def test_ct3_hint_all_lists_every_different_yield():
    state = example()
    text = hint.hint_text(state, 50, limit=None)
    assert text.count(". shift ") == len(hint.ranked(state, 0))
    assert "`hint all`" in hint.hint_text(state, 50) or len(hint.ranked(state, 0)) <= hint.LIMIT
