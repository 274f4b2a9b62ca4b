"""Cosmo;code's phase table (core.phases): per phase who acts, the moves it opens, the
prompt, what a bare answer means, the toolbar's first part, the sentence (with its rule)
that refuses any other move, and the phases that may follow. From it the core derives
the prompt, the default command, the toolbar's first part and the first checks of every
move (over → turn → phase: a wrong speaker hears whose turn it is before what the phase
waits for, which is the player to act's business, not theirs).

Every sentence cites the ruling that says it: the order of a turn and whose it is
(CO-2: choose a range, reveal, manipulate, take), the hand limit (CO-6), the perk (CO-5);
never a bare step number of the rulebook (a "(1)" reads as a count, not a rule).
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


class TurnFirst(Phases):
    """The core's checks with whose turn it is asked before the phase: `Ben: receive short`
    while Ann manipulates is refused because it is Ann's turn, not because Ann has cards
    revealed (issue 20 item 12)."""

    turn_first = True


PHASES = TurnFirst([
    Phase("start", moves=("start",), acts=ANYONE, prompt="who starts? ", default="start", status="start PLAYER",
          waiting="the table names the start player first: `start PLAYER`", rule="CO-1", next=("receive", "over")),
    Phase("receive", moves=("receive",), prompt="{player} range? ", default="receive", status="{player}: receive",
          waiting="{player} first chooses a range: `receive short|mid|long`", rule="CO-2", turn_rule="CO-2",
          next=("reveal", "manipulate", "over")),
    # `receive` is open while a reveal is awaited only for `receive RANGE CARDS` said again
    # with the range chosen, which its reading makes the reveal; any other receive there is
    # refused by its check_first in this phase's own words (moves.py)
    Phase("reveal", moves=("reveal", "receive"), prompt="{player} reveal? ", default="reveal",
          status=lambda state: f"{state.player}: reveal {state.range}",
          waiting="{player} first says which cards came up: `reveal 3a 7b`", rule="CO-2", turn_rule="CO-2",
          next=("manipulate",)),
    Phase("manipulate", moves=("flip", "indicator", "tune", "take", "pass"), prompt=_manipulate_prompt,
          status=lambda state: f"{state.player}: manipulate {state.range}",
          waiting="{player} has revealed cards: manipulate them, then `take` (or `pass` if nothing can be taken)",
          rule="CO-2", turn_rule="CO-2", next=("discard", "perk", "receive", "over")),
    Phase("discard", moves=("discard",), prompt="{player} discard? ", default="discard", status="{player}: discard",
          waiting=_discard_waiting, rule="CO-6", turn_rule="CO-2", next=("discard", "perk", "receive", "over")),
    Phase("perk", moves=("perk",), prompt="{player} perk a|b? ", default="perk", status="{player}: perk a|b",
          waiting="{player} took a first red card and chooses a perk first: `perk a` or `perk b`", rule="CO-5",
          turn_rule="CO-2", next=("receive", "over")),
    Phase("over", acts=ANYONE, prompt="over> ", status=_over_status, waiting=over_text, rule=over_rule,
          over=True),
])
