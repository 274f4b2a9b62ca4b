"""The ConneXion table as data for a screen that draws it itself (`referee screen`).

A browser cannot lay out the terminal's boxes of text well on a TV or a phone, so it is
given the facts instead: the 25 diamond positions on the CX-1 grid of half-card columns
(the letter, its glyphs and name, who placed it), the celestial cards in front of each
player, the last claimed word's path, whose turn it is, the size of the draw pile and, once
the game is over, who won.

Only what the whole table sees goes in, the same facts `show` and the scoreboard draw:
never a digital hand's letters (G-2; how many letters a player still holds follows from
the placements, CX-7, so the count is public) nor the order of the draw pile.
"""

import click

from referee.core import render
from referee.games.connexion import board as geometry
from referee.games.connexion import cards, view
from referee.games.connexion.state import LAST, SUN, winners


def picture(state):
    """The public picture of ``state`` as a JSON-able dict (kind "connexion")."""
    over = state.phase == "over"
    turn = None if over or state.turn is None else state.players[state.turn]
    return {
        "kind": "connexion",
        "mode": state.mode,
        "phase": state.phase,
        "positions": _positions(state),
        "next": None if over or not state.next_position else {"position": state.next_position, "by": state.placer},
        "turn": turn,
        "status": click.unstyle(view.status(state)),
        "players": [_player(state, player, player == turn) for player in state.players],
        "winners": winners(state) if over else [],
        "pile": len(state.pile),
        "last": _last_word(state),
        "vote": _vote(state),
        "bonus": _bonus(state),
    }


def _positions(state):
    """Every position, placed or not, where the rulebook's diamond puts it: row 0-8 from
    the top tip, half-card column 0-8 (a card is two half-columns wide)."""
    letters = cards.letters()
    players = state.players
    cells = []
    for position in geometry.POSITIONS:
        row, column = geometry.coords(position)
        key = state.board[position - 1]
        cell = {"position": position, "row": row, "column": column, "letter": None}
        if key == SUN:
            cell.update(letter=SUN, name="sun", upper="☉", lower="", by=state.sun_holder)
        elif key:
            letter = letters[key]
            # placement k is made by player (k-1) mod n (CX-7): who laid each card is public
            by = players[(position - 1) % len(players)] if position <= LAST else None
            cell.update(letter=key, name=letter.name, upper=letter.upper, lower=letter.lower, by=by)
        cells.append(cell)
    return cells


def _player(state, player, turn):
    """A player's public side of the table: the celestial cards before them (values as the
    scoreboard gives them) and the total; in digital mode how many letters they still hold."""
    held = [{"name": name, "value": render.number(state.value_of(name)), "sun": name.lower() == SUN}
            for name in state.held_by(player)]
    side = {"name": player, "turn": turn, "cards": held, "total": render.number(state.total(player))}
    if state.mode == "digital" and state.hands:
        side["letters"] = len(state.hands[state.players.index(player)])
    return side


def _last_word(state):
    """The last word claimed: who, what became of it and its path, one step a visit."""
    if not state.claims:
        return None
    claim = state.claims[-1]
    return {
        "word": claim.word.upper(),
        "player": claim.player,
        "status": claim.status,
        "card": claim.card,
        "pilfered_from": claim.pilfered_from,
        "path": [{"step": step, "position": position, "reading": reading}
                 for step, (position, reading) in enumerate(claim.path, start=1)],
    }


def _vote(state):
    vote = state.open_vote()
    return None if vote is None else click.unstyle(vote.question)


def _bonus(state):
    bonus = state.bonus
    if bonus is None:
        return None
    return {"player": bonus.player, "sentence": bonus.sentence, "status": bonus.status,
            "points": render.number(bonus.points)}
