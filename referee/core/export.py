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


_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value):
    """A CSV cell a spreadsheet will not run: text starting with = + - @, a tab or a CR is
    a formula (or becomes one) to Excel and LibreOffice, so it gets a leading ' as
    OWASP's CSV-injection advice says (issue 18 item 8). Numbers are left as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value


def _when(action):
    at = action.get("at")
    return time.strftime("%H:%M:%S", time.localtime(at)) if at else ""


def public_line(game, action, finished):
    """An action's log line as the table may see it now: a secret one in its public form
    until the game is over (exports, the in-game log, undo and redo all say the same)."""
    if game.is_secret(action) and not finished:
        return game.describe_public(action)
    return game.describe(action)


def lines(game, records, finished, states=None):
    """(number, time, who, what) of each event. With ``states`` (the fold: the state before
    the first event, then after each) a game may tell what the action alone does not: who
    laid the sun, the question and outcome of a vote, a word struck later (Game.narrate).
    A secret action keeps its public form until the end whatever the game could say."""
    rows = []
    narrate = states is not None and len(states) == len(records) + 1
    for number, record in enumerate(records, start=1):
        action = record["action"]
        if narrate and not (game.is_secret(action) and not finished):
            who, what = game.narrate(states[number - 1], action, states[number], states[-1])
        else:
            who, what = action.get("by", ""), public_line(game, action, finished)
        rows.append((number, _when(action), who or "", what))
    return rows


def last_lines(session, count):
    """``lines`` of the last ``count`` events that stand in ``session``, narrated with
    the states around each as the log tells them (undo, redo, watch and the resume note
    say an action the way the log does: a Colors table's renamed codes, a wild's value)."""
    records = session.records
    count = min(count, len(records))
    if count <= 0:
        return []
    states = session.states
    first = len(records) - count
    around = [states[index] for index in range(first, len(records) + 1)]
    rows = lines(session.game, records[first:], session.over, states=around)
    return [(first + number, when, who, what) for number, when, who, what in rows]


def outcome(game, state):
    """The end of a finished game in words: the final scores and the winners (a shared
    win names each winner), or [] while it is on (a score the table may not see yet is
    never given)."""
    if state is None or not game.is_over(state):
        return []
    try:
        result = game.result(state)
    except NotImplementedError:
        return []
    scores = [f"{p['name']} {_score(p.get('score'))}" for p in result.get("players", [])]
    winners = result.get("winners") or []
    said = ["Final scores: " + ", ".join(scores) + "."] if scores else []
    if len(winners) == 1:
        said.append(f"Winner: {winners[0]}.")
    elif winners and not result.get("shared", True):  # one team's players: one win, not a tie
        said.append(f"Winners: {', '.join(winners)}.")
    elif winners:
        said.append(f"Winners (shared): {', '.join(winners)}.")
    else:
        said.append("No winner.")
    return said


def _score(value):
    from referee.core.render import number

    return "?" if value is None else number(value)


def public_header(header, finished):
    shown = {k: v for k, v in header.items() if k not in ("format", "version")}
    if not finished and shown.get("seed") is not None:
        shown["seed"] = HIDDEN
    return shown


def render(game, header, records, finished, fmt, states=None, width=None):
    """The record in ``fmt``; with ``states`` (the fold of ``records``) each line says what
    the game can tell of it and a finished game ends with its scores and winners.

    ``width`` (the text at a terminal only) fits the text to that many columns as the
    in-game ``log`` is fitted: a phone's 50 columns would otherwise cut the long "what"
    mid-word. Without it (a file, a pipe) the text is the same whatever the window, so a
    script or an old save's expected log never depends on where it ran."""
    rows = lines(game, records, finished, states)
    head = public_header(header, finished)
    final = states[-1] if states and finished else None
    ending = outcome(game, final)
    if fmt == "json":
        return _as_json(game, head, records, rows, finished, final if ending else None)
    if fmt == "csv":
        return _as_csv(rows, ending)
    title, facts = _title_and_facts(game, head, finished)
    if fmt == "md":
        return _as_markdown(title, facts, rows, ending)
    return _as_text(title, facts, rows, ending, width)


def _as_json(game, head, records, rows, finished, final):
    """The record as JSON: each event with its action, a secret one cut to who did what
    when until the end; with ``final`` (the state of a game that ended), its result too."""
    events = []
    for (number, _when_, who, what), record in zip(rows, records):
        action = record["action"]
        if game.is_secret(action) and not finished:
            action = {"do": action.get("do"), "by": action.get("by"), "at": action.get("at")}
        events.append({"n": number, "by": who, "what": what, "action": action})
    document = {"header": head, "finished": finished, "events": events}
    if final is not None:
        document["result"] = game.result(final)
    return json.dumps(document, ensure_ascii=False, indent=2)


def _as_csv(rows, ending):
    """The record as CSV, every cell made safe from spreadsheets (_cell)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["n", "time", "who", "what"])
    writer.writerows([_cell(c) for c in row] for row in rows)
    for said in ending:  # the end as rows too, so a spreadsheet shows it under the events
        writer.writerow(["", "", "", _cell(said)])
    return buffer.getvalue()


def _title_and_facts(game, head, finished):
    """The heading line and the facts under it, shared by the Markdown and the text."""
    title = f"{game.title}, game {head.get('id', '?')}, started {head.get('started', '?')}"
    facts = [
        f"players: {', '.join(head.get('players', []))}",
        f"mode: {head.get('mode', 'table')}" + (f", seed {head['seed']}" if head.get("seed") is not None else ""),
        "options: " + (", ".join(f"{k}={v}" for k, v in sorted(head.get("options", {}).items())) or "none"),
        "finished" if finished else "in progress",
    ]
    return title, facts


def _as_markdown(title, facts, rows, ending):
    """The record as Markdown: the facts as a list, the events as a GitHub table."""
    from tabulate import tabulate

    cells = [tuple(str(c).replace("|", "\\|") for c in row) for row in rows]  # a '|' would split the row
    body = tabulate(cells, headers=("#", "time", "who", "what"), tablefmt="github")
    end = "\n" + "\n\n".join(ending) + "\n" if ending else ""
    return f"# {title}\n\n" + "\n".join(f"- {f}" for f in facts) + "\n\n" + body + "\n" + end


def _as_text(title, facts, rows, ending, width):
    """The record as plain text: fitted to ``width`` columns at a terminal, else the same
    wherever it runs (see ``render``)."""
    if width:
        from referee.core import render as screen

        head_lines = screen.fit_text("\n".join([title] + facts), width)
        body = screen.table(("#", "time", "who", "what"), rows, fmt="plain", width=width)
        end = "\n" + screen.fit_text("\n".join(ending), width) + "\n" if ending else ""
        return head_lines + "\n\n" + body + "\n" + end
    from tabulate import tabulate

    body = tabulate(rows, headers=("#", "time", "who", "what"), tablefmt="plain")
    end = "\n" + "\n".join(ending) + "\n" if ending else ""
    return title + "\n" + "\n".join(facts) + "\n\n" + body + "\n" + end
