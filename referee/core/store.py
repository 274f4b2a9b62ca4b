"""Where saved games live and how a player names one.

Ids are short and typeable at a table (``connexion-3``; ``3`` alone works too) because
players say them out loud; the folder is click's per-user app dir unless REFEREE_HOME
points elsewhere (tests, a shared laptop, a USB stick).
"""

import os
import re

import click

from referee.core.errors import JournalError, InputError

_ID = re.compile(r"^([a-z]+)-(\d+)$")


def home():
    return os.environ.get("REFEREE_HOME") or click.get_app_dir("referee")


def games_folder():
    return os.path.join(home(), "games")


def path_of(game_id):
    return os.path.join(games_folder(), game_id + ".jsonl")


def all_ids():
    """Every saved game id, oldest first (by number, then name)."""
    try:
        names = os.listdir(games_folder())
    except FileNotFoundError:
        return []
    except OSError as error:
        raise JournalError(f"cannot read the save folder {games_folder()}: {error.strerror or error}")
    ids = []
    for name in names:
        if name.endswith(".jsonl") and _ID.match(name[:-6]):
            ids.append(name[:-6])
    return sorted(ids, key=lambda i: (int(_ID.match(i).group(2)), i))


def new_id(game):
    """The next free number; one sequence across games so ``3`` names one game only."""
    numbers = [int(_ID.match(i).group(2)) for i in all_ids()]
    return f"{game}-{max(numbers, default=0) + 1}"


def find(text):
    """The saved game a player means: an exact id, its number, or ``last``."""
    ids = all_ids()
    if not ids:
        raise InputError(f"there are no saved games in {games_folder()}")
    text = text.strip().lower()
    if text in ("last", "latest"):
        return ids[-1]
    if text in ids:
        return text
    matches = [i for i in ids if _ID.match(i).group(2) == text or i.startswith(text)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise InputError(f"{text!r} could be {', '.join(matches)}; say which")
    raise InputError(f"no saved game {text!r}; `referee games` lists them")


def summary_of(game_id):
    """A row for ``referee games`` read from the file alone, without loading the game.

    A file that cannot be read gives a row with game ``damaged`` and the reason in
    ``error``, so ``referee games`` still lists every other game.
    """
    from referee.core.journal import Journal, effective

    try:
        journal, _ = Journal.open(path_of(game_id), repair=False)
    except JournalError as error:  # one damaged file must not hide the others
        return {"id": game_id, "game": "damaged", "players": [], "started": None, "last_move": None,
                "finished": False, "events": 0, "error": str(error)}
    done, _undone = effective(journal.records)
    last = done[-1] if done else None
    return {
        "id": game_id,
        "game": journal.header.get("game", "?"),
        "players": journal.header.get("players", []),
        "started": journal.header.get("started"),
        "last_move": (last or {}).get("action", {}).get("at"),
        "finished": bool(last and last.get("over")),
        "events": len(done),
    }

