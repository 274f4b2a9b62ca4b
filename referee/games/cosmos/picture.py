"""Crafting the Cosmos's public picture as data, for a screen that is not a terminal
(`referee screen`, drawn by referee/screen/static/cosmos.js).

It holds what `show` draws (view.picture) and what `board PLAYER` tells anyone who asks
(view.board_text), as numbers and names rather than lines, so the page can lay them out
for a TV across the room or a phone: the ring of controls with each energy and power
token, the goal track and the goals left, the display, the supplies, each seat's points,
hand SIZE and what lies on their board, whose turn and the phase; at the end, who won.

Secrets stay out by construction, as in the views (G-2, CT-7): a hand is read only
through its length, the energy deck and the advanced life stack only through their public
counts, advanced life tokens only through how many a player holds (their values count in
the points only once the game is over, as the final scoreboard shows them). The seed,
the header and ``Hand.known`` are never read here.
"""

import click

from referee.games.cosmos import ending, view
from referee.games.cosmos.state import (ACTIVE, CAPACITY, CHAMBER, CONTROLS, DARK, GOAL_SPACES, PASSIVE, SIZES,
                                        SLOT_COSTS, SOURCES, STARS)

_TITLES = {"light": "Light", "time": "Time", "gravity": "Gravity", "chemistry": "Chemistry"}


def picture(state):
    """The public table of ``state`` as a JSON-able dict (``kind`` "cosmos")."""
    names = view.tags(state.players)
    over = view.over(state)
    won = ending.winners(state) if over else ()
    return {
        "kind": "cosmos",
        "mode": state.mode,
        "round": state.round,
        "phase": state.phase,
        "doing": view.phase_text(state),
        "turn": None if over else state.player,
        "first": None if state.first is None else state.players[state.first],
        "last_round": bool(state.ending and not over),
        "over": over,
        "status": click.unstyle(" ".join(view.status_line(state, 10_000).split())),
        "controls": [_control(state, index, names) for index in range(len(CONTROLS))],
        "goals": _goals(state),
        "display": list(state.display),
        "deck": state.deck_left,
        "discard": len(state.discard),
        "supply": _supply(state),
        "players": [dict(_seat(state, seat, names, over), won=state.players[seat] in won)
                    for seat in range(len(state.players))],
    }


def _control(state, index, names):
    """One control of the ring (CT-2, CT-3): its rewards, its energy tokens in the order
    the terminal shows them, and each player's power tokens there."""
    control = CONTROLS[index]
    tokens = [{"tag": view.DARK_MARK, "player": None, "seat": None} if token == DARK
              else {"tag": names[token], "player": state.players[token], "seat": token}
              for token in state.controls[index]]
    powers = []
    for seat in range(len(state.boards)):
        count = state.power_tokens(seat)[index]
        if count:
            powers.append({"tag": names[seat], "player": state.players[seat], "seat": seat, "count": count})
    return {"name": control, "title": _TITLES[control], "reward": view.reward_text(control),
            "active": dict(ACTIVE[control]), "passive": PASSIVE[control],
            "tokens": tokens, "capacity": CAPACITY, "full": len(tokens) >= CAPACITY, "power": powers}


def _goals(state):
    """The goal track, top space first (the last space scores, CT-6), the goal cards
    still face down, and the goals scored so far with each player's points."""
    track = [{"space": number, "name": None if goal is None else view.goal_name(goal),
              "scores": number == GOAL_SPACES} for number, goal in enumerate(state.track, start=1)]
    scored = [{"name": view.goal_name(goal), "points": {name: points.get(name, 0) for name in state.players
                                                        if name in counts or name in points}}
              for goal, counts, points in state.scored]
    return {"track": track, "left": state.goals_left, "scored": scored}


def _supply(state):
    """The supplies left (CT-4), as `show` says them: the box's time crystals only once
    the supply is out."""
    left = state.left
    crystals = left("crystals")
    return {"stars": {star: left(star) for star in STARS}, "life": left("life"),
            "nebulae": {str(size): left(f"nebula{size}") for size in SIZES},
            "crystals": crystals, "box": None if crystals else left("box"), "advanced": state.stack_left}


def _seat(state, seat, names, over):
    """What the whole table sees of one seat: its tag in the ring, points (advanced life
    only at the end), hand size, and the counts `board PLAYER` shows anyone."""
    player = state.players[seat]
    facts = {"name": player, "tag": names[seat], "seat": seat, "turn": seat == state.turn and not over,
             "first": seat == state.first, "hand": view.hand_size(state, seat)}
    if not state.boards:
        return facts
    b = state.boards[seat]
    facts.update({
        "points": view.total(state, seat),
        "by_source": {source: (view.advanced_points(b) if over else ("?" if b.advanced else 0))
                      if source == "advanced" else value for source, value in zip(SOURCES, b.points)},
        "advanced": len(b.advanced),
        "stars": dict(zip(STARS, b.stars)),
        "novae": dict(zip(STARS, b.novae)),
        "life": {"proto": b.proto, "stable": b.stable},
        "nebulae": [{"size": n.size, "complete": n.complete, "points": n.points, "advanced": n.advanced}
                    for n in b.nebulae],
        "sliders": {"supernova": b.supernova, "dna": b.dna, "graviton": b.graviton},
        "chamber": {"space": b.chamber, "spaces": CHAMBER, "crystals": b.crystals},
        "power": [None if slot is None else {"card": slot[0], "type": slot[1]} for slot in b.power],
        "slot_costs": list(SLOT_COSTS),
    })
    return facts
