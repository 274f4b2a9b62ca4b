"""Replay hands a claim's checked work to its effect (core.worked.remembered: its path,
its lateness, the word's earlier claims) and makes claims without the dataclass's
__init__ (state.new_claim, changed_claim). Each example game's every event, made again
by its effect alone on a fresh copy of its action (so no check's work can reach it), must
give the very state replay gave: a work handed on wrongly, or a claim made unequal to
Claim(...), would fail here."""

import json
import os

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.core import store
from referee.core.session import Session
from referee.games import load
from referee.games.connexion.state import Claim, changed_claim, new_claim

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
RUNS = {"connexion-table.txt": ["--players", "Ann,Ben,Cy"],
        "connexion-digital.txt": ["--players", "Ann,Ben", "--mode", "digital", "--seed", "3"]}


@pytest.mark.parametrize("example", sorted(RUNS))
def test_each_replayed_event_is_the_state_its_effect_alone_makes(tmp_path, monkeypatch, example):
    env = {"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"}
    args = ["connexion", *RUNS[example], "--script", os.path.join(EXAMPLES, example), "--json"]
    result = CliRunner().invoke(main, args, env=env, catch_exceptions=False)
    game_id = json.loads(result.stdout.strip().splitlines()[-1])["id"]
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    game = load("connexion")
    session = Session.resume(game, store.path_of(game_id))
    states, done = session._states, session._done
    kinds = set()
    for number, record in enumerate(done, start=1):
        move = game.moves[record["action"]["do"]]
        alone = move.effect(states[number - 1], move.read(dict(record["action"])))
        assert alone == states[number] and repr(alone) == repr(states[number]), (number, record)
        kinds.add(move.name)
    assert "claim" in kinds and "pilfer" in kinds


def test_a_claim_made_or_changed_without_init_is_the_dataclass_one():
    made = new_claim("oi", "Ben", ((2, "o"), (1, "i")), "rare", "in SCOWL", True, status="voting")
    assert made == Claim("oi", "Ben", ((2, "o"), (1, "i")), "rare", "in SCOWL", "voting", None, None, True)
    assert repr(made) == repr(Claim("oi", "Ben", ((2, "o"), (1, "i")), "rare", "in SCOWL", "voting", None, None, True))
    changed = changed_claim(made, status="accepted", card="Mars")
    assert changed == Claim("oi", "Ben", ((2, "o"), (1, "i")), "rare", "in SCOWL", "accepted", "Mars", None, True)
    assert made.status == "voting" and made.card is None  # the claim changed is a new one
    with pytest.raises(TypeError):
        changed_claim(made, colour="red")


def test_the_claimed_words_follow_the_claims_of_each_state():
    """``claimed_words`` is kept beside the claims chain it was read from (not a field):
    a claim's effect hands on the words with its own added, and a state whose claims are
    another chain (evolve, an undo's older state) reads its own, so it cannot go stale."""
    from referee.core.states import Chain, evolve
    from referee.games.connexion.state import State

    one = new_claim("oi", "Ben", ((2, "o"), (1, "i")), "word", "", False)
    two = new_claim("in", "Cy", ((1, "i"), (3, "n")), "word", "", False)
    state = State(players=("Ann", "Ben"), mode="table", options={}, deck=(), claims=Chain([one]))
    assert state.claimed_words == {"oi"} and state.claims_of("oi") == [one] and state.claims_of("in") == ()
    other = evolve(state, claims=state.claims.add(two))  # the old words copied beside the old chain
    assert other.claimed_words == {"oi", "in"} and other.claims_of("in") == [two]
    fewer = evolve(other, claims=Chain())
    assert fewer.claimed_words == frozenset() and fewer.claims_of("oi") == ()
    assert "_words" not in repr(other) and other == evolve(other, claims=Chain([one, two]))


def test_a_claims_path_is_read_and_refused_as_path_of_and_check_path_do():
    from referee.core.errors import RuleError
    from referee.games.connexion import claims, paths
    from referee.games.connexion.state import State

    board = ("iota", "omicron", "nu", None, None, "tau") + (None,) * 19
    state = State(players=("Ann", "Ben"), mode="table", options={}, deck=(), board=board)
    steps = [[2, "o"], [1, "i"]]
    assert paths.claimed_path(state, "oi", steps, 2) == claims.path_of({"path": steps}) == ((2, "o"), (1, "i"))
    for word, steps in (("oo", [[2, "o"], [2, "o"]]), ("it", [[1, "i"], [6, "t"]]), ("ox", [[2, "o"], [1, "x"]]),
                        ("o", [[2, "o"]]), ("oi", [[2, "o"], [9, "i"]]), ("io", [[2, "o"], [1, "i"]]), ("oi", [])):
        with pytest.raises(RuleError) as fast:
            paths.claimed_path(state, word, steps, 2)
        with pytest.raises(RuleError) as slow:
            paths.check_path(state, word, claims.path_of({"path": steps}), 2)
        assert str(fast.value) == str(slow.value) and fast.value.rule == slow.value.rule
    with pytest.raises(ValueError):  # a damaged step refused as path_of refuses it, before any rule
        paths.claimed_path(state, "oi", [[9, "o"], ["x", "i"]], 2)
