"""Rounds, the end phase (CT-6) and the end of the game (CT-7): who plays next, the goal
track moving down and scoring, the goals the table counts, the new goal, the end check,
the hand limit, the 1st player token, advanced life revealed and the winners."""

import pytest

from referee.core.errors import RuleError
from referee.core.pieces import Hand
from referee.core.states import evolve
from referee.games.cosmos import ending
from referee.games.cosmos.moves import MOVES as GAME_MOVES
from referee.games.cosmos.state import Board, Goal, State, empty_supply

MOVES = {name: GAME_MOVES[name] for name in ("goal", "count", "discard")}
PLAYERS = ("Ann", "Ben", "Cy")


def act(state, action):
    """The ending move's own checks and effect (the phase checks are the table's: tested
    through the game below)."""
    move = MOVES[action["do"]]
    move.read(action)
    move.check(state, action)
    return move.effect(state, action)


def game(players=PLAYERS, phase="craft", turn=0, first=0, track=(Goal("proto", "proto"), None, None, None),
         goals_left=0, boards=None, hands=None, **changes):
    """A game in its craft phase; by default one goal on the track and none in the deck,
    so an end phase runs through without the table."""
    n = len(players)
    state = State(players=tuple(players), mode="digital", options={}, phase=phase, turn=turn, first=first,
                  boards=tuple(boards or [Board() for _ in players]),
                  hands=tuple(hands or [Hand(("light",) * 4) for _ in players]), supply=empty_supply(n),
                  track=tuple(track), goals_left=goals_left)
    return evolve(state, **changes)


def end_round(state):
    """Every seat ends its turn from the one to act until the end phase has run."""
    for _ in range(len(state.players)):
        state = ending.after_turn(evolve(state, phase="craft"))
        if state.turn is None or state.phase != "energy" or state.turn == state.first:
            return state
    return state


# -- rounds ---------------------------------------------------------------------------------------


def test_round_the_next_seat_clockwise_starts_its_energy_phase():
    state = ending.after_turn(game(turn=0, first=0))
    assert (state.phase, state.turn, state.round) == ("energy", 1, 1)
    state = ending.after_turn(evolve(state, phase="craft", boards=(Board(),) * 3))
    assert (state.phase, state.turn) == ("energy", 2)


def test_round_the_next_seat_holding_the_1st_player_token_means_the_end_phase():
    state = ending.after_turn(game(turn=2, first=0))
    assert (state.phase, state.turn, state.round, state.first) == ("energy", 1, 2, 1)


def test_round_the_turn_wraps_from_the_last_seat_to_seat_0_when_another_is_first():
    state = ending.after_turn(game(turn=2, first=1))
    assert (state.phase, state.turn, state.round) == ("energy", 0, 1)


def test_ct6_step6_the_1st_player_token_passes_left_and_every_marker_returns_to_alpha():
    boards = [evolve(Board(), omega="nebula") for _ in PLAYERS]
    state = ending.after_turn(game(turn=0, first=1, boards=boards))
    assert (state.first, state.turn, state.round, state.phase) == (2, 2, 2, "energy")
    assert all(b.omega is None for b in state.boards)
    state = ending.after_turn(game(turn=1, first=2))
    assert state.first == 0  # left of the last seat is seat 0


def test_ct6_step6_with_2_players_the_1st_player_token_does_not_pass():
    state = ending.after_turn(game(players=("Ann", "Ben"), turn=1, first=0))
    assert (state.first, state.turn, state.round) == (0, 0, 2)


# -- steps 1-3: the goal track ---------------------------------------------------------------------


def test_ct6_step1_goals_move_down_one_space_and_step3_asks_for_the_new_goal():
    track = (Goal("proto", "proto"), Goal("carbon", "C"), None, None)
    state = ending.after_turn(game(turn=2, track=track, goals_left=4))
    assert state.track == (None, Goal("proto", "proto"), Goal("carbon", "C"), None)
    assert (state.phase, state.turn) == ("goal", None)
    state = act(state, {"do": "goal", "name": "oxygen"})
    assert state.track[0] == Goal("oxygen", "O") and state.goals_left == 3
    assert (state.phase, state.turn, state.round, state.first) == ("energy", 1, 2, 1)


