"""Cosmic ConneXion's moves, each declared once (DESIGN 2): its journalled fields, its
check and effect (the rule module of its topic: placing.py, claims.py, celestial.py,
contests.py, bonus.py, ending.py, corrections.py; turns.py says who acts and what the
game waits for), its log line and its rule. ``MOVES`` is the game's whole ``apply``;
with the phase table (phases.py) it also gives the prompt, the bare answer, the
toolbar's first part and what is open now.

Each move also declares how it is typed (its words, its reading in reading.py, what it
gathers that the words do not say) and what the table is told (replies.py), so the core
runs the whole path of a typed move once (core.play). Its log line is lines.py's.

The actions are the journal's, unchanged since the first version: the same ``do`` names
and fields, so every saved game still replays and logs the same lines.
"""

from referee.core.moves import Move, MoveSet
from referee.games.connexion import (bonus, celestial, claims, contests, corrections, ending, lines, placing,
                                     reading, replies, turns)
from referee.games.connexion.phases import PHASES
from referee.games.connexion.state import LAST

NUMBER = (int, float)
STEPS = (list, tuple)


# -- the moves ----------------------------------------------------------------------------

def _ready(name):
    """Move.ready: whether `moves` lists ``name`` now (turns.is_open): the placing phase
    opens place, word, contest, bonus and finish together, so each refusal stays the
    move's own ("no card is on the board yet"), but `moves` lists only what could be
    accepted: no `word` before position 1, no `place` on a full diamond, `bonus` only
    after position 24 for a sun holder, and `start_bonus` never apart from `bonus`."""
    return lambda state: turns.is_open(state, name)


_CLAIMED = {"path": STEPS, "verdict": str, "reason": str, "zipf": NUMBER, "draws": str, "late": bool}
# What a claim's action says when the field is absent (core.moves.Action): the rules read
# ``action.verdict`` and never write the default again. A claim without its verdict is a
# word; a contest's claim fields, when it puts a refused word to the vote, default to a
# word the lexicon did not know.
_CLAIM_DEFAULTS = {"path": None, "verdict": "word", "reason": "", "zipf": None, "draws": None, "late": False}
_CONTEST_DEFAULTS = dict(_CLAIM_DEFAULTS, target=None, word=None, verdict="unknown")

def _placer(state):
    """Move.acts of `place`: the seat of the next placement (CX-7); none once all 24 are
    down, where the rule says so (CX-1)."""
    placed, players = state.placed, state.players  # state.placer, its count read once
    placer = players[placed % len(players)] if placed < LAST else None
    return (placer,) if placer else ()


def _pilferer(state):
    """Move.acts of `pilfer`: the player of the word the pilfer is for (CX-9)."""
    claim = state.pending_claim()
    return (claim.player,) if claim else ()


MOVES = MoveSet([
    Move("place", placing.place, lines.place, rule="CX-7", check=placing.check_place, ready=_ready("place"),
         fields={"letter": str, "position": int}, optional=("position",),
         summary="put a Greek letter card in the next position",
         words=("place", "p", "put"), usage="place LETTER", reading=reading.read_place, reply=replies.placed,
         complete=reading.complete_letters, acts=_placer),
    Move("claim", claims.claim, lines.claim, rule="CX-5", check=claims.check_claim, ready=_ready("claim"),
         fields=dict({"word": str}, **_CLAIMED), optional=_CLAIM_DEFAULTS,
         summary="claim a word the board spells",
         words=("word", "w", "claim"), usage="word WORD [PATH] [late]", reading=reading.read_word,
         check_first=claims.check_claim_first, gather=reading.gather_word, reply=replies.claimed),
    Move("card", celestial.card, lines.card, rule="CX-8", check=celestial.check_card, ready=_ready("card"),
         fields={"card": str, "value": NUMBER}, optional={"value": None},
         summary="name the celestial card drawn (table mode)",
         offered=lambda state: state.mode == "table", absent="in digital mode the referee draws the celestial cards",
         words=("card", "c", "drew"), usage="card NAME [VALUE]", reading=reading.read_card,
         gather=reading.gather_card, reply=replies.drawn, complete=reading.complete_pile),
    Move("pilfer", celestial.pilfer, lines.pilfer, rule="CX-9", check=celestial.check_pilfer, ready=_ready("pilfer"),
         fields={"skip": bool, "from": str, "card": str}, optional={"skip": False, "from": None, "card": None},
         summary="take a card from another player once the pile is empty",
         words=("pilfer", "steal"), usage="pilfer PLAYER CARD | pilfer none", reading=reading.read_pilfer,
         reply=replies.pilfered, complete=reading.complete_held, acts=_pilferer),
    Move("contest", contests.contest, lines.contest, rule="G-4", check=contests.check_contest, ready=_ready("contest"),
         fields=dict({"target": str, "word": str}, **_CLAIMED), optional=_CONTEST_DEFAULTS,
         summary="put the last judgement to a table vote",
         words=("contest", "challenge"), usage="contest [WORD]", reading=reading.read_contest,
         reply=replies.contested),
    Move("vote", contests.vote, lines.vote, rule="G-4", check=contests.check_vote,
         fields={"ballots": STEPS, "draws": str}, optional={"draws": None},
         summary="record ballots on the open question",
         words=("vote", "v"), usage="vote PLAYER yes|no [PLAYER yes|no ...] | vote all yes|no",
         reading=reading.read_vote, gather=reading.gather_vote, reply=replies.voted,
         complete=reading.complete_votes),
    Move("start_bonus", bonus.start_bonus, lines.start_bonus,
         rule="CX-10", check=bonus.check_start_bonus, ready=_ready("start_bonus"),
         summary="`bonus` alone lays the sun: the bonus round begins", called="`bonus`"),
    Move("bonus", bonus.bonus, lines.bonus, rule="CX-10", check=bonus.check_bonus, ready=_ready("bonus"),
         fields={"sentence": str, "future": bool, "late": bool}, optional={"future": False, "late": False},
         summary="the sun holder's bonus sentence (`bonus` alone lays the sun first)",
         words=("bonus", "sentence"), usage="bonus [SENTENCE] [--future] [late]", reading=reading.read_bonus,
         gather=reading.gather_bonus, reply=replies.bonus, complete=reading.complete_sentence),
    Move("finish", ending.finish, lines.finish, rule="G-6", check=ending.check_finish,
         fields={"early": bool, "no_bonus": bool}, optional={"early": False, "no_bonus": False},
         summary="end the game",
         words=("finish", "end"), usage="finish [early | no bonus]", reading=reading.read_finish,
         gather=reading.gather_finish,
         reply=replies.finished, complete=reading.complete_finish),
    Move("adjust", corrections.adjust, lines.adjust, rule="G-1", check=corrections.check_adjust, anytime=True,
         fields={"what": str, "card": str, "to": str, "value": NUMBER, "player": str, "points": NUMBER},
         optional=("card", "to", "value", "player", "points"),
         summary="correct the record with a logged event",
         words=("adjust", "fix"), usage="adjust give CARD to PLAYER | return CARD | value CARD N | points PLAYER N",
         reading=reading.read_adjust, gather=reading.gather_adjust, reply=replies.adjusted),
], PHASES)
