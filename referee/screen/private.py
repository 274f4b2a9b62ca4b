"""What a seat's private page shows: what `hand` would show that player, and only them.

Computed from the save as the terminal's `hand` is (the game's own question, asked as
if the player had typed `Ann: hand`), through a context that cannot make a move: a
question that tried would be a bug, refused here rather than written to the save. Only
a private part owned by that very player is kept; anything public or anyone else's is
dropped, so a seat's page can never show more than its own cards.
"""

from referee.core.context import Sight
from referee.core.errors import RefereeError


class SeatSight(Sight):
    """A session seen by one seat: ``speaker`` is that player; no move can be made."""

    def __init__(self, session, width, player):
        super().__init__(session, width)
        self.speaker = player

    def do(self, *args, **kwargs):
        raise RuntimeError("a seat's page makes no move")

    def stamp(self, *args, **kwargs):
        raise RuntimeError("a seat's page makes no move")


def private_view(session, player, width=50):
    """{"player", "private"}: the text only ``player`` may read now ("" when none): the
    answers of the game's ``seat_questions`` (by default `hand`) asked as that player."""
    questions = getattr(session.game, "seat_questions", ("hand",))
    texts = [ask(session, player, line, width, public=False) for line in questions]
    return {"player": player, "private": "\n".join(text for text in texts if text)}


def ask(session, player, line, width=50, public=True):
    """What the question ``line`` (`hand`, `hint`) answers ``player`` as if they had
    typed `Ann: hint`: their own private part, and with ``public`` its public text too
    (a hint every player may see); "" when the game has no such question now."""
    import click

    from referee.core import render
    from referee.core.reply import Reply

    name, _, args = line.partition(" ")
    commands = session.game.commands.commands if session.game.commands else {}
    command = commands.get(name)
    if command is None or command.plays is not None:  # a move's command: never from a page
        return ""
    seen = SeatSight(session, width, player)
    try:
        if not session.game.offers(session.state, name):
            return ""
        reply = command.handler(seen, args)
    except RefereeError:
        return ""
    if isinstance(reply, Reply):
        parts = reply.parts()
    else:
        parts = list(reply) if isinstance(reply, (list, tuple)) else [reply]
    shown = [str(part) for part in parts if part and (
        _owned_by(part.owner, player) if isinstance(part, render.Private) else public)]
    return click.unstyle("\n".join(shown))


def _owned_by(owner, player):
    """Whether a private part for ``owner`` is ``player``'s to read: theirs, or their
    team's (Colors names a team's total for "Shapes (Ann & Cy)", CC-4)."""
    import re

    return owner == player or re.search(rf"(?<![\w-]){re.escape(player)}(?![\w-])", str(owner)) is not None
