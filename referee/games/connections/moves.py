"""Every Connections move declared once, and the phase table: together, the game's rules.

Each :class:`Move` names its fields (as the journal holds them), its check (the rules of
plays.py, rummy.py, contests.py and closing.py, each refusal citing an id of
ruletable.md), its pure effect and its log line (lines.py), and how it is typed: its
words and usage, its reading (reading.py), what is gathered once its first rules passed
(reading_gather.py: a card line's rules are its ``check_first``, so the lexicon is asked
only about a card they took) and its reply (replies.py); core.play runs them in order. :data:`ONLY_IN` says which
variants have a move at all (CN-6): declared as the move's ``offered``/``absent``, the
core refuses it elsewhere with its own sentence, and `help`, completion and `moves` offer
a variant only its own commands. A bare move its own rule would refuse now (nothing to
contest, `pass` before the draw) is left out of `moves` (the move's ``ready``, PROBED).

The phase table says what the game waits for: the starter card (``start``), the round
under way (``play``; ``objections`` while CN-7 votes are open), a contest nothing else
may interrupt (``contest``, G-4), the points left in hand (``count``) and the end
(``over``). The core checks the phase first, then the move's own rule. Who acts is the
move's to check (``EVERY``): in the variants with turns it is the player whose turn it
is, but anyone may contest, vote, close the round or correct a count.
"""

from referee.core.errors import InputError, RuleError
from referee.core.moves import Move, MoveSet
from referee.core.phases import ANYONE, EVERY, Phase, Phases
from referee.core.pieces import evolve
from referee.games.connections import closing, contests, lines, plays, reading, replies, rummy
from referee.games.connections import reading_gather as gather
from referee.games.connections.state import COUNTED, STARTER, TURNS, VARIANTS

_ALL_BUT = lambda *left_out: tuple(v for v in VARIANTS if v not in left_out)  # noqa: E731

# move -> (the variants that have it, the refusal elsewhere); a move not named here is every variant's
ONLY_IN = {
    "start": (STARTER, lambda s: f"{s.title} has no starter card; the round is dealt already"),
    "play": (_ALL_BUT("rummy"), lambda s: "in Rummy cards go into runs before you: `run` or `extend`"),
    "draw": (_ALL_BUT("solitaire"), lambda s: "in Solitaire each card is drawn as it is played: just `play` it"),
    "pass": (("classic", "endless", "rummy"), lambda s: f"{s.title} has no turns to pass"),
    "contest": (_ALL_BUT("solitaire"), lambda s: "nothing to contest: Solitaire has no table to vote"),
    "vote": (_ALL_BUT("solitaire"), lambda s: "nothing to vote on: Solitaire has no table to vote"),
    "hand": (COUNTED, lambda s: f"{s.title} enters no hands: its rounds score without them"),
    "take": (("quads",), lambda s: "only in Quads do players take cards back from their own area"),
    "return": (("quads",), lambda s: "only in Quads are cards returned to the piles"),
    "run": (("rummy",), lambda s: f"runs are Rummy's; in {s.title} play cards with `play`"),
    "extend": (("rummy",), lambda s: f"runs are Rummy's; in {s.title} play cards with `play`"),
    "steal": (("rummy",), lambda s: "stealing from a run is Rummy's"),
}


def has(variant, name):
    """Whether the variant has the move at all (CN-6)."""
    return variant in ONLY_IN.get(name, (VARIANTS,))[0]


def _effect(name, effect):
    """The move's effect, with what every move does around it: a round dealt before anyone
    typed is timed from the first line (G-5), and anything but an objection means the plays
    of a round just ended stand (CN-7: ``ended`` is dropped)."""
    def run(state, action):
        if state.turn is not None and state.turn_started is None and isinstance(action.get("at"), (int, float)):
            state = evolve(state, turn_started=action["at"])
        after = effect(state, action)
        if name != "contest" and state.ended is not None and after.ended is state.ended:
            after = evolve(after, ended=None)
        return after
    return run


