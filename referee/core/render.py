"""How the referee looks: tables through tabulate, colour through click's styling.

Colour is on unless ``--no-color`` or ``NO_COLOR`` says otherwise; click already strips
it when the output is not a terminal, so scripts and tests read plain text.
"""

import os

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


def refusal(message):
    return style("✗ " + message, fg="red")


def ok(message):
    return style("✓ ", fg="green") + message


def echo(line):
    return style("> " + line, dim=True)


def heading(text):
    return style(text, bold=True)


def table(headers, rows, fmt="simple", floatfmt="g", maxcolwidths=None, width=None):
    """A tabulate table that wraps its widest text columns to fit the terminal: a phone
    terminal is 40 to 60 columns, and a table wider than that is unreadable there."""
    from tabulate import tabulate

    rows = [list(row) for row in rows]
    if maxcolwidths is None and rows:
        maxcolwidths = fit_widths(headers, rows, width or terminal_width())
    return tabulate(rows, headers=headers, tablefmt=fmt, floatfmt=floatfmt, maxcolwidths=maxcolwidths)


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
    for part in parts:
        joined = f"{line} {part}" if line else part
        if line and visible(joined) > width:
            lines.append(line)
            line = indent + part
        else:
            line = joined
    lines.append(line)
    return "\n".join(lines)


def fit_text(text, width, indent="  "):
    """Each line of ``text`` broken between words to ``width``."""
    return "\n".join(fit_words(line.split(), width, indent) for line in text.splitlines())


def terminal_width():
    """The terminal's columns; 100 for scripts and pipes (and $COLUMNS if set), so a
    script's output does not depend on the window it happened to run in."""
    import shutil
    import sys

    if os.environ.get("COLUMNS") or not sys.stdout.isatty():
        try:
            return int(os.environ.get("COLUMNS", "")) or 100
        except ValueError:
            return 100
    return shutil.get_terminal_size((100, 24)).columns


def fit_widths(headers, rows, width, gap=2, narrowest=8):
    """Column caps that bring the table within ``width``: the widest text columns give
    up space first, none below ``narrowest``; None when it already fits (or cannot)."""
    import click

    count = max(len(row) for row in rows)
    natural = [0] * count
    wraps = [True] * count
    for number, row in enumerate([list(headers)] + rows):
        for i, cell in enumerate(row[:count]):
            text = click.unstyle(str(cell))
            longest = max((len(line) for line in text.splitlines()), default=0)
            if number == 0 and text:
                longest += 2  # tabulate pads a header by two (its MIN_PADDING)
            natural[i] = max(natural[i], longest)
            if number and (isinstance(cell, (int, float)) or "\x1b" in str(cell)):
                wraps[i] = False  # numbers and coloured cells are never cut
    total = sum(natural) + gap * (count - 1)
    if total <= width:
        return None
    caps = list(natural)
    while total > width:
        candidates = [i for i in range(count) if wraps[i] and caps[i] > narrowest]
        if not candidates:
            break
        widest = max(candidates, key=lambda i: caps[i])
        caps[widest] -= 1
        total -= 1
    return [cap if wraps[i] and cap < natural[i] else None for i, cap in enumerate(caps)]


def number(value):
    """4.5 stays 4.5, 4.0 prints as 4: card values and totals read like the cards."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
