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
