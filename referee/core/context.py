"""What a command is handed: the game, and what the terminal it was typed at can do.

One per shell. The session is the game alone (its journal, its states, who spoke the
line being made); what belongs to the terminal (ask at a masked prompt, ask yes or no,
show one seat's text, the commands it knows, the last refusal for `why`, memory a game
keeps between lines, such as a refused word to re-try) lives here, so no terminal ever
writes onto the session and another kind of screen can hand commands its own context.
Everything else is read from the session (``ctx.state``, ``ctx.players``, ``ctx.do``).
"""


class Context:
    def __init__(self, session, shell):
        self.session = session
        self.shell = shell
        self.last_refusal = None  # (words, rule) of the last refusal, for `why`

    def __getattr__(self, name):
        if name in ("session", "shell"):  # not set yet: never look them up on the session
            raise AttributeError(name)
        return getattr(self.session, name)

    @property
    def commands(self):
        """The commands this terminal knows (the shell's and the game's), for help."""
        return self.shell.commands

    @property
    def interactive(self):
        """Whether a player can be asked at a masked prompt (a script cannot: its lines
        are read by the whole table anyway). A masked prompt answered by something other
        than the shell's own (a test's, another screen's) can always be asked."""
        asker = getattr(self.shell.ask_secret, "__self__", None)
        return getattr(asker, "interactive", True)

    @property
    def width(self):
        """The columns a reply may use: the terminal's (a phone's 50, a laptop's 80 or
        more). A game's readings, replies and questions take it from here and never ask
        the terminal themselves, so another screen can say its own."""
        from referee.core import render

        return render.terminal_width()

    def confirm(self, question):
        return self.shell.confirm(question)

    def ask_secret(self, owner, question):
        return self.shell.ask_secret(owner, question)

    def ask(self, question, default=None):
        """A plain, visible question for a word the line left for later (a Connections
        side typed `?` that a card now touches): the answer, stripped, or ``default``
        when none is given. Cancelling it cancels the whole line (KeyboardInterrupt)."""
        return self.shell.ask(question, default)

    def retype(self):
        """Offer the line being run back at the next prompt, to edit rather than type
        again (a card whose word the player just said was a slip)."""
        retype = getattr(self.shell, "retype", None)
        if retype is not None:
            retype()

    def show_private(self, owner, text):
        return self.shell.show_private(owner, text)


class Sight:
    """A session seen on a screen of ``width`` columns that nobody types at (`referee
    watch`): what a game's views read of a context (its state, players, width), with no
    question to ask anyone."""

    def __init__(self, session, width, rows=None):
        self.session = session
        self.width = width
        self.rows = rows  # the rows the picture may take (None: as many as it needs)

    def __getattr__(self, name):
        if name == "session":
            raise AttributeError(name)
        return getattr(self.session, name)
