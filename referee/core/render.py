"""How the referee looks: tables through tabulate, colour through click's styling.

Colour is on unless ``--no-color`` or ``NO_COLOR`` says otherwise; click already strips
it when the output is not a terminal, so scripts and tests read plain text.
"""

import os
import re

_color = None


def set_color(enabled):
    global _color
    _color = enabled


def use_color():
    """None lets click decide (colour on a terminal only); False forces it off."""
    if _color is False or os.environ.get("NO_COLOR"):
        return False
    return None


def style(text, **styles):
    import click

    if use_color() is False:
        return text
    return click.style(text, **styles)


class Long(str):
    """A reply that may run longer than the screen (``find``, ``log``): the interactive shell
    shows it through a pager when it is taller than the terminal; scripts print it as is."""


class Data(Long):
    """A reply that is data for a program (``find --json``): never broken to the terminal,
    where added line breaks and indents would make it JSON no longer."""


class Private(str):
    """A reply for one seat's eyes only (DESIGN 5): the shell shows it the way it shows
    a hand (to its owner, wiped when they press Enter) and never on the public screen,
    in the log or in an export. ``owner`` is the player's name."""

    def __new__(cls, text, owner):
        reply = super().__new__(cls, text)
        reply.owner = owner
        return reply


_CODE = r"\x1b\[[0-9;]*m"


def unpadded(text):
    """``text`` with no space at the end of any line (the style codes after them kept).
    A board's rows are padded to line up on the screen; in a file or a pipe the padding
    is noise to diff, grep and a reader of the saved output (issue 20 item 18). The
    patterns are compiled here, on the first write to a pipe, not before a first prompt
    (re caches them)."""
    trailing = re.compile(rf"(?:[ \t]|{_CODE})*[ \t](?:[ \t]|{_CODE})*$", re.M)  # spaces among the last codes
    return trailing.sub(lambda tail: "".join(re.findall(_CODE, tail.group(0))), text)


def for_stream(text, err=False, file=None):
    """``text`` as it is to be written to ``file`` (else stdout, or stderr with ``err``):
    as it is on a terminal, unpadded in a file or a pipe."""
    import sys

    stream = file or (sys.stderr if err else sys.stdout)
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream: not a terminal
        tty = False
    return text if tty else unpadded(text)


def emit(text, file=None, err=False):
    """``click.echo`` of a text for a player: styled where colour is on, and unpadded
    when it goes to a file or a pipe (:func:`for_stream`). Every app writes through it."""
    import click

    click.echo(for_stream(text, err=err, file=file), file=file, err=err, color=use_color())


def refusal(message):
    return style("✗ " + message, fg="red")


def ok(message):
    return style("✓ ", fg="green") + message


def echo(line):
    """A typed line shown back (a script's, or one typed at a question): its control
    characters shown escaped, never sent to the terminal (issue 18, item 7)."""
    from referee.core.text import clean_line

    return style("> " + clean_line(line), dim=True)


def heading(text):
    return style(text, bold=True)


def table(headers, rows, fmt="simple", floatfmt="g", maxcolwidths=None, width=None):
    """A tabulate table that fits the terminal: a phone terminal is 40 to 60 columns, and a
    table wider than that is unreadable there. Its widest text columns wrap between words;
    a table that cannot fit without cutting a word is laid out one record per row instead."""
    from tabulate import tabulate

    rows = [list(row) for row in rows]
    headers = list(headers)
    width = width or terminal_width()
    if maxcolwidths is None and rows:
        maxcolwidths, fits = _plan(headers, rows, width)
        if not fits:
            return records(headers, rows, width, floatfmt)
    if maxcolwidths:  # tabulate's own maxcolwidths cuts mid-word (`8 conn` / `ected`)
        if isinstance(maxcolwidths, int):
            maxcolwidths = [maxcolwidths] * max(len(row) for row in rows)
        rows = [[_wrapped(cell, cap) for cell, cap in zip(row, _caps(maxcolwidths, len(row)))] for row in rows]
        # tabulate pads a header by two, so a wrapped header keeps two columns spare
        headers = [_wrapped(cell, cap and max(1, cap - 2)) for cell, cap in zip(headers, _caps(maxcolwidths, len(headers)))]
    return tabulate(rows, headers=headers, tablefmt=fmt, floatfmt=floatfmt)


