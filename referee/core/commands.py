"""The registry of what a player can type, so help, completion and dispatch agree.

A command is registered once with its words, usage and docstring (litecli's special
commands are the model); ``help`` is generated from here and the completer reads the
same entries, so a command cannot exist without its help. Handlers return text for the
shell to print; they never print themselves.
"""

import functools
from dataclasses import dataclass, field

from referee.core.errors import InputError, RuleError
from referee.core.text import closest


@dataclass(eq=False, repr=False)  # a declaration: compared and shown by name
class Command:
    """One thing a player can type: its words, its handler and its help."""

    name: str
    handler: object
    usage: str = ""
    aliases: tuple = ()
    complete: object = None  # fn(session, words_so_far) -> iterable of candidate words
    summary: str = ""
    details: str = ""
    group: str = "game"
    move: str = None  # the move (core.moves) it makes, when not its own name: help shows its rule
    fill: object = None  # fn(session) -> {name: text}: the game's own words for {name} in its help
    unseen: bool = False  # its words may name a secret (cards told, a value): its lines stay out of the history
    plays: object = None  # the core.moves.Move it types, when it is a move's own command (core.play)
    offered: object = None  # fn(state) -> bool: a question the game as set up has (`hint` with hints on);
    # None: always, or as its move's ``offered`` says
    whole: bool = False  # typed whole, never by a prefix: a command added later (`clock`, `pause`)
    # must not take a prefix tables already type for a game's own (`c` for `cards`, `pa` for `pass`)

    @property
    def words(self):
        return (self.name,) + tuple(self.aliases)

    def summary_for(self, session):
        """The summary as this game's help says it (``fill``'s words put in)."""
        return self._filled(self.summary, session)

    def details_for(self, session):
        return self._filled(self.details, session)

    def _filled(self, text, session):
        if self.fill is None or not text:
            return text
        try:
            return text.format(**self.fill(session))
        except Exception:  # a bug in the filling costs the examples, not the help
            return text


@dataclass(eq=False, repr=False)
class CommandSet:
    """Commands by name; later sets may extend an earlier one (shell + game)."""

    commands: dict = field(default_factory=dict)
    words: dict = field(default_factory=dict)

    def command(self, name, *aliases, usage="", complete=None, group="game", move=None, fill=None, unseen=False,
                offered=None, whole=False):
        def register(handler):
            summary, details = summary_and_details(handler)
            cmd = Command(name, handler, usage or name, tuple(aliases), complete, summary, details, group, move,
                          fill, unseen, offered=offered, whole=whole)
            self.add(cmd)
            return handler

        return register

    def add(self, cmd):
        replaced = self.commands.get(cmd.name)
        if replaced is not None:  # its aliases go with it, or they would run the old handler
            for word in replaced.words:
                if self.words.get(word) is replaced:
                    del self.words[word]
        self.commands[cmd.name] = cmd
        for word in cmd.words:
            self.words[word] = cmd

    def extend(self, other):
        merged = CommandSet(dict(self.commands), dict(self.words))
        for cmd in other.commands.values():
            merged.add(cmd)
        return merged

    def fit_replies(self, fit=None):
        """Wrap every handler once with ``fitted``, so every reply and refusal of the set is
        broken between words for the terminal (a phone is 50 columns): what each game's
        command module does last. ``fit(text, margin)`` defaults to fit_to_terminal; a game
        with its own breaking (after a slash or comma) passes its own."""
        fit = fit or fit_to_terminal
        for cmd in self.commands.values():
            if not getattr(cmd.handler, "fitted", False):
                cmd.handler = fitted(cmd.handler, fit)
                cmd.handler.fitted = True

    def exact(self, word):
        return self.words.get(word.lower())

    def lookup(self, word, shown=None):
        """A command by name, alias or unique prefix; else one line with a suggestion,
        among the commands ``shown(cmd)`` allows (the game as set up offers) when given."""
        word = word.lower()
        if not word:  # e.g. "Ann:" and nothing after it
            raise InputError("no command given; type a command (help lists them)")
        if word in self.words:
            return self.words[word]
        starts = sorted({cmd.name for w, cmd in self.words.items() if w.startswith(word) and not cmd.whole})
        if len(starts) == 1:
            return self.commands[starts[0]]
        shown = shown or (lambda cmd: True)
        if starts and [name for name in starts if shown(self.commands[name])]:
            starts = [name for name in starts if shown(self.commands[name])]
            if len(starts) == 1:
                return self.commands[starts[0]]
        if starts:
            raise InputError(f"{word!r} could be {', '.join(starts)}; type more of it")
        raise InputError(f"no command {word!r}{self._suggestion(word, shown)}")

    def _suggestion(self, word, shown):
        """"; did you mean …?" for a word no command begins with. Only words of three
        letters or more are suggested: a one-letter alias is "close" to any two-letter slip
        (a card code like `bs` is not a mistyped `s`)."""
        names = [w for w in self.words if len(w) >= 3 and shown(self.words[w])]
        close = closest(word, names, 0.6) if len(word) >= 3 else []
        return f"; did you mean {self.words[close[0]].name!r}?" if close else "; type help for the list"

    def near(self, word, cutoff=0.75, shown=None):
        """The command names ``word`` (three letters or more) may have meant: those it
        begins (`rul`: rule, rules), else the closest by difflib (`scroe`: score). The
        cutoff is stricter than lookup's: at a bare-answer prompt the word was more likely
        a mistyped answer (`zed`, a card, is 0.67 from `end`; `voet` 0.75 from `vote`)."""
        word = word.lower()
        if len(word) < 3 or word in self.words:
            return []
        shown = shown or (lambda cmd: True)
        starts = sorted({cmd.name for w, cmd in self.words.items() if w.startswith(word) and shown(cmd)})
        if starts:
            return starts[:3]
        names = [w for w in self.words if len(w) >= 3 and shown(self.words[w])]
        return [self.words[w].name for w in closest(word, names, cutoff)]


