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


def new_id(game, above=0):
    """The next free number (above ``above``); one sequence across games so ``3`` names
    one game only. Only a suggestion: launch.start takes the number by creating the file
    exclusively and moves on to the next when two games start at the same instant."""
    numbers = [int(_ID.match(i).group(2)) for i in all_ids()]
    return f"{game}-{max(numbers + [above], default=0) + 1}"


def number_of(game_id):
    return int(_ID.match(game_id).group(2))


def find(text, unfinished=False):
    """The saved game a player means: an exact id, its number, or ``last``.

    ``last`` is the game played most recently (by the time of its last record, else the
    file's time), not the highest number; with ``unfinished`` (``referee resume``) the most
    recently played game that has not ended.
    """
    ids = all_ids()
    if not ids:
        raise InputError(f"there are no saved games in {games_folder()}")
    text = text.strip().lower()
    if text in ("last", "latest"):
        return latest(ids, unfinished)["id"]
    if text in ids:
        return text
    matches = [i for i in ids if _ID.match(i).group(2) == text or i.startswith(text)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise InputError(f"{text!r} could be {', '.join(matches)}; say which")
    raise InputError(f"no saved game {text!r}; `referee games` lists them")


def latest(ids, unfinished):
    """The summary of the most recently played of ``ids`` (unfinished ones only if asked).

    Read from the files alone, without replaying: a damaged file still counts by its
    time, so `resume` then says what is wrong with it instead of quietly opening an older
    game and sending the table's next line to the wrong game (issue 13, defect 5).
    """
    rows = [summary_of(i, replay=False) for i in ids]
    if unfinished:
        rows = [r for r in rows if not r["finished"]]
        if not rows:
            raise InputError("every saved game has ended; `referee games` lists them, "
                             "`referee resume ID` opens one anyway")
    return max(rows, key=lambda r: (r["last_played"] or 0, number_of(r["id"])))


def summary_of(game_id, replay=True):
    """A row for ``referee games``: what the header says, how many events stand, when the
    game was last played, and whether it has ended.

    With ``replay`` the events are replayed through the game's rules, as ``resume`` does,
    so a file ``resume`` would refuse is never listed as healthy (defect 7f), and a
    finished game's row carries its final scores and winners (issue 12). A file that
    cannot be read or replayed gives a row with game ``damaged`` and the reason in
    ``error``, so ``referee games`` still lists every other game.
    """
    return played(game_id, replay)[0]


def played(game_id, replay=True):
    """(summary row, replayed Session or None): the row of :func:`summary_of` and, with
    ``replay``, the session it was read from, for views of the whole game (``stats``)."""
    from referee.core.journal import Journal, effective

    path = path_of(game_id)
    session = None
    try:
        journal, _ = Journal.open(path, repair=False)
        if replay:
            session = replayed(journal)
    except JournalError as error:  # one damaged file must not hide the others
        return {"id": game_id, "game": "damaged", "variant": None, "mode": None, "players": [], "started": None,
                "last_move": None, "last_played": _mtime(path), "finished": False, "events": 0,
                "scores": None, "winners": [], "error": str(error)}, None
    done, _undone = effective(journal.records)
    last = done[-1] if done else None
    header = journal.header
    row = {
        "id": game_id,
        "game": header.get("game", "?"),
        "variant": (header.get("options") or {}).get("variant"),
        "mode": header.get("mode", "table"),
        "players": header.get("players", []),
        "started": header.get("started"),
        "last_move": (last or {}).get("action", {}).get("at"),
        "last_played": last_played(journal) or _mtime(path),
        "finished": bool(last and last.get("over")),
        "events": len(done),
        "scores": None,
        "winners": [],
    }
    if session is not None:
        row["finished"] = session.over
        if session.over:  # only then: a score hidden during play (Colors, CC-4) is out
            try:
                result = session.game.result(session.state)
            except Exception:  # a game without a result still lists; its row says no scores
                result = {}
            row["scores"] = {p["name"]: p.get("score") for p in result.get("players", [])}
            row["winners"] = list(result.get("winners") or [])
    return row, session


def replayed(journal):
    """A Session over ``journal`` (replayed through its game's rules), or JournalError
    naming the file and line of what does not replay: what ``resume`` checks, for ``log``
    and ``games`` too."""
    from referee.core.session import Session
    from referee.games import load

    game = load(journal.header.get("game", ""))
    if game is None:
        raise JournalError(f"{journal.path} line 1: a game this referee does not know "
                           f"({journal.header.get('game')!r})")
    return Session(game, journal)


def last_played(journal):
    """The time of the last record (an action, an undo or a redo), or None."""
    for record in reversed(journal.records):
        at = record.get("at") if record.get("kind") != "do" else record.get("action", {}).get("at")
        if isinstance(at, (int, float)) and not isinstance(at, bool):
            return at
    return None


def _mtime(path):
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None