def records(headers, rows, width, floatfmt="g"):
    """A table too wide for the screen, one block per row: its first cell, then each other
    column as ``header: value`` on a line of its own, wrapped between words."""
    from tabulate import tabulate

    blocks = []
    for row in rows:
        cells = [_cell(cell, floatfmt) for cell in row]
        blocks.append(wrap_text(cells[0], width, hang="  ") if cells else "")
        for header, cell in zip(list(headers[1:]) + [""] * len(cells), cells[1:]):
            label = f"{header}: " if header else ""
            blocks.append(wrap_text(f"  {label}{cell}", width, hang="  "))
    return "\n".join(blocks)


def _cell(cell, floatfmt):
    if cell is None:
        return ""
    if isinstance(cell, float):
        return format(cell, floatfmt)
    return " ".join(str(cell).split("\n"))


def _caps(maxcolwidths, count):
    return (list(maxcolwidths) + [None] * count)[:count]


def _wrapped(cell, cap):
    """A text cell broken between words to ``cap`` columns; numbers, None and coloured
    cells stay as they are (fit_widths never caps those)."""
    if cap is None or not isinstance(cell, str) or "\x1b" in cell:
        return cell
    return "\n".join(line for part in cell.splitlines() for line in wrap_line(part, cap))


# A chunk is what may end a line: a word with the space after it, or a word up to a comma,
# slash or semicolon ("green,blue" may break as "green," / "blue", never as "gree" / "n,blue").
# A no-break space (U+00A0, "60\u00a0s") is part of its word: the number keeps its unit.
_CHUNK = re.compile(r"([^ \t\n\r\f\v,/;]+[,/;]*|[,/;]+)([ \t\n\r\f\v]*)")
_SPACES = re.compile(r"[ \t\n\r\f\v]+")
# A code span (`show X,Y`, `hand PLAYER POINTS...`) is what a player types as it stands:
# a line is never broken inside one (issue 20 item 7), unless the span alone is wider
# than SPAN_MAX columns, which a phone could not hold on one line anyway.
SPAN_MAX = 40
_LINE_CHUNK = re.compile(r"([^ \t\n\r\f\v,/;`]*`[^`\n]{1,%d}`[^ \t\n\r\f\v,/;]*[,/;]*"
                         r"|[^ \t\n\r\f\v,/;]+[,/;]*|[,/;]+)([ \t\n\r\f\v]*)" % SPAN_MAX)


def _split(line):
    """A line's words, split at spaces but never at a no-break space (str.split() does)."""
    return [word for word in _SPACES.split(line) if word]


def _spans(parts, room):
    """``parts`` with the words of each backquoted code span joined into one part (with
    single spaces), so no line breaks inside it; a span wider than ``room`` or SPAN_MAX,
    or never closed, keeps its words apart."""
    import click

    out, held = [], []
    for part in parts:
        ticks = click.unstyle(str(part)).count("`") % 2
        if not held:
            (held if ticks else out).append(part)
            continue
        held.append(part)
        if ticks:  # the span closes here
            joined = " ".join(held)
            whole = visible(joined) <= min(room, SPAN_MAX + 4)
            out.extend([joined] if whole else held)
            held = []
    return out + held


def wrap_line(text, width, later=None):
    """One line of text as lines of at most ``width`` visible columns (``later`` for the
    lines after the first), broken between words or after a comma, slash or semicolon; a
    word wider than the line alone is cut, as the terminal would cut it anyway."""
    lines, line = [], ""
    room = max(1, width)
    for word, space in _chunks(text.strip(), min(room, later or width)):
        if line and visible(line + word) > room:
            lines.append(line.rstrip())
            line, room = "", max(1, later or width)
        while not line and visible(word) > room:  # a word alone wider than the line
            lines.append(word[:room])
            word, room = word[room:], max(1, later or width)
        line += word + (" " if space else "")
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def _chunks(text, room):
    """(chunk, space after it) of ``text`` for wrap_line: a code span is one chunk, unless
    it is wider than ``room``, when its words are chunks as any others."""
    for match in _LINE_CHUNK.finditer(text):
        word, space = match.groups()
        if " " in word and visible(word) > room:
            inner = [chunk.groups() for chunk in _CHUNK.finditer(word)]
            yield from inner[:-1]
            yield inner[-1][0], space
        else:
            yield word, space


