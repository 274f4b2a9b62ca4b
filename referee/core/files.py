"""The players' private files: saves, the line history, errors.log and the summaries cache.

A digital game's save holds its seed, from which every hand and deck follow, and the line
history holds what the table typed; on a shared machine no other user may read either
(issue 18 items 5, 6). So every folder the referee makes is 0700 and every file 0600, set
by the mode given to ``os.open`` (then ``fchmod``, so a loose umask or an older file is
tightened too), never through a symlink (``O_NOFOLLOW``) and only onto a regular file, in
a folder the user owns. Everything here raises OSError, which callers turn into their own
one line (a JournalError for a save, silence for the history).
"""

import errno
import os
import stat

FOLDER_MODE = 0o700
FILE_MODE = 0o600

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def _owned(info):
    getuid = getattr(os, "getuid", None)
    return getuid is None or info.st_uid == getuid()


def private_folder(path):
    """Make ``path`` (and its parents) if missing, the last one 0700; refuse a folder that is
    a symlink, not a folder, or not the user's own. Returns a one-line warning when the
    folder already existed readable by the group or others (None otherwise): the player's
    choice to share it is theirs, but they are told once."""
    made = False
    try:
        os.makedirs(path, mode=FOLDER_MODE)
        made = True
    except FileExistsError:
        pass
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        raise OSError(errno.ELOOP, f"{path} is a symbolic link, not a folder; the referee does not write through it")
    if not stat.S_ISDIR(info.st_mode):
        raise OSError(errno.ENOTDIR, f"{path} is not a folder")
    if not _owned(info):
        raise OSError(errno.EPERM, f"{path} belongs to another user; the referee keeps games only in a folder you own")
    if made:
        os.chmod(path, FOLDER_MODE)  # makedirs' mode passes through the umask
        return None
    if info.st_mode & 0o077:
        return (f"warning: {path} can be read by other users of this machine "
                f"(chmod 700 {path} keeps your games private)")
    return None


def open_private(path, flags):
    """``os.open`` for a private file: created 0600, never through a symlink, only onto a
    regular file (a FIFO or device put there fails at once instead of hanging), and
    tightened to 0600 when it is the user's own file opened for writing."""
    try:
        fd = os.open(path, flags | _NOFOLLOW | _CLOEXEC | _NONBLOCK | _BINARY, FILE_MODE)
    except OSError as error:
        if error.errno == errno.ELOOP or (error.errno == errno.EMLINK and _NOFOLLOW):
            raise OSError(errno.ELOOP, f"{path} is a symbolic link; the referee does not follow it") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, f"{path} is not a regular file")
        if flags & (os.O_WRONLY | os.O_RDWR) and info.st_mode & 0o077 and _owned(info):
            os.fchmod(fd, FILE_MODE)
        if _NONBLOCK:
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def append(path, data):
    """Append ``data`` (bytes) to the private file ``path``, creating it 0600."""
    fd = open_private(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        _write_all(fd, data)
    finally:
        os.close(fd)


def replace(path, data, exclusive=False):
    """Write ``data`` whole to a temporary name beside ``path``, fsync it, then move it into
    place, so ``path`` never exists half written (a disk full at the first line leaves no
    0-byte save behind, item 12). With ``exclusive`` an existing ``path`` is kept and
    FileExistsError raised (a new game never takes an existing game's file)."""
    folder = os.path.dirname(path) or "."
    temporary = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    fd = open_private(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if exclusive:
            os.link(temporary, path)  # fails with FileExistsError if the name is taken
        else:
            os.replace(temporary, path)
        fsync_folder(folder)
    finally:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass


def _write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def fsync_folder(folder):
    """Make a new file's name durable too (POSIX); harmless where unsupported."""
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


def home():
    """The referee's own folder: saves, the line history and errors.log live there
    ($REFEREE_HOME, else the platform's folder for an application's data)."""
    import click

    return os.environ.get("REFEREE_HOME") or click.get_app_dir("referee")
