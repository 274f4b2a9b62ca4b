"""One referee per saved game: a second process resuming the same file would append
events built on a state the first one never saw, and the two tables would diverge.

The lock is a small file next to the save (``connexion-3.jsonl.lock``) holding the
process id. A lock whose process is gone (a crash, a closed laptop lid that killed the
terminal) is stale and simply taken over, so a lock can never keep a table out of its
own game; the lock is removed when the process leaves normally.
"""

import atexit
import os

from referee.core.errors import JournalError

_HELD = set()


def lock_path(path):
    return path + ".lock"


def hold(path, game_id):
    """Take the lock of the save file ``path`` for this process, or say who has it."""
    lock = lock_path(path)
    other = _owner(lock)
    if other is not None and other != os.getpid() and _alive(other):
        raise JournalError(f"game {game_id} is open in another referee (process {other}); leave it there first")
    if other == os.getpid():
        return
    try:
        os.makedirs(os.path.dirname(lock) or ".", exist_ok=True)
        with open(lock, "w", encoding="utf-8") as handle:
            handle.write(f"{os.getpid()}\n")
    except OSError:
        return  # a folder we can read but not write: the journal itself will say so
    _HELD.add(lock)
    if len(_HELD) == 1:
        atexit.register(release_all)


def release_all():
    for lock in list(_HELD):
        try:
            if _owner(lock) == os.getpid():
                os.remove(lock)
        except OSError:
            pass
        _HELD.discard(lock)


def _owner(lock):
    try:
        with open(lock, encoding="utf-8") as handle:
            return int(handle.read().strip() or 0) or None
    except (OSError, ValueError):
        return None


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    except OSError:
        return False
    return True
