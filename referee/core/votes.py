"""Table votes (RULINGS G-4): any judgement can be put to everyone at the table.

Pure and immutable so a game can keep a vote inside its state and the journal replays
it: every player votes yes or no (the claimant too), a strict majority decides, and a
tie goes the way the table option says (by default it keeps what was played).
"""

from dataclasses import dataclass

from referee.core.errors import InputError, RuleError
from referee.core.states import evolve

YES = {"yes", "y", "aye", "ok", "accept", "1", "+"}
NO = {"no", "n", "nay", "reject", "0", "-"}


@dataclass(frozen=True)
class Vote:
    """A question put to the table (G-4) and the answers given so far."""

    question: str
    voters: tuple
    ballots: tuple = ()  # (voter, bool) in the order cast; a later ballot replaces an earlier one
    tie_keeps: bool = True  # what a tie decides: True = the "yes" side (what was played stands)
    subject: object = None  # what the game needs to carry out the outcome

    def cast(self, voter, yes):
        if voter not in self.voters:
            raise RuleError(f"{voter} is not at this table", rule="G-4")
        ballots = tuple(b for b in self.ballots if b[0] != voter) + ((voter, bool(yes)),)
        return evolve(self, ballots=ballots)  # a replayed vote casts every ballot again: no __init__

    @property
    def missing(self):
        cast = {voter for voter, _ in self.ballots}
        return [v for v in self.voters if v not in cast]

    @property
    def tally(self):
        yes = sum(1 for _, b in self.ballots if b)
        return yes, len(self.ballots) - yes

    def outcome(self):
        """True (carried), False (refused), or None while someone has not voted."""
        if self.missing:
            return None
        yes, no = self.tally
        if yes != no:
            return yes > no
        return self.tie_keeps

    def settled_line(self, ballots, stands="what was played stands"):
        """The tally line once ``ballots`` (cast on this vote) settle it, for the log and
        the table: the question, the counts, carried or refused, and what a tie did."""
        vote = self
        for voter, yes in ballots:
            vote = vote.cast(voter, yes)
        yes, no = vote.tally
        tie = f" (a tie: {stands if vote.tie_keeps else 'refused'}, G-4)" if yes == no else ""
        return f"{vote.question} yes {yes}, no {no}: {'carried' if vote.outcome() else 'refused'}{tie}"

    def describe(self):
        yes, no = self.tally
        text = f"{self.question} yes {yes}, no {no}"
        if self.missing:
            text += f"; waiting for {', '.join(self.missing)}"
        return text


def read_ballots(text, session):
    """`Ann yes Ben no` or `all yes` as (player, yes) pairs; names as session.player reads them."""
    words = text.replace(",", " ").split()
    if not words or len(words) % 2:
        raise InputError("votes come in pairs: `vote Ann yes Ben no`, or `vote all yes`")
    ballots = []
    for name, ballot in zip(words[::2], words[1::2]):
        yes = read_ballot(ballot)
        if name.lower() in ("all", "everyone", "*"):
            ballots += [(player, yes) for player in session.players]
        else:
            ballots.append((session.player(name), yes))
    return ballots


def read_ballot(text):
    text = text.strip().lower()
    if text in YES:
        return True
    if text in NO:
        return False
    raise InputError(f"a vote is yes or no, not {text!r}")
