"""Cosmic Colors' phase table (core.phases): who acts, which moves are open, the prompt,
what a bare line means and what the toolbar says the game waits for, in each phase.

Its own module so the moves (moves.py), help and `moves` read one table, and a reader
finds a game's turn order in one place. The team game (standard, Wild Cards, Short
Game) and Jr keep different states, so ``phase_of`` names each state's phase: the team
game's setup told apart by what it waits for (the grid's rows, then the hands), Jr's
phases named as Jr's.
"""

from referee.core.phases import ANYONE, SEAT, Phase, Phases
from referee.games.colors import grid, jr, rules, view


def _over_text(state):
    if state.early:  # a newcomer who ended it by mistake is told the way back
        return "the game is over: the table ended it early; `undo` takes that back"
    return "the game is over"


def _over_rule(state):
    if state.early:
        return "G-6"
    return "CC-7" if isinstance(state, jr.JrState) else "CC-6"


def _discard_waiting(state):
    if len(state.players) != 4:  # no swap with two (3b)
        return f"{state.player} first discards: `discard CARDS` or `keep`"
    return f"{state.player} first discards or swaps: `discard CARDS` or `keep` or `swap CARDS for CARDS`"


def _draw_waiting(state):
    need = state.draw_need
    return f"first enter the {need} card{'s' if need > 1 else ''} {state.player} draws (`draw CARDS`)"


def _jr_setup_waiting(state):
    return f"first lay out the nine piles: {sum(1 for p in state.piles if not p)} top cards to enter (`grid`)"


def _rows_prompt(state):
    filled = sum(1 for s in (state.piles if isinstance(state, jr.JrState) else state.stacks) if s)
    return f"row {filled // (jr.SIZE if isinstance(state, jr.JrState) else grid.SIZE) + 1}? "


def _status(state):
    return view.toolbar(state)[0]


_PHASE_OF_JR = {"setup": "jr-setup", "play": "take", "reveal": "reveal", "over": "over"}


def phase_of(state):
    """The phase of the table below: a state's own ``phase``, setup told apart by what it
    waits for (the grid's rows, then the hands), Jr's phases named as Jr's."""
    if isinstance(state, jr.JrState):
        return _PHASE_OF_JR[state.phase]
    if state.phase == "setup":
        return "setup-grid" if not state.grid_full else "setup-hands"
    return state.phase


PHASES = Phases([
    # the team game
    Phase("setup-grid", moves=("grid", "hand"), acts=ANYONE, prompt=_rows_prompt, default="grid",
          status=_status, waiting=rules.setup_missing, rule="Setup", next=("setup-hands", "play")),
    Phase("setup-hands", moves=("grid", "hand"), acts=ANYONE, prompt=lambda s: f"{s.waiting_hands[0]}'s hand? ",
          default="hand", status=_status, waiting=rules.setup_missing, rule="Setup", next=("play",)),
    Phase("play", moves=("play",), acts=SEAT, prompt=lambda s: f"{s.player} ({s.side_of(s.turn)}) plays> ",
          status=_status, waiting="it is time for {player} to play (`play CARD@CELL ...` or `pass`)",
          rule="Turns", turn_rule="Turns", next=("discard", "draw", "play", "over")),
    Phase("discard", moves=("discard", "swap"), acts=SEAT, prompt="{player} discards> ", default="discard",
          status=_status, waiting=_discard_waiting, rule="3a", turn_rule="Turns", next=("draw", "play", "over")),
    Phase("draw", moves=("draw",), acts=SEAT, prompt=lambda s: f"{s.player} draws {s.draw_need}> ", default="draw",
          status=_status, waiting=_draw_waiting, rule="4", turn_rule="Turns", next=("play", "over")),
    # Jr (CC-7)
    Phase("jr-setup", moves=("grid",), acts=ANYONE, prompt=_rows_prompt, default="grid", status=_status,
          waiting=_jr_setup_waiting, rule="CC-7", next=("take",)),
    Phase("take", moves=("take",), acts=SEAT, prompt="{player} takes> ", status=_status,
          waiting="it is {player}'s turn to take (`take CELL COLOUR|SHAPE`)", rule="CC-7", turn_rule="CC-7",
          next=("reveal", "take", "over")),
    Phase("reveal", moves=("reveal",), acts=ANYONE, default="top", status=_status,
          prompt=lambda s: f"new top of {' '.join(jr._name(c) for c in s.reveal)}? ",
          waiting="first say the new top cards turned up (`top CARDS`, `empty` for a pile that is gone)",
          rule="CC-7", next=("take", "over")),
    # both
    Phase("over", prompt="over> ", status=_status, waiting=_over_text, rule=_over_rule, over=True),
], phase_of=phase_of)
