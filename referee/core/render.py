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


def refusal(message):
    return style("✗ " + message, fg="red")


def ok(message):
    return style("✓ ", fg="green") + message


def echo(line):
    return style("> " + line, dim=True)


def heading(text):
    return style(text, bold=True)


def table(headers, rows, fmt="simple", floatfmt="g", maxcolwidths=None):
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt=fmt, floatfmt=floatfmt, maxcolwidths=maxcolwidths)


def number(value):
    """4.5 stays 4.5, 4.0 prints as 4: card values and totals read like the cards."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
