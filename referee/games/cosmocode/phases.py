"""Cosmo;code's phase table (core.phases): per phase who acts, the moves it opens, the
prompt, what a bare answer means, the toolbar's first part, the sentence (with its rule)
that refuses any other move, and the phases that may follow. From it the core derives
the prompt, the default command, the toolbar's first part and the first checks of every
move (over → phase → turn).
"""

from referee.core.phases import ANYONE, Phase, Phases
from referee.games.cosmocode.taking import over_rule, over_text, winners


def _manipulate_prompt(state):
    return f"{state.player} ({state.range})> "


def _discard_waiting(state):
    return f"{state.player} holds more than {state.limit} cards: `discard CARD ...` first"


def _over_status(state):
    """The toolbar's first part once the game is over: that it is, and who won (short: a
    phone's 50 columns keep it before the indicator)."""
    won = winners(state)
    if not won:
        return "game over: no winner"
    return "game over: " + ", ".join(won) + (" won" if len(won) == 1 else " share the win")


PHASES = Phases([
    Phase("start", moves=("start",), acts=ANYONE, prompt="who starts? ", default="start", status="start PLAYER",
          waiting="the table names the start player first: `start PLAYER`", rule="CO-1", next=("receive", "over")),
    Phase("receive", moves=("receive",), prompt="{player} range? ", default="receive", status="{player}: receive",
          waiting="{player} first chooses a range: `receive short|mid|long`", rule="2", turn_rule="1",
          next=("reveal", "manipulate", "over")),
    # `receive` is open while a reveal is awaited only for `receive RANGE CARDS` said again
    # with the range chosen, which its reading makes the reveal; any other receive there is
    # refused by its check_first in this phase's own words (moves.py)
    Phase("reveal", moves=("reveal", "receive"), prompt="{player} reveal? ", default="reveal",
          status=lambda state: f"{state.player}: reveal {state.range}",
          waiting="{player} first says which cards came up: `reveal 3a 7b`", rule="3", turn_rule="1",
          next=("manipulate",)),
    Phase("manipulate", moves=("flip", "indicator", "tune", "take", "pass"), prompt=_manipulate_prompt,
          status=lambda state: f"{state.player}: manipulate {state.range}",
          waiting="{player} has revealed cards: manipulate them, then `take` (or `pass` if nothing can be taken)",
          rule="4", turn_rule="1", next=("discard", "perk", "receive", "over")),
    Phase("discard", moves=("discard",), prompt="{player} discard? ", default="discard", status="{player}: discard",
          waiting=_discard_waiting, rule="6", turn_rule="1", next=("discard", "perk", "receive", "over")),
    Phase("perk", moves=("perk",), prompt="{player} perk a|b? ", default="perk", status="{player}: perk a|b",
          waiting="{player} took a first red card and chooses a perk first: `perk a` or `perk b`", rule="5",
          turn_rule="1", next=("receive", "over")),
    Phase("over", acts=ANYONE, prompt="over> ", status=_over_status, waiting=over_text, rule=over_rule,
          over=True),
])