def _move(name, effect, line, check=None, rule="CN-6", fields=None, optional=(), summary="", **typed):
    """A move as the core declares it: the variants that have it (ONLY_IN: the core refuses
    it elsewhere, before its check, with the variant's sentence and CN-6), whether `moves`
    should list it now (_ready), and how it is typed (``typed``: its words, usage, reading,
    reply, completion; for a card line, ``check_first`` and ``gather``: the rules take the
    card before the lexicon is asked about its words)."""
    only = ONLY_IN.get(name)
    return Move(name, _effect(name, effect), line, rule=rule, check=check, fields=fields or {},
                optional=optional, summary=summary,
                offered=(lambda state: has(state.variant, name)) if only else None,
                absent=only[1] if only else None, absent_rule="CN-6", ready=_ready(name, check), **typed)


# The moves whose own rule can say, with nothing typed after the word, whether anyone may
# make them now: `moves` leaves them out when it would refuse (nothing to contest or vote
# on, `pass` before the draw, `round` while the round goes on, `finish` before a round).
# The others need their words (a card, a cell, a count) and stay listed while the phase
# opens them. A Quads objection needs a quad named, so it is never probed.
PROBED = {"draw": {}, "pass": {}, "round": {}, "finish": {}, "contest": {}, "vote": {"ballots": []}}


# Rummy's runs wait for the turn's draw: that much of their rule needs no card.
BEFORE_CARDS = {"run": rummy.turn_seat, "extend": rummy.turn_seat}


def _could(name, check, state):
    """Whether the move's check takes the bare move from someone now (the player to act
    where the variant has turns, else any player; in Quads, from any of the four piles,
    and an objection to any player's latest quad)."""
    if name in BEFORE_CARDS:
        try:
            BEFORE_CARDS[name](state, {}, name)
        except RuleError:
            return False
    if name not in PROBED:
        return True
    speakers = (None,) if state.variant in TURNS else state.players
    extra = ({},)
    if state.variant == "quads" and name == "draw":
        extra = tuple({"pile": pile} for pile in (1, 2, 3, 4))
    elif state.variant == "quads" and name == "contest":
        extra = tuple({"of": player} for player in state.players)
    for by in speakers:
        for more in extra:
            action = dict(PROBED[name], do=name, **more)
            if by is not None:
                action["by"] = by
            try:
                check(state, action)
            except (RuleError, InputError):
                continue
            return True
    return False


def _ready(name, check):
    """The move's ``ready`` (core.moves.Move): None for a move `moves` lists whenever open."""
    if name not in PROBED and name not in BEFORE_CARDS:
        return None
    return lambda state: _could(name, check, state)


CARD = {"card": None}  # the card's words and points are the rules' to check (CN-1), not the reader's
PLAYED = ("pairs", "arithmetic", "score", "quad", "unchecked", "late")  # worked out for the log as it was played

