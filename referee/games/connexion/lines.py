"""Cosmic ConneXion's log lines: what the scribe writes for each kind of action.

The moves declare these (moves.py) and the views retell them (view.narrate), so both
import this module and neither imports the other. Each line reads only the action's
fields, which are the journal's, unchanged since the first version.
"""

from referee.core import render
from referee.games.connexion import cards


def spelled(path):
    """``m(12) eta(13) ph(8)``: which reading each visit used, for checking at the table."""
    return " ".join(f"{reading}({position})" for position, reading in path)


def place(action):
    letter = cards.letters().get(action.get("letter"))
    name = f"{letter.name} ({letter.upper}{letter.lower})" if letter else action.get("letter")
    return f"places {name} at position {action.get('position')}"


def claim(action):
    late = ", late by the table's leave" if action.get("late") else ""
    drew = f", draws {action['draws']}" if action.get("draws") else ""
    return (f"claims {action['word'].upper()} ({action.get('verdict')}: {action.get('reason', '')}{late}) "
            f"via {spelled(action.get('path', ()))}{drew}")


def card(action):
    value = f" (printed value {render.number(action['value'])})" if action.get("value") is not None else ""
    return f"draws {action.get('card')}{value}"


def pilfer(action):
    if action.get("skip"):
        return "pilfers nothing"
    return f"pilfers {action.get('card')} from {action.get('from')}"


def contest(action):
    if action.get("word") and action.get("verdict", "unknown") != "unknown":
        return f"puts {action['word'].upper()}, struck by an earlier vote, to a new vote (CX-11)"
    if action.get("word"):
        return f"puts {action['word'].upper()} to a vote ({action.get('reason', '')})"
    return "contests the last word"


def vote(action):
    drew = f"; the word draws {action['draws']}" if action.get("draws") else ""
    return "votes: " + ", ".join(f"{v} {'yes' if y else 'no'}" for v, y in action.get("ballots", ())) + drew


def start_bonus(action):
    return "lays the sun at position 25: the bonus round begins"


def bonus(action):
    late = " (late, by the table's leave)" if action.get("late") else ""
    return f"bonus sentence: “{action.get('sentence')}”{late}"


def finish(action):
    if action.get("early"):
        return "ends the game early (G-6): the scores as they stand decide"
    return "ends the game without a bonus sentence" if action.get("no_bonus") else "ends the game"


def adjust(action):
    what = action.get("what")
    if what == "give":
        return f"correction: {action.get('card')} goes to {action.get('to')}"
    if what == "return":
        return f"correction: {action.get('card')} goes back to the pile"
    if what == "value":
        return f"correction: {action.get('card')} is worth {render.number(action.get('value'))}"
    return f"correction: {action.get('player')} {action.get('points'):+g} points"


LINES = {"place": place, "claim": claim, "card": card, "pilfer": pilfer, "contest": contest, "vote": vote,
         "start_bonus": start_bonus, "bonus": bonus, "finish": finish, "adjust": adjust}


def describe(action):
    """The log line of any action (MoveSet.describe, without the moves)."""
    line = LINES.get(action.get("do"))
    return line(action) if line is not None else str(action.get("do", "?"))
