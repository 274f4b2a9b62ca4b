"""Every move of Cosmic Colors declared once, with the phase table (core.moves, core.phases).

One MoveSet serves the team game (standard, Wild Cards, Short Game) and Jr: their states
differ (rules.State, jr.JrState), so ``phase_of`` names each state's phase and the two
moves both games have (``grid``, ``finish``) run the rules of the state they are given.
The core runs the checks in their order (the game is not over → the phase opens the
move → the player to act, for the moves of a turn → the move's own rule) and then the
pure effect.

The log line of a move comes from its fields (``line``), with the game's card names when
the state is known (``view.narrate``); journals written before Core v2 carry the line
as a sentence (``say``), which is read as it was written.
"""

from referee.core.moves import Move, MoveSet
from referee.core.phases import ANYONE, SEAT, Phase, Phases
from referee.games.colors import corrections, grid, jr, rules
from referee.games.colors.cards import WILD, Names

_NAMES = Names()  # the default names: a log line asked for without its game's state


def _names(state):
    return state.names if state is not None else _NAMES


def said(action):
    """The sentence a journal written before Core v2 stored for the log, or None."""
    say = action.get("say")
    return say if isinstance(say, str) and say else None


def codes(names, cards):
    return " ".join(names.code(c) for c in cards)


def _draws(action, names):
    draws = action.get("draws")
    return "; draws " + codes(names, draws) if draws else ""


# -- the log lines: (action, the state before it or None) -> the scribe's line --------------


def grid_line(action, state=None):
    return said(action) or "lays out " + codes(_names(state), action.get("cards") or [])


def hand_line(action, state=None):
    return said(action) or "hand " + codes(_names(state), action.get("cards") or [])


def play_line(action, state=None):
    if said(action):
        return said(action)
    names, cards = _names(state), action.get("cards") or []
    if not cards:
        return "passes"
    text = "plays " + " ".join(f"{names.code(c)}@{grid.name(cell)}" for c, cell in zip(cards, action.get("cells")))
    value = action.get("value")
    if value is not None and state is not None and all(c == WILD for c in cards):
        text += " as " + names.value_name(state.side_of(state.turn), value)
    return text


def discard_line(action, state=None):
    if said(action):
        return said(action)
    names, cards = _names(state), action.get("cards") or []
    return ("discards " + codes(names, cards) if cards else "keeps every card") + _draws(action, names)


def swap_line(action, state=None):
    if said(action):
        return said(action)
    names = _names(state)
    mate = state.teammate(state.turn) if state is not None else None
    with_whom = f" with {state.players[mate]}" if mate is not None else ""
    return (f"swaps {codes(names, action.get('give') or [])} for {codes(names, action.get('take') or [])}"
            f"{with_whom}{_draws(action, names)}")


def draw_line(action, state=None):
    if said(action):
        return said(action)
    cards = action.get("cards") or []
    text = "draws " + codes(_names(state), cards) if cards else "draws nothing"
    return text + ("; the draw pile is empty" if action.get("empty") else "")


def adjust_line(action, state=None):
    if said(action):
        return said(action)
    names = _names(state)
    if action.get("what") == "pile":
        count = action.get("count")
        was = action.get("was", state.pile_count if state is not None else "?")
        return f"the draw pile corrected to the table's count: {was} → {count} {'card' if count == 1 else 'cards'} (G-1)"
    player = action.get("player")
    was = action.get("was")
    if was is None and state is not None and player in state.players:
        was = state.hands[state.players.index(player)]
    cards = codes(names, sorted(action.get("cards") or [])) or "no cards"
    before = codes(names, was) or "no cards" if was is not None else "?"
    return f"{player}'s hand corrected to the table's: {cards} (was {before}) (G-1)"


def finish_line(action, state=None):
    return said(action) or "the table ends the game early (G-6)"


def take_line(action, state=None):
    if said(action):
        return said(action)
    return f"takes {jr._name(action['cell'])} {_names(state).value_name(action['side'], action['value'])}"


def reveal_line(action, state=None):
    if said(action):
        return said(action)
    names = _names(state)
    return "turns up " + " ".join("empty" if c is None else names.code(c) for c in action.get("cards") or [])


# -- the moves both games have: the rules of the state given ---------------------------------