def wrap_text(text, width, hang=""):
    """Prose (help, a command's details) broken between words to ``width``, each line's
    own indentation kept for the lines it wraps onto (plus ``hang``, which sets a usage's
    continuation apart from the next usage)."""
    out = []
    for line in text.splitlines():
        if not line.strip():
            out.append("")
            continue
        indent = line[: len(line) - len(line.lstrip())]
        first, *rest = wrap_line(line, width - len(indent), width - len(indent + hang))
        out += [indent + first] + [indent + hang + part for part in rest]
    return "\n".join(out)


def visible(text):
    """Columns ``text`` takes on screen: its colour codes take none."""
    import click

    return len(click.unstyle(text))


def fit_words(parts, width, indent="  "):
    """Words joined into lines of at most ``width`` visible columns, later lines indented.

    A phone terminal is 40 to 60 columns: a line the terminal breaks for us splits a card
    or a word in two, so views break their own lines, between words, measured without
    their colour codes. A single word wider than ``width`` keeps a line to itself.
    """
    lines, line = [], ""
    for part in _spans(parts, width - len(indent)):
        joined = f"{line} {part}" if line else part
        if line and visible(joined) > width:
            lines.append(line)
            line = indent + part
        else:
            line = joined
    lines.append(line)
    return "\n".join(lines)


def fit_lines(text, width, indent="  "):
    """Each line of ``text`` wider than ``width`` broken between words (later lines
    indented); lines that fit, such as a picture's, are kept exactly as they are."""
    return "\n".join(line if visible(line) <= width else fit_words(_split(line), width, indent)
                     for line in str(text).split("\n"))


def fit_text(text, width, indent="  "):
    """Each line of ``text`` broken between words to ``width``."""
    return "\n".join(fit_words(_split(line), width, indent) for line in text.splitlines())


def fit_parts(parts, width, sep="  ·  "):
    """A status line (the REPL's toolbar) from ``parts``, most important first, within
    ``width`` columns: a part that does not fit is dropped whole, never cut mid-word
    (`· p`); only a first part wider than the line alone loses its last words, marked "…"."""
    from prompt_toolkit.utils import get_cwidth

    import click

    def size(text):
        return get_cwidth(click.unstyle(text))

    line = ""
    for part in (str(p).strip() for p in parts):
        if not part:
            continue
        joined = f"{line}{sep}{part}" if line else part
        if size(joined) <= width:
            line = joined
        elif not line:  # the most important part alone is too wide: as many words as fit
            kept = ""
            for word in part.split():
                if size(f"{kept} {word} …".strip()) > width:
                    break
                kept = f"{kept} {word}".strip()
            line = f"{kept} …" if kept else ""
    return line


def terminal_size(fallback=(100, 24)):
    """(columns, lines) as ``shutil.get_terminal_size`` gives them ($COLUMNS and $LINES
    first, then the terminal on stdout, else ``fallback``), without importing shutil:
    it brings zlib, bz2 and lzma, a few ms before the first prompt (issue 19 budgets)."""
    import sys

    def env(name):
        try:
            return int(os.environ.get(name, "0"))
        except ValueError:
            return 0

    columns, lines = env("COLUMNS"), env("LINES")
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size(fallback)
        columns = columns if columns > 0 else size.columns or fallback[0]
        lines = lines if lines > 0 else size.lines or fallback[1]
    return os.terminal_size((columns, lines))


def terminal_width():
    """The terminal's columns; 100 for scripts and pipes (and $COLUMNS if set), so a
    script's output does not depend on the window it happened to run in."""
    import sys

    if os.environ.get("COLUMNS") or not sys.stdout.isatty():
        try:
            return int(os.environ.get("COLUMNS", "")) or 100
        except ValueError:
            return 100
    return terminal_size().columns


