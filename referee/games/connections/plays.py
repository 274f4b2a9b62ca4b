"""The moves that lay and move cards on the grid: the starter card, a play, a draw, a pass,
and Quads' taking back and returning (CN-1 to CN-3, CN-6, CN-7).

Each move is a pair: ``check_x(state, action)`` raises the RuleError of the first rule
broken and returns what it worked out; ``x(state, action)`` is the pure effect, run only
once the check passed. The effect asks the check for that work: on the very state and
action the check just passed it is handed back (worked.remembered), on any other it is
worked out again, refusals and all.
Both read the action as its move's typed record (core.moves.Action, moves.py): its fields
as attributes, an optional one absent read as the default the move declares.
"""

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.games.connections import layout
from referee.games.connections.checks import VARIANTS, actor, drawing_rule, holds_a_card, not_ending, timed
from referee.games.connections.layout import cell_name
from referee.games.connections.rounds import end_turn, round_end_due, turn_over
from referee.games.connections.state import (QUADS_TO_WIN, TURNS, add_at, card_of, cell_of, deal_size,
                                              set_at)
from referee.core.worked import remembered

# -- the starter card -----------------------------------------------------------------


@remembered
def check_start(state, action):
    card = card_of(state, action.card)
    n = len(state.players)
    size = deal_size(state.variant, n)
    pile = state.deck - size * n - 1
    if pile < 0:
        raise RuleError(f"{state.deck} cards cannot deal {size} to {n} players and a starter", rule="CN-6")
    return card, size, pile


def start(state, action):
    card, size, pile = check_start(state, action)
    n = len(state.players)
    first = (state.round - 1) % n if state.variant in TURNS else None
    return evolve(state, phase="play", cells={(0, 0): card}, hands=(size,) * n, piles=(pile,), points=(0,) * n,
                   turn=first, drew=False, owed=None, emptied=None, counted={}, votes=(), before=None,
                   last=None, turn_started=action.at, plays=0)


# -- a play -----------------------------------------------------------------------------


def _touches(cells, cell):
    """Whether ``cell`` shares a side with a card of ``cells`` (layout.STEPS, written out)."""
    x, y = cell
    return (x, y + 1) in cells or (x + 1, y) in cells or (x, y - 1) in cells or (x - 1, y) in cells


@remembered
def check_play_first(state, action):
    """The play's rules before its words are gathered (core.play's ``check_first``): a
    side typed `?` may still meet a card, since the gathering asks for its word. Its work
    is kept for the effect on the same state and action (worked)."""
    return _checked_play(state, action, asked=False)


_play_work = check_play_first  # the slot the effect reads (one call less on every replayed play)


def check_play(state, action):
    """Everything a play is, worked out and checked: (seat, cell, card, pairs, score, arithmetic)."""
    return _checked_play(state, action)[:6]


def _checked_play(state, action, asked=True):
    """check_play's work, with the cells the card is laid among (their `?` sides said
    by this play, ``sides``, filled in); ``asked``: every pair's words are known by now."""
    seat = actor(state, action, "play X,Y WORDS POINTS")
    not_ending(state)
    variant = state.variant
    if variant != "solitaire":
        holds_a_card(state, seat, "; draw first")
    cell = cell_of(action)
    card = card_of(state, action.card, state.players[seat])
    cells = state.areas[seat] if variant == "quads" else state.cells  # state.area(seat)
    sides = action.sides  # an absent optional field: its move's default, None
    if sides:  # words said for sides typed `?` (most plays have none)
        cells = layout.told(cells, sides)
    if variant == "quads" and not _touches(cells, cell):
        if cell in cells:
            raise RuleError(f"cell {cell_name(cell)} already holds {cells[cell].text()}", rule="CN-2")
        pairs = []  # a new quad may begin anywhere in the player's own area
    else:
        pairs = layout.pairs(cells, cell, card)
    if asked:
        _all_said(cell, pairs)
    if variant == "quick" and state.votes:  # no open vote, no card before the table
        labels = {v.label for v in state.votes}
        voted = [cell_name(p.cell) for p in pairs if cell_name(p.cell) in labels]
        if voted:
            raise RuleError(f"the card at {voted[0]} is before the table: play against it once its vote is settled "
                            f"(`vote {voted[0]} ...`)", rule="CN-7")
    if variant == "classic" or variant == "endless":
        value, arithmetic = layout.scored(card.points, tuple([p.points for p in pairs]), variant == "classic")
    else:
        value, arithmetic = 0, ""
    timed(state, action, seat)
    return seat, cell, card, pairs, value, arithmetic, cells


