"""Jr's questions (a hint, the review) and when the rules refuse them: they change
nothing and are not journalled, but what they may tell is a rule (CC-8), so their
refusals live here, pure, beside the moves' checks."""

from referee.core.errors import RuleError
from referee.games.colors.questions import check_hints_on


def check_hint(state):
    """CC-8: the biggest take for the player to move, at a table that keeps hints on."""
    check_hints_on(state)
    if state.phase != "play":
        raise RuleError("the top cards are not all known yet", rule="CC-7")


def check_review(state):
    """CC-8 at the end; Jr's counts are public (CC-7), so the review is the end's summary."""
    if state.phase != "over":
        raise RuleError("the review of each take against the biggest comes at the game's end; "
                        "`score` shows the cards taken so far", rule="CC-8")
