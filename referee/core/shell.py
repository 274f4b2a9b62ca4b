"""The thin shell: read a line, find its command, run it, print what it returned.

This is the one place where errors are caught and turned into a single line (DESIGN 3),
so nothing a player types can show a traceback: a :class:`RefereeError` prints its
message; anything else is a bug, reported in one line and written in full to
``errors.log`` in the save folder for the developers. The same ``execute`` serves the
prompt-toolkit REPL and the plain line-by-line loop used for scripts, pipes and tests.
"""

import os
import re
import sys
import time

import click

from referee.core import ending, render
from referee.core.context import Context
from referee.core.errors import InputError, JournalError, RefereeError, RuleError
from referee.core.text import clean_line, closest, has_control
from referee.core.timer import bell_due, clock, remaining

# The patterns are compiled as the first line is read (re keeps them), not before the prompt.
_SPEAKER = r"^\s*([^\s:]+)\s*:\s*(.*)$"

# The longest line the referee reads (issue 18, items 7 and 14): no command of any game
# needs more than a few hundred characters, and every reader of words is then bounded
# before it starts, whatever it costs per word.
MAX_LINE = 2000
_UNDECODED = "[\udc80-\udcff]"  # what surrogateescape makes of a byte that is not UTF-8 (never printable)

# The terminal's alternate screen (xterm's 1049, which tmux, Termux and every phone
# terminal follow): what is shown there never enters the scrollback, and leaving it puts
# the shared screen back exactly as it was, whatever was typed or however the window was
# resized meanwhile (issue 18, item 2).
PRIVATE_SCREEN_ON = "\x1b[?1049h\x1b[H\x1b[2J"
PRIVATE_SCREEN_OFF = "\x1b[H\x1b[2J\x1b[?1049l"


class Overlong(str):
    """The start of a script line longer than MAX_LINE, read no further than that;
    ``length`` is how long the whole line was (it is skipped a block at a time)."""

    def __new__(cls, start, length):
        line = super().__new__(cls, start)
        line.length = length
        return line


def bounded_lines(source):
    """The lines of a script or pipe, each read at most MAX_LINE + 1 characters at a time:
    a line longer than that (a 50 MB line with no newline) comes as an :class:`Overlong`
    and is never held whole (issue 18, item 14). A source without readline (a list, in
    tests) is iterated as it is."""
    readline = getattr(source, "readline", None)
    if readline is None:
        yield from source
        return
    while True:
        line = readline(MAX_LINE + 2)
        if not line:
            return
        if len(line.rstrip("\r\n")) <= MAX_LINE:
            yield line
            continue
        start, length = line[:60], len(line)
        while not line.endswith("\n"):
            line = readline(65536)
            if not line:
                break
            length += len(line)
        yield Overlong(start, length - len(line) + len(line.rstrip("\r\n")))


def _length(line):
    return getattr(line, "length", None) or len(line)


def line_refusal(line):
    """Why a typed line (a script's, the REPL's, an answer typed at a question) is not
    read at all, or None: longer than MAX_LINE, or holding a control character (ESC, BEL,
    CR, a bidirectional override), which would otherwise reach the table's terminal in an
    echo or a reply (issue 18, item 7). Tabs are read as spaces before this is asked."""
    if isinstance(line, Overlong) or len(line) > MAX_LINE:
        return f"a line may hold at most {MAX_LINE:,} characters, not {_length(line):,}; nothing was done"
    if not line.isprintable() and re.search(_UNDECODED, line):  # a byte the script's UTF-8 reader could not read
        return "this line is not UTF-8 text; nothing was done"
    if has_control(line):
        first = next(ch for ch in line if has_control(ch))
        return f"a line may not hold control characters ({clean_line(first)}); nothing was done"
    return None


def shown_line(line):
    """A typed line as it is echoed back: control characters shown escaped, and a line
    too long to be read shown by its start and its length (one screen line, not pages)."""
    if isinstance(line, Overlong) or len(line) > MAX_LINE:
        return clean_line(line[:60]) + f"… ({_length(line):,} characters)"
    return clean_line(line)


