"""The craft phase of Crafting the Cosmos (CT-5): placing, the sliders, completing a
nebula, advanced life (the rulebook's example; its secrecy), sets of 5, discharging the
time chamber as reported, and the end of the turn (Ω) with what is lost."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.errors import RuleError
from referee.core.pieces import Hand
from referee.core.states import evolve
from referee.games.cosmos import craft, supplies
from referee.games.cosmos.state import ADVANCED_GROUP2, Nebula
from tests.cosmos.helpers import new_game, play, refused, with_hand, with_turn


def crafting(players=("Ann", "Ben"), mode="digital", **board):
    """Ann to act in the craft phase, her board changed by ``board``."""
    state = with_turn(new_game(players, mode=mode), "Ann", "craft")
    return supplies.board(state, 0, **board) if board else state


def ann(state):
    return state.boards[0]


# -- place --------------------------------------------------------------------------------


def test_ct5_place_moves_loose_pieces_onto_the_board():
    state = crafting(loose_stars=(2, 1, 0, 0), loose_nebulae=(0, 1, 0), loose_proto=2)
    after = play(state, {"do": "place", "stars": ["H", "He"], "nebulae": [2], "proto": 1})
    b = ann(after)
    assert b.stars == (2, 1, 0, 0) and b.loose_stars == (1, 0, 0, 0)
    assert b.nebulae[-1] == Nebula(2) and b.loose_nebulae == (0, 0, 0)
    assert b.proto == 2 and b.loose_proto == 1


def test_ct5_place_only_what_is_loose():
    state = crafting(loose_stars=(1, 0, 0, 0))
    refused(state, {"do": "place", "stars": ["H", "H"]}, "Place", "1 loose H, not 2")
    refused(state, {"do": "place", "stars": ["C"]}, "Place")
    refused(state, {"do": "place", "nebulae": [3]}, "Place")
    refused(state, {"do": "place", "proto": 1}, "Place")
    refused(crafting(), {"do": "place"}, "Place", "nothing loose")


def test_ct5_place_is_for_the_player_to_act_only():
    state = crafting(loose_stars=(1, 0, 0, 0))
    with pytest.raises(RuleError):
        play(state, {"do": "place", "stars": ["H"], "by": "Ben"})


# -- sliders ------------------------------------------------------------------------------


def test_ct5_supernova_spends_the_slider_and_keeps_the_type():
    state = crafting(stars=(1, 2, 0, 0), supernova=1)
    b = ann(play(state, {"do": "supernova", "star": "He"}))
    assert b.supernova == 0 and b.stars == (1, 1, 0, 0) and b.novae == (0, 1, 0, 0)


def test_ct5_supernova_refusals():
    refused(crafting(stars=(1, 0, 0, 0)), {"do": "supernova", "star": "H"}, "Sliders", "slider is at 0")
    refused(crafting(supernova=1), {"do": "supernova", "star": "O"}, "Sliders", "no regular O")
    refused(crafting(supernova=1), {"do": "supernova", "star": "X"}, "Sliders")


def test_ct5_stabilise_spends_dna():
    state = crafting(proto=3, dna=2)
    b = ann(play(state, {"do": "stabilise", "count": 2}))
    assert (b.dna, b.proto, b.stable) == (0, 1, 2)
    refused(state, {"do": "stabilise", "count": 3}, "Sliders", "DNA slider is at 2")
    refused(crafting(proto=0, dna=1), {"do": "stabilise"}, "Sliders", "proto life")
    refused(state, {"do": "stabilise", "count": 0}, "Sliders")


def test_ct5_move_spends_a_graviton_and_changes_no_count():
    state = crafting(graviton=1, stars=(1, 1, 0, 0))
    b = ann(play(state, {"do": "move", "piece": "He"}))
    assert b.graviton == 0 and b.stars == (1, 1, 0, 0)
    refused(crafting(graviton=1), {"do": "move", "piece": "supernova"}, "Sliders", "supernova may not be moved")
    refused(crafting(graviton=1), {"do": "move", "piece": "stable"}, "Sliders", "no stable life")
    refused(crafting(), {"do": "move", "piece": "H"}, "Sliders", "graviton slider is at 0")


# -- complete -----------------------------------------------------------------------------


def test_ct5_complete_a_nebula_its_points_as_reported():
    state = crafting()
    after = play(state, {"do": "complete", "size": 2, "points": 8})
    b = ann(after)
    assert b.nebulae[1] == Nebula(2, True, 8) and b.points[3] == 8 and b.score == 8
    refused(after, {"do": "complete", "size": 2, "points": 8}, "CT-5", "no incomplete size 2")
    refused(state, {"do": "complete", "size": 4, "points": 1}, "CT-5")


# -- advanced life ------------------------------------------------------------------------


def ready_for_life(mode="digital", proto=3, stable=3):
    return crafting(mode=mode, proto=proto, stable=stable,
                    nebulae=(Nebula(1), Nebula(2, True, 8), Nebula(3)))


def test_advanced_rulebook_example_six_life_three_proto_discarded():
    state = ready_for_life()
    top = state.stack[0]
    life = state.left("life")
    after = play(state, {"do": "advanced", "size": 2, "proto": 3})
    b = ann(after)
    assert b.proto == 0 and b.stable == 3  # the stable life all stay
    assert after.left("life") == life + 3  # the proto life discarded to the supply
    assert b.nebulae[1].advanced and b.advanced == (top,)
    assert after.stack == state.stack[1:] and after.stack_left == state.stack_left - 1
    assert b.points[4] == 0  # scored only at the end


def test_advanced_refusals():
    refused(crafting(proto=6), {"do": "advanced", "size": 2, "proto": 6}, "Advanced", "no completed size 2")
    state = ready_for_life(proto=2, stable=3)
    refused(state, {"do": "advanced", "size": 2, "proto": 3}, "Advanced", "2 proto and 3 stable")
    refused(state, {"do": "advanced", "size": 2, "proto": 2}, "Advanced")  # needs 4 stable
    refused(state, {"do": "advanced", "size": 2, "proto": 7}, "Advanced")
    done = play(ready_for_life(), {"do": "advanced", "size": 2, "proto": 3})
    refused(supplies.board(done, 0, proto=6), {"do": "advanced", "size": 2, "proto": 6}, "Advanced")


def test_advanced_empty_stack_is_refused_ct4():
    state = evolve(ready_for_life(), stack=(), stack_left=0)
    refused(state, {"do": "advanced", "size": 2, "proto": 3}, "CT-4", "stack is empty")


def test_advanced_table_mode_takes_the_typed_value_checked_possible():
    state = ready_for_life(mode="table")
    after = play(state, {"do": "advanced", "size": 2, "proto": 3, "value": 7})
    assert ann(after).advanced == (7,) and after.stack_left == state.stack_left - 1
    error = refused(state, {"do": "advanced", "size": 2, "proto": 3, "value": 5}, "Advanced")
    assert "5" not in str(error) and error.owner == "Ann" and "typed 5" in error.private
    refused(state, {"do": "advanced", "size": 2, "proto": 3}, "Advanced", "types the value")


def test_advanced_possible_values_follow_the_two_groups():
    state = ready_for_life(mode="table")  # 2 players: the first 4 drawn are group 1
    assert craft.possible_value(state, 8) and craft.possible_value(state, 6)
    assert not craft.possible_value(state, 4) and not craft.possible_value(state, 9)
    four_eights = supplies.board(state, 0, advanced=(8, 8, 8, 8))  # the drawer's own (leaks: LEAK 1)
    assert not craft.possible_value(four_eights, 8)  # the fifth token: group 2 has no 8
    assert craft.possible_value(four_eights, 4) and craft.possible_value(four_eights, 7)
    sixes = supplies.board(state, 0, advanced=(6, 7, 7, 7) + (6,) * 5)
    assert not craft.possible_value(sixes, 6)  # group 1 has one 6, group 2 five: all drawn
    assert craft.possible_value(sixes, 5)


def test_advanced_secrecy_the_stack_changes_no_public_output():
    """Two games differing only in the advanced life stack: the same log line, the
    same public line, the same public state apart from the values themselves."""
    state = ready_for_life()
    other = evolve(state, stack=tuple(reversed(ADVANCED_GROUP2)) + state.stack[len(ADVANCED_GROUP2):])
    assert other.stack[0] != state.stack[0]
    from referee.games.cosmos.moves import MOVES
    action = {"do": "advanced", "size": 2, "proto": 3}
    one, two = play(state, action), play(other, action)
    assert MOVES.describe_public(action) == "creates advanced life on a size 2 nebula (3 proto life " \
        "discarded); value hidden until the end"
    assert MOVES.is_secret(action)
    assert evolve(ann(one), advanced=()) == evolve(ann(two), advanced=())
    assert one.stack_left == two.stack_left
    typed = dict(action, value=8)
    assert "8" not in MOVES.describe_public(typed) and "worth 8" in MOVES.describe(typed)


# -- sets ---------------------------------------------------------------------------------


def test_ct5_set_of_five_matching_cards_scores_six_and_repeats():
    state = with_hand(crafting(), "Ann", *["light"] * 10, "time")
    once = play(state, {"do": "set", "type": "light"})
    twice = play(once, {"do": "set", "type": "light"})
    assert ann(twice).points[1] == 12 and twice.hands[0] == Hand(("time",))
    assert twice.discard[-10:] == ("light",) * 10
    error = refused(twice, {"do": "set", "type": "light"}, "Cards")
    assert "time" not in str(error) and error.private is None and "`hand Ann`" in str(error)  # issue 18 item 4: the hand is not volunteered; `hand Ann` shows it


def test_ct5_set_from_unknown_cards_in_table_mode():
    state = with_hand(crafting(mode="table"), "Ann", unknown=5)
    assert play(state, {"do": "set", "type": "chemistry"}).hands[0] == Hand()


# -- discharge (as reported) --------------------------------------------------------------


def test_ct1_discharge_records_what_the_player_reports():
    state = crafting(crystals=2)
    box, h = state.left("box"), state.left("H")
    after = play(state, {"do": "discharge", "crystals": 2, "points": 5, "stars": ["H", "H"]})
    b = ann(after)
    assert b.crystals == 0 and after.left("box") == box + 2
    assert b.points[5] == 5 and b.loose_stars == (2, 0, 0, 0) and after.left("H") == h - 2
    refused(state, {"do": "discharge", "crystals": 3}, "CT-1", "not 3")
    refused(state, {"do": "discharge"}, "CT-1")


# -- the end of the turn (Omega) ----------------------------------------------------------


def test_ct5_end_nebula_then_sliders_to_zero_and_loose_pieces_lost():
    state = crafting(loose_stars=(2, 0, 0, 0), loose_proto=1, loose_nebulae=(1, 0, 0), graviton=1, dna=2)
    before = {name: state.left(name) for name in ("H", "life", "nebula1", "nebula3")}
    assert craft.lost(ann(state)) == ["2 H", "1 size 1 nebula", "1 proto life", "2 DNA", "1 graviton"]
    after = play(state, {"do": "end", "choice": "nebula", "size": 3})
    b = after.boards[0]
    assert (b.supernova, b.dna, b.graviton) == (0, 0, 0)
    assert not b.loose() and b.nebulae[-1] == Nebula(3) and len(b.nebulae) == 4
    assert after.left("H") == before["H"] + 2 and after.left("life") == before["life"] + 1
    assert after.left("nebula1") == before["nebula1"] + 1 and after.left("nebula3") == before["nebula3"] - 1


def test_ct5_end_stabilise_needs_proto_life_on_the_board():
    after = play(crafting(proto=2), {"do": "end", "choice": "stabilise"})
    assert (after.boards[0].proto, after.boards[0].stable) == (1, 1)
    refused(crafting(proto=0, loose_proto=1), {"do": "end", "choice": "stabilise"}, "Omega")


def test_ct4_end_nebula_from_an_empty_stack_is_refused():
    state = crafting()
    state = evolve(state, supply=supplies.take_all(state, "nebula2", state.left("nebula2")))
    refused(state, {"do": "end", "choice": "nebula", "size": 2}, "CT-4", "empty")
    refused(state, {"do": "end", "choice": "sleep"}, "Omega")


@settings(max_examples=60, deadline=None)
@given(loose=st.tuples(*[st.integers(0, 3)] * 4), proto=st.integers(0, 3), size=st.sampled_from([1, 2, 3]))
def test_ct4_supplies_never_go_below_zero(loose, proto, size):
    """Whatever is loose and whatever the supplies hold, a craft move is applied or
    refused, and no supply is ever below 0."""
    state = crafting(loose_stars=loose, loose_proto=proto, crystals=1)
    emptied = dict(state.supply)
    for name in ("H", "He", "nebula1", "life"):
        emptied[name] = emptied[name].take(emptied[name].count)
    for start in (state, evolve(state, supply=emptied)):
        for action in ({"do": "discharge", "crystals": 1, "stars": ["H", "He"]},
                       {"do": "end", "choice": "nebula", "size": size},
                       {"do": "place", "stars": ["H"] * loose[0]}, {"do": "end", "choice": "stabilise"}):
            try:
                after = play(start, action)
            except RuleError:
                continue
            assert all(supply.count >= 0 for supply in after.supply.values())


# -- the commands -------------------------------------------------------------------------

from referee.core import render  # noqa: E402
from referee.core.errors import InputError  # noqa: E402
from referee.core.play import play as run  # noqa: E402
from referee.games.cosmos import reading_craft  # noqa: E402
from referee.games.cosmos.moves import MOVES  # noqa: E402


class Table:
    """Just enough of a session for a move's command (core.play): the state, `do` through
    the game's MoveSet with every check, and the questions (`confirm`, `ask_secret`)
    answered as the test says."""

    game = type("Game", (), {"moves": MOVES})

    def __init__(self, state, confirm=False, secret=None):
        self.state, self.speaker = state, None
        self.answer, self.secret = confirm, secret
        self.asked, self.done = [], []

    def stamp(self, action):
        return dict(action, by=self.speaker) if self.speaker and "by" not in action else dict(action)

    def do(self, action, allowed=None):
        action = self.stamp(action)
        self.state = MOVES.apply(self.state, action)
        self.done.append(action)
        return self.state

    @property
    def last(self):
        return self.done[-1] if self.done else None

    @property
    def records(self):
        """The journal's records of the actions done (autoplace reads this turn's)."""
        return [{"kind": "do", "action": action} for action in self.done]

    def confirm(self, question):
        self.asked.append(question)
        return self.answer

    def ask_secret(self, owner, question):
        self.asked.append((owner, question))
        return self.secret


def answer(table, move, text):
    """The reply (a core.reply.Reply) to ``move``'s command with ``text``, as the shell runs it."""
    return run(table, MOVES[move], text)


