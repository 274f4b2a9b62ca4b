"""A rule of the game's table as the terminal shows it (`rule ID`, `why`, the `rule`
list): its words broken at the width, its Markdown emphasis as the terminal shows it,
a Markdown table in a rule (ConneXion's card readings) laid out as the referee's other
tables are. The shell's commands are in builtins; this is only how a rule reads.
"""

from referee.core import render


def clipped(text, width):
    """``text`` cut between words to ``width`` columns, "…" marking what was left out."""
    if len(text) <= width:
        return text
    kept = ""
    for word in text.split():
        if len(f"{kept} {word} …".strip()) > width:
            break
        kept = f"{kept} {word}".strip()
    return f"{kept} …" if kept else text[: max(1, width - 1)] + "…"


def rule_text(rule, width):
    """A rule as `rule ID` and `why` show it: its id and source, then its words broken
    between words at the terminal's width (a table's rows kept whole where they fit)."""
    out, block = [], []
    for line in marked(rule.text).splitlines() + [""]:
        if line.startswith("|"):
            block.append(line)
            continue
        if block:
            out.append(markdown_table(block, width))
            block = []
        out.append(render.wrap_text(line, width))
    return render.heading(f"{rule.id} · {rule.source}") + "\n" + "\n".join(out[:-1])


def markdown_table(lines, width):
    """A Markdown table of a rule file (`| card | name |`) laid out as the referee's other
    tables are: columns aligned and wrapped to the width, or one block per row on a phone,
    rather than raw rows that the terminal breaks mid-row."""
    import re

    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]
    rows = [row for row in rows if not all(re.fullmatch(r":?-+:?", cell) for cell in row if cell)]
    if len(rows) < 2:
        return "\n".join(lines)
    headers, body = rows[0], rows[1:]
    size = len(headers)
    body = [(row + [""] * size)[:size] for row in body]
    if render.fits(headers, body, width):
        return render.table(headers, body, width=width)
    return narrow_table(headers, body, width) or render.table(headers, body, width=width)


def narrow_table(headers, body, width):
    """The table with its headers' words stacked and one space between columns, when that
    fits a phone (ConneXion's 24 cards × 6 columns does at 50): 24 aligned rows read far
    better there than 24 blocks of six lines. None when even that is too wide."""
    stacked = [header.split() or [""] for header in headers]
    sizes = _column_sizes(stacked, body)
    if sum(sizes) + len(sizes) - 1 > width:
        return None
    lines = _stacked_headers(stacked, sizes)
    lines.append(" ".join("-" * size for size in sizes))
    lines += [" ".join(cell.ljust(size) for cell, size in zip(row, sizes)).rstrip() for row in body]
    return "\n".join(lines)


def _column_sizes(stacked, body):
    """Each column's width: its longest header word or cell, whichever is wider."""
    return [max([render.visible(word) for word in words] + [render.visible(row[i]) for row in body])
            for i, words in enumerate(stacked)]


def _stacked_headers(stacked, sizes):
    """The header lines, each header's words one above another and bottom-aligned, so
    the last word of every header sits on the line just above the rule."""
    tall = max(len(words) for words in stacked)
    lines = []
    for level in range(tall):
        words = [(w[level - tall + len(w)] if level >= tall - len(w) else "") for w in stacked]
        lines.append(render.heading(" ".join(word.ljust(size) for word, size in zip(words, sizes)).rstrip()))
    return lines


def gist(rule):
    """A rule's first words, plain, for a list."""
    import click

    return click.unstyle(marked(rule.gist))


def marked(text):
    """The table file's Markdown emphasis as the terminal shows it: **strong** in bold,
    *visits* plain (the asterisks were for the file's reader)."""
    import re

    text = re.sub(r"\*\*([^\s*](?:.*?[^\s*])??)\*\*", lambda m: render.style(m.group(1), bold=True), text)
    return re.sub(r"(?<![\w*])\*(\S(?:[^*]*?\S)?)\*(?![\w*])", r"\1", text)
