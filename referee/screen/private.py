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
    """{"player", "private"}: the text only ``player`` may read now ("" when none)."""
    return {"player": player, "private": private_text(session, player, width)}


def private_text(session, player, width=50):
    import click

    from referee.core import render
    from referee.core.reply import Reply

    command = session.game.commands.commands.get("hand") if session.game.commands else None
    if command is None or command.plays is not None:
        return ""
    seen = SeatSight(session, width, player)
    try:
        if not session.game.offers(session.state, "hand"):
            return ""
        reply = command.handler(seen, "")
    except RefereeError:
        return ""
    parts = reply.parts() if isinstance(reply, Reply) else (reply if isinstance(reply, (list, tuple)) else [reply])
    mine = [str(part) for part in parts if isinstance(part, render.Private) and part.owner == player]
    return click.unstyle("\n".join(mine))
