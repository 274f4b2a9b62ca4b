"""The Connections phase table: what the game waits for, and who may act then.

The starter card (``start``), the round under way, a contest nothing else may interrupt
(``contest``, G-4), the points left in hand (``count``) and the end (``over``). The core
checks the phase first (core.phases), then whose turn it is, then the move's own rule.

Who acts is the table's too. In Quick Play and Quads everyone plays at once (``play``;
``objections`` while CN-7 votes are open): anyone acts, and a line says who
(checks.actor asks for the name). In the variants with turns the round under way is a
phase of each variant's own (``classic turn``...): only the player to act plays, draws
or passes, and a refusal of the turn cites CN-6, the ruling that names each variant's
turns (its ``turn_rule``; not a bare "(Classic)", which reads as the variant's name).
A contest, a vote, closing the round, ending the game and a correction are anyone's in
every variant (``Move.acts``, moves.py).
"""

from referee.core.phases import ANYONE, Phase, Phases
from referee.games.connections.checks import VARIANTS
from referee.games.connections.state import COUNTED, STARTER, TURNS, seat_of

ROUND_MOVES = ("play", "draw", "pass", "take", "return", "run", "extend", "steal", "contest", "vote", "round",
               "finish", "adjust")


def phase_of(state):
    if state.phase == "over":
        return "over"
    if state.vote is not None:
        return "contest"
    if state.phase in ("start", "count"):
        return state.phase
    turn = _TURN_NAMES.get(state.variant)
    if turn is not None:
        return turn
    return "objections" if state.votes else "play"


def _turn(variant):
    """The name of a variant's round under way, in the variants with turns."""
    return f"{variant} turn"


_TURN_NAMES = {variant: _turn(variant) for variant in TURNS}  # phase_of runs twice an event: no f-string each time


def to_act(state):
    """Who may play, draw or pass in a variant with turns: the player to act (nobody
    while the turn is no one's: checks.actor says so in the variant's words)."""
    return (state.current,) if state.turn is not None else ()


def anyone(state):
    """A move any player may make whoever's turn it is (a contest, a vote, a correction)."""
    return state.players


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


TURN_PHASES = tuple(_turn(v) for v in TURNS)
ROUND_PHASES = ("play", "objections") + TURN_PHASES
_PLAY = dict(moves=ROUND_MOVES, prompt=_play_prompt, status=_to_play, waiting=_under_way, rule="CN-6")
_AT_ONCE = dict(_PLAY, acts=ANYONE, next=("play", "objections", "count", "start", "over"))


def _turns(variant):
    """A variant's round under way, turn by turn: the player to act plays (CN-6 names who takes turns)."""
    return Phase(_turn(variant), acts=to_act, turn_rule=VARIANTS,
                 next=(_turn(variant), "contest", "count", "start", "over"), **_PLAY)


class TablePhases(Phases):
    """The core's phase table, but a name not at the table is no question of whose turn it
    is: it comes only from a damaged journal (commands resolve names first), so it stays an
    unreadable action (state.seat_of) rather than "it is Ann's turn, not Zed's"."""

    def check_turn(self, state, move, said, phase=None):
        if said and said not in state.players:
            seat_of(state, said)  # refuses it
        super().check_turn(state, move, said, phase)


PHASES = TablePhases([
    # between rounds the play that ended the last one may still be contested (CN-4)
    Phase("start", moves=("start", "contest", "vote", "finish", "adjust"), acts=ANYONE,
          prompt=lambda s: f"round {s.round} starter> ", status="lay the starter card",
          waiting="first lay the starter card: `start NORTH/EAST/SOUTH/WEST POINTS`", rule="CN-6",
          next=ROUND_PHASES + ("contest", "over")),
    Phase("play", **_AT_ONCE),  # Quick Play, Quads: everyone at once (CN-6)
    Phase("objections", default="vote", **_AT_ONCE),  # CN-7: a bare `Ann yes` is a ballot
    *(_turns(variant) for variant in TURNS),
    Phase("contest", moves=("vote",), acts=ANYONE, prompt="vote> ", default="vote",
          status=lambda s: "vote: " + s.vote.describe(),
          waiting=lambda s: f"a vote is open ({s.vote.describe()}); finish it with `vote PLAYER yes|no` first",
          rule="G-4", next=TURN_PHASES + ("count", "start", "over")),  # a contest of the last play (CN-4)
    Phase("count", moves=("hand", "contest", "vote", "adjust", "finish"), acts=ANYONE, prompt="hand> ", default="hand",
          status=_hands_awaited,
          waiting=_counting, rule="CN-6", next=ROUND_PHASES + ("contest", "start", "over")),
    Phase("over", prompt="over> ", waiting=_over, rule=_over_rule,
          over=True),
], phase_of=phase_of)
