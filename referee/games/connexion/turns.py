"""Whose turn it is and what the game waits for: the sentence and rule refusing a move the
phase does not open (phases.py asks them), the moves `moves` lists now, the claim's check
of who speaks (CX-5; whose turn it is to place or pilfer is the phase table's, through
each move's ``acts``) and the check of an open card, pilfer or vote.

The rules of the moves live by topic: placing.py, claims.py, celestial.py, contests.py,
bonus.py, ending.py and corrections.py. In each, ``check_x(state, action)`` raises the
one refusal type (:class:`RuleError`, citing an id of ruletable.md or the core's G-n) or
returns; ``x(state, action)`` is the move's effect and runs only after every check
passed. They are declared as moves in moves.py, whose MoveSet runs the checks in
boardgame.io's order: the game is not over, the phase (phases.py: placing, a card to
name, a pilfer, a vote, the bonus round) opens the move, the right player, then the
move's own check. No rule module prints, asks, reads a clock or draws at random (the
digital shuffle is the header's seed's, dealt by state.initial).
"""

from referee.core.errors import RuleError
from referee.games.connexion.state import LAST


def ended_by(state):
    """The ruling that ended the game, for the refusal of anything typed after it: G-6 when
    the table stopped it early, CX-10 when it ran to its end."""
    return "G-6" if state.early else "CX-10"


def waiting(state):
    """(sentence, rule) refusing a move the phase does not open: what the game waits for."""
    if state.phase == "over":
        return "the game is over; `adjust` can still correct the record", ended_by(state)
    if state.pending:
        kind = state.pending[0]
        if kind == "card":
            word = state.claims[state.pending[1]].word.upper()
            return f"first name the celestial card drawn for {word} (`card NAME`)", "CX-8"
        if kind == "pilfer":
            claim_ = state.claims[state.pending[1]]
            return (f"first say what {claim_.player} pilfers for {claim_.word.upper()} "
                    "(`pilfer PLAYER CARD` or `pilfer none`)"), "CX-9"
        return f"a vote is open ({state.pending[1].question}); finish it with `vote PLAYER yes|no`", "G-4"
    if state.phase == "bonus":
        return (f"the bonus round waits for {state.sun_holder}'s sentence (`bonus SENTENCE`); "
                "`finish no bonus` ends without it"), "CX-10"
    drawn = " (in digital mode the referee draws the cards)" if state.mode == "digital" else ""
    return f"no card, pilfer or vote is awaited now{drawn}: {now(state)}", "CX-7"


def now(state):
    """What the placing phase waits for, in words: who claims, who places next."""
    if not state.placed:
        return f"{state.placer} places position 1"
    if state.next_position:
        return f"{state.claimant}'s turn to claim words, then {state.placer} places position {state.next_position}"
    return f"{state.claimant}'s turn to claim words, then the bonus round or `finish`"


def check_done(state, speaker):
    """`done` (`next`, `pass`) ends a claiming turn: refused while the game waits for
    something else, before position 1, or when said by another player than the claimant
    (CX-5). It records nothing: the turn passes when the next card is placed (CX-7)."""
    if state.pending or state.phase != "placing":
        sentence, rule = waiting(state)
        raise RuleError(sentence, rule=rule)
    if not state.placed:
        raise RuleError(f"no claiming turn has begun: {state.placer} places position 1 (`place LETTER`)",
                        rule="CX-7")
    if speaker and speaker != state.claimant:
        raise RuleError(f"it is {state.claimant}'s turn, not {speaker}'s", rule="CX-5")


def no_pilfer(state):
    """The refusal of a pilfer typed while none is due (CX-9 says when one is: the pile
    empty, right after an accepted word of 4+ letters), not the placement rule (CX-7)."""
    if state.pile:
        left = len(state.pile)
        why = f"pilfers begin once the pile is empty ({left} card{'s' if left != 1 else ''} left)"
    else:
        why = "a pilfer follows at once an accepted word of 4+ letters"
    return f"no pilfer is due: {why}; {now(state)}"


def no_card(state):
    """The refusal of a celestial card named while none is due (CX-8 says when one is: at
    the table, right after an accepted word), not the placement rule (CX-7)."""
    why = ("the pile is empty: a word of 4+ letters is followed by a pilfer (CX-9)" if not state.pile
           else "one is drawn right after an accepted word")
    return f"no celestial card is due: {why}; {now(state)}"


def is_open(state, name):
    """Whether some player could make the move ``name`` now, as far as the state alone
    says (for `moves`; the move's own check still decides each one). `start_bonus` is
    never listed apart: it is `bonus` typed alone, listed as `bonus`."""
    if name == "start_bonus":
        return False
    if name == "place":
        return state.placed < LAST
    if name == "claim":
        return state.placed > 0
    if name == "contest":
        return state.placed > 0 or bool(state.claims)
    if name == "pilfer":
        return bool(state.pending) and state.pending[0] == "pilfer"
    if name == "card":
        return bool(state.pending) and state.pending[0] == "card"
    if name == "bonus":
        if state.phase == "bonus":
            return state.bonus is None
        return state.placed >= LAST and state.sun_holder is not None
    return True


def not_while_pending(state):
    """Refuse a move made while a card, pilfer or vote is awaited, with what is awaited."""
    if state.pending:
        sentence, rule = waiting(state)
        raise RuleError(sentence, rule=rule)


def check_speaker(state, action, who, rule):
    """A line that names its speaker (`Ben: word ...`) is refused unless the speaker is
    ``who``, the one player the move is for, citing ``rule``. Left to the claim (CX-5):
    the core says the same words, but with its phase's rule (placing's is CX-7, the
    placer's), so a claim's turn stays the claim's rule to check."""
    said = action.get("by")
    if said and who and said != who:
        raise RuleError(f"it is {who}'s turn, not {said}'s", rule=rule)
