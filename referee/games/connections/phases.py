"""The Connections phase table: what the game waits for, and who may act then.

The starter card (``start``), the round under way (``play``; ``objections`` while CN-7
votes are open), a contest nothing else may interrupt (``contest``, G-4), the points
left in hand (``count``) and the end (``over``). The core checks the phase first (core.phases),
then the move's own rule. Who acts is the move's to check (``EVERY``): in the variants
with turns it is the player whose turn it is, but anyone may contest, vote, close the
round or correct a count, and a refusal of the turn names the variant's section of the
rulebook (checks.actor), which the table's own turn check cannot.
"""

from referee.core.phases import ANYONE, EVERY, Phase, Phases
from referee.games.connections.state import COUNTED, STARTER

ROUND_MOVES = ("play", "draw", "pass", "take", "return", "run", "extend", "steal", "contest", "vote", "round",
               "finish", "adjust")


def phase_of(state):
    if state.phase == "over":
        return "over"
    if state.vote is not None:
        return "contest"
    if state.phase in ("start", "count"):
        return state.phase
    return "objections" if state.votes else "play"


def _play_prompt(state):
    if state.variant == "solitaire":
        return f"{state.players[0]}> "
    if state.turn is not None:
        return f"{state.current}{' (drew)' if state.drew else ''}> "
    return "NAME: play> "


def _to_play(state):
    if state.current and state.variant != "solitaire":
        return f"{state.current} to play"
    return None


def _under_way(state):
    """What `start` or `hand` is told while a round is under way."""
    starter = "the starter card opens the next one" if state.variant in STARTER else \
        "it was dealt without a starter card"
    hands = "the points left in hand are entered at its end" if state.variant in COUNTED else \
        "no hands are entered at its end"
    return f"{state.title} round {state.round} is under way: {starter} and {hands}"


def _hands_awaited(state):
    """The toolbar while the points left in hand are awaited: whose (CN-6)."""
    waiting = [p for i, p in enumerate(state.players) if i not in state.counted]
    return "hands left: " + ", ".join(waiting) if waiting else None


def _counting(state):
    waiting = ", ".join(p for i, p in enumerate(state.players) if i not in state.counted)
    return f"the round is over; enter the points left in hand first (`hand PLAYER POINTS...`: {waiting})"


def _over(state):
    if state.before is not None:  # the last play would be contestable, but for the end
        return "the game is over, so its last play can no longer be contested; `undo` takes it back"
    return "the game is over; `score` shows the result"


def _over_rule(state):
    """The rule that ended the game: the last play's contest that came too late (CN-4), the
    table's `finish` (G-6), or the variant's own end (CN-6)."""
    if state.before is not None:
        return "CN-4"
    return "G-6" if state.early else "CN-6"


_PLAY = dict(moves=ROUND_MOVES, acts=EVERY, prompt=_play_prompt, status=_to_play, waiting=_under_way, rule="CN-6",
             turn_rule="CN-6", next=("play", "objections", "contest", "count", "start", "over"))

PHASES = Phases([
    # between rounds the play that ended the last one may still be contested (CN-4)
    Phase("start", moves=("start", "contest", "vote", "finish", "adjust"), acts=ANYONE,
          prompt=lambda s: f"round {s.round} starter> ", status="lay the starter card",
          waiting="first lay the starter card: `start NORTH/EAST/SOUTH/WEST POINTS`", rule="CN-6",
          next=("play", "contest", "over")),
    Phase("play", **_PLAY),
    Phase("objections", default="vote", **_PLAY),  # CN-7: a bare `Ann yes` is a ballot
    Phase("contest", moves=("vote",), acts=ANYONE, prompt="vote> ", default="vote",
          status=lambda s: "vote: " + s.vote.describe(),
          waiting=lambda s: f"a vote is open ({s.vote.describe()}); finish it with `vote PLAYER yes|no` first",
          rule="G-4", next=("play", "count", "start", "over")),
    Phase("count", moves=("hand", "contest", "vote", "adjust", "finish"), acts=EVERY, prompt="hand> ", default="hand",
          status=_hands_awaited,
          waiting=_counting, rule="CN-6", next=("contest", "play", "objections", "start", "over")),
    Phase("over", prompt="over> ", waiting=_over, rule=_over_rule,
          over=True),
], phase_of=phase_of)
