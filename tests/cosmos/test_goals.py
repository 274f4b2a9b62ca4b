"""The universal goals (Goals; CT-6): the reference's cards (goals.tsv), what the referee
counts itself, and the scoring with its ties, the at-least-1 rule and the 2-player rule."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.pieces import Hand
from referee.games.cosmos import goals
from referee.games.cosmos.state import Board, Nebula, State, empty_supply


def _state(boards, hands=None):
    players = tuple("ABCD"[:len(boards)])
    return State(players=players, mode="digital", options={}, boards=tuple(boards),
                 hands=tuple(hands or (Hand(),) * len(boards)), supply=empty_supply(len(boards)))


def test_ct6_reference_lists_the_rulebooks_8_goals_with_what_the_referee_counts():
    ref = goals.reference()
    assert set(ref) == {"phi", "crystals", "carbon", "nebula1", "helium", "proto", "oxygen", "advanced"}
    assert {key: ref[key]["metric"] for key in ref} == {
        "phi": None, "crystals": "crystals", "carbon": "C", "nebula1": "nebula1", "helium": "He",
        "proto": "proto", "oxygen": "O", "advanced": None}  # Phi Sector and stars by advanced life: asked


@pytest.mark.parametrize("typed, key", [("proto", "proto"), ("Proto Life", "proto"), ("proto-life", "proto"),
                                        ("C", "carbon"), ("c stars", "carbon"), ("HE", "helium"),
                                        ("size 1 nebulae", "nebula1"), ("phi", "phi"), ("crystals", "crystals")])
def test_ct6_a_reference_goal_is_found_by_key_name_or_word(typed, key):
    assert goals.find(typed) == key


def test_ct6_a_name_the_reference_lacks_is_none_and_a_near_miss_is_noticed():
    assert goals.find("most H stars") is None
    assert goals.near("protp") == "proto"
    assert goals.near("oxigen") == "oxygen"
    assert goals.near("most H stars") is None


def test_ct6_the_rulebooks_goal_example_magenta_and_cyan_tied_at_7_proto_life_score_6_violet_0():
    state = _state([Board(proto=7), Board(proto=7), Board(proto=3)])
    counts = goals.counts(state, "proto")
    assert counts == {"A": 7, "B": 7, "C": 3}
    assert goals.score(counts) == {"A": 6, "B": 6, "C": 0}


def test_ct6_one_first_then_second_place_scores_3():
    assert goals.score({"A": 5, "B": 3, "C": 1}) == {"A": 6, "B": 3, "C": 0}


def test_ct6_tied_for_first_all_score_6_and_nobody_scores_second():
    assert goals.score({"A": 4, "B": 4, "C": 2, "D": 1}) == {"A": 6, "B": 6, "C": 0, "D": 0}


def test_ct6_tied_for_second_all_score_3():
    assert goals.score({"A": 5, "B": 2, "C": 2, "D": 1}) == {"A": 6, "B": 3, "C": 3, "D": 0}


def test_ct6_at_least_one_of_the_resource_to_score():
    assert goals.score({"A": 0, "B": 0, "C": 0}) == {"A": 0, "B": 0, "C": 0}
    assert goals.score({"A": 2, "B": 0, "C": 0}) == {"A": 6, "B": 0, "C": 0}  # 0 is no 2nd place


def test_ct6_no_second_place_with_two_players():
    assert goals.score({"A": 5, "B": 3}) == {"A": 6, "B": 0}
    assert goals.score({"A": 3, "B": 3}) == {"A": 6, "B": 6}


def test_ct6_star_goals_count_regular_stars_only_supernovae_do_not_count():
    board = Board(stars=(1, 2, 3, 4), novae=(0, 5, 5, 5))
    state = _state([board, Board()])
    assert goals.counts(state, "C") == {"A": 4, "B": 0}
    assert goals.counts(state, "He") == {"A": 2, "B": 0}
    assert goals.counts(state, "O") == {"A": 3, "B": 0}
    assert goals.counts(state, "stars") == {"A": 25, "B": 1}  # a free-text goal may count them all


def test_ct6_tracked_goals_count_completed_size_1_nebulae_proto_life_and_crystals_on_top():
    board = Board(nebulae=(Nebula(1, complete=True), Nebula(1), Nebula(2, complete=True), Nebula(1, True)),
                  proto=4, stable=3, crystals=2, loose_proto=0)
    state = _state([board, Board()])
    assert goals.counts(state, "nebula1") == {"A": 2, "B": 0}
    assert goals.counts(state, "proto") == {"A": 4, "B": 1}  # stable life is not proto life
    assert goals.counts(state, "crystals") == {"A": 2, "B": 0}


def test_ct6_labels_and_words_of_goals():
    from referee.games.cosmos.state import Goal

    assert goals.label(Goal("proto", "proto")) == "proto life"
    assert goals.label(Goal("most H stars", "H")) == "most H stars"
    assert goals.says(Goal("phi")).startswith("life in Phi Sector")
    assert goals.says(Goal("most H stars", "H")) == "H stars, not supernovae"
    assert "table" in goals.says(Goal("most moons"))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=6), min_size=2, max_size=4))
def test_ct6_goal_scoring_with_any_ties_gives_exactly_the_rulebooks_points(values):
    counts = {f"P{i}": value for i, value in enumerate(values)}
    n = len(counts)
    points = goals.score(counts)
    top = max(values)
    expected = {player: 0 for player in counts}
    if top >= 1:
        firsts = [p for p, c in counts.items() if c == top]
        for p in firsts:
            expected[p] = 6
        rest = [c for c in values if 1 <= c < top]
        if len(firsts) == 1 and n > 2 and rest:
            for p, c in counts.items():
                if c == max(rest):
                    expected[p] = 3
    assert points == expected
    assert all(points[p] == 0 for p, c in counts.items() if c == 0)  # at least 1 to score
    assert sum(1 for v in points.values() if v == 6) >= (1 if top else 0)
    if n == 2:
        assert 3 not in points.values()


def test_ct6_goals_tsv_is_read_through_core_tables_and_a_slip_names_its_line():
    from referee.core import tables
    from referee.core.errors import InputError

    assert len(goals.reference()) == 8
    with pytest.raises(InputError, match="goals.tsv, line 2"):
        tables.read("key\tname\twords\tmetric\tcounts\nx\ty\t\tmoons\tz\n", "goals.tsv", goals.COLUMNS)
