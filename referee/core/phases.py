"""Phases and turns as data (DESIGN 3; boardgame.io's phase config).

A game's phase table says, for each phase: who acts (the seat whose turn it is, every
seat, or anyone), which moves are open, the prompt, what a bare answer means, what the
toolbar says the game waits for, the sentence (and rule) that refuses any other move,
and which phases may follow. The core derives the prompt, the toolbar's first part, the
default command and the first checks of every move from it, so a game states them once.

The one convention for seats: a state has ``players`` (a tuple of names, in seat order),
``turn`` (the seat index of the player to act, or None) and whatever its game uses to
name the phase; :class:`Phases` reads the phase through ``phase_of`` (by default
``state.phase``), so a game whose waiting is a pending vote can say so there.

Texts are either strings formatted with ``player`` (the player to act) and ``state``, or
functions of the state returning the text.
"""

from dataclasses import dataclass

from referee.core.errors import RuleError

SEAT, EVERY, ANYONE = "seat", "every", "anyone"


@dataclass(frozen=True, eq=False, repr=False)  # a declaration: compared and shown by name
class Phase:
    """One row of a game's phase table: who acts, which moves are open and what the table is told meanwhile."""

    name: str
    moves: tuple = ()
    acts: object = SEAT  # SEAT: only the player to act; EVERY: each seat (the move checks which); ANYONE;
    # or fn(state) -> the names of the seats that may act now (boardgame.io's activePlayers)
    prompt: object = "{player}> "
    default: str = None  # the command a bare line means here
    status: object = None  # the toolbar's "waiting for" part; None: nothing shown
    waiting: object = "{player} has something else to do first"  # refuses a move the phase does not open
    rule: object = None  # the rule id of ``waiting``
    turn_rule: str = None  # the rule id of "it is Ann's turn, not Ben's"
    next: tuple = ()  # the phases that may follow, for the reader and the table test
    over: bool = False  # the game has ended: every move is refused with ``waiting``, but those in ``moves``


def player_to_act(state):
    turn = getattr(state, "turn", None)
    if turn is None:
        return None
    return state.players[turn]


def text(value, state):
    """A phase's text for ``state``: a function of the state, or a string formatted with
    the player to act."""
    if value is None:
        return None
    if callable(value):
        return value(state)
    return value.format(player=player_to_act(state) or "", state=state)


def naming(sentence, typed):
    """``sentence`` (what the phase waits for) naming the move typed instead: ", not
    `swap`" after its first clause, before its first colon or semicolon outside brackets
    and backquotes ("Ann first discards, not `swap`: `discard CARDS` or `keep`"), else at
    its end. Said in the rules, so the table and every caller read the same refusal; a
    game that is over says only that it is (every move is refused alike)."""
    depth, quoted = 0, False
    for index, char in enumerate(sentence):
        if char == "`":
            quoted = not quoted
        elif quoted:
            continue
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif char in ":;" and depth == 0:
            return f"{sentence[:index]}, not {typed}{sentence[index:]}"
    return f"{sentence}, not {typed}"


class Phases:
    def __init__(self, phases, phase_of=None):
        self.phases = {}
        for phase in phases:
            if phase.name in self.phases:
                raise ValueError(f"phase {phase.name!r} declared twice")
            self.phases[phase.name] = phase
        for phase in self.phases.values():
            unknown = [name for name in phase.next if name not in self.phases]
            if unknown:
                raise ValueError(f"phase {phase.name!r} leads to undeclared phases {unknown}")
        self._phase_of = phase_of or (lambda state: state.phase)

    def of(self, state):
        return self.phases[self._phase_of(state)]

    turn_first = False  # True: a wrong speaker hears whose turn it is before the phase's sentence

    def allow(self, state, move, action):
        """The checks before the move's own rule: the game is not over, the phase opens
        this move, and it is the speaker's turn (before the phase with ``turn_first``).
        Raises RuleError. (A replay asks this of every event: the phase is looked up
        once, and a typed Action's speaker read as its attribute.)"""
        phase = self.phases[self._phase_of(state)]
        if phase.over:  # refused, unless the end itself lists it (a correction of the record)
            if move.name not in phase.moves:
                raise RuleError(text(phase.waiting, state), rule=text(phase.rule, state))
            return
        if move.anytime:
            return
        # nobody named: whose turn is checked once a reading names them
        said = action.get("by") if type(action) is dict else action.by
        if not said:
            if move.name not in phase.moves:
                raise RuleError(naming(text(phase.waiting, state), move.named), rule=text(phase.rule, state))
            return
        if self.turn_first:
            self.check_turn(state, move, said, phase)
        if move.name not in phase.moves:
            raise RuleError(naming(text(phase.waiting, state), move.named), rule=text(phase.rule, state))
        if not self.turn_first:
            self.check_turn(state, move, said, phase)

    def check_turn(self, state, move, said, phase=None):
        """Whose turn it is, for a move said by ``said`` (None: nobody named): refused when
        the phase waits for one seat and ``said`` is another. ``phase``: the state's, when
        the caller has it already (allow: a replay asks this of every event)."""
        phase = phase or self.of(state)
        if phase.over or move.anytime or not said:
            return
        acts = getattr(move, "acts", None)
        if acts is None:
            acts = phase.acts
        if acts == SEAT:  # the seat whose turn it is (asked only here: ANYONE's phases need no seat)
            turn = getattr(state, "turn", None)
            if turn is not None:
                acting = state.players[turn]
                if acting and said != acting:
                    raise RuleError(f"it is {acting}'s turn, not {said}'s", rule=phase.turn_rule)
            return
        if callable(acts):
            seats = tuple(acts(state))
            if seats and said not in seats:
                whose = seats[0] if len(seats) == 1 else " or ".join(seats)
                raise RuleError(f"it is {whose}'s turn, not {said}'s", rule=phase.turn_rule)

    def acting(self, state):
        """The seats that may act now, by the phase table: the player to act (SEAT), the
        seats its function names, or every seat (EVERY, ANYONE)."""
        phase = self.of(state)
        if callable(phase.acts):
            return tuple(phase.acts(state))
        if phase.acts == SEAT:
            acting = player_to_act(state)
            return (acting,) if acting else tuple(state.players)
        return tuple(state.players)

    # -- what the core derives --------------------------------------------------

    def prompt(self, state):
        return text(self.of(state).prompt, state) or "> "

    def default(self, state):
        return self.of(state).default

    def status(self, state):
        return text(self.of(state).status, state)

    def waiting(self, state):
        """(sentence, rule) of what the game waits for now."""
        phase = self.of(state)
        return text(phase.waiting, state), text(phase.rule, state)
