"""The Connections Card Game as the core sees it: its state, moves, commands, options and
views in one object, so the core (which knows no game) can start, replay and show it."""

from referee.core.errors import InputError
from referee.core.game import Game
from referee.core.options import Option
from referee.core.timer import bell_option, late_option
from referee.games.connections import ENTRY, state as table, view
from referee.games.connections.rounds import winners


class Connections(Game):
    entry = ENTRY  # name, title, modes (table only: the cards are physical, CN-1) and who may play
    view = view

    options = (
        Option("variant", "classic", "CN-6", "the way to play", choices=ENTRY.choices("variant")),
        Option("esl", False, "CN-6", "play without the 5-point cards (ESL suggestion)"),
        ENTRY.timer.option(),
        late_option(),
        bell_option(),
        Option("tie", "keep", "G-4", "a tied contest keeps the play (keep) or overturns it (reject)",
               choices=("keep", "reject")),
        Option("approval", "all", "CN-7", "a Quick Play card or a quad objected to stands only if all accept "
               "(all) or by a strict majority (majority, G-4)", choices=("all", "majority")),
        Option("deck", 124, "CN-1", "cards in the box, to count the draw pile (fewer with esl)", maximum=1000),
    )

    def initial(self, header):
        return table.initial(header)

    def prepare(self, header, **extras):
        options = header["options"]
        variant = options.get("variant", "classic")
        count = len(header["players"])  # who may play this variant: checked before, by the ENTRY
        size = table.deal_size(variant, count)
        if options.get("deck", 124) < size * count + 1:
            raise InputError(f"option deck: {options.get('deck')} cards cannot deal {size} to {count} players (CN-6)")

    def warm(self, session):
        from referee.games.connections import reading_gather

        reading_gather.warm(session)

    def welcome(self, session):
        state = session.state
        esl = ", without 5-point cards (ESL)" if state.options.get("esl") else ""
        lines = [f"{self.title}, {state.title}{esl}, game {session.header['id']}: {', '.join(state.players)}. "
                 "Type help for the commands."]
        if state.options.get("timer") and (state.variant not in table.TURNS or state.variant == "solitaire"):
            # -t asked for a turn timer the variant has no turns for: say so rather than stay silent
            lines.append(f"{state.title} has no turns to time, so the turn timer is not used (CN-6).")
        if session.events and (state.cells or state.variant in ("quads", "rummy")):
            lines.append(view.table_view(state, width=_width(session)))
        lines.append(view.status(state))
        return view.fit("\n".join(lines), _width(session))

    def status_parts(self, state):
        """After what the phase waits for (moves.PHASES): the open objections, the round,
        the hands and the pile. The shell drops whole parts that do not fit. Once the game
        is over, only that it is and who won, as the other games say it."""
        if state.phase == "over":
            return [view.status(state)]
        rounds = f"/{state.max_rounds}" if state.max_rounds else ""
        parts = []
        if state.vote is None and state.phase == "play" and state.votes:
            parts.append("votes on " + "; ".join(v.label for v in state.votes))
        parts.append(f"{state.title} round {state.round}{rounds}")
        if state.vote is None and state.phase == "play":
            if state.variant == "solitaire":
                parts.append(view.web(state))
            else:
                parts.append(" ".join(f"{p}:{h}" for p, h in zip(state.players, state.hands)))
        parts.append("pile " + "/".join(str(p) for p in state.piles))
        return parts

    def timer(self, state):
        limit = state.options.get("timer", 0)
        if state.phase == "play" and state.vote is None and state.turn is not None and state.variant != "solitaire":
            return state.turn_started, limit
        return None, 0

    def fit(self, text, width):
        """Every reply and refusal, broken once for a screen ``width`` columns wide between
        words or after a slash or comma, never inside a cell such as 0,1 (view.fit)."""
        return view.fit(text, width)

    def show(self, session):
        state = session.state
        width = _width(session)
        return view.fit("\n".join([view.table_view(state, width=width), view.status(state)]), width)

    def chart_point(self, state):  # Quick Play: the chart counts the rounds played (issue 20 item 16)
        return ("round", len(state.rounds)) if state.variant == "quick" else None

    def result(self, state):
        over = state.phase == "over"
        players = [{"name": p, "score": state.total(p)} for p in state.players]
        result = {"finished": over, "players": players, "winners": winners(state) if over else [],
                  "variant": state.variant, "rounds": [list(r) for r in state.rounds], "ended_early": state.early}
        if state.variant == "solitaire":
            from referee.games.connections import layout

            result["web"] = {"cards": len(state.cells), "connections": layout.connections(state.cells)}
        return result

    def summary(self, session):
        return view.final(session.state, session.events, _width(session))

    def picture(self, ctx):
        from referee.games.connections.picture import picture
        return picture(ctx.state)


def _width(ctx):
    """The columns of the screen the core asks for: the shell hands its context (its
    ``width``); core.watch hands a replayed session, which knows no screen (view.WIDTH)."""
    return getattr(ctx, "width", None) or view.WIDTH


GAME = Connections()
