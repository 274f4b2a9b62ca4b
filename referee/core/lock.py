"""One referee per saved game: a second process resuming the same file would append
events built on a state the first one never saw, and the save would end with two
records of the same number (issue 13, defect 1).

The lock is the kernel's, not a file's contents. A small file next to the save
(``connexion-3.jsonl.lock``) is opened and locked with ``flock(LOCK_EX | LOCK_NB)``,
and the open file is kept for the life of the session. Exactly one process can hold it;
the other is told at once, in one line, and touches nothing. The kernel drops the lock
when the holder ends however it ends (quit, Ctrl-C, kill -9, a closed lid, a reboot), so
a lock can never outlive its referee and a process id that now belongs to another
program blocks nothing (defect 2). The process id written inside only names the holder
in the refusal; what is in the file is never trusted.

The lock file is removed when the session ends. A process that opened the file just
before it was removed could lock the removed file while a third locks a new one, so after
locking we check that the path still names the file we locked (same device and inode)
and start again if not.

Where there is no ``flock`` (Windows) or the file system refuses it (ENOLCK, EOPNOTSUPP:
some network and FUSE mounts, Android's shared storage), the lock falls back to creating
the file exclusively (``O_EXCL``) with the process id inside, taking over a lock whose
process is gone or whose contents are not a process id (an empty one only once it is a
few seconds old: it may be a referee between its create and its write). This is weaker
than flock in two ways, said here so nobody relies on it: a pid reused by a live program
keeps the game locked (the refusal names the file to delete), and of three referees meeting
over one stale lock at the same instant two could still get in.
"""

import atexit
import errno
import os
import stat
import time

from referee.core.errors import JournalError

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

_HELD = {}  # lock path -> open file descriptor (flock) or None (exclusive-create fallback)
_UNSUPPORTED = {errno.ENOLCK, errno.EINVAL, getattr(errno, "EOPNOTSUPP", -1), getattr(errno, "ENOTSUP", -1),
                getattr(errno, "ENOSYS", -1)}
_ATTEMPTS = 50
_STARTING = 5  # seconds an empty lock file is taken for a referee still writing its pid


class Busy(JournalError):
    """The game is open in another referee."""


def lock_path(path):
    return path + ".lock"


def hold(path, game_id):
    """Take the lock of the save file ``path`` for this process, or raise :class:`Busy`
    (one line saying who has it). Holding it again in the same process is a no-op."""
    lock = lock_path(path)
    if lock in _HELD:
        return
    from referee.core import files

    try:
        files.private_folder(os.path.dirname(lock) or ".")  # 0700, the user's own, not a symlink
    except OSError as error:
        raise JournalError(f"cannot write the lock {lock}: {error.strerror or error}")
    fd = None
    if fcntl is not None:
        fd = _flock(lock, game_id)
    if fd is None:
        _exclusive(lock, game_id)
    if not _HELD:
        atexit.register(release_all)
    _HELD[lock] = fd


def held(path):
    return lock_path(path) in _HELD


def release(path):
    """Give the lock of ``path`` back: remove the file while still holding it, then close."""
    lock = lock_path(path)
    if lock not in _HELD:
        return
    fd = _HELD.pop(lock)
    try:
        if fd is None:
            if _read_pid(lock) == os.getpid():
                os.remove(lock)
        elif _same_file(fd, lock):
            os.remove(lock)
    except OSError:
        pass
    if fd is not None:
        try:
            os.close(fd)
        except OSError:
            pass


def release_all():
    for lock in list(_HELD):
        release(lock[: -len(".lock")])


# -- the kernel's lock -----------------------------------------------------------


