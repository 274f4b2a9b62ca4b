"""Claiming words (CX-2 to CX-6, CX-11) and the turn's time (G-5): the `word` move.

Word validity is judged before an action is made (the lexicon is slow data, not a rule)
and travels in the action as its ``verdict``, so a journal replays exactly even if the
word lists change later. The path of a claim is checked here and only here (CX-1..CX-4),
so a typed path, a found one and a hand-edited journal get the same refusals. What an
accepted word earns is celestial.py's; a word put to the table's vote, contests.py's.
"""

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.core.timer import check_late, overdue
from referee.core.votes import Vote
from referee.games.connexion.celestial import earns
from referee.games.connexion.paths import check_path
from referee.games.connexion.state import Claim
from referee.games.connexion.turns import check_speaker


def _timer(state):
    """(started, limit) of the timer running now: the turn's, or the bonus sentence's."""
    limit = state.options.get("timer", 60)
    if state.phase == "bonus":
        return state.bonus_started, limit
    return state.turn_started, limit


def _what(state):
    """The timer running now, in a refusal's words."""
    return "the bonus sentence" if state.phase == "bonus" else f"{state.claimant}'s turn"


def is_late(state, action):
    """G-5: True when ``action`` comes after its time ran out and the table took it (`late`,
    or option late=accept); refused (one RuleError) when it came late without leave. An
    action in time needs no words for its timer: they are made only for a late one."""
    started, limit = _timer(state)
    if not overdue(started, limit, action):
        return False
    return check_late(started, limit, action, state.options, _what(state))


def late_by(state, action):
    """Seconds ``action`` (a claim or the bonus sentence) comes after its time ran out; 0 in
    time. A sentence that itself starts the bonus round starts its timer, so it is never late."""
    if action.get("do") == "bonus" and state.phase == "placing":
        return 0
    started, limit = _timer(state)
    return overdue(started, limit, action)


def ran_out(state, action):
    """Whether ``action`` came after its time ran out: what a claim or sentence that
    passed its checks records as late (they refused it already had the table not taken it)."""
    started, limit = _timer(state)
    return overdue(started, limit, action) > 0


def verify_claim(state, action):
    """What a claim is checked for before its path: a card is on the board, the claimant's
    turn (CX-5), in time (G-5), not a word that scored (CX-5)."""
    if state.placed == 0:
        raise RuleError("no card is on the board yet; place position 1 first", rule="CX-7")
    check_speaker(state, action, state.claimant, "CX-5")
    word = str(action.get("word", "")).lower()
    is_late(state, action)
    if not state.options.get("repeats", False):
        for earlier in state.claims_of(word):
            if earlier.status in ("accepted", "voting"):
                raise RuleError(f"{word.upper()} was already claimed by {earlier.player}; each word scores once",
                                rule="CX-5")


def path_of(action):
    return tuple([(int(p), str(r)) for p, r in action.get("path") or ()])


def check_claim_first(state, action):
    """A claim's checks before the lexicon is asked (the move's ``check_first``): the
    turn, the time, a word not scored yet (verify_claim), then its path (CX-1 to CX-4)."""
    verify_claim(state, action)
    check_path(state, action["word"].lower(), path_of(action), state.options.get("min_cards", 2))


def check_claim(state, action):
    """A claim's checks once the lexicon judged it (its ``verdict``), after
    :func:`check_claim_first`: not struck by the table (CX-11), a word (CX-6), and in a
    digital journal the card the pile's top (CX-8)."""
    word = action.word.lower()
    if state.struck(word):
        raise RuleError(f"{word.upper()} was struck by the table's vote; `contest` puts it to a new vote",
                        rule="CX-11")
    if action.verdict == "unknown":
        raise RuleError(f"{word.upper()} is not a word ({action.reason}); `contest` puts it to a vote",
                        rule="CX-6")
    if action.verdict == "word":
        check_draw(state, action)


def check_draw(state, action):
    """A digital journal says which card a word drew: it must be the pile's top (CX-8)."""
    said = action.draws
    if state.mode == "digital" and state.pile and said is not None and said != state.pile[0]:
        raise RuleError(f"the top of the pile is not {said}; this record does not belong to this game", rule="CX-8")


def claim(state, action):
    return make_claim(state, action, late=ran_out(state, action), override=False)


def make_claim(state, action, late, override):
    """The claim of ``action`` (a claim, or a contest letting a refused word in), its verdict
    defaulting as its move declares: "word" for a claim, "unknown" for a contest."""
    word, verdict, player = action.word.lower(), action.verdict, state.claimant
    entry = dict(word=word, player=player, path=path_of(action), verdict=verdict, reason=action.reason or "",
                 late=late)
    index = len(state.claims)
    if verdict in ("rare", "unknown") or override:
        struck = state.struck(word)
        kind = "rare" if verdict == "rare" and not override else "override"
        question = f"Is {word.upper()} a word?" if not struck else f"Does {word.upper()} come back?"
        tie = state.options.get("tie", "keep") == "keep" and kind == "rare"
        vote_ = Vote(question, state.players, tie_keeps=tie, subject=(kind, index))
        return evolve(state, claims=state.claims.add(Claim(status="voting", **entry)),
                      pending=("vote", vote_))
    changes, won, pending = earns(state, player, word, index)
    return evolve(state, claims=state.claims.add(Claim(**entry, **won)), pending=pending, **changes)