class Shell:
    def __init__(self, session, commands, out=None, interactive=False, endings=()):
        self.session = session
        self._commands = commands
        self._tailored = None  # the commands once loaded and tailored (the property below)
        # What the app shows above the final scores when a line ends the game (the score
        # chart, core.chart.at_end, registered by launch): the shell knows no app.
        self.endings = tuple(endings)
        self.interactive = interactive
        self.out = _unless_closed(self, out or render.emit)
        self.reader_gone = False  # what reads our output (`| head -1`) has closed it
        self.leaving = False
        self.refused = 0
        self.interrupted = False  # a line was cut short by Ctrl-C
        self.context = Context(session, self)  # what every command is handed (no attribute of ours on the session)
        self._confirm_answers = None
        self._typed_at_a_question = []  # commands typed at a question: run after the current line
        self._bell_seen = None  # ((started, limit), when) of the last look at the turn timer
        self._history = None  # the REPL's line history, so those commands are in it too
        self._terminal = {}  # the input/output run_interactive was given, for confirm() too
        self._warmed = False  # the game's background loading has started (run_interactive)
        self._admitting = None  # the line being put in the history now that it was accepted
        self.told = []  # every reply's public part as data (Reply.as_dict), for --json
        self.private_screen = None  # a screen beside the REPL (--screen): a seat's secrets go to their open page
        self._clock_told = set()  # the players whose time budget ran out, said once (core.clocks)

    # -- one line ---------------------------------------------------------------

    def execute(self, line, stop_on_save_error=False):
        """Run one line; returns True when it was accepted (or was empty).

        Nothing is raised, except with ``stop_on_save_error`` a :class:`JournalError`
        (an action that could not be written), for loops that must not go on without it.
        """
        if isinstance(line, Overlong):
            refusal = line_refusal(line)
        else:
            line = line.replace("\t", " ").strip()
            if not line:
                return True
            refusal = line_refusal(line)
        if refusal:  # before anything reads it: no echo of its controls, no reader of its length
            self.refused += 1
            self._remember(InputError(refusal))
            self._refuse(refusal)
            return False
        if line.startswith("#"):
            return True
        written = len(self.session.journal.records)
        queued = len(self._typed_at_a_question)
        try:
            was_over = self.session.over  # the game's own code: inside the net like the rest
            # Formatting is inside the try too: a reply that is not text is a bug like any other.
            texts = self._told(self._dispatch(line))
            texts.extend(self._clock_news())
            if self.session.over and not was_over:  # this line ended the game: the summary, once, last
                texts.extend(self._clock_summary())  # the clocks' line, above the final scores
                texts.extend(_text(text) for text in ending.texts(self.session, self.context, self.endings))
        except JournalError as error:
            self.refused += 1
            self._remember(error)
            if stop_on_save_error:
                raise
            self._refuse(str(error))
            return False
        except RefereeError as error:
            self.refused += 1
            self._remember(error)
            if not self._answered_by_itself(line, queued):
                self._refuse(str(error))
                self._show_private_part(error)
            return False
        except KeyboardInterrupt:
            self.refused += 1
            self.interrupted = True
            if len(self.session.journal.records) == written:
                self._refuse("cancelled; the game is as it was")
            else:
                self._refuse("cancelled, but what the line did is saved; `log` shows it")
            return False
        except Exception as error:  # a bug: one line for the player, the rest for us
            self.refused += 1
            where = log_bug(line)
            if len(self.session.journal.records) == written:
                saved = "the game is saved as it was"
            else:
                saved = "what the line did is saved; `log` shows it"
            self._refuse(f"internal error ({type(error).__name__}); {saved}. Details: {where}")
            return False
        finally:
            self.session.speaker = None
        for text in texts:
            if isinstance(text, render.Private):
                self.context.show_private(text.owner, str(text))
            elif text:
                self._show(text)
        return True

    def _told(self, reply):
        """A handler's reply as the texts to show: a core.reply.Reply is fitted here, once,
        by the game's own breaking at the width of this screen; what it said publicly is
        kept as data for ``--json``."""
        from referee.core.reply import Reply  # made by a game's moves, which load after the first prompt

        if isinstance(reply, Reply):
            self.told.append(reply.as_dict())
            return [_Verdict(part) if type(part) is str else part for part in reply.parts(fit=self._fit)]
        parts = _parts(reply)
        public = [click.unstyle(str(part)) for part in parts if part and not isinstance(part, render.Private)]
        if public and not any(isinstance(part, render.Data) for part in parts):
            self.told.append({"public": "\n".join(public).split("\n")})
        return parts

    def _answered_by_itself(self, line, queued):
        """Whether a question this line asked was answered with the same command again
        (`undo` → "Undo anyway? [y/N]" → `undo yes`): that line, run next, is the answer,
        so this one's refusal ("not undone") is not printed before its "undone"."""
        try:
            asked = self._command_of(line)
            return asked is not None and any(self._command_of(typed) is asked
                                             for typed, _wiped in self._typed_at_a_question[queued:])
        except Exception:
            return False

    def _command_of(self, line):
        """The command a line names by its first word (after `Ann:`), or None."""
        match = re.match(_SPEAKER, line)
        if match and any(p.lower() == match.group(1).lower() for p in self.session.players):
            line = match.group(2)
        word = line.strip().partition(" ")[0]
        return self.commands.exact(word) if word else None

    def _remember(self, error):
        """Keep the last refusal's public words and rule on the session, for `why`."""
        self.context.last_refusal = (str(error), getattr(error, "rule", None))

    def _show_private_part(self, error):
        """The part of a refusal only its owner may read (their hidden cards, DESIGN 5),
        shown the way a hand is and never printed with the public line. A refusal that
        names no owner is about the hidden cards of the player to act: it goes to them,
        unless someone else spoke the line; when in doubt it is not shown at all, rather
        than shown to the wrong player."""
        private = getattr(error, "private", None)
        if not private:
            return
        from referee.core.phases import player_to_act

        owner = getattr(error, "owner", None)
        if owner is None:
            try:
                owner = player_to_act(self.session.state)
            except Exception:
                owner = None
            if self.session.speaker not in (None, owner):
                owner = None
        if owner is None:
            return
        try:
            self.context.show_private(owner, self._fit(render.refusal(private)))
        except Exception:  # a bug here costs the private part, never the game night
            log_bug("(the private part of a refusal)")

    def _refuse(self, message):
        """A refusal, one line of meaning broken between words at the terminal's width
        (the terminal would break it mid-word on a phone)."""
        self.out(self._fit(render.refusal(message)))

    def _fit(self, text):
        """``text`` broken once for this screen, the game's way (Game.fit); a game whose
        own breaking fails still has its refusal said, broken the plain way."""
        width = self.context.width
        try:
            return self.session.game.fit(text, width)
        except Exception:
            return render.fit_lines(text, width)

    def _show(self, text):
        """Print a reply. In an interactive terminal (never in scripts or pipes) one taller
        than the screen would scroll its first lines away before anyone read them: a
        :class:`render.Long` one (a list one browses) goes through the pager, and the
        answer to a line (a move's ✓ and its score, then the board) is printed with those
        first lines last, next to the prompt (issue 20 item 7)."""
        if self.interactive and isinstance(text, (render.Long, _Verdict)):
            size = _terminal_size()
            if size and pages(text, size[0], size[1]):
                if isinstance(text, render.Long):
                    self.pager(text)
                    return
                text = verdict_last(text)
        self.out(text)

    def pager(self, text):
        """click's pager ($PAGER, else less; plain printing when there is none), run with
        :func:`pager_environment`. Ctrl-C in the pager ends the pager, never the game
        night: click waits for it to go, and the shell comes back to the prompt."""
        page(text)

    def _dispatch(self, line):
        speaker, line = self._speaker(line)
        self.session.speaker = speaker
        word, _, rest = line.partition(" ")
        default = self.session.game.default_command(self.session.state)
        cmd = self.commands.exact(word)
        if cmd is None and default:
            cmd, rest = self.commands.exact(default), line
            try:
                return self._run(cmd, rest, speaker)
            except InputError as refusal:  # words the answer cannot read: a mistyped command?
                if "did you mean" not in str(refusal):  # the answer's own suggestion stands
                    self._mistyped(word, cmd, speaker)
                raise
        if cmd is None:
            try:
                cmd = self.commands.lookup(word, shown=self._offered)
            except InputError as slip:
                if " could be " not in str(slip):  # the closest command of all, if the game lacks it
                    self._absent(word, self.commands.near(word, cutoff=0.6))
                raise
        return self._run(cmd, rest, speaker)

    def _absent(self, word, meant):
        """``meant``, the close commands of every kind, when none the game as set up offers
        was close: the first one's own absent text when the core knows why the game lacks
        it (Move.offered: `revael` in digital Cosmo;code is told "no command 'revael'; in
        digital mode the referee reveals the cards itself (G-2)"), else "did you mean" it,
        its command saying why not once typed (Colors' `swpa` with two players). Nothing
        close: returns, and the caller's refusal stands."""
        if not meant or self._offered(self.commands.commands[meant[0]]):
            return
        game, state = self.session.game, self.session.state
        move = game.moves.moves.get(game.move_of(meant[0])) if game.moves is not None else None
        if move is not None and not move.offered_in(state):
            try:
                move.refuse_absent(state)
            except RuleError as absent:
                raise RuleError(f"no command {word!r}; {absent}", rule=absent.rule) from None
        raise InputError(f"no command {word!r}; did you mean {meant[0]!r}?")

    def _offered(self, cmd):
        """Whether the game as set up offers ``cmd``: only those are suggested."""
        from referee.core.commands import offered

        return offered(self.context, cmd)

    def _run(self, cmd, rest, speaker):
        # A move the game as set up lacks: its refusal, not its syntax (a move's own
        # command asks it in core.play, with the phase's checks, once).
        if cmd.group == "game" and cmd.plays is None:
            self.session.game.check_offered(self.session.state, cmd.name, speaker)
        return cmd.handler(self.context, rest.strip())

    def _mistyped(self, word, answer, speaker=None):
        """At a bare-answer prompt (`vote>`, `card?`, `Ann range?`) a line the answer could
        not read whose first word is close to a command (`scroe`, `voet`, `rul co3`) was
        meant as that command: raise the lookup's "did you mean", rather than let the
        answer's refusal stand. Not when that word is a player's name or one the answer
        itself offers (a card, a range): those are answers mistyped further on."""
        lowered = word.lower()
        if not lowered or any(player.lower() == lowered for player in self.session.players):
            return
        try:
            offered_words = {str(c[0] if isinstance(c, tuple) else c).lower()
                             for c in (answer.complete(self.context, []) if answer.complete else ())}
        except Exception:
            offered_words = set()
        if lowered in offered_words or closest(lowered, offered_words, 0.6):
            return  # an answer (`short`), or one mistyped (`shrot`): the answer's refusal says it
        self._absent(word, self.commands.near(word))  # closest of all is one the game lacks
        meant = self.commands.near(word, shown=self._offered)
        if meant:
            raise InputError(f"no command {word!r}; did you mean {' or '.join(repr(name) for name in meant)}?")

    def _speaker(self, line):
        """``Ann: word dog`` says who is speaking, so the rules can check the turn."""
        match = re.match(_SPEAKER, line)
        if match:
            name = match.group(1)
            for player in self.session.players:
                if player.lower() == name.lower():
                    return player, match.group(2)
            if self.commands.exact(name) is None:  # "Zed: word me" is about a player, not a command
                raise self.session.no_player(name)
        return None, line

    # -- asking the table -------------------------------------------------------

    def confirm(self, question):
        """A yes/no question; scripts cannot answer, so they get no (and are told how).

        y or yes is yes; n, no or Enter alone is no; anything else is a command the player
        typed without answering: the answer is no, and the command runs after this line."""
        if not self.interactive:
            return False
        try:
            answer = self._ask(render.fit_lines(f"{question} [y/N]", render.terminal_width()) + " ")
        except (EOFError, KeyboardInterrupt):
            return False
        verdict = answer_of(answer)
        if verdict is None:
            self._typed_at_a_question.append((answer, False))
            return False
        return verdict

    def ask(self, question, default=None):
        """A plain, visible question for what a line left for later (Context.ask). At the
        prompt, Enter alone gives ``default``, and Ctrl-C or Ctrl-D cancels the whole line
        (raised as KeyboardInterrupt, so execute() leaves the game as it was). A script or
        pipe answers with its next line, shown after the question as a typed line is;
        with no line left, ``default``."""
        if not self.interactive:
            return self._scripted_answer(question, default)
        try:
            answer = self._ask(render.fit_lines(question, render.terminal_width()) + " ")
        except (EOFError, KeyboardInterrupt):
            raise KeyboardInterrupt from None
        return _answer_or(answer, default)

    def _scripted_answer(self, question, default):
        """The next line of the script run_lines is reading, as the answer to ``question``."""
        source = getattr(self, "_script", None)
        try:
            raw = next(source, None) if source is not None else None
        except UnicodeDecodeError:  # the script's loop says so at its next read
            raw = None
        if raw is None:
            return default
        answer = raw if isinstance(raw, Overlong) else raw.rstrip("\r\n")
        self.out(render.fit_lines(question, render.terminal_width()))
        self.out(render.echo(shown_line(answer if isinstance(answer, Overlong) else answer.strip())))
        return _answer_or(answer, default)

    def retype(self):
        """Context.retype: the REPL offers the line just run at its next prompt, to edit."""
        self._retype = True

    def show_private(self, owner, text):
        """Something only ``owner`` may see (G-2, DESIGN 5). The screen first says whom it
        is for and waits ("For Ann only: press Enter when only Ann is looking"), so it is
        not shown at once to whoever typed the line (issue 18, item 16); then it is shown
        on the terminal's alternate screen until they press Enter: it never enters the
        scrollback, and leaving restores the shared screen as it was, however long the
        answer typed there or however the window was resized meanwhile (item 2).

        At either question a command typed instead of Enter alone (or ok) runs after the
        current line; at the first one the text is then not shown. Scripts and pipes
        print it as any reply (the caller chose who reads them)."""
        name = clean_line(owner)
        screen = self.private_screen
        if screen is not None and screen.shows(owner):  # their own page is open: it goes there, not here
            screen.tell(owner, click.unstyle(str(text)))
            self.out(f"(on {name}'s screen)")
            return
        if not self.interactive:
            self.out(text)
            return
        width = render.terminal_width()
        try:
            ready = self._ask(render.fit_lines(f"For {name} only: press Enter when only {name} is looking", width)
                              + " ")
        except (EOFError, KeyboardInterrupt):
            ready = None
        if ready is None or ready.strip().lower() not in _HIDE:
            self.out(render.fit_lines(f"Not shown: what was for {name} only.", width))
            if ready is not None and answer_of(ready) is None:
                self._typed_at_a_question.append((ready, False))  # a command: it runs after this line
            return
        self._screen(PRIVATE_SCREEN_ON)
        try:
            self.out(text)
            try:
                answer = self._ask(f"{name}: press Enter to hide this ")
            except (EOFError, KeyboardInterrupt):
                answer = ""
        finally:
            self._screen(PRIVATE_SCREEN_OFF)
        if answer.strip().lower() not in _HIDE and answer_of(answer) is None:  # `n` only hides
            self._typed_at_a_question.append((answer, True))  # wiped with the text: echoed when it runs

    def clear_screen(self):
        """`clear`: the terminal's screen wiped and the cursor home, as Ctrl-L does at the
        prompt (issue 20 item 11); in a script or a pipe there is no screen: nothing."""
        if self.interactive:
            self._screen("\x1b[H\x1b[2J")

    def _screen(self, sequence):
        """Write a terminal control sequence where the replies go (the terminal)."""
        try:
            sys.stdout.write(sequence)
            sys.stdout.flush()
        except (OSError, ValueError):
            pass

    def ask_secret(self, owner, question):
        """What one player types for the rules alone (their hand, G-2): masked on screen and
        kept out of the line history. None when there is no terminal to ask at (scripts give
        it on the line) or the player cancels."""
        if not self.interactive:
            return None
        try:
            answer = self._ask(f"{clean_line(owner)}, {question}", input_processors=[HideTyped()])
        except (EOFError, KeyboardInterrupt):
            return None
        refusal = line_refusal(answer.replace("\t", " "))
        if refusal:  # as a line would be: not read, nothing done (item 7)
            raise InputError(refusal)
        return answer

    def _ask(self, message, **settings):
        """One answer from the same terminal (or test pipe) the REPL reads."""
        from prompt_toolkit import PromptSession

        return PromptSession(**self._terminal).prompt(message, **settings)

    # -- loops ------------------------------------------------------------------

    def run_lines(self, lines, echo=True):
        """The plain loop: scripts, pipes and tests. Each line is echoed with its reply.

        A line whose action cannot be saved stops the loop with its JournalError: the
        lines after it would build on a move that is not on disk (the caller exits 1).
        Ctrl-C during a line cancels it and stops the script there (a refused line: exit 3).
        """
        source = iter(bounded_lines(lines))
        self._script = source  # Shell.ask answers from the next line
        number = 0
        while True:
            try:
                raw = next(source)
            except StopIteration:
                break
            except UnicodeDecodeError as error:  # a script file that is not text
                self.refused += 1
                self._refuse(
                    f"the script is not UTF-8 text after line {number} ({error.reason}); the rest was not read")
                break
            number += 1
            line = raw if isinstance(raw, Overlong) else raw.rstrip("\n")
            if echo and line.strip():
                self.out(render.echo(shown_line(line if isinstance(line, Overlong) else line.strip())))
            if self.leaving:  # the reader of the output went away while it was echoed
                break
            self.execute(line, stop_on_save_error=True)
            if self.leaving or self.interrupted:  # Ctrl-C stops a script, not just its line
                break

    @property
    def commands(self):
        """The commands this shell knows, as the game tailors them to this table
        (Game.tailor), once. Given as a function, they are loaded when first needed
        (launch: after the first prompt is drawn, by the warm-up below)."""
        if self._tailored is None:
            given = self._commands() if callable(self._commands) else self._commands
            self._tailored = self.session.game.tailor(given, self.session.state)
        return self._tailored

    @commands.setter
    def commands(self, commands):
        self._commands, self._tailored = commands, None

    def run_interactive(self, input=None, output=None):
        """The prompt-toolkit REPL; ``input``/``output`` replace the terminal (tests use a pipe)."""
        from prompt_toolkit import PromptSession

        from referee.core.completion import CommandCompleter

        from referee.core.files import home

        history = None
        try:
            os.makedirs(home(), exist_ok=True)
            history = _history(os.path.join(home(), "history"), keep=self._admitted,
                               keep_loaded=self._loaded_filter())
        except OSError:
            history = None  # an unwritable folder costs the history, not the game
        if history is None:
            history = _MemoryHistory(self._admitted)
        prompt_session = PromptSession(
            history=history,
            completer=CommandCompleter(self),
            bottom_toolbar=self.toolbar,
            refresh_interval=1.0,
            input=input,
            output=output,
        )
        _fit_menu(prompt_session)
        self._history = prompt_session.history
        self._terminal = {"input": input, "output": output}
        prompt_session.app.after_render += self._warm_once
        retyped = ""  # the line a game offered back to edit (Context.retype)
        while not self.leaving:
            try:
                line = prompt_session.prompt(self._prompt_text(), default=retyped)
            except KeyboardInterrupt:
                retyped = ""
                continue  # Ctrl-C cancels the line only (one offered back too)
            except EOFError:
                self.out(self.session.farewell())
                break
            retyped = self._run_offering_back(line)
            self.run_typed_at_questions()

    def _run_offering_back(self, line):
        """Run a typed line; the line again when the game offered it back to edit
        (Context.retype) and nothing was typed at its question instead, else ""."""
        self._retype = False
        queued = len(self._typed_at_a_question)
        self._run_and_remember(line)
        offered, self._retype = self._retype, False
        return line if offered and len(self._typed_at_a_question) == queued else ""

    def _run_and_remember(self, line):
        """Run a typed line, then put it in the history if it was accepted and names no
        secret. Whether it may name one is decided before it runs, as the game stood when
        it was typed (the line may end the phase whose bare answer it was)."""
        keep = self.keeps_in_history(line)
        if self.execute(line) and keep:
            self._remember_line(line)

    def _remember_line(self, line):
        """Put ``line`` in the line history (file and Up arrow): the one way in, since
        prompt-toolkit's own append at Enter, before the line ran, is refused (_admitted)."""
        if self._history is None:
            return
        self._admitting = line
        try:
            self._history.append_string(line)
        except Exception:  # the history costs nothing but itself
            log_bug("(the line history)")
        finally:
            self._admitting = None

    def _admitted(self, line):
        """The history's gate: only the line _remember_line is putting in (issue 18, item 3)."""
        return self._admitting is not None and line == self._admitting

    def keeps_in_history(self, line):
        """Whether the Up arrow may bring ``line`` back, in this game or a later one: not a
        line of a command whose words may name a secret: one declared ``unseen``, or one
        that makes a secret move (its Move has a ``public`` line: `tell Ann light time`,
        Co;code's `deal Ann 5a 5b`), so a game declares the secret once, on its move.

        The command is found exactly as dispatch finds it (issue 18, item 3): after a
        speaker's `Ann:`, by name, alias or unique prefix (`tel`, `advan`), and a bare
        line at a question as the question's command. A line whose command cannot be
        found is refused when run, and a refused line is never kept: False. An empty
        line names nothing (and prompt-toolkit keeps none): True."""
        if not line.strip():
            return True
        try:
            cmd, meant = self._resolved(line)
        except Exception:
            return False
        if cmd is None:
            return False
        # and, to be safe, not when the first word is also the start of a secret command
        # (`tel` while a bare answer is awaited): the line was that command's, mistyped
        return not (self._secret(cmd) or (meant is not None and self._secret(meant)))

    def _loaded_filter(self):
        """keeps_in_history for the lines read back from the history file, decided once per
        first word: the file may hold 100,000 lines, read in the background while the
        first prompt is drawn, and a line's fate turns on its command alone."""
        decided, lines = {}, {}  # by first word; and by line, since a history repeats itself

        def judged(line):
            if "\n" in line or line_refusal(line.replace("\t", " ").strip()):
                return False
            try:
                _speaker, rest = self._speaker(line.strip())
            except InputError:
                return False
            word = rest.partition(" ")[0]
            if word not in decided:
                decided[word] = self.keeps_in_history(rest)
            return decided[word]

        def keep(line):
            if line not in lines:
                lines[line] = judged(line)
            return lines[line]

        return keep

    def _secret(self, cmd):
        """Whether a line of ``cmd`` may name a secret (see keeps_in_history)."""
        if getattr(cmd, "unseen", False):
            return True
        try:
            moves = getattr(self.session.game, "moves", None)
            move = moves.moves.get(self.session.game.move_of(cmd.name)) if moves is not None else None
        except Exception:
            return True
        return move is not None and move.secret

    def _resolved(self, line):
        """(the command :meth:`_dispatch` would run for ``line``, found without running
        it, or None; the command its first word starts when that is not the one run, or
        None). Raises what _dispatch would raise finding it."""
        line = line.replace("\t", " ").strip()
        if not line or line_refusal(line):
            return None, None
        _speaker, line = self._speaker(line)
        word = line.partition(" ")[0]
        cmd = self.commands.exact(word)
        if cmd is not None:
            return cmd, None
        try:
            meant = self.commands.lookup(word, shown=self._offered)
        except InputError:
            meant = None
        default = self.session.game.default_command(self.session.state)
        if default:
            return self.commands.exact(default), meant
        return self.commands.lookup(word, shown=self._offered), None

    def run_typed_at_questions(self):
        """Run, in order, the commands typed at a question (confirm, show_private) instead
        of an answer, once the line that asked has finished; a wiped one is echoed first."""
        while self._typed_at_a_question and not self.leaving:
            line, wiped = self._typed_at_a_question.pop(0)
            if wiped:
                self.out(render.echo(self._echo_of_private(line)))
            self._run_and_remember(line)

    def _echo_of_private(self, line):
        """A line typed on a private screen, as the shared screen is told it runs: in full,
        unless its words may name a secret (`Ann: tell Ann light light`, typed where only
        Ann was looking): then only who spoke and the command, its words left out."""
        line = line.strip()
        if self.keeps_in_history(line):
            return shown_line(line)
        words = line.split()
        said = words[:2] if words[0].endswith(":") else words[:1]
        return shown_line(" ".join(said))[:60] + " …"

    def _warm_once(self, _app):
        """After the first prompt is on the screen, load what it did not need (the commands
        and the game's moves, here) and start the game's slow loading (the word finder's
        index) in the background: nothing loads before the prompt is drawn (DESIGN 7),
        and the load runs while the players read it. Called after every render, it acts
        once; a bug in it costs the warm-up, never the game."""
        if self._warmed:
            return
        self._warmed = True
        try:
            self.commands, self.session.game.moves  # noqa: B018 (loaded now, not at the first line)
            self.session.game.warm(self.session)
        except Exception:
            log_bug("(warming up after the first prompt)")

    def _prompt_text(self):
        try:
            return self.session.game.prompt(self.session.state)
        except Exception:  # a bug in a game's prompt must not end the game night
            log_bug("(the prompt)")
            return "> "

    def toolbar(self):
        """The bottom line, drawn every second: a bug in it draws nothing rather than a traceback."""
        try:
            from prompt_toolkit.application.current import get_app

            app, now = get_app(), time.time()
            if self.time_up_bell(now):
                app.output.bell()
            return self._toolbar(app.output.get_size().columns, now)
        except Exception:
            return ""

    def _turn_clock(self):
        """(started, limit) of the running turn's timer; a resumed game gives the turn its
        full time again (G-5)."""
        started, limit = self.session.game.timer(self.session.state)
        resumed = self.session.resumed_at
        if started is not None and resumed is not None and resumed > started:
            started = resumed
        return started, limit

    def time_up_bell(self, now):
        """Whether to ring the bell at ``now`` (the toolbar looks every second): once a turn,
        when its countdown crosses zero, unless the table turned it off (option bell, G-5)."""
        turn = self._turn_clock()
        seen, self._bell_seen = self._bell_seen, (turn, now)
        if not self.session.options.get("bell", True) or turn[0] is None or self.session.paused:
            return False
        before = seen[1] if seen is not None and seen[0] == turn else None
        return bell_due(turn[0], turn[1], before, now)

    def _toolbar(self, width, now):
        """The game's parts, most important first, with the turn timer second (after whose
        turn it is or what the game waits for); whole parts that do not fit are dropped.
        One column is left free: a terminal that is written to its last column may scroll."""
        parts = list(self.session.game.toolbar(self.session.state))
        started, limit = self._turn_clock()
        left = remaining(started, limit, now)
        if left is not None and not self.session.paused:
            parts.insert(1, "TIME UP" if left < 0 else f"⏱ {clock(left)}")
        parts[1:1] = self._clock_parts(now)
        return render.fit_parts(parts, width - 1, sep="  ·  " if width >= 80 else " · ")

    # -- the night's clocks (issue 20 item 19; core.clocks) ------------------------

    def _clock_parts(self, now):
        """The toolbar's clock parts, after what the game waits for: paused, or a budget's
        time left. core.clocks is loaded only for a budget (a first prompt needs none)."""
        from referee.core.budget import budget

        if self.session.paused:
            return ["⏸ paused"]
        limit = budget(self.session)
        if not limit:
            return []
        from referee.core import clocks

        return clocks.budget_parts(self.session, now, limit)

    def _clock_news(self):
        """A budget's running out, said once a player in this process (advisory, G-5)."""
        from referee.core import clocks

        if not clocks.budget(self.session):
            return []
        out = [p for p in clocks.run_out(self.session, self.session.clock()) if p not in self._clock_told]
        self._clock_told.update(out)
        limit = clocks.duration(clocks.budget(self.session))
        return [render.fit_lines(f"⌛ {player}'s clock has run out ({limit} for the game); the table "
                                 "decides what follows (advisory, G-5)", self.context.width) for player in out]

    def _clock_summary(self):
        """The end summary's line on who took longest per turn, before the final scores."""
        from referee.core import clocks

        line = clocks.summary_line(self.session)
        return [render.fit_lines(line, self.context.width)] if line else []


