"""The energy phase of Crafting the Cosmos (issue 10, "Energy phase (CT-3), fully
computed"): the shift and its checks, the yield, collecting from finite supplies (CT-4),
taking energy cards and the nebula tile, the refill, and the commands that type them.

States come from tests/cosmos/helpers.py (a game after its setup) with the energy tokens
laid as each test wants; actions go through the game's own MoveSet (every check as at the
table).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import render
from referee.core.errors import InputError, RuleError
from referee.core.pieces import Hand, Supply
from referee.core.states import evolve, update_seat
from referee.core.play import play as run
from referee.games.cosmos import energy, reading_energy, replies, supplies
from referee.games.cosmos.moves import MOVES
from referee.games.cosmos.state import CAPACITY, CONTROLS, DARK, STARS
from tests.cosmos.helpers import new_game, play, table, with_controls, with_turn
from tests.tables import typed


@pytest.fixture(autouse=True)
def plain(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "50")
    render.set_color(None)


def board_of(state, who="Ann"):
    return state.boards[state.players.index(who)]


def at(controls, turn="Ann", mode="digital", **changes):
    """A 4-player game (Ann, Ben, Cy, Di) with the tokens as given, ``turn`` to shift."""
    state = with_turn(with_controls(new_game(mode=mode), controls), turn)
    return evolve(state, **changes) if changes else state


def shift(state, *steps):
    return play(state, {"do": "shift", "steps": [list(step) for step in steps]})


def refused(state, action, rule=None):
    action = dict(action, by=state.player)
    with pytest.raises(RuleError) as error:
        MOVES.apply(state, action)
    if rule:
        assert f"({rule})" in str(error.value)
    return str(error.value)


# -- the rulebook's example ------------------------------------------------------------------

EXAMPLE_BEFORE = {"light": ["Ben", "Cy", "Di"], "time": ["dark", "dark"], "chemistry": ["Ann", "dark"]}


def test_ct3_rulebook_example_magenta_collects_1_O_2_DNA_3_crystals_1_graviton_0_proto_3_cards():
    """Magenta (Ann) ends in Time with Time 3, Gravity 1, Chemistry 0, Light 3: the dark token
    leaves chemistry 2 (light is full: skipped) to gravity, then Ann's own 1 (light full
    again: skipped) into time."""
    before = at(EXAMPLE_BEFORE)
    steps = (("dark", "chemistry", 2), ("own", None, 1))
    after = shift(before, *steps)
    assert [len(tokens) for tokens in after.controls] == [3, 3, 1, 0]
    assert 0 in after.tokens("time")
    ann = board_of(after)
    assert ann.loose_stars[STARS.index("O")] == board_of(before).loose_stars[STARS.index("O")] + 1
    assert ann.dna == 2 and ann.graviton == 1 and ann.supernova == 0
    assert ann.chamber == board_of(before).chamber + 3
    assert ann.loose_proto == 0
    assert after.to_take == 3 and not after.nebula_due and after.phase == "collect"
    assert after.gained["got"] == energy.yield_of(before, 0, [list(s) for s in steps])
    assert after.gained["control"] == "time" and after.gained["short"] == {}
    assert before.left("O") - after.left("O") == 1 and before.left("life") == after.left("life")


def test_ct3_yield_counts_every_token_and_own_power_tokens_even_in_an_empty_control():
    state = at({"light": ["Ann"], "time": ["dark", "Ben"], "gravity": ["Cy", "dark", "dark"], "chemistry": ["Di"]})
    ann = board_of(state)
    state = evolve(state, boards=update_seat(state.boards, 0, lambda b: evolve(
        b, power=(("Big Bang", "chemistry"), ("Pulsar", "chemistry"), ("Nova", "light"), None))))
    got = energy.yield_of(state, 0, [["own", None, 3]])  # light → time → (gravity full) chemistry → light
    assert got["H"] == 3  # back in light: its active reward
    assert got["cards"] == 1 + 1  # Ann in light + her light power token
    assert got["crystal"] == 2 and got["graviton"] == 3
    assert got["proto"] == 1 + 2  # Di's token + Ann's two chemistry power tokens
    assert ann.loose_stars == (0, 0, 0, 0)


def test_ct3_power_token_alone_yields_in_a_control_without_energy_tokens():
    state = at({"light": ["Ann", "Ben"], "time": ["Cy", "Di", "dark"], "gravity": ["dark", "dark"]})
    state = evolve(state, boards=update_seat(state.boards, 0, lambda b: evolve(
        b, power=(("Solar Wind", "chemistry"), None, None, None))))
    steps = [["own", None, 1], ["dark", "gravity", 2]]  # Ann to gravity; a dark token passes chemistry to light
    assert energy.shifted(state, 0, steps)[CONTROLS.index("chemistry")] == ()
    got = energy.yield_of(state, 0, steps)
    assert got["proto"] == 1  # no energy token in chemistry: the power token alone (CT-3)


# -- the checks of a shift ------------------------------------------------------------------------


def test_ct3_wrong_direction_cannot_be_said_and_a_negative_count_is_refused():
    """The action has no direction: every step goes clockwise. A count below 1 (what a
    player might type to go back) is refused, citing Shift."""
    state = at(EXAMPLE_BEFORE)
    said = refused(state, {"do": "shift", "steps": [["own", None, -1], ["own", None, 4]]}, "Shift")
    assert "clockwise" in said and "'shift -1 4'" in said
    refused(state, {"do": "shift", "steps": [["own", None, 0], ["own", None, 3]]}, "Shift")


@pytest.mark.parametrize("steps, spaces", [
    ([["own", None, 4]], 4), ([["own", None, 2], ["dark", "time", 2]], 4),
    ([["own", None, 2]], 2), ([["own", None, 1]], 1),
    ([["own", None, 2], ["dark", "time", 2], ["own", None, 1]], 5), ([["own", None, 10 ** 9]], 10 ** 9)])
def test_ct3_a_shift_moves_exactly_3_spaces(steps, spaces):
    said = refused(at(EXAMPLE_BEFORE), {"do": "shift", "steps": steps}, "CT-3")  # the ruling (issue 20 item 12)
    assert f"moves {spaces} space" in said and "3 in all" in said


def test_ct3_own_token_must_move_at_least_one_space():
    said = refused(at(EXAMPLE_BEFORE), {"do": "shift", "steps": [["dark", "time", 3]]}, "Shift")
    assert "Ann's own token must move at least 1 space" in said and "'shift time 3'" in said


def test_ct3_someone_elses_token_is_refused():
    said = refused(at(EXAMPLE_BEFORE), {"do": "shift", "steps": [["Ben", None, 1], ["own", None, 2]]}, "Shift")
    assert "only your own and dark tokens" in said and "Ben's" in said
    # naming oneself is the own token
    assert MOVES.can(at(EXAMPLE_BEFORE), {"do": "shift", "steps": [["Ann", None, 3]], "by": "Ann"})


def test_ct3_a_dark_token_must_lie_in_the_control_named_at_that_moment():
    state = at(EXAMPLE_BEFORE)
    said = refused(state, {"do": "shift", "steps": [["dark", "gravity", 1], ["own", None, 2]]}, "Shift")
    assert "no dark token lies in gravity" in said
    # after the first step moves one there, it does
    assert MOVES.can(state, {"do": "shift", "by": "Ann",
                             "steps": [["dark", "chemistry", 2], ["dark", "gravity", 1]]}) is False  # own 0
    assert MOVES.can(state, {"do": "shift", "by": "Ann",
                             "steps": [["dark", "chemistry", 1], ["dark", "time", 1], ["own", None, 1]]})


def test_ct3_a_full_control_is_skipped_and_costs_no_space():
    """Ann in chemistry, light full: one space lands in time, not light."""
    after = shift(at({"light": ["Ben", "Cy", "Di"], "chemistry": ["Ann"], "gravity": ["dark", "dark", "dark"]}),
                  ("own", None, 1), ("dark", "gravity", 2))
    assert 0 in after.tokens("time")
    assert len(after.tokens("light")) == CAPACITY


def test_ct3_no_token_ever_ends_in_a_full_control():
    """A step that would end on a full control goes past it (the skip): a 4th token never
    lands. Time is full: Ann's 1 space from light ends in gravity, not time."""
    after = shift(at({"light": ["Ann"], "time": ["Ben", "Cy", "Di"], "gravity": ["dark"],
                      "chemistry": ["dark", "dark"]}), ("own", None, 1), ("dark", "chemistry", 2))
    assert 0 in after.tokens("gravity") and after.tokens("time") == (1, 2, 3)
    assert all(len(tokens) <= CAPACITY for tokens in after.controls)


