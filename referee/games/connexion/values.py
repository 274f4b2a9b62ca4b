"""The celestial values this machine has read off the table's own cards (issue 20 item 3).

The rulebook prints the values of a few cards only (CX-8); at the table the scribe types
the others when they come up. A box's cards do not change between games, so a value
typed once is kept here, in the referee's folder, and the next game takes it without
asking: only a card never drawn on this machine asks. `values` lists what is kept and
`values forget` clears it (a new box, a slip kept by mistake).

Kept only for an interactive table game: a script says every value it means, so what it
does never depends on the machine it runs on. The file is the players' private data like
a save (0600 in the 0700 folder, never through a symlink), and read as untrusted input:
anything but a small JSON object of card names and printed values is ignored.
"""

import json
import os

from referee.core import files

FILE = "connexion-values.json"
MAX_BYTES = 16384  # a deck has fewer than 50 cards; anything larger is not this file


def _path():
    return os.path.join(files.home(), FILE)


def kept():
    """{card name: value} as this machine remembers them; {} when nothing (or nothing
    readable) is kept."""
    try:
        fd = files.open_private(_path(), os.O_RDONLY)
    except OSError:
        return {}
    try:
        data = os.read(fd, MAX_BYTES + 1)
    except OSError:
        return {}
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        return {}
    try:
        read = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return {}
    if not isinstance(read, dict):
        return {}
    return {name: value for name, value in read.items()
            if isinstance(name, str) and 0 < len(name) <= 40 and name.isprintable()
            and type(value) in (int, float) and 1 <= value <= 90}


def recall(name):
    """The value kept for ``name``, or None."""
    return kept().get(name)


def learn(name, value):
    """Keep ``value`` for ``name``; silent when the folder cannot be written (the game goes
    on, the value is asked again next time)."""
    known = kept()
    if known.get(name) == value:
        return
    known[name] = value
    _write(known)


def forget():
    """Clear what is kept; returns how many values were."""
    count = len(kept())
    try:
        os.unlink(_path())
    except FileNotFoundError:
        pass
    except OSError:
        _write({})
    return count


def _write(known):
    try:
        files.private_folder(files.home())
        files.replace(_path(), json.dumps(known, sort_keys=True, ensure_ascii=False).encode("utf-8"))
    except OSError:
        pass


def applies(ctx, state, name):
    """Whether this machine's memory is used for ``name`` here: an interactive table game
    (a script says its values), and a card the rulebook gives no value for (CX-8)."""
    return (state.mode == "table" and getattr(ctx, "interactive", False)
            and any(n == name and assumed for n, _v, assumed in state.deck))
