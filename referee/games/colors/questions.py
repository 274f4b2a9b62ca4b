"""The table's questions (a hint, the review, a team's total) and when the rules refuse
them. They change nothing and are not journalled, but what they may tell is a rule
(CC-4: totals are secret; CC-8: hints), so their refusals live here, pure, beside the
moves' checks, and the rules tests reach them.
"""

from referee.core.errors import RuleError


def scores_visible(state):
    """CC-4: the totals are public at the end, or at a table that plays with open scores."""
    return state.phase == "over" or bool(state.options.get("open_scores"))


def check_hints_on(state):
    """CC-8: hints at a table that keeps them on, and none once the game is over (the
    review is there); Colors Jr's hint asks the same."""
    if not state.options.get("hints", True):
        raise RuleError("hints are off at this table (--no-hints)", rule="CC-8")
    if state.phase == "over":
        raise RuleError("the game is over; `review` compares each turn with its best play", rule="CC-8")


def check_hint(state):
    """CC-8: the best play for the player to move, at a table that keeps hints on."""
    check_hints_on(state)
    if state.phase != "play":
        doing = {"discard": "discard or swap", "draw": "draw"}.get(state.phase, "set up")
        raise RuleError(f"a hint is for a play; {state.player} is now to {doing}", rule="CC-8")
    if state.turn not in state.entered:  # G-1: the game began without this hand
        raise RuleError(f"a hint needs {state.player}'s hand, which was not entered: "
                        f"`hand {state.player} CARD ...` ({len(state.hands[state.turn])} cards) enters it", rule="CC-8")


def check_review(state):
    """CC-8 at the end; the review shows points, secret until then (CC-4)."""
    if not scores_visible(state):
        raise RuleError("the review shows what each team scored, so it waits for the game's end "
                        "(or --open-scores)", rule="CC-4")


def check_total(state, asker, team):
    """CC-4: a team sees only its own total until the end. ``asker`` is the player who
    named themselves (None: the table asks, and the total is shown privately to the team).
    The refusal's words are the same whatever the totals are."""
    if asker is None or scores_visible(state):
        return
    own = state.team_of(state.players.index(asker))
    if own != team:
        raise RuleError(f"{asker} plays for {state.team_name(own)}: a team sees only its own total until the end "
                        f"(`{asker}: score me`)", rule="CC-4")
