"""A game in progress: its rules, its journal, and the states in between.

The state is never saved, only the actions that made it (DESIGN 2): a session replays
its journal to resume, and the states it keeps in memory are a cache of that fold, one
per accepted action, so undo is a pop and never a re-computation. An action is checked
by the rules first, written to the journal second and only then becomes the state, so a
refused or unwritable action leaves the game exactly as it was.
"""

import gc
import time

from referee.core.errors import InputError, JournalError, RefereeError, RuleError
from referee.core.history import History
from referee.core.journal import Journal, effective
from referee.core.text import cut


class Session:
    def __init__(self, game, journal, clock=time.time, warnings=()):
        self.game = game
        self.journal = journal
        self.header = journal.header
        self.clock = clock
        self.warnings = list(warnings)
        self.speaker = None  # who said the current line, when a player names themselves
        self.resumed_at = None  # when this process picked the game up again, if it did (or the clocks started again)
        self.picked_up = None  # when this process picked the game up again: the clocks' night ends there
        self.lexicon_files = tuple(self.header.get("wordlists", ()))
        done, undone = effective(journal.records)
        self._done = []
        self._undone = list(undone)
        self._check_options(game)
        try:
            refused = game.players_refusal(self.header)
            if refused:  # a save edited by hand: the rules trust the count a new game was given
                raise JournalError(f"{journal.path} line 1: {refused}")
            game = self.game = game.variant(self.header)  # Colors Jr: a game of its own in the same box
            initial = game.initial(self.header)
        except JournalError:
            raise
        except RefereeError as error:  # a header value the game refuses, said as the game says it
            raise JournalError(f"{journal.path} line 1: the game cannot be set up from this header "
                               f"({cut(str(error), 200)})")
        except Exception as error:  # a header the game cannot read: damaged, or another version's
            raise JournalError(f"{journal.path} line 1: the game cannot be set up from this header "
                               f"({type(error).__name__}: {cut(str(error), 200)})")
        self._states = History(initial, game.apply, self._action_of)
        collecting = gc.isenabled()
        gc.disable()  # the fold makes states that all stay alive: no cycles to look for meanwhile
        try:
            self._replay(done)
        finally:
            if collecting:
                gc.enable()

    def _check_options(self, game):
        """Each table option the header holds is a value the option could have been
        given (a hand-edited save's list or ``true`` where a name goes would otherwise
        fail deep inside the rules or a view, in `games` for every game)."""
        saved = self.header.get("options") or {}
        for option in getattr(game, "options", ()) or ():
            if option.name in saved and not option.holds(saved[option.name]):
                raise JournalError(f"{self.journal.path} line 1: option {option.name} holds a value "
                                   f"{game.title} cannot use")

    def _replay(self, done):
        """The fold of the actions that stand, in one pass (resume = replay). A record
        that does not replay is named by its line, found only then."""
        apply, keep, states = self.game.apply, self._done.append, self._states
        state = states[-1]
        for record in done:
            try:
                state = apply(state, record["action"])
            except RuleError as error:
                raise JournalError(f"{self._where(record, len(self._done) + 1)} does not replay: the rules "
                                   f"refuse it ({cut(str(error), 200)}){self._other_version()}")
            except InputError as error:  # core.moves.ActionError: a field missing or mistyped (a hand edit)
                raise JournalError(f"{self._where(record, len(self._done) + 1)} is damaged: the game cannot "
                                   f"read it ({cut(str(error), 200)}){self._other_version()}")
            except Exception as error:  # a hand-edited or damaged action the rules cannot even read
                raise JournalError(f"{self._where(record, len(self._done) + 1)} is damaged: the game cannot "
                                   f"read it ({type(error).__name__}: {cut(str(error), 200)}){self._other_version()}")
            keep(record)
            states.append(state)

    def _action_of(self, number):
        """The action that made state ``number`` (the history replays from a snapshot with it)."""
        return self._done[number - 1]["action"]

    def _where(self, record, number):
        line = self.journal.line_of(record) if hasattr(self.journal, "line_of") else None
        return f"{self.journal.path}" + (f" line {line}" if line else "") + f": event {number}"

    def _other_version(self):
        """A hint about versions only when the save says it came from another referee."""
        from referee import __version__

        saved = self.header.get("referee")
        if saved and saved != __version__:
            return f"; it was saved by referee {saved} and this is {__version__}"
        return ""

    # -- making and opening -----------------------------------------------------

    @classmethod
    def start(cls, game, header, path, clock=time.time):
        header = dict(header, game=game.name, started=_iso(clock()))
        game.initial(header)  # refuse a bad setup before a file is made
        return cls(game, Journal.create(path, header), clock)

    @classmethod
    def resume(cls, game, path, clock=time.time):
        journal, warnings = Journal.open(path)
        session = cls(game, journal, clock, warnings)
        session.resumed_at = session.picked_up = round(clock(), 3)  # turn timers run from here (G-5; timer.overdue)
        return session

    # -- what the game is now ---------------------------------------------------

    @property
    def state(self):
        return self._states.now

    @property
    def players(self):
        return list(self.header["players"])

    def find_player(self, text):
        """A player as named at the table: the name in any case, or an unambiguous start
        of it (`an` for Ann); None when no player or more than one fits."""
        text = text.strip().lower()
        for name in self.players:
            if name.lower() == text:
                return name
        starts = [name for name in self.players if text and name.lower().startswith(text)]
        return starts[0] if len(starts) == 1 else None

    def player(self, text):
        """Like find_player, but a name that fits no one is one line naming the players."""
        name = self.find_player(text)
        if name is None:
            raise self.no_player(text)
        return name

    def no_player(self, text):
        """The refusal of a name no player has, with the closest name when one is close
        (`Bne` → Ben): one wording for a name in a command and a speaker's `Bne:`."""
        from referee.core.text import closest

        near = closest(text.strip().lower(), [p.lower() for p in self.players], 0.6)
        meant = next((f" (did you mean {p}?)" for p in self.players if near and p.lower() == near[0]), "")
        return InputError(f"no player {text.strip()!r}{meant}; the players are {', '.join(self.players)}")

    @property
    def options(self):
        return self.header.get("options", {})

    @property
    def events(self):
        """The actions that stand, oldest first."""
        return [record["action"] for record in self._done]

    @property
    def states(self):
        """The state before the first action, then after each action that stands, for
        views of the whole game such as the score chart: a sequence computed from the
        snapshots as it is read (read in order, each state costs one action)."""
        return self._states.view()

    @property
    def last(self):
        """The last action that stands, as journalled (stamped), or None."""
        return self._done[-1]["action"] if self._done else None

    @property
    def records(self):
        return list(self._done)

    @property
    def over(self):
        return self.game.is_over(self.state)

    @property
    def can_redo(self):
        return len(self._undone)

    def resume_note(self):
        """Where a resumed game stands, in words: the last accepted event as the table may
        see it (a secret one in its public form), so nobody types again a line whose ✓
        they never saw (issue 13, defect 9)."""
        from referee.core.export import public_line

        if not self._done:
            played = any(record.get("kind") == "do" for record in self.journal.records)
            return "Nothing accepted yet in this game." if not played else (
                "Everything played so far was undone; nothing stands.")
        last = self.journal.records[-1] if self.journal.records else None
        action = self._done[-1]["action"]
        who = action.get("by")
        said = public_line(self.game, action, self.over)
        text = f"#{len(self._done)} " + (f"{who}: " if who else "") + said
        if last is not None and last.get("kind") in ("undo", "redo"):
            count = last.get("count", 1)
            steps = f"{count} step" + ("s" if count != 1 else "")
            return f"Last accepted: {last['kind']} of {steps}; the game stands after {text}"
        return f"Last accepted: {text}"

    # -- changing it ------------------------------------------------------------

    def farewell(self):
        """What the table is told on leaving. A game nobody played in is not kept (launch
        removes its file), so `referee games` does not fill up with games opened for `help`."""
        if not self.journal.records:
            return "Nothing was played, so no game is kept."
        try:  # never "saved" unchecked: a save deleted meanwhile is written again (issue 18 item 9)
            note = self.journal.confirm() if hasattr(self.journal, "confirm") else None
        except JournalError as error:
            return f"NOT saved: {error}"
        said = "Game over and saved." if self.over else f"Saved. Resume with: referee resume {self.header['id']}"
        return f"{note}\n{said}" if note else said

    def do(self, action, allowed=None):
        """Apply, write durably, then commit. Returns the new state.

        ``allowed``: the move whose first checks (not over, the phase, the speaker's
        turn, offered) core.play has just run for this speaker before reading its words;
        an action of that move meets only its own rule here (and whose turn it is, when
        its reading named a player other than the speaker), so no check runs twice.
        Anything else (a replayed record, another move the line made) meets every
        check, as on replay. An action given with ``allowed`` comes from core.play,
        which stamped it (when, who, cleaned) before its first checks."""
        if allowed is None:  # core.play stamped its actions before check_first and gather
            action = self.stamp(action)
        if allowed is not None and action.get("do") == allowed.name:
            typed = allowed.read(action)  # (core.play ran check_first, before gathering)
            if typed.get("by") != self.speaker:  # named by the reading, not said: whose turn, for them
                self.game.moves.phases.check_turn(self.state, allowed, typed.get("by"))
            if allowed.check is not None:
                allowed.check(self.state, typed)
            state = allowed.effect(self.state, typed)
        else:
            state = self.game.apply(self.state, action)
        record = {"kind": "do", "n": self._next_number(), "action": action}
        if self.game.is_over(state):
            record["over"] = True
        self.journal.append(record)
        self._done.append(record)
        self._states.append(state)
        self._undone.clear()
        return state

    def revealed_by_last(self, count):
        """Hidden things the last ``count`` actions revealed (undoing them un-sees nothing)."""
        found = []
        states = self._states
        last = len(states) - 1
        for index in range(max(1, last - count + 1), last + 1):
            secret = self.game.revealed(states[index - 1], states[index])
            if secret:
                found.append(secret)
        return found

    def undo(self, count=1):
        if count < 1:
            raise RuleError("undo takes a number of steps, 1 or more", rule="G-3")
        if not self._done:
            raise RuleError("nothing to undo", rule="G-3")
        count = min(count, len(self._done))
        self.journal.append({"kind": "undo", "n": self._next_number(), "count": count, "at": self.clock()})
        undone = []
        for _ in range(count):
            record = self._done.pop()
            self._undone.append(record)
            undone.append(record["action"])
        self._states.truncate(len(self._done) + 1)  # replays at most one block from its snapshot
        return undone

    def redo(self, count=1):
        if count < 1:  # a redo of 0 would be written, and a count of 0 makes the file unreadable
            raise RuleError("redo takes a number of steps, 1 or more", rule="G-3")
        if not self._undone:
            raise RuleError("nothing to redo", rule="G-3")
        count = min(count, len(self._undone))
        states = []
        state = self.state
        for record in reversed(self._undone[-count:]):
            state = self.game.apply(state, record["action"])
            states.append(state)
        self.journal.append({"kind": "redo", "n": self._next_number(), "count": count, "at": self.clock()})
        redone = []
        for state in states:
            record = self._undone.pop()
            self._done.append(record)
            self._states.append(state)
            redone.append(record["action"])
        return redone

    @property
    def paused(self):
        """Whether the table has paused the clocks (core.clocks): the last pause in the
        journal is still on."""
        from referee.core.budget import is_paused

        return is_paused(self.journal.records)

    def pause(self):
        """Stop every clock, or start them again when they are stopped: a journal record
        of its own (G-3), which the rules never see. Starting again gives the running turn's
        timer its full time, as a resume does (G-5); True when now paused."""
        from referee.core.budget import GO, PAUSE

        going = self.paused
        at = round(self.clock(), 3)
        record = {"kind": GO if going else PAUSE, "n": self._next_number(), "at": at}
        if self.picked_up is not None and not going:
            record["resumed"] = self.picked_up  # the clocks' night before it, if nothing was written since
        self.journal.append(record)
        if going:
            self.resumed_at = at
        return not going

    def steps_back_to(self, number):
        """How many undos bring the game back to just after event ``number`` (1-based)."""
        if not 0 <= number <= len(self._done):
            raise RuleError(f"there is no event {number}; the log has {len(self._done)}", rule="G-3")
        return len(self._done) - number

    # -- internals --------------------------------------------------------------

    def stamp(self, action):
        """The action as it will be journalled: when, who said it, and since when this
        process has had the game (so a turn timer does not count the night it was saved)."""
        from referee.core.text import cleaned

        # Control characters shown escaped before the rules see them: the journal cleans
        # what it reads (issue 18 item 7), so a resumed game must meet the same text.
        action = cleaned(dict(action))
        action.setdefault("at", round(self.clock(), 3))
        if self.paused:  # a move made during a pause ends it (core.clocks): the turn timer starts afresh
            self.resumed_at = action["at"]
        if self.speaker and "by" not in action:
            action["by"] = self.speaker
        if self.resumed_at is not None:
            action.setdefault("resumed", self.resumed_at)
        return action

    def _next_number(self):
        return len(self.journal.records) + 1


def _iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(seconds))