def test_ct6_step2_a_tracked_goal_reaching_the_4th_space_is_scored_from_the_boards():
    boards = [Board(proto=7), Board(proto=7), Board(proto=3)]  # the rulebook's example
    track = (Goal("helium", "He"), Goal("oxygen", "O"), Goal("proto", "proto"), None)
    state = ending.after_turn(game(turn=2, track=track, boards=boards, goals_left=3))
    assert [b.points[0] for b in state.boards] == [6, 6, 0]  # "goals"
    assert state.scored == ((Goal("proto", "proto"), {"Ann": 7, "Ben": 7, "Cy": 3}, {"Ann": 6, "Ben": 6, "Cy": 0}),)
    assert state.track == (None, Goal("helium", "He"), Goal("oxygen", "O"), None)  # discarded
    assert state.phase == "goal"


def test_ct6_step2_a_goal_nobody_can_score_is_discarded_all_the_same():
    track = (None, None, Goal("carbon", "C"), None)
    state = ending.after_turn(game(turn=2, track=track, goals_left=2))
    assert state.scored[0][2] == {"Ann": 0, "Ben": 0, "Cy": 0}
    assert state.track[-1] is None and all(b.score == 0 for b in state.boards)


def test_ct6_step2_a_goal_the_referee_does_not_track_waits_for_the_tables_counts():
    track = (Goal("helium", "He"), Goal("oxygen", "O"), Goal("phi"), None)
    state = ending.after_turn(game(turn=2, track=track, goals_left=3, boards=[Board(proto=5)] * 3))
    assert (state.phase, state.track[-1]) == ("count", Goal("phi"))
    with pytest.raises(RuleError, match="Cy's too") as refused:
        act(state, {"do": "count", "counts": {"Ann": 2, "Ben": 5}})
    assert refused.value.rule == "CT-6"
    with pytest.raises(RuleError, match="'Zed' is not playing"):
        act(state, {"do": "count", "counts": {"Ann": 2, "Ben": 5, "Cy": 0, "Zed": 1}})
    with pytest.raises(RuleError, match="whole number"):
        act(state, {"do": "count", "counts": {"Ann": 2, "Ben": -1, "Cy": 0}})
    state = act(state, {"do": "count", "counts": {"Ann": 2, "Ben": 5, "Cy": 2}})
    assert [b.score for b in state.boards] == [3, 6, 3]  # tied 2nd: both score 3
    assert state.phase == "goal" and state.track[-1] is None


def test_ct6_a_free_text_goal_with_a_metric_is_tracked_and_without_one_is_counted_by_the_table():
    state = game(phase="goal", turn=None, track=(None, Goal("proto", "proto"), None, None), goals_left=4)
    tracked = act(state, {"do": "goal", "name": "most H stars", "metric": "H"})
    assert tracked.track[0] == Goal("most H stars", "H")
    asked = act(state, {"do": "goal", "name": "most moons"})
    assert asked.track[0] == Goal("most moons", None)


def test_ct6_goal_refusals_a_card_revealed_twice_a_wrong_metric_an_unknown_metric():
    track = (None, Goal("proto", "proto"), None, None)
    state = game(phase="goal", turn=None, track=track, goals_left=4,
                 scored=((Goal("most H stars", "H"), {}, {}),))
    with pytest.raises(RuleError, match="revealed already"):
        act(state, {"do": "goal", "name": "proto life"})
    with pytest.raises(RuleError, match="revealed already"):
        act(state, {"do": "goal", "name": "Most H  Stars"})
    with pytest.raises(RuleError, match="counts proto, not C") as refused:
        act(state, {"do": "goal", "name": "proto", "metric": "C"})
    assert refused.value.rule == "Goals"
    with pytest.raises(RuleError, match="cannot count 'moons'"):
        act(state, {"do": "goal", "name": "most moons", "metric": "moons"})
    with pytest.raises(RuleError, match="name the goal"):
        act(state, {"do": "goal", "name": "  "})


def test_ct2_the_first_goal_at_setup_then_the_first_players_energy_phase():
    state = game(phase="goal", turn=None, first=2, goals_left=6, track=(None,) * 4)
    state = act(state, {"do": "goal", "name": "proto"})
    assert state.track == (Goal("proto", "proto"), None, None, None) and state.goals_left == 5
    assert (state.phase, state.turn, state.round) == ("energy", 2, 1)


# -- step 4: the end check (CT-7) ------------------------------------------------------------------


def test_ct7_the_game_ends_after_the_end_phase_in_which_the_6th_goal_is_scored():
    state = act(game(phase="goal", turn=None, first=0, goals_left=6, track=(None,) * 4), {"do": "goal", "name": "proto"})
    names = iter(["carbon", "helium", "oxygen", "crystals", "nebula1"])
    rounds = 0
    while state.phase != "over":
        state = end_round(state)
        rounds += 1
        if state.phase == "goal":
            state = act(state, {"do": "goal", "name": next(names)})
        assert rounds <= 8
    assert rounds == 8 and len(state.scored) == 6 and state.goals_left == 0  # 1 + 5 goals, 3 rounds on the track
    assert state.round == 8 and state.turn is None
    assert [g.name for g, _, _ in state.scored] == ["proto", "carbon", "helium", "oxygen", "crystals", "nebula1"]
    assert [b.score for b in state.boards] == [6, 6, 6]  # each had 1 proto life at the first goal


