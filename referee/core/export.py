"""The scribe's record as text, Markdown, CSV or JSON: all views of the journal.

Nothing here knows a game beyond ``describe`` and ``is_secret``; the hidden parts of a
game (the seed that fixes every digital deal, secret entries) stay out of every export
until the game has ended.
"""

import csv
import io
import json
import time

HIDDEN = "(hidden until the game ends)"


def _when(action):
    at = action.get("at")
    return time.strftime("%H:%M:%S", time.localtime(at)) if at else ""


def public_line(game, action, finished):
    """An action's log line as the table may see it now: a secret one in its public form
    until the game is over (exports, the in-game log, undo and redo all say the same)."""
    if game.is_secret(action) and not finished:
        return game.describe_public(action)
    return game.describe(action)


def lines(game, records, finished):
    rows = []
    for number, record in enumerate(records, start=1):
        action = record["action"]
        what = public_line(game, action, finished)
        rows.append((number, _when(action), action.get("by", ""), what))
    return rows


def public_header(header, finished):
    shown = {k: v for k, v in header.items() if k not in ("format", "version")}
    if not finished and shown.get("seed") is not None:
        shown["seed"] = HIDDEN
    return shown


def render(game, header, records, finished, fmt):
    rows = lines(game, records, finished)
    head = public_header(header, finished)
    if fmt == "json":
        events = []
        for (number, _when_, who, what), record in zip(rows, records):
            action = record["action"]
            if game.is_secret(action) and not finished:
                action = {"do": action.get("do"), "by": action.get("by"), "at": action.get("at")}
            events.append({"n": number, "by": who, "what": what, "action": action})
        return json.dumps({"header": head, "finished": finished, "events": events}, ensure_ascii=False, indent=2)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(["n", "time", "who", "what"])
        writer.writerows(rows)
        return buffer.getvalue()
    title = f"{game.title}, game {head.get('id', '?')}, started {head.get('started', '?')}"
    facts = [
        f"players: {', '.join(head.get('players', []))}",
        f"mode: {head.get('mode', 'table')}" + (f", seed {head['seed']}" if head.get("seed") is not None else ""),
        "options: " + (", ".join(f"{k}={v}" for k, v in sorted(head.get("options", {}).items())) or "none"),
        "finished" if finished else "in progress",
    ]
    from tabulate import tabulate

    if fmt == "md":
        cells = [tuple(str(c).replace("|", "\\|") for c in row) for row in rows]  # a '|' would split the row
        body = tabulate(cells, headers=("#", "time", "who", "what"), tablefmt="github")
        return f"# {title}\n\n" + "\n".join(f"- {f}" for f in facts) + "\n\n" + body + "\n"
    body = tabulate(rows, headers=("#", "time", "who", "what"), tablefmt="plain")
    return title + "\n" + "\n".join(facts) + "\n\n" + body + "\n"
