"""The append-only save file: a game is its journal, so the journal must never lose one.

One JSON object a line. The first line is the header (game, players in seat order, mode,
seed, table options); every later line is a record: an accepted action (``do``), or an
``undo``/``redo`` of some of them. Undo is itself appended rather than cutting the file,
so nothing ever rewrites what was written (RULINGS G-3) and a crash can only ever tear
the very last line. Each record is flushed and fsynced before the referee says
"accepted"; a record whose write or fsync fails is cut back off the file, so what is on
disk is exactly what was accepted.

Reading is forgiving in exactly one place: a last line without its newline that is not
a whole record is what a crash mid-write leaves (each record goes down in one write that
ends with its newline), so it is reported and dropped (the file is cut back to the last
whole line so later appends stay clean). A damaged line that ends in its newline was not
torn by a crash: like anything else wrong it is a :class:`JournalError` naming the file
and the line, and the file is left as it is.

The file's name is the game's id: a save renamed or copied to ``connexion-7.jsonl`` is
game connexion-7, whatever its header says (issue 13, defect 7a).
"""

import json
import os
import re
import stat

from referee import __version__
from referee.core.errors import JournalError

FORMAT = "referee-journal"
VERSION = 1
_ID = re.compile(r"^[a-z]+-\d+$")


class Exists(JournalError):
    """A new game's file name is taken (by another game, or one started at the same instant)."""


