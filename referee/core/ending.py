"""What a line that ends the game prints after its own reply, in the order the table reads it.

Whatever looks back over the game comes first (the game's own look back, such as
ConneXion's missed words, then the app's score chart), and the final scores and the
winner come last (issue 20 item 8): the end of an answer is where the eye is, and on a
phone whatever is printed after the winner pushes the winner off the screen. The final
scores open with the same heading in every game (item 16), so a table that plays several
finds the end the same way.
"""

import click

from referee.core import render

HEADING = "Final scores"


def texts(session, ctx, endings=()):
    """The texts to print, in order: the game's look back, each of ``endings`` (fn(session)
    -> text or None: the app's additions, such as the chart), then the game's summary
    under its heading."""
    game = session.game
    before = [game.look_back(ctx)] + [ending(session) for ending in endings]
    return [text for text in before if text] + [headed(game.summary(ctx))]


def headed(summary):
    """A game's end-of-game summary under the heading every game's end has; one that
    already opens with it (ConneXion, Connections) is left as it is."""
    if isinstance(summary, (list, tuple)):
        summary = "\n".join(summary)
    if not summary:
        return summary
    if click.unstyle(summary.split("\n", 1)[0]).strip() == HEADING:
        return summary
    return render.heading(HEADING) + "\n" + summary
