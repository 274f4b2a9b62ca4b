"""Component tables as data: a game's cards, tiles or tracks in a tab-separated file,
read once and checked line by line (DESIGN 7: data is data).

A game ships its tables beside its code (package data: ``* = *.tsv`` in setup.cfg), and
a table may let players replace one (ConneXion's ``--deck-file``). Both are typed by
hand, so every mistake is one line naming the file and the line: a header that is not
the declared columns (shuffled columns are refused, not read into the wrong fields), a
line with too many cells, an empty required cell, a number that is not one, a choice
that is not offered, a name given twice. Blank lines and ``#`` comments are skipped; a
line may stop early when its last cells are empty.

A table is declared as its columns::

    DECK = (Column("name", unique=True), Column("value", "number", says="a number of points"),
            Column("status", "choice", choices=("documented", "assumed")),
            Column("note", required=False))
    rows = tables.read(text, "deck.tsv", DECK, noun="card")

and read into Rows: dicts of typed values (text, float, int, or the choice as declared)
that also know their ``line`` and ``where`` ("deck.tsv, line 4"), for the checks only
the game can make (ConneXion's glyphs used once across two columns) to name the line
the same way. Errors are InputError: at the command line a usage error, never a traceback.
"""

import math
import os
from collections import namedtuple

from referee.core.errors import InputError

KINDS = ("text", "number", "whole", "choice")


class Column(namedtuple("Column", "name kind required choices unique says key check",
                        defaults=("text", True, (), False, "", None, None))):
    """One column of a table. ``kind``: text (inner spaces collapsed), number (a finite
    number, 0 or more), whole (a whole number, 0 or more) or choice (one of ``choices``,
    any case, kept as declared). ``required``: the cell may not be empty (an empty
    optional cell reads as "" or None). ``unique``: no two lines give the same value, as
    compared by ``key`` (e.g. a name folded for case). ``says``: what the value must be,
    in the refusal ("a number of points"). ``check``: a function of the value returning
    what is wrong with it, or None, for a rule of this column alone."""

    __slots__ = ()


class Row(dict):
    """One line of a table: its values by column, and where it was read."""

    __slots__ = ("line", "where")

    def __init__(self, values, line, where):
        super().__init__(values)
        self.line = line
        self.where = where


def cells(text, filename, names, required=(), noun="row"):
    """Yield ``(line_number, {column: cell})`` for each data line of a TSV table whose
    header must be exactly ``names``; the cells are strings, stripped, "" when left out.
    The layer under :func:`read`, for a table whose cells need no types."""
    header_seen = False
    names = tuple(names)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        found = [cell.strip() for cell in line.split("\t")]
        if not header_seen:
            if tuple(found) != names:
                raise InputError(
                    f"{filename}, line {number}: the header must be the tab-separated "
                    f"columns {', '.join(names)}.")
            header_seen = True
            continue
        if len(found) > len(names):
            raise InputError(
                f"{filename}, line {number}: found {len(found)} tab-separated cells where "
                f"at most {len(names)} are expected ({', '.join(names)}).")
        row = dict(zip(names, found + [""] * (len(names) - len(found))))
        for column in required:
            if not row[column]:
                raise InputError(f"{filename}, line {number}: the {column} cell is empty.")
        yield number, row
    if not header_seen:
        raise InputError(f"{filename} has no header line and no {noun}s.")


def read(text, filename, columns, noun="row", label=None):
    """The rows of a table, typed and checked (see the module's docstring). ``noun`` names
    a row in the messages ("card": "deck.tsv lists no cards"); ``label`` is the column
    whose value names a row in them (the first column by default): "the value 'zero' of
    Sun is not a number of points"."""
    columns = tuple(columns)
    _check_kinds(columns)
    label = label or columns[0].name
    required = [c.name for c in columns if c.required]
    rows, seen = [], {c.name: {} for c in columns if c.unique}
    for number, raw in cells(text, filename, [c.name for c in columns], required, noun):
        where = f"{filename}, line {number}"
        shown = " ".join(raw[label].split())
        values = {}
        for column in columns:
            values[column.name] = _value(column, raw[column.name], (number, where, shown, noun), seen)
        rows.append(Row(values, number, where))
    if not rows:
        raise InputError(f"{filename} lists no {noun}s.")
    return tuple(rows)


def _check_kinds(columns):
    """A column of a kind this module cannot read is a mistake in the game's code, not in
    the player's file: said as a ValueError, before any row is read."""
    for column in columns:
        if column.kind not in KINDS:
            raise ValueError(f"column {column.name}: no kind {column.kind!r}; the kinds are {', '.join(KINDS)}")


def _value(column, cell, place, seen):
    """One cell typed and checked: by the column's own check, and (a unique column) against
    the cells above it, whose lines ``seen`` keeps by key. ``place`` is the row's line
    number, where that is said, the name the row goes by and what a row is called."""
    number, where, shown, noun = place
    value = _typed(column, cell, where, shown)
    if column.check is not None and cell:
        wrong = column.check(value)
        if wrong:
            raise InputError(f"{where}: the {column.name} cell {cell!r} {wrong}.")
    if column.unique and cell:
        key = column.key(value) if column.key else value
        if key in seen[column.name]:
            raise InputError(f"{where}: the {noun} {shown} is already on line {seen[column.name][key]}.")
        seen[column.name][key] = number
    return value


def _typed(column, cell, where, shown):
    if column.kind == "text":
        return " ".join(cell.split())
    if not cell:
        return None
    if column.kind == "choice":
        for choice in column.choices:
            if cell.lower() == str(choice).lower():
                return choice
        offered = [str(c) for c in column.choices]
        listed = ", ".join(offered[:-1]) + " or " + offered[-1] if len(offered) > 1 else "".join(offered)
        raise InputError(f"{where}: the {column.name} of {shown} must be {listed}, not {cell!r}.")
    try:
        value = int(cell) if column.kind == "whole" else float(cell)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        says = column.says or ("a whole number, 0 or more" if column.kind == "whole" else "a number, 0 or more")
        raise InputError(f"{where}: the {column.name} {cell!r} of {shown} is not {says}.")
    return value


def file_text(path, what="table file"):
    """The text of a table a player gives (``--deck-file``), or one line saying why it
    cannot be read: "The deck file x.tsv is not UTF-8 text."."""
    filename = os.fspath(path)
    try:
        with open(filename, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError:
        raise InputError(f"The {what} {filename} is not UTF-8 text.") from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise InputError(f"Cannot read the {what} {filename}: {reason}.") from None


def package_text(package, filename):
    """A table shipped in ``package`` (its module name), read as an installed copy has it:
    beside the package's modules when they are files (importlib.resources, zipfile and
    the rest cost a game's first prompt some milliseconds to import), else through
    importlib.resources (a zipped install)."""
    import sys

    module = sys.modules.get(package)
    where = getattr(module, "__file__", None)
    if where:
        path = os.path.join(os.path.dirname(where), filename)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as handle:
                return handle.read()
    from importlib import resources

    return resources.files(package).joinpath(filename).read_text(encoding="utf-8")
