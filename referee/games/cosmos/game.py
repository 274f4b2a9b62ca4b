"""Crafting the Cosmos as the core sees it: its entry, commands, moves and views in one
object (core.game.Game). The phase table derives the prompt, the toolbar's first part
and the default command; this class adds the welcome, the picture, the result for
``--json`` and what a digital draw revealed (for undo).

The views (view.py) and the end of the game (ending.py) are written beside this module;
until one lands, what asks it falls back on the plainest answer (scores as counted, the
rules' winners of CT-7), so the game starts and plays all the same.
"""

import importlib

from referee.core import render
from referee.core.game import Game
from referee.games.cosmos import ENTRY, commands, setup
from referee.games.cosmos.moves import MOVES


def _part(name, attribute):
    """``attribute`` of the game's module ``name`` (view, ending), or None while that part
    is not written yet."""
    try:
        module = importlib.import_module(f"referee.games.cosmos.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"referee.games.cosmos.{name}":
            raise
        return None
    return getattr(module, attribute, None)


def winners(state):
    """Who won (CT-7): ending.winners once it is written; else most points, then most
    energy cards in hand, still tied: shared."""
    told = _part("ending", "winners")
    if told is not None:
        return list(told(state))
    best = max(((b.score, len(h)) for b, h in zip(state.boards, state.hands)), default=None)
    return [p for p, b, h in zip(state.players, state.boards, state.hands) if (b.score, len(h)) == best]


class Cosmos(Game):
    entry = ENTRY  # name, title, modes and who may play
    commands = commands.COMMANDS
    moves = MOVES
    options = ()

    @property
    def view(self):
        return _part("view", "scoreboard") and importlib.import_module("referee.games.cosmos.view")

    def initial(self, header):
        return setup.initial(header)

    def revealed(self, before, after):
        """What a digital draw showed the table: energy cards from the deck (to a hand or
        the display) or an advanced life token from the stack. Undo cannot un-see it."""
        if after.mode != "digital":
            return None
        if len(after.deck) < len(before.deck) or after.reshuffles != before.reshuffles:
            return "a draw from the energy deck"
        if len(after.stack) < len(before.stack):
            return "the draw of an advanced life token"
        return None

    def welcome(self, session):
        state = session.state
        words = (f"{self.title}, game {session.header['id']}: {', '.join(state.players)} ({state.mode} mode). "
                 "Type help for the commands; `hand PLAYER` shows a hand to its owner only.").split()
        return "\n".join(part for part in (render.fit_words(words, render.terminal_width(), indent=""),
                                           self.show(session)) if part)

    def show(self, session):
        picture = _part("view", "picture")
        if picture is not None:
            return picture(session.state)
        return self._plain(session.state)

    def _plain(self, state):
        """The table as plain lines, until view.picture is written."""
        lines = []
        for name, tokens in zip(("light", "time", "gravity", "chemistry"), state.controls):
            shown = " ".join("dark" if t < 0 else state.players[t] for t in tokens) or "-"
            lines.append(f"{name}: {shown}")
        lines.append("display: " + (" ".join(state.display) or "-") + f"; deck {state.deck_left}")
        lines.append("goals: " + " | ".join(g.name if g else "-" for g in state.track) + f"; {state.goals_left} left")
        lines.append("; ".join(f"{p} {b.score} pts, {len(h)} cards" for p, b, h in
                               zip(state.players, state.boards, state.hands)))
        return render.fit_text("\n".join(lines), render.terminal_width())

    def status_parts(self, state):
        told = _part("view", "status_parts")
        return list(told(state)) if told is not None else []

    def scoreboard(self, state):
        told = _part("view", "scoreboard")
        if told is not None:
            return told(state)
        return ["player", "points", "cards"], [[p, b.score, len(h)] for p, b, h in
                                              zip(state.players, state.boards, state.hands)]

    def result(self, state):
        """The scores as the table sees them; once the game is over, with advanced life
        added (ending.final_points) and each source of points (CT-7)."""
        over = self.is_over(state)
        final = _part("ending", "final_points") if over else None
        rows = final(state) if final is not None else None
        players = []
        for seat, (name, board) in enumerate(zip(state.players, state.boards)):
            if rows is None:
                players.append({"name": name, "score": board.score})
                continue
            row = dict(rows[seat])
            total = row.pop("total", sum(row.values()))
            players.append({"name": name, "score": total, "points": row})
        won = winners(state) if over else []
        return {"finished": over, "players": players, "winners": won, "shared": len(won) > 1,
                "ended_early": state.early}

    def summary(self, session):
        told = _part("view", "final")
        if told is not None:
            return told(session.state)
        return self._plain(session.state)


GAME = Cosmos()
