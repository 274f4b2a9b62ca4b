"""Connections on Core v2 (issue 9): moves declared once, phases as data, no refusal
outside the rules layer, rule ids from the table."""

import pytest

from referee.core import ruletable
from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.games.connections import state as table_state
from referee.games.connections.state import TURNS
from referee.games.connections.moves import MOVES
from referee.games.connections.offers import ONLY_IN
from referee.games.connections.phases import PHASES
from tests.connections.helpers import GAME, card, do, new_session, new_state, started
from tests.tables import typed

PLAYERS = {"classic": ("Ann", "Ben"), "endless": ("Ann", "Ben"), "solitaire": ("Sol",), "quick": ("Ann", "Ben", "Cy"),
           "quads": ("Ann", "Ben"), "rummy": ("Ann", "Ben", "Cy")}


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    return lambda variant="classic", **options: new_session(tmp_path, variant, PLAYERS[variant], **options)


# -- item 1: each move declared once ------------------------------------------------------------


def test_issue9_item1_every_move_cites_a_rule_of_the_table():
    table = ruletable.for_game("connections")
    for move in MOVES:
        assert table.find(move.rule) is not None, move.name
    for rule in ("CN-1", "CN-4", "CN-7", "CN-8", "G-1", "G-4", "G-5", "G-6"):
        assert table.find(rule) is not None


def test_issue9_item1_every_move_is_open_in_some_phase_and_every_phase_names_declared_moves():
    opened = {name for phase in PHASES.phases.values() for name in phase.moves}
    assert opened == {move.name for move in MOVES}


@pytest.mark.parametrize("variant", table_state.VARIANTS)
def test_issue9_item1_help_offers_what_the_declarations_give_the_variant(variant):
    state = new_state(variant, PLAYERS[variant])
    for move in MOVES:
        assert GAME.offers(state, move.name) == (variant in ONLY_IN.get(move.name, (table_state.VARIANTS,))[0])


def test_issue9_item1_a_move_the_variant_lacks_is_refused_by_its_declaration_cn6():
    state = new_state("quads")
    with pytest.raises(RuleError, match=r"Quads round 1 is under way, not `start`: it was dealt without a starter card"):
        do(state, "start", card=card())  # the phase answers first: the round under way does not open `start`
    with pytest.raises(RuleError, match=r"only in Quads do players take cards back.*\(CN-6\)"):
        do(started(), "take", cell=[0, 0], by="Ann")


def test_issue9_item1_the_log_lines_come_from_the_moves():
    assert GAME.describe({"do": "start", "card": card("a/b/c/d", 2)}) == "starter card a/b/c/d (2) at 0,0"
    assert GAME.describe({"do": "play", "cell": [1, 0], "card": card("a/b/c/d", 3), "pairs": ["d ↔ b"],
                          "arithmetic": "3 + 2 = 5", "late": True}) == \
        "plays a/b/c/d (3) at 1,0: d ↔ b; 3 + 2 = 5 (late: after the turn time ran out, G-5)"
    assert GAME.describe({"do": "adjust", "what": "pile", "pile": 2, "count": 9, "was": 10}) == \
        "pile 2 corrected to the table's count: 10 → 9 cards (G-1)"
    assert GAME.describe({"do": "round"}) == "the table closes the round"
    assert not any(GAME.is_secret({"do": move.name}) for move in MOVES)  # nothing the referee knows is hidden


# -- item 2: phases and turns as data ------------------------------------------------------------


def test_issue9_item2_the_phase_table_gives_the_prompt_the_bare_answer_and_the_toolbar():
    state = new_state()
    assert (GAME.prompt(state), GAME.default_command(state)) == ("round 1 starter> ", None)
    state = do(state, "start", card=card())
    assert (GAME.prompt(state), GAME.default_command(state), state.turn) == ("Ann> ", None, 0)
    assert GAME.toolbar(state)[:2] == ["Ann to play", "Classic round 1/5"]
    state = do(state, "play", cell=[1, 0], card=card())
    assert state.turn == 1 and GAME.prompt(state) == "Ben> "
    contested = do(state, "contest")
    assert (GAME.prompt(contested), GAME.default_command(contested)) == ("vote> ", "vote")
    assert GAME.toolbar(contested)[0].startswith("vote: Does Ann's card at 1,0 connect")
    quick = do(started("quick", ("Ann", "Ben", "Cy")), "play", cell=[1, 0], card=card(), by="Ann")
    assert (GAME.prompt(quick), GAME.default_command(quick)) == ("NAME: play> ", None)
    objected = do(quick, "contest", cell=[1, 0])
    assert (GAME.prompt(objected), GAME.default_command(objected)) == ("NAME: play> ", "vote")
    assert "votes on 1,0" in GAME.toolbar(objected)


def test_issue9_item2_the_count_phase_waits_for_the_hands_cn6():
    state = do(started("classic", deck=13), "play", cell=[1, 0], card=card())
    for x in range(2, 10):
        state = do(state, "play", cell=[x, 0], card=card())
    state = do(do(state, "draw"), "pass")  # Ben's last turn after Ann's hand emptied
    assert state.phase == "count"
    assert (GAME.prompt(state), GAME.default_command(state)) == ("hand> ", "hand")
    with pytest.raises(RuleError, match=r"the round is over, not `draw`; enter the points left in hand first.*\(CN-6\)"):
        do(state, "draw")


def test_issue9_item2_a_move_the_moment_does_not_open_says_what_is_awaited_cn6():
    with pytest.raises(RuleError, match=r"Classic round 1 is under way, not `hand`: the starter card opens the next one and "
                                        r"the points left in hand are entered at its end \(CN-6\)"):
        do(started(), "hand", player="Ben", total=3)
    with pytest.raises(RuleError, match=r"Rummy round 1 is under way, not `hand`: it was dealt without a starter card and "
                                        r"the points"):
        do(new_state("rummy", ("Ann", "Ben")), "hand", player="Ben", total=3)