def command(table, move, text):
    """What the whole table is told after ``move``'s command with ``text``."""
    return public(answer(table, move, text))


def public(reply):
    """The part of a reply the whole table sees, as one text."""
    return reply.text()


def test_ct5_place_command_reads_counts_sizes_and_proto():
    state = crafting(loose_stars=(2, 1, 0, 0), loose_nebulae=(0, 1, 0), loose_proto=1)
    assert reading_craft.read_place(state, "2 H he n2 proto".split()) == \
        {"do": "place", "stars": ["H", "H", "He"], "nebulae": [2], "proto": 1}
    assert reading_craft.read_place(state, []) == \
        {"do": "place", "stars": ["H", "H", "He"], "nebulae": [2], "proto": 1}
    assert reading_craft.read_place(state, "nebula 3 2p".split()) == {"do": "place", "nebulae": [3], "proto": 2}
    for typo in (["Hx"], ["2"], ["nebula", "4"]):
        with pytest.raises(InputError):
            reading_craft.read_place(state, typo)


# Ann typed `place` herself earlier this turn: what she left loose is her choice (autoplace.py).
BY_HAND = {"do": "place", "stars": ["O"], "by": "Ann"}


def test_ct5_end_warns_before_losing_loose_pieces():
    state = crafting(loose_stars=(2, 0, 0, 0), graviton=1)
    table = Table(state, confirm=False)
    table.done.append(BY_HAND)
    with pytest.raises(InputError) as caught:
        command(table, "end", "nebula 1")
    assert table.asked == ["Ann still has 2 H, 1 graviton: they are lost. End the turn?"]
    assert "not ended" in str(caught.value) and table.state is state and table.done == [BY_HAND]
    table.answer = True
    reply = command(table, "end", "n1")
    assert "lost: 2 H, 1 graviton" in reply
    assert table.done[-1] == {"do": "end", "choice": "nebula", "size": 1, "by": "Ann"}
    insisted = Table(state)
    insisted.done.append(BY_HAND)
    assert "lost: 2 H" in command(insisted, "end", "stabilise !") and not insisted.asked


