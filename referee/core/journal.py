"""The append-only save file: a game is its journal, so the journal must never lose one.

One JSON object a line. The first line is the header (game, players in seat order, mode,
seed, table options); every later line is a record: an accepted action (``do``), an
``undo``/``redo`` of some of them, or a ``pause``/``go`` of the clocks (core.clocks). Undo is itself appended rather than cutting the file,
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
from referee.core import files
from referee.core.errors import JournalError
from referee.core.names import problem as names_problem

FORMAT = "referee-journal"
VERSION = 1
_ID = re.compile(r"^[a-z]+-\d+$")

# A save the referee wrote holds about a hundred bytes an event: 16 MB is 100,000 events and
# more, far beyond any game night, and a larger file (or a 50 MB file of newlines) is refused
# before it is read whole (issue 18 item 15). Reading is linear, so the cap also bounds the
# time a hand-made save of 600,000 undo and redo records costs (about 1 s a 4 MB).
MAX_BYTES = 16 << 20
# Times are seconds since 1970; anything outside [0, year 3000) is a hand edit that would
# break formatting (1e300 overflows localtime, item 11).
LATEST = 32503680000.0
MODES = ("table", "digital")
# The word lists a ConneXion header names are read when a word is judged: regular files
# only (/dev/zero would be read until memory runs out), at most this big (item 11).
MAX_LIST_BYTES = 32 << 20
MAX_LISTS = 64
_BOM = b"\xef\xbb\xbf"
_NONBLANK = re.compile(rb"[^ \t\r\n\x0b\x0c]")
# Anything that can become a control character once the JSON is read: JSON's own escapes
# (\b \t \n \f \r), \u escapes of C0, DEL, C1 and the separators and bidi controls, and
# the raw UTF-8 of C1 and of those. A save without any (every save the referee wrote from
# clean input) is read without a second look; one with any has every string cleaned
# (item 7). A false alarm (an escaped backslash before an n) only costs that second look.
_NOT_CONTROL = bytes(range(0x20, 0x7f)) + b"\t\n\r" + bytes(range(0x80, 0x100))  # translate() deletes these
_ESCAPED_CONTROL = (
    rb"\\[btnfr]|\\u00[01][0-9a-fA-F]|\\u007[fF]|\\u00[89][0-9a-fA-F]|\\u202[89a-eA-E]|\\u206[6-9]"
    rb"|\\u[dD][89a-fA-F]")  # and surrogates: a lone one cannot even be printed (UnicodeEncodeError)
_UTF8_CONTROL = (rb"\xc2[\x80-\x9f]", rb"\xe2\x80[\xa8-\xae]",
                 rb"\xe2\x81[\xa6-\xa9]")  # apart: a literal start is searched fast
_COMPILED = []  # the two above, compiled when a save is first read (not as a new game starts)


def _control_patterns():
    if not _COMPILED:
        _COMPILED.append((re.compile(_ESCAPED_CONTROL), tuple(re.compile(p) for p in _UTF8_CONTROL)))
    return _COMPILED[0]


class _NotFinite(ValueError):
    """NaN, Infinity or -Infinity in a save: JSON has no such numbers, Python's reader
    takes them, and every view that formats one breaks (item 11)."""


def _no_constant(name):
    raise _NotFinite(name)


def needs_cleaning(data):
    """Whether raw save (or cache) bytes may hold a control character once read. Each
    pattern is looked for only when a byte it needs is there at all, so a clean save
    costs a few scans at C speed."""
    if data.translate(None, _NOT_CONTROL):  # a raw C0 control or DEL
        return True
    escaped, utf8 = _control_patterns()
    if b"\\" in data and escaped.search(data):
        return True
    return not data.isascii() and any(pattern.search(data) for pattern in utf8)  # each starts with a byte >= 0x80


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
        self.size = None  # bytes on disk as this journal wrote or read them (confirm)

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
            files.private_folder(folder)  # 0700, the user's own, not a symlink (item 5, 6)
        except OSError as error:  # FileExistsError here means the folder is a file, not a saved game
            raise JournalError(f"cannot write the save file {path}: {error.strerror or error}")
        data = (_dump(header) + "\n").encode("utf-8")
        try:
            # Whole or not at all: a disk full at the header leaves no 0-byte save (item 12).
            files.replace(path, data, exclusive=True)
        except FileExistsError:
            raise Exists(f"{path}: a saved game is already there; not overwriting it")
        except OSError as error:
            raise JournalError(f"cannot write the save file {path}: {error.strerror or error}")
        journal = cls(path, header, [])
        journal.size = len(data)
        return journal

    def append(self, record):
        """Write one record durably; only after this returns may the action count."""
        data = (_dump(record) + "\n").encode("utf-8")
        try:
            # No O_CREAT: a save file that vanished mid-game is an error, not a new
            # headerless file. Unbuffered, so nothing is left to flush after a failure.
            # Non-blocking, so a FIFO put in its place fails instead of hanging.
            # Never through a symlink, 0600 (files.open_private, item 5, 6).
            fd = files.open_private(self.path, os.O_WRONLY | os.O_APPEND)
        except FileNotFoundError as error:
            raise JournalError(f"cannot write the save file {self.path}: {error.strerror or error} "
                               "(`save` writes the whole game again)")
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
        if self.size is not None:
            self.size += len(data)

    def confirm(self):
        """Check that the save file is still there, as long as what was written to it;
        when it is not (its folder deleted under a running game, item 9), write the whole
        save again from the header and records held here. Returns None when all was well,
        else one line saying what was done; raises JournalError when it cannot be written.
        Nothing says "saved" without having called this."""
        try:
            info = os.lstat(self.path)
            intact = stat.S_ISREG(info.st_mode) and (self.size is None or info.st_size == self.size)
        except OSError:
            intact = False
        if intact:
            return None
        self.rewrite()
        return (f"the save file {self.path} was gone or changed; written again whole from the "
                f"{len(self.records)} record{'s' if len(self.records) != 1 else ''} held")

    def check_writable(self):
        """JournalError unless the next record could be appended (a file made read-only or
        immutable under a running game): `save` says so rather than "saved" when the very
        next action would be refused."""
        try:
            os.close(files.open_private(self.path, os.O_WRONLY | os.O_APPEND))
        except OSError as error:
            raise JournalError(f"the save file {self.path} holds every action accepted so far, but cannot "
                               f"be written to ({error.strerror or error}): the next action would be refused")

    def rewrite(self):
        """The whole save (header, then every record) written afresh, fsynced, then
        renamed into place (files.replace): the one way back for a game whose file was
        deleted while it was played."""
        header = {k: v for k, v in self.header.items() if k != "id" or v is not None}
        data = "".join(_dump(item) + "\n" for item in [header] + list(self.records)).encode("utf-8")
        try:
            files.private_folder(os.path.dirname(self.path) or ".")
            files.replace(self.path, data)
        except OSError as error:
            raise JournalError(f"cannot write the save file {self.path}: {error.strerror or error}")
        self.size = len(data)
        self.lines = list(range(2, len(self.records) + 2))

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
        size = len(data)
        if repair and good_length == len(data) and data and not data.endswith(b"\n"):
            try:
                fd = files.open_private(path, os.O_WRONLY | os.O_APPEND)
                try:
                    files._write_all(fd, b"\n")
                    os.fsync(fd)
                finally:
                    os.close(fd)
                size += 1
            except OSError as error:
                raise JournalError(f"cannot write the save file {path}: {error.strerror or error}")
        if good_length < len(data) and repair:
            try:
                fd = files.open_private(path, os.O_WRONLY)
                try:
                    os.ftruncate(fd, good_length)
                    os.fsync(fd)
                finally:
                    os.close(fd)
                size = good_length
            except OSError as error:
                warnings.append(f"could not cut the torn line off {path}: {error.strerror or error}")
        journal = cls(path, header, records, lines)
        journal.size = size if repair else None
        return journal, warnings


def read(path, limit=MAX_BYTES):
    """The bytes of the save file ``path``, which must be a regular file: a FIFO, a folder
    or a device put there would hang or mislead ``games``, ``log`` and ``resume``; a
    symlink is refused, and so is a file over ``limit`` bytes."""
    fd = _open_regular(path)
    try:
        _check_regular(os.fstat(fd), path, limit)
        return _read_all(fd, path, limit)
    except OSError as error:
        raise JournalError(f"cannot read the save file {path}: {error.strerror or error}")
    finally:
        os.close(fd)


def _open_regular(path):
    """A descriptor of ``path`` opened to read, or the JournalError saying why it cannot
    be: missing, a folder, a symbolic link or refused by the system."""
    try:
        # Non-blocking: opening a FIFO with no writer would otherwise wait forever.
        # Not through a symlink: a save folder holds the referee's own regular files (item 6).
        return os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
                       | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        raise JournalError(f"no saved game at {path}")
    except IsADirectoryError:
        raise JournalError(f"{path} is a folder, not a referee save file")
    except OSError as error:
        if os.path.islink(path):
            raise JournalError(f"{path} is a symbolic link; the referee reads only its own files in the save folder")
        raise JournalError(f"cannot read the save file {path}: {error.strerror or error}")


def _check_regular(info, path, limit):
    """Refuse what was opened unless it is a regular file of at most ``limit`` bytes (a
    FIFO, a device or a socket would hang or mislead the reader)."""
    mode = info.st_mode
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else "a device or socket"
        raise JournalError(f"{path} is {kind}, not a regular file: not a referee save file")
    if info.st_size > limit:
        raise JournalError(f"{path} is {info.st_size >> 20} MB, larger than any referee save file "
                           f"({limit >> 20} MB at most); not read")


def _read_all(fd, path, limit):
    """The bytes of ``fd`` to its end, refused if it grows past ``limit`` while being read."""
    chunks = []
    held = 0
    while True:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            break
        held += len(chunk)
        if held > limit:  # grown while being read
            raise JournalError(f"{path} is larger than any referee save file ({limit >> 20} MB at most); not read")
        chunks.append(chunk)
    return b"".join(chunks)


def parse(data, path="<journal>"):
    """Split raw bytes into header, records, warnings and the length of the good part."""
    return _parse(data, path)[:4]


def _parse(data, path):
    """parse(), plus the file line of each record.

    Every way a save can be wrong is found here, once, when it is opened, and is one
    JournalError naming the file and the line (issue 18 items 10, 11, 15): a file too
    large, lines nested too deep, numbers that are not finite, times out of range, an
    undo or redo of more records than come before it, a header of an unknown version or
    mode, or naming a word list that is not a regular file. Lines are read one by one
    from the bytes (no list of every line: a 50 MB file of newlines is 50 million of
    them), and a run of blank lines is skipped in one step."""
    if len(data) > MAX_BYTES:
        raise JournalError(f"{path} is larger than any referee save file ({MAX_BYTES >> 20} MB at most); not read")
    skip = 0
    if data.startswith(_BOM):  # an editor's byte-order mark: not part of the header
        data, skip = data[len(_BOM):], len(_BOM)
    header, records, warnings, good_length, lines = _parse_lines(data, path)
    if needs_cleaning(data):  # only then: a clean save keeps the one-pass read
        from referee.core.text import cleaned

        header = cleaned(header)
        records = [cleaned(record) for record in records]
    return header, records, warnings, good_length + skip, lines


def _parse_lines(data, path):
    end = data.find(b"\n")
    if end < 0:
        if not data.strip():
            raise JournalError(f"{path}: empty file, not a referee save file")
        raise JournalError(f"{path} line 1: the header is torn; this save file cannot be read")
    header = _load(data[:end], path, 1)
    _check_header(header, path)
    quick = _quick_records(data, end)
    if quick is not None:  # every line one clean record: the common case, read in one pass
        return header, quick, [], len(data), list(range(2, len(quick) + 2))
    records = []
    lines = []
    warnings = []
    position = good_length = end + 1
    number = 2  # the line that starts at position
    while True:
        newline = data.find(b"\n", position)
        if newline < 0:
            break
        raw = data[position:newline]
        if not raw.strip():  # blank: skip the whole run of blank lines at once
            found = _NONBLANK.search(data, newline)
            if found is None:
                start = data.rfind(b"\n") + 1
            else:
                start = data.rfind(b"\n", newline, found.start()) + 1
            number += data.count(b"\n", position, start)
            position = good_length = start
            continue
        record = _load(raw, path, number)  # a whole line (it ends in its newline): not a tear
        _check_record(record, path, number, len(records))
        records.append(record)
        lines.append(number)
        number += 1
        position = good_length = newline + 1
    tail = data[position:]
    if tail.strip():
        try:
            record = _load(tail, path, number)
            _check_record(record, path, number, len(records))
        except JournalError:
            record = None
        if record is not None:
            # Whole but for its newline: keep it; the caller adds the newline back.
            records.append(record)
            lines.append(number)
            return header, records, warnings, len(data), lines
        warnings.append(
            f"{path} line {number}: the last line was torn (a crash mid-write) and was dropped; "
            "everything before it is kept"
        )
    return header, records, warnings, good_length, lines


def _check_header(header, path):
    """JournalError naming line 1 for the first thing a referee save's header cannot be;
    each check says why in the player's words (issue 18: a save is checked once, on open)."""
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise JournalError(f"{path} line 1: not a referee save file")
    for check in (_version_refusal, _players_refusal, _fields_refusal):
        refusal = check(header)
        if refusal:
            raise JournalError(f"{path} line 1: {refusal}")


