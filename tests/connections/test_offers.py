"""What each variant offers (Game.offers): `help` lists a variant's own commands only, and
hiding a command never hides something usable there, since the rules refuse it anyway."""

import os
import re

import pytest

from referee.core import store
from referee.core.errors import RuleError
from referee.core.session import Session
from referee.games.connections.state import TURNS
from tests.connections.helpers import GAME, new_session
from tests.tables import typed
from tests.connections.test_transcripts import replay

EVERY = {"show", "start", "play", "draw", "pass", "contest", "vote", "hand", "round", "finish", "take", "return",
         "run", "extend", "steal", "adjust"}
OFFERED = {
    "classic": {"adjust", "show", "start", "play", "draw", "pass", "contest", "vote", "hand", "round", "finish"},
    "endless": {"adjust", "show", "start", "play", "draw", "pass", "contest", "vote", "round", "finish"},
    "solitaire": {"adjust", "show", "start", "play", "round", "finish"},
    "quick": {"adjust", "show", "start", "play", "draw", "contest", "vote", "hand", "round", "finish"},
    "quads": {"adjust", "show", "play", "draw", "contest", "vote", "round", "finish", "take", "return"},
    "rummy": {"adjust", "show", "draw", "pass", "contest", "vote", "hand", "round", "finish", "run", "extend",
              "steal"},
}
PLAYERS = {"classic": ("Ann", "Ben"), "endless": ("Ann", "Ben"), "solitaire": ("Sol",), "quick": ("Ann", "Ben", "Cy"),
           "quads": ("Ann", "Ben"), "rummy": ("Ann", "Ben", "Cy")}
MIDGAME = {  # a point where the round is under way and a play was just made
    "classic": ["start tiger/head/tree/ocean 1 !", "play 1,0 fruit/salad/bowl/dish 2 !"],
    "endless": ["start tiger/head/tree/ocean 1 !", "play 1,0 fruit/salad/bowl/dish 2 !"],
    "solitaire": ["start tiger/head/tree/ocean 1 !", "play 1,0 fruit/salad/bowl/dish 2 !"],
    "quick": ["start tiger/head/tree/ocean 1 !", "Ann: play 1,0 fruit/salad/bowl/dish 2 !"],
    "quads": ["Ann: play 0,0 fruit/salad/bowl/dish 2 !", "Ben: play 0,0 tiger/head/tree/ocean 1 !"],
    "rummy": ["draw", "run tiger/head/tree/ocean 1; fruit/salad/bowl/dish 2; gold/mine/bird/nest 3 !"],
}


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    return lambda variant: new_session(tmp_path, variant, PLAYERS[variant])


def game_commands(help_text):
    """The commands of the game's own section of `help` (up to the `At any time` heading)."""
    section = help_text.split("At any time")[0].splitlines()[1:]
    return {line.split()[0] for line in section if line.strip() and not line.startswith(" ")}


@pytest.mark.parametrize("variant", sorted(OFFERED))
def test_help_lists_exactly_the_commands_of_the_variant(game, variant):
    session, shell, out = game(variant)
    assert game_commands(typed(shell, out, "help")) == OFFERED[variant]
    typed(shell, out, *MIDGAME[variant])
    assert game_commands(typed(shell, out, "help")) == OFFERED[variant]  # the variant decides, not the moment


def test_every_variant_offers_what_the_rules_of_some_variant_accept():
    assert set().union(*OFFERED.values()) == EVERY == set(GAME.commands.commands)


