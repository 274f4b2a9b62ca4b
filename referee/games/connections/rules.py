"""The Connections Card Game's rules: a frozen state, and ``apply(state, action)``.

The cards are physical (CN-1): the referee never deals or shuffles, it learns each card
when it is played and keeps counts of the hands and the draw pile from the deals, plays
and draws it has been told about. Nothing here prints, asks or reads a clock; the time
of an action comes in the action. Checks run in a fixed order: the game is not over, no
vote is open, the phase, the right player, then the rule itself, so a refused action
names the first thing that is wrong and leaves the state as it was.

A contest (G-4, CN-4) may follow only the play it is about, so the state before that play
is kept (``before``) and an overturn is that state with the card back in hand, one more
card drawn and the turn used: no score or round end needs to be unpicked by hand. The
play that ends a round is the one most worth contesting, so ``before`` outlives the
round's end until a hand is entered or the next starter card is laid.

Quick Play and Quads work the other way (CN-7): a card or a quad stands as soon as it is
made, an objection opens a vote of its own (``votes``, several at once) while play goes
on, and an upheld objection takes back just that card or quad. The round's end waits for
the open votes, and the state just before it (``ended``) lets an objection to a play of
the round reopen it while nothing else has happened. ``finish`` (G-6) closes the round
under way as usual and ends the game.
"""

from dataclasses import dataclass, field, replace

from referee.core.errors import RuleError
from referee.core.timer import check_late, overdue
from referee.core.votes import Vote
from referee.games.connections import layout
from referee.games.connections.approval import Approval
from referee.games.connections.layout import Card, cell_name

VARIANTS = ("classic", "endless", "solitaire", "quick", "quads", "rummy")
TITLES = {"classic": "Classic", "endless": "Endless", "solitaire": "Solitaire", "quick": "Quick Play",
          "quads": "Quads", "rummy": "Rummy"}
DEAL = {"classic": 5, "endless": 4, "solitaire": 0, "quick": 10, "quads": 4, "rummy": 4}  # CN-6
ROUNDS = {"classic": 5, "endless": 1, "solitaire": 1, "quick": None, "quads": 4, "rummy": 1}  # None: the table says
STARTER = ("classic", "endless", "solitaire", "quick")  # variants that open on a starter card
TURNS = ("classic", "endless", "rummy", "solitaire")  # the others play at the same time (CN-6)
QUADS_TO_WIN = 4
PILES = {"quads": 4}  # draw piles; one elsewhere


def deal_size(variant, players):
    """Cards dealt to each player: Classic deals four instead of five from six players (CN-6)."""
    if variant == "classic" and players >= 6:
        return 4
    return DEAL[variant]


def player_range(variant):
    return (1, 1) if variant == "solitaire" else (2, 8)


@dataclass(frozen=True)
class State:
    players: tuple
    variant: str
    options: dict
    deck: int = 124  # cards in the box (CN-1)
    round: int = 1
    phase: str = "start"  # start (waiting for the starter card) | play | count | over
    cells: dict = field(default_factory=dict)  # the shared layout: (x, y) -> Card
    areas: tuple = ()  # Quads: each player's own layout
    quads: tuple = ()  # Quads: each player's accepted quads (south-west corners)
    runs: tuple = ()  # Rummy: each player's runs, west to east
    hands: tuple = ()  # cards each player holds, by the count
    piles: tuple = ()  # cards in each draw pile, by the count
    points: tuple = ()  # points scored by plays this round
    rounds: tuple = ()  # each closed round's scores, in seat order
    turn: int = None  # seat of the player to act, in the variants with turns
    drew: bool = False  # the player to act has drawn this turn
    owed: tuple = None  # Classic: seats still owed their last turn after a hand emptied
    emptied: int = None  # the seat whose empty hand ended the round
    counted: dict = field(default_factory=dict)  # seat -> points left in hand, entered at round end
    vote: Vote = None  # a contest (G-4, CN-4): nothing else happens until it is settled
    votes: tuple = ()  # CN-7: objections open in Quick Play and Quads (Approval), while play goes on
    settled: tuple = ()  # CN-7: the plays and quads the table accepted by vote this round, by key
    ended: object = None  # CN-7: the state just before the round ended, while its plays may be objected to
    finishing: bool = False  # G-6: the table said `finish`; the game ends when this round closes
    early: bool = False  # G-6: the table ended the game before its own end
    before: object = None  # the state before the last play, while that play may be contested
    last: dict = None  # what the last play was, for the view and the contest
    turn_started: float = None
    plays: int = 0  # plays accepted this round

    # -- derived facts --------------------------------------------------------

    @property
    def title(self):
        return TITLES[self.variant]

    @property
    def current(self):
        return self.players[self.turn] if self.turn is not None else None

    @property
    def max_rounds(self):
        return ROUNDS[self.variant]

    def seat(self, name):
        return self.players.index(name)

    def total(self, player):
        seat = self.seat(player)
        closed = sum(scores[seat] for scores in self.rounds)
        return closed + self.running(seat)

    def running(self, seat):
        """What the round in progress has earned so far, before any hand is deducted."""
        if self.phase not in ("play", "count"):
            return 0
        if self.variant in ("classic", "endless"):
            return self.points[seat]
        if self.variant == "quads":
            return len(self.quads[seat])
        if self.variant == "rummy":
            return self.run_points(seat)
        return 0

    def run_points(self, seat):
        return sum(card.points for run in self.runs[seat] for card in run)

    def area(self, seat):
        return self.areas[seat] if self.variant == "quads" else self.cells

    def multiply(self):
        return self.variant == "classic"


# -- setting up -----------------------------------------------------------------------


