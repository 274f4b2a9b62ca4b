"""Text that came from outside (a typed line, a save file, a command-line option) made
safe to print: control characters shown escaped, never sent (issue 18 item 7).

A player named ``Ann\\x1b]0;TITLE\\x07\\x1b[2J`` in a save would retitle and clear the
table's terminal when ``log`` or ``games`` prints it; a BEL rings, a CR overwrites the
line. Every C0 and C1 control character (and DEL) is shown as ``\\xNN``, the way Python's
repr shows it, so the text is still readable and the escape is visible. Our own styling
(click.style) is added after cleaning, so it is untouched.
"""

import re

# C0 except tab and newline, DEL, C1. Also the Unicode line and paragraph separators and
# the bidirectional overrides, which reorder what the table reads (Trojan Source).
# And lone surrogates (a save's "\\ud800", a script's undecodable byte read with
# surrogateescape): no terminal can be sent one, printing it raises UnicodeEncodeError.
# Compiled when first needed (issue 19): each costs as much as a small module to compile,
# and printable text, nearly all of it, never needs them: every character either escapes
# is one str.isprintable refuses (Cc, Zl, Zp, Cf, Cs), so printable text holds none.
_CONTROL = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
_CONTROL_LINE = "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
_COMPILED = {}


def _pattern(source):
    pattern = _COMPILED.get(source)
    if pattern is None:
        pattern = _COMPILED[source] = re.compile(source)
    return pattern


def _escaped(match):
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean(text):
    """``text`` with every control character but newline and tab shown escaped."""
    if not isinstance(text, str) or text.isprintable():
        return text
    return _pattern(_CONTROL).sub(_escaped, text)


def clean_line(text):
    """One-line text (a name, a field): newlines and tabs escaped too."""
    if not isinstance(text, str) or text.isprintable():
        return text
    return _pattern(_CONTROL_LINE).sub(_escaped, text)


def has_control(text):
    """True when ``text`` holds a character :func:`clean_line` would escape."""
    return isinstance(text, str) and not text.isprintable() and _pattern(_CONTROL_LINE).search(text) is not None


def cleaned(value):
    """A JSON value (from a save) with every string in it, keys included, cleaned as one
    line; the same value when nothing needed it. Iterative, so nesting cannot recurse."""
    if isinstance(value, str):
        return clean_line(value)
    if not isinstance(value, (list, dict)):
        return value
    root = [value]
    stack = [(root, 0)]
    while stack:
        holder, key = stack.pop()
        item = holder[key]
        if isinstance(item, str):
            holder[key] = clean_line(item)
        elif isinstance(item, list):
            stack.extend((item, i) for i in range(len(item)))
        elif isinstance(item, dict):
            for name in list(item):
                if has_control(name):
                    item[clean_line(name)] = item.pop(name)
            stack.extend((item, k) for k in item)
    return root[0]


def cut(text, most=16, unit="characters"):
    """A word or line from outside as a refusal shows it: whole when short, else its start
    and its length, so the refusal stays one line whatever was typed or saved."""
    text = str(text)
    return text if len(text) <= most else f"{text[:max(1, most - 6)]}… ({len(text):,} {unit})"


def quoted(text, most=16):
    """:func:`cut`, quoted as ``repr`` quotes it (a refusal naming what was typed)."""
    text = str(text)
    return repr(text) if len(text) <= most else f"{text[:max(1, most - 6)]!r}… ({len(text):,} characters)"


def closest(word, words, cutoff):
    """The closest of ``words`` to a mistyped ``word`` (difflib, imported only when a word
    is mistyped: it is no part of drawing the first prompt)."""
    import difflib

    return difflib.get_close_matches(word, words, n=1, cutoff=cutoff)
