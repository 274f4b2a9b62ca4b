"""What a line that ends the game prints after its own reply, in the order the table reads it.

Whatever looks back over the game comes first (the game's own look back, such as
ConneXion's missed words, then the app's score chart), and the final scores and the
winner come last (issue 20 item 8): the end of an answer is where the eye is, and on a
phone whatever is printed after the winner pushes the winner off the screen.
"""


def texts(session, ctx, endings=()):
    """The texts to print, in order: the game's look back, each of ``endings`` (fn(session)
    -> text or None: the app's additions, such as the chart), then the game's summary."""
    game = session.game
    before = [game.look_back(ctx)] + [ending(session) for ending in endings]
    return [text for text in before if text] + [game.summary(ctx)]
