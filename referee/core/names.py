"""What a player's name may be: the one rule for the command line, the players question
and a save's header.

A name is a seat's label in every reply, on a 50-column phone, and the word a line
starts with (`Ann: ...`), so it holds letters, digits and ``-_.'`` only, at most
MAX_NAME of them, and no two names are the same but for case. A save edited by hand
is held to the same rule when it is opened: `games` printed ``=cmd`` and a no-break
space as names before.
"""

from referee.core.text import clean_line, has_control

MAX_NAME = 40  # characters in a player's name
_MARKS = "-_.'"


def problem(names):
    """Why these names cannot seat a table, in one line, or None. A name is quoted only
    when it is short and printable (it may be what is wrong: 10,000 characters, an ESC)."""
    lowered = [n.lower() for n in names]
    if len(set(lowered)) != len(lowered):
        return "two players have the same name; give each a different one"
    for number, name in enumerate(names, 1):
        if has_control(name):  # ESC, BEL: shown escaped, never echoed
            first = next(ch for ch in name if has_control(ch))
            return f"player name {number} holds a control character ({clean_line(first)}); use letters and digits"
        if len(name) > MAX_NAME:
            return f"player name {number} has {len(name):,} characters; at most {MAX_NAME}"
        if not name or not all(ch.isalnum() or ch in _MARKS for ch in name):
            shown = repr(name) if name.isprintable() and name else f"{number}"
            return f"player name {shown}: use letters and digits (no spaces, commas or colons)"
    return None