def test_ct5_end_with_nothing_loose_asks_nothing_and_refusals_come_first():
    table = Table(crafting())
    command(table, "end", "nebula 2")
    assert not table.asked
    empty = crafting(proto=0, graviton=1)
    table = Table(empty, confirm=True)
    with pytest.raises(RuleError):  # no proto life: refused before the question
        command(table, "end", "stabilise")
    assert not table.asked
    with pytest.raises(InputError):
        command(Table(crafting()), "end", "nebula 4")


def test_advanced_command_table_mode_asks_the_value_unseen():
    state = ready_for_life(mode="table")
    table = Table(state, secret="7")
    reply = answer(table, "advanced", "2 3")
    assert table.asked == [("Ann", "your advanced life token's value (hidden): ")]
    assert "7" not in public(reply) and table.state.boards[0].advanced == (7,)
    assert "7" not in MOVES.describe_public(table.done[-1])
    wrong = Table(state, secret="seven")
    with pytest.raises(InputError) as caught:
        command(wrong, "advanced", "2 3")
    assert "seven" not in str(caught.value) and not wrong.done
    refused_board = Table(ready_for_life(mode="table", proto=1), secret="7")
    with pytest.raises(RuleError):  # the board is checked before anyone types a secret
        command(refused_board, "advanced", "2 3")
    assert not refused_board.asked


