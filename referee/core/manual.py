"""The manual pages, readable where `man` is not installed (a phone's terminal).

The pages are the project's ``man/*.1``: ``referee.1`` for the whole tool and one
``referee-GAME.1`` a game, as git has one page a subcommand. They ship inside the package
as ``referee/man/`` (setup.py maps the folder, as it maps the word lists), because ``pip
install .`` copies nothing else; a checkout or an editable install reads ``man/`` in place.

``referee help GAME`` and ``referee GAME --manual`` hand a page to ``man`` when the
machine has it and the output is a terminal; otherwise a small reader turns the subset of
roff the pages are written in (the man macros they use, fonts, a few escapes) into text
fitted to the terminal, shown through click's pager (printed as it is into a pipe). It is
imported only by those two commands, so ``referee --help`` pays nothing for it.
"""

import os
import re
import shutil
import subprocess
import sys
import textwrap

import click

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # referee/
MAIN = "referee"


def folder():
    """Where the pages are: the installed package data first, then the checkout."""
    for candidate in (os.path.join(_PACKAGE, "man"), os.path.join(os.path.dirname(_PACKAGE), "man")):
        if os.path.isfile(os.path.join(candidate, MAIN + ".1")):
            return candidate
    return os.path.join(_PACKAGE, "man")


def game_page(game):
    """The name of a game's own page: `referee-cosmos` for `cosmos` (the command line
    turns an alias into the game's name first)."""
    return f"{MAIN}-{game}"


def path(name):
    return os.path.join(folder(), name + ".1")


# -- reading roff ---------------------------------------------------------------------------

_NAMED = {"aq": "'", "dq": '"', "em": "\u2014", "en": "\u2013", "mu": "\u00d7", "lq": "\u201c", "rq": "\u201d",
          "*D": "\u0394", "*Q": "\u03a8", "*F": "\u03a6", "*W": "\u03a9", "*a": "\u03b1", "*b": "\u03b2",
          "bu": "\u2022", "ti": "~", "rs": "\\", "ha": "^", "ga": "`"}
_NBSP = "\u00a0"  # an unbreakable space (`\ `, `\~`) until the line is wrapped
_ALTERNATING = {"BR", "RB", "BI", "IB", "RI", "IR"}
_SINGLE = {"B", "I", "SB", "SM"}
_ESCAPE = re.compile(r"\\(f(?:\[[^\]]*\]|\(..|.)|\[[^\]]*\]|\(..|.)")


def _escape(match):
    what = match.group(1)
    if what.startswith("f"):
        return ""  # a font change: the text reads the same in one font
    if what.startswith("["):
        name = what[1:-1]
        if name.startswith("u") and re.fullmatch(r"u[0-9A-Fa-f]{4,6}", name):
            return chr(int(name[1:], 16))
        return _NAMED.get(name, "")
    if what.startswith("("):
        return _NAMED.get(what[1:], "")
    return {"-": "-", "e": "\\", "&": "", " ": _NBSP, "~": _NBSP, "|": "", "^": "", "0": " ", "\\": "\\",
            "'": "'", "`": "`", ".": "."}.get(what, what)


def plain(text):
    """roff text as read: escapes resolved, fonts dropped."""
    return _ESCAPE.sub(_escape, text)


def _args(rest):
    """A macro's arguments as troff splits them: by spaces, double quotes grouping."""
    args, current, quoted, started = [], [], False, False
    for ch in rest:
        if ch == '"':
            quoted, started = not quoted, True
        elif ch in " \t" and not quoted:
            if started:
                args.append("".join(current))
            current, started = [], False
        else:
            current.append(ch)
            started = True
    if started:
        args.append("".join(current))
    return args


