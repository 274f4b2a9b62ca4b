"""Cosmic Colors in the house shape (issue 19): every move typed through its declaration
and core.play, the game as set up asked through Move.offered before the phase (as the
commands always did), a play's discard or swap checked before either is made, and no
import circle in the package."""

import ast
import random
from pathlib import Path

import click
import pytest

from referee.core.errors import RuleError
from referee.games.colors import grid, hint, rules
from referee.games.colors.moves import MOVES
from referee.games.colors_jr import moves as jr_moves
from referee.games.colors_jr import state as jr

from .build import GRID
from .build import state as built
from .shell import GAME, new

PACKAGE = Path(__file__).resolve().parents[2] / "referee" / "games" / "colors"


def test_issue19_every_command_that_makes_a_move_runs_its_declaration():
    """The moves' commands are the moves' own (core.play): no handler can check or make a
    move a second way. `hand` is the one question that may enter a hand, through the
    same path."""
    made = {name for name, cmd in GAME.commands.commands.items() if cmd.plays is not None}
    assert made == {"grid", "play", "pass", "discard", "keep", "swap", "draw", "adjust", "finish", "take", "top"}
    assert GAME.commands.exact("pass").plays.name == "play" and GAME.commands.exact("keep").plays.name == "discard"
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    assert "session.do(" not in source and "session.check(" not in source and "available(" not in source


def _imports(path):
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "referee.games.colors":
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("referee.games.colors."):
            found.add(node.module.split(".")[3])
    return found


def test_issue19_no_import_circle_in_the_package_counting_imports_inside_functions():
    graph = {p.stem: _imports(p) for p in PACKAGE.glob("*.py")}

    def reaches(start, goal, seen):
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    assert not [m for m in graph if reaches(m, m, {m})]
    assert "moves" not in graph["view"] and "moves" not in graph["replies"]  # views read lines, not moves


@pytest.mark.parametrize("line, said", [
    ("draw Rs", "in digital mode the referee deals the redraw itself (4)"),
    ("take b2 red", "`take` is Cosmic Colors Jr's move; here a turn is `play` (CC-7)"),
    ("top Rs", "`top` is for Cosmic Colors Jr's piles (CC-7)"),
    ("grid Rs", "in digital mode the referee lays out the play area itself (G-2)"),
    ("hand Ann Rs", "in digital mode the referee deals the hands itself (G-2)"),
    ("swap Rs for Ym", "swapping is for 4 players only; with 2, `discard` up to 2 cards (3b)"),
])
def test_issue19_the_game_as_set_up_is_said_before_the_phase(tmp_path, line, said):
    """At the play prompt of a digital two-player game, a move the table does not have is
    refused with its own reason, not with "it is time to play" (Move.offered, 3b)."""
    session, shell, out = new(tmp_path)
    assert not shell.execute(line)
    assert " ".join(part.strip() for part in click.unstyle(out[-1]).split("\n")) == "✗ " + said
    assert not session.events


def test_issue19_hands_are_shown_in_digital_mode_and_refused_in_jr(tmp_path):
    session, shell, out = new(tmp_path)
    assert shell.execute("hand") and "Ann (shapes, 10)" in out[-1]
    session, shell, out = new(tmp_path / "jr", players=("Ann", "Ben"), variant="jr")
    assert not shell.execute("hand")
    assert "a hand is not part of Cosmic Colors Jr" in out[-1] and "(CC-7)" in out[-1]


def test_issue19_a_refused_swap_said_after_a_pass_leaves_the_pass_unmade(tmp_path):
    session, shell, out = new(tmp_path)
    before = session.state
    assert not shell.execute("pass swap Rs for Ym")
    assert "(3b)" in out[-1] and session.state == before and not session.events


def test_issue19_unreadable_words_after_a_refused_play_are_said_after_its_refusal(tmp_path):
    """The line reads left to right: the play's own refusal first, then the words after it."""
    session, shell, out = new(tmp_path)
    held = set(session.state.hands[0])
    missing = next(c for c in range(25) if c not in held)
    code = session.state.names.code(missing)
    assert not shell.execute(f"play {code}@b2 discard Qq")
    assert "does not hold" in out[-1] and "(CC-2)" in out[-1]
    best = hint.best_play(session.state.tops, session.state.hands[0], session.state.side_of(0))
    first = session.state.names.code(best.cards[0])
    assert not shell.execute(f"play {first}@{grid.name(best.cells[0])} discard Qq")
    assert "'Qq' is not a card" in out[-1] and not session.events


def test_3a_leaves_a_discard_says_what_the_play_then_does():
    """The reading drops a `keep` said after a play that leaves nothing to keep; it asks
    rules.leaves_a_discard, which must agree with the play's effect on every play."""
    rng = random.Random(19)
    codes = GRID.split()
    seen = set()
    for _ in range(300):
        size = rng.choice((2, 4))
        hands = [" ".join(rng.sample(codes, rng.randint(1, 4))) for _ in range(size)]
        s = built(GRID, hands, pile=rng.choice((0, 0, 3)))
        hand = list(s.hands[0])
        played = rng.sample(hand, rng.randint(0, len(hand)))
        side = s.side_of(0)
        if len({c // 5 if side == "colors" else c % 5 for c in played}) > 1:
            continue
        action = {"do": "play", "cards": played, "cells": list(range(len(played)))}
        try:
            after = MOVES.apply(s, action)
        except RuleError:
            continue
        assert rules.leaves_a_discard(s, played) == (after.phase == "discard"), (hands, played)
        seen.add(after.phase)
    assert {"discard", "over"} <= seen and len(seen) > 2  # a discard, an end, and a redraw or a next turn


def test_cc7_pass_and_keep_are_named_in_jr_refusals():
    jr_state = jr.initial({"players": ["Ann", "Ben"], "options": {"variant": "jr"}, "mode": "digital",
                                 "seed": 1})
    for move, word in ((jr_moves.PASS, "pass"), (jr_moves.KEEP, "keep")):
        with pytest.raises(RuleError) as caught:
            jr_moves.MOVES.allow(jr_state, move, {})
        said = f"{word} is not part of Cosmic Colors Jr; Jr players `take CELL COLOUR|SHAPE` (CC-7)"
        assert str(caught.value) == said
