"""Tab completion from the command registry, so every command completes the same way.

The first word completes to command names; after it, the command's own ``complete``
function proposes what fits the game now (card names, player names, yes/no). While the
game waits for one answer (Game.default_command), a bare answer is that command's
arguments, so they complete as the first word too, the way the shell reads them.
A ``complete`` function may propose ``(text, meta)`` pairs: the meta (a card's value)
is shown beside the candidate in the menu.
"""

from prompt_toolkit.completion import Completer, Completion

from referee.core.commands import offered


class CommandCompleter(Completer):
    def __init__(self, shell):
        self.shell = shell

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        words = text.split()
        current = "" if text.endswith(" ") or not words else words[-1]
        before = words if text.endswith(" ") else words[:-1]
        if before and self._speaker(before[0]):  # `Ann: ...` completes what follows it
            before = before[1:]
        default = self._default()
        commands = self.shell.commands
        if not before:
            candidates = self._arguments(default, []) if default is not None else []
            candidates += sorted(w for w, cmd in commands.words.items() if offered(self.shell.context, cmd))
        else:
            cmd, args = commands.exact(before[0]), before[1:]
            if cmd is None and default is not None:  # a bare answer, read as the default command
                cmd, args = default, before
            if cmd is None:
                return
            candidates = self._arguments(cmd, args)
        lowered = current.lower()
        seen = set()
        for candidate in candidates:
            value, meta = candidate if isinstance(candidate, tuple) else (candidate, None)
            value = str(value)
            if value.lower().startswith(lowered) and value not in seen:
                seen.add(value)
                yield Completion(value, start_position=-len(current), display_meta=None if meta is None else str(meta))

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