def test_ct3_rulebook_own_token_may_end_where_it_started_by_moving_3_and_skipping():
    after = shift(at({"light": ["Ann"], "time": ["Ben", "Cy", "Di"], "gravity": ["dark"],
                      "chemistry": ["dark", "dark"]}), ("own", None, 3))
    assert 0 in after.tokens("light")  # light → (time full) gravity → chemistry → light
    assert after.gained["control"] == "light"


def test_ct3_shift_refused_outside_the_energy_phase_or_by_another_player():
    state = at(EXAMPLE_BEFORE)
    with pytest.raises(RuleError):
        MOVES.apply(state, {"do": "shift", "steps": [["own", None, 3]], "by": "Ben"})
    with pytest.raises(RuleError):
        MOVES.apply(evolve(state, phase="craft"), {"do": "shift", "steps": [["own", None, 3]], "by": "Ann"})


# -- collecting from finite supplies (CT-4) ---------------------------------------------------------


def _supply(state, **counts):
    supply = dict(state.supply)
    for name, count in counts.items():
        supply[name] = Supply(supply[name].name, count, "CT-4")
    return evolve(state, supply=supply)


def test_ct4_a_short_supply_gives_what_it_has_and_says_what_it_could_not():
    state = _supply(at(EXAMPLE_BEFORE), O=0, life=0)
    after = shift(state, ("dark", "chemistry", 2), ("own", None, 1))
    assert after.gained["short"] == {"O": 1}
    assert after.gained["got"]["O"] == 0 and after.left("O") == 0
    assert board_of(after).loose_stars == board_of(state).loose_stars
    lines = replies.short_text(state, after.gained["short"])
    assert lines == ["the O star reserve could not give 1 O"]


