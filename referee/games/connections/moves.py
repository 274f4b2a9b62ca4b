"""Every Connections move declared once: what the journal holds, who checks it, what it does.

Each :class:`Move` names its fields (as the journal holds them), its check (the rules of
plays.py, rummy.py, contests.py and closing.py, each refusal citing an id of
ruletable.md), its pure effect and its log line (lines.py), and how it is typed: its
words and usage, its reading (reading.py), what is gathered once its first rules passed
(reading_gather.py: a card line's rules are its ``check_first``, so the lexicon is asked
only about a card they took) and its reply (replies.py); core.play runs them in order.
Which variants have a move (CN-6) and whether `moves` lists it now are offers.py's; the
phase table is phases.py's, and with it whose turn it is: a move any player may make on
another's turn (a contest, a vote, closing the round, ending the game, a correction) says
so (``acts=anyone``).

A card line may end with `!` (CN-5: the card as printed, never asked about) or `late`
(G-5: the table's leave after the turn time). The reading marks the action with them:
``late`` is a field of its own (journalled only when the play was late), while the `!`
is the temporary key ``as_printed`` (reading.AS_PRINTED): not a field, since the log
keeps its consequence instead (``unchecked``, the words entered as printed), so the
move's gathering takes it off before the action is checked and journalled. That is why
``start``, ``play``, ``run`` and ``extend`` declare a ``gather`` even where the lexicon
has nothing to say.
"""

from referee.core.moves import Action, Move, MoveSet
from referee.games.connections import closing, contests, lines, offers, plays, reading, replies, rummy
from referee.games.connections import reading_gather as gather
from referee.games.connections.phases import PHASES, anyone
from referee.games.connections.rounds import every_move


def _typed(rule, optional):
    """``rule`` handed the action as a typed record (core.moves.Action: its fields as
    attributes, an absent optional one read as its default in ``optional``) even where the
    core hands a plain dict: the action core.play stamps before the gathering (the move's
    ``check_first``) and the bare move `moves` probes (offers.ready)."""
    if rule is None:
        return None
    defaults = optional if isinstance(optional, dict) else dict.fromkeys(optional)

    def typed(state, action):
        # the core's typed record (or its move's kind of it) on replay: its class's mro says so
        # without Mapping's abstract isinstance, run on every replayed card line
        return rule(state, action if Action in type(action).__mro__ else Action(action, defaults))
    return typed


def _move(name, effect, line, check=None, rule="CN-6", fields=None, optional=(), summary="", check_first=None,
          **typed):
    """A move as the core declares it: the variants that have it (offers.ONLY_IN: the core refuses
    it elsewhere, before its check, with the variant's sentence and CN-6), whether `moves`
    should list it now (offers.ready), and how it is typed (``typed``: its words, usage, reading,
    reply, completion; for a card line, ``check_first`` and ``gather``: the rules take the
    card before the lexicon is asked about its words; a vote's rule is its ``check_first``
    alone, so the gathering's tally never meets a refusal of its own)."""
    return Move(name, every_move(name, effect), line, rule=rule, check=check, fields=fields or {},
                optional=optional, summary=summary, check_first=_typed(check_first, optional),
                offered=offers.offered(name), absent=offers.absent(name), absent_rule="CN-6",
                ready=offers.ready(name, _typed(check or check_first, optional)), **typed)


CARD = {"card": None}  # the card's words and points are the rules' to check (CN-1), not the reader's
PLAYED = ("pairs", "arithmetic", "score", "quad", "unchecked", "late", "sides")  # worked out for the log as it was played
# A card line's `!` reaches its gathering as reading.AS_PRINTED, a key that is no field:
# the gathering takes it off and journals what it meant (``unchecked``), see above.

DECLARED = (
    _move("start", plays.start, lines.start, fields=dict(CARD, unchecked=list), optional=("unchecked",),
          summary="lay the starter card at 0,0 and deal", check_first=plays.check_start,
          words=("start", "starter"), usage="start NORTH/EAST/SOUTH/WEST POINTS [!]", reading=reading.read_start,
          gather=gather.start, reply=replies.start_reply),
    _move("play", plays.play, lines.play, rule="CN-2",
          fields=dict(CARD, cell=None, pairs=list, arithmetic=str, score=int, quad=list, unchecked=list, late=bool,
                      sides=list),
          optional=PLAYED, summary="play a card next to one on the table", check_first=plays.check_play_first,
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
          acts=anyone, words=("contest", "challenge", "object"), usage="contest [PLAYER] [X,Y]", reading=reading.read_contest,
          complete=reading.players, reply=replies.contest_reply),
    _move("vote", contests.vote, lines.vote, rule="G-4",
          fields={"ballots": list, "on": str, "tally": str}, optional={"ballots": (), "on": None, "tally": None},
          summary="record votes on the open question", check_first=contests.check_vote, acts=anyone,
          words=("vote", "v"), usage="vote [ON] PLAYER|all yes|no ...", reading=reading.read_vote,
          complete=reading.vote_words, gather=gather.vote, reply=replies.vote_reply),
    _move("hand", closing.hand, lines.hand, closing.check_hand,
          fields={"player": str, "total": None, "points": None}, optional=("total", "points"),
          summary="enter the points left in a hand",
          words=("hand", "left"), usage="hand PLAYER POINTS... | TOTAL", reading=reading.read_hand,
          complete=reading.players, reply=replies.hand_reply),
    _move("round", closing.close, lines.close, closing.check_close, summary="close the round", acts=anyone,
          words=("round", "endround"), usage="round", reading=reading.read_round, reply=replies.round_reply),
    _move("finish", closing.finish, lines.finish, closing.check_finish, rule="G-6", fields={"early": bool},
          optional=("early",), summary="end the game after this round", acts=anyone,
          words=("finish", "end"), usage="finish", reading=reading.read_finish, gather=gather.finish,
          reply=replies.finish_reply),
    _move("adjust", closing.adjust, lines.adjust, closing.check_adjust, rule="G-1",
          fields={"what": None, "count": None, "player": str, "pile": None, "was": None},
          optional=("player", "pile", "was"), summary="correct a miscounted hand or pile", acts=anyone,
          words=("adjust", "fix"), usage="adjust hand PLAYER N | adjust pile [PILE] N", reading=reading.read_adjust,
          complete=reading.adjust_words, reply=replies.adjust_reply),
)


MOVES = MoveSet(DECLARED, PHASES)
