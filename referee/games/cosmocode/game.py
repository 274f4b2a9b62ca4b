"""Cosmo;code as the core sees it: rules, commands, options and views in one object."""

from referee.core import render
from referee.core.game import Game
from referee.core.options import Option
from referee.games.cosmocode import ENTRY, dealing, taking, view


class Cosmocode(Game):
    entry = ENTRY  # name, title, modes and who may play
    view = view

    options = (
        Option("reshuffle", True, "CO-4", "an empty deck is reshuffled from its discard pile (digital mode)"),
        Option("hand_limit", 8, "CO-6", "blue and green cards a hand may keep after taking", maximum=40),
        Option("first", "random", "CO-1", "the start player's name, or random (digital: from the seed; "
                                          "table: named with `start`)"),
    )

    def initial(self, header):
        return dealing.initial(header)

    def revealed(self, before, after):
        """What a digital move showed the table: a reveal from a deck, or cards paid from a
        hand only the referee held (a probe typed in a player's name, then undone, would
        otherwise tell the table that hand's cards without a trace)."""
        if after.mode != "digital":
            return None
        if after.revealed and not before.revealed:
            return "the reveal of " + " ".join(f"{s.number}{s.channel}" for s in after.revealed)
        for seat, player in enumerate(after.players):
            if after.hand_size(seat) < before.hand_size(seat):
                return f"cards paid from {player}'s hand"
        return None

    def prepare(self, header, **extras):
        from referee.core.errors import InputError

        if header["options"].get("hand_limit", 8) < 1:
            raise InputError("option hand_limit must be 1 or more")
        first = str(header["options"].get("first", "random")).lower()
        named = [p for p in header["players"] if p.lower() == first]
        if first != "random" and not named:
            raise InputError(f"option first names {first!r}, who is not playing")
        if named:  # options read lower case; `rules` and the log say the player as seated
            header["options"]["first"] = named[0]

    def welcome(self, ctx):
        """The first words, fitted with the picture to the width the caller's context says
        (the shell's, a watcher's Sight): a game never asks the terminal itself."""
        state = ctx.state
        words = (f"{self.title}, game {ctx.header['id']}: {', '.join(state.players)} ({state.mode} mode). "
                 "Type help for the commands; `hand PLAYER` shows a hand to its owner only.").split()
        return "\n".join([render.fit_words(words, ctx.width, indent=""), view.picture(state, ctx.width)])

    def offers(self, state, command):
        """Once the start player is known (named with `start`, in the options, or drawn
        from the seed) `start` has nothing to do, so help and completion leave it out;
        `reveal` and `deal` are table mode's by their moves' ``offered`` (moves.py)."""
        if command == "start":  # only while the table has still to name the start player
            return state.mode == "table" and state.phase == "start"
        return super().offers(state, command)

    def status_parts(self, state):
        """The toolbar after the phase's own part (who acts and how), most important first
        (the shell drops whole parts that do not fit): what ends the game, the indicator,
        what is closed, the red cards."""
        parts = []
        over = state.phase == "over"
        if state.ending and not over:
            parts.append("ends after this turn")
        parts.append(f"indicator {view.cards.GLYPH[state.indicator]}")
        if state.tuned and state.phase == "manipulate":  # a won game keeps the flag; nothing is closed then
            parts.append("4a/4b closed")
        holding = [f"{p} {len(r)}" for p, r in zip(state.players, state.reds) if r]
        if holding:  # only who holds a red: six names of zeros overflow a phone's toolbar
            parts.append("reds " + " ".join(holding))
        return parts

    def show(self, ctx):
        return view.picture(ctx.state, ctx.width)

    def result(self, state):
        players = [{"name": p, "score": len(r)} for p, r in zip(state.players, state.reds)]
        over = state.phase == "over"
        return {"finished": over, "players": players, "winners": taking.winners(state) if over else [],
                "ended_early": state.early}

    def summary(self, ctx):
        return view.final(ctx.state, ctx.width)

    def picture(self, ctx):
        from referee.games.cosmocode.picture import picture
        return picture(ctx.state)


GAME = Cosmocode()