class _Page:
    """The page as it is laid out: filled paragraphs, tagged paragraphs, verbatim lines."""

    def __init__(self, width):
        self.width = max(width, 30)
        self.step = 7 if self.width >= 60 else 3  # man's indent; less on a phone
        self.lines = []
        self.words = []
        self.tag = None  # a .TP tag, set before its body
        self.waiting = False  # the next line of text is a .TP tag
        self.hanging = False  # inside a .TP body
        self.shift = 0  # .RS depth
        self.nofill = False

    @property
    def indent(self):
        return self.step * (1 + self.shift) + (self.step if self.hanging else 0)

    def blank(self):
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def flush(self):
        if self.tag is not None and not self.words:
            self.lines.extend(self._tag_lines())
            self.tag = None
        if not self.words:
            return
        text = " ".join(self.words)
        self.words = []
        first = rest = " " * self.indent
        if self.tag is not None:
            lead = " " * (self.indent - self.step) + self.tag
            if len(self.tag) < self.step - 1:
                first = lead.ljust(self.indent)
            else:
                self.lines.extend(self._tag_lines())
            self.tag = None
        wrapped = textwrap.wrap(text, self.width - 1, initial_indent=first, subsequent_indent=rest,
                                break_long_words=False, break_on_hyphens=False) or [first.rstrip()]
        self.lines.extend(line.replace(_NBSP, " ").rstrip() for line in wrapped)

    def _tag_lines(self):
        """A tag too long for the screen is broken between words, as groff fills it."""
        margin = " " * (self.indent - self.step)
        return textwrap.wrap(self.tag, self.width - 1, initial_indent=margin, subsequent_indent=margin,
                             break_long_words=False, break_on_hyphens=False) or [margin.rstrip()]

    def text(self, line):
        if self.waiting:
            self.tag, self.waiting = line.replace(_NBSP, " ").strip(), False
            return
        if self.nofill:
            self.lines.append((" " * self.indent + line.replace(_NBSP, " ")).rstrip())
            return
        if not line.strip():
            self.flush()
            self.blank()
            return
        self.words.extend(line.split())

    def heading(self, title, level):
        self.flush()
        self.blank()
        self.shift, self.hanging, self.tag, self.waiting = 0, False, None, False
        self.lines.append(" " * (0 if level == 1 else max(self.step // 2, 2)) + title)

    def macro(self, name, rest):
        args = _args(rest)
        if name in ("SH", "SS"):
            self.heading(plain(" ".join(args)), 1 if name == "SH" else 2)
        elif name == "TP":
            self.flush()
            self.blank()
            self.hanging, self.waiting = True, True
        elif name == "IP":  # a list item: its mark (a bullet, "1.") hangs as a tag does
            self.flush()
            self.blank()
            self.hanging = True
            self.tag = plain(args[0]).replace(_NBSP, " ") if args else None
        elif name in ("PP", "P", "LP"):
            self.flush()
            self.blank()
            self.hanging = False
        elif name == "RS":
            self.flush()
            self.shift += 1
        elif name == "RE":
            self.flush()
            self.shift = max(self.shift - 1, 0)
        elif name == "nf":
            self.flush()
            self.nofill = True
        elif name == "fi":
            self.flush()
            self.nofill = False
        elif name in ("br", "sp"):
            self.flush()
            if name == "sp":
                self.lines.append("")
        elif name in _ALTERNATING:
            self.text("".join(plain(a) for a in args))
        elif name in _SINGLE:
            self.text(" ".join(plain(a) for a in args))
        elif name == "TH" and args:
            title = f"{plain(args[0])}({args[1] if len(args) > 1 else ''})"
            self.lines.append(title)
            self.lines.append("")
        # .nh, .ad, .hy and the like change nothing a reader sees here


def render(source, width=80):
    """The page as plain text at most ``width`` columns wide (a verbatim example may run
    over, as it does in `man`)."""
    page = _Page(width)
    for raw in source.splitlines():
        if raw.startswith(('.\\"', "'\\\"")) or raw in (".", "'"):
            continue
        if raw.startswith((".", "'")):
            name, _, rest = raw[1:].partition(" ")
            page.macro(name.strip(), rest)
        else:
            page.text(plain(raw))
    page.flush()
    while page.lines and page.lines[-1] == "":
        page.lines.pop()
    return "\n".join(page.lines) + "\n"


# -- showing a page -------------------------------------------------------------------------


def _terminal():
    """Someone reads at a terminal (not a pipe, a file or a test's runner)."""
    try:
        return sys.stdout.isatty() and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def show(name):
    """Show one page: `man` on a terminal when there is one, else the reader's text
    through the pager (plain into a pipe or a file)."""
    where = path(name)
    if not os.path.isfile(where):
        raise click.ClickException(f"the manual page {name}.1 is not installed with this copy of referee ({where})")
    terminal = _terminal()
    man = shutil.which("man") if terminal else None
    if man:
        try:
            if subprocess.call([man, "-l", where]) == 0:
                return
        except OSError:
            pass
    width = shutil.get_terminal_size((80, 24)).columns  # $COLUMNS first, else the terminal's, else 80
    with open(where, encoding="utf-8") as handle:
        text = render(handle.read(), min(width, 100))
    if terminal:
        click.echo_via_pager(text)
    else:
        click.echo(text, nl=False)