def _either(team, junior):
    def run(state, action):
        return (junior if isinstance(state, jr.JrState) else team)(state, action)
    run.__doc__ = team.__doc__
    return run


CARDS = (list, tuple)  # of card numbers (0-24 colour cards, 25 a wild)

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
    from referee.games.colors import view

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

SAY = {"say": str}  # the sentence of a journal written before Core v2 (read, never written now)

def _grid_ready(state):
    """`moves` offers the cards of the play area (Jr: the piles) while it waits for them;
    once full, a grid is refused (Setup 2) whatever is typed."""
    return phase_of(state) in ("setup-grid", "jr-setup")


def _swap_ready(state):
    """`moves` offers a swap while the teammate holds a card to swap for (3b)."""
    if isinstance(state, jr.JrState):
        return False
    mate = state.teammate(state.turn)  # None with two players: no swap (3b)
    return mate is not None and bool(state.hands[mate])


def _finish_ready(state):
    """`moves` offers `finish` when it would be taken: not before a turn, not once asked (G-6)."""
    return MOVES.can(state, {"do": "finish"})


MOVES = MoveSet([
    Move("grid", _either(rules.setup_grid, jr.setup), grid_line, rule="Setup 2",
         check=_either(rules.check_grid, jr.check_setup), ready=_grid_ready,
         fields={"cards": CARDS, "rows": bool, **SAY},
         optional=("rows", "say"), summary="the play area's cards, row by row (table mode)"),
    Move("hand", rules.setup_hand, hand_line, rule="Setup 3", check=rules.check_hand,
         fields={"player": str, "cards": CARDS, **SAY}, optional=("say",), summary="a player's hand (table mode)"),
    Move("play", rules.play, play_line, rule="1a", check=rules.check_play,
         fields={"cards": CARDS, "cells": (list, tuple), "value": int, **SAY}, optional=("value", "say"),
         summary="cards of your team's colour or shape onto touching cells; none is a pass"),
    Move("discard", rules.discard, discard_line, rule="3a", check=rules.check_discard,
         fields={"cards": CARDS, "draws": (list, tuple), **SAY}, optional=("draws", "say"),
         summary="up to 2 cards (none: keep), then the redraw"),
    Move("swap", rules.swap, swap_line, rule="3b", check=rules.check_swap, ready=_swap_ready,
         fields={"give": CARDS, "take": CARDS, "draws": (list, tuple), **SAY}, optional=("draws", "say"),
         summary="up to 2 cards with your teammate, card for card (4 players)"),
    Move("draw", rules.draw, draw_line, rule="4", check=rules.check_draw,
         fields={"cards": CARDS, "empty": bool, **SAY}, optional=("empty", "say"),
         summary="the cards drawn back to a full hand (table mode)"),
    # Jr (CC-7); declared before the corrections any phase allows, as `moves` lists them
    Move("take", jr.take, take_line, rule="CC-7", check=jr.check_take,
         fields={"cell": int, "side": str, "value": int, **SAY}, optional=("say",),
         summary="Jr: a top card's colour or shape, and the cards joined to it"),
    Move("reveal", jr.reveal, reveal_line, rule="CC-7", check=jr.check_reveal,
         fields={"cards": (list, tuple), **SAY}, optional=("say",), summary="Jr: the new top cards turned up"),
    Move("adjust", corrections.adjust, adjust_line, rule="G-1", check=corrections.check_adjust, anytime=True,
         fields={"what": str, "count": int, "player": str, "cards": CARDS, "was": (int, list, tuple), **SAY},
         optional=("count", "player", "cards", "was", "say"),
         summary="the draw pile's count or a hand set to what the table sees"),
    Move("finish", _either(rules.finish, jr.finish), finish_line, rule="G-6",
         check=_either(rules.check_finish, jr.check_finish), anytime=True, ready=_finish_ready,
         fields=dict(SAY), optional=("say",),
         summary="end the game early: the score as it stands decides"),
], PHASES)


def line(action, state=None):
    """The log line of ``action`` made in ``state`` (the game's card names, the player's
    side and teammate), the stored sentence of an old journal as it was written."""
    move = MOVES.moves.get(action.get("do"))
    if move is None:
        return str(action.get("do", "?"))
    return move.line(action, state)