DECLARED = (
    _move("start", plays.start, lines.start, fields=dict(CARD, unchecked=list), optional=("unchecked",),
          summary="lay the starter card at 0,0 and deal", check_first=plays.check_start,
          words=("start", "starter"), usage="start NORTH/EAST/SOUTH/WEST POINTS [!]", reading=reading.read_start,
          gather=gather.start, reply=replies.start_reply),
    _move("play", plays.play, lines.play, rule="CN-2",
          fields=dict(CARD, cell=None, pairs=list, arithmetic=str, score=int, quad=list, unchecked=list, late=bool),
          optional=PLAYED, summary="play a card next to one on the table", check_first=plays.check_play,
          words=("play", "p"), usage="play X,Y CARD [!] [late]", reading=reading.read_play,
          complete=reading.openings, gather=gather.play, reply=replies.play_reply),
    _move("draw", plays.draw, lines.draw, plays.check_draw, fields={"pile": int}, optional=("pile",),
          summary="take the next card from a draw pile",
          words=("draw", "d"), usage="draw [PILE] [PLAYER]", reading=reading.read_draw, reply=replies.draw_reply),
    _move("pass", plays.pass_turn, lines.pass_turn, plays.check_pass, summary="end your turn without playing",
          words=("pass", "done"), usage="pass | done", reading=reading.read_pass, reply=replies.pass_reply),
    _move("take", plays.take, lines.take, plays.check_take, fields={"cell": None},
          summary="Quads: take a card of your area back",
          words=("take", "pickup"), usage="take X,Y", reading=reading.read_take, reply=replies.take_reply),
    _move("return", plays.give_back, lines.give_back, plays.check_return, rule="Quads", fields={"pile": None},
          summary="Quads: put a card back on a pile",
          words=("return", "putback"), usage="return PILE", reading=reading.read_return, reply=replies.return_reply),
    _move("run", rummy.run, lines.run, rule="Rummy", fields={"cards": None, "unchecked": list, "late": bool},
          optional=("unchecked", "late"), summary="Rummy: lay a run of three or more", check_first=rummy.check_run,
          words=("run", "meld"), usage="run CARD; CARD; CARD [...] [!] [late]", reading=reading.read_run,
          gather=gather.run, reply=replies.run_reply),
    _move("extend", rummy.extend, lines.extend, rule="Rummy",
          fields=dict(CARD, run=None, end=None, unchecked=list, late=bool), optional=("unchecked", "late"),
          summary="Rummy: add a card at one end of your run", check_first=rummy.check_extend,
          words=("extend", "x"), usage="extend RUN east|west CARD [!] [late]", reading=reading.read_extend,
          gather=gather.extend, reply=replies.extend_reply),
    _move("steal", rummy.steal, lines.steal, rummy.check_steal, rule="Rummy",
          fields={"from": str, "run": None, "end": None, "late": bool}, optional=("late",),
          summary="Rummy: take the end card of a run of four or more",
          words=("steal", "st"), usage="steal PLAYER RUN east|west [late]", reading=reading.read_steal,
          complete=reading.players, gather=gather.steal, reply=replies.steal_reply),
    _move("contest", contests.contest, lines.contest, contests.check_contest, rule="CN-4",
          fields={"cell": None, "of": str}, optional=("cell", "of"),
          summary="put a play's connections to a table vote",
          words=("contest", "challenge", "object"), usage="contest [PLAYER] [X,Y]", reading=reading.read_contest,
          complete=reading.players, reply=replies.contest_reply),
    _move("vote", contests.vote, lines.vote, contests.check_vote, rule="G-4",
          fields={"ballots": list, "on": str, "tally": str}, optional=("ballots", "on", "tally"),
          summary="record votes on the open question",
          words=("vote", "v"), usage="vote [ON] PLAYER|all yes|no ...", reading=reading.read_vote,
          complete=reading.vote_words, gather=gather.vote, reply=replies.vote_reply),
    _move("hand", closing.hand, lines.hand, closing.check_hand,
          fields={"player": str, "total": None, "points": None}, optional=("total", "points"),
          summary="enter the points left in a hand",
          words=("hand", "left"), usage="hand PLAYER POINTS... | TOTAL", reading=reading.read_hand,
          complete=reading.players, reply=replies.hand_reply),
    _move("round", closing.close, lines.close, closing.check_close, summary="close the round",
          words=("round", "endround"), usage="round", reading=reading.read_round, reply=replies.round_reply),
    _move("finish", closing.finish, lines.finish, closing.check_finish, rule="G-6", fields={"early": bool},
          optional=("early",), summary="end the game after this round",
          words=("finish", "end"), usage="finish", reading=reading.read_finish, gather=gather.finish,
          reply=replies.finish_reply),
    _move("adjust", closing.adjust, lines.adjust, closing.check_adjust, rule="G-1",
          fields={"what": None, "count": None, "player": str, "pile": None, "was": None},
          optional=("player", "pile", "was"), summary="correct a miscounted hand or pile",
          words=("adjust", "fix"), usage="adjust hand PLAYER N | adjust pile [PILE] N", reading=reading.read_adjust,
          complete=reading.adjust_words, reply=replies.adjust_reply),
)


# -- the phase table --------------------------------------------------------------------------

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


MOVES = MoveSet(DECLARED, PHASES)
