"""What the core needs from a game, with the defaults most games keep.

A game is one object: its rules (pure functions of state and action), its commands and
its views. The core knows nothing else about it, so the same session, journal, shell and
exports serve every game.

Its moves, commands and phase table are its package's own ``moves.MOVES``,
``commands.COMMANDS`` and ``phases.PHASES`` (every package has the same modules:
tests/test_house.py), each imported when first asked for. A first prompt asks only for
the phase table (the prompt, the bare answer, the toolbar's first part), so it is drawn
before the moves and commands load; the shell loads them once it is drawn (its warm-up).
"""

from functools import cached_property


def _with_budget(cls):
    """Every game offers the per-player time budget (`-o clock=20m`, core.clocks), after
    its own options: the clocks are the house's, not a game's."""
    from referee.core.budget import budget_option

    options = tuple(cls.options or ())
    if not any(option.name == "clock" for option in options):
        cls.options = options + (budget_option(),)


class Game:
    entry = None  # the game's referee.games.Entry (its package's ENTRY): name, title, modes
    # and who may play are read from it, written once for the command line and the game
    name = ""
    title = ""
    options = ()  # core.options.Option declarations: the RULINGS that are table choices
    modes = ("table", "digital")
    min_players = 2
    max_players = 8

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        entry = cls.__dict__.get("entry")
        if entry is not None:
            allowed = entry.players.allowed() if entry.players else (cls.min_players, cls.max_players)
            cls.name, cls.title, cls.modes = entry.name, entry.title, tuple(entry.modes)
            cls.min_players, cls.max_players = min(allowed), max(allowed)
            if entry.players and entry.players.by:  # a variant may seat fewer or more (Solitaire)
                counts = [n for seats in entry.players.by[1].values() for n in seats.allowed()]
                cls.min_players, cls.max_players = min(counts + [cls.min_players]), max(counts + [cls.max_players])
            _with_budget(cls)

    # -- rules (pure) -----------------------------------------------------------

    rules = None  # the game's pure rules: a module with initial(header) and, unless moves is set, apply
    view = None  # its views: a module with describe(action) and scoreboard(state)

    @cached_property
    def moves(self):
        """core.moves.MoveSet: every move (apply, the log lines), its package's moves.MOVES."""
        return _own(self, "moves", "MOVES")

    @cached_property
    def commands(self):
        """core.commands.CommandSet: what a player types, its package's commands.COMMANDS."""
        return _own(self, "commands", "COMMANDS")

    def initial(self, header):
        return self.rules.initial(header)

    def variant(self, header):
        """The game that plays ``header``: this one, or a different game in the same box
        that a table option picks (python-chess's ``VARIANTS``: Cosmic Colors Jr has its
        own state, moves and views, kept in its own package, while ``referee colors
        --variant jr`` names it). The session asks once, before the first state."""
        return self

    def apply(self, state, action):
        if self.moves is not None:
            return self.moves.apply(state, action)
        return self.rules.apply(state, action)

    def is_over(self, state):
        """The phase table's ``over`` phase; without one, a ``phase`` that is "over"."""
        if self.phases is not None:
            return self.phases.of(state).over
        return getattr(state, "phase", None) == "over"

    def rule_table(self):
        """The rules this game's refusals cite (core.ruletable): its own ``ruletable.md``
        beside its code and the core's general rulings, read once when first asked."""
        from referee.core import ruletable

        return ruletable.load(ruletable.package_of(self))

    def players_refusal(self, header):
        """Why the header's players cannot play this game with its table options, or None:
        the entry's Seats (a variant may change them), the one rule of who may play. The
        command line asks it before a game starts, the session again of a save."""
        if self.entry is None or self.entry.players is None:
            return None
        return self.entry.players.refusal(self.title, len(header.get("players") or ()), header.get("options") or {})

    def revealed(self, before, after):
        """What hidden thing the step from ``before`` to ``after`` showed (a digital draw).

        Undo cannot un-see it, so undo asks first (boardgame.io does the same).
        """
        return None

    # -- setting up -------------------------------------------------------------

    def prepare(self, header, **extras):
        """Complete a new game's header (e.g. copy a deck file into it) before it is saved."""

    def warm(self, session):
        """Start loading slow things in the background while the first prompt is up."""

    def tailor(self, commands, state):
        """The commands as this table reads them (help's usages), given the shell's own
        copy to change: by default unchanged. Asked once, when the shell first needs them."""
        return commands

    def welcome(self, session):
        return f"{self.title}, game {session.header['id']}. Type help for the commands."

    # -- for the shell ----------------------------------------------------------

    def offers(self, state, command):
        """Whether ``command`` (its name) belongs to the game as set up (its variant, its
        mode): `help` and completion leave out the others, so a table playing Quads is not
        shown Rummy's commands. The rules still refuse, with their reason, what is typed anyway.

        By default derived from the moves: a command that makes a move (its name, or its
        ``move=`` in the command registry) is offered when the move's ``offered`` says the
        game as set up has it (core.moves.Move). A game overriding this for its questions
        (a `hand` shown only in digital mode) asks ``super().offers`` for the rest."""
        cmd = self.commands.commands.get(command) if self.commands is not None else None
        if cmd is not None and cmd.offered is not None:  # a question's own (Command.offered)
            return bool(cmd.offered(state))
        if self.moves is None:
            return True
        return self.moves.offered(state, self.move_of(command))

    def check_offered(self, state, command, speaker=None):
        """Refuse ``command`` before its words are read when the move it makes is one the
        game as set up does not have (Move.offered): a Quads table typing `run ...` is told
        runs are Rummy's, not how a run is typed. The refusal is the move's own (its
        ``absent`` and rule), after the phase's checks, as the rules would give it; a move
        that declares no ``offered`` is left to its command and its rules."""
        cmd = self.commands.commands.get(command) if self.commands is not None else None
        if self.moves is None or (cmd is not None and cmd.offered is not None):
            return  # a question that says itself whether the game has it (Command.offered)
        move = self.moves.moves.get(self.move_of(command))
        if move is None or move.offered_in(state):
            return
        self.moves.allow(state, move, {"by": speaker} if speaker else {})

    def move_of(self, command):
        """The move a command (its name) makes: its registry ``move=``, else its own name."""
        cmd = self.commands.commands.get(command) if self.commands is not None else None
        return cmd.move if cmd is not None and cmd.move else command

    def default_command(self, state):
        """The command a bare line means while the game waits for one answer."""
        if self.phases is not None:
            return self.phases.default(state)
        return None

    @cached_property
    def phases(self):
        """The phase table (core.phases): the prompt, the bare answer, the toolbar's first
        part and the end. Its package's phases.PHASES, else its moves' (a game made in a test)."""
        own = _own(self, "phases", "PHASES")
        if own is None and self.moves is not None:
            return self.moves.phases
        return own

    def prompt(self, state):
        if self.phases is not None:
            return self.phases.prompt(state)
        return "> "

    def toolbar(self, state):
        """The toolbar's parts, most important first: by default what the phase table says
        the game waits for; a game adds its own parts after it (``status_parts``)."""
        if self.phases is None:
            return []
        first = self.phases.status(state)
        return ([first] if first else []) + list(self.status_parts(state))

    def status_parts(self, state):
        """The toolbar's parts after the phase's own (timer, indicator, scores)."""
        return []

    def timer(self, state):
        """(started_at, limit_seconds) of the running turn timer, or (None, 0)."""
        return None, 0

    def describe(self, action):
        """One line of the scribe's log for an action."""
        if self.moves is not None:
            return self.moves.describe(action)
        return self.view.describe(action) if self.view else action.get("do", "?")

    def narrate(self, before, action, after, final):
        """(who, what) of an action in the record, knowing the states around it (and the
        last one): who laid the sun, a vote's question, tally and outcome, a word struck
        later. A game's view may define ``narrate`` with this signature; by default the
        action says it alone. Never called for a secret action before the end."""
        told = getattr(self.view, "narrate", None) if self.view else None
        if told is not None:
            return told(before, action, after, final)
        return action.get("by", ""), self.describe(action)

    def records(self, session):
        """The records this finished or unfinished game sets, for `referee stats`: a list
        of core.stats.Record (longest word, best play...). A game keeps them in its own
        ``records.py`` (``records(session)``), loaded only when stats asks; none by default."""
        records = _own(self, "records", "records")
        return records(session) if records is not None else []

    def describe_public(self, action):
        """The log line of a secret action (is_secret) while the game is on: what the table
        may know of it, e.g. that cards were named but not which."""
        if self.moves is not None:
            return self.moves.describe_public(action)
        return "(hidden until the game ends)"

    def is_secret(self, action):
        """Whether an action's details stay out of public views until the game ends."""
        if self.moves is not None:
            return self.moves.is_secret(action)
        return False

    def show(self, session):
        return ""

    def picture(self, ctx):
        """The public picture as data for a screen that is not a terminal (`referee
        screen`): a JSON-able dict whose ``kind`` names the game's drawing in the page's
        script (referee/screen/static/<kind>.js), holding only what the whole table may
        see, like :meth:`show`. None: the page shows :meth:`show`'s text as it is."""
        return None

    def fit(self, text, width):
        """``text`` broken for a screen ``width`` columns wide: every reply and refusal
        goes through here once, in the shell. By default each line wider than the screen
        is broken between words (a phone is 50 columns); a game with its own breaking
        (after a slash or a comma, never inside a cell like 0,1) says so here."""
        from referee.core import render

        return render.fit_lines(text, width)

    def scoreboard(self, state, width=None):
        """(headers, rows) of the scoreboard the table may see now, for a table ``width``
        columns wide (a game whose columns depend on it takes it; None: a script's)."""
        return self.view.scoreboard(state) if self.view else ([], [])

    def result(self, state):
        """{"finished", "players": [{"name", "score"}], "winners"} for --json; a team game
        adds "shared": whether its winners tied or are the players of one winning team."""
        raise NotImplementedError

    def scores(self, state, reveal=False):
        """Each player's score in ``state`` as {name: score}, for the score chart and the
        table display: what result() shows, None for a score the table may not see yet.
        With ``reveal`` (the game has ended, so its secrets are out) a game whose totals are
        secret during play gives them for past states too (Colors, CC-4)."""
        return {p["name"]: p.get("score") for p in self.result(state).get("players", [])}

    def chart_point(self, state):
        """What the score chart counts in this game, as ``(unit, number)``: the number of
        the turn or round ``state`` is in (0 before the first), a point taken at the last
        state of each (Cosmos: ``("round", state.round)``, the rounds it scores by;
        Colors: the turns its review numbers). None: the state's round and turn, whichever
        it keeps (core.chart)."""
        return None

    def summary(self, session):
        """The end-of-game text: final scoreboard, winners, clocks. It is printed last
        (core.ending), so it should end with the winner."""
        return ""

    def look_back(self, ctx):
        """What looks back over a finished game, printed at its end above the score chart
        and the final scores (ConneXion: each player's missed words); None for nothing."""
        return None


def _own(game, module, name):
    """``name`` from the module ``module`` beside the game's own code, imported now (the
    core names no game); None when the package has no such module (a game made in a test
    declares its own)."""
    from importlib import import_module

    path = f"{type(game).__module__.rpartition('.')[0]}.{module}"  # not ruletable's: a first prompt loads none
    try:
        return getattr(import_module(path), name)
    except ModuleNotFoundError as error:
        if error.name != path:
            raise
        return None
