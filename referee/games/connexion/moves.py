"""Cosmic ConneXion's moves, each declared once (DESIGN 2): its journalled fields, its
check and effect (rules.py), its log line and its rule. ``MOVES`` is the game's whole
``apply``; with the phase table (phases.py) it also gives the prompt, the bare answer,
the toolbar's first part and what is open now.

The actions are the journal's, unchanged since the first version: the same ``do`` names
and fields, so every saved game still replays and logs the same lines.
"""

from referee.core import render
from referee.core.moves import Move, MoveSet
from referee.games.connexion import cards, rules, view
from referee.games.connexion.phases import PHASES

NUMBER = (int, float)
STEPS = (list, tuple)


# -- log lines ------------------------------------------------------------------------


def _place_line(action):
    letter = cards.letters().get(action.get("letter"))
    name = f"{letter.name} ({letter.upper}{letter.lower})" if letter else action.get("letter")
    return f"places {name} at position {action.get('position')}"


def _claim_line(action):
    late = ", late by the table's leave" if action.get("late") else ""
    drew = f", draws {action['draws']}" if action.get("draws") else ""
    return (f"claims {action['word'].upper()} ({action.get('verdict')}: {action.get('reason', '')}{late}) "
            f"via {view.spelled(action.get('path', ()))}{drew}")


def _card_line(action):
    value = f" (printed value {render.number(action['value'])})" if action.get("value") is not None else ""
    return f"draws {action.get('card')}{value}"


def _pilfer_line(action):
    if action.get("skip"):
        return "pilfers nothing"
    return f"pilfers {action.get('card')} from {action.get('from')}"


def _contest_line(action):
    if action.get("word") and action.get("verdict", "unknown") != "unknown":
        return f"puts {action['word'].upper()}, struck by an earlier vote, to a new vote (CX-11)"
    if action.get("word"):
        return f"puts {action['word'].upper()} to a vote ({action.get('reason', '')})"
    return "contests the last word"


def _vote_line(action):
    drew = f"; the word draws {action['draws']}" if action.get("draws") else ""
    return "votes: " + ", ".join(f"{v} {'yes' if y else 'no'}" for v, y in action.get("ballots", ())) + drew


def _bonus_line(action):
    late = " (late, by the table's leave)" if action.get("late") else ""
    return f"bonus sentence: “{action.get('sentence')}”{late}"


def _finish_line(action):
    if action.get("early"):
        return "ends the game early (G-6): the scores as they stand decide"
    return "ends the game without a bonus sentence" if action.get("no_bonus") else "ends the game"


def _adjust_line(action):
    what = action.get("what")
    if what == "give":
        return f"correction: {action.get('card')} goes to {action.get('to')}"
    if what == "return":
        return f"correction: {action.get('card')} goes back to the pile"
    if what == "value":
        return f"correction: {action.get('card')} is worth {render.number(action.get('value'))}"
    return f"correction: {action.get('player')} {action.get('points'):+g} points"


# -- the moves ----------------------------------------------------------------------------

def _ready(name):
    """Move.ready: whether `moves` lists ``name`` now (rules.is_open): the placing phase
    opens place, word, contest, bonus and finish together, so each refusal stays the
    move's own ("no card is on the board yet"), but `moves` lists only what could be
    accepted: no `word` before position 1, no `place` on a full diamond, `bonus` only
    after position 24 for a sun holder, and `start_bonus` never apart from `bonus`."""
    return lambda state: rules.is_open(state, name)


_CLAIMED = {"path": STEPS, "verdict": str, "reason": str, "zipf": NUMBER, "draws": str, "late": bool}

MOVES = MoveSet([
    Move("place", rules.place, _place_line, rule="CX-7", check=rules.check_place, ready=_ready("place"),
         fields={"letter": str, "position": int}, optional=("position",),
         summary="put a Greek letter card in the next position"),
    Move("claim", rules.claim, _claim_line, rule="CX-5", check=rules.check_claim, ready=_ready("claim"),
         fields=dict({"word": str}, **_CLAIMED), optional=tuple(_CLAIMED),
         summary="claim a word the board spells"),
    Move("card", rules.card, _card_line, rule="CX-8", check=rules.check_card,
         fields={"card": str, "value": NUMBER}, optional=("value",),
         summary="name the celestial card drawn (table mode)"),
    Move("pilfer", rules.pilfer, _pilfer_line, rule="CX-9", check=rules.check_pilfer,
         fields={"skip": bool, "from": str, "card": str}, optional=("skip", "from", "card"),
         summary="take a card from another player once the pile is empty"),
    Move("contest", rules.contest, _contest_line, rule="G-4", check=rules.check_contest, ready=_ready("contest"),
         fields=dict({"target": str, "word": str}, **_CLAIMED), optional=("target", "word") + tuple(_CLAIMED),
         summary="put the last judgement to a table vote"),
    Move("vote", rules.vote, _vote_line, rule="G-4", check=rules.check_vote,
         fields={"ballots": STEPS, "draws": str}, optional=("draws",),
         summary="record ballots on the open question"),
    Move("start_bonus", rules.start_bonus, lambda action: "lays the sun at position 25: the bonus round begins",
         rule="CX-10", check=rules.check_start_bonus, ready=_ready("start_bonus"),
         summary="`bonus` alone lays the sun: the bonus round begins", called="`bonus`"),
    Move("bonus", rules.bonus, _bonus_line, rule="CX-10", check=rules.check_bonus, ready=_ready("bonus"),
         fields={"sentence": str, "future": bool, "late": bool}, optional=("future", "late"),
         summary="the sun holder's bonus sentence (`bonus` alone lays the sun first)"),
    Move("finish", rules.finish, _finish_line, rule="G-6", check=rules.check_finish,
         fields={"early": bool, "no_bonus": bool}, optional=("early", "no_bonus"),
         summary="end the game"),
    Move("adjust", rules.adjust, _adjust_line, rule="G-1", check=rules.check_adjust, anytime=True,
         fields={"what": str, "card": str, "to": str, "value": NUMBER, "player": str, "points": NUMBER},
         optional=("card", "to", "value", "player", "points"),
         summary="correct the record with a logged event"),
], PHASES)


def claim_may_start(state, action):
    """The cheap checks of a claim, before the commands search the board and ask the
    lexicon: the phase, the turn, the time, a word not scored yet. Raises RuleError."""
    MOVES.phases.allow(state, MOVES["claim"], action)
    rules.verify_claim(state, action)