def test_ct4_chemistry_nebula_is_due_then_chosen_from_a_stack_with_tiles():
    state = at({"light": ["Ben", "Cy", "Di"], "gravity": ["Ann"], "time": ["dark", "dark"], "chemistry": ["dark"]})
    after = shift(state, ("own", None, 1), ("dark", "time", 2))  # Ann to chemistry; a dark token to chemistry too
    assert after.nebula_due and after.phase == "collect"
    emptied = _supply(after, nebula2=0)
    said = refused(emptied, {"do": "nebula", "size": 2}, "CT-4")
    assert "size 2 nebula stack is empty" in said and "1 or 3" in said
    chosen = play(after, {"do": "nebula", "size": 3})
    assert board_of(chosen).loose_nebulae == (0, 0, 1) and chosen.left("nebula3") == after.left("nebula3") - 1
    assert not chosen.nebula_due


def test_ct4_no_nebula_due_when_every_stack_is_empty():
    state = _supply(at({"gravity": ["Ann"], "light": ["dark"]}), nebula1=0, nebula2=0, nebula3=0)
    after = shift(state, ("own", None, 1), ("dark", "light", 2))
    assert after.gained["control"] == "chemistry" and after.gained["short"] == {"nebula": 1}
    assert not after.nebula_due and after.left("C") == state.left("C") - 1
    assert replies.short_text(state, after.gained["short"]) == ["every nebula stack is empty: no nebula tile"]


def test_ct4_time_chamber_full_takes_a_new_crystal_from_the_supply_then_the_box():
    state = at(EXAMPLE_BEFORE)
    state = evolve(supplies.board(state, 0, chamber=5), supply=dict(state.supply))
    state = _supply(state, crystals=1)
    after = shift(state, ("dark", "chemistry", 2), ("own", None, 1))  # 3 crystal steps: 5 → top, 0, 1, 2
    ann = board_of(after)
    assert ann.crystals == 1 and ann.chamber == 2
    assert after.left("crystals") == 0 and after.ending
    assert after.gained["tokens"] == (1, 0)
    said = replies.shift_reply(state, after, [["dark", "chemistry", 2], ["own", None, 1]]).text()
    assert "1 new crystal token from the supply" in said and "game ends after this round's end phase" in said
    again = shift(evolve(after, phase="energy", boards=update_seat(after.boards, 0, lambda b: evolve(b, chamber=5))),
                  ("own", None, 3))
    assert board_of(again).crystals == 2 and again.gained["tokens"] == (0, 1)
    assert again.left("box") == after.left("box") - 1


