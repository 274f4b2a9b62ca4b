"""Tab completion from the command registry, so every command completes the same way.

The first word completes to command names (an alias only when no name fits what was
typed: `fin` → finish, never `p` beside place), or to a player's name as the speaker
(`A` → `Ann:`); after it, the command's own ``complete`` function proposes what fits
the game now (card names, player names, yes/no). While the game waits for one answer
(Game.default_command), a bare answer is that command's arguments, so they complete as
the first word, and only they when one fits (no `adjust adv advanced board…` at
`take?`): the commands come when nothing the answer offers begins with what was typed.
A ``complete`` function may propose ``(text, meta)`` pairs: the meta (a card's value)
is shown beside the candidate in the menu, as pgcli shows a column's type.
"""

from prompt_toolkit.completion import Completer, Completion



class CommandCompleter(Completer):
    def __init__(self, shell):
        self.shell = shell

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        words = text.split()
        current = "" if text.endswith(" ") or not words else words[-1]
        before = words if text.endswith(" ") else words[:-1]
        spoken = bool(before) and self._speaker(before[0])
        if spoken:  # `Ann: ...` completes what follows it
            before = before[1:]
        lowered = current.lower()
        if before:
            candidates = self._after_first(before)
        else:
            candidates = self._first_words(current, spoken)
        seen = set()
        for candidate in candidates:
            value, meta = candidate if isinstance(candidate, tuple) else (candidate, None)
            value = str(value)
            if value.lower().startswith(lowered) and value not in seen:
                seen.add(value)
                yield Completion(value, start_position=-len(current), display_meta=None if meta is None else str(meta))

    def _first_words(self, current, spoken):
        """The first word: a bare answer while one is awaited (only those when one fits),
        else the commands, and a speaker's name unless one was said."""
        default = self._default()
        lowered = current.lower()
        answers = self._arguments(default, []) if default is not None else []
        if answers and (not lowered or any(_fits(c, lowered) for c in answers)):
            return answers  # a bare answer: what it may be, not every command
        candidates = answers + self._command_words(lowered)
        if not lowered or spoken:
            return candidates
        speakers = [f"{player}:" for player in self.shell.context.players]  # `A` → `Ann:`
        if current[:1].isupper() and any(_fits(s, lowered) for s in speakers):
            return speakers  # a capital letter starts a name, not a command
        return candidates + speakers

    def _after_first(self, before):
        """What the command typed (or the awaited answer's, for a bare one) proposes next."""
        cmd, args = self.shell.commands.exact(before[0]), before[1:]
        if cmd is None:  # a bare answer, read as the default command
            cmd, args = self._default(), before
        return self._arguments(cmd, args) if cmd is not None else []

    def _command_words(self, lowered):
        """The names of the commands the game as set up offers that begin with ``lowered``;
        a command whose name does not, by its first alias that does (`exit` for quit)."""
        from referee.core.commands import offered  # with the commands, after the first prompt

        found = []
        for cmd in self.shell.commands.commands.values():
            if not offered(self.shell.context, cmd):
                continue
            word = next((w for w in cmd.words if w.startswith(lowered)), None)
            if word is not None:
                found.append(word)
        return sorted(found)

    def _arguments(self, cmd, args):
        if cmd.complete is None:
            return []
        try:
            return list(cmd.complete(self.shell.context, args))
        except Exception:
            return []  # completion must never break typing

    def _default(self):
        """The command a bare line means now, or None (a bug in the game's answer: None)."""
        session = self.shell.context
        try:
            name = session.game.default_command(session.state)
            return self.shell.commands.exact(name) if name else None
        except Exception:
            return None

    def _speaker(self, word):
        if not word.endswith(":"):
            return False
        return any(player.lower() == word[:-1].lower() for player in self.shell.context.players)


def _fits(candidate, lowered):
    value = candidate[0] if isinstance(candidate, tuple) else candidate
    return str(value).lower().startswith(lowered)
