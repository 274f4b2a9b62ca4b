"""Jr's questions (a hint, the review) and when the rules refuse them: they change
nothing and are not journalled, but what they may tell is a rule (CC-8), so their
refusals live here, pure, beside the moves' checks."""

from referee.core.errors import RuleError


def check_hint(state):
    """CC-8: the biggest take for the player to move, at a table that keeps hints on."""
    if not state.options.get("hints", True):
        raise RuleError("hints are off at this table (--no-hints)", rule="CC-8")
    if state.phase == "over":
        raise RuleError("the game is over; `review` compares each turn with its best play", rule="CC-8")
    if state.phase != "play":
        raise RuleError("the top cards are not all known yet", rule="CC-7")


def check_review(state):
    """CC-8 at the end; Jr's counts are public (CC-7), so the review is the end's summary."""
    if state.phase != "over":
        raise RuleError("the review of each take against the biggest comes at the game's end; "
                        "`score` shows the cards taken so far", rule="CC-8")