def test_advanced_secrecy_digital_replies_and_log_identical_whatever_the_stack():
    state = ready_for_life()
    other = evolve(state, stack=tuple(reversed(ADVANCED_GROUP2)) + state.stack[len(ADVANCED_GROUP2):])
    one, two = Table(state), Table(other)
    said_one = answer(one, "advanced", "2 3")
    said_two = answer(two, "advanced", "2 3")
    assert public(said_one) == public(said_two)
    assert MOVES.describe_public(one.done[-1]) == MOVES.describe_public(two.done[-1])
    # issue 18 item 4 (G-2): the value drawn is not shown unasked; `hand Ann` shows it to Ann
    assert said_one.private is None and said_one.owner is None
    assert "`hand Ann` shows it to Ann" in public(said_one) and one.state.boards[0].advanced == (state.stack[0],)


# -- at a real table: the shell, the journal ------------------------------------------------

from tests.tables import plays_and_replays, refusals_change_nothing, typed  # noqa: E402
from tests.cosmos.helpers import table as open_cosmos  # noqa: E402

CRAFT_LINES = ["goal proto", "shift 3", "take", "nebula 2", "plce", "place 9 H", "place all", "supernova X",
               "complete 2 eight", "complete 2 8", "advanced 2", "advanced 2 1", "set lite", "set light",
               "power light Relativity", "power light Time Dilation slot 9", "use", "use Banana",
               "discharge points", "discharge 1", "move supernova", "end", "end nebula 4", "end n3 !"]