def _MemoryHistory(keep):
    """prompt-toolkit's in-memory history (the fallback when the history file cannot be
    used) behind the same gate as the file's: a secret or refused line is not brought
    back by the Up arrow either (issue 18, item 3)."""
    from prompt_toolkit.history import InMemoryHistory

    class GatedMemoryHistory(InMemoryHistory):
        def append_string(self, string):
            if keep(string):
                super().append_string(string)

    return GatedMemoryHistory()


def _unless_closed(shell, out):
    """``out`` that takes a closed reader (`referee ... | head -1`: BrokenPipeError) as the
    end of the session rather than a bug (issue 18, item 15): the rest of the output goes
    to the null device, the loop stops as `quit` stops it, and the launcher ends as after
    any quit (a game with nothing accepted is not kept). Nothing is printed about it:
    there is no one left to read it, as with any well-behaved pipe tool."""

    def guarded(text):
        if shell.reader_gone:
            return
        try:
            out(text)
        except BrokenPipeError:
            shell.reader_gone = True
            shell.leaving = True
            quiet_output()

    return guarded


def quiet_output():
    """Point stdout (and stderr, when it is the same closed pipe) at the null device, so
    nothing written later, and no flush at exit, raises again (the Python docs' recipe
    for SIGPIPE)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        for stream in (sys.stdout, sys.stderr):
            try:
                fd = stream.fileno()
                if _closed_pipe(fd):
                    os.dup2(null, fd)
            except (AttributeError, ValueError, OSError):
                continue
    finally:
        os.close(null)


def _closed_pipe(fd):
    """Whether ``fd`` is a pipe whose reader has gone (a write would raise EPIPE)."""
    import select
    import stat

    try:
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return False
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        return any(event & (select.POLLERR | select.POLLHUP) for _fd, event in poller.poll(0))
    except (OSError, AttributeError, ValueError):
        return False


def HideTyped():
    """A prompt-toolkit processor that shows nothing of what is typed, not even a star a
    key: a mask as long as the answer tells the table how many two-digit cards (10a) a
    hand holds or whether its owner pays green (`g5b`). The screen is the same whatever
    the secret (DESIGN 5), as sudo's password prompt is."""
    from prompt_toolkit.layout.processors import Processor, Transformation

    class _HideTyped(Processor):
        def apply_transformation(self, transformation_input):
            return Transformation([], source_to_display=lambda index: 0, display_to_source=lambda index: 0)

    return _HideTyped()