def test_ct4_supply_counts_never_go_below_zero_when_everything_is_short():
    state = _supply(at({"light": ["Ann", "Ben", "Cy"], "time": ["Di", "dark"], "gravity": ["dark", "dark"]}),
                    H=1, life=0, He=0)
    after = shift(state, ("own", None, 3))  # light → time → gravity → chemistry? depends on fullness
    assert all(supply.count >= 0 for supply in after.supply.values())


# -- taking energy cards ---------------------------------------------------------------------------


def collecting(mode="digital", **changes):
    state = at(EXAMPLE_BEFORE, mode=mode, **changes)
    return shift(state, ("dark", "chemistry", 2), ("own", None, 1))


def test_ct3_take_from_display_and_deck_in_digital_mode():
    state = collecting()
    display = state.display
    top = state.deck[:2]
    after = play(state, {"do": "take", "cards": [display[0], "deck", "deck"]})
    assert after.hands[0].known[-3:] == (display[0],) + top
    assert after.phase == "craft" and after.to_take == 0
    assert len(after.display) == 4  # refilled at the end of the energy phase (digital)


def test_ct3_take_in_parts_and_never_more_than_gained():
    state = collecting()
    part = play(state, {"do": "take", "cards": ["deck"]})
    assert part.phase == "collect" and part.to_take == 2
    said = refused(part, {"do": "take", "cards": ["deck", "deck", "deck"]}, "CT-3")
    assert "takes 2 energy cards, not 3" in said


def test_ct3_take_a_type_the_display_does_not_show_is_refused():
    state = evolve(collecting(), display=("light", "light", "time", "time"))
    said = refused(state, {"do": "take", "cards": ["gravity"]}, "CT-3")
    assert "display holds 0 gravity" in said
    said = refused(state, {"do": "take", "cards": ["light", "light", "light"]}, "CT-3")
    assert "display holds 2 light" in said


def test_ct4_deck_and_discard_empty_the_deck_cannot_give():
    state = evolve(collecting(), deck=(), deck_left=0, discard=())
    said = refused(state, {"do": "take", "cards": ["deck"]}, "CT-4")
    assert "deck and discard pile hold 0" in said


def test_ct4_cards_gained_are_capped_by_what_display_deck_and_discard_hold():
    state = at(EXAMPLE_BEFORE, deck=(), deck_left=0, discard=("time",), display=("light",))
    after = shift(state, ("dark", "chemistry", 2), ("own", None, 1))
    assert after.to_take == 2 and after.gained["short"] == {"cards": 1}


def test_ct4_empty_deck_reshuffles_the_discard_pile():
    state = evolve(collecting(), deck=("light",), deck_left=1, discard=("time", "gravity", "chemistry"))
    after = play(state, {"do": "take", "cards": ["deck", "deck", "deck"]})
    assert after.reshuffles == state.reshuffles + 1
    assert sorted(after.hands[0].known[-3:]) == sorted(["light"] + list(after.hands[0].known[-2:]))
    assert after.discard == ()


def test_ct3_table_mode_deck_draws_are_unknown_cards_and_the_display_card_known():
    state = collecting(mode="table")
    hand = state.hands[0]
    after = play(state, {"do": "take", "cards": [state.display[0], "deck", "deck"]})
    assert after.hands[0].unknown == hand.unknown + 2
    assert after.hands[0].known == hand.known + (state.display[0],)
    assert after.deck_left == state.deck_left - 2
    assert after.phase == "refill"  # the table names the card laid in the gap
    said = refused(after, {"do": "display", "cards": ["light", "time"]}, "Resources")
    assert "1 card is to be laid face up, not 2" in said
    done = MOVES.apply(after, {"do": "display", "cards": ["gravity"]})
    assert done.phase == "craft" and len(done.display) == 4 and done.deck_left == after.deck_left - 1


def test_ct3_table_mode_display_copies_are_checked():
    state = collecting(mode="table")
    after = play(state, {"do": "take", "cards": [state.display[0], "deck", "deck"]})
    lots = evolve(after, discard=("light",) * 14, display=("light",) + after.display[1:])
    said = refused(lots, {"do": "display", "cards": ["light"]})
    assert "15 of each type" in said


# -- the property tests -------------------------------------------------------------------------------


@st.composite
def boards(draw):
    """(players, controls) of a legal board: every token in a control of at most 3."""
    n = draw(st.integers(2, 4))
    darks = {2: 4, 3: 3, 4: 3}[n]
    tokens = list(range(n)) + [DARK] * darks
    controls = [[], [], [], []]
    for token in tokens:
        room = [i for i in range(4) if len(controls[i]) < CAPACITY]
        controls[draw(st.sampled_from(room))].append(token)
    return n, tuple(tuple(c) for c in controls)