def test_ct7_the_crystal_supply_running_out_ends_the_game_after_this_end_phase():
    from referee.games.cosmos import supplies

    state = game(turn=2, track=(Goal("proto", "proto"), None, None, None), goals_left=5)
    state = evolve(state, supply=dict(state.supply, crystals=state.supply["crystals"].take(8)))  # 1 left
    state, _ = supplies.climb(state, 2, 6)
    assert state.ending and state.supply["crystals"].count == 0
    state = ending.after_turn(state)
    assert state.phase == "over"  # no new goal is named: it would never be scored
    assert state.track[1] == Goal("proto", "proto") and state.goals_left == 5


def test_ct7_the_round_goes_on_while_neither_end_has_come():
    state = ending.after_turn(game(turn=2, goals_left=4))
    assert state.phase == "goal" and not state.ending


# -- step 5: the hand limit ---------------------------------------------------------------------------


def test_ct6_step5_a_player_over_10_energy_cards_discards_down_to_10_choosing_which():
    hands = [Hand(("light",) * 8 + ("time",) * 4), Hand(("time",) * 10), Hand(("gravity",) * 11)]
    state = ending.after_turn(game(turn=2, hands=hands, goals_left=0,
                                   track=(None, Goal("proto", "proto"), None, None)))
    assert (state.phase, ending.over_limit(state)) == ("limit", ["Ann", "Cy"])
    with pytest.raises(RuleError, match="Ben holds 10 energy cards, not over"):
        act(state, {"do": "discard", "player": "Ben", "cards": ["time"]})
    with pytest.raises(RuleError, match="discards only 2 to keep 10, not 3") as refused:
        act(state, {"do": "discard", "player": "Ann", "cards": ["time"] * 3})
    assert refused.value.rule == "End phase"
    with pytest.raises(RuleError, match="Cy's hand of 11 cannot discard light") as refused:
        act(state, {"do": "discard", "player": "Cy", "cards": ["light"]})
    assert refused.value.private is None and "`hand Cy`" in str(refused.value)  # issue 18 item 4: Cy asks with `hand Cy`
    with pytest.raises(RuleError, match="'moon' is not an energy card"):
        act(state, {"do": "discard", "player": "Ann", "cards": ["moon"]})
    state = act(state, {"do": "discard", "player": "Ann", "cards": ["time"]})
    assert state.phase == "limit" and len(state.hands[0]) == 11  # one at a time is fine
    state = act(state, {"do": "discard", "player": "Ann", "cards": ["time"]})
    state = act(state, {"do": "discard", "player": "Cy", "cards": ["gravity"]})
    assert state.hands[0].known.count("time") == 2 and state.discard[-3:] == ("time", "time", "gravity")
    assert (state.phase, state.turn, state.round, state.first) == ("energy", 1, 2, 1)


def test_ct6_step5_a_table_mode_hand_pays_its_discards_from_unknown_cards():
    hands = [Hand(unknown=12), Hand(unknown=4), Hand(unknown=4)]
    state = ending.after_turn(game(turn=2, hands=hands, goals_left=0,
                                   track=(None, Goal("proto", "proto"), None, None)))
    state = act(state, {"do": "discard", "player": "Ann", "cards": ["light", "chemistry"]})
    assert len(state.hands[0]) == 10 and state.phase == "energy"


def test_ct7_the_hand_limit_still_applies_in_the_last_end_phase_before_the_tie_break():
    """The game ends *after* the end phase: an 11th card does not win a tie."""
    hands = [Hand(("light",) * 12), Hand(("time",) * 10), Hand(unknown=3)]
    track = (None, None, Goal("proto", "proto"), None)
    state = ending.after_turn(game(turn=2, hands=hands, goals_left=0, track=track,
                                   boards=[Board(proto=2), Board(proto=2), Board()]))
    assert state.ending and state.phase == "limit"
    state = act(state, {"do": "discard", "player": "Ann", "cards": ["light", "light"]})
    assert state.phase == "over"
    assert ending.winners(state) == ["Ann", "Ben"]  # 6 points each, 10 cards each: shared


# -- the end (CT-7) -----------------------------------------------------------------------------------


