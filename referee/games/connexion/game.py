"""Cosmic ConneXion as the core sees it: rules, commands, options and views in one object."""

from referee.core.game import Game
from referee.core.options import Option
from referee.core.timer import bell_option, late_option
from referee.games.connexion import ENTRY
from referee.games.connexion import commands, rules, view
from referee.games.connexion.moves import MOVES


class Connexion(Game):
    entry = ENTRY  # name, title, modes and who may play
    commands = commands.COMMANDS
    rules = rules
    view = view
    moves = MOVES  # apply, the log lines, the prompt, the bare answer and the toolbar's first part
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

    def prepare(self, header, deck_file=None, **extras):
        from referee.games.connexion import cards

        if header["options"].get("min_cards", 2) < 1:
            from referee.core.errors import InputError

            raise InputError("option min_cards must be 1 or more")
        header["deck"] = [[c.name, c.value, c.assumed] for c in cards.deck(deck_file)]
        if deck_file:
            header["deck_file"] = str(deck_file)

    def warm(self, session):
        commands.warm(session)

    def welcome(self, session):
        state = session.state
        lines = [f"{self.title}, game {session.header['id']}: {', '.join(state.players)} ({state.mode} mode). "
                 "Type help for the commands."]
        if session.events:
            lines.append(view.diamond(state, next_position=state.next_position))
        lines.append(view.status(state))
        return view.fit("\n".join(lines))  # a phone is 50 columns

    def offers(self, state, command):
        """`card` is the scribe's at the table (in digital mode the referee draws) and `hand`
        is for digital mode (at the table the referee knows no hand): help, completion and
        `moves` leave the other out; typed anyway, the rules say why."""
        if command == "card":
            return state.mode == "table"
        if command == "hand":
            return state.mode == "digital"
        return True

    def status_parts(self, state):
        """After what the phase waits for (phases.py): the question of an open vote, the next
        placing and the pile (the shell drops whole parts that do not fit, last first)."""
        parts = []
        vote = state.open_vote()
        if vote is not None:
            parts.append(vote.question)
        first = self.moves.phases.status(state) or ""
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
        return "\n".join([view.diamond(state, next_position=state.next_position), view.fit(view.status(state))])

    def result(self, state):
        players = [{"name": p, "score": state.total(p)} for p in state.players]
        return {"finished": state.phase == "over", "players": players,
                "winners": rules.winners(state) if state.phase == "over" else []}

    def summary(self, session):
        note = getattr(session, "finish_note", None)  # set by a bare `finish` mid-game, read once
        session.finish_note = None
        final = view.final(session.state, session.events)
        final = _with_missed_words(final, session)
        return final + "\n" + note if note else final

    def review(self, session, fmt="text"):
        """`referee log ID --review`: every missed word of every turn (text or json)."""
        import json

        from referee.games.connexion import review

        result = review.of_session(session)
        if fmt == "json":
            return json.dumps(review.as_json(result), ensure_ascii=False, indent=1)
        return review.text(result, best=None)


def _with_missed_words(final, session):
    """The final scores, then each player's missed-words tally (`review` has the rest)."""
    from referee.core.errors import RefereeError
    from referee.games.connexion import review

    try:
        missed = review.summary(review.of_session(session))
    except RefereeError as error:  # a table word list gone since the game began
        missed = view.fit(f"(no missed-words review: {error})")
    return final + "\n" + missed if missed else final


GAME = Connexion()
