"""Crafting the Cosmos as the core sees it: its entry, commands, moves and views in one
object (core.game.Game). The phase table derives the prompt, the toolbar's first part
and the default command; this class adds the welcome, the picture, the result for
``--json`` and what a digital draw revealed (for undo).
"""

from referee.core import render
from referee.core.game import Game
from referee.core.options import Option
from referee.games.cosmos import ENTRY, ending, setup, view


def winners(state):
    """Who won (CT-7): the most points, then the most energy cards in hand, else shared."""
    return list(ending.winners(state))


class Cosmos(Game):
    entry = ENTRY  # name, title, modes and who may play
    view = view

    options = (
        Option("nebula_points", 15, "CT-8", "a nebula's points above this are asked again before they are scored",
               maximum=999),
    )

    def initial(self, header):
        return setup.initial(header)

    def players_refusal(self, header):
        """Seats as the entry says, and no player called `dark` or `d`: `tokens` reads those
        words as a dark energy token, so that player's token could never be laid (playtest:
        players typed as initials, A,B,C,D)."""
        refused = super().players_refusal(header)
        if refused:
            return refused
        for name in header.get("players") or ():
            if str(name).lower() in ("dark", "d"):
                return (f"a player called {name!r} would read as a dark energy token (`dark`, `d`) "
                        "when the tokens are laid: give another name (CT-2)")
        return None

    def revealed(self, before, after):
        """What a digital draw showed the table: energy cards from the deck (to a hand or
        the display) or an advanced life token from the stack. Undo cannot un-see it. (The
        end of the game, which shows advanced life values, cards told and a digital seed,
        is guarded by the core for every game: builtins._end_that_revealed.)"""
        if after.mode != "digital":
            return None
        if len(after.deck) < len(before.deck) or after.reshuffles != before.reshuffles:
            return "a draw from the energy deck"
        if len(after.stack) < len(before.stack):
            return "the draw of an advanced life token"
        for player, was, now in zip(after.players, before.hands, after.hands):
            if len(now) < len(was):  # its reply named cards of a hidden hand: a payment, a discard
                return f"cards paid from {player}'s hand"
        return None

    def welcome(self, session):
        state = session.state
        words = (f"{self.title}, game {session.header['id']}: {', '.join(state.players)} ({state.mode} mode). "
                 "Type help for the commands; `hand PLAYER` shows a hand to its owner only.").split()
        return "\n".join([render.fit_words(words, session.width, indent=""), self.show(session)])

    def show(self, session):
        """The main board, as wide as the screen the context says (``session`` is the
        shell's context); a bare session (`watch`) says none: the view's default."""
        return view.picture(session.state, getattr(session, "width", None))

    def scoreboard(self, state, width=None):
        """(headers, rows) of the scoreboard for a screen ``width`` columns wide: a column
        per source where they fit, one cell of words on a phone (view.scoreboard). The
        core's `score` and `watch` name no width yet: the view then takes the terminal's."""
        return view.scoreboard(state, width)

    def status_parts(self, state):
        return list(view.status_parts(state))

    def chart_point(self, state):  # the chart counts the rounds the game scores by (issue 20 item 16)
        return "round", state.round

    def result(self, state):
        """The scores as the table sees them; once the game is over, with advanced life
        added (ending.final_points) and each source of points (CT-7)."""
        over = self.is_over(state)
        if not over:
            return {"finished": False, "players": [{"name": name, "score": board.score}
                                                   for name, board in zip(state.players, state.boards)],
                    "winners": [], "shared": False, "ended_early": False}
        players = []
        for name, row in zip(state.players, ending.final_points(state)):
            row = dict(row)
            total = row.pop("total")
            players.append({"name": name, "score": total, "points": row})
        won = winners(state)
        return {"finished": True, "players": players, "winners": won, "shared": len(won) > 1,
                "ended_early": state.early}

    def narrate(self, before, action, after, final):
        """(who, what) of an action in the record: its own line, then what the end phase did
        inside it (the goal scored and the points given, the count awaited, the new round,
        the end): a goal scored within a round's last `end` was in no line of the log
        (playtest P26). All of it is public; the core never narrates a secret action before
        the end."""
        what = self.moves.describe(action)
        note = ending.log_note(before, after)
        return action.get("by") or "", f"{what}; {note}" if note else what

    def summary(self, session):
        return view.final(session.state, getattr(session, "width", None))

    def picture(self, ctx):
        from referee.games.cosmos.picture import picture
        return picture(ctx.state)


GAME = Cosmos()