def test_ct7_advanced_life_values_are_revealed_and_added_at_the_end():
    boards = [Board(advanced=(8, 5), points=(6, 0, 0, 0, 0, 0)), Board(points=(12, 6, 0, 0, 0, 0)), Board()]
    state = game(boards=boards)
    assert ending.final_points(state)[0]["advanced"] == 13
    over = ending.final(state)
    assert over.phase == "over" and over.turn is None
    assert [b.score for b in over.boards] == [19, 18, 0]
    assert ending.final_points(over)[0] == {"goals": 6, "sets": 0, "power": 0, "nebulae": 0, "advanced": 13,
                                            "other": 0, "total": 19}
    assert ending.final(over) == over  # idempotent: an early end (G-6) may call it again
    assert ending.winners(over) == ["Ann"]


def test_ct7_a_tie_in_points_goes_to_the_most_energy_cards_in_hand():
    boards = [Board(points=(9, 0, 0, 0, 0, 0)), Board(points=(6, 3, 0, 0, 0, 0)), Board()]
    hands = [Hand(("light",) * 2), Hand(("light",), unknown=3), Hand(("light",) * 9)]
    state = ending.final(game(boards=boards, hands=hands))
    assert ending.winners(state) == ["Ben"] and ending.tie_broken(state)


def test_ct7_still_tied_the_tied_players_share_the_victory():
    boards = [Board(points=(9, 0, 0, 0, 0, 0)), Board(points=(6, 3, 0, 0, 0, 0)), Board(points=(9, 0, 0, 0, 0, 0))]
    hands = [Hand(("light",) * 4)] * 3
    state = ending.final(game(boards=boards, hands=hands))
    assert ending.winners(state) == ["Ann", "Ben", "Cy"] and not ending.tie_broken(state)


def test_ct6_report_says_what_the_end_phase_did_and_waits_for():
    boards = [Board(proto=7), Board(proto=7), Board(proto=3)]
    hands = [Hand(("light",) * 11), Hand(), Hand()]
    before = game(turn=2, track=(None, Goal("phi"), Goal("proto", "proto"), None), boards=boards, hands=hands,
                  goals_left=3)
    after = ending.after_turn(before)
    said = "\n".join(ending.report(before, after))
    assert "end phase of round 1" in said
    assert "goal proto life scored: Ann 7 (+6), Ben 7 (+6), Cy 3 (+0)" in said
    assert "reveal a new goal (3 cards left)" in said
    after2 = act(after, {"do": "goal", "name": "oxygen"})
    said = "\n".join(ending.report(after, after2))
    assert "Ann holds 11 energy cards and discards 1" in said
    assert "light" not in said  # which cards a hand holds is not said, only how many


