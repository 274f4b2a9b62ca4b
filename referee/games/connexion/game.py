"""Cosmic ConneXion as the core sees it: its state, moves, commands, options and views in
one object (``GAME``), so the core reaches the game through this module alone."""

from referee.core.game import Game
from referee.core.options import Option
from referee.core.timer import bell_option, late_option
from referee.games.connexion import ENTRY
from referee.games.connexion import view
from referee.games.connexion import state as table


class Connexion(Game):
    entry = ENTRY  # name, title, modes and who may play
    view = view

    options = (
        ENTRY.timer.option(),
        Option("min_cards", 2, "CX-4", "card visits a word must join (A and I may stand alone)"),
        Option("repeats", False, "CX-5", "may a word already claimed score again"),
        Option("tie", "keep", "G-4", "a tied vote keeps what was played (keep) or refuses it (reject)",
               choices=("keep", "reject")),
        late_option(),
        bell_option(),
    )

    def revealed(self, before, after):
        if after.mode == "digital" and len(after.pile) < len(before.pile):
            drawn = [c for c in before.pile if c not in after.pile]
            return "the draw of " + ", ".join(drawn)
        return None

    def initial(self, header):
        """The state a header sets up, once its table options and deck are what this game
        reads: a hand-edited save with ``"min_cards": "x"`` was a Python TypeError at the
        first claim; now it is one line naming the file and line 1 (issue 18 item 15)."""
        from referee.core.errors import InputError

        refusal = options_refusal(self.options, header.get("options") or {}) or deck_refusal(header.get("deck"))
        if refusal:
            raise InputError(refusal)
        return table.initial(header)

    def prepare(self, header, deck_file=None, **extras):
        from referee.games.connexion import cards

        if header["options"].get("min_cards", 2) < 1:
            from referee.core.errors import InputError

            raise InputError("option min_cards must be 1 or more")
        header["deck"] = [[c.name, c.value, c.assumed] for c in cards.deck(deck_file)]
        if deck_file:
            header["deck_file"] = str(deck_file)

    def warm(self, session):
        from referee.games.connexion import services

        services.warm(session)

    def welcome(self, session):
        state = session.state
        lines = [f"{self.title}, game {session.header['id']}: {', '.join(state.players)} ({state.mode} mode). "
                 "Type help for the commands."]
        if session.events:
            lines.append(view.diamond(state, next_position=state.next_position))
        lines.append(view.status(state))
        return view.fit("\n".join(lines), _width(session))  # a phone is 50 columns

    def offers(self, state, command):
        """`hand` is a question for digital mode (at the table the referee knows no hand):
        help and completion leave it out at the table; typed anyway, the rules say why. The
        moves a mode lacks (`card` in digital mode) say so on their Move (``offered``)."""
        if command == "hand":
            return state.mode == "digital"
        return super().offers(state, command)

    def status_parts(self, state):
        """After what the phase waits for (phases.py): the question of an open vote, the next
        placing and the pile (the shell drops whole parts that do not fit, last first)."""
        parts = []
        vote = state.open_vote()
        if vote is not None:
            parts.append(vote.question)
        first = self.phases.status(state) or ""
        if state.next_position and state.phase != "over" and not first.startswith("next:"):
            parts.append(f"next: #{state.next_position} by {state.placer}")
        parts.append(f"pile {len(state.pile)}")
        return parts

    def timer(self, state):
        limit = state.options.get("timer", 60)
        if state.phase == "bonus" and state.bonus is None:
            return state.bonus_started, limit
        if state.phase == "placing" and state.pending is None:
            return state.turn_started, limit
        return None, 0

    def show(self, session):
        state = session.state
        status = view.fit(view.status(state), _width(session))
        board = view.diamond(state, next_position=state.next_position)
        rows = getattr(session, "rows", None)  # a screen too short for the names: `watch` (issue 20 item 9)
        if rows is not None and board.count("\n") + 1 + status.count("\n") + 1 > rows:
            board = view.diamond(state, next_position=state.next_position, names=False)
        return "\n".join([board, status])

    def chart_point(self, state):  # the chart counts the turns as the review numbers them (issue 20 item 16)
        return "turn", state.placed

    def result(self, state):
        players = [{"name": p, "score": state.total(p)} for p in state.players]
        return {"finished": state.phase == "over", "players": players,
                "winners": table.winners(state) if state.phase == "over" else []}

    def summary(self, session):
        # Set on the context by the reading of a bare `finish` mid-game (reading.read_finish),
        # read once, and only for the line whose finish ended the game; `watch` hands a
        # replayed session, which remembers nothing (and is written nothing).
        from referee.games.connexion import reading

        note = reading.remembered(session, "finish_note")
        if note is not None:
            session.finish_note = None
        if (session.last or {}).get("do") != "finish":
            note = None
        final = view.final(session.state, session.events, _width(session))
        return final + "\n" + note if note else final

    def look_back(self, ctx):
        return _missed_words(ctx, _width(ctx))

    def review(self, session, fmt="text", width=None):
        """`referee log ID --review`: every missed word of every turn (text or json), the
        text broken for ``width`` columns, the caller's screen (None: unbroken, for a
        reader that fits it itself). Like every view, it never asks the terminal."""
        import json

        from referee.games.connexion import review

        result = review.of_session(session)
        if fmt == "json":
            return json.dumps(review.as_json(result), ensure_ascii=False, indent=1)
        return review.text(result, width or review.UNBROKEN, best=None)

    def picture(self, ctx):
        from referee.games.connexion.picture import picture
        return picture(ctx.state)


def options_refusal(declared, options):
    """Why a header's table options cannot be played, or None: each must have its
    declared type (a yes/no, a whole number in range, one of its choices). The option's
    name is said, never the value found, so an edited save cannot print anything here."""
    if not isinstance(options, dict):
        return "its table options are not a set of name=value pairs"
    for option in declared:
        if option.name not in options:
            continue
        value, default = options[option.name], option.default
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, int):
            ok = (isinstance(value, int) and not isinstance(value, bool) and value >= 0
                  and (option.maximum is None or value <= option.maximum))
            if ok and option.name == "min_cards":
                ok = value >= 1
        elif option.choices:
            ok = isinstance(value, str) and value in option.choices
        else:
            ok = isinstance(value, type(default))
        if not ok:
            return f"option {option.name} holds a value this game cannot use"
    return None


def deck_refusal(deck):
    """Why a header's deck cannot be played, or None: a list of [name, value, assumed]."""
    import math

    if deck is None:
        return None
    if not isinstance(deck, list) or len(deck) > 1000:
        return "its deck is not a list of cards"
    for card in deck:
        if not (isinstance(card, list) and len(card) == 3 and isinstance(card[0], str) and len(card[0]) <= 100
                and isinstance(card[1], (int, float)) and not isinstance(card[1], bool)
                and math.isfinite(card[1]) and abs(card[1]) < 1e9 and isinstance(card[2], bool)):
            return "its deck holds a card this game cannot read"
    return None


def _width(ctx):
    """The columns of the screen that asked (core.context's ``width``); None for a replayed
    session shown by `watch`, which fits the picture to its own width."""
    return getattr(ctx, "width", None)


def _missed_words(session, width):
    """Each player's missed-words tally (`review` has the rest), shown above the final
    scores (core.ending: the winner is the last line)."""
    from referee.core.errors import RefereeError
    from referee.games.connexion import review

    try:
        return review.summary(review.of_session(session), width) or None
    except RefereeError as error:  # a table word list gone since the game began
        return view.fit(f"(no missed-words review: {error})", width)


GAME = Connexion()