step = st.tuples(st.sampled_from(["own", "dark"]), st.sampled_from(CONTROLS), st.integers(1, 3))


def _state(n, controls):
    state = new_game(players=("Ann", "Ben", "Cy", "Di")[:n])
    return evolve(state, controls=controls, turn=0, phase="energy")


def _nth_open(controls, start, n, token):
    """An independent reading of the skip rule: with the token lifted from ``start``, the
    control it ends in is the n-th control clockwise that is not full."""
    lifted = list(controls[start])
    lifted.remove(token)
    sizes = [len(c) for c in controls]
    sizes[start] = len(lifted)
    at, found = start, 0
    while found < n:
        at = (at + 1) % 4
        if sizes[at] < CAPACITY:
            found += 1
    return at


@settings(max_examples=300, deadline=None)
@given(boards(), st.lists(step, min_size=1, max_size=3))
def test_ct3_property_a_shift_conserves_tokens_never_overfills_and_moves_clockwise(board, raw):
    n, controls = board
    state = _state(n, controls)
    steps = [["own", None, k] if who == "own" else ["dark", control, k] for who, control, k in raw]
    try:
        after = energy.shifted(state, 0, steps)
    except RuleError:
        return
    assert sorted(t for c in after for t in c) == sorted(t for c in controls for t in c)
    assert all(len(c) <= CAPACITY for c in after)
    # replay step by step with the independent reading of clockwise + skip
    now = [list(c) for c in controls]
    for who, control, k in steps:
        token = 0 if who == "own" else DARK
        start = next(i for i, c in enumerate(now) if token in c) if who == "own" else CONTROLS.index(control)
        end = _nth_open(tuple(tuple(c) for c in now), start, k, token)
        now[start].remove(token)
        now[end].append(token)
    assert [sorted(c) for c in now] == [sorted(c) for c in after]


@settings(max_examples=200, deadline=None)
@given(boards(), st.dictionaries(st.sampled_from(["H", "He", "O", "C", "life", "nebula1", "nebula2", "nebula3"]),
                                 st.integers(0, 2)))
def test_ct4_property_supplies_never_below_zero_and_given_plus_short_is_the_yield(board, counts):
    n, controls = board
    state = _supply(_state(n, controls), **counts)
    for steps in ([["own", None, 3]], [["own", None, 1], ["own", None, 2]]):
        wanted = energy.yield_of(state, 0, steps)
        after = MOVES.apply(state, {"do": "shift", "steps": steps, "by": "Ann"})
        assert all(supply.count >= 0 for supply in after.supply.values())
        got, short = after.gained["got"], after.gained["short"]
        assert all(got[k] + short.get(k, 0) == wanted[k] for k in wanted)


# -- secrecy: digital deck draws are told to their owner only -------------------------------------------


class FakeSession:
    """Just what an energy move's command (core.play) uses of a session, over the game's
    MoveSet with every check."""

    game = type("Game", (), {"moves": MOVES})

    def __init__(self, state):
        self.state = state
        self.speaker = None
        self.players = list(state.players)
        self.last = None

    def stamp(self, action):
        return dict(action)

    def do(self, action, allowed=None):
        self.state, self.last = MOVES.apply(self.state, action), action
        return self.state

    def find_player(self, text):
        return next((p for p in self.players if p.lower() == text.lower()), None)


def test_ct3_secret_deck_draws_give_identical_public_replies_whatever_the_deck_order():
    base = collecting()
    other = evolve(base, deck=tuple(reversed(base.deck)))
    assert base.deck != other.deck
    replies = []
    for state in (base, other):
        session = FakeSession(state)
        answer = run(session, MOVES["take"], "deck 2 deck")
        assert answer.private is None  # issue 18 item 4: nothing private unasked; `hand Ann` shows the cards
        reply = answer.text()
        assert "Ann drew 3 cards (`hand Ann` shows them)" in reply
        replies.append((reply, MOVES.describe({"do": "take", "cards": ["deck", "deck", "deck"]}), session.state.hands))
    assert replies[0][:2] == replies[1][:2]
    assert replies[0][2] != replies[1][2]


# -- the commands -------------------------------------------------------------------------------------