# -- the commands, through a session --------------------------------------------------------------


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A digital 3-player game at its first goal, and a quiet shell over it."""
    monkeypatch.setenv("NO_COLOR", "1")
    from tests.tables import open_table, typed

    session, shell, out = open_table("cosmos", tmp_path, PLAYERS, "digital", 3)

    def say(*lines):
        return " ".join(typed(shell, out, *lines).split())

    return session, say


def _set(session, **changes):
    session._states[-1] = evolve(session.state, **changes)


def test_ct2_goal_command_names_the_first_goal_and_the_first_player_begins(table):
    session, say = table
    assert "did you mean `goal proto`?" in say("goal protp")
    assert "counts proto, not C (Goals)" in say("goal proto counts C")
    assert "which goal card?" in say("goal")
    assert session.state.phase == "goal"  # refusals change nothing
    text = say("goal Proto Life")
    assert "goal on the top space: proto life" in text and "the referee counts it" in text
    assert f"round 1: {session.state.player} begins" in text
    assert session.state.track[0] == Goal("proto", "proto") and session.state.phase == "energy"


def test_ct6_goal_command_a_card_the_reference_lacks_in_quotes_with_what_it_counts(table):
    session, say = table
    # while a goal is awaited: once it is named, the phase refuses `goal` before its words
    # are read (issue 19: the phase first, then the words)
    assert "cannot count 'moons'" in say('goal "x" counts moons')
    text = say('goal "most H stars" counts h')
    assert session.state.track[0] == Goal("most H stars", "H")
    assert "it counts H stars, not supernovae; the referee counts it" in text
    assert "Ben first shifts energy, not `goal`" in say('goal "x" counts moons')


def test_ct6_goal_command_a_free_text_goal_without_a_metric_is_counted_by_the_table(table):
    session, say = table
    assert "the table counts it when it is scored" in say("goal most moons")
    assert session.state.track[0] == Goal("most moons", None)


def test_ct6_goal_command_a_quote_left_open_is_still_a_card_the_reference_lacks(table):
    session, say = table
    say('goal "protp')  # quoted: not asked as a slip of proto, and no quote in its name
    assert session.state.track[0] == Goal("protp", None)


def test_ct6_count_command_by_name_or_in_seat_order(table):
    session, say = table
    say("goal phi")
    _set(session, phase="craft", turn=(session.state.first + 2) % 3,
         track=(None, None, Goal("phi"), None), goals_left=3, boards=(Board(proto=4),) * 3)
    session._states[-1] = ending.after_turn(session.state)  # as craft's `end` would
    assert session.state.phase == "count"
    assert "each player's count" in say("count Ann 3 Ben")
    assert "no player 'zed'" in say("count Ann 1 Zed 2 Cy 0").lower()
    assert "2 numbers for 3 players" in say("count 3 1")
    text = say("count 3 1 1")
    assert "goal life in Phi scored: Ann 3 (+6), Ben 1 (+3), Cy 1 (+3)" in text
    assert "reveal a new goal (3 cards left)" in text
    assert session.state.phase == "goal"


def test_ct6_discard_command_the_player_may_be_left_out_when_one_is_over(table):
    session, say = table
    say("goal proto")
    hands = (Hand(("light",) * 9 + ("time",) * 3),) + tuple(session.state.hands[1:])
    _set(session, phase="craft", turn=(session.state.first + 2) % 3, hands=hands, goals_left=0)
    session._states[-1] = ending.after_turn(session.state)
    assert session.state.phase == "limit"
    assert "discards only 2 to keep 10, not 3" in say("discard Ann t t t")
    assert "'moon' is not an energy type" in say("discard Ann moon")
    text = say("discard time t")
    assert "Ann discards time time; 10 energy cards left" in text
    assert session.state.phase == "energy" and session.state.round == 2


# -- whole games by the rules alone --------------------------------------------------------------


def _first_legal(state, actions):

    for action in actions:
        try:
            return GAME_MOVES.apply(state, dict(action, by=state.player) if state.turn is not None else action)
        except RuleError:
            continue
    raise AssertionError(f"nothing legal in {state.phase}: {actions}")


def _within(state, counts):
    """The counts wished, each at most what the player's board holds (CT-6)."""
    from referee.games.cosmos import goals

    goal = state.track[-1]
    return {p: min(c, goals.most(state, seat, goal)[0]) if goals.most(state, seat, goal) else c
            for seat, (p, c) in enumerate(zip(state.players, counts))}


def play_out(players, seed, counts=(2, 0, 1, 3)):
    """A digital game through the game's own MoveSet: each turn shifts, takes from the deck,
    ends with a nebula (or stabilises); the table names goals and gives counts."""
    from referee.games.cosmos import setup

    state = setup.initial({"players": list(players), "mode": "digital", "seed": seed, "options": {}})
    names = iter(["proto", "phi", "carbon", "crystals", "helium", "oxygen", "nebula1"])
    seen = [state]
    while state.phase != "over":
        assert len(seen) < 1000, state.phase
        if state.phase == "goal":
            state = _first_legal(state, [{"do": "goal", "name": next(names)}])
        elif state.phase == "energy":
            state = _first_legal(state, [{"do": "shift", "steps": [["own", None, n]] + ([["dark", None, 3 - n]] if n < 3
                                                                                         else [])} for n in (3, 2, 1)])
        elif state.phase == "collect":
            state = _first_legal(state, [{"do": "nebula", "size": k} for k in (1, 2, 3)] if state.nebula_due
                                 else [{"do": "take", "cards": ["deck"] * state.to_take}])
        elif state.phase == "craft":
            state = _first_legal(state, [{"do": "end", "choice": "nebula", "size": k} for k in (1, 2, 3)]
                                 + [{"do": "end", "choice": "stabilise"}])
        elif state.phase == "count":
            state = _first_legal(state, [{"do": "count", "counts": _within(state, counts)}])
        elif state.phase == "limit":
            player = ending.over_limit(state)[0]
            hand = state.hands[state.seat(player)]
            state = _first_legal(state, [{"do": "discard", "player": player, "cards": list(hand.known[10:])}])
        else:
            raise AssertionError(state.phase)
        seen.append(state)
    return seen


