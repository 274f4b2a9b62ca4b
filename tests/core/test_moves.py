"""Core v2: moves declared once, phases as data, the state toolkit (issue 9, items 1-3)."""

from dataclasses import dataclass, replace

import pytest

from referee.core.errors import RuleError
from referee.core.moves import ActionError, Move, MoveSet
from referee.core.phases import ANYONE, Phase, Phases
from referee.core.pieces import Chain, Counter, Hand, Supply, set_seat


@dataclass(frozen=True)
class Tally:
    players: tuple = ("Ann", "Ben")
    turn: int = 0
    phase: str = "count"
    points: tuple = (0, 0)
    notes: Chain = Chain()


def _add(state, action):
    seat = state.turn
    return replace(state, points=set_seat(state.points, seat, state.points[seat] + action["n"]),
                   turn=1 - seat, phase="over" if state.points[seat] + action["n"] >= 10 else "count")


def _check_add(state, action):
    if not 1 <= action["n"] <= 6:
        raise RuleError(f"a die shows 1 to 6, not {action['n']}", rule="T-1")


MOVES = MoveSet(
    [Move("add", _add, lambda a: f"adds {a['n']}", rule="T-1", check=_check_add, fields={"n": int}),
     Move("note", lambda s, a: replace(s, notes=s.notes.add(a["text"])), lambda a: "notes something",
          fields={"text": str}, public=lambda a: "writes a note", anytime=True)],
    Phases([Phase("count", moves=("add",), prompt="{player} adds? ", default="add", status="{player} to add",
                  waiting="{player} adds a die first", rule="T-2", turn_rule="T-3", next=("over",)),
            Phase("over", over=True, prompt="over> ", waiting=lambda s: f"the game is over at {max(s.points)}",
                  rule="T-9"),
            Phase("free", moves=("add",), acts=ANYONE)]),
)


def test_checks_run_in_order_move_exists_then_over_then_phase_then_player_then_rule():
    state = Tally()
    with pytest.raises(ActionError):
        MOVES.apply(state, {"do": "fly"})
    with pytest.raises(ActionError):
        MOVES.apply(state, {"do": "add", "n": "3"})  # a field of the wrong type: damaged
    with pytest.raises(RuleError) as turn:
        MOVES.apply(state, {"do": "add", "n": 9, "by": "Ben"})
    assert turn.value.rule == "T-3" and "Ann's turn, not Ben's" in str(turn.value)
    with pytest.raises(RuleError) as die:
        MOVES.apply(state, {"do": "add", "n": 9, "by": "Ann"})
    assert die.value.rule == "T-1"
    over = replace(state, phase="over", points=(10, 0))
    with pytest.raises(RuleError) as ended:
        MOVES.apply(over, {"do": "note", "text": "x"})  # anytime moves too end with the game
    assert ended.value.rule == "T-9" and "over at 10" in str(ended.value)


def test_can_is_the_checks_without_the_effect():
    state = Tally()
    assert MOVES.can(state, {"do": "add", "n": 3})
    assert not MOVES.can(state, {"do": "add", "n": 7})
    assert not MOVES.can(state, {"do": "add", "n": 3, "by": "Ben"})
    assert MOVES.apply(state, {"do": "add", "n": 3}).points == (3, 0)


def test_open_moves_prompt_default_and_status_come_from_the_phase_table():
    state = Tally()
    assert [m.name for m in MOVES.open_now(state)] == ["add", "note"]
    assert MOVES.phases.prompt(state) == "Ann adds? "
    assert MOVES.phases.default(state) == "add"
    assert MOVES.phases.status(replace(state, turn=1)) == "Ben to add"
    assert MOVES.open_now(replace(state, phase="over")) == []


def test_a_secret_move_has_its_public_line():
    action = {"do": "note", "text": "Ann holds Mars"}
    assert MOVES.is_secret(action) and not MOVES.is_secret({"do": "add", "n": 1})
    assert MOVES.describe_public(action) == "writes a note"
    assert MOVES.describe(action) == "notes something"


def test_a_phase_naming_an_undeclared_move_is_refused_at_import():
    with pytest.raises(ValueError):
        MoveSet([], Phases([Phase("count", moves=("add",))]))
    with pytest.raises(ValueError):
        Phases([Phase("count", next=("nowhere",))])


def test_chain_is_shared_between_states_and_reads_as_before():
    empty = Chain()
    one = empty.add("a")
    two = one.add("b")
    assert tuple(two) == ("a", "b") and len(one) == 1 and two[-1] == "b" and two[:1] == ("a",)
    assert one._items is two._items  # shared, not copied
    branch = one.add("c")  # after an undo: the old chain is still what it was
    assert tuple(branch) == ("a", "c") and tuple(two) == ("a", "b")
    assert two == ("a", "b") and two == Chain(["a", "b"]) and two != branch
    assert two.set(0, "z") == ("z", "b") and two == ("a", "b")


def test_supply_hand_and_counter_refuse_with_their_rule():
    crystals = Supply("time crystal supply", 2, rule="CT-4")
    assert crystals.take(2).count == 0
    with pytest.raises(RuleError) as empty:
        crystals.take(3)
    assert empty.value.rule == "CT-4" and "holds only 2" in str(empty.value)
    hand = Hand(("5a",), unknown=1)
    assert len(hand.remove("9b")) == 1 and hand.remove("5a").known == ()
    with pytest.raises(RuleError) as none:
        Hand().remove("9b", rule="4", owner="Ann")
    assert str(none.value).startswith("Ann holds no 9b")
    slider = Counter("the DNA slider", 0, 0, 3, rule="CT-5")
    assert slider.by(3).value == 3
    with pytest.raises(RuleError):
        slider.by(4)


def test_evolve_changes_the_fields_named_and_refuses_an_unknown_one():
    from referee.core.pieces import evolve

    state = Tally()
    moved = evolve(state, turn=1, points=(2, 0))
    assert moved == Tally(turn=1, points=(2, 0)) and state == Tally()
    with pytest.raises(TypeError):
        evolve(state, score=3)