class Journal:
    """An open save file that records are appended to."""

    def __init__(self, path, header, records, lines=None):
        self.path = path
        self.header = header
        self.records = records
        # The file line of each record, so a record that does not replay is named by line.
        self.lines = list(lines) if lines is not None else list(range(2, len(records) + 2))

    def line_of(self, record):
        """The line of the save file that holds ``record`` (one of self.records)."""
        for number, held in zip(self.lines, self.records):
            if held is record:
                return number
        return None

    # -- writing ---------------------------------------------------------------

    @classmethod
    def create(cls, path, header):
        """Start a new save file; refuses to overwrite an existing game."""
        header = dict(header, format=FORMAT, version=VERSION, referee=__version__)
        folder = os.path.dirname(path) or "."
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as error:  # FileExistsError here means the folder is a file, not a saved game
            raise JournalError(f"cannot write the save file {path}: {error.strerror or error}")
        try:
            with open(path, "x", encoding="utf-8") as handle:
                handle.write(_dump(header) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            _fsync_folder(folder)
        except FileExistsError:
            raise Exists(f"{path}: a saved game is already there; not overwriting it")
        except OSError as error:
            raise JournalError(f"cannot write the save file {path}: {error.strerror or error}")
        return cls(path, header, [])

    def append(self, record):
        """Write one record durably; only after this returns may the action count."""
        data = (_dump(record) + "\n").encode("utf-8")
        try:
            # No O_CREAT: a save file that vanished mid-game is an error, not a new
            # headerless file. Unbuffered, so nothing is left to flush after a failure.
            # Non-blocking, so a FIFO put in its place fails instead of hanging.
            flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
            fd = os.open(self.path, flags)
        except OSError as error:
            raise JournalError(f"cannot write the save file {self.path}: {error.strerror or error}")
        try:
            start = os.lseek(fd, 0, os.SEEK_END)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            except OSError as error:
                # Not accepted, so not on file either: a half-written or unsynced line
                # would be read back as accepted, or become a corrupt middle line once
                # the next record lands after it.
                try:
                    os.ftruncate(fd, start)
                    os.fsync(fd)
                except OSError:
                    pass
                raise JournalError(f"cannot write the save file {self.path}: {error.strerror or error}")
        finally:
            os.close(fd)
        self.records.append(record)
        self.lines.append((self.lines[-1] if self.lines else 1) + 1)

    # -- reading ---------------------------------------------------------------

    @classmethod
    def open(cls, path, repair=True):
        """Read a save file; returns the journal and a list of warnings for the player.

        With ``repair`` a torn last line is cut off the file; without it the file is
        left untouched (for read-only views such as ``referee log``).
        """
        data = read(path)
        header, records, warnings, good_length, lines = _parse(data, path)
        name = os.path.basename(path)
        if name.endswith(".jsonl") and _ID.match(name[:-6]):
            header["id"] = name[:-6]
        if repair and good_length == len(data) and data and not data.endswith(b"\n"):
            try:
                with open(path, "ab") as handle:
                    handle.write(b"\n")
                    handle.flush()  # out of Python's buffer first, or fsync syncs nothing
                    os.fsync(handle.fileno())
            except OSError as error:
                raise JournalError(f"cannot write the save file {path}: {error.strerror or error}")
        if good_length < len(data) and repair:
            try:
                with open(path, "r+b") as handle:
                    handle.truncate(good_length)
                    handle.flush()
                    os.fsync(handle.fileno())
            except OSError as error:
                warnings.append(f"could not cut the torn line off {path}: {error.strerror or error}")
        return cls(path, header, records, lines), warnings


def read(path):
    """The bytes of the save file ``path``, which must be a regular file: a FIFO, a folder
    or a device put there would hang or mislead ``games``, ``log`` and ``resume``."""
    try:
        # Non-blocking: opening a FIFO with no writer would otherwise wait forever.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise JournalError(f"no saved game at {path}")
    except IsADirectoryError:
        raise JournalError(f"{path} is a folder, not a referee save file")
    except OSError as error:
        raise JournalError(f"cannot read the save file {path}: {error.strerror or error}")
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else "a device or socket"
            raise JournalError(f"{path} is {kind}, not a regular file: not a referee save file")
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as error:
        raise JournalError(f"cannot read the save file {path}: {error.strerror or error}")
    finally:
        os.close(fd)


def parse(data, path="<journal>"):
    """Split raw bytes into header, records, warnings and the length of the good part."""
    return _parse(data, path)[:4]


def _parse(data, path):
    """parse(), plus the file line of each record."""
    lines = data.split(b"\n")
    complete = lines[:-1]  # the piece after the last newline is incomplete (or empty)
    tail = lines[-1]
    if not complete:
        if not tail.strip():
            raise JournalError(f"{path}: empty file, not a referee save file")
        raise JournalError(f"{path} line 1: the header is torn; this save file cannot be read")
    header = _load(complete[0], path, 1)
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise JournalError(f"{path} line 1: not a referee save file")
    version = header.get("version", 0)
    if not isinstance(version, int) or isinstance(version, bool):
        raise JournalError(f"{path} line 1: a save file of unknown journal version {version!r}")
    if version > VERSION:
        raise JournalError(
            f"{path} line 1: saved by a newer referee (journal version {version}); upgrade to read it"
        )
    players = header.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        raise JournalError(f"{path} line 1: the header does not say who plays (players)")
    for field, kind in _HEADER_TYPES.items():
        if field in header and not isinstance(header[field], kind):
            raise JournalError(f"{path} line 1: the header's {field} is not what a referee save file holds")
    quick = _quick_records(data, len(complete[0]))
    if quick is not None:  # every line one clean record: the common case, read in one pass
        return header, quick, [], len(data), list(range(2, len(quick) + 2))
    records = []
    lines = []
    warnings = []
    offset = len(complete[0]) + 1
    good_length = offset
    for number, raw in enumerate(complete[1:], start=2):
        if not raw.strip():
            offset += len(raw) + 1
            good_length = offset
            continue
        record = _load(raw, path, number)  # a whole line (it ends in its newline): not a tear
        _check_record(record, path, number)
        records.append(record)
        lines.append(number)
        offset += len(raw) + 1
        good_length = offset
    if tail.strip():
        try:
            record = _load(tail, path, len(complete) + 1)
            _check_record(record, path, len(complete) + 1)
        except JournalError:
            record = None
        if record is not None:
            # Whole but for its newline: keep it; the caller adds the newline back.
            records.append(record)
            lines.append(len(complete) + 1)
            return header, records, warnings, len(data), lines
        warnings.append(
            f"{path} line {len(complete) + 1}: the last line was torn (a crash mid-write) and was dropped; "
            "everything before it is kept"
        )
    return header, records, warnings, good_length, lines


# The header fields the core reads (the shell, exports, `referee games`), by type; a game
# checks its own fields when it sets up from the header.
_HEADER_TYPES = {"game": str, "id": str, "mode": str, "started": str, "options": dict, "wordlists": list,
                 "deny": list}

_HEADER_TYPES["referee"] = str  # the referee version that started the game


def effective(records):
    """Fold undo/redo records: the actions that stand, and those that can be redone."""
    done = []
    undone = []
    for record in records:
        kind = record["kind"]
        if kind == "do":
            done.append(record)
            undone.clear()
        elif kind == "undo":
            for _ in range(record.get("count", 1)):
                if done:
                    undone.append(done.pop())
        elif kind == "redo":
            for _ in range(record.get("count", 1)):
                if undone:
                    done.append(undone.pop())
    return done, undone


_SCAN = json.JSONDecoder().scan_once  # the C scanner json.loads runs, without its per-call wrapping


def _quick_records(data, header_end):
    """The records of a save file in which every line after the header is exactly one
    record in the form Session.do writes (no blank line, no spaces around it, nothing
    torn), read in one pass over the decoded text: twice as fast as line by line, which
    matters for a 20,000-event resume (issue 9 item 3). None for anything else, which
    the careful reader then reads and names by line.

    Each record must start where a line starts and end where it ends, and there must be
    as many records as lines, so no record can reach over two lines."""
    if not data.endswith(b"\n"):
        return None
    try:
        text = data[header_end + 1:].decode("utf-8")
    except UnicodeDecodeError:
        return None
    scan = _SCAN
    records = []
    keep = records.append
    position, size = 0, len(text)
    try:
        while position < size:
            record, end = scan(text, position)
            if text[end] != "\n" or not _plain(record):
                return None
            keep(record)
            position = end + 1
    except (ValueError, StopIteration, IndexError):
        return None
    if len(records) != text.count("\n"):
        return None
    return records


def _plain(record):
    """True for a record that _check_record would let through, checked the quick way for
    the usual shapes (a do with its action and time; an undo or redo with a count and
    time); anything unusual is left to _check_record."""
    if type(record) is not dict:
        return False
    kind = record.get("kind")
    if kind == "do":
        action = record.get("action")
        if type(action) is not dict or "count" in record or "at" in record:
            return False
        at = action.get("at")
        return at is None or type(at) is float or type(at) is int
    if kind == "undo" or kind == "redo":
        count = record.get("count", 1)
        at = record.get("at")
        return (type(count) is int and count >= 1 and "action" not in record
                and (at is None or type(at) is float or type(at) is int))
    return False


def _check_record(record, path, number):
    if not isinstance(record, dict) or record.get("kind") not in ("do", "undo", "redo"):
        raise JournalError(f"{path} line {number}: not a referee journal record")
    if record["kind"] == "do" and not isinstance(record.get("action"), dict):
        raise JournalError(f"{path} line {number}: a record without its action")
    count = record.get("count", 1)
    if not isinstance(count, int) or count < 1:
        raise JournalError(f"{path} line {number}: an undo or redo without a proper count")
    action = record.get("action")
    for at in (record.get("at"), action.get("at") if isinstance(action, dict) else None):
        # Logs, exports and `referee games` format these times; one that is not a number
        # (a hand edit) would be a traceback there, so it is caught here with its line.
        if at is not None and (isinstance(at, bool) or not isinstance(at, (int, float))):
            raise JournalError(f"{path} line {number}: a record whose time is not a number ({at!r})")


def _load(raw, path, number):
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise JournalError(f"{path} line {number}: not JSON; this line of the save file is damaged")


def _dump(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _fsync_folder(folder):
    """Make the new file's name durable too (POSIX); harmless where unsupported."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
