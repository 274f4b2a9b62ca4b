"""Cosmic Colors Jr as the core sees it: a game of its own in Cosmic Colors' box (CC-7),
picked by ``Colors.variant`` when the table chose ``--variant jr``. It keeps the box's
entry (its name, flags and seats) and table options, so a Jr save is a Cosmic Colors
save and ``referee colors --variant jr`` names it; everything else is Jr's: its state,
moves, phases, views and replies.
"""

from referee.core.game import Game
from referee.games.colors import ENTRY
from referee.games.colors import game as box
from referee.games.colors.view import breaking
from referee.games.colors_jr import rules, state, view


class ColorsJr(Game):
    entry = ENTRY  # the box's: name "colors", title, modes and who may play (CC-7's seats among them)
    view = view

    options = box.Colors.options  # the box's table options: the same saves, `rules` and `-o`

    def initial(self, header):
        return state.initial(header)

    def prepare(self, header, **extras):
        box.GAME.prepare(header, **extras)  # the box's checks of a new game's header

    def revealed(self, before, after):
        if after.mode == "digital" and after.tops != before.tops:
            return "the cards turned up under the ones taken"
        return None

    def welcome(self, session):
        current, width = session.state, getattr(session, "width", None)
        lines = [view.fit(f"{self.title}, game {session.header['id']}: {', '.join(current.players)} "
                          f"({current.mode} mode, {current.variant}). Type help for the commands; `cards` shows "
                          "how cards are typed.", width)]
        if current.phase != "setup" or any(current.piles):
            lines.append(view.picture(current))
        lines.append(view.shown_status(current, width))
        return "\n".join(lines)

    def status_parts(self, state):
        """After the phase's own part: the empty piles and the cards taken."""
        return view.toolbar(state)[1:]

    def show(self, session):
        current = session.state
        return "\n".join([view.picture(current), view.shown_status(current, getattr(session, "width", None))])

    def fit(self, text, width):
        """The box's breaking (colors.view.breaking): a ✓ line keeps room for its mark."""
        return breaking(text, width)

    def chart_point(self, state):  # the chart counts the takes as the review numbers them (issue 20 item 16)
        return "turn", len(state.takes)

    def result(self, state):
        finished = state.phase == "over"
        players = [{"name": p, "score": n} for p, n in zip(state.players, state.counts())]
        return {"finished": finished, "players": players, "winners": rules.winners(state) if finished else []}

    def summary(self, session):
        return view.final(session.state, getattr(session, "width", None))

    def picture(self, ctx):
        """The public table as data for a screen that draws it (`referee screen`)."""
        from referee.games.colors_jr.picture import picture

        return picture(ctx.state)


GAME = ColorsJr()