# -- item 3: no refusal outside the rules layer ----------------------------------------------------


def test_issue9_item3_a_play_after_the_end_is_refused_by_the_end_not_by_the_turn(table):
    session, shell, out = table("endless")
    typed(shell, out, "start tiger/head/tree/ocean 1 !", "play 1,0 a/b/c/d 1 !", "finish")
    assert session.state.phase == "over"
    text = typed(shell, out, "play 2,0 a/b/c/d 1 !")
    assert "the game is over" in text and "nobody's turn" not in text


def test_issue9_item3_a_play_during_a_contest_is_refused_for_the_open_vote_g4(table):
    session, shell, out = table()
    typed(shell, out, "start tiger/head/tree/ocean 1 !", "play 1,0 a/b/c/d 1 !", "contest")
    text = typed(shell, out, "play 0,1 a/b/c/d 1 !")
    assert "a vote is open" in text and "(G-4)" in text
    assert len(session.events) == 3


def test_issue9_item3_a_vote_is_refused_by_the_rules_with_its_rule_not_by_the_command(table):
    session, shell, out = table("quick")
    typed(shell, out, "start tiger/head/tree/ocean 1 !")
    text = typed(shell, out, "vote all yes")  # nothing to put to the table: the rules say so (G-4)
    assert "no vote is open; `contest X,Y` objects to a card" in text and "(G-4)" in text
    typed(shell, out, "Ann: play 1,0 a/b/c/d 1 !", "Ben: play -1,0 a/b/c/d 1 !", "contest 1,0", "contest -1,0")
    text = typed(shell, out, "vote all yes")
    assert "2 votes are open (1,0, -1,0): say which" in text and "(CN-7)" in text
    text = typed(shell, out, "vote 1,0 all yes")
    assert "carried" in text and [v.label for v in session.state.votes] == ["-1,0"]


def test_issue9_item4_a_name_not_at_the_table_is_an_unreadable_action_not_a_rule():
    from referee.core.errors import ActionError

    with pytest.raises(ActionError, match="'Zed' is not at this table"):
        do(started(), "play", cell=[1, 0], card=card(), by="Zed")


def test_issue9_item1_moves_lists_only_what_the_variant_has(table):
    session, shell, out = table("rummy")
    typed(shell, out, "draw")  # a run waits for the turn's draw (CN-6)
    text = typed(shell, out, "moves")
    assert "run CARD; CARD; CARD" in text and "steal PLAYER RUN" in text
    assert "take X,Y" not in text and "play X,Y" not in text and "return PILE" not in text
    session, shell, out = table("quads")
    text = typed(shell, out, "moves")
    assert "take X,Y" in text and "run CARD" not in text and "pass" not in text


# -- item 3 (the state toolkit): what grows with the journal is shared, not copied ----------------


def test_issue9_item3_closed_rounds_are_a_chain_shared_between_states():
    from referee.core.states import Chain

    state = started("endless", deck=9)
    over = do(do(state, "play", cell=[1, 0], card=card()), "round")
    assert isinstance(over.rounds, Chain) and over.rounds == ((2, 0),) and len(state.rounds) == 0


def test_issue9_item3_a_state_update_names_only_fields_a_state_has():
    with pytest.raises(TypeError, match="no field 'hand'"):
        evolve(new_state(), hand=(1, 2))


# -- item 2: the table's `next` is what play does ---------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.connections.test_properties import LINES, VARIANTS  # noqa: E402

# Words that are mostly accepted, made into lines for the state at hand (see _realise), so
# that rounds end, contests and objections open and close, and hands are entered.
LIKELY = st.sampled_from(["PLAY", "PLAY", "PLAY", "RUN", "contest", "vote all no", "vote all yes", "draw", "pass",
                          "round", "finish", "HAND", "HAND", "draw 1"])


def _realise(session, word):
    state = session.state
    who = state.current or state.players[0]
    seat = state.seat(who)
    speaker = "" if state.variant in TURNS else f"{who}: "
    if word == "PLAY":
        cells = state.area(seat)
        x = max((c[0] for c in cells), default=-1) + 1
        return f"{speaker}play {x},0 a/b/c/d 1 !"
    if word == "RUN":
        return "run a/b/c/d 1; e/f/g/h 1; i/j/k/l 1 !"
    if word == "HAND":
        left = [p for i, p in enumerate(state.players) if i not in state.counted and state.hands[i]]
        return f"hand {left[0]} {state.hands[state.seat(left[0])]}" if left else "show"
    return f"{speaker}{word}" if word.startswith("draw") else word


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.one_of(LIKELY, LIKELY, LIKELY, LINES), min_size=15, max_size=40), setup=VARIANTS)
def test_issue9_item2_every_phase_change_in_play_is_one_the_table_declares(tmp_path_factory, lines, setup):
    variant, players = setup
    session, shell, out = new_session(tmp_path_factory.mktemp("next"), variant, players, deck=40)
    opening = [] if variant in ("quads", "rummy") else ["start tiger/head/tree/ocean 1 !"]
    for word in opening + lines:
        line = _realise(session, word) if word in ("PLAY", "RUN", "HAND", "draw", "draw 1") else word
        before = PHASES.of(session.state)
        shell.execute(line)
        after = PHASES.of(session.state)
        if after.name != before.name and not line.startswith(("undo", "redo")):
            assert after.name in before.next, f"{line!r}: {before.name} -> {after.name}"
