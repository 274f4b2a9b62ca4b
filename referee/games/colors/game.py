"""Cosmic Colors as the core sees it: rules, commands, options and views in one object.

This is the team game (standard, Wild Cards, Short Game): one MoveSet (moves.py) over
one phase table (phases.py), from which the core derives apply, the log lines, the
prompt, the bare answer and the toolbar's first part. Cosmic Colors Jr, in the same box,
is a game of its own (referee.games.colors_jr): ``variant`` hands a session that game
when the table chose ``--variant jr``, found by its module's name as the registry finds
every game (referee.games.load), so this package never imports Jr's.
"""

from importlib import import_module

from referee.core.errors import InputError
from referee.core.game import Game
from referee.core.options import Option
from referee.games.colors import ENTRY, rules, view
from referee.games.colors.cards import DEFAULT_COLORS, DEFAULT_SHAPES, parse_names

# The other games in the box, by the variant that picks them: each a module whose GAME plays it.
OTHER_GAMES = {"jr": "referee.games.colors_jr.game"}


class Colors(Game):
    entry = ENTRY  # name, title, modes and who may play
    seat_questions = ("score me",)  # a seat's own page (referee screen) shows its team's total (CC-4)
    view = view

    options = (
        Option("variant", "standard", "CC-7", "standard, wild (Wild Cards), short (Short Game) or jr (Jr)",
               choices=ENTRY.choices("variant")),
        Option("first_side", "shapes", "Start", "the side of the first player's team (seats 1 & 3): shapes or colors",
               choices=("shapes", "colors")),
        Option("open_scores", False, "CC-4", "show the teams' point totals during the game"),
        Option("hints", True, "CC-8", "the hint command shows the best play"),
        Option("tie", "cards", "CC-6", "a tie on points goes to the team with cards left (cards) or is shared (shared)",
               choices=("cards", "shared")),
        Option("put_away", "half", "CC-9", "Short Game: cards put away after setup, half the draw pile or a number"),
        Option("colors", ",".join(DEFAULT_COLORS), "CC-1", "the five colour names (their first letters are typed)"),
        Option("shapes", ",".join(DEFAULT_SHAPES), "CC-1", "the five shape names (their first letters are typed)"),
    )

    def variant(self, header):
        """Cosmic Colors Jr when the table chose it (CC-7): a game of its own in this box."""
        module = OTHER_GAMES.get((header.get("options") or {}).get("variant"))
        return import_module(module).GAME if module else self

    def initial(self, header):
        return rules.initial(header)

    def revealed(self, before, after):
        if after.mode != "digital":
            return None
        if after.pile_count < before.pile_count:
            return "the draw of " + " ".join(after.names.code(c) for c in before.pile[:before.pile_count - after.pile_count])
        return None

    def prepare(self, header, **extras):
        options = header["options"]
        for what in ("colors", "shapes"):
            parse_names(options.get(what, ""), what)
        players = len(header["players"])
        said = str(options.get("put_away", "half")).strip().lower()
        pile = 100 - 25 - players * (10 if players == 2 else 7)  # the draw pile after setup
        if said != "half" and (not said.isdecimal() or int(said) > pile):
            raise InputError(f"option put_away takes half or a number of cards from 0 to {pile} "
                             f"(the draw pile after setup with {players} players), not {said!r} (CC-9)")

    def tailor(self, commands, state):
        """Help's usages as a table of two reads them: no swap there (3b)."""
        from referee.games.colors.commands import tailor

        return tailor(commands, state)

    def welcome(self, session):
        state, width = session.state, _width(session)
        lines = [view.fit(f"{self.title}, game {session.header['id']}: {', '.join(state.players)} "
                          f"({state.mode} mode, {state.variant}). Type help for the commands; `cards` shows how "
                          "cards are typed.", width)]
        first = f" {state.players[0]} plays first." if not state.turns else ""  # a resumed game: status says who
        lines.append(view.fit("Teams: " + "; ".join(state.team_name(t) for t in (0, 1)) + "." + first, width))
        if state.phase == "setup":
            lines.append(view.fit("Enter the play area row by row (five codes a row, from a1); then each hand "
                                  "for `hint` and the hand checks, or `play` at once to keep only the score.", width))
        if any(state.stacks):
            lines.append(view.picture(state))
        if state.phase != "setup":
            lines.append(view.hands(state, width))
        lines.append(view.shown_status(state, width))
        return "\n".join(lines)

    def status_parts(self, state):
        """After the phase's own part: the draw pile, the hands and (open) scores."""
        return view.toolbar(state)[1:]

    def show(self, session):
        """The table as it is now, fitted to the columns of the screen that asks (a
        shell's context says them; `watch` hands its session and fits the picture itself)."""
        state, width = session.state, _width(session)
        return "\n".join(part for part in (view.picture(state), view.hands(state, width),
                                            view.shown_status(state, width)) if part)

    def fit(self, text, width):
        """The box's breaking (view.breaking): a ✓ line keeps room for its mark."""
        return view.breaking(text, width)

    def chart_point(self, state):  # the chart counts the turns as the review numbers them (issue 20 item 16)
        return "turn", len(state.turns)

    def result(self, state):
        finished = state.phase == "over"
        visible = view.scores_visible(state)
        players = [{"name": p, "score": state.points[state.team_of(s)] if visible else None,
                    "team": state.side_of(s)} for s, p in enumerate(state.players)]
        winners, teams = [], []
        if finished:
            teams = rules.winners(state)
            winners = [p for s, p in enumerate(state.players) if state.team_of(s) in teams]
        return {"finished": finished, "players": players, "winners": winners, "shared": len(teams) > 1}

    def scores(self, state, reveal=False):
        """After the end every past total may be charted (CC-4 keeps them secret only during play)."""
        if reveal:
            return {p: state.points[state.team_of(s)] for s, p in enumerate(state.players)}
        return super().scores(state, reveal)

    def summary(self, session):
        return view.final(session.state, _width(session))  # the review is asked for (`review`)

    def picture(self, ctx):
        """The public table as data for a screen that draws it (`referee screen`)."""
        from referee.games.colors.picture import picture

        return picture(ctx.state)


def _width(session):
    """The columns a context says a reply may use; None for a bare session (`watch`),
    which fits what it is given to its own screen."""
    return getattr(session, "width", None)


GAME = Colors()
