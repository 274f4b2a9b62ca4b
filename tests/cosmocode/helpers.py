"""States to start a scenario from, and a shell over a real session, for the Cosmo;code tests."""

from dataclasses import replace

from referee.core.errors import RuleError
from referee.games import load
from referee.games.cosmocode import dealing
from referee.games.cosmocode.moves import MOVES
from tests.tables import open_table, typed

GAME = load("cosmocode")
OPTIONS = {"reshuffle": True, "hand_limit": 8, "first": "random"}


def header(players=("Ann", "Ben"), mode="table", seed=None, **options):
    return {"id": None, "players": list(players), "mode": mode, "seed": seed,
            "options": dict(OPTIONS, **options), "wordlists": []}


def table(players=("Ann", "Ben"), **options):
    """A table-mode game with Ann to act and every hand known (and empty)."""
    state = dealing.initial(header(players, first=players[0], **options))
    n = len(players)
    return replace(state, unknown=(0,) * n)


def attempt(range_, shown, hand=(), perk=None, indicator="a", players=("Ann", "Ben"), **options):
    """Ann holding ``hand`` has received ``range_`` and the table revealed ``shown``."""
    state = table(players, **options)
    perks = (perk,) + state.perks[1:]
    state = replace(state, hands=(tuple(hand),) + state.hands[1:], perks=perks, indicator=indicator)
    return MOVES.apply(state, {"do": "receive", "range": range_, "cards": list(shown)})


def open_session(home, players=("Ann", "Ben"), mode="table", seed=None, **options):
    """A session and a quiet shell whose output lands in ``shell.printed``."""
    session, shell, _ = open_table("cosmocode", home, players, mode, seed, **options)
    return session, shell


def say(shell, *lines):
    """Run lines; return what they printed, joined."""
    return typed(shell, shell.printed, *lines)


def play_greedily(seed, turns=100, players=("Ann", "Ben"), **options):
    """A digital game played by the rules alone, taking the hint's cheapest plan: yields each state."""
    from referee.games.cosmocode import hint

    state = dealing.initial(header(players, mode="digital", seed=seed, **options))
    yield state
    for turn in range(turns):
        if state.phase == "over":
            return
        if state.phase == "receive":
            hand = state.hand_size(state.turn)
            range_ = ("long", "short", "mid")[turn % 3] if hand >= 4 else ("short", "mid")[turn % 2]
            try:
                state = MOVES.apply(state, {"do": "receive", "range": range_})
            except RuleError:
                state = MOVES.apply(state, {"do": "receive", "range": "mid"})
        elif state.phase == "manipulate":
            found = hint.plans(state)
            if found:
                plan = found[max(found)]
                for step in plan.steps:
                    state = MOVES.apply(state, step)
                    yield state
                takes = list(plan.takes) if state.range == "short" else [plan.takes[0]]
                state = MOVES.apply(state, {"do": "take", "cards": takes})
            else:
                state = MOVES.apply(state, {"do": "pass"})
        elif state.phase == "discard":
            excess = state.hand_size(state.turn) - state.limit
            state = MOVES.apply(state, {"do": "discard", "cards": list(state.hands[state.turn][:excess])})
        elif state.phase == "perk":
            state = MOVES.apply(state, {"do": "perk", "perk": "ab"[turn % 2]})
        yield state


def play_to_the_end(session, seed=5):
    """Drive a digital session through the rules alone (greedy, as play_greedily) until
    someone takes a second red card; returns the session, over."""
    from referee.games.cosmocode import hint

    for turn in range(1000):
        state = session.state
        if state.phase == "over":
            return session
        if state.phase == "receive":
            ranges = ("long", "short", "mid") if state.hand_size(state.turn) >= 4 else ("short", "mid")
            for range_ in (ranges[turn % len(ranges)], "mid", "short"):
                try:
                    session.do({"do": "receive", "range": range_})
                    break
                except RuleError:
                    continue
        elif state.phase == "manipulate":
            found = hint.plans(state)
            if found:
                plan = found[max(found)]
                for step in plan.steps:
                    session.do(step)
                takes = list(plan.takes) if state.range == "short" else [plan.takes[0]]
                session.do({"do": "take", "cards": takes})
            else:
                session.do({"do": "pass"})
        elif state.phase == "discard":
            excess = state.hand_size(state.turn) - state.limit
            session.do({"do": "discard", "cards": list(state.hands[state.turn][:excess])})
        elif state.phase == "perk":
            session.do({"do": "perk", "perk": "ab"[turn % 2]})
    raise AssertionError("the game did not end")
