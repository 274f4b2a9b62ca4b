"""Where saved games live and how a player names one.

Ids are short and typeable at a table (``connexion-3``; ``3`` alone works too) because
players say them out loud; the folder is click's per-user app dir unless REFEREE_HOME
points elsewhere (tests, a shared laptop, a USB stick).
"""

import os
import re

from referee.core import files
from referee.core.errors import JournalError, InputError

_ID = re.compile(r"^([a-z]+)-(\d+)$")


home = files.home  # the referee's folder (kept in core.files, which the shell may read too)


def games_folder():
    return os.path.join(home(), "games")


def path_of(game_id):
    return os.path.join(games_folder(), game_id + ".jsonl")


def check_folder():
    """Refuse a save folder that is a symlink or another user's (issue 18 item 6): games,
    logs and stats read only the user's own folder. Nothing is made here."""
    import stat

    folder = games_folder()
    try:
        info = os.lstat(folder)
    except OSError:
        return
    if stat.S_ISLNK(info.st_mode):
        raise JournalError(f"the save folder {folder} is a symbolic link; the referee keeps games only in a "
                           "folder of its own")
    getuid = getattr(os, "getuid", None)
    if getuid is not None and info.st_uid != getuid():
        raise JournalError(f"the save folder {folder} belongs to another user; the referee keeps games only "
                           "in a folder you own")


_WARNED = set()


def folder_warning():
    """Make the save folder (0700) if it is missing, and return its one-line warning when
    it can be read by others (once a process: files.private_folder), else None. Raises
    JournalError for a folder that is a symlink or not the user's own."""
    folder = games_folder()
    from referee.core import files

    try:
        warning = files.private_folder(folder)
    except OSError as error:
        raise JournalError(f"cannot use the save folder {folder}: {error.strerror or error}")
    if warning is None or folder in _WARNED:
        return None
    _WARNED.add(folder)
    return warning


def all_ids():
    """Every saved game id, oldest first (by number, then name)."""
    check_folder()
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
    game and sending the table's next line to the wrong game (issue 13, defect 5). An
    empty file is no game at all (what a disk full at the start left, issue 18 item 12):
    it is skipped here, and `referee games` still shows it.
    """
    rows = [summary_of(i, replay=False) for i in ids if not _empty(path_of(i))]
    if not rows:
        raise InputError(f"there are no saved games in {games_folder()}")
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
    if not replay:
        return played(game_id, False)[0]
    return cached(game_id)[0]


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
            if "shared" in result:  # the winners are one team, or a tie (Game.result)
                row["shared"] = bool(result["shared"])
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


def _empty(path):
    try:
        return os.stat(path).st_size == 0
    except OSError:
        return False


def _mtime(path):
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None



# -- the summaries' cache ---------------------------------------------------------------
#
# `referee games` and `referee stats` replay every save to list it (a file `resume` would
# refuse must not be listed as healthy), which costs a second for fifty games. A save that
# has not changed since it was last listed gives the same row, so its row (and, once
# `stats` asked, the game's records) is kept in a cache file in the save folder, under
# the save's size, modification time and inode (a save changed in the last two seconds
# is not cached yet: file times are coarse). The cache is only ever a shortcut: it is
# appended to (one line a save listed anew, so two listings at once cannot tear it),
# read leniently (a line that is not a whole entry, or one written by another referee
# version, is skipped), compacted when old lines outnumber live ones, and never needed:
# an unreadable or unwritable cache just means every save is replayed. Damaged saves are
# not cached, so their row always says what is wrong now.

CACHE = ".summaries.jsonl"


def cache_path():
    return os.path.join(games_folder(), CACHE)


def cached(game_id, records=None):
    """(summary row, records): the row of :func:`summary_of`, from the cache when the save
    is unchanged, else replayed (and cached). With ``records`` (a function of a replayed
    session giving :class:`~referee.core.stats.Record` objects) a finished game's records
    too, as dicts; None otherwise."""
    path = path_of(game_id)
    key = _key(path)
    entries = _cache_entries()
    entry = entries.get(game_id) if key is not None else None
    if entry is not None and entry.get("key") == key:
        hit = _cache_hit(entry, records)
        if hit is not None:
            return hit
    row, session = played(game_id)
    found = _records_of(session, row, records)
    if key is not None and not row.get("error") and key == _key(path) and not _racy(key):
        entry = {"v": _version(), "id": game_id, "key": key, "row": row}
        if found is not None:
            entry["records"] = found
        _cache_add(entries, entry)
    return row, found


def _cache_hit(entry, records):
    """(row, records) from a cache entry for an unchanged save, or None when the entry
    cannot answer: ``stats`` asks a finished game's records, and a save first listed by
    `games` was cached without them."""
    row = entry.get("row")
    wanted = records is not None and row.get("finished")
    if isinstance(row, dict) and (not wanted or isinstance(entry.get("records"), list)):
        return dict(row), (entry.get("records") if wanted else None)
    return None


def _records_of(session, row, records):
    """A finished game's records as dicts, when ``records`` asks for them; None otherwise.
    A game's odd record costs its records ([]), never the listing."""
    from dataclasses import asdict

    if records is None or session is None or not row.get("finished"):
        return None
    try:
        return [asdict(record) for record in records(session)]
    except Exception:
        return []


