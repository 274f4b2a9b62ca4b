"""Jr's phase table (core.phases): who acts, which moves are open, the prompt, what a
bare line means and what the toolbar says the game waits for, in each phase. The
state's own ``phase`` names Jr's phases as the phase table does (``phase_of``).
"""

from referee.core.phases import ANYONE, SEAT, Phase, Phases
from referee.games.colors_jr import view
from referee.games.colors_jr.state import SIZE, cell_name


def _over_text(state):
    if state.early:  # a newcomer who ended it by mistake is told the way back
        return "the game is over: the table ended it early; `undo` takes that back"
    return "the game is over"


def _over_rule(state):
    return "G-6" if state.early else "CC-7"


def _setup_waiting(state):
    return f"first lay out the nine piles: {sum(1 for p in state.piles if not p)} top cards to enter (`grid`)"


def _rows_prompt(state):
    filled = sum(1 for s in state.piles if s)
    return f"row {filled // SIZE + 1}? "


def _status(state):
    return view.toolbar(state)[0]


_PHASE_OF = {"setup": "jr-setup", "play": "take", "reveal": "reveal", "over": "over"}


def phase_of(state):
    """The phase of the table below for a state's own ``phase``."""
    return _PHASE_OF[state.phase]


PHASES = Phases([
    Phase("jr-setup", moves=("grid",), acts=ANYONE, prompt=_rows_prompt, default="grid", status=_status,
          waiting=_setup_waiting, rule="CC-7", next=("take",)),
    Phase("take", moves=("take",), acts=SEAT, prompt="{player} takes> ", status=_status,
          waiting="it is {player}'s turn to take (`take CELL COLOUR|SHAPE`)", rule="CC-7", turn_rule="CC-7",
          next=("reveal", "take", "over")),
    Phase("reveal", moves=("reveal",), acts=ANYONE, default="top", status=_status,
          prompt=lambda s: f"new top of {' '.join(cell_name(c) for c in s.reveal)}? ",
          waiting="first say the new top cards turned up (`top CARDS`, `empty` for a pile that is gone)",
          rule="CC-7", next=("take", "over")),
    Phase("over", prompt="over> ", status=_status, waiting=_over_text, rule=_over_rule, over=True),
], phase_of=phase_of)