def fit_widths(headers, rows, width, gap=2, narrowest=8):
    """Column caps that bring the table within ``width``: the widest text columns give
    up space first, none below ``narrowest`` or its longest word; None when it already
    fits (or cannot: see :func:`table`, which then lays it out as records)."""
    caps, fits = _plan(headers, rows, width, gap, narrowest)
    return caps if fits else None


def fits(headers, rows, width, narrowest=None):
    """Whether the table fits ``width`` as it is, or (with ``narrowest``) with its text
    columns wrapped to no fewer than ``narrowest`` columns each."""
    caps, fitting = _plan(headers, [list(row) for row in rows], width, narrowest=narrowest or 8)
    return fitting if narrowest else caps is None


def _plan(headers, rows, width, gap=2, narrowest=8):
    """(caps, fits): the caps of :func:`fit_widths` (None when nothing needs capping) and
    whether the table then fits ``width`` without cutting a word."""
    count = max(len(row) for row in rows)
    natural, floor, wraps = _measure(headers, rows, count)
    total = sum(natural) + gap * (count - 1)
    if total <= width:
        return None, True
    lowest = [natural[i] if not wraps[i] else min(natural[i], max(narrowest, floor[i])) for i in range(count)]
    caps, total = _shrink(natural, lowest, total, width)
    return [cap if wraps[i] and cap < natural[i] else None for i, cap in enumerate(caps)], total <= width


def _measure(headers, rows, count):
    """Per column of the first ``count``: its natural width (the longest line), its floor
    (the longest word: a column cannot be narrower) and whether it may wrap at all
    (numbers and coloured cells are never cut), the headers counted with tabulate's
    padding."""
    import click

    natural = [0] * count
    floor = [0] * count
    wraps = [True] * count
    for number, row in enumerate([list(headers)] + rows):
        for i, cell in enumerate(row[:count]):
            text = click.unstyle(str(cell))
            longest = max((len(line) for line in text.splitlines()), default=0)
            word = max((len(w) for w in _words(text)), default=0)
            if number == 0 and text:
                longest += 2  # tabulate pads a header by two (its MIN_PADDING)
                word += 2
            natural[i] = max(natural[i], longest)
            floor[i] = max(floor[i], word)
            if number and (isinstance(cell, (int, float)) or "\x1b" in str(cell)):
                wraps[i] = False
    return natural, floor, wraps


def _shrink(natural, lowest, total, width):
    """Caps taken a column at a time from the widest column that can still give (none
    below its ``lowest``) until the table is ``width`` wide or nothing can give; the caps
    and the width reached."""
    caps = list(natural)
    while total > width:
        candidates = [i for i in range(len(caps)) if caps[i] > lowest[i]]
        if not candidates:
            break
        widest = max(candidates, key=lambda i: caps[i])
        caps[widest] -= 1
        total -= 1
    return caps, total


def _words(text):
    return [chunk.group(1) for chunk in _CHUNK.finditer(text)]


def number(value):
    """4.5 stays 4.5, 4.0 prints as 4: card values and totals read like the cards."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def iso_time(when):
    """A time as ISO 8601 with the local offset (``2026-11-23T21:47:05+01:00``): an epoch
    number, or a header's local ``YYYY-MM-DDTHH:MM:SS`` without offset; None stays None.
    One format for every time a script reads (``games --json``, ``stats --json``)."""
    import datetime
    import time

    if when is None or when == "":
        return None
    if isinstance(when, str):
        try:
            when = time.mktime(time.strptime(when[:19], "%Y-%m-%dT%H:%M:%S"))
        except ValueError:
            return when  # already some other form: given as it is rather than lost
    return datetime.datetime.fromtimestamp(when).astimezone().isoformat(timespec="seconds")


def short_time(when):
    """``2026-11-23 21:47`` for a table cell, from what iso_time reads; '-' when unknown."""
    text = iso_time(when)
    return text[:16].replace("T", " ") if text else "-"
