"""What a Connections line does not say, gathered once the rules' first checks have passed
(core.play: ``check_first`` → ``gather`` → ``check``): the lexicon's verdict on a card's
words (CN-5), whether a play comes after its turn time (G-5), and what the log keeps of
a play, a vote or a `finish` as it was made.

The words go past the lexicon only after the rules took the card (a refused play is
never asked about): a word it does not know may be a typing slip, so the referee asks;
in a script, where nobody can answer, a trailing `!` (or `yes`) enters the card as
printed. Nothing here refuses a move: the rules do; what was asked and not answered (a
slip the table owns to, a side typed `?` nobody named) is a line to type again.
"""

import re

from referee.core.errors import InputError
from referee.games.connections import closing, contests, plays
from referee.games.connections.layout import SIDES, UNKNOWN, cell_name
from referee.games.connections.reading import AS_PRINTED
from referee.games.connections.reading_words import side_word
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
            ctx.retype()  # a slip: the line comes back at the prompt to mend
            back = "; the line is back at the prompt to mend (Ctrl-U clears it)" if ctx.interactive else ""
            raise InputError(f"{shown} not in the lexicon (CN-5): check the card, or end the line with `!` "
                             f"to enter it as printed{back}")
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
    """Late or not, then the words of the sides typed `?` that the card now touches, then
    what the log keeps of the play (its pairs, score and quad), then the lexicon's word on
    the card and on the words said."""
    action = _timed(ctx, _said(ctx, action))
    action.update(plays.logged(ctx.state, _typed(ctx, action)))
    return _checked(ctx, action, action["card"]["words"] + [side[3] for side in action.get("sides", ())])


def _said(ctx, action):
    """CN-1: a side typed `?` touched nothing when its card was laid; now that this card
    touches it, the table says its word. The new card's own such sides are written into
    its words; an earlier card's go into ``sides`` ([x, y, side, word]), which the play
    writes onto that card. Nothing said: InputError, nothing done."""
    _seat, cell, _card, pairs, *_rest = plays.check_play_first(ctx.state, _typed(ctx, action))
    words, sides = list(action["card"]["words"]), []
    for pair in pairs:
        facing_word = pair.facing
        if pair.facing == UNKNOWN:
            facing = (pair.side + 2) % 4
            card = ctx.state.area(_seat).get(pair.cell)
            near = f", meeting {pair.word.upper()}" if pair.word != UNKNOWN else ""
            facing_word = _asked(ctx, f"Word on the {SIDES[facing]} side of the card at {cell_name(pair.cell)} "
                                      f"({card.text()}){near}?", f"the {SIDES[facing]} side of the card at {cell_name(pair.cell)}")
            sides.append([pair.cell[0], pair.cell[1], SIDES[facing], facing_word])
        if pair.word == UNKNOWN:
            words[pair.side] = _asked(ctx, f"Word on the {SIDES[pair.side]} side of the card for {cell_name(cell)}, "
                                           f"meeting {facing_word.upper()}?",
                                      f"the {SIDES[pair.side]} side of the card for {cell_name(cell)}")
    if sides:
        action["sides"] = sides
    action["card"] = dict(action["card"], words=words)
    return action


def _asked(ctx, question, what):
    """The word a side typed `?` bears, asked at the table (ctx.ask): one printed word."""
    said = ctx.ask(question)
    if said is None or said.strip() in ("", UNKNOWN):
        raise InputError(f"{what} is `?` and a card touches it there: say its word when asked (CN-2)")
    return side_word(" ".join(said.split()).lower(), "say the word printed on that side (CN-1)")


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