def summary_and_details(function):
    """A command's help from its function's docstring: the first line, then the rest."""
    doc = (function.__doc__ or "").strip().splitlines()
    summary = doc[0].strip() if doc else ""
    details = "\n".join(line.strip() for line in doc[1:]).strip()
    return summary, details


def offered(session, cmd):
    """Whether the game as set up offers ``cmd`` (Game.offers), for help and completion;
    a bug in a game's filter shows the command rather than hiding it."""
    try:
        return bool(session.game.offers(session.state, cmd.name))
    except Exception:
        return True


def fit_to_terminal(text, margin=0):
    """``text`` with each line wider than the terminal (less ``margin``) broken between
    words, later lines indented; lines that fit (a board's) are kept exactly as they are."""
    from referee.core import render

    return render.fit_lines(text, render.terminal_width() - margin)


def fitted(handler, fit):
    """``handler`` with its reply and its refusal broken between words by ``fit(text,
    margin)``: a phone is 50 columns, and a line the terminal breaks for us splits a word.
    The refusal leaves two columns for the shell's "✗ "; a long reply stays long (the
    pager's), a private one private (render.Private, with its owner; so does a refusal's
    private part) and data for a program (render.Data) is left exactly as it is."""
    from referee.core import render
    from referee.core.reply import Reply

    def fitted_reply(reply):
        if reply is None or isinstance(reply, (render.Data, Reply)):  # a Reply: the shell fits it (Game.fit)
            return reply
        if isinstance(reply, (list, tuple)) and any(isinstance(part, render.Private) for part in reply):
            return [fitted_reply(part) for part in reply]  # public and private parts stay apart
        text = fit("\n".join([reply] if isinstance(reply, str) else list(reply)), 0)
        if isinstance(reply, render.Private):
            return render.Private(text, reply.owner)
        return render.Long(text) if isinstance(reply, render.Long) else text

    @functools.wraps(handler)
    def wrapper(session, args):
        try:
            reply = handler(session, args)
        except RuleError as error:
            private = fit(error.private, 2) if error.private else error.private
            # the rule is in the text already, so RuleError does not add it again
            raise RuleError(fit(str(error), 2), rule=error.rule, private=private, owner=error.owner) from None
        except InputError as error:
            raise InputError(fit(str(error), 2)) from None
        return fitted_reply(reply)

    return wrapper


def whose_hand(session, args):
    """The player a `hand [PLAYER]` line means: the one named, else the speaker (`Ann:
    hand`), else the player to act. Whether the speaker may see it is the game's rule."""
    if args.strip():
        return session.player(args.split()[0])
    state = session.state
    player = session.speaker or state.player
    if not player:
        raise InputError("whose hand? e.g. `hand Ann`")
    return player


