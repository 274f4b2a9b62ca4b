"""CN-7: a Quick Play connection or a quad that a player objects to, put to every player.

The rulebook asks for acceptance "by all players", so by default the play stands only if
every player says yes; the table option ``approval=majority`` uses G-4's strict majority
(a tie following the ``tie`` option) instead. Several of these votes may be open at once
while the game goes on, so each carries a label the ballots name it by: the card's cell
in Quick Play (``1,0``), the owner and the quad's south-west cell in Quads (``Ann 0,0``).
"""

from dataclasses import dataclass

from referee.core.votes import Vote


@dataclass(frozen=True)
class Approval(Vote):
    """A play waiting for the table's approval (CN-7), and what undoing it would restore."""

    label: str = ""  # how a ballot names this vote: "1,0" or "Ann 0,0"
    unanimous: bool = True  # CN-7: it stands only if all accept; False: G-4's majority

    def outcome(self):
        """True (it stands), False (overturned), or None while someone has not voted."""
        if not self.unanimous:
            return super().outcome()
        if self.missing:
            return None
        return all(yes for _voter, yes in self.ballots)

    def settled_line(self, ballots, stands="the play stands"):
        if not self.unanimous:
            return super().settled_line(ballots, stands)
        vote = self
        for voter, yes in ballots:
            vote = vote.cast(voter, yes)
        yes, no = vote.tally
        verdict = "carried (all accept)" if vote.outcome() else "refused (not all accept, CN-7)"
        return f"{vote.question} yes {yes}, no {no}: {verdict}"
