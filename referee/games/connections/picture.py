"""The Connections Card Game's public picture as data, for a screen that draws it itself
(`referee screen`, static/connections.js) instead of showing the terminal's boxes.

It holds what view.table_view and view.status print and nothing more: every card laid on
the table at its cell with its four words and points (the whole layout, not the
terminal's window, since a browser can scroll), the starter card, the last play, each
Quads area with its quads, each Rummy player's runs, the open votes with their public
ballots, and per seat the score and the hand's SIZE. The cards are physical (CN-1): the
referee knows no card in a hand or the pile, only their counts, so nothing secret is in
the state to leak; a card that went back to a hand (a contest lost, a Quads `take`, a
Rummy steal) is simply no longer on the table. The header and the seed are not read,
nor the snapshots a contest or an objection would restore (``before``, ``ended``).
"""

import click

from referee.games.connections import layout, view
from referee.games.connections.rounds import winners
from referee.games.connections.state import STARTER


def picture(state):
    """The public picture of ``state`` as a JSON-able dict (``kind`` names the drawing)."""
    over = state.phase == "over"
    last = state.last or {}
    voted = _voted(state)
    board = {
        "kind": "connections",
        "variant": state.variant,
        "title": state.title,
        "round": state.round,
        "rounds": state.max_rounds,
        "phase": state.phase,
        "over": over,
        "winners": winners(state) if over and state.variant != "solitaire" else [],
        "layouts": [],
        "runs": [],
        "seats": [_seat(state, seat, over) for seat in range(len(state.players))],
        "turn": state.current if _turn(state) else None,
        "piles": list(state.piles),
        "last": _last(state, last),
        "votes": [_vote(vote) for vote in _open_votes(state)],
        "status": click.unstyle(view.status(state)),
    }
    if state.variant == "rummy":
        board["runs"] = [_runs(state, seat, last) for seat in range(len(state.players))]
    elif state.variant == "quads":
        board["layouts"] = [_layout(state.areas[seat], state.players[seat], state.quads[seat],
                                    last if last.get("seat") == seat else {}, voted.get(seat, ()), False)
                            for seat in range(len(state.players))]
    else:
        board["layouts"] = [_layout(state.cells, None, (), last, voted.get(None, ()), state.variant in STARTER)]
    return board


def _layout(cells, owner, quads, last, voted, starter):
    """One layout: its cards, the empty cells next to them (where a card may go, named as
    the terminal names them), its quads, and its size in cards and connections."""
    lit = tuple(last["cell"]) if last.get("cell") is not None else None
    low_x, high_x, low_y, high_y = view.bounds(cells)
    return {
        "owner": owner,
        "cards": [dict(_card(card), x=x, y=y, cell=layout.cell_name((x, y)), last=(x, y) == lit,
                       starter=starter and card.owner is None, voted=(x, y) in voted)
                  for (x, y), card in cells.items()],
        "openings": [[x, y] for x, y in sorted(layout.openings(cells))],
        "bounds": {"x": [low_x, high_x], "y": [low_y, high_y]} if cells else None,
        "quads": [[x, y] for x, y in quads],
        "quad": list(last["quad"]) if last.get("quad") else None,  # the quad the last play made
        "size": {"cards": len(cells), "connections": layout.connections(cells)},
    }


def _card(card):
    north, east, south, west = card.words
    return {"north": north, "east": east, "south": south, "west": west, "points": card.points,
            "owner": card.owner}


def _runs(state, seat, last):
    """A Rummy player's runs west to east, the last one laid or extended marked."""
    mine = last.get("seat") == seat and last.get("kind") in ("run", "extend")
    runs = []
    for index, cards in enumerate(state.runs[seat]):
        lit = mine and last.get("run") == index
        new = _new_end(cards, last) if lit else None
        runs.append({"number": index + 1, "points": sum(c.points for c in cards), "last": lit,
                     "cards": [dict(_card(c), place=i + 1, last=lit and (new is None or new == i))
                               for i, c in enumerate(cards)]})
    return {"player": state.players[seat], "points": state.run_points(seat), "runs": runs}


def _new_end(cards, last):
    """The card an `extend` added, found by the pair it made (the whole run for a new run)."""
    from referee.games.connections.rummy import run_pairs

    if last.get("kind") != "extend" or len(cards) < 2:
        return None
    return len(cards) - 1 if run_pairs(cards[-2:]) == tuple(last["pairs"]) else 0


def _last(state, last):
    """What the last play was, as its reply said it: who, where, the pairs and the score."""
    if not last:
        return None
    seat = last.get("seat")
    return {"kind": last.get("kind"), "player": state.players[seat] if seat is not None else None,
            "cell": list(last["cell"]) if last.get("cell") is not None else None,
            "run": last["run"] + 1 if last.get("run") is not None else None,
            "pairs": list(last.get("pairs") or ()), "score": last.get("score", 0),
            "arithmetic": last.get("arithmetic", ""), "quad": list(last["quad"]) if last.get("quad") else None}


def _voted(state):
    """The cells each open vote is about, by the layout's owner (None: the shared one)."""
    found = {}
    for vote in _open_votes(state):
        subject = vote.subject
        if isinstance(subject, tuple) and len(subject) == 3 and subject[0] == "play":
            found.setdefault(None, set()).add(tuple(subject[2]))
        elif isinstance(subject, tuple) and len(subject) == 3 and subject[0] == "quad":
            found.setdefault(subject[1], set()).update(layout.block_cells(tuple(subject[2])))
        elif state.last and state.last.get("cell") is not None:  # a contest is on the last play
            owner = state.last.get("seat") if state.variant == "quads" else None
            found.setdefault(owner, set()).add(tuple(state.last["cell"]))
    return found


def _vote(vote):
    yes, no = vote.tally
    return {"label": getattr(vote, "label", ""), "question": vote.question, "yes": yes, "no": no,
            "waiting": list(vote.missing)}


def _seat(state, seat, over):
    player = state.players[seat]
    solitaire = state.variant == "solitaire"
    waiting = state.phase == "count" and seat not in state.counted
    return {
        "name": player,
        "score": None if solitaire else state.total(player),
        "hand": None if solitaire else state.hands[seat],  # a count every player can make (CN-1)
        "acts": _turn(state) and seat == state.turn,
        "voting": any(player in vote.missing for vote in _open_votes(state)),
        "owed": bool(state.owed) and seat in state.owed,
        "counting": waiting,
        "won": over and not solitaire and player in winners(state),
    }


def _turn(state):
    """Whether a player is to act, as the status says: not while a contest stops the game,
    and never in Solitaire, whose one player always is (the status names nobody)."""
    return state.phase == "play" and state.vote is None and state.turn is not None and state.variant != "solitaire"


def _open_votes(state):
    return ([state.vote] if state.vote is not None else []) + list(state.votes)
