"""The bonus round (CX-10): the sun laid at position 25 and the sun holder's sentence of
logged words, scored once the table's votes on its grammar and tense are in (contests.py).
"""

import re

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.core.votes import Vote
from referee.games.connexion.claims import is_late, ran_out
from referee.games.connexion.ending import end
from referee.games.connexion.state import LAST, SUN, Bonus


BONUS_PER_WORD, FUTURE_PER_WORD = 25, 50  # CX-10


FUTURE = re.compile(r"\b(will|shall)\s+[a-z]+|[a-z]+'ll\b|\bgoing\s+to\s+[a-z]+")


def future_tense(sentence):
    """Flag the future (CX-10): will/shall + verb, 'll, going to + verb. The table confirms."""
    return bool(FUTURE.search(sentence.lower()))


def sentence_words(sentence):
    return re.findall(r"[a-z]+(?:'[a-z]+)?", sentence.lower())


def check_start_bonus(state, action):
    if state.placed < LAST:
        left = LAST - state.placed
        raise RuleError(f"the bonus round comes after position 24's turn; {left} "
                        f"{'card is' if left == 1 else 'cards are'} still to place", rule="CX-10")
    if state.sun_holder is None:
        raise RuleError("nobody holds the sun, so there is no bonus round; `finish` ends the game", rule="CX-10")


def start_bonus(state, action):
    board = state.board[:LAST] + (SUN,)
    return evolve(state, phase="bonus", bonus_started=action.at, board=board)


def _bonus_round(state, action):
    """The state the sentence is judged in: a sentence typed before the sun is laid lays it."""
    if state.phase == "placing":
        check_start_bonus(state, action)
        return start_bonus(state, action)
    return state


def check_bonus(state, action):
    state = _bonus_round(state, action)
    if state.bonus is not None:
        raise RuleError("the bonus sentence has been given already", rule="CX-10")
    holder = state.sun_holder
    if action.by and action.by != holder:
        raise RuleError(f"the bonus sentence is {holder}'s to make: {holder} holds the sun", rule="CX-10")
    is_late(state, action)
    words = sentence_words(action.sentence.strip())
    if not words:
        raise RuleError("the bonus sentence has no words", rule="CX-10")
    logged = [c.word for c in state.scribe_words()]
    available = {}
    for word in logged:
        available[word] = available.get(word, 0) + 1
    for word in words:
        if available.get(word, 0) == 0:
            why = "is not on the scribe's list" if word not in logged else "is used more often than it was logged"
            raise RuleError(f"{word.upper()} {why}", rule="CX-10")
        available[word] -= 1


def bonus(state, action):
    state = _bonus_round(state, action)
    sentence = action.sentence.strip()
    future = future_tense(sentence) or bool(action.future)
    entry = Bonus(player=state.sun_holder, sentence=sentence, words=tuple(sentence_words(sentence)), future=future,
                  late=ran_out(state, action))
    vote_ = Vote("Is the sentence grammatical?", state.players, tie_keeps=state.options.get("tie", "keep") == "keep",
                 subject=("grammar", 0))
    return evolve(state, bonus=entry, pending=("vote", vote_))


def bonus_scored(state, future, at):
    per = FUTURE_PER_WORD if future else BONUS_PER_WORD
    scored = evolve(state.bonus, status="grammatical", future=future, points=per * len(state.bonus.words))
    return end(evolve(state, bonus=scored), at)
