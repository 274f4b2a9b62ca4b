"""Each kind of move declared once, so the rules, the log, help and "what may I do now"
cannot drift apart (DESIGN 2; pokerkit's verify_x / can_x / x).

A game lists its moves as :class:`Move` records in a :class:`MoveSet` together with its
phase table (core.phases). The set is then the game's whole ``apply``: it reads the
action (its kind and its fields, as typed or as written in the journal), runs the checks
in boardgame.io's order (the move exists → the game is not over → the phase allows it →
the right player → the move's own rule) and only then the move's pure effect. The same
declarations answer ``can`` (the checks without the effect), the log line of an action
(its full form, and its public form while it holds a secret) and the moves open now.

Actions stay plain dicts ({"do": name, field: value, ...}) because that is what the
journal holds and old journals must keep resuming; a move's ``fields`` type them, and an
action whose fields do not fit is refused as damaged before any rule sees it.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from referee.core.actions import Action
from referee.core.errors import ActionError, InputError, RuleError
from referee.core.text import quoted



def never(state):
    """``Move.offered`` of a move a game declares only to refuse it with its reason: the
    other game's in the same box (Colors' `take`, Jr's `play`), typed by a table that
    mixed the two up. Never offered, so no phase need open it (nor ``anytime``)."""
    return False


@dataclass(frozen=True, eq=False, repr=False)  # a declaration: compared and shown by name
class Move:
    """One kind of move.

    ``check(state, action)`` raises RuleError naming a rule of the game's table, or
    returns None; ``effect(state, action)`` is pure and runs only after every check
    passed; ``line(action)`` is the scribe's log line; ``public(action)``, for a move
    that holds a secret (a hand typed at a masked prompt), is the line the table sees
    until the game ends. ``fields`` maps each field to its type (or a tuple of types);
    those in ``optional`` may be absent. ``anytime`` moves (adjust, finish) are open in
    every phase but the end, and to any player.

    ``offered(state) -> bool`` says whether the game as set up has this move at all (its
    variant, its mode, its number of seats: Rummy's ``run``, a table-mode ``deal``). It
    is declared once and everything derives from it: ``open_now`` (so `moves`), help and
    completion (Game.offers) leave the move out, and typed anyway it is refused with
    ``absent`` (a text formatted with ``state``, or a function of the state) citing
    ``absent_rule`` (an id or a function of the state; by default the move's ``rule``),
    just before the move's own ``check``, so the check never has to ask again.

    ``ready(state) -> bool`` narrows only what `moves` lists: whether someone could make
    the move now as far as the state alone says (no `word` before a card is placed, no
    `finish` before a turn: ``ready=lambda s: MOVES.can(s, {"do": "finish"})`` for a move
    without fields). It never refuses: typed anyway, the move's check gives its reason.
    One predicate per move instead of a MoveSet subclass overriding ``open_now``.

    ``called`` is how a refusal names the move typed when the phase does not open it
    ("…, not `swap`: …", core.phases): by default its name in backquotes, which is the
    command for most moves; a move made by a command of another name says which.

    How the move is typed is declared here too, so a move has one declaration from the
    words to the reply (DESIGN 2) and the core runs its whole path (core.play):
    ``words`` are the command and its aliases (none: the move is never typed, only
    journalled by another), ``usage`` its syntax for help; ``reading(ctx, text)`` turns
    the words after the command into the action's fields (a dict, or a list of whole
    actions for a line that makes several moves), raising only InputError for words that
    name nothing, and may use what the context offers (the lexicon, a masked prompt);
    its docstring is the command's help. ``reply(ctx, before, after, action)`` is what
    the table is told (text, lines, a core.reply.Reply, or a render.Private part);
    without one, the move's log line after a tick. ``complete``, ``fill`` and
    ``unseen`` are the command's completion, help examples and history rule
    (core.commands.Command).

    ``gather(ctx, action)`` completes an action with what the words do not say and the
    rules cannot compute: the lexicon's verdict, a card drawn in digital mode, a card
    typed unseen at a masked prompt. ``check_first(state, action)``, pure like ``check``,
    holds the rules that must refuse before ``gather`` asks anyone anything (a masked
    question for a payment the table can already see is impossible); replay runs it too,
    just before ``check``, so ``check`` need not repeat it."""

    name: str
    effect: object
    line: object
    rule: str = None
    check: object = None
    fields: dict = field(default_factory=dict)
    optional: tuple = ()
    public: object = None
    summary: str = ""
    anytime: bool = False
    offered: object = None  # fn(state) -> bool: the game as set up has this move; None: always
    absent: object = None  # the refusal when it has not: text ("{state.title} has no runs") or fn(state)
    absent_rule: object = None  # its rule id (or fn(state) -> id); None: the move's ``rule``
    ready: object = None  # fn(state) -> bool: worth listing in `moves` now; None: whenever open
    called: str = None  # how a refusal names it ("`bonus`"); None: "`name`"
    words: tuple = ()  # the command that types it, then its aliases; (): never typed itself
    usage: str = ""  # its syntax in help ("take CELL")
    reading: object = None  # fn(ctx, text) -> the action's fields (or a list of actions); InputError only
    reply: object = None  # fn(ctx, before, after, action) -> what the table is told; None: the log line
    complete: object = None  # fn(ctx, words_so_far) -> candidate words (core.completion)
    fill: object = None  # fn(ctx) -> {name: text}: the game's own words in its help
    unseen: bool = False  # its words may name a secret even without ``public``: kept out of the history
    gather: object = None  # fn(ctx, action) -> action: what the words do not say (a verdict, a draw, a masked answer)
    check_first: object = None  # fn(state, action): the rules that must pass before ``gather`` asks anything
    acts: object = None  # fn(state) -> the seats that may make this move now (a claim by anyone while
    # the placer places); None: the phase's ``acts``. Whose turn is the phase table's, never the rule's

    @property
    def named(self):
        """The move as a refusal names it: ``called``, else its name in backquotes."""
        return self.called or f"`{self.name.replace('_', ' ')}`"

    @property
    def secret(self):
        return self.public is not None

    def offered_in(self, state):
        """Whether the game as set up has this move (``offered``; True when undeclared)."""
        return self.offered is None or bool(self.offered(state))

    def refuse_absent(self, state):
        """Raise the refusal of a move the game as set up does not have."""
        said = self.absent(state) if callable(self.absent) else (self.absent or "").format(state=state)
        rule = self.absent_rule(state) if callable(self.absent_rule) else self.absent_rule
        raise RuleError(said or f"this game as set up has no {self.name}", rule=rule or self.rule)

    def read(self, action):
        """The action as a typed, frozen :class:`Action` if its fields fit this move;
        ActionError otherwise."""
        plan, kind_of_action = self._reading
        for name, kind, exact, optional in plan:
            if name in action:
                value = action[name]
                if type(value) in exact or (value is None and optional):
                    continue  # the usual case, by a set lookup
                if kind is not None and not _fits(value, kind):
                    # The value is not quoted: a damaged save's line is said on the shared
                    # screen, and the field may hold a secret (a tell's cards, issue 18).
                    raise ActionError(f"{_a(self.name)} action whose {name!r} is not what it holds")
            elif not optional:
                raise ActionError(f"{_a(self.name)} action without its {name!r}")
        if type(action) is not dict and isinstance(action, Action):  # a journal's is a dict: no ABC check
            return action
        return kind_of_action(**action)  # the move's kind of Action, made in C (Action.kind)

    def partial(self, action):
        """``action`` as this move's Action before it is whole (core.play's check_first
        sees it before gather adds what the words do not say): typed, its fields not
        checked yet."""
        return self._reading[1](**action)

    @cached_property
    def _reading(self):
        """What ``read`` checks, worked out once per move (a replay reads thousands of
        actions): (field, type, the types it takes as they are, optional) in declaration
        order, and this move's kind of Action, whose absent optional fields read as their
        defaults."""
        optional = self.optional
        plan = tuple((name, kind, _exact(kind), name in optional) for name, kind in self.fields.items())
        defaults = dict(optional) if isinstance(optional, dict) else dict.fromkeys(optional)
        return plan, Action.kind(defaults)


def _a(word):
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _exact(kind):
    """The types a field of ``kind`` accepts by its type alone (a set lookup, where
    _fits's isinstance walk is the slow way for the same answer): the declared ones, and
    int where a float is declared, as _fits reads them."""
    kinds = set(kind) if isinstance(kind, tuple) else {kind}
    if float in kinds:
        kinds.add(int)
    return frozenset(kinds)


def _fits(value, kind):
    if kind is float or (isinstance(kind, tuple) and float in kind):
        kind = tuple(kind) + (int,) if isinstance(kind, tuple) else (float, int)
    if isinstance(value, bool) and kind is not bool and not (isinstance(kind, tuple) and bool in kind):
        return False
    return isinstance(value, kind)


class MoveSet:
    """A game's moves and its phase table: together, the game's ``apply``."""

    def __init__(self, moves, phases):
        self.moves = {}
        for move in moves:
            if move.name in self.moves:
                raise ValueError(f"move {move.name!r} declared twice")
            self.moves[move.name] = move
        self.phases = phases
        for phase in phases.phases.values():
            unknown = [name for name in phase.moves if name not in self.moves]
            if unknown:
                raise ValueError(f"phase {phase.name!r} names undeclared moves {unknown}")

    def __iter__(self):
        return iter(self.moves.values())

    def __contains__(self, name):
        return name in self.moves

    def __getitem__(self, name):
        return self.moves[name]

    # -- the checks, in their order ---------------------------------------------

    def read(self, action):
        """The declared move of an action, its fields checked (the move exists)."""
        return self.typed(action)[0]

    def typed(self, action):
        """(the declared move, the action as its typed :class:`Action`), its fields checked."""
        kind = action.get("do") if type(action) is dict or isinstance(action, Mapping) else None
        move = self.moves.get(kind)
        if move is None:
            raise ActionError(f"not a move of this game: {quoted(kind, 40)}")
        return move, move.read(action)

    def verify(self, state, action):
        """Every check of ``action`` in ``state``, in order; raises the first refusal.
        Returns the move. The order: the move exists and its fields fit → the game is not
        over, the phase opens it, the right player (Phases.allow) → the game as set up
        has it (Move.offered) → the move's own rule (Move.check)."""
        return self._verified(state, action)[0]

    def _verified(self, state, action):
        move, action = self.typed(action)
        self.allow(state, move, action)
        if move.check_first is not None:
            move.check_first(state, action)
        if move.check is not None:
            move.check(state, action)
        return move, action

    def allow(self, state, move, action):
        """The checks before the move's own rule: the phase's (not over, opens the move,
        the right player) and whether the game as set up has the move. The shell asks
        these alone before a command reads its words (Game.check_offered)."""
        self.phases.allow(state, move, action)
        if move.offered is not None and not move.offered(state):
            move.refuse_absent(state)

    def can(self, state, action):
        """Whether ``action`` would be accepted now (pokerkit's can_x)."""
        try:
            self.verify(state, action)
        except (RuleError, InputError):
            return False
        return True

    def apply(self, state, action):
        move, action = self._verified(state, action)
        return move.effect(state, action)

    # -- what the declarations tell the table -----------------------------------

    def open_now(self, state):
        """The moves the phase leaves open, the game as set up has (Move.offered) and the
        state leaves worth trying (Move.ready), in declaration order (for `moves`); a
        move's own rule may still refuse a particular one."""
        phase = self.phases.of(state)
        if phase.over:
            opened = [m for m in self.moves.values() if m.name in phase.moves]
        else:
            opened = [m for m in self.moves.values() if m.anytime or m.name in phase.moves]
        return [m for m in opened if m.offered_in(state) and (m.ready is None or m.ready(state))]

    def offered(self, state, name):
        """Whether the game as set up has move ``name`` (Move.offered); a name that is no
        move (a question such as `hand` or `score`) is not this set's to hide: True."""
        move = self.moves.get(name)
        return move is None or move.offered_in(state)

    def commands(self):
        """The commands that type these moves (those declaring ``words``), each running
        the move's whole path through core.play; a game adds its questions to them."""
        from referee.core.commands import CommandSet
        from referee.core.play import command_of

        typed = CommandSet()
        for move in self.moves.values():
            if move.words:
                typed.add(command_of(move))
        return typed

    def describe(self, action):
        move = self.moves.get(action.get("do"))
        return move.line(self._typed_line(move, action)) if move is not None else str(action.get("do", "?"))

    @staticmethod
    def _typed_line(move, action):
        """The action as its log line reads it (typed), or as it stands when its fields do
        not fit (a damaged save's line is still said, as well as the line can)."""
        try:
            return move.read(action)
        except ActionError:
            return action

    def is_secret(self, action):
        move = self.moves.get(action.get("do"))
        return bool(move is not None and move.secret)

    def describe_public(self, action):
        move = self.moves.get(action.get("do"))
        if move is not None and move.public is not None:
            return move.public(self._typed_line(move, action))
        return "(hidden until the game ends)"

    def rule_of(self, name):
        move = self.moves.get(name)
        return move.rule if move is not None else None