def _all_said(cell, pairs):
    """A pair typed `?` cannot be scored: refused once its word should have been said (CN-2)."""
    for pair in pairs:
        if pair.word == layout.UNKNOWN or pair.facing == layout.UNKNOWN:  # Pair.unknown, without a property's call
            raise RuleError(_unknown_side(cell, pair), rule="CN-2")


def _unknown_side(cell, pair):
    """Why a pair typed `?` cannot be scored: which side's word the table has not said."""
    if pair.word == layout.UNKNOWN:
        where = f"the {layout.SIDES[pair.side]} side of the card for {cell_name(cell)}"
    else:
        where = f"the {layout.SIDES[(pair.side + 2) % 4]} side of the card at {cell_name(pair.cell)}"
    return f"{where} was typed `?`, and a card touching it needs its word: say it when asked"


def play(state, action):
    """The card laid, scored and the turn passed on, in one evolve: every change the play
    makes is gathered in one dict (the turn's end completes it, rounds.turn_over)."""
    work = _play_work.worked.of(state, action)  # check_play_first's, on these very objects (replay)
    if work is None:
        work = _checked_play(state, action)
    else:  # all it passed, and what it left to the gathering: every word said by now
        _all_said(work[1], work[3])
    seat, cell, card, pairs, value, arithmetic, cells = work
    variant = state.variant
    last = {"kind": "play", "seat": seat, "cell": cell, "pairs": tuple([f"{p.word} ↔ {p.facing}" for p in pairs]),  # Pair.text, without its call
            "score": value, "arithmetic": arithmetic}
    laid = {**cells, cell: card}
    if variant == "quads":
        changes = {"last": last, "plays": state.plays + 1, "areas": set_at(state.areas, seat, laid)}
    else:
        changes = {"last": last, "plays": state.plays + 1, "cells": laid}
    if variant == "classic" or variant == "endless":  # the play may be contested until something else happens
        changes["before"] = state if state.before is None else evolve(state, before=None)
    elif variant == "solitaire":
        changes["piles"] = (max(0, state.piles[0] - 1),)  # each card is drawn as it is played
        return evolve(state, changes)
    hands = changes["hands"] = add_at(state.hands, seat, -1)
    if value:  # a play that scores nothing (Quick Play, Quads) leaves the points as they are
        changes["points"] = add_at(state.points, seat, value)
    at = action.at  # None where an old journal has no stamp
    # each branch makes the play's changes and what follows them in one evolve where it can
    if variant == "quick":  # CN-7: the play stands unless a player objects
        if hands[seat] == 0:  # the first empty hand ends the round, once the open votes are settled
            changes["emptied"] = seat
            return round_end_due(evolve(state, changes), at)
        return evolve(state, changes)
    if variant == "quads":  # CN-7: a quad made stands unless a player objects
        corner = _quad_made(state.quads[seat], laid, cell)
        if corner is None:
            return evolve(state, changes)
        quads = changes["quads"] = set_at(state.quads, seat, state.quads[seat] + (corner,))
        changes["last"] = dict(last, quad=corner)
        if len(quads[seat]) >= QUADS_TO_WIN:  # a round ends when a player completes four quads
            changes["emptied"] = seat
            return round_end_due(evolve(state, changes), at)
        return evolve(state, changes)
    if variant == "classic" and hands[seat] == 0 and state.owed is None:
        n = len(state.players)
        changes["owed"] = tuple([(seat + k) % n for k in range(1, n)])
        changes["emptied"] = seat
    return turn_over(state, at, changes)


def _quad_made(quads, area, cell):
    """Quads: the south-west corner of the quad the card just laid at ``cell`` in ``area``
    completes (none of its cells in a quad already made, ``quads``' corners), or None."""
    corner = layout.quad_at(area, cell)  # no block filled at all: no quad, whatever is taken
    if corner is None or not quads:  # nothing taken: the block found is the quad
        return corner
    taken = {c for made in quads for c in layout.block_cells(made)}
    return layout.quad_at(area, cell, taken)


