"""Core v2: moves declared once, phases as data, the state toolkit (issue 9, items 1-3)."""

from dataclasses import dataclass, replace

import pytest

from referee.core.errors import RuleError
from referee.core.errors import ActionError
from referee.core.moves import Move, MoveSet
from referee.core.phases import ANYONE, Phase, Phases
from referee.core.pieces import Hand, Supply
from referee.core.states import Chain, set_seat


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


def test_supply_and_hand_refuse_with_their_rule():
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


def test_evolve_changes_the_fields_named_and_refuses_an_unknown_one():
    from referee.core.states import evolve

    state = Tally()
    moved = evolve(state, turn=1, points=(2, 0))
    assert moved == Tally(turn=1, points=(2, 0)) and state == Tally()
    with pytest.raises(TypeError, match="no field 'score'"):
        evolve(state, score=3)
    gathered = {"turn": 1}
    assert evolve(state, gathered, points=(0, 4)) == Tally(turn=1, points=(0, 4)) and gathered == {"turn": 1}
    with pytest.raises(TypeError, match="no field 'score'"):
        evolve(state, {"score": 3})


def test_evolve_hands_on_a_fact_the_state_names_in_derived_out_of_repr_and_eq():
    from referee.core.states import evolve

    @dataclass(frozen=True)
    class Kept:
        turn: int = 0
        DERIVED = ("_seen",)

    state = evolve(Kept(), {"turn": 1, "_seen": frozenset({"a"})})
    assert state == Kept(turn=1) and repr(state).endswith("Kept(turn=1)")
    assert evolve(state, turn=2)._seen == frozenset({"a"})  # copied along like a field
    with pytest.raises(TypeError, match="no field '_unseen'"):
        evolve(state, {"_unseen": 1})


def test_read_refuses_a_field_missing_or_mistyped_in_its_own_words_and_types_the_rest():
    """Move.read: the first field missing or mistyped is refused in declaration order,
    never quoting its value; an optional field may hold None."""
    move = Move("tell", lambda s, a: s, lambda a: "tells", fields={"seat": int, "cards": (list, tuple), "note": str,
                                                                    "where": None},
                optional=("note",))
    typed = move.read({"do": "tell", "seat": 1, "cards": ("a",), "note": None, "where": [0, 1]})
    assert typed.seat == 1 and typed.note is None and typed == {"do": "tell", "seat": 1, "cards": ("a",),
                                                               "note": None, "where": [0, 1]}
    assert move.read(typed) is typed
    with pytest.raises(ActionError, match=r"^a tell action without its 'cards'$"):
        move.read({"do": "tell", "seat": 1, "where": 0})
    with pytest.raises(ActionError, match=r"^a tell action whose 'seat' is not what it holds$"):
        move.read({"do": "tell", "seat": True, "cards": [], "where": 0})  # a bool is no seat number
    with pytest.raises(ActionError, match=r"^a tell action whose 'note' is not what it holds$"):
        move.read({"do": "tell", "seat": 1, "cards": [], "note": 3, "where": 0})
    with pytest.raises(ActionError, match=r"^a tell action without its 'where'$"):
        move.read({"do": "tell", "seat": 1, "cards": []})


# -- core gaps 4: a move the phase does not open is named in the phase's refusal ------------


def _roll_phases(waiting, called=None):
    return MoveSet(
        [Move("add", _add, lambda a: "adds", fields={"n": int}),
         Move("start_roll", lambda s, a: s, lambda a: "rolls", called=called)],
        Phases([Phase("count", moves=("add",), waiting=waiting, rule="T-2"),
                Phase("over", over=True, waiting="the game is over; `score` shows it", rule="T-9")]))


def test_gaps4_the_phase_refusal_names_the_move_typed_after_its_first_clause():
    moves = _roll_phases("{player} first adds: `add N` (the die: 1 to 6; no more)")
    with pytest.raises(RuleError) as refused:
        moves.apply(Tally(), {"do": "start_roll"})
    # after "adds", not inside the backquotes or the brackets; the rule still last
    assert str(refused.value) == "Ann first adds, not `start roll`: `add N` (the die: 1 to 6; no more) (T-2)"
    assert refused.value.rule == "T-2"


def test_gaps4_a_sentence_of_one_clause_names_the_move_at_its_end_and_a_move_may_say_its_command():
    moves = _roll_phases("it is time for {player} to add (`add N`; 1 to 6)", called="`roll`")
    with pytest.raises(RuleError) as refused:
        moves.apply(Tally(), {"do": "start_roll"})
    assert str(refused.value) == "it is time for Ann to add (`add N`; 1 to 6), not `roll` (T-2)"


def test_gaps4_an_ended_game_only_says_it_is_over():
    moves = _roll_phases("{player} first adds")
    with pytest.raises(RuleError) as refused:
        moves.apply(replace(Tally(), phase="over"), {"do": "add", "n": 2})
    assert str(refused.value) == "the game is over; `score` shows it (T-9)"


@pytest.mark.parametrize("name, settings, lines, typed, said", [
    ("colors", {"mode": "digital", "seed": 5, "variant": "wild", "players": ("Ann", "Ben", "Cy", "Di")},
     (), "swap Rc for W with Di", "✗ it is time for Ann to play (`play CARD@CELL ...` or `pass`), not `swap` (Turns)"),
    ("connexion", {}, ("place iota",), "vote Ann yes", "✗ no card, pilfer or vote is awaited now, not `vote`:"),
    ("connexion", {}, ("place iota", "place omicron", "word oi"), "bonus",  # start_bonus, typed `bonus`
     "✗ first name the celestial card drawn for OI (`card NAME`), not `bonus` (CX-8)"),
    ("cosmocode", {}, ("start Ann",), "perk a", "✗ Ann first chooses a range, not `perk`:"),
    ("connections", {}, ("start cowboy/race/tiger/bowl 2",), "hand Ben 3", "round 1 is under way, not `hand`:"),
])
def test_gaps4_the_four_games_refusals_name_the_command_typed(tmp_path, monkeypatch, name, settings, lines, typed,
                                                             said):
    """At the table: Colors' pre-port "…, not to swap" comes back as "…, not `swap`"."""
    from referee.core import render
    from tests.tables import open_table

    monkeypatch.setenv("NO_COLOR", "1")
    render.set_color(None)
    session, shell, out = open_table(name, tmp_path, **settings)
    for line in lines:
        assert shell.execute(line), out[-1]
    before = session.state
    assert not shell.execute(typed)
    assert said in " ".join(out[-1].split()), out[-1]  # one refusal, broken between words if long
    assert session.state is before
