"""Contests and votes (G-4, CX-11): a standing word put to the table, a refused one let in
by its vote, and every vote counted: a rare word's, a contest's, and the bonus sentence's
(its grammar, then its tense, CX-10).
"""

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.core.votes import Vote
from referee.core.worked import remembered
from referee.games.connexion.bonus import bonus_scored
from referee.games.connexion.celestial import earns, give, set_claim, take
from referee.games.connexion.claims import check_claim_first, check_draw, make_claim
from referee.games.connexion.ending import end
from referee.games.connexion.turns import not_while_pending


def _refused_word(action):
    """A contest that puts a refused claim (its word and path) to the table's vote."""
    return bool(action.word) and action.path is not None


def _override(action):
    """The claim a contest of a refused word makes: the table's judgement, not the
    claimant's turn, so neither its speaker nor its time is checked."""
    return dict(action, by=None, at=None)


def check_contest(state, action):
    """Put the last word to the table: an accepted one may be struck, a refused one let in."""
    if _refused_word(action):
        word = str(action.word).lower()
        if action.verdict != "unknown" and not state.struck(word):
            raise RuleError(f"{word.upper()} was not refused; `word {word}` claims it", rule="G-4")
        not_while_pending(state)
        check_claim_first(state, _override(action))  # the table's judgement: the verdict is not checked
        return
    if not state.claims:
        raise RuleError("there is no word to contest", rule="G-4")
    last = state.claims[-1]
    if last.status != "accepted":
        raise RuleError(f"the last word, {last.word.upper()}, is not standing", rule="G-4")
    wanted = action.target
    if wanted and wanted != last.word:
        raise RuleError(f"only the last word claimed ({last.word.upper()}) can be contested", rule="G-4")


def contest(state, action):
    if _refused_word(action):
        return make_claim(state, action, late=False, override=True)  # the table's judgement: never late
    tie = state.options.get("tie", "keep") == "keep"
    last = state.claims[-1]
    # What the word was still owed (a card to name, a pilfer) waits for the outcome.
    vote_ = Vote(f"Does {last.word.upper()} stand?", state.players, tie_keeps=tie,
                 subject=("contest", len(state.claims) - 1, state.pending))
    return evolve(state, pending=("vote", vote_))


@remembered
def _cast(state, action):
    """The open vote once the action's ballots are cast: worked out by the vote's check and
    handed to its effect on the very same state and action (core.worked), so a replayed
    vote casts each ballot once, not twice (each cast makes a new Vote)."""
    ballot = state.pending[1]
    for voter, yes in action["ballots"]:
        ballot = ballot.cast(voter, yes)
    return ballot


def check_vote(state, action):
    ballot = _cast(state, action)  # a voter not at the table is refused here (G-4)
    kind = ballot.subject[0]
    if kind not in ("rare", "override", "contest", "grammar", "tense"):
        raise RuleError("this vote cannot be counted", rule="G-4")
    if kind in ("rare", "override") and ballot.outcome():
        check_draw(state, action)


def vote(state, action):
    ballot = _cast(state, action)
    outcome = ballot.outcome()
    if outcome is None:
        return evolve(state, pending=("vote", ballot))
    state = evolve(state, pending=None)
    kind, index = ballot.subject[:2]
    if kind in ("rare", "override"):
        if not outcome:
            return set_claim(state, index, status="refused")
        entry = state.claims[index]
        changes, won, pending = earns(state, entry.player, entry.word, index)
        return evolve(state, claims=state.claims.set(index, evolve(entry, status="accepted", **won)), pending=pending,
                      **changes)
    if kind == "contest":
        return evolve(state, pending=ballot.subject[2]) if outcome else _strike(state, index)
    if kind == "grammar":
        if not outcome:
            return end(evolve(state, bonus=evolve(state.bonus, status="refused")), action.at)
        if state.bonus.future:
            question = "Is the sentence in the future tense?"
            return evolve(state, pending=("vote", Vote(question, state.players, tie_keeps=True, subject=("tense", 0))))
        return bonus_scored(state, future=False, at=action.at)
    return bonus_scored(state, future=outcome, at=action.at)  # tense


def _strike(state, index):
    """An overturned word gives back what it earned (G-4)."""
    struck = state.claims[index]
    if struck.card:
        state = take(state, struck.player, struck.card)
        if struck.pilfered_from:
            state = give(state, struck.pilfered_from, struck.card)
        elif state.mode == "digital":
            state = evolve(state, pile=(struck.card,) + state.pile)
        else:
            state = evolve(state, pile=state.pile + (struck.card,))
    state = evolve(state, pending=None)
    return set_claim(state, index, status="struck", card=None, pilfered_from=None)