def _flock(lock, game_id):
    """The open, locked descriptor of ``lock``; None when the file system has no flock."""
    for _ in range(_ATTEMPTS):
        fd = _open(lock, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise Busy(_busy(game_id, _holder(lock)))
        except OSError as error:
            os.close(fd)
            if error.errno in _UNSUPPORTED:
                return None
            raise JournalError(f"cannot lock {lock}: {error.strerror or error}")
        if not _same_file(fd, lock):  # removed (or replaced) by its last holder meanwhile
            os.close(fd)
            continue
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        except OSError:
            pass  # the pid only names the holder in a refusal; the lock itself is held
        return fd
    raise JournalError(f"cannot lock {lock}: it keeps being replaced; is another referee starting and stopping?")


def _holder(lock):
    """The pid the holder writes just after locking: a process that lost the race by a
    hair may look before it is there, so look a few times (0.1 s at most)."""
    for _ in range(20):
        pid = _read_pid(lock)
        if pid is not None:
            return pid
        time.sleep(0.005)
    return None


def _same_file(fd, lock):
    try:
        mine, there = os.fstat(fd), os.stat(lock)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


# -- the fallback: exclusive create ------------------------------------------------


def _exclusive(lock, game_id):
    """Create the lock file exclusively, the pid in it; take over a stale one.

    The pid is written just after the create, so a lock found empty and only just made
    is a referee starting, not a stale lock. A stale lock is moved aside (atomic) rather
    than removed, and only if what was moved is the very file found stale; had another
    referee taken it over meanwhile, its lock is put back and this one is refused.
    """
    for _ in range(_ATTEMPTS):
        try:
            fd = _open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
        except FileExistsError:
            pid, found = _read_lock(lock)
            if found is None:
                continue  # gone meanwhile: try to create it again
            if pid is not None and pid != os.getpid() and _alive(pid):
                raise Busy(_busy(game_id, pid) + f" (if no referee is running, delete {lock})")
            if pid is None and found.st_size == 0 and abs(time.time() - found.st_mtime) < _STARTING:
                raise Busy(_busy(game_id, _holder(lock)))
            _take_over(lock, found, game_id)
            continue
        try:
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        finally:
            os.close(fd)
        return
    raise JournalError(f"cannot lock {lock}: it keeps being replaced; is another referee starting and stopping?")


def _take_over(lock, found, game_id):
    """Move the stale lock ``found`` out of the way, and make sure it was that one."""
    aside = f"{lock}.{os.getpid()}.stale"
    try:
        os.replace(lock, aside)
    except FileNotFoundError:
        return  # someone else moved it: the next attempt sees what is there now
    except OSError as error:
        raise JournalError(f"cannot take over the stale lock {lock}: {error.strerror or error}")
    try:
        moved = os.stat(aside)
        if (moved.st_dev, moved.st_ino) == (found.st_dev, found.st_ino):
            return
        try:  # a live lock made meanwhile: give it back, without replacing a newer one
            os.link(aside, lock)
        except FileExistsError:
            pass
        except OSError:  # no hard links here (FAT, some shared storage)
            if not os.path.exists(lock):
                try:
                    os.rename(aside, lock)
                except OSError:
                    pass
        raise Busy(_busy(game_id, _read_pid(lock)))
    finally:
        try:
            os.remove(aside)
        except OSError:
            pass


# -- shared ------------------------------------------------------------------------


def _open(lock, flags):
    """Open the lock file without ever hanging (a FIFO put there) and only if it is a
    file: 0600, never through a symlink (a lock symlinked to another file would have that
    file truncated and a pid written into it, issue 18 item 6)."""
    from referee.core import files

    try:
        return files.open_private(lock, flags)
    except FileExistsError:
        raise
    except OSError as error:
        try:
            info = os.lstat(lock)
        except OSError:
            info = None
        if info is not None and stat.S_ISLNK(info.st_mode):
            raise JournalError(f"{lock} is a symbolic link, so it cannot be a lock; the referee does not "
                               "write through it (move it away)")
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise JournalError(f"{lock} is not a regular file, so it cannot be a lock; move it away")
        raise JournalError(f"cannot open the lock {lock}: {error.strerror or error}")


def _busy(game_id, pid):
    who = f"process {pid}" if pid else "another process"
    return f"game {game_id} is open in another referee ({who}); leave it there first"


def _read_pid(lock):
    """The process id written in the lock, or None when there is none to read."""
    return _read_lock(lock)[0]


def _read_lock(lock):
    """(process id or None, the file's stat or None when it is not there to read)."""
    try:
        fd = _open(lock, os.O_RDONLY)
    except (JournalError, OSError):
        return None, None
    try:
        found = os.fstat(fd)
        text = os.read(fd, 64).decode("ascii", "replace").strip()
    except OSError:
        return None, None
    finally:
        os.close(fd)
    return (int(text) if text.isdigit() and 0 < int(text) < 2**31 else None), found


def _alive(pid):
    if os.name == "nt":  # os.kill there would end the process, not probe it
        return _alive_windows(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    except (OSError, OverflowError, ValueError):
        return False
    return True


def _alive_windows(pid):  # pragma: no cover - Windows only
    import ctypes

    kernel = ctypes.windll.kernel32
    handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return ctypes.GetLastError() == 5  # access denied: someone else's live process
    try:
        code = ctypes.c_ulong()
        return bool(kernel.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel.CloseHandle(handle)
