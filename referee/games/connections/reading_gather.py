"""What a Connections line does not say, gathered once the rules' first checks have passed
(core.play: ``check_first`` → ``gather`` → ``check``): the lexicon's verdict on a card's
words (CN-5), whether a play comes after its turn time (G-5), and what the log keeps of
a play, a vote or a `finish` as it was made.

The words go past the lexicon only after the rules took the card (a refused play is
never asked about): a word it does not know may be a typing slip, so the referee asks;
in a script, where nobody can answer, a trailing `!` (or `yes`) enters the card as
printed. Nothing here refuses a move: the rules do.
"""

import re

from referee.core.errors import InputError
from referee.games.connections import closing, contests, plays
from referee.games.connections.reading import AS_PRINTED
from referee.games.connections.rounds import late_by

# -- the lexicon, loaded in the background -------------------------------------------


def lexicon(ctx):
    from referee.core.lexicon import for_session

    return for_session(ctx)  # the table's own word and deny lists, from the header


def warm(ctx):
    lexicon(ctx).load_in_background()


def odd_words(ctx, words):
    """The words of a card the lexicon does not know (names it knows are fine: AFRICA is printed)."""
    lex = lexicon(ctx)
    tokens = []
    for side in words:
        for token in re.split(r"[\s\-/]+", side):
            # letters only, accents kept: stripping é from HÉAD would pass it as HAD
            token = "".join(ch for ch in token.lower() if ch.isalpha())
            if token and token not in tokens:
                tokens.append(token)
    odd = []
    for token in tokens:
        verdict = lex.verdict(token)
        if verdict.verdict == "unknown" and verdict.source != "names":
            odd.append(token)
    return odd


def _checked(ctx, action, words):
    """CN-5: ask about words that may be slips; never block a card the table says is printed so.
    The words entered unchecked go into the log (``unchecked``)."""
    confirmed = action.pop(AS_PRINTED, False)
    odd = odd_words(ctx, words)
    if odd and not confirmed:
        shown = ", ".join(w.upper() for w in odd)
        if not ctx.confirm(f"{shown}: not in the lexicon. A typing slip? Enter the card as typed?"):
            raise InputError(f"{shown} not in the lexicon (CN-5): check the card, or end the line with `!` "
                             "to enter it as printed")
    if odd:
        action["unchecked"] = odd
    return action


def _timed(ctx, action):
    """The action marked late when it is (G-5): with the table's `late`, or silently under
    option late=accept; a `late` typed in time is dropped, so the log never calls a play
    late that was not. Unmarked and late, the rules refuse it."""
    typed = action.pop("late", False)
    accept = ctx.state.options.get("late", "refuse") == "accept"
    if late_by(ctx.state, action) and (typed or accept):
        action["late"] = True
    return action


# -- each move's gathering ----------------------------------------------------------------


def _typed(ctx, action):
    """The action so far as the rules read it (its move's typed record, core.moves.Action):
    the gathering keeps the plain dict it adds to, the rules it asks read attributes."""
    return ctx.game.moves[action["do"]].read(action)


def start(ctx, action):
    return _checked(ctx, action, action["card"]["words"])


def play(ctx, action):
    """Late or not, then what the log keeps of the play (its pairs, score and quad), then
    the lexicon's word on the card."""
    action = _timed(ctx, action)
    action.update(plays.logged(ctx.state, _typed(ctx, action)))
    return _checked(ctx, action, action["card"]["words"])


def run(ctx, action):
    return _checked(ctx, _timed(ctx, action), [w for c in action["cards"] for w in c["words"]])


def extend(ctx, action):
    return _checked(ctx, _timed(ctx, action), action["card"]["words"])


def steal(ctx, action):
    return _timed(ctx, action)


def vote(ctx, action):
    """G-4: a vote that settles its question writes the tally into the log (its
    ``check_first``, the vote's own rule, has found the question and taken the ballots)."""
    tally = contests.tally(ctx.state, _typed(ctx, action))
    if tally is not None:
        action["tally"] = tally
    return action


def finish(ctx, action):
    """G-6: the log says when the table ended the game early."""
    if closing.ends_early(ctx.state):
        action["early"] = True
    return action
