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
"""

from dataclasses import dataclass, field, replace

from referee.core.errors import RuleError
from referee.core.votes import Vote
from referee.games.connections import layout
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
    vote: Vote = None
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
                   turn=first, drew=False, owed=None, emptied=None, counted={}, vote=None,
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
    return handler(state, action)


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
                   turn=first, drew=False, owed=None, emptied=None, counted={}, before=None, last=None,
                   turn_started=action.get("at"), plays=0)


def check_play(state, action):
    """Everything a play is, worked out and checked: (seat, cell, card, pairs, score, arithmetic)."""
    if state.variant == "rummy":
        raise RuleError("in Rummy cards go into runs before you: `run` or `extend`", rule="CN-6")
    _in_play(state, "play")
    seat = _actor(state, action, "play X,Y WORDS POINTS")
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
    if state.variant in ("classic", "endless"):
        value, arithmetic = layout.score(card.points, [p.points for p in pairs], state.multiply())
    else:
        value, arithmetic = 0, ""
    return seat, cell, card, pairs, value, arithmetic


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
    snapshot = replace(state, before=None)
    last = {"kind": "play", "seat": seat, "cell": cell, "pairs": tuple(p.text() for p in pairs),
            "score": value, "arithmetic": arithmetic}
    changes = dict(before=snapshot, last=last, plays=state.plays + 1)
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
    if state.variant == "quick":  # every connection is approved by the table (CN-6)
        pairs_text = "; ".join(last["pairs"])
        question = f"Does {state.players[seat]}'s card at {cell_name(cell)} connect ({pairs_text})?"
        return replace(state, vote=_vote(state, question, ("approve", seat)))
    if state.variant == "quads":
        taken = {c for corner in state.quads[seat] for c in layout.block_cells(corner)}
        corner = layout.quad_at(state.areas[seat], cell, taken)
        if corner is not None:
            links = "; ".join(f"{a} ↔ {b}" for a, b in layout.inner_pairs(state.areas[seat], corner))
            question = f"Is {state.players[seat]}'s quad at {cell_name(corner)} valid ({links})?"
            return replace(state, vote=_vote(state, question, ("quad", seat, corner)))
        return state
    if state.variant == "classic" and state.hands[seat] == 0 and state.owed is None:
        n = len(state.players)
        state = replace(state, owed=tuple((seat + k) % n for k in range(1, n)), emptied=seat)
    return _end_turn(state, action.get("at"))


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
    state = replace(state, rounds=state.rounds + (scores,), vote=None, turn=None)
    if state.max_rounds is not None and len(state.rounds) >= state.max_rounds:
        return replace(state, phase="over")
    following = replace(state, round=state.round + 1)
    if state.variant in STARTER:
        return replace(following, phase="start", cells={}, counted={}, owed=None, emptied=None, plays=0,
                       points=(0,) * len(state.players))
    return _deal(following, at)


def draw(state, action):
    _in_play(state, "draw")
    if state.variant == "solitaire":
        raise RuleError("in Solitaire each card is drawn as it is played: just `play` it", rule="CN-6")
    seat = _actor(state, action, "draw")
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
    if state.variant in ("quick", "quads", "solitaire"):
        why = {"quick": "every Quick Play connection is put to the table as it is played",
               "quads": "the table validates each quad when it is made",
               "solitaire": "Solitaire has no table to vote"}[state.variant]
        raise RuleError(f"nothing to contest: {why}", rule="CN-6")
    if state.last is None or state.before is None:
        raise RuleError("only the last play may be contested, before anything else happens", rule="CN-4")
    cell = action.get("cell")
    if cell is not None and state.last.get("cell") is not None and tuple(cell) != state.last["cell"]:
        raise RuleError(f"only the last play may be contested: the card at {cell_name(state.last['cell'])}",
                        rule="CN-4")
    player = state.players[state.last["seat"]]
    what = f"card at {cell_name(state.last['cell'])}" if state.last.get("cell") else state.last["kind"]
    pairs = "; ".join(state.last["pairs"])
    question = f"Does {player}'s {what} connect ({pairs})?"
    return replace(state, vote=_vote(state, question, ("contest", state.last["seat"])))


def vote(state, action):
    if state.vote is None:
        raise RuleError("no vote is open; `contest` opens one on the last play", rule="G-4")
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
    subject = current.subject
    state = replace(state, vote=None)
    at = action.get("at")
    if subject[0] == "quad":
        _kind, seat, corner = subject
        if not verdict:
            return state
        quads = _set(state.quads, seat, state.quads[seat] + (tuple(corner),))
        state = replace(state, quads=quads)
        if len(quads[seat]) >= QUADS_TO_WIN:  # a round ends when a player completes four quads
            return _close_round(replace(state, emptied=seat, before=None, last=None), at)
        return state
    seat = subject[1]
    if verdict:
        state = replace(state, before=None, last=None)
        if subject[0] == "approve" and state.hands[seat] == 0:  # the first empty hand ends the round
            return _to_count(replace(state, emptied=seat), at)
        return state
    return overturn(state, seat, at)


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
    if state.phase != "count":
        raise RuleError("points left in hand are entered when the round ends", rule="CN-6")
    player = action.get("player")
    if player not in state.players:
        raise RuleError(f"{player!r} is not at this table")
    seat = state.seat(player)
    if seat in state.counted:
        raise RuleError(f"{player}'s hand is entered already; `undo` to correct it", rule="CN-6")
    values = action.get("points")
    if not isinstance(values, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise RuleError("the points left in hand are one number per card", rule="CN-6")
    top = 4 if state.options.get("esl") else 5
    for value in values:
        if not 1 <= value <= top:
            raise RuleError(f"a card is worth 1 to {top} points, not {value}", rule="CN-6" if top == 4 else "CN-1")
    if len(values) != state.hands[seat]:
        raise RuleError(f"{player} holds {state.hands[seat]} card{'s' if state.hands[seat] != 1 else ''} by the count, "
                        f"not {len(values)}: one number per card", rule="CN-6")
    state = replace(state, counted={**state.counted, seat: tuple(values)}, before=None, last=None)
    if len(state.counted) == len(state.players):
        return _close_round(state, action.get("at"))
    return state


def close(state, action):
    """`round`: the table closes a round whose end the variant leaves to it."""
    _in_play(state, "close the round")
    state = replace(state, before=None, last=None)  # closing is something else happening (CN-4)
    if state.variant in ("endless", "solitaire"):  # until cards or table space run out
        return _close_round(state, action.get("at"))
    if state.variant == "quick":  # nobody went out and nobody can: the round is stuck, nobody scores
        if state.piles[0] > 0:
            raise RuleError("a Quick Play round ends when a hand empties, or with `round` once the draw pile is "
                            "empty and nobody can play; `finish` ends the game between rounds", rule="CN-6")
        return _close_round(replace(state, emptied=None), action.get("at"))
    if any(state.piles):
        rule = {"classic": "it ends one turn each after a hand empties", "quads": "it ends at a player's fourth quad",
                "rummy": "it ends when a player has used all their cards"}[state.variant]
        raise RuleError(f"the round goes on: {rule} (or once the draw pile is empty and nobody can play)",
                        rule="CN-6")
    if state.variant == "quads":
        return _close_round(state, action.get("at"))
    return _to_count(state, action.get("at"))


def finish(state, action):
    if state.variant in ("endless", "solitaire"):  # one round, which the table closes
        raise RuleError(f"{state.title} ends with `round`, when the cards or the table space run out", rule="CN-6")
    if state.variant != "quick":
        rounds = state.max_rounds
        raise RuleError(f"{state.title} ends by itself after {rounds} round{'s' if rounds != 1 else ''}", rule="CN-6")
    if state.phase != "start" or not state.rounds:
        raise RuleError("Quick Play ends between rounds, after at least one", rule="CN-6")
    return replace(state, phase="over")


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
    if any(cell in layout.block_cells(corner) for corner in state.quads[seat]):
        raise RuleError(f"the card at {cell_name(cell)} is in an accepted quad", rule="CN-6")
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
    if state.variant in ("quick", "rummy"):
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