def _version_refusal(header):
    version = header.get("version")
    if version is None:
        return "the header does not say its journal version; not a save this referee can read"
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return f"a save file of unknown journal version {version!r}"
    if version > VERSION:
        return f"saved by a newer referee (journal version {version}); upgrade to read it"
    return None


def _players_refusal(header):
    players = header.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        return "the header does not say who plays (players)"
    if len(players) > 100 or names_problem(players):  # printed by every view; as the command line checks them
        return "the header's players are not names a table would type"
    return None


def _fields_refusal(header):
    for field, kind in _HEADER_TYPES.items():
        if field in header and not isinstance(header[field], kind):
            return f"the header's {field} is not what a referee save file holds"
    seed = header.get("seed")
    if seed is not None and (type(seed) is not int or abs(seed) >= 2 ** 64):  # 7.5, "7", [7], true
        return "the header's seed is not a whole number a game was dealt from"
    if "mode" in header and header["mode"] not in MODES:
        return f"a save file of unknown mode {header['mode']!r} (table or digital)"
    for field in ("wordlists", "deny"):
        refusal = _lists_refusal(header.get(field) or [])
        if refusal:
            return f"the header's {field} {refusal}"
    return None


def _lists_refusal(paths):
    """Why the word-list paths a header names cannot be read as word lists, or None. A
    list gone since the game began is allowed (the game says so when it needs it); one
    that is a device, a folder or a FIFO, or too large, is refused here, and nothing of
    what it holds is ever shown."""
    if len(paths) > MAX_LISTS:
        return f"names {len(paths)} word lists, more than a table uses ({MAX_LISTS} at most)"
    for number, path in enumerate(paths, start=1):
        if not isinstance(path, str) or not path or len(path) > 4096 or "\0" in path:
            return f"entry {number} is not a file name"
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            continue  # gone, or not ours to read: said when the list is needed
        if not stat.S_ISREG(info.st_mode):
            return f"entry {number} is not a regular file, so it cannot be a word list"
        if info.st_size > MAX_LIST_BYTES:
            return f"entry {number} is larger than a word list ({MAX_LIST_BYTES >> 20} MB at most)"
        if not _is_word_list(path):  # /etc/passwd: a game that refuses every word after resume
            return f"entry {number} is not a word list (one word of a-z letters a line)"
    return None


