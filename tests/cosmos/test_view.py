"""The views of Crafting the Cosmos (issue 10, Views): the main board's picture, a
player's board with the score track as the physical one shows it, the supplies, the goal
track, the scoreboard and the end; each fits a 50-column phone and none shows a secret
(hand contents, the deck's order, the advanced life stack and values) before the end.

States are built directly (State/evolve): the views read a state and nothing else.
"""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import render
from referee.core.pieces import Hand
from referee.core.states import evolve
from referee.games.cosmos import view
from referee.games.cosmos.state import (DARK, SOURCES, Board, Goal, Nebula, State, empty_supply)

LONG = ("Christopherr", "Christinaaaa", "Bartholomews", "Maximilianne")
SHORT = ("Ann", "Ben", "Cy", "Di")


@pytest.fixture(autouse=True)
def plain(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    render.set_color(None)


def points(goals=0, sets=0, power=0, nebulae=0, other=0):
    return (goals, sets, power, nebulae, 0, other)


def busy_board(seat):
    """A board with something in every line the view draws (long power card names too)."""
    return Board(stars=(3, 1, 2, 2), novae=(1, 1, 0, 1), proto=4, stable=2,
                 nebulae=(Nebula(1, True, 4, True), Nebula(2, True, 9), Nebula(3), Nebula(1), Nebula(2)),
                 loose_stars=(3, 2, 1, 1), loose_nebulae=(1, 1, 1), loose_proto=2,
                 supernova=1, dna=2, graviton=3, chamber=4, crystals=2,
                 power=(("Relativity Δ", "light"), ("Nuclear Fission", "light"), ("Shooting Star", "gravity"),
                        ("Molecular Cloud", "light")),
                 advanced=(8, 5 + seat), points=points(12, 6, 6, 13 + seat, 1), omega=None)


def build(players=SHORT, phase="craft", **changes):
    """A game in round 3 with every public thing shown: tokens in the ring (one control
    full), power tokens, a full goal track with a long free-text goal, goals scored."""
    n = len(players)
    controls = {2: ((0, DARK), (1, DARK, DARK), (DARK,), ()),
                3: ((0, DARK), (1, DARK, DARK), (2,), ()),
                4: ((0, DARK), (1, DARK, 3), (2,), (DARK, DARK))}[n]
    state = State(players=tuple(players), mode="digital", options={}, phase=phase, turn=1, first=0, round=3,
                  controls=controls, boards=tuple(busy_board(seat) for seat in range(n)),
                  hands=tuple(Hand(("light", "time", "gravity"), 0) for _ in players),
                  display=("chemistry", "gravity", "light", "chemistry"), deck=("time",) * 30, deck_left=30,
                  discard=("light", "time"), supply=empty_supply(n),
                  track=(Goal("proto", "proto"), Goal("the most stars in a long row of forty", None),
                         Goal("carbon", "C"), Goal("crystals", "crystals")),
                  goals_left=1, stack=(7, 6, 5), stack_left=3,
                  scored=((Goal("helium", "He"), {p: 2 for p in players}, {p: 6 for p in players}),))
    return evolve(state, **changes)


def flat(text):
    """A view's words on one line, so a test reads past where it broke for the width."""
    return " ".join(text.split())  # a no-break space (an item kept whole) reads as a space


def wide_lines(text, width):
    return [line for line in text.split("\n") if render.visible(line) > width]


def every_view(state, width):
    """Every text the table may see: the picture, each board, supplies, goals, the
    scoreboard as `score` prints it, and the end once the game is over."""
    texts = {"picture": view.picture(state, width), "supply": view.supply_text(state, width),
             "goals": view.goals_text(state, width)}
    for seat, player in enumerate(state.players):
        texts[f"board {player}"] = view.board_text(state, seat, width=width)
    headers, rows = view.scoreboard(state, width)
    texts["score"] = render.table(headers, rows, width=width)
    if state.phase == "over":
        texts["final"] = view.final(state, width)
    return texts


# -- fitting a phone -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [LONG[:2], LONG, SHORT[:2], SHORT], ids=["2long", "4long", "2short", "4short"])
@pytest.mark.parametrize("phase", ["craft", "over"])
@pytest.mark.parametrize("width", [50, 80])
def test_issue10_views_every_view_fits_the_terminal_with_long_names(players, phase, width):
    state = build(players, phase=phase)
    for name, text in every_view(state, width).items():
        assert not wide_lines(text, width), f"{name} at {width}: {wide_lines(text, width)}"
        assert text.strip(), name
    assert all(len(part) <= 20 for part in view.status_parts(state))


def test_issue10_views_the_scoreboard_keeps_a_column_per_source_where_it_fits():
    headers, rows = view.scoreboard(build(SHORT), 80)
    assert headers == ["player", "goal", "set", "pow", "neb", "adv", "oth", "total", "hand"]
    headers, rows = view.scoreboard(build(LONG), 50)
    assert headers == ["player", "total", "hand", "by source"]
    assert "goals\u00a012" in rows[0][3]  # a source keeps its number on its line


# -- the ring ----------------------------------------------------------------------------------


def test_issue10_views_the_ring_is_clockwise_light_time_gravity_chemistry():
    """Light top left → Time top right ↓ Gravity bottom right ← Chemistry bottom left ↑."""
    lines = view.ring(build(SHORT), 50).split("\n")
    top = lines[0]
    assert top.index("Light") < top.index("→") < top.index("Time")
    bottom = next(i for i, line in enumerate(lines) if "Gravity" in line)
    assert lines[bottom].index("Chemistry") < lines[bottom].index("←") < lines[bottom].index("Gravity")
    arrows = lines[bottom - 1]
    assert arrows.index("↑") < arrows.index("↓")
    assert arrows.index("↓") >= top.index("Time") - 1


def test_issue10_views_the_ring_shows_tokens_dark_full_and_power_tokens_per_player():
    state = build(SHORT)
    ring = view.ring(state, 50)
    assert "Ann •" in ring and "Ben • Di full" in ring  # light; time holds 3: full
    assert " • •" in ring  # chemistry: two dark tokens
    # Ann holds three light power cards and one gravity: light's power spot says Ann×3
    # three light power cards each: the light control's power spot; one gravity card each
    assert "power Ann×3 Ben×3 Cy×3 Di×3" in flat(ring.split("↑")[0])
    assert "power Ann Ben Cy Di" in flat(ring.split("↑")[1])
    assert "3H|card" in ring and "O+2DNA|crystal" in ring and "2He+SN|grav" in ring and "C+neb|proto" in ring


def test_issue10_views_tags_are_short_and_unique():
    assert view.tags(SHORT) == ["Ann", "Ben", "Cy", "Di"]
    assert view.tags(LONG) == ["Chr1", "Chr2", "Bart", "Maxi"]
    assert view.tags(("Anna", "Ann")) == ["Anna", "Ann"]
    assert len(set(view.tags(("Sam", "Samantha", "Samuel")))) == 3


def test_issue10_views_the_picture_names_the_tags_hand_sizes_round_and_phase():
    state = build(LONG, turn=1, first=0)
    picture = view.picture(state, 50)
    assert "Chr1 Christopherr" in picture
    assert re.search(r"▶ Chr2 Christinaaaa +hand 3", picture)
    text = flat(picture)
    assert "Round 3" in text and "1st player" in text and "craft phase" in text
    assert "Goals: 1 proto life" in text and "1 in the deck" in text
    assert "energy deck 30" in text and "discard 2" in text
    assert "time crystals 11" in text and "advanced life 3" in text


def test_issue10_views_the_picture_says_the_box_once_the_crystal_supply_is_out():
    state = build(SHORT)
    supply = dict(state.supply)
    supply["crystals"] = supply["crystals"].take(supply["crystals"].count)
    state = evolve(state, supply=supply, ending=True)
    assert "time crystals 0 (box 3)" in flat(view.picture(state, 80))  # 18 - 11 - 4 players
    assert "last round (CT-7)" in flat(view.picture(state, 80))
    assert "last round (G-6)" in flat(view.picture(evolve(state, early=True), 80))  # `finish`
    assert "last round" in view.status_parts(state)
    assert "0 in the supply, 3 in the box" in flat(view.supply_text(state, 80))


# -- a player's board and the score track ------------------------------------------------------


@pytest.mark.parametrize("total, shown", [
    (0, "marker on 0"),
    (49, "marker on 49"),
    (50, "+50 token, marker on 0 (50)"),
    (99, "+50 token, marker on 49 (99)"),
    (100, "+100 token, marker on 0 (100)"),
    (149, "+100 token, marker on 49 (149)"),
    (157, "+100 token, marker on 7, 1 lap past the token (157)"),
    (213, "+100 token, marker on 13, 2 laps past the token (213)"),
])
def test_issue10_points_the_score_track_as_the_physical_track_shows_it(total, shown):
    assert view.score_track(total) == shown
    state = build(SHORT[:2])
    state = evolve(state, boards=(evolve(state.boards[0], points=points(other=total)),) + state.boards[1:])
    assert f"Score track: {shown}" in view.board_text(state, 0, width=80)


def test_issue10_views_the_board_shows_counts_loose_pieces_sliders_chamber_and_slots():
    state = build(SHORT)
    state = evolve(state, boards=(evolve(state.boards[0], power=(None, ("Pulsar", "gravity"), None, None)),)
                   + state.boards[1:])
    text = flat(view.board_text(state, 0, width=80))
    assert "Stars: H 3 He 1 O 2 C 2" in text
    assert "Supernovae (were): H 1 He 1 O 0 C 1" in text
    assert "Life: proto 4 · stable 2" in text
    assert "size 1 done 4pts +adv" in text and "size 2 done 9pts" in text
    assert "Advanced life: 2 (face down)" in text
    assert "To place: 3 H · 2 He · 1 O · 1 C · 1 size 1 nebula · 1 size 2 nebula · 1 size 3 nebula · 2 proto life" in text
    assert "Sliders: supernova 1 · DNA 2 · graviton 3" in text
    assert "[· · · · ◆ ·] space 4, 2 crystals on top" in text
    assert "1 free (cost 2)" in text and "2 Pulsar (gravity)" in text and "4 free (cost 4)" in text
    assert "advanced ?" in text and "Energy cards in hand: 3" in text
    # the total leaves advanced life out until the end: 12 + 6 + 6 + 13 + 1
    assert "Ann's board · 38 points" in text


def test_issue10_views_the_owner_sees_advanced_values_only_in_the_private_text():
    state = build(SHORT)
    assert "8 + 5" not in view.board_text(state, 0, width=80)
    assert "8 + 5" in view.board_text(state, 0, private=True, width=80)
    assert view.advanced_text(state, 0) == "Ann's advanced life: 8 + 5 = 13 points"


# -- the scoreboard and the end ------------------------------------------------------------------


def test_issue10_ct7_the_scoreboard_hides_advanced_life_until_the_end():
    headers, rows = view.scoreboard(build(SHORT), 100)
    ann = dict(zip(headers, rows[0]))
    assert ann["adv"] == "?" and ann["total"] == 38 and ann["hand"] == 3
    no_advanced = build(SHORT)
    no_advanced = evolve(no_advanced, boards=(evolve(no_advanced.boards[0], advanced=()),) + no_advanced.boards[1:])
    assert dict(zip(headers, view.scoreboard(no_advanced, 100)[1][0]))["adv"] == 0


def finished(state):
    from referee.games.cosmos import ending

    return ending.final(state)


def test_issue10_ct7_the_final_reveals_advanced_life_and_names_the_winner():
    state = finished(build(SHORT[:2]))  # Ann 38 + 13 = 51; Ben 39 + 14 = 53
    text = flat(view.final(state, 80))
    assert "Advanced life revealed: Ann 8 + 5 = 13, Ben 8 + 6 = 14" in text
    assert "Winner: Ben with 53 points" in text
    headers, rows = view.scoreboard(state, 100)
    assert dict(zip(headers, rows[1]))["adv"] == 14 and dict(zip(headers, rows[1]))["total"] == 53
    assert "Score track: +50 token, marker on 3 (53)" in view.board_text(state, 1, width=80)


def test_issue10_ct7_a_tie_on_points_is_broken_by_energy_cards_or_shared():
    state = build(SHORT[:2])
    boards = (state.boards[0], evolve(state.boards[1], points=points(12, 6, 6, 13, 0)))  # both 38 + 13 = 51
    tied = finished(evolve(state, boards=boards))
    assert "Winners (shared): Ann, Ben with 51 points" in flat(view.final(tied, 80))
    richer = finished(evolve(state, boards=boards, hands=(Hand(("light",) * 5), state.hands[1])))
    assert "Winner: Ann with 51 points (tied on points; most energy cards in hand: 5)" in flat(view.final(richer, 80))


def test_issue10_ct7_the_final_says_how_the_game_ended():
    state = build(SHORT[:2])
    supply = dict(state.supply)
    supply["crystals"] = supply["crystals"].take(supply["crystals"].count)
    assert "time crystal supply ran out" in flat(view.final(finished(evolve(state, supply=supply)), 80))
    last = evolve(state, goals_left=0, track=(None, None, None, None))
    assert "last goal was scored" in flat(view.final(finished(last), 80))
    assert "ended the game early (G-6)" in flat(view.final(finished(evolve(state, early=True)), 80))


def test_issue10_views_the_goals_text_says_who_scored_what():
    text = flat(view.goals_text(build(SHORT[:2]), 80))
    assert "Goal track (1 in the deck):" in text
    assert "4 time crystals (scored on reaching it)" in text
    assert "He stars: Ann 2→6, Ben 2→6" in text


# -- secrets ------------------------------------------------------------------------------------


HIDDEN_CARDS = st.lists(st.sampled_from(("light", "time", "gravity", "chemistry")), min_size=3, max_size=3)


@settings(max_examples=40, deadline=None)
@given(hand=HIDDEN_CARDS, unknown=st.integers(0, 3), deck=st.permutations(("light", "time") * 15),
       stack=st.lists(st.integers(4, 8), min_size=3, max_size=3), values=st.lists(st.integers(4, 8), min_size=2,
                                                                                   max_size=2),
       phase=st.sampled_from(("craft", "energy", "count", "limit")))
def test_issue10_secrets_hidden_contents_leave_every_public_view_as_it_was(hand, unknown, deck, stack, values, phase):
    """Hands' cards (not their size), the deck's order, the advanced life stack and the
    values of advanced life tokens (not their count) change no public view."""
    base = build(SHORT[:3], phase=phase)
    changed_hand = Hand(tuple(hand[:3 - unknown]), unknown)
    boards = (evolve(base.boards[0], advanced=tuple(values)),) + base.boards[1:]
    other = evolve(base, hands=(changed_hand,) + base.hands[1:], deck=tuple(deck), stack=tuple(stack),
                   boards=boards)
    for width in (50, 80):
        assert every_view(other, width) == every_view(base, width)
    assert view.status_parts(other) == view.status_parts(base)


# -- the commands, at a table --------------------------------------------------------------------


@pytest.fixture
def at_table(tmp_path, monkeypatch):
    from tests.cosmos.helpers import table
    from tests.tables import typed

    monkeypatch.setenv("COLUMNS", "50")
    session, shell, out = table(tmp_path, players=("Christopherr", "Bartholomews", "Cy"))
    return session, lambda *lines: typed(shell, out, *lines)


def test_issue10_views_board_supply_goals_at_a_50_column_table(at_table):
    session, say = at_table
    before = session.state
    whose = say("board")  # the setup: nobody to act, nobody speaking
    assert whose.startswith("✗ whose board? e.g. `board Christopherr`")
    assert say("board zz").startswith("✗ no player 'zz'")
    assert say("board Cy Bart").startswith("✗ one player at a time")
    assert say("supply H").startswith("✗ `supply` takes no words")
    assert session.state == before and len(session.events) == 0
    say("goal proto")
    first = session.state.players[session.state.turn]
    texts = [say("board"), say("board bart"), say("Cy: board"), say("supplies"), say("goals"), say("show"),
             say("score")]
    assert texts[0].startswith(f"{first}'s board · 0 points")
    assert texts[1].startswith("Bartholomews's board")
    assert texts[2].startswith("Cy's board")
    assert "Stars: H" in texts[3] and "Advanced life stack: 22" in texts[3]
    assert "1 proto life" in texts[4] and "5 in the deck" in texts[4]
    assert "Light 3H|card" in texts[5]
    for text in texts:
        assert not wide_lines(text, 50), text
        assert "Traceback" not in text and "internal error" not in text


@pytest.mark.parametrize("mode", ["digital", "table"])
@pytest.mark.parametrize("players", [("Ann", "Ben"), LONG])
def test_issue10_secrets_a_real_setup_shows_no_hand_deck_or_stack(mode, players):
    """From the setup itself (setup.initial, the first goal named): dealt hands, the
    shuffled deck and the advanced life stack can be anything without a view changing."""
    from tests.cosmos.helpers import new_game

    state = new_game(players, mode=mode)
    other = evolve(state, hands=tuple(Hand(("chemistry",) * len(h)) for h in state.hands),
                   deck=tuple(reversed(state.deck)), stack=tuple(sorted(state.stack)))
    for width in (50, 80):
        assert every_view(other, width) == every_view(state, width)
        assert not any(wide_lines(text, width) for text in every_view(state, width).values())