def _key(path):
    """What says a save changed: its size, modification time (ns) and inode."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns, info.st_ino]


def _racy(key, margin=2.0):
    """A save changed in the last ``margin`` seconds: a change in the same clock tick
    (file times are coarse) would keep its size and time, so it is not cached yet (git's
    racy-index rule)."""
    import time

    return time.time() - key[1] / 1e9 < margin


def _version():
    from referee import __version__

    return __version__


_ENTRIES = {}  # cache path -> {game id: entry}, read once a process


def _cache_entries():
    """The cache's entries by game id (the last line of each wins); {} for anything odd."""
    path = cache_path()
    if path in _ENTRIES:
        return _ENTRIES[path]
    import json

    from referee.core.journal import read

    entries, lines = {}, 0
    try:
        data = read(path)  # a regular file only: a FIFO put there must not hang `games`
    except JournalError:  # no cache yet, a folder in its place, no right to read it: replay all
        data = b""
    version = _version()
    from referee.core.journal import needs_cleaning
    from referee.core.text import cleaned

    dirty = needs_cleaning(data)  # rows are printed as they are: no control character in them (item 7)
    position = 0
    while position < len(data):  # line by line, without a list of every line
        end = data.find(b"\n", position)
        end = len(data) if end < 0 else end
        raw, position = data[position:end], end + 1
        if not raw.strip():
            continue
        lines += 1
        try:
            entry = json.loads(raw.decode("utf-8"), parse_constant=_refuse)
        except (UnicodeDecodeError, ValueError, RecursionError):
            continue
        if dirty:
            entry = cleaned(entry)
        if (isinstance(entry, dict) and entry.get("v") == version and isinstance(entry.get("id"), str)
                and isinstance(entry.get("key"), list) and _row_ok(entry.get("row"), entry["id"])
                and _records_ok(entry.get("records"))):
            entries[entry["id"]] = entry
    entries = _Entries(entries)
    entries.lines = lines
    _ENTRIES[path] = entries
    return entries


def _refuse(name):
    raise ValueError(name)


def _time_ok(value):
    return value is None or (type(value) in (int, float) and 0 <= value < 32503680000)  # before year 3000


def _names_ok(value):
    return isinstance(value, list) and all(isinstance(n, str) and len(n) <= 100 for n in value) and len(value) <= 100


def _row_ok(row, game_id):
    """Whether a cached row has the shape :func:`played` gives, so `games` can print it as
    it prints a fresh one. The cache sits in the save folder and is as untrusted as a
    save: a row of another shape is skipped and the save replayed (playtest: 1e300 in
    `last_move` stopped `games` with an OverflowError)."""
    if not isinstance(row, dict) or row.get("id") != game_id:
        return False
    return (isinstance(row.get("game"), str) and _names_ok(row.get("players"))
            and all(isinstance(row.get(k), (str, type(None))) for k in ("variant", "mode", "started"))
            and _time_ok(row.get("last_move")) and _time_ok(row.get("last_played"))
            and type(row.get("finished")) is bool and type(row.get("events")) is int
            and _scores_ok(row.get("scores")) and _names_ok(row.get("winners")))


def _scores_ok(scores):
    """A row's scores: none, or at most 100 names to a number of sane size (or None, a
    score not known), so printing them can never overflow."""
    if scores is None:
        return True
    return isinstance(scores, dict) and len(scores) <= 100 and all(
        type(v) in (int, float, type(None)) and (v is None or abs(v) < 1e15) for v in scores.values())


def _records_ok(records):
    """Cached stats records: a list of Record's fields, each of its kind."""
    if records is None:
        return True
    if not isinstance(records, list):
        return False
    for record in records:
        if not (isinstance(record, dict) and set(record) <= {"title", "player", "value", "text", "low", "ties"}
                and isinstance(record.get("title"), str) and isinstance(record.get("player"), str)
                and isinstance(record.get("text"), str) and type(record.get("value")) in (int, float)
                and abs(record["value"]) < 1e15 and type(record.get("low", False)) is bool
                and type(record.get("ties", 1)) is int and 1 <= record.get("ties", 1) < 1e9):
            return False
    return True


class _Entries(dict):
    lines = 0  # lines in the cache file, live or not


def _cache_add(entries, entry):
    """Remember ``entry``: one line appended, or the whole cache written afresh when the
    file holds more than twice as many lines as live entries."""
    import json

    entries[entry["id"]] = entry
    path = cache_path()
    dump = lambda e: json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n"  # noqa: E731
    from referee.core import files

    try:  # 0600, never through a symlink (issue 18 items 5, 6)
        if entries.lines + 1 > 2 * len(entries) + 16:
            files.replace(path, "".join(dump(e) for e in entries.values()).encode("utf-8"))
            entries.lines = len(entries)
        else:
            files.append(path, dump(entry).encode("utf-8"))
            entries.lines += 1
    except (OSError, TypeError, ValueError):  # a read-only save folder (a USB stick), a row
        pass  # JSON cannot hold: the cache is only a shortcut