def initial(header):
    players = tuple(header["players"])
    options = dict(header.get("options", {}))
    variant = options.get("variant", "classic")
    if variant not in VARIANTS:
        raise RuleError(f"no variant {variant!r}; the variants are {', '.join(VARIANTS)}", rule="CN-6")
    low, high = player_range(variant)
    if not low <= len(players) <= high:
        raise RuleError(f"{TITLES[variant]} takes {low if low == high else f'{low} to {high}'} "
                        f"player{'s' if high > 1 else ''}, not {len(players)}", rule="CN-6")
    deck = int(options.get("deck", 124))
    n = len(players)
    state = State(players=players, variant=variant, options=options, deck=deck,
                  hands=(0,) * n, points=(0,) * n, piles=(deck,))
    if variant in STARTER:
        return state
    return _deal(state, None)


def _deal(state, at):
    """A fresh round without a starter card (Quads, Rummy): the hands dealt, the piles laid out."""
    n = len(state.players)
    size = deal_size(state.variant, n)
    rest = max(0, state.deck - size * n)
    count = PILES.get(state.variant, 1)
    piles = tuple(rest // count + (1 if i < rest % count else 0) for i in range(count))
    first = (state.round - 1) % n if state.variant in TURNS else None
    return replace(state, phase="play", hands=(size,) * n, piles=piles, points=(0,) * n, cells={},
                   areas=tuple({} for _ in range(n)) if state.variant == "quads" else (),
                   quads=tuple(() for _ in range(n)) if state.variant == "quads" else (),
                   runs=tuple(() for _ in range(n)) if state.variant == "rummy" else (),
                   turn=first, drew=False, owed=None, emptied=None, counted={}, vote=None, votes=(), settled=(),
                   before=None, last=None, turn_started=at, plays=0)


# -- the moves ------------------------------------------------------------------------


def apply(state, action):
    kind = action.get("do") if isinstance(action, dict) else None
    handler = _MOVES.get(kind)
    if handler is None:
        raise RuleError(f"not a Connections action: {kind!r}")
    if state.phase == "over":
        if kind == "contest" and state.before is not None:
            raise RuleError("the game is over, so its last play can no longer be contested; "
                            "`undo` takes it back", rule="CN-4")
        raise RuleError("the game is over; `score` shows the result", rule="CN-6")
    if state.vote is not None and kind != "vote":
        raise RuleError(f"a vote is open ({state.vote.describe()}); finish it with `vote PLAYER yes|no` first",
                        rule="G-4")
    if state.turn is not None and state.turn_started is None and isinstance(action.get("at"), (int, float)):
        state = replace(state, turn_started=action["at"])  # a round dealt before anyone typed: timed from now (G-5)
    after = handler(state, action)
    if kind != "contest" and state.ended is not None and after.ended is state.ended:
        after = replace(after, ended=None)  # something else happened: the ended round's plays stand (CN-7)
    return after


def card_of(state, data, owner=None):
    """The card an action names, checked: four words as it lies and 1 to 5 points (CN-1, ESL)."""
    try:
        words = tuple(" ".join(str(w).split()).lower() for w in data["words"])
        points = data["points"]
    except (KeyError, TypeError):
        raise RuleError("a card is its four words (north/east/south/west) and its points", rule="CN-1")
    if len(words) != 4 or not all(words):
        raise RuleError(f"a card has four words, north/east/south/west; {len(words)} given", rule="CN-1")
    if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= 5:
        raise RuleError(f"a card is worth 1 to 5 points, not {points!r}", rule="CN-1")
    if points == 5 and state.options.get("esl"):
        raise RuleError("the ESL table plays without the 5-point cards", rule="CN-6")
    return Card(words, points, owner)


def _actor(state, action, doing):
    """The seat acting: the player whose turn it is, or in the turnless variants whoever says so."""
    said = action.get("by")
    if said is not None and said not in state.players:
        raise RuleError(f"{said!r} is not at this table")
    if state.variant in TURNS:
        if state.turn is None:
            raise RuleError(f"it is nobody's turn; {doing} waits", rule="CN-6")
        if said is not None and said != state.current:
            raise RuleError(f"it is {state.current}'s turn, not {said}'s", rule="CN-6")
        return state.turn
    if said is None:
        raise RuleError(f"{state.title} has no turns: say who it is, e.g. `{state.players[0]}: {doing}`", rule="CN-6")
    return state.seat(said)


def _in_play(state, doing):
    if state.phase == "start":
        raise RuleError(f"first lay the starter card: `start NORTH/EAST/SOUTH/WEST POINTS`, then {doing}", rule="CN-6")
    if state.phase == "count":
        waiting = ", ".join(p for i, p in enumerate(state.players) if i not in state.counted)
        raise RuleError(f"the round is over; enter the points left in hand first (`hand PLAYER POINTS...`: {waiting})",
                        rule="CN-6")


def _set(seq, index, value):
    return seq[:index] + (value,) + seq[index + 1:]


def _add(seq, index, amount):
    return _set(seq, index, seq[index] + amount)


def start(state, action):
    if state.variant not in STARTER:
        raise RuleError(f"{state.title} has no starter card; the round is dealt already", rule="CN-6")
    if state.phase != "start":
        raise RuleError("the starter card is on the table already", rule="CN-6")
    card = card_of(state, action.get("card"))
    n = len(state.players)
    size = deal_size(state.variant, n)
    pile = state.deck - size * n - 1
    if pile < 0:
        raise RuleError(f"{state.deck} cards cannot deal {size} to {n} players and a starter", rule="CN-6")
    first = (state.round - 1) % n if state.variant in TURNS else None
    return replace(state, phase="play", cells={(0, 0): card}, hands=(size,) * n, piles=(pile,), points=(0,) * n,
                   turn=first, drew=False, owed=None, emptied=None, counted={}, votes=(), settled=(), before=None,
                   last=None, turn_started=action.get("at"), plays=0)


def check_play(state, action):
    """Everything a play is, worked out and checked: (seat, cell, card, pairs, score, arithmetic)."""
    if state.variant == "rummy":
        raise RuleError("in Rummy cards go into runs before you: `run` or `extend`", rule="CN-6")
    _in_play(state, "play")
    seat = _actor(state, action, "play X,Y WORDS POINTS")
    _not_ending(state)
    if state.variant != "solitaire" and state.hands[seat] < 1:
        raise RuleError(f"{state.players[seat]} has no cards in hand (by the count); draw first", rule="CN-6")
    cell = _cell_of(action)
    card = card_of(state, action.get("card"), state.players[seat])
    cells = state.area(seat)
    if state.variant == "quads" and not _touches(cells, cell):
        if cell in cells:
            raise RuleError(f"cell {cell_name(cell)} already holds {cells[cell].text()}", rule="CN-2")
        pairs = []  # a new quad may begin anywhere in the player's own area
    else:
        pairs = layout.pairs(cells, cell, card)
    if state.variant == "quick":
        voted = [cell_name(p.cell) for p in pairs if cell_name(p.cell) in {v.label for v in state.votes}]
        if voted:
            raise RuleError(f"the card at {voted[0]} is before the table: play against it once its vote is settled "
                            f"(`vote {voted[0]} ...`)", rule="CN-7")
    if state.variant in ("classic", "endless"):
        value, arithmetic = layout.score(card.points, [p.points for p in pairs], state.multiply())
    else:
        value, arithmetic = 0, ""
    _timed(state, action, seat)
    return seat, cell, card, pairs, value, arithmetic


def late_by(state, action):
    """Seconds a play comes after its turn's time ran out (0 in time, untimed or turnless)."""
    if state.turn is None or state.variant not in TURNS or state.variant == "solitaire":
        return 0
    return overdue(state.turn_started, state.options.get("timer", 0), action)


def _timed(state, action, seat):
    """G-5: a play after its turn's time ran out is refused until the table marks it `late`
    (option late=accept takes it); True when it is late, so it is recorded as such."""
    if not late_by(state, action):
        return False
    return check_late(state.turn_started, state.options.get("timer", 0), action, state.options,
                      f"{state.players[seat]}'s turn")


def _not_ending(state):
    """CN-7: once a hand is empty (Quick Play) or a fourth quad made (Quads), the round only
    waits for its open votes; nobody plays or draws in the meantime."""
    if state.variant in ("quick", "quads") and state.emptied is not None:
        who = state.players[state.emptied]
        done = "is out" if state.variant == "quick" else "has four quads"
        waiting = ", ".join(v.label for v in state.votes)
        raise RuleError(f"{who} {done}: the round ends once the open votes ({waiting}) are settled", rule="CN-7")


def _cell_of(action):
    """The grid cell an action names; a journal edited by hand may hold anything there."""
    try:
        return int(action["cell"][0]), int(action["cell"][1])
    except (KeyError, TypeError, ValueError, IndexError):
        raise RuleError("say the cell as X,Y", rule="CN-1")


def _touches(cells, cell):
    x, y = cell
    return any((x + dx, y + dy) in cells for dx, dy, _s, _f in layout.STEPS)


def play(state, action):
    seat, cell, card, pairs, value, arithmetic = check_play(state, action)
    last = {"kind": "play", "seat": seat, "cell": cell, "pairs": tuple(p.text() for p in pairs),
            "score": value, "arithmetic": arithmetic}
    changes = dict(last=last, plays=state.plays + 1)
    if state.variant in ("classic", "endless"):  # the play may be contested until something else happens
        changes["before"] = replace(state, before=None)
    if state.variant == "quads":
        changes["areas"] = _set(state.areas, seat, {**state.areas[seat], cell: card})
    else:
        changes["cells"] = {**state.cells, cell: card}
    if state.variant == "solitaire":
        changes["piles"] = (max(0, state.piles[0] - 1),)  # each card is drawn as it is played
        return replace(state, **changes)
    changes["hands"] = _add(state.hands, seat, -1)
    changes["points"] = _add(state.points, seat, value)
    state = replace(state, **changes)
    at = action.get("at")
    if state.variant == "quick":  # CN-7: the play stands unless a player objects
        if state.hands[seat] == 0:  # the first empty hand ends the round, once the open votes are settled
            return _round_end_due(replace(state, emptied=seat), at)
        return state
    if state.variant == "quads":  # CN-7: a quad made stands unless a player objects
        taken = {c for corner in state.quads[seat] for c in layout.block_cells(corner)}
        corner = layout.quad_at(state.areas[seat], cell, taken)
        if corner is not None:
            state = replace(state, quads=_set(state.quads, seat, state.quads[seat] + (corner,)),
                            last=dict(last, quad=corner))
            if len(state.quads[seat]) >= QUADS_TO_WIN:  # a round ends when a player completes four quads
                return _round_end_due(replace(state, emptied=seat), at)
        return state
    if state.variant == "classic" and state.hands[seat] == 0 and state.owed is None:
        n = len(state.players)
        state = replace(state, owed=tuple((seat + k) % n for k in range(1, n)), emptied=seat)
    return _end_turn(state, at)


def _round_end_due(state, at):
    """CN-7: the player who went out (an empty hand in Quick Play, a fourth quad in Quads)
    ends the round once every open vote is settled, since each may still change a hand or
    a quad count; an overturn that takes them back into the round lets play go on. The
    state just before the end is kept (``ended``) so the table may still object to a play
    of the round until anything else happens."""
    seat = state.emptied
    if seat is None:
        return state
    out = state.hands[seat] == 0 if state.variant == "quick" else len(state.quads[seat]) >= QUADS_TO_WIN
    if not out:
        return replace(state, emptied=None)
    if state.votes:
        return state
    ended = replace(state, before=None, ended=None)
    if state.variant == "quick":
        after = _to_count(state, at)
    else:
        after = _close_round(replace(state, before=None, last=None), at)
    return after if after.phase == "over" else replace(after, ended=ended)


def _vote(state, question, subject):
    return Vote(question, tuple(state.players), tie_keeps=state.options.get("tie", "keep") != "reject",
                subject=subject)


def _end_turn(state, at):
    if state.variant == "endless" and state.piles[0] == 0 and not any(state.hands):
        return _close_round(state, at)  # out of cards (CN-6)
    if state.owed is not None:
        owed = tuple(seat for seat in state.owed if seat != state.turn)
        if not owed:
            return _to_count(replace(state, owed=()), at)
        return replace(state, owed=owed, turn=owed[0], drew=False, turn_started=at)
    return replace(state, turn=(state.turn + 1) % len(state.players), drew=False, turn_started=at)


def _to_count(state, at):
    """The round is over: the points left in hand are entered next (none to enter for an empty hand)."""
    if state.variant == "endless":
        return _close_round(state, at)
    counted = {seat: () for seat, held in enumerate(state.hands) if held == 0}
    state = replace(state, phase="count", counted=counted, turn=None, drew=False)
    if len(counted) == len(state.players):
        return _close_round(state, at)
    return state


def round_scores(state):
    """Each seat's score for the round now closing (CN-6, by variant)."""
    left = [sum(state.counted.get(seat, ())) for seat in range(len(state.players))]
    if state.variant == "classic":
        return tuple(p - l for p, l in zip(state.points, left))
    if state.variant == "endless":
        return tuple(state.points)
    if state.variant == "quick":
        return tuple(sum(left) if seat == state.emptied else 0 for seat in range(len(state.players)))
    if state.variant == "quads":
        return tuple(len(q) for q in state.quads)
    if state.variant == "rummy":
        return tuple(state.run_points(seat) - left[seat] for seat in range(len(state.players)))
    return (0,) * len(state.players)


def _close_round(state, at):
    scores = round_scores(state)
    state = replace(state, rounds=state.rounds + (scores,), vote=None, votes=(), turn=None)
    if state.finishing or (state.max_rounds is not None and len(state.rounds) >= state.max_rounds):
        return replace(state, phase="over")
    following = replace(state, round=state.round + 1)
    if state.variant in STARTER:
        return replace(following, phase="start", cells={}, counted={}, owed=None, emptied=None, plays=0,
                       points=(0,) * len(state.players), settled=())
    return _deal(following, at)


def draw(state, action):
    _in_play(state, "draw")
    if state.variant == "solitaire":
        raise RuleError("in Solitaire each card is drawn as it is played: just `play` it", rule="CN-6")
    seat = _actor(state, action, "draw")
    _not_ending(state)
    index = 0
    if state.variant == "quads":
        index = action.get("pile")
        if index not in range(1, 5):
            raise RuleError("Quads has four draw piles: say which, `draw 1` to `draw 4`", rule="CN-6")
        index -= 1
    elif action.get("pile") not in (None, 1):
        raise RuleError(f"{state.title} has one draw pile: just `draw`", rule="CN-6")
    elif state.variant in TURNS and state.drew:
        rule = "draw one per turn" if state.variant == "rummy" else "you may play the card drawn, or pass"
        raise RuleError(f"{state.players[seat]} has drawn this turn already; {rule}", rule="CN-6")
    if state.piles[index] < 1:
        where = f"pile {index + 1} is" if state.variant == "quads" else "the draw pile is"
        also = "; pass, or close the round with `round`" if state.variant in TURNS else ""
        raise RuleError(f"{where} empty (by the count){also}", rule="CN-6")
    return replace(state, hands=_add(state.hands, seat, 1), piles=_add(state.piles, index, -1),
                   drew=state.variant in TURNS, before=None, last=None)


def pass_turn(state, action):
    _in_play(state, "pass")
    if state.variant not in TURNS or state.variant == "solitaire":
        raise RuleError(f"{state.title} has no turns to pass", rule="CN-6")
    seat = _actor(state, action, "pass")
    if not state.drew and state.piles[0] > 0:
        rule = "each turn starts with a draw" if state.variant == "rummy" else "a player who cannot connect draws"
        raise RuleError(f"{state.players[seat]} must draw first: {rule}", rule="CN-6")
    return _end_turn(replace(state, before=None, last=None), action.get("at"))


def contest(state, action):
    if state.variant == "solitaire":
        raise RuleError("nothing to contest: Solitaire has no table to vote", rule="CN-6")
    if state.variant in ("quick", "quads"):
        return object_to(state, action)
    if state.last is None or state.before is None:
        raise RuleError("only the last play may be contested, before anything else happens", rule="CN-4")
    cell = action.get("cell")
    if cell is not None and state.last.get("cell") is not None and tuple(cell) != state.last["cell"]:
        raise RuleError(f"only the last play may be contested: the card at {cell_name(state.last['cell'])}",
                        rule="CN-4")
    player = state.players[state.last["seat"]]
    if action.get("of") not in (None, player):  # `contest Ben` when the last play was Ann's
        raise RuleError(f"the last play is {player}'s, not {action['of']}'s; only it may be contested: `contest`",
                        rule="CN-4")
    what = f"card at {cell_name(state.last['cell'])}" if state.last.get("cell") else state.last["kind"]
    pairs = "; ".join(state.last["pairs"])
    question = f"Does {player}'s {what} connect ({pairs})?"
    return replace(state, vote=_vote(state, question, ("contest", state.last["seat"])))


def object_to(state, action):
    """CN-7: an objection to a Quick Play card or a quad puts it to every player, while play
    goes on. Any play of the round may be objected to until a card is played against it
    (Quick Play) and until the round is over: the play that ends the round reopens it until
    its vote is settled, as long as nothing else has happened since (``ended``)."""
    base = state.ended if state.ended is not None else state
    if base is state:
        if state.phase == "count":
            raise RuleError("the round is over and a hand is entered already: its plays stand; `undo` to go back",
                            rule="CN-7")
        _in_play(state, "object")
    subject, label, question = (_object_card if state.variant == "quick" else _object_quad)(base, action)
    what = f"the card at {label}" if state.variant == "quick" else f"{label.split()[0]}'s quad at {label.split()[1]}"
    if subject in base.settled:
        raise RuleError(f"the table accepted {what} by vote already", rule="CN-7")
    if any(v.label == label for v in base.votes):
        raise RuleError(f"{what} is before the table already: `vote {label} PLAYER yes|no`", rule="CN-7")
    # a game saved before CN-7 has no `approval` option: its votes were G-4 majorities
    vote = Approval(question, tuple(base.players), tie_keeps=base.options.get("tie", "keep") != "reject",
                    subject=subject, label=label, unanimous=base.options.get("approval", "majority") == "all")
    return replace(base, votes=base.votes + (vote,), ended=None)


def _object_card(state, action):
    """Quick Play: the card objected to (at the cell given, else the last play) as (subject, label, question)."""
    if action.get("cell") is None:
        last = state.last or {}
        if last.get("kind") != "play":
            raise RuleError("say which card: `contest X,Y`", rule="CN-7")
        cell = tuple(last["cell"])
    else:
        cell = _cell_of(action)
    card = state.cells.get(cell)
    if card is None:
        raise RuleError(f"there is no card at {cell_name(cell)}", rule="CN-7")
    if card.owner not in state.players:
        raise RuleError("the starter card is nobody's play", rule="CN-7")
    if action.get("of") not in (None, card.owner):  # `contest Ben 1,0` when the card there is Ann's
        raise RuleError(f"the card at {cell_name(cell)} is {card.owner}'s, not {action['of']}'s", rule="CN-7")
    order = list(state.cells)
    x, y = cell
    around = {(x + dx, y + dy) for dx, dy, _s, _f in layout.STEPS}
    later = [c for c in order[order.index(cell) + 1:] if c in around]
    if later:
        raise RuleError(f"the card at {cell_name(later[0])} was played against it since; an objection comes before "
                        "the table builds on a card", rule="CN-7")
    rest = {c: k for c, k in state.cells.items() if c != cell}
    try:
        links = "; ".join(p.text() for p in layout.pairs(rest, cell, card))
    except RuleError:  # a card left alone by a correction: nothing it connects to
        links = "no pairs"
    label = cell_name(cell)
    question = f"Does {card.owner}'s card at {label} connect ({links})?"
    return ("play", state.seat(card.owner), cell), label, question


def _object_quad(state, action):
    """Quads: the quad objected to (the owner's quad at the cell given, their latest, or the
    last one made) as (subject, label, question)."""
    owner = action.get("of")
    if owner is None:
        last = state.last or {}
        if "quad" not in last:
            raise RuleError("say whose quad: `contest Ann 0,0` (its south-west card) or `contest Ann`", rule="CN-7")
        seat, corner = last["seat"], tuple(last["quad"])
    else:
        if owner not in state.players:
            raise RuleError(f"{owner!r} is not at this table")
        seat = state.seat(owner)
        if action.get("cell") is None:
            if not state.quads[seat]:
                raise RuleError(f"{owner} has no quad to object to", rule="CN-7")
            corner = state.quads[seat][-1]
        else:
            corner = _cell_of(action)
    player = state.players[seat]
    if corner not in state.quads[seat]:
        raise RuleError(f"{player} has no quad at {cell_name(corner)} (a quad is named by its south-west card)",
                        rule="CN-7")
    links = "; ".join(f"{a} ↔ {b}" for a, b in layout.inner_pairs(state.areas[seat], corner))
    label = f"{player} {cell_name(corner)}"
    return ("quad", seat, corner), label, f"Is {player}'s quad at {cell_name(corner)} valid ({links})?"


def vote(state, action):
    if state.vote is None and not state.votes and state.variant in ("quick", "quads") and action.get("on") is None:
        # a vote with nothing open puts the last card or quad to the table first: the way
        # games saved before CN-7, where every play went to a vote, replay as they were played
        try:
            state = object_to(state, {"do": "contest"})
        except RuleError:
            raise RuleError("no vote is open; `contest X,Y` objects to a card (CN-7)", rule="G-4") from None
    if state.vote is None and not state.votes:
        raise RuleError("no vote is open; `contest` opens one", rule="G-4")
    if state.vote is None:
        return _approve(state, action)
    if action.get("on") is not None:
        raise RuleError(f"one vote is open ({state.vote.describe()}): vote without naming it", rule="G-4")
    ballots = action.get("ballots") or []
    current = state.vote
    try:
        for voter, yes in ballots:
            current = current.cast(voter, yes)
    except (TypeError, ValueError):
        raise RuleError("a ballot is a player and yes or no", rule="G-4")
    verdict = current.outcome()
    if verdict is None:
        return replace(state, vote=current)
    state = replace(state, vote=None)
    seat = current.subject[1]
    if verdict:
        return _timed_from(replace(state, before=None, last=None), action.get("at"))
    return _timed_from(overturn(state, seat, action.get("at")), action.get("at"))


def _timed_from(state, at):
    """G-5: the turn under way when a contest is settled is timed from the settlement, so the
    table's debate is not counted against the player who waited for it (with -t 20 a vote
    that took 25 s made the next player's first line late)."""
    if state.turn is None or not isinstance(at, (int, float)):
        return state
    return replace(state, turn_started=at)


def open_vote(state, label):
    """The vote a ballot is for: the contest, or the CN-7 vote named ``label`` (which may be
    left out while only one is open)."""
    if state.vote is not None:
        return state.vote
    if not state.votes:
        raise RuleError("no vote is open; `contest` opens one", rule="G-4")
    if label is None:
        if len(state.votes) > 1:
            named = ", ".join(v.label for v in state.votes)
            raise RuleError(f"{len(state.votes)} votes are open ({named}): say which, e.g. "
                            f"`vote {state.votes[0].label} all yes`", rule="CN-7")
        return state.votes[0]
    for vote_ in state.votes:
        if vote_.label.lower() == str(label).lower():
            return vote_
    named = ", ".join(v.label for v in state.votes)
    raise RuleError(f"no vote is open on {label}; the open one{'s are' if len(state.votes) > 1 else ' is'} {named}",
                    rule="CN-7")


def _approve(state, action):
    """CN-7: a ballot on one of the open objections; once all have voted it settles its own play."""
    target = open_vote(state, action.get("on"))
    current = target
    try:
        for voter, yes in action.get("ballots") or []:
            current = current.cast(voter, yes)
    except (TypeError, ValueError):
        raise RuleError("a ballot is a player and yes or no", rule="G-4")
    index = state.votes.index(target)
    verdict = current.outcome()
    if verdict is None:
        return replace(state, votes=_set(state.votes, index, current))
    state = replace(state, votes=state.votes[:index] + state.votes[index + 1:])
    if verdict:
        state = replace(state, settled=state.settled + (current.subject,))
    else:
        state = _overturn_objected(state, current.subject)
    return _round_end_due(state, action.get("at"))


def _overturn_objected(state, subject):
    """CN-4 for an objection the table upheld: a Quick Play card goes back to its player's hand
    and they draw one more; a quad simply does not count (its cards stay, to be reworked)."""
    kind, seat, where = subject
    if kind == "quad":
        return replace(state, quads=_set(state.quads, seat, tuple(c for c in state.quads[seat] if c != where)),
                       last=None)
    draws = 1 if state.piles[0] > 0 else 0
    cells = {c: k for c, k in state.cells.items() if c != where}
    return replace(state, cells=cells, hands=_add(state.hands, seat, 1 + draws), piles=_add(state.piles, 0, -draws),
                   last=None)


def overturn(state, seat, at):
    """CN-4: the card goes back to the player's hand, its score is undone, and they draw one more."""
    before = state.before
    draws = 1 if before.piles[0] > 0 else 0
    state = replace(before, hands=_add(before.hands, seat, draws), piles=_add(before.piles, 0, -draws),
                    before=None, last=None, vote=None)
    if state.variant in ("classic", "endless"):
        return _end_turn(state, at)  # the turn was used
    return state


def hand(state, action):
    """The points left in a player's hand at the round's end: one number per card, or the
    hand's total (``total``) as one number, which for a single card is its points."""
    if state.phase != "count":
        raise RuleError("points left in hand are entered when the round ends", rule="CN-6")
    player = action.get("player")
    if player not in state.players:
        raise RuleError(f"{player!r} is not at this table")
    seat = state.seat(player)
    held = state.hands[seat]
    if held == 0 and state.counted.get(seat) == ():
        raise RuleError(f"{player} holds no cards (by the count): nothing to enter; `adjust hand {player} N` "
                        "if the table counts some", rule="CN-6")
    if seat in state.counted:
        raise RuleError(f"{player}'s hand is entered already; `undo` to correct it", rule="CN-6")
    top = 4 if state.options.get("esl") else 5
    cards = f"{held} card{'s' if held != 1 else ''}"
    total = action.get("total")
    if total is not None:
        if not isinstance(total, int) or isinstance(total, bool):
            raise RuleError("a hand's total is a whole number of points", rule="CN-6")
        if not held <= total <= top * held:
            raise RuleError(f"{player} holds {cards} by the count, worth {held} to {top * held} points in all, "
                            f"not {total}", rule="CN-6")
        values = (total,)
    else:
        values = action.get("points")
        if not isinstance(values, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise RuleError("the points left in hand are one number per card, or one number for the whole hand",
                            rule="CN-6")
        for value in values:
            if not 1 <= value <= top:
                raise RuleError(f"a card is worth 1 to {top} points, not {value}", rule="CN-6" if top == 4 else "CN-1")
        if len(values) != held:
            raise RuleError(f"{player} holds {cards} by the count, not {len(values)}: one number per card, "
                            f"or one for the whole hand", rule="CN-6")
        values = tuple(values)
    state = replace(state, counted={**state.counted, seat: values}, before=None, last=None)
    if len(state.counted) == len(state.players):
        return _close_round(state, action.get("at"))
    return state


def _no_open_votes(state, doing):
    if state.votes:
        named = ", ".join(v.label for v in state.votes)
        raise RuleError(f"votes are open ({named}): settle them before {doing}", rule="CN-7")


def close(state, action):
    """`round`: the table closes a round whose end the variant leaves to it."""
    _in_play(state, "close the round")
    _no_open_votes(state, "closing the round")
    state = replace(state, before=None, last=None)  # closing is something else happening (CN-4)
    if state.variant in ("endless", "solitaire"):  # until cards or table space run out
        return _close_round(state, action.get("at"))
    if state.variant == "quick":  # CN-8: nobody went out and nobody can: the round is stuck, nobody scores
        if state.piles[0] > 0:
            raise RuleError("a Quick Play round ends when a hand empties, or with `round` once the draw pile is "
                            "empty and nobody can play; `finish` ends the game", rule="CN-8")
        return _close_round(replace(state, emptied=None), action.get("at"))
    if any(state.piles):
        rule = {"classic": "it ends one turn each after a hand empties", "quads": "it ends at a player's fourth quad",
                "rummy": "it ends when a player has used all their cards"}[state.variant]
        raise RuleError(f"the round goes on: {rule} (or once the draw pile is empty and nobody can play; "
                        "`finish` ends the game after this round)", rule="CN-6")
    if state.variant == "quads":
        return _close_round(state, action.get("at"))
    return _to_count(state, action.get("at"))


def finish(state, action):
    """G-6: the table stops the game. The round under way is closed now as usual (the hands
    left are entered and deducted where the variant counts them) and the game is over with
    a winner; between rounds it is over at once. Endless and Solitaire end this way when the
    table says the space ran out (CN-8), which is their own end, not an early one."""
    if state.finishing:
        raise RuleError("the game ends already once this round's hands are entered", rule="G-6")
    _no_open_votes(state, "the game ends")
    if state.phase == "start":
        if not state.rounds:
            raise RuleError("no round has been played yet, so there is nothing to score; lay the starter card "
                            "or leave the game", rule="G-6")
        early = state.max_rounds is not None and len(state.rounds) < state.max_rounds
        return replace(state, phase="over", early=early, finishing=True)
    cut = state.phase == "play"
    more = state.max_rounds is not None and state.round < state.max_rounds
    early = state.variant not in ("endless", "solitaire") and (cut or more)
    state = replace(state, finishing=True, early=early, before=None, last=None)
    if state.phase == "count":
        return state  # the hands still to enter close the round, and then the game
    at = action.get("at")
    if state.variant in ("classic", "rummy"):
        return _to_count(state, at)
    if state.variant == "quick":  # nobody went out: nobody scores the round cut short (as with `round`)
        return _close_round(replace(state, emptied=None), at)
    return _close_round(state, at)


def take(state, action):
    """Quads: take a card of your own area back into your hand (to rework a quad)."""
    if state.variant != "quads":
        raise RuleError("only in Quads do players take cards back from their own area", rule="CN-6")
    _in_play(state, "take")
    seat = _actor(state, action, "take X,Y")
    cell = _cell_of(action)
    area = state.areas[seat]
    if cell not in area:
        raise RuleError(f"{state.players[seat]} has no card at {cell_name(cell)}", rule="CN-6")
    for corner in state.quads[seat]:
        if cell in layout.block_cells(corner):
            voted = f"{state.players[seat]} {cell_name(corner)}" in {v.label for v in state.votes}
            if voted:
                raise RuleError(f"the card at {cell_name(cell)} is in the quad at {cell_name(corner)}, which is "
                                "before the table; it stands until the vote says otherwise", rule="CN-7")
            # not "accepted": a quad nobody objected to was never voted on, it simply counts
            raise RuleError(f"the card at {cell_name(cell)} is in {state.players[seat]}'s quad at "
                            f"{cell_name(corner)}, which counts: its cards stay", rule="CN-6")
    area = {c: card for c, card in area.items() if c != cell}
    return replace(state, areas=_set(state.areas, seat, area), hands=_add(state.hands, seat, 1),
                   before=None, last=None)


def give_back(state, action):
    """Quads: return a card you do not want to one of the four piles."""
    if state.variant != "quads":
        raise RuleError("only in Quads are cards returned to the piles", rule="CN-6")
    _in_play(state, "return")
    seat = _actor(state, action, "return PILE")
    index = action.get("pile")
    if index not in range(1, 5):
        raise RuleError("say which of the four piles: `return 1` to `return 4`", rule="CN-6")
    if state.hands[seat] < 1:
        raise RuleError(f"{state.players[seat]} has no cards in hand (by the count)", rule="CN-6")
    return replace(state, hands=_add(state.hands, seat, -1), piles=_add(state.piles, index - 1, 1))


def _rummy_turn(state, action, doing):
    if state.variant != "rummy":
        raise RuleError(f"runs are Rummy's; in {state.title} play cards with `play`", rule="CN-6")
    _in_play(state, doing)
    seat = _actor(state, action, doing)
    if not state.drew and state.piles[0] > 0:
        raise RuleError(f"{state.players[seat]} must draw first: each turn starts with a draw", rule="CN-6")
    return seat


def _run_pairs(cards):
    return tuple(f"{a.words[layout.EAST]} ↔ {b.words[layout.WEST]}" for a, b in zip(cards, cards[1:]))


def _after_rummy_play(state, seat, last):
    state = replace(state, last=last)
    if state.hands[seat] == 0:  # the game ends when a player has used all their cards
        return _to_count(replace(state, emptied=seat), None)
    return state


def run(state, action):
    seat = _rummy_turn(state, action, "run CARD; CARD; CARD")
    data = action.get("cards")
    if not isinstance(data, list) or len(data) < 3:
        raise RuleError("a run is three or more cards in a line", rule="CN-6")
    cards = tuple(card_of(state, c, state.players[seat]) for c in data)
    if len(cards) > state.hands[seat]:
        raise RuleError(f"{state.players[seat]} holds {state.hands[seat]} cards by the count, not {len(cards)}",
                        rule="CN-6")
    _timed(state, action, seat)
    snapshot = replace(state, before=None)
    runs = _set(state.runs, seat, state.runs[seat] + (cards,))
    last = {"kind": "run", "seat": seat, "cell": None, "run": len(state.runs[seat]), "pairs": _run_pairs(cards),
            "score": 0, "arithmetic": ""}
    state = replace(state, runs=runs, hands=_add(state.hands, seat, -len(cards)), before=snapshot)
    return _after_rummy_play(state, seat, last)


def _run_index(state, seat, index):
    if not isinstance(index, int) or not 1 <= index <= len(state.runs[seat]):
        count = len(state.runs[seat])
        raise RuleError(f"{state.players[seat]} has {count} run{'s' if count != 1 else ''}; no run {index}",
                        rule="CN-6")
    return index - 1


def extend(state, action):
    seat = _rummy_turn(state, action, "extend RUN east|west CARD")
    index = _run_index(state, seat, action.get("run"))
    end = action.get("end")
    if end not in ("east", "west"):
        raise RuleError("a run grows at its east or west end", rule="CN-6")
    if state.hands[seat] < 1:
        raise RuleError(f"{state.players[seat]} has no cards in hand (by the count)", rule="CN-6")
    card = card_of(state, action.get("card"), state.players[seat])
    _timed(state, action, seat)
    old = state.runs[seat][index]
    cards = old + (card,) if end == "east" else (card,) + old
    pair = _run_pairs(cards[-2:] if end == "east" else cards[:2])
    snapshot = replace(state, before=None)
    state = replace(state, runs=_set(state.runs, seat, _set(state.runs[seat], index, cards)),
                    hands=_add(state.hands, seat, -1), before=snapshot)
    last = {"kind": "extend", "seat": seat, "cell": None, "run": index, "pairs": pair, "score": 0, "arithmetic": ""}
    return _after_rummy_play(state, seat, last)


def steal(state, action):
    if state.variant != "rummy":
        raise RuleError("stealing from a run is Rummy's", rule="CN-6")
    _in_play(state, "steal")
    seat = _actor(state, action, "steal PLAYER RUN east|west")
    victim = action.get("from")
    if victim not in state.players:
        raise RuleError(f"{victim!r} is not at this table")
    other = state.seat(victim)
    if other == seat:
        raise RuleError("steal from another player's run, not your own", rule="CN-6")
    index = _run_index(state, other, action.get("run"))
    old = state.runs[other][index]
    if len(old) < 4:
        raise RuleError(f"{victim}'s run {index + 1} has {len(old)} cards; only a run of four or more gives up an end",
                        rule="CN-6")
    end = action.get("end")
    if end not in ("east", "west"):
        raise RuleError("take the card at the run's east or west end", rule="CN-6")
    _timed(state, action, seat)
    cards = old[:-1] if end == "east" else old[1:]
    runs = _set(state.runs, other, _set(state.runs[other], index, cards))
    return replace(state, runs=runs, hands=_add(state.hands, seat, 1), before=None, last=None)


def on_table(state):
    """Cards laid out and so in neither a hand nor a pile: the layout, each Quads area, each Rummy run."""
    return len(state.cells) + sum(len(area) for area in state.areas) + sum(len(r) for runs in state.runs for r in runs)


def adjust(state, action):
    """G-1: the table is the truth. A hand or pile the scribe miscounted, found too late for
    `undo`, is set to what the table counts as an event of its own, and the round goes on
    from the corrected count: the next `hand` entry must match it, an empty pile lets the
    table close the round, and a hand found empty ends the round as the variant says."""
    if state.phase == "start":
        raise RuleError("the round is not dealt yet: the counts start from the deal", rule="G-1")
    count = action.get("count")
    if not isinstance(count, int) or isinstance(count, bool):
        raise RuleError("a count is a whole number of cards", rule="G-1")
    if count < 0:
        raise RuleError(f"a count of cards cannot be negative, not {count}", rule="G-1")
    what = action.get("what")
    if what == "hand":
        if state.variant == "solitaire":
            raise RuleError("Solitaire keeps no hand: each card is drawn as it is played (`adjust pile N`)",
                            rule="CN-6")
        player = action.get("player")
        if player not in state.players:
            raise RuleError(f"{player!r} is not at this table")
        seat = state.seat(player)
        if state.phase == "count" and (state.counted.get(seat) or seat == state.emptied):
            why = "went out" if seat == state.emptied else "has their hand entered already"
            raise RuleError(f"{player} {why}; `undo` back to it to correct that", rule="CN-6")
        where, old = f"{player}'s hand", state.hands[seat]
        hands, piles = _set(state.hands, seat, count), state.piles
    elif what == "pile":
        index = action.get("pile")
        if state.variant == "quads":
            if index not in range(1, 5):
                raise RuleError("Quads has four draw piles: say which, `adjust pile 1 N` to `adjust pile 4 N`",
                                rule="CN-6")
            index -= 1
        elif index not in (None, 1):
            raise RuleError(f"{state.title} has one draw pile: `adjust pile N`", rule="CN-6")
        else:
            index = 0
        where = f"pile {index + 1}" if state.variant == "quads" else "the draw pile"
        old = state.piles[index]
        hands, piles = state.hands, _set(state.piles, index, count)
    else:
        raise RuleError("correct a hand or a pile: `adjust hand PLAYER N` or `adjust pile [PILE] N`", rule="G-1")
    if count == old:
        raise RuleError(f"{where} holds {old} by the count already; nothing to correct", rule="G-1")
    total = sum(hands) + sum(piles) + on_table(state)
    if count > old and total > state.deck:
        spare = state.deck - (total - count)
        raise RuleError(f"the box holds {state.deck} cards, {total - count} of them counted elsewhere: {where} can "
                        f"hold {spare} at most; first correct the count the card came from", rule="CN-1")
    state = replace(state, hands=hands, piles=piles, before=_shifted(state.before, hands, piles, state))
    if what == "hand" and count == 0:
        return _found_empty(state, seat, action.get("at"))
    if what == "hand" and seat in state.counted:  # counted as empty at the round's end: it holds cards after all
        state = replace(state, counted={s: v for s, v in state.counted.items() if s != seat})
    if state.variant == "endless" and state.phase == "play" and piles[0] == 0 and not any(hands):
        return _close_round(state, action.get("at"))  # out of cards (CN-6)
    return state


def _shifted(before, hands, piles, now):
    """The state a contest would go back to, corrected by as much as the counts were: an
    overturn must not undo the correction along with the play."""
    if before is None:
        return None
    shift = lambda old, new, was: tuple(max(0, b + n - w) for b, n, w in zip(old, new, was))  # noqa: E731
    return replace(before, hands=shift(before.hands, hands, now.hands), piles=shift(before.piles, piles, now.piles))


def _found_empty(state, seat, at):
    """A hand the table finds empty ends the round as an emptied hand does in its variant (CN-6)."""
    if state.phase == "count":
        state = replace(state, counted={**state.counted, seat: ()})
        return _close_round(state, at) if len(state.counted) == len(state.players) else state
    if state.variant == "quick":
        return _round_end_due(replace(state, emptied=seat), at)
    if state.variant == "rummy":
        return _to_count(replace(state, emptied=seat), at)
    if state.variant == "endless" and state.piles[0] == 0 and not any(state.hands):
        return _close_round(state, at)
    if state.variant == "classic" and state.owed is None:
        n, turn = len(state.players), state.turn
        if turn == seat:  # the turn of a player with no cards is over: everyone else takes one more
            owed = tuple((seat + k) % n for k in range(1, n))
            return replace(state, owed=owed, emptied=seat, turn=owed[0], drew=False, turn_started=at)
        owed = tuple((turn + k) % n for k in range(n) if (turn + k) % n != seat)  # the turn under way is one
        return replace(state, owed=owed, emptied=seat)
    return state


_MOVES = {
    "start": start, "play": play, "draw": draw, "pass": pass_turn, "contest": contest, "vote": vote,
    "hand": hand, "round": close, "finish": finish, "take": take, "return": give_back,
    "run": run, "extend": extend, "steal": steal, "adjust": adjust,
}


def winners(state):
    if state.variant == "solitaire" or not state.rounds:
        return []
    totals = {p: state.total(p) for p in state.players}
    best = max(totals.values())
    return [p for p in state.players if totals[p] == best]
