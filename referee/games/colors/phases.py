"""Cosmic Colors' phase table (core.phases): who acts, which moves are open, the prompt,
what a bare line means and what the toolbar says the game waits for, in each phase.

Its own module so the moves (moves.py), help and `moves` read one table, and a reader
finds a game's turn order in one place. ``phase_of`` names each state's phase: setup told
apart by what it waits for (the grid's rows, then the hands). Jr has its own table
(colors_jr.phases).
"""

from referee.core.phases import ANYONE, SEAT, Phase, Phases
from referee.games.colors import grid, rules, view


def _over_text(state):
    if state.early:  # a newcomer who ended it by mistake is told the way back
        return "the game is over: the table ended it early; `undo` takes that back"
    return "the game is over"


def _over_rule(state):
    if state.early:
        return "G-6"
    return "CC-6"


def _discard_waiting(state):
    if len(state.players) != 4:  # no swap with two (3b)
        return f"{state.player} first discards: `discard CARDS` or `keep`"
    return f"{state.player} first discards or swaps: `discard CARDS` or `keep` or `swap CARDS for CARDS`"


def _draw_waiting(state):
    need = state.draw_need
    return f"first enter the {need} card{'s' if need > 1 else ''} {state.player} draws (`draw CARDS`)"


def _rows_prompt(state):
    filled = sum(1 for s in state.stacks if s)
    return f"row {filled // grid.SIZE + 1}? "


def _status(state):
    return view.toolbar(state)[0]


def phase_of(state):
    """The phase of the table below: a state's own ``phase``, setup told apart by what it
    waits for (the grid's rows, then the hands)."""
    if state.phase == "setup":
        return "setup-grid" if not state.grid_full else "setup-hands"
    return state.phase


PHASES = Phases([
    Phase("setup-grid", moves=("grid", "hand"), acts=ANYONE, prompt=_rows_prompt, default="grid",
          status=_status, waiting=rules.setup_missing, rule="Setup", next=("setup-hands", "play")),
    # the hands are optional (G-1): a play here begins the game without those not entered
    Phase("setup-hands", moves=("grid", "hand", "play"), acts=ANYONE,
          prompt=lambda s: f"{s.waiting_hands[0]}'s hand? ", default="hand", status=_status,
          waiting=rules.setup_missing, rule="Setup", turn_rule="Turns", next=("play", "discard", "draw", "over")),
    Phase("play", moves=("play",), acts=SEAT, prompt=lambda s: f"{s.player} ({s.side_of(s.turn)}) plays> ",
          status=_status, waiting="it is time for {player} to play (`play CARD@CELL ...` or `pass`)",
          rule="Turns", turn_rule="Turns", next=("discard", "draw", "play", "over")),
    Phase("discard", moves=("discard", "swap"), acts=SEAT, prompt="{player} discards> ", default="discard",
          status=_status, waiting=_discard_waiting, rule="3a", turn_rule="Turns", next=("draw", "play", "over")),
    Phase("draw", moves=("draw",), acts=SEAT, prompt=lambda s: f"{s.player} draws {s.draw_need}> ", default="draw",
          status=_status, waiting=_draw_waiting, rule="4", turn_rule="Turns", next=("play", "over")),
    Phase("over", prompt="over> ", status=_status, waiting=_over_text, rule=_over_rule, over=True),
], phase_of=phase_of)
