"""Every move of Cosmic Colors declared once, from the words that type it to the reply
(core.moves, core.play): the rules it runs (``rules``, ``corrections``), its log line
(``lines``), its reading (``reading``) and its reply (``replies``), in one record, so
help, `moves`, the journal and the table cannot drift apart. The phases that open them
are the table of ``phases``.

Cosmic Colors Jr, the other game in the box, is a package of its own (colors_jr); its
two moves are declared here too (``take``, ``top``), as moves this game lacks, so a team
table typing them is told they are Jr's (CC-7), and Jr builds its own from them. ``pass``
and ``keep`` are two more commands of ``play`` and ``discard``.
"""

from referee.core.moves import Move, MoveSet, never
from referee.core.states import evolve
from referee.games.colors import corrections, reading, replies, rules
from referee.games.colors.lines import (absent_line, adjust_line, discard_line, draw_line, finish_line, grid_line,
                                        hand_line, play_line, swap_line)
from referee.games.colors.phases import PHASES, phase_of

CARDS = (list, tuple)  # of card numbers (0-24 colour cards, 25 a wild)
SAY = {"say": str}  # the sentence of a journal written before Core v2 (read, never written now)


def _grid_ready(state):
    """`moves` offers the cards of the play area while it waits for them; once full, a
    grid is refused (Setup 2) whatever is typed."""
    return phase_of(state) == "setup-grid"


def _hand_ready(state):
    """`moves` offers a hand while setup waits for one, or once the game began without
    one (G-1: a hand typed later brings `hint` and the hand checks)."""
    if state.phase == "setup":
        return True
    return state.phase != "over" and len(state.entered) < len(state.players)


def _to_play(state):
    """Who may make a play: the player to act, also while setup would take more hands
    (a table keeping only the score plays without them, G-1)."""
    return (state.player,)


def _swap_ready(state):
    """`moves` offers a swap while the teammate holds a card to swap for (3b)."""
    mate = state.teammate(state.turn)
    return mate is not None and bool(state.hands[mate])


def _finish_ready(state):
    """`moves` offers `finish` when it would be taken: not before a turn, not once asked (G-6)."""
    return MOVES.can(state, {"do": "finish"})


# -- the game as set up: its mode (G-2) and its seats (3b) ------------------------------------


def table_only(text, rule):
    """A move only a table makes (Move.offered): in digital mode the referee deals (G-2)."""
    return {"offered": lambda state: state.mode != "digital", "absent": text, "absent_rule": rule}


class TableMoves(MoveSet):
    """Cosmic Colors' moves check the game as set up before the phase: a move the game
    lacks (Move.offered: the other game's in the box, a table's in digital mode, a swap
    at a table of two) is refused with its reason wherever the game stands, so a digital
    table typing `draw` is told the referee deals (4), not that it is time to play, and
    a team table typing `take` that `take` is Jr's (CC-7). Then the phase's checks (not
    over, the phase opens the move, the player to act) and the move's own rule, as in
    every game."""

    def allow(self, state, move, action):
        if move.offered is not None and not move.offered(state):  # Move.offered_in, without its call
            move.refuse_absent(state)
        self.phases.allow(state, move, action)