def _is_word_list(path):
    """Whether the file reads as a word list, as the lexicon reads one; what it holds is
    never shown (any file name can be typed into a save)."""
    from referee.core.errors import InputError
    from referee.core.lexicon import _read_list

    try:
        _read_list(path, quote=False)
    except InputError:
        return False
    return True


# The header fields the core reads (the shell, exports, `referee games`), by type; a game
# checks its own fields when it sets up from the header.
_HEADER_TYPES = {"game": str, "id": str, "mode": str, "started": str, "options": dict, "wordlists": list,
                 "deny": list}

PAUSES = ("pause", "go")  # the clocks stopped and started (core.clocks); the rules never see them

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
        elif kind == "undo" or kind == "redo":
            # Capped at what there is to move, so the time is the records', never the
            # count's (a hand-edited count of 10**12 hung every listing, item 10).
            source, target = (done, undone) if kind == "undo" else (undone, done)
            count = min(record.get("count", 1), len(source))
            if count > 0:
                target.extend(reversed(source[-count:]))
                del source[-count:]
    return done, undone


# one C call reads every record of a clean save; NaN and Infinity refused
_DECODE = json.JSONDecoder(parse_constant=_no_constant).decode


def _quick_records(data, header_end):
    """The records of a save file in which every line after the header is exactly one
    record in the form Session.do writes (no blank line, no spaces around it, nothing
    torn), read by one call of the C decoder on the lines joined as a JSON array: a
    third faster than a scan per line, which matters for a 20,000-event resume (issue 9
    item 3; issue 19's 2,000 events in 50 ms). None for anything else, which the careful
    reader then reads and names by line.

    A raw newline cannot stand inside a JSON string, so every newline of the text ends a
    line; joined by commas, a line holding two records, a blank line or a torn one does
    not decode, and a record reaching over two lines leaves fewer records than lines.
    Tabs, carriage returns and spaces at a line's edge are refused here (the careful
    reader says what it makes of them)."""
    if not data.endswith(b"\n") or data[header_end + 1:header_end + 2] not in (b"", b"{"):
        return None
    try:
        text = data[header_end + 1:].decode("utf-8")
    except UnicodeDecodeError:
        return None
    if "\r" in text or "\t" in text or "\n " in text or " \n" in text:
        return None
    try:
        records = _DECODE("[" + text[:-1].replace("\n", ",") + "]")
    except (ValueError, RecursionError):
        return None
    if not all(map(_plain, records)):
        return None
    if len(records) != text.count("\n"):
        return None
    for index, record in enumerate(records):  # an undo or redo of more than came before
        if record["kind"] in ("undo", "redo") and record.get("count", 1) > index:
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
        at = action.get("at")  # _time, inlined for the usual stamp: read once per record of a resume
        if at is not None and not ((type(at) is float or type(at) is int) and 0 <= at < LATEST):
            return False
        return "resumed" not in action or _time(action["resumed"])
    if kind == "undo" or kind == "redo":
        count = record.get("count", 1)
        return type(count) is int and count >= 1 and "action" not in record and _time(record.get("at"))
    if kind in PAUSES:
        return ("count" not in record and "action" not in record and _time(record.get("at"))
                and _time(record.get("resumed")))
    return False


