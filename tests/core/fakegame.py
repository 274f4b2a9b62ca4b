"""A tiny counter game for the core tests: everything the core needs, nothing more.

``add N`` adds N to the total (N <= 0 is refused with a RuleError, rule F-1); ``draw``
turns over the next card of a hidden, seeded deck (what ``Game.revealed`` reports); the
game is over once the total reaches the ``target`` option (rule F-2).
"""

import random
from dataclasses import dataclass, replace

from referee.core import render
from referee.core.commands import CommandSet
from referee.core.errors import InputError, RuleError
from referee.core.game import Game
from referee.core.options import Option

CARDS = ("ace", "two", "three", "four", "five", "six")


@dataclass(frozen=True)
class Counter:
    total: int
    target: int
    deck: tuple  # face down, next card first
    shown: tuple = ()


COMMANDS = CommandSet()


@COMMANDS.command("add", "plus", usage="add N")
def add_command(session, args):
    """Add N to the total."""
    try:
        n = int(args)
    except ValueError:
        raise InputError(f"add takes a whole number, not {args!r}")
    state = session.do({"do": "add", "n": n})
    return render.ok(f"total {state.total}")


@COMMANDS.command("draw", usage="draw")
def draw_command(session, args):
    """Turn over the next card."""
    state = session.do({"do": "draw"})
    return render.ok(f"drew {state.shown[-1]}")


class FakeGame(Game):
    name = "fake"
    title = "Fake Counter"
    commands = COMMANDS
    options = (
        Option("target", 10, "F-2", "the total that ends the game"),
        Option("loud", False, "F-3", "shout the total"),
        Option("colour", "red", "F-4", "the colour of the counter", choices=("red", "blue")),
    )

    def initial(self, header):
        if len(header["players"]) < 2:
            raise RuleError("the fake game needs two players")
        deck = list(CARDS)
        random.Random(header.get("seed")).shuffle(deck)
        target = header.get("options", {}).get("target", 10)
        return Counter(total=0, target=target, deck=tuple(deck))

    def apply(self, state, action):
        if self.is_over(state):
            raise RuleError("the game is over", rule="F-2")
        kind = action.get("do")
        if kind == "add":
            n = action["n"]  # a KeyError here is what a damaged record looks like
            if n <= 0:
                raise RuleError(f"add takes a positive number, not {n}", rule="F-1")
            return replace(state, total=state.total + n)
        if kind == "draw":
            if not state.deck:
                raise RuleError("the deck is empty", rule="F-1")
            return replace(state, deck=state.deck[1:], shown=state.shown + state.deck[:1])
        raise RuleError(f"not a fake-game action: {kind!r}")

    def is_over(self, state):
        return state.total >= state.target

    def revealed(self, before, after):
        if len(after.shown) > len(before.shown):
            return "the draw of " + after.shown[-1]
        return None

    def describe(self, action):
        if action.get("do") == "add":
            return f"adds {action['n']}"
        return "draws a card"

    def is_secret(self, action):
        return action.get("do") == "draw"

    def scoreboard(self, state, width=None):
        return ("total", "target"), [(state.total, state.target)]

    def result(self, state):
        return {"finished": self.is_over(state), "players": [], "winners": []}


GAME = FakeGame()