MOVES = TableMoves([
    Move("grid", rules.setup_grid, grid_line, rule="Setup 2", check=rules.check_grid, ready=_grid_ready,
         fields={"cards": CARDS, "rows": bool, **SAY},
         optional={"rows": False, "say": None}, summary="the play area's cards, row by row (table mode)",
         words=("grid", "row"), usage="grid CARD ...", reading=reading.read_grid, reply=replies.setup,
         **table_only("in digital mode the referee lays out the play area itself", "G-2")),
    Move("hand", rules.setup_hand, hand_line, rule="Setup 3", check=rules.check_hand, anytime=True,
         ready=_hand_ready, fields={"player": str, "cards": CARDS, **SAY}, optional=("say",),
         summary="a player's hand (table mode; optional: for `hint` and the hand checks)",
         reading=reading.read_hand, reply=replies.setup,  # typed with `hand`, a question too (commands)
         **table_only("in digital mode the referee deals the hands itself", "G-2")),
    Move("play", rules.play, play_line, rule="1a", check=rules.check_play,
         fields={"cards": CARDS, "cells": (list, tuple), "value": int, **SAY}, optional=("value", "say"),
         summary="cards of your team's colour or shape onto touching cells; none is a pass",
         words=("play", "p"), usage="play CARD@CELL ... [as VALUE] [discard|keep|swap ...]",
         reading=reading.read_play, reply=replies.played, complete=reading.play_words, acts=_to_play,
         check_first=rules.check_line, gather=reading.journalled),
    Move("discard", rules.discard, discard_line, rule="3a", check=rules.check_discard,
         fields={"cards": CARDS, "draws": (list, tuple), **SAY}, optional=("draws", "say"),
         summary="up to 2 cards (none: keep), then the redraw",
         words=("discard", "d", "toss"), usage="discard [CARD [CARD]]", reading=reading.read_discard,
         reply=replies.turn_step, complete=reading.hand_codes),
    Move("swap", rules.swap, swap_line, rule="3b", check=rules.check_swap, ready=_swap_ready,
         fields={"give": CARDS, "take": CARDS, "draws": (list, tuple), **SAY}, optional=("draws", "say"),
         summary="up to 2 cards with your teammate, card for card (4 players)",
         words=("swap", "trade"), usage="swap CARD [CARD] for CARD [CARD]", reading=reading.read_swap,
         reply=replies.turn_step, complete=reading.hand_codes,
         offered=rules.has_teammates, absent=rules.NO_SWAP, absent_rule="3b"),
    Move("draw", rules.draw, draw_line, rule="4", check=rules.check_draw,
         fields={"cards": CARDS, "empty": bool, **SAY}, optional={"empty": False, "say": None},
         summary="the cards drawn back to a full hand (table mode)",
         words=("draw", "drew"), usage="draw CARD ... [empty]", reading=reading.read_draw, reply=replies.turn_step,
         **table_only("in digital mode the referee deals the redraw itself", "4")),
    # Jr's (CC-7), which this game lacks, declared (offered never: no phase opens them) so
    # that a table typing one is told whose move it is
    Move("take", rules.not_here, absent_line, rule="CC-7", fields={"cell": int, "side": str, "value": int, **SAY},
         optional=("say",), summary="Jr: a top card's colour or shape, and the cards joined to it",
         words=("take", "t"), usage="take CELL COLOUR|SHAPE", reading=reading.read_take,
         offered=never, absent="`take` is Cosmic Colors Jr's move; here a turn is `play`", absent_rule="CC-7"),
    Move("reveal", rules.not_here, absent_line, rule="CC-7", fields={"cards": (list, tuple), **SAY},
         optional=("say",), summary="Jr: the new top cards turned up",
         words=("top", "turned"), usage="top CARD|empty ...", reading=reading.read_top,
         offered=never, absent="`top` is for Cosmic Colors Jr's piles", absent_rule="CC-7"),
    Move("adjust", corrections.adjust, adjust_line, rule="G-1", check=corrections.check_adjust, anytime=True,
         fields={"what": str, "count": int, "player": str, "cards": CARDS, "was": (int, list, tuple), **SAY},
         optional=("count", "player", "cards", "was", "say"),
         summary="the draw pile's count or a hand set to what the table sees",
         words=("adjust", "fix"), usage="adjust pile N | adjust hand PLAYER CARD ...", reading=reading.read_adjust,
         reply=replies.corrected, complete=reading.adjust_words,
         **table_only("in digital mode the referee holds the pile and deals the hands: nothing to correct", "G-2")),
    Move("finish", rules.finish, finish_line, rule="G-6", check=rules.check_finish, anytime=True,
         ready=_finish_ready, fields=dict(SAY), optional=("say",),
         summary="end the game early: the score as it stands decides",
         words=("finish", "end"), usage="finish", reading=reading.read_finish, reply=replies.finished),
], PHASES)

# Two more commands for two of these moves: `pass` is a play of no cards (CC-2), `keep` a
# discard of none (3a).
PASS = evolve(MOVES["play"], words=("pass",), usage="pass [discard|keep|swap ...]", reading=reading.read_pass,
               complete=None)
KEEP = evolve(MOVES["discard"], words=("keep",), usage="keep", reading=reading.read_keep, complete=None)
ALSO_TYPED = (PASS, KEEP)