@pytest.mark.parametrize("players", [("Ann", "Ben"), PLAYERS, PLAYERS + ("Di",)])
@pytest.mark.parametrize("seed", [1, 3])
def test_ct7_whole_games_end_after_the_6th_goal_or_the_crystals_and_score_only_what_was_scored(players, seed):
    seen = play_out(players, seed)
    state = seen[-1]
    assert state.ending and state.turn is None and state.round <= 8
    by_goals = len(state.scored) == 6 and state.goals_left == 0
    by_crystals = state.supply["crystals"].count == 0
    assert by_goals or by_crystals
    if not by_crystals:
        assert state.round == 8  # 1 goal at setup + 5 revealed, each 3 rounds on the track
    assert all(len(hand) <= 10 for hand in state.hands)  # the hand limit ran in the last end phase
    given = {p: sum(points[p] for _, _, points in state.scored) for p in players}
    assert [row["goals"] for row in ending.final_points(state)] == [given[p] for p in players]
    rounds = [s.round for s in seen]
    assert rounds == sorted(rounds)  # a round only ever begins after the last
    firsts = {s.round: s.first for s in seen}
    expected = [(firsts[1] + (0 if len(players) == 2 else r - 1)) % len(players) for r in sorted(firsts)]
    assert [firsts[r] for r in sorted(firsts)] == expected  # the token passes left (not with 2)
    assert ending.winners(state)


def test_ct6_log_note_tells_the_scoring_and_the_new_round_in_a_few_words():
    boards = [Board(proto=7), Board(proto=7), Board(proto=3)]
    before = game(turn=2, track=(None, Goal("phi"), Goal("proto", "proto"), None), boards=boards, goals_left=0)
    after = ending.after_turn(before)
    assert ending.log_note(before, after) == "proto life scored: Ann +6, Ben +6; round 2, Ben first"
    before = game(turn=2, track=(None, None, Goal("phi"), None), goals_left=0)
    after = ending.after_turn(before)
    assert ending.log_note(before, after) == "life in Phi to be counted"
    done = act(after, {"do": "count", "counts": {"Ann": 0, "Ben": 0, "Cy": 0}})
    assert ending.log_note(after, done) == "life in Phi scored: nobody scores; the game is over"
    assert ending.log_note(before, before) == ""


# -- properties ------------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

TRACKED = [Goal("proto", "proto"), Goal("carbon", "C"), Goal("helium", "He"), Goal("oxygen", "O"),
           Goal("crystals", "crystals"), Goal("nebula1", "nebula1")]


@st.composite
def last_turns(draw):
    n = draw(st.integers(2, 4))
    players = ("Ann", "Ben", "Cy", "Di")[:n]
    first = draw(st.integers(0, n - 1))
    spaces = draw(st.lists(st.booleans(), min_size=3, max_size=3))
    pool = iter(draw(st.permutations(TRACKED + [Goal("phi"), Goal("advanced")])))
    track = tuple(next(pool) if filled else None for filled in spaces) + (None,)
    boards = [Board(proto=draw(st.integers(0, 5)), stars=(1, 0, draw(st.integers(0, 3)), draw(st.integers(0, 3))),
                    crystals=draw(st.integers(0, 2)), advanced=tuple(draw(st.lists(st.integers(4, 8), max_size=2))))
              for _ in players]
    hands = [Hand(("light",) * draw(st.integers(0, 8)), unknown=draw(st.integers(0, 6))) for _ in players]
    state = game(players=players, turn=(first - 1) % n, first=first, track=track, boards=boards, hands=hands,
                 goals_left=draw(st.integers(0, 5)), ending=draw(st.booleans()))
    return state, draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))


@settings(max_examples=150, deadline=None)
@given(last_turns())
def test_ct6_ct7_any_end_phase_keeps_its_order_and_its_books(case):
    before, counts = case
    n = len(before.players)
    state = ending.after_turn(before)
    while state.phase in ("count", "goal", "limit"):
        if state.phase == "count":
            state = act(state, {"do": "count", "counts": _within(state, counts)})
        elif state.phase == "goal":
            used = {g.name for g in state.track if g} | {g.name for g, _, _ in state.scored}
            state = act(state, {"do": "goal", "name": next(g.name for g in TRACKED + [Goal("phi")]
                                                           if g.name not in used)})
        else:
            player = ending.over_limit(state)[0]
            extra = len(state.hands[state.seat(player)]) - 10
            state = act(state, {"do": "discard", "player": player, "cards": ["time"] * extra})
    assert all(len(hand) <= 10 for hand in state.hands)  # step 5 ran, in the last end phase too
    new = state.scored[len(before.scored):]
    assert len(new) == (1 if before.track[2] is not None else 0)  # the goal reaching the 4th space, only it
    gained = [a.points[0] - b.points[0] for a, b in zip(state.boards, before.boards)]
    assert gained == [sum(points[p] for _, _, points in new) for p in before.players] or state.phase == "over"
    assert state.track[-1] is None
    if state.phase == "over":
        assert before.ending or not state.supply["crystals"].count or (
            state.goals_left == 0 and not any(state.track))
        assert state.round == before.round and state.turn is None
        assert [b.points[4] for b in state.boards] == [sum(b.advanced) for b in before.boards]
        assert ending.winners(state)
    else:
        assert state.phase == "energy" and state.round == before.round + 1
        assert state.first == (before.first if n == 2 else (before.first + 1) % n) and state.turn == state.first
        assert [b.points[4] for b in state.boards] == [0] * n  # advanced life stays face down


