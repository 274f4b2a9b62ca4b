"""Issue 20 item 13: a power card is never paid for a move of a piece the board does not
hold (Shooting Star: a star, supernova or incomplete nebula; Wormhole: up to 3 proto or
up to 3 stable life), refused in the card's own words; and over random games, every
accepted move leaves every count of the board at zero or more, what it moves included."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.errors import RuleError
from referee.games.cosmos import ending, setup, supplies
from referee.games.cosmos.moves import MOVES
from referee.games.cosmos.state import SIZES, STARS, Nebula
from tests.cosmos.test_craft import Table, command
from tests.cosmos.test_ending import _first_legal, _within
from tests.cosmos.test_power import holding

SHOT = "Move 1 star, supernova, or incomplete nebula in your galaxy anywhere"
WORM = "Move up to 3 proto life anywhere or move up to 3 stable life anywhere"


def refused_line(state, text, says):
    """The refusal of `use TEXT` in ``state``: cites Use, quotes ``says``, charges nothing."""
    table = Table(state)
    with pytest.raises(RuleError) as caught:
        command(table, "use", text)
    assert caught.value.rule == "Use", str(caught.value)
    for words in says:
        assert words in str(caught.value), str(caught.value)
    assert table.state is state and not table.done  # no card paid, no move logged
    return str(caught.value)


def test_issue20_item13_shooting_star_moves_only_what_the_board_holds():
    shot = holding("Shooting Star", "gravity", "gravity")  # Ann: 1 H star, nebulae 1 2 3 incomplete
    refused_line(shot, "Shooting Star supernova", [SHOT, "Ann has no supernova on the board"])
    refused_line(shot, "Shooting Star He", [SHOT, "Ann has no regular He star"])
    done = supplies.board(shot, 0, nebulae=(Nebula(1), Nebula(2), Nebula(3, True, 9)))
    refused_line(done, "Shooting Star nebula 3", [SHOT, "every size 3 nebula of Ann's is complete"])
    refused_line(shot, "Shooting Star proto", [SHOT, "not 'proto'"])
    refused_line(shot, "Shooting Star", ["Shooting Star moves what?", SHOT])
    for typed in ("H", "star", "nebula 3", "n2", "nebula"):
        table = Table(shot)
        command(table, "use", f"Shooting Star {typed}")
        assert len(table.state.hands[0]) == 0 and table.done[-1]["piece"] == typed
    novae = supplies.board(shot, 0, stars=(0, 0, 0, 0), novae=(0, 1, 0, 0))
    for typed in ("supernova", "He supernova", "nova He"):
        table = Table(novae)
        reply = command(table, "use", f"Shooting Star {typed}")
        assert f"moves {typed}" in reply and table.state.boards[0].novae == (0, 1, 0, 0)
    refused_line(novae, "Shooting Star H supernova", [SHOT, "Ann has no H supernova"])
    refused_line(novae, "Shooting Star He", [SHOT, "Ann has no regular He star"])


def test_issue20_item13_wormhole_moves_only_life_the_board_holds_once_its_cost_is_paid():
    none = holding("Wormhole", "gravity", "light", stable=1, proto=0)
    refused_line(none, "Wormhole proto 3 pay light", [WORM, "Ann has no proto life on the board"])
    refused_line(none, "Wormhole stable 3 pay light", [WORM, "Ann has no stable life on the board once its cost"])
    refused_line(none, "Wormhole pay light", ["Wormhole moves what?", WORM])
    two = holding("Wormhole", "gravity", "light", stable=3, proto=1)
    refused_line(two, "Wormhole stable 4 pay light", [WORM, "not 4"])
    refused_line(two, "Wormhole proto stable pay light", [WORM])
    refused_line(two, "Wormhole He pay light", [WORM, "not 'He'"])
    for typed in ("stable 3", "2 stable", "proto 3", "proto"):  # fewer than typed: moves what there is (the card)
        table = Table(two)
        reply = command(table, "use", f"Wormhole {typed} pay light")
        assert f"moves {typed}" in reply and table.state.boards[0].stable == 2 and table.state.hands[0].known == ()


# -- the property: over random games, every accepted move keeps every count at 0 or more -------

PIECES = ["H", "He", "O", "C", "star", "supernova", "He supernova", "C supernova", "nebula 1", "nebula 2",
          "nebula 3", "n1", "nebula", "proto", "stable"]
LIFE = ["proto 3", "proto 1", "stable 3", "stable 2", "stable", "proto"]


def _moved(action):
    """(what the test typed the move of, how many must lie on the board once it is made):
    the test knows its own words. None for a move that moves no piece."""
    if action["do"] == "move":
        return action["piece"], 1
    if action.get("card") == "Shooting Star":
        return action["piece"], 1
    if action.get("card") == "Wormhole":
        return action["piece"].split()[0], 1  # up to 3: at least one of that kind, by the card's words
    return None


def _held(board, piece):
    """How many ``piece`` (as the test types it) the board holds once the move is made."""
    words = piece.split()
    if words[0] in ("proto", "stable"):
        return board.proto if words[0] == "proto" else board.stable
    if words[0] in ("nebula", "n1"):
        size = {"n1": 1}.get(words[0]) or (int(words[1]) if len(words) > 1 else None)
        return sum(1 for n in board.nebulae if not n.complete and (size is None or n.size == size))
    if "supernova" in words:
        return board.novae[STARS.index(words[0])] if len(words) > 1 else sum(board.novae)
    return sum(board.stars) if piece == "star" else board.stars[STARS.index(piece)]


def _tries(state, pick, piece):
    """The craft action a pick stands for, paid from the hand as it is (any card it holds)."""
    hand = state.hands[state.turn].known
    first = [hand[0]] if hand else ["light"]
    return [
        {"do": "move", "piece": piece if piece in STARS + ("proto", "stable") else "H"},
        {"do": "use", "card": "Shooting Star", "pay": ["gravity"], "piece": piece},
        {"do": "use", "card": "Wormhole", "pay": first, "piece": LIFE[len(piece) % len(LIFE)]},
        {"do": "use", "card": "Core Collapse", "pay": first, "target": "H"},
        {"do": "supernova", "star": "H"},
        {"do": "stabilise", "count": 1},
        {"do": "place"},
        {"do": "complete", "size": SIZES[len(piece) % 3], "points": 3},
    ][pick]


def _counts_at_zero_or_more(state):
    for board in state.boards:
        counts = board.stars + board.novae + board.loose_stars + board.loose_nebulae + (
            board.proto, board.stable, board.loose_proto, board.supernova, board.dna, board.graviton, board.chamber,
            board.crystals)
        assert min(counts) >= 0, board
    assert all(s.count >= 0 for s in state.supply.values())


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 50), st.integers(2, 4), st.lists(st.tuples(st.integers(0, 7), st.sampled_from(PIECES)),
                                                       min_size=1, max_size=60))
def test_issue20_item13_property_every_accepted_move_leaves_every_board_count_at_zero_or_more(seed, n, tries):
    players = ("Ann", "Ben", "Cy", "Di")[:n]
    state = setup.initial({"players": list(players), "mode": "digital", "seed": seed, "options": {}})
    cards = (("Shooting Star", "gravity"), ("Wormhole", "gravity"), ("Core Collapse", "gravity"), None)
    for seat in range(n):
        state = supplies.board(state, seat, power=cards)
    names = iter(["proto", "phi", "carbon", "crystals", "helium", "oxygen", "nebula1"])
    tries, accepted, steps, budget = list(tries), 0, 0, 6  # a few tries a turn, over the game
    while state.phase != "over" and steps < 400:
        steps += 1
        if state.phase == "goal":
            state = _first_legal(state, [{"do": "goal", "name": next(names)}])
        elif state.phase == "energy":
            state = _first_legal(state, [{"do": "shift", "steps": [["own", None, k]] + (
                [["dark", None, 3 - k]] if k < 3 else [])} for k in (1, 2, 3)])
        elif state.phase == "collect":
            state = _first_legal(state, [{"do": "nebula", "size": k} for k in (1, 2, 3)] if state.nebula_due
                                 else [{"do": "take", "cards": ["deck"] * state.to_take}])
        elif state.phase == "craft" and tries and budget:
            budget -= 1
            pick, piece = tries.pop(0)
            action = dict(_tries(state, pick, piece), by=state.player)
            board_before = state.boards[state.turn]
            try:
                after = MOVES.apply(state, action)
            except RuleError:
                continue
            _counts_at_zero_or_more(after)
            moved = _moved(action)
            if moved:  # the piece it moves lay on the board (counts a move leaves as they were)
                assert _held(after.boards[state.turn], moved[0]) >= moved[1], (action, board_before)
            state, accepted = after, accepted + 1
        elif state.phase == "craft":
            budget = 6
            state = _first_legal(state, [{"do": "end", "choice": "nebula", "size": k} for k in (1, 2, 3)]
                                 + [{"do": "end", "choice": "stabilise"}])
        elif state.phase == "count":
            state = _first_legal(state, [{"do": "count", "counts": _within(state, (2, 0, 1, 3))}])
        elif state.phase == "limit":
            player = ending.over_limit(state)[0]
            hand = state.hands[state.seat(player)]
            state = _first_legal(state, [{"do": "discard", "player": player, "cards": list(hand.known[10:])}])
        _counts_at_zero_or_more(state)


# -- item 12: a refusal cites the rule that says it, in words a player typed --------------------

from referee.core import ruleview  # noqa: E402
from referee.core.errors import InputError  # noqa: E402
from referee.games.cosmos import reading_craft  # noqa: E402
from referee.games.cosmos.game import GAME  # noqa: E402
from tests.cosmos.helpers import table as open_table  # noqa: E402
from tests.cosmos.test_craft import crafting  # noqa: E402
from tests.tables import typed  # noqa: E402


def test_issue20_item12_a_shift_of_more_or_fewer_than_3_cites_ct3_and_why_shows_its_words(tmp_path):
    """The rulebook allows "a combined total of 3"; exactly 3 is the ruling's reading (CT-3),
    so the refusal cites CT-3, `why` shows the ruling, `rule Shift` the rulebook and the reading."""
    session, shell, out = open_table(tmp_path, ("Ann", "Ben"), seed=2)
    typed(shell, out, "goal proto")
    said = " ".join(typed(shell, out, "shift 1").split())
    assert "✗ 'shift 1' moves 1 space; a shift moves 3 in all (CT-3)" in said
    why = " ".join(typed(shell, out, "why").split())
    assert "CT-3 · RULINGS" in why and "3 spaces in all" in why
    shift = " ".join(typed(shell, out, "rule Shift").split())
    assert "a combined total of 3 spaces" in shift and "Referee: \"a combined total of 3 spaces\" is read as" in shift
    said = " ".join(typed(shell, out, "shift 1 1 1 1").split())
    assert "moves 4 spaces; a shift moves 3 in all (CT-3)" in said


def test_issue20_item12_move_star_is_read_as_a_star_not_refused_as_no_star():
    one = crafting(graviton=1, stars=(0, 0, 2, 0))
    table = Table(one)
    reply = command(table, "move", "star")
    assert table.done[-1]["piece"] == "O" and "moves an O star" in reply
    several = Table(crafting(graviton=1, stars=(1, 1, 0, 0)))
    with pytest.raises(InputError) as caught:
        command(several, "move", "star")
    assert "which star moves: H or He? e.g. `move H`" in str(caught.value) and "cannot be moved" not in str(
        caught.value)
    none = Table(crafting(graviton=1, stars=(0, 0, 0, 0), novae=(1, 0, 0, 0)))
    with pytest.raises(RuleError) as caught:
        command(none, "move", "star")
    assert caught.value.rule == "Sliders" and "Ann has no star on the board to move" in str(caught.value)
    assert "cannot be moved" not in str(caught.value)
    with pytest.raises(InputError):  # a word that names no piece is still a reading's refusal
        reading_craft._piece("banana")


def test_issue20_item12_the_rule_index_and_every_rule_show_no_leftover_markup():
    import click

    for rule in GAME.rule_table():
        assert "*" not in click.unstyle(ruleview.marked(rule.text)), rule.id
        assert "*" not in ruleview.gist(rule), rule.id
    controls = GAME.rule_table().find("Controls")
    assert ruleview.gist(controls).startswith("Light Control Active: 3 H star tokens. Passive:")


# -- item 1 (first part): several movement actions in one line, one graviton each ----------------


def test_issue20_item1_move_several_pieces_in_one_line_one_graviton_each():
    start = crafting(graviton=3, stars=(2, 1, 0, 0))
    for line, piece in (("H H He", "H H He"), ("2 H He", "H H He"), ("3 H", "H H H"), ("3h", "H H H")):
        table = Table(start)
        reply = command(table, "move", line)
        assert len(table.done) == 1 and table.done[0]["piece"] == piece  # one line, one logged move
        assert table.state.boards[0].graviton == 0 and table.state.boards[0].stars == (2, 1, 0, 0)
    assert "Ann moves 2 H stars, a He star (3 gravitons)" in command(Table(start), "move", "H H He")
    assert "Ann moves a He star (1 graviton)" in command(Table(start), "move", "He")  # one piece: as before
    short = Table(crafting(graviton=2, stars=(2, 1, 0, 0)))
    with pytest.raises(RuleError) as caught:
        command(short, "move", "3 H")
    assert caught.value.rule == "Sliders" and "graviton slider is at 2; moving 3 pieces needs 3" in str(caught.value)
    assert not short.done
    with pytest.raises(RuleError) as caught:  # every piece named must lie on the board
        command(Table(start), "move", "H O")
    assert "no O star on the board" in str(caught.value)
    for line in ("H 2", "0 H", "2 2 H", "99 H"):
        with pytest.raises(InputError):
            command(Table(start), "move", line)