def _time(at):
    """A time field as a save may hold it: none, or seconds in [0, year 3000)."""
    return at is None or ((type(at) is float or type(at) is int) and 0 <= at < LATEST)


def _check_record(record, path, number, before):
    """``before``: how many records come before this one in the file."""
    if not isinstance(record, dict) or record.get("kind") not in ("do", "undo", "redo") + PAUSES:
        raise JournalError(f"{path} line {number}: not a referee journal record")
    if record["kind"] == "do" and not isinstance(record.get("action"), dict):
        raise JournalError(f"{path} line {number}: a record without its action")
    _check_count(record, path, number, before)
    _check_stamps(record, path, number)


def _check_count(record, path, number, before):
    """An undo or redo steps back over at most the records before it (a record's count is
    1 unless it says otherwise)."""
    count = record.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise JournalError(f"{path} line {number}: an undo or redo without a proper count")
    if record["kind"] in ("undo", "redo") and count > before:
        article = "an" if record["kind"] == "undo" else "a"
        raise JournalError(f"{path} line {number}: {article} {record['kind']} of more steps than there are "
                           f"records before it ({before}); this line of the save file is damaged")


def _check_stamps(record, path, number):
    """Logs, exports and `referee games` format a record's times; one that is not a number
    (a hand edit) or is out of range would be a traceback there, so it is caught here
    with its line."""
    action = record.get("action")
    stamps = (record.get("at"), record.get("resumed")) + (
        (action.get("at"), action.get("resumed")) if isinstance(action, dict) else ())
    for at in stamps:
        if at is not None and (isinstance(at, bool) or not isinstance(at, (int, float))):
            raise JournalError(f"{path} line {number}: a record whose time is not a number ({at!r})")
        if at is not None and not 0 <= at < LATEST:
            raise JournalError(f"{path} line {number}: a record whose time is out of range; "
                               "this line of the save file is damaged")


def _load(raw, path, number):
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except _NotFinite:
        raise JournalError(f"{path} line {number}: a number that is not finite (NaN or Infinity); "
                           "this line of the save file is damaged") from None
    except RecursionError:
        raise JournalError(f"{path} line {number}: nested too deeply to be a referee record; "
                           "this line of the save file is damaged") from None
    except (UnicodeDecodeError, ValueError):
        raise JournalError(f"{path} line {number}: not JSON; this line of the save file is damaged") from None


def _dump(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