def logged(state, action):
    """What the log keeps of a play its check took, worked out as the check does: the
    pairs it makes and, in Classic and Endless, its score's arithmetic (CN-3); in Quads the
    quad it makes, as its effect records it (none when a fourth quad ends the round at
    once: the new round's areas are empty)."""
    _seat, _cell, _card, pairs, value, arithmetic = check_play(state, action)
    fields = {"pairs": [p.text() for p in pairs]}
    if arithmetic:
        fields.update(arithmetic=arithmetic, score=value)
    if state.variant == "quads":
        made = (play(state, action).last or {}).get("quad")
        if made is not None:
            fields["quad"] = list(made)
    return fields


# -- drawing and passing ------------------------------------------------------------------


@remembered
def check_draw(state, action):
    """(seat, pile index) of a draw."""
    seat = actor(state, action, "draw")
    not_ending(state)
    index = 0
    if state.variant == "quads":
        index = action.pile
        if index not in range(1, 5):
            raise RuleError("Quads has four draw piles: say which, `draw 1` to `draw 4`", rule=VARIANTS)
        index -= 1
    elif action.pile not in (None, 1):  # absent: the move's default, None
        raise RuleError(f"{state.title} has one draw pile: just `draw`", rule="CN-6")
    elif state.variant in TURNS and state.drew:
        rule = "draw one per turn" if state.variant == "rummy" else "you may play the card drawn, or pass"
        raise RuleError(f"{state.players[seat]} has drawn this turn already; {rule}", rule=drawing_rule(state))
    if state.piles[index] < 1:
        where = f"pile {index + 1} is" if state.variant == "quads" else "the draw pile is"
        also = "; pass, or close the round with `round`" if state.variant in TURNS else ""
        raise RuleError(f"{where} empty (by the count){also}", rule="CN-6")
    return seat, index


def draw(state, action):
    seat, index = check_draw(state, action)
    return evolve(state, hands=add_at(state.hands, seat, 1), piles=add_at(state.piles, index, -1),
                   drew=state.variant in TURNS, before=None, last=None)


def check_pass(state, action):
    seat = actor(state, action, "pass")
    if not state.drew and state.piles[0] > 0:
        rule = "each turn starts with a draw" if state.variant == "rummy" else "a player who cannot connect draws"
        raise RuleError(f"{state.players[seat]} must draw first: {rule}", rule=drawing_rule(state))


def pass_turn(state, action):
    return end_turn(state, action.at, before=None, last=None)


# -- Quads: taking back and returning -----------------------------------------------------


@remembered
def check_take(state, action):
    """(seat, cell) of a card taken back from one's own area."""
    seat = actor(state, action, "take X,Y")
    cell = cell_of(action)
    area = state.areas[seat]
    if cell not in area:
        raise RuleError(f"{state.players[seat]} has no card at {cell_name(cell)}", rule="CN-6")
    for corner in state.quads[seat]:
        if cell in layout.block_cells(corner):
            voted = f"{state.players[seat]} {cell_name(corner)}" in {v.label for v in state.votes}
            if voted:
                raise RuleError(f"the card at {cell_name(cell)} is in the quad at {cell_name(corner)}, which is "
                                "before the table; it stands until the vote says otherwise", rule="CN-7")
            # not "accepted": a quad nobody objected to was never voted on, it simply counts
            raise RuleError(f"the card at {cell_name(cell)} is in {state.players[seat]}'s quad at "
                            f"{cell_name(corner)}, which counts: its cards stay", rule="CN-6")
    return seat, cell


def take(state, action):
    """Quads: take a card of your own area back into your hand (to rework a quad)."""
    seat, cell = check_take(state, action)
    area = {c: card for c, card in state.areas[seat].items() if c != cell}
    return evolve(state, areas=set_at(state.areas, seat, area), hands=add_at(state.hands, seat, 1),
                   before=None, last=None)


@remembered
def check_return(state, action):
    """(seat, pile index) of a card returned to a pile."""
    seat = actor(state, action, "return PILE")
    index = action.pile
    if index not in range(1, 5):
        raise RuleError("say which of the four piles: `return 1` to `return 4`", rule=VARIANTS)
    holds_a_card(state, seat)
    return seat, index - 1


def give_back(state, action):
    """Quads: return a card you do not want to one of the four piles."""
    seat, index = check_return(state, action)
    return evolve(state, hands=add_at(state.hands, seat, -1), piles=add_at(state.piles, index, 1))