def test_ct7_the_end_phase_and_its_words_never_depend_on_hidden_hands_or_advanced_values():
    """Same sizes, other contents: the same replies and notes until the end (G-2)."""
    track = (None, Goal("phi"), Goal("proto", "proto"), None)
    one = game(turn=2, track=track, hands=[Hand(("light",) * 11), Hand(("time",) * 3), Hand()],
               boards=[Board(advanced=(8,)), Board(), Board()], goals_left=2)
    two = game(turn=2, track=track, hands=[Hand(("chemistry",) * 11), Hand(("gravity",) * 3), Hand()],
               boards=[Board(advanced=(4,)), Board(), Board()], goals_left=2)
    a, b = ending.after_turn(one), ending.after_turn(two)
    assert ending.report(one, a) == ending.report(two, b)
    assert ending.log_note(one, a) == ending.log_note(two, b)
    assert (a.phase, a.track, a.scored, [x.score for x in a.boards]) == \
        (b.phase, b.track, b.scored, [x.score for x in b.boards])


def test_g6_finish_during_a_round_the_end_phase_still_scores_then_the_game_ends():
    """`finish` (G-6) sets the end after this round's end phase: its goal is scored, no
    new goal is asked for, the hand limit applies, then the final scores."""
    track = (Goal("helium", "He"), Goal("carbon", "C"), Goal("proto", "proto"), None)
    boards = [Board(proto=3, advanced=(7,)), Board(proto=1), Board(proto=0)]
    state = ending.after_turn(game(turn=2, track=track, boards=boards, goals_left=3, early=True, ending=True))
    assert state.phase == "over" and state.goals_left == 3
    assert [b.score for b in state.boards] == [6 + 7, 3, 0]
    assert ending.winners(state) == ["Ann"]


def test_ct6_discard_command_a_player_naming_themselves_leaves_out_their_name(table):
    session, say = table
    say("goal proto")
    hands = (Hand(("light",) * 11),) + (Hand(("time",) * 12),) + tuple(session.state.hands[2:])
    _set(session, phase="craft", turn=(session.state.first + 2) % 3, hands=hands, goals_left=0)
    session._states[-1] = ending.after_turn(session.state)
    assert "whose cards?" in say("discard light")  # two are over: the line must say whose
    assert "Ben discards time time" in say("Ben: discard time time")
    assert "Ann discards light" in say("discard light")  # now only Ann is over
    assert session.state.phase == "energy"


# -- the example game under examples/ ----------------------------------------------------------------


def test_ct7_example_2_player_game_ended_by_the_last_goal_and_won_on_energy_cards(tmp_path):
    """examples/cosmos-2p-last-goal.txt replayed through the command line: 8 rounds, the
    6th goal scored ends it; a tie on points goes to the most energy cards in hand."""
    import json
    import os

    from click.testing import CliRunner

    from referee.cli import main

    path = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "cosmos-2p-last-goal.txt")
    args = ["cosmos", "--players", "Ann,Ben", "--mode", "digital", "--seed", "5", "--json", "--script", path]
    result = CliRunner().invoke(main, args, env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"},
                                catch_exceptions=False)
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["finished"] and data["winners"] == ["Ben"] and not data["shared"]
    assert {p["name"]: p["score"] for p in data["players"]} == {"Ann": 24, "Ben": 24}
    assert data["players"][0]["points"]["goals"] == 18 and data["players"][0]["points"]["sets"] == 6
    said = " ".join(result.stderr.split())
    assert "did you mean `goal proto`?" in said
    assert "1 number for 2 players" in said
    assert "Ben holds 11 energy cards and discards only 1 to keep 10, not 2 (End phase)" in said
    assert "Ben wins (most energy cards in hand)" in said
    assert "Traceback" not in result.stderr + result.stdout
    assert result.exit_code == 3  # the deliberate refusals