TALL = 30  # rows from which the completion menu pops up while typing


def _fit_menu(prompt_session):
    """Give the completion menu its room without pushing the game off a phone's screen.

    prompt-toolkit keeps ``reserve_space_for_menu`` rows (8) free under the prompt for as
    long as completion can pop up, which with completion while typing is always: seven
    blank rows under every prompt push the top of the last answer off a phone's screen
    (issue 13 at 20 rows, issue 20 item 7 at 30 and more). Rows are reserved only while
    the menu is open, as many as it shows (at most a third of the screen, measured at
    each drawing, so a resize is followed); a short terminal completes on Tab only, a
    tall one while typing too."""
    from prompt_toolkit.filters import Condition

    def rows():
        try:
            return prompt_session.output.get_size().rows
        except Exception:
            return 24

    def room(_app=None):
        menu = prompt_session.default_buffer.complete_state
        shown = len(menu.completions) if menu is not None else 0
        prompt_session.reserve_space_for_menu = min(shown, max(3, min(8, rows() // 3)))

    prompt_session.complete_while_typing = Condition(lambda: rows() >= TALL)
    room()
    prompt_session.app.before_render += room
    return prompt_session


def _history(path, keep=None, keep_loaded=None):
    """prompt-toolkit's file history, except that a file it cannot read or write costs only
    the history: FileHistory's own errors surface inside the prompt's event loop as a
    traceback and a 'Press ENTER to continue' stall; and a line ``keep`` refuses (a
    secret typed on the line) is neither kept nor written. The file is private like a
    save (0600, in a 0700 folder, never through a symlink, only a regular file, at most
    a few MB read: issue 18 items 5, 6), through core.files. Lines read back are offered
    again only when ``keep_loaded`` allows them (a secret line a referee before issue 18
    wrote there, or a line of another game's command, never comes back on Up)."""
    import datetime

    from prompt_toolkit.history import FileHistory

    from referee.core import files

    class SafeFileHistory(FileHistory):
        def append_string(self, string):
            if keep is None or keep(string):
                super().append_string(string)

        def load_history_strings(self):
            try:
                files.private_folder(os.path.dirname(self.filename) or ".")
                fd = files.open_private(self.filename, os.O_RDONLY)
            except OSError:
                return []
            try:
                size = os.fstat(fd).st_size
                if size > HISTORY_BYTES:  # only the newest lines of a huge history
                    os.lseek(fd, size - HISTORY_BYTES, os.SEEK_SET)
                chunks, held = [], 0
                while held < HISTORY_BYTES:
                    chunk = os.read(fd, 1 << 16)
                    if not chunk:
                        break
                    chunks.append(chunk)
                    held += len(chunk)
            except OSError:
                return []
            finally:
                os.close(fd)
            strings, lines = [], []
            for raw in b"".join(chunks)[:HISTORY_BYTES].split(b"\n"):
                line = raw.decode("utf-8", errors="replace")
                if line.startswith("+"):
                    lines.append(line[1:])
                elif lines:
                    strings.append("\n".join(lines))
                    lines = []
            if lines:
                strings.append("\n".join(lines))
            if keep_loaded is not None:  # a secret line written by an older referee is not brought back
                strings = [string for string in strings if keep_loaded(string)]
            return list(reversed(strings))

        def store_string(self, string):
            text = f"\n# {datetime.datetime.now()}\n" + "".join(f"+{line}\n" for line in string.split("\n"))
            try:
                files.append(self.filename, text.encode("utf-8", errors="replace"))
            except OSError:
                pass

    return SafeFileHistory(path)


HISTORY_BYTES = 4 << 20  # the history read back: its newest 4 MB at most


class _Verdict(str):
    """The public text of a core.reply.Reply: what a line did first, then its pictures."""


def verdict_last(text):
    """``text`` with its opening lines of prose (the verdict, `✓ Ben plays … at 0,-1`, and
    what follows it flush or indented by two: `  score: 1 + 2 = 3`) moved after the rest,
    when a picture (a line indented further, or a box) follows them: on a screen too
    short for the whole reply they are then the last lines, next to the prompt. A text
    that is prose throughout is kept as it is."""
    lines = str(text).split("\n")
    prose = 0
    for line in lines:
        plain = click.unstyle(line)
        if not plain.strip() or not re.match(r"( {2})?[^\s\u2500-\u257f]", plain):
            break
        prose += 1
    if prose == 0 or prose == len(lines):
        return text
    return "\n".join(lines[prose:] + lines[:prose])


def pages(text, rows, columns):
    """Whether a long reply goes through the pager: it is taller than the terminal less
    the prompt and the toolbar (its wrapped lines counted as the rows they take)."""
    return _screen_rows(text, columns) > rows - 2


# less, as the shell runs it: -R shows the colours, -F quits at once when the text fits
# one screen, -E at its last page, -X leaves it on the screen afterwards, -K lets Ctrl-C end it, -P's prompt
# says how to get back to the game (ended by $, as LESS wants an option's string).
# LESSSECURE turns off what a line typed ahead at the table would otherwise reach inside
# less: `s` (write a log file), `!` and `|` (a shell), `v` (an editor), `:e` (open a
# file); LESSHISTFILE=- writes no history file.
LESS_FLAGS = "-RFXKE -Ps-- space for more, q back to the game --$"


def page(text, back="back to the game"):
    """``text`` through click's pager with :func:`pager_environment` (its prompt says what
    q goes ``back`` to); Ctrl-C ends the pager alone. The player's own settings are put
    back afterwards."""
    changes = pager_environment(back=back)
    saved = {name: os.environ.get(name) for name in changes}
    os.environ.update(changes)  # click hands the pager a copy of os.environ
    try:
        click.echo_via_pager(text, color=render.use_color())
    except KeyboardInterrupt:
        pass
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def page_if_tall(text):
    """`referee log`, `games` and `stats`: ``text`` through the pager when it is taller
    than the terminal (less the shell's prompt line after it) and both ends are one, as
    `git log` does; printed otherwise, and always into a pipe or a file."""
    size = _terminal_size()
    if size and _screen_rows(text, size[1]) > size[0] - 1:
        page(text, back="to quit")
        return
    click.echo(text, color=render.use_color())


def pager_environment(environ=None, back="back to the game"):
    """The variables the pager runs with. Always LESSSECURE and no history file, whatever
    the player's own settings say, since at a game table people type ahead and their
    words become less commands; and our flags for less unless $PAGER names another
    pager (pgcli and litecli honour $PAGER too). -E ends less at the last page, without
    a key more (issue 20 item 10); ``back`` is what q goes back to, in its prompt."""
    import shlex

    environ = os.environ if environ is None else environ
    changes = {"LESSSECURE": "1", "LESSHISTFILE": "-"}
    try:
        chosen = shlex.split(environ.get("PAGER", ""))
    except ValueError:
        chosen = []
    if not chosen or os.path.basename(chosen[0]) == "less":
        changes["LESS"] = LESS_FLAGS.replace("q back to the game", f"q {back}")
    return changes


def _terminal_size():
    """(rows, columns) when both ends are a terminal, else None: no pager for a pipe."""
    try:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            return None
    except (AttributeError, ValueError):  # a replaced or closed stream
        return None
    size = render.terminal_size()
    return size.lines, size.columns


_YES = {"y", "yes"}
_NO = {"", "n", "no"}
_HIDE = {"", "ok", "y", "yes", "hide", "done"}  # what "press Enter to hide this" takes as Enter


def _answer_or(answer, default):
    """An answer typed at Shell.ask: refused as a line would be (control characters, too
    long), else stripped; nothing typed is ``default``."""
    refusal = line_refusal(answer if isinstance(answer, Overlong) else answer.replace("\t", " "))
    if refusal:
        raise InputError(refusal)
    return answer.strip() or default


def answer_of(text):
    """A yes/no answer: True, False, or None when ``text`` is not an answer but a command."""
    text = text.strip().lower()
    if text in _YES:
        return True
    if text in _NO:
        return False
    return None


def _screen_rows(text, width):
    """Rows ``text`` takes on a terminal ``width`` columns wide: a line the terminal wraps
    takes more than one, and wiping a secret must wipe all of them (G-2)."""
    from prompt_toolkit.utils import get_cwidth

    width = max(1, width)
    rows = 0
    for line in click.unstyle(text).split("\n"):
        rows += max(1, -(-get_cwidth(line) // width))
    return rows


def _parts(reply):
    """A handler's reply as the texts to give in order: public text, and render.Private
    parts that the shell routes to their owner alone (a reply may be a list of both, or
    a core.reply.Reply, which says which is which)."""
    from referee.core.reply import Reply

    if isinstance(reply, Reply):
        return reply.parts()
    if isinstance(reply, render.Private):
        return [reply]
    if isinstance(reply, (list, tuple)) and any(isinstance(part, render.Private) for part in reply):
        return [part if isinstance(part, render.Private) else _text(part) for part in reply]
    return [_text(reply)]


def _text(reply):
    """What a handler returned, as the text to print: a string, lines of one, or nothing."""
    if reply is None or isinstance(reply, str):
        return reply
    if isinstance(reply, (list, tuple)) and all(isinstance(line, str) for line in reply):
        return "\n".join(reply)
    raise TypeError(f"a command returned {type(reply).__name__}, not text")


def log_bug(line):
    """Write the current exception to errors.log in the referee's folder; returns where
    (or why not) for the one line the player sees. The log is private like a save
    (0600, never through a symlink: issue 18 items 5, 6), and the line is kept as repr,
    so nothing typed reaches whoever reads the log as a terminal escape."""
    from referee.core import files
    from referee.core.files import home

    path = os.path.join(home(), "errors.log")
    from referee.core.text import clean

    import traceback  # only for a bug: not before the first prompt

    text = clean(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} line: {line!r}\n" + traceback.format_exc())
    try:
        files.private_folder(home())
        files.append(path, text.encode("utf-8", errors="replace"))
    except OSError:
        return "(errors.log could not be written)"
    return path