def _line(command, state):
    """A well-formed line for ``command``, as likely to be accepted as such a line can be."""
    first, last = state.players[0], state.players[-1]
    held = " ".join(["1"] * state.hands[0]) if state.hands else ""
    line = {"start": "start tiger/head/tree/ocean 1 !", "play": "play 1,0 fruit/salad/bowl/dish 2 !",
            "draw": "draw 1", "pass": "pass", "contest": "contest", "vote": "vote all yes",
            "hand": f"hand {first} {held}".strip(), "round": "round", "finish": "finish", "take": "take 0,0",
            "return": "return 1", "run": "run tiger/head/tree/ocean 1; fruit/salad/bowl/dish 2; gold/mine/bird/nest 3 !",
            "extend": "extend 1 east fruit/salad/bowl/dish 2 !", "steal": f"steal {last} 1 east"}[command]
    return line if state.variant in TURNS else f"{first}: {line}"


@pytest.mark.parametrize("variant", sorted(OFFERED))
@pytest.mark.parametrize("moment", ["fresh", "midgame"])
def test_a_command_the_variant_does_not_offer_is_refused_by_its_rules(game, variant, moment):
    hidden = sorted(EVERY - OFFERED[variant])
    assert hidden
    for command in hidden:
        session, shell, out = game(variant)
        if moment == "midgame":
            typed(shell, out, *MIDGAME[variant])
        before, events = session.state, len(session.events)
        text = typed(shell, out, _line(command, session.state))
        assert session.state == before and len(session.events) == events, command
        assert re.search(r"\((CN|G)-\d\)", text), (command, text)


def _actions(command, state):
    """Every action of ``command`` worth trying in ``state``: each player, pile, cell, run and end."""
    whom = list(state.players) + [None]
    card = {"words": ["n", "e", "s", "w"], "points": 1}
    cells = {c for area in (state.areas or ()) for c in area} | set(state.cells)
    near = {(x + dx, y + dy) for x, y in cells | {(0, 0)} for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))}
    by = [dict(by=p) for p in whom]
    kinds = {
        "start": [{"card": card}],
        "play": [dict(b, cell=list(c), card=card) for b in by for c in near],
        "draw": [dict(b, pile=p) for b in by for p in (None, 1, 2, 3, 4)],
        "pass": by, "contest": [{}], "finish": [{}],
        "vote": [{"ballots": [[p, True] for p in state.players]}],
        "hand": [{"player": p, "points": [1] * state.hands[i]} for i, p in enumerate(state.players)],
        "take": [dict(b, cell=list(c)) for b in by for c in cells],
        "return": [dict(b, pile=p) for b in by for p in (1, 2, 3, 4)],
        "run": [dict(b, cards=[card] * 3) for b in by],
        "extend": [dict(b, run=r, end=e, card=card) for b in by for r in (1, 2) for e in ("east", "west")],
        "steal": [dict(b, run=r, end=e, **{"from": p}) for b in by for p in state.players for r in (1, 2)
                  for e in ("east", "west")],
    }[command]
    return [dict(a, do=command, at=0.0) for a in kinds]


@pytest.mark.parametrize("variant, players", [("classic", "Ann,Ben,Cy"), ("endless", "Ann,Ben"),
                                               ("solitaire", "Sol"), ("quick", "Ann,Ben,Cy"),
                                               ("quads", "Ann,Ben"), ("rummy", "Ann,Ben,Cy")])
def test_at_every_point_of_each_example_game_the_hidden_commands_are_refused(tmp_path, variant, players):
    _result, data, _totals = replay(tmp_path, variant, players)
    os.environ["REFEREE_HOME"] = str(tmp_path)
    try:
        session = Session.resume(GAME, store.path_of(data["id"]))
    finally:
        del os.environ["REFEREE_HOME"]
    hidden = EVERY - OFFERED[variant] - {"show"}
    state = GAME.initial(session.header)
    tried = 0
    for action in [None] + session.events:
        if action is not None:
            state = GAME.apply(state, action)
        assert {c for c in EVERY if GAME.offers(state, c)} == OFFERED[variant]
        for command in hidden:
            for attempt in _actions(command, state):
                tried += 1
                with pytest.raises(RuleError):
                    GAME.apply(state, attempt)
    assert tried > 100