def test_ct7_example_3_player_game_ended_by_the_time_crystal_supply(tmp_path):
    """examples/cosmos-3p-crystals.txt: the supply of 9 runs out in round 7; that end
    phase scores the 5th goal and the game is over, the 6th goal never scored."""
    import json
    import os

    from click.testing import CliRunner

    from referee.cli import main

    path = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "cosmos-3p-crystals.txt")
    args = ["cosmos", "--players", "Ann,Ben,Cy", "--mode", "digital", "--seed", "3", "--json", "--script", path]
    result = CliRunner().invoke(main, args, env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"},
                                catch_exceptions=False)
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["finished"] and data["winners"] == ["Ann"]
    assert {p["name"]: p["score"] for p in data["players"]} == {"Ann": 30, "Ben": 12, "Cy": 21}
    said = " ".join(result.stderr.split())
    for round_, first in ((2, "Cy"), (3, "Ann"), (4, "Ben"), (5, "Cy"), (6, "Ann"), (7, "Ben")):
        assert f"round {round_}: {first} has the 1st player token (passed left)" in said
    assert "round 8" not in said
    assert said.index("the game ends after this round's end phase") < said.index("the game is over")
    assert "Ann's count for life in Phi cannot be 3: Ann has 2 proto and stable life on the board (CT-6)" in said
    assert "goal size 1 nebulae scored" not in said  # the 6th goal is never scored
    assert data["events"] == 103
    assert "Traceback" not in result.stderr + result.stdout


def test_ct7_example_4_player_game_with_power_cards_advanced_life_and_a_supply_running_out(tmp_path):
    """examples/cosmos-4p-advanced.txt: power cards gained and used, nebulae completed,
    advanced life added only at the end, the H reserve running out, the 6th goal."""
    import json
    import os

    from click.testing import CliRunner

    from referee.cli import main

    path = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "cosmos-4p-advanced.txt")
    args = ["cosmos", "--players", "Ann,Ben,Cy,Di", "--mode", "digital", "--seed", "1", "--json", "--script", path]
    result = CliRunner().invoke(main, args, env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"},
                                catch_exceptions=False)
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["finished"] and data["winners"] == ["Cy"]
    assert {p["name"]: p["score"] for p in data["players"]} == {"Ann": 24, "Ben": 66, "Cy": 82, "Di": 55}
    assert {p["name"]: p["points"]["advanced"] for p in data["players"]} == {"Ann": 0, "Ben": 20, "Cy": 30, "Di": 15}
    said = " ".join(result.stderr.split())
    assert "the H star reserve could not give" in said
    assert said.count("(value hidden until the end") >= 3
    assert "Cy wins" in said and "Traceback" not in said


def test_ct6_a_count_the_table_gives_cannot_exceed_what_the_board_holds():
    boards = [Board(proto=2, stable=1), Board(stars=(3, 1, 0, 0), novae=(1, 0, 0, 0), advanced=(6,)), Board()]
    phi = game(phase="count", turn=None, track=(None, None, None, Goal("phi")), boards=boards)
    with pytest.raises(RuleError, match="Ann's count for life in Phi cannot be 4: Ann has 3 proto and stable life") \
            as refused:
        act(phi, {"do": "count", "counts": {"Ann": 4, "Ben": 0, "Cy": 0}})
    assert refused.value.rule == "CT-6"
    act(phi, {"do": "count", "counts": {"Ann": 3, "Ben": 0, "Cy": 1}})  # at most what the board holds
    near = evolve(phi, track=(None, None, None, Goal("advanced")))
    with pytest.raises(RuleError, match="Ann has no nebula with advanced life"):
        act(near, {"do": "count", "counts": {"Ann": 1, "Ben": 0, "Cy": 0}})
    with pytest.raises(RuleError, match="Ben has 5 stars on the board"):
        act(near, {"do": "count", "counts": {"Ann": 0, "Ben": 6, "Cy": 0}})
    free = evolve(phi, track=(None, None, None, Goal("most moons")))
    act(free, {"do": "count", "counts": {"Ann": 99, "Ben": 0, "Cy": 0}})  # a card the reference lacks: no bound


def test_ct6_each_player_chooses_their_own_discards():
    hands = [Hand(("light",) * 11), Hand(), Hand()]
    state = ending.after_turn(game(turn=2, hands=hands))
    with pytest.raises(RuleError, match="Ann chooses which of Ann's cards to discard, not Ben"):
        act(state, {"do": "discard", "player": "Ann", "cards": ["light"], "by": "Ben"})
    assert act(state, {"do": "discard", "player": "Ann", "cards": ["light"], "by": "Ann"}).phase == "energy"


def test_ct6_goal_command_a_short_unquoted_name_is_a_slip_not_a_new_card(table):
    session, say = table
    assert "a card it lacks goes in quotes" in say("goal y")
    assert session.state.phase == "goal"
    say('goal "y"')
    assert session.state.track[0] == Goal("y", None)
