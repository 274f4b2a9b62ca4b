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
from referee.core.worked import remembered
from referee.games.connexion.celestial import earns
from referee.games.connexion.paths import claimed_path
from referee.games.connexion.state import new_claim, struck_of, words_after
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
    turn (CX-5), in time (G-5), not a word that scored (CX-5). Returns what it worked out
    for the claim's other checks and effect: (the word, its earlier claims, late, the
    claimant)."""
    placed = state.placed  # counted once: the claimant follows from it (state.claimant)
    if placed == 0:
        raise RuleError("no card is on the board yet; place position 1 first", rule="CX-7")
    claimant = state.players[(placed - 1) % len(state.players)] if state.phase == "placing" else None
    fields = action if type(action) is dict else action.__dict__  # read by dict.get: Action.get is a Python call
    said = fields.get("by")
    if said and claimant and said != claimant:
        check_speaker(state, action, claimant, "CX-5")
    word = str(fields.get("word", "")).lower()
    options = state.options
    limit = options.get("timer", 60)
    started = state.bonus_started if state.phase == "bonus" else state.turn_started  # _timer's
    late = False
    if overdue(started, limit, fields):  # is_late's: words for the timer only when late
        late = check_late(started, limit, fields, options, _what(state))
    earlier_claims = state.claims_of(word)
    if earlier_claims and not options.get("repeats", False):
        for earlier in earlier_claims:
            if earlier.status in ("accepted", "voting"):
                raise RuleError(f"{word.upper()} was already claimed by {earlier.player}; each word scores once",
                                rule="CX-5")
    return word, earlier_claims, late, claimant


def path_of(action):
    return tuple([(int(p), str(r)) for p, r in action.get("path") or ()])


def check_claim_first(state, action):
    """A claim's checks before the lexicon is asked (the move's ``check_first``): the
    turn, the time, a word not scored yet (verify_claim), then its path (CX-1 to CX-4)."""
    _checked_first(state, action)


@remembered
def _checked_first(state, action):
    """check_claim_first's rules, and what they work out for the claim's check and effect
    on the very same state and action (worked, so a replayed claim reads its path, its
    earlier claims, its lateness and its claimant once): (word, earlier claims, late,
    path, claimant)."""
    word, earlier, late, claimant = verify_claim(state, action)
    path = claimed_path(state, word, action.get("path") or (), state.options.get("min_cards", 2))
    return word, earlier, late, path, claimant


def check_claim(state, action):
    """A claim's checks once the lexicon judged it (its ``verdict``), after
    :func:`check_claim_first`: not struck by the table (CX-11), a word (CX-6), and in a
    digital journal the card the pile's top (CX-8)."""
    work = _checked_first.worked.of(state, action)  # check_first's, on these very objects (replay)
    if work is None:
        word = action.word.lower()
        struck = state.struck(word)
    else:
        word, earlier = work[0], work[1]
        struck = struck_of(earlier) if earlier else None
    if struck:
        raise RuleError(f"{word.upper()} was struck by the table's vote; `contest` puts it to a new vote",
                        rule="CX-11")
    verdict = action.verdict
    if verdict == "unknown":
        raise RuleError(f"{word.upper()} is not a word ({action.reason}); `contest` puts it to a vote",
                        rule="CX-6")
    if verdict == "word" and state.mode == "digital":
        check_draw(state, action)


def check_draw(state, action):
    """A digital journal says which card a word drew: it must be the pile's top (CX-8)."""
    if state.mode != "digital" or not state.pile:  # a table's claim holds no draw: its absent field never read
        return
    said = action.draws
    if said is not None and said != state.pile[0]:
        raise RuleError(f"the top of the pile is not {said}; this record does not belong to this game", rule="CX-8")


def claim(state, action):
    work = _checked_first.worked.of(state, action)  # check_first's, on these very objects (replay)
    if work is None:
        return make_claim(state, action, late=ran_out(state, action), override=False)
    _word, earlier, late, path, claimant = work
    return make_claim(state, action, late=bool(late), override=False, path=path, earlier=earlier, player=claimant)


def make_claim(state, action, late, override, path=None, earlier=None, player=None):
    """The claim of ``action`` (a claim, or a contest letting a refused word in), its verdict
    defaulting as its move declares: "word" for a claim, "unknown" for a contest. ``path``,
    ``earlier`` (the word's earlier claims) and ``player`` (the claimant), when the claim's
    check worked them out. The new state is made in one go, its claimed words handed on."""
    word, verdict = action.word.lower(), action.verdict
    player = state.claimant if player is None else player
    path = path_of(action) if path is None else path
    claims = state.claims
    index = len(claims)
    if verdict in ("rare", "unknown") or override:
        struck = state.struck(word) if earlier is None else struck_of(earlier)
        kind = "rare" if verdict == "rare" and not override else "override"
        question = f"Is {word.upper()} a word?" if not struck else f"Does {word.upper()} come back?"
        tie = state.options.get("tie", "keep") == "keep" and kind == "rare"
        vote_ = Vote(question, state.players, tie_keeps=tie, subject=(kind, index))
        claims = claims.add(new_claim(word, player, path, verdict, action.reason or "", late, status="voting"))
        return evolve(state, {"claims": claims, "pending": ("vote", vote_), "_words": words_after(state, claims, word)})
    changes, won, pending = earns(state, player, word, index)
    claims = claims.add(new_claim(word, player, path, verdict, action.reason or "", late, card=won.get("card")))
    changes["claims"], changes["pending"], changes["_words"] = claims, pending, words_after(state, claims, word)
    return evolve(state, changes)