def _steps(line):
    return reading_energy.read_steps(FakeSession(new_game()), line)


@pytest.mark.parametrize("line, steps", [
    ("3", [["own", None, 3]]),
    ("2 time 1", [["own", None, 2], ["dark", "time", 1]]),
    ("own 2, dark@time 1", [["own", None, 2], ["dark", "time", 1]]),
    ("1 t1 1", [["own", None, 1], ["dark", "time", 1], ["own", None, 1]]),
    ("dark chem 2 own 1", [["dark", "chemistry", 2], ["own", None, 1]]),
    ("g:1 own2", [["dark", "gravity", 1], ["own", None, 2]]),
    ("ben 1 2", [["Ben", None, 1], ["own", None, 2]]),
    ("-1 4", [["own", None, -1], ["own", None, 4]]),
])
def test_ct3_shift_syntax_reads_the_common_cases(line, steps):
    assert _steps(line) == steps


@pytest.mark.parametrize("line", ["", "2 moon 1", "dark 1", "own x"])  # `time` alone: to time (issue 20 item 2)
def test_ct3_shift_words_it_cannot_read_are_one_line(line):
    with pytest.raises(InputError) as error:
        _steps(line)
    assert "\n" not in str(error.value)


def test_ct3_hint_at_the_table_is_public_and_fits_50_columns(tmp_path):
    session, shell, out = table(tmp_path)
    typed(shell, out, "goal proto life")
    out.clear()
    shell.execute("hint")
    assert out and not any(isinstance(part, render.Private) for part in out)
    said = "\n".join(out)
    assert "1. shift" in said and "Traceback" not in said
    assert all(len(line) <= 50 for line in said.splitlines())


def test_ct3_shift_commands_refusals_cite_shift_and_leave_the_game(tmp_path):
    session, shell, out = table(tmp_path)
    typed(shell, out, "goal proto life")
    before = session.state
    said = typed(shell, out, "shift 2", "shift 4", "shift time 3", "shift 1 moon 2", "shft 3")
    assert session.state == before
    assert said.count("(Shift)") + said.count("(CT-3)") >= 3 and "Traceback" not in said  # CT-3: issue 20 item 12
    said = typed(shell, out, "shift 3")
    assert "gains" in said and session.state.phase in ("collect", "craft", "refill")
    assert all(len(line) <= 50 for line in said.splitlines())
    if session.state.phase == "collect":
        said = typed(shell, out, "take")
        assert "from the deck" in said
    assert session.state.phase == "craft"


def test_ct3_shift_typo_suggests_the_control():
    with pytest.raises(InputError) as error:
        _steps("1 tiem 2")
    assert "did you mean time?" in str(error.value)


def test_ct3_energy_phase_replays_from_the_journal(tmp_path):
    from tests.tables import plays_and_replays

    session, shell, _out = table(tmp_path)
    plays_and_replays(session, shell, ["goal proto life", "shift 1 x", "shift 3", "take", "nebula 1", "take deck"])
    assert session.state.phase == "craft"


def test_ct3_take_when_only_the_nebula_is_due_says_so():
    state = at({"gravity": ["Ann"], "light": ["dark"]})
    after = shift(state, ("own", None, 1), ("dark", "light", 2))  # chemistry: a nebula, no light token
    assert after.nebula_due and after.to_take == 0
    said = refused(after, {"do": "take", "cards": []}, "CT-3")
    assert "no energy cards to take" in said and "nebula 1|2|3" in said


def test_ct3_table_setup_display_names_4_cards_then_the_goal():
    from tests.cosmos.helpers import fresh, table_order

    state = MOVES.apply(fresh(mode="table"), {"do": "tokens", "order": table_order(("Ann", "Ben", "Cy", "Di"))})
    assert state.phase == "display"
    said = refused(state, {"do": "display", "cards": ["light", "time", "time"]}, "Setup")
    assert "4 cards are to be laid face up, not 3" in said
    after = MOVES.apply(state, {"do": "display", "cards": ["light", "time", "time", "chemistry"]})
    assert after.phase == "goal" and after.display == ("light", "time", "time", "chemistry")
    assert after.deck_left == state.deck_left - 4


def test_ct3_digital_mode_has_no_display_move():
    state = evolve(new_game(), phase="refill")
    with pytest.raises(RuleError) as error:
        MOVES.apply(state, {"do": "display", "cards": ["light"]})
    assert "(G-2)" in str(error.value)
