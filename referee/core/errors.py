"""The exceptions a player can cause, and only those.

Every message is a sentence a player can read at the table: what was refused, why, and
which rule (rulebook section or RULINGS number). The shell prints ``str(error)`` on one
line and nothing else, so no traceback ever reaches a player.
"""


class RefereeError(Exception):
    """Base of every error whose message is meant for a player."""


class RuleError(RefereeError):
    """An action the rules forbid; the state is left as it was.

    ``rule`` is an id of the game's rule table (``why`` shows its text). A refusal whose
    reason lies in hidden cards says publicly only what the table may know; ``private``
    is the rest, for ``owner``'s eyes only (shown the way a hand is, never logged)."""

    def __init__(self, message, rule=None, private=None, owner=None):
        self.rule = rule
        self.private = private
        self.owner = owner
        if rule and f"({rule})" not in message:
            message = f"{message} ({rule})"
        super().__init__(message)


class InputError(RefereeError):
    """A line the referee could not read: unknown command, bad card name, bad number."""


class ActionError(InputError):
    """An action the game cannot even read: an unknown kind, a missing or mistyped field.

    Not a rule: nobody at the table typed it (commands build actions from what was
    typed); it comes from a hand-edited or damaged journal, which the session reports
    with its file and line."""


class JournalError(RefereeError):
    """A save file that cannot be read or written; names the file and line."""
