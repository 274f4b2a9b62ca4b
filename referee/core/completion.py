"""Tab completion from the command registry, so every command completes the same way.

The first word completes to command names; after it, the command's own ``complete``
function proposes what fits the game now (card names, player names, yes/no).
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
        if not before:
            candidates = sorted(w for w, cmd in self.shell.commands.words.items() if offered(self.shell.session, cmd))
        else:
            cmd = self.shell.commands.exact(before[0])
            if cmd is None or cmd.complete is None:
                return
            try:
                candidates = list(cmd.complete(self.shell.session, before[1:]))
            except Exception:
                return  # completion must never break typing
        lowered = current.lower()
        for candidate in candidates:
            if candidate.lower().startswith(lowered):
                yield Completion(candidate, start_position=-len(current))