def test_ct5_craft_lines_refused_change_nothing_and_the_game_replays(tmp_path):
    session, shell, out = open_cosmos(tmp_path, ("Ann", "Ben"))
    refusals_change_nothing(session, shell, out, CRAFT_LINES)
    assert session.state.phase == "energy" and session.state.player == "Ben"  # Ann ended her turn
    assert session.state.boards[0].nebulae[-1] == Nebula(3) and session.state.boards[0].stars[0] == 4
    plays_and_replays(session, shell, [])


def test_ct5_craft_replies_fit_fifty_columns(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    session, shell, out = open_cosmos(tmp_path, ("Ann", "Ben"))
    said = typed(shell, out, *CRAFT_LINES)
    assert "Traceback" not in said
    assert all(render.visible(line) <= 50 for line in said.splitlines()), said


def test_ct4_end_when_every_nebula_stack_is_empty_and_no_proto_life_is_not_stuck():
    state = crafting(proto=0)
    supply = dict(state.supply)
    for size in (1, 2, 3):
        supply[f"nebula{size}"] = supply[f"nebula{size}"].take(supply[f"nebula{size}"].count)
    state = evolve(state, supply=supply)
    refused(state, {"do": "end", "choice": "stabilise"}, "Omega", "takes nothing")
    after = play(state, {"do": "end", "choice": "nebula", "size": 2})
    assert after.boards[0].nebulae == state.boards[0].nebulae and after.left("nebula2") == 0
    reply = command(Table(state), "end", "nebula 2")
    assert "no nebula tile is left" in reply


def test_ct5_end_of_the_rounds_last_turn_tells_the_end_phase():
    state = new_game(("Ann", "Ben"))
    last = (state.first - 1) % 2
    state = with_turn(state, state.players[last], "craft")
    reply = command(Table(state), "end", "nebula 1")
    assert "end phase of round 1: the goals move down" in reply
