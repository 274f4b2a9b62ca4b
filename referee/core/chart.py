"""The scores of a game over its turns, drawn in the terminal: one row of blocks a player.

A view of the journal like every other (DESIGN 4): the session has already replayed it,
and each state it passed through gives the scores through ``Game.scores`` (what
``result()`` shows), so one small function charts every game. A point is taken at the
end of each turn as the game counts them (``Game.chart_point``: Cosmos's rounds, the
turns Colors' review numbers, Quick Play's rounds as played; by default the state's
``turn`` or ``round`` changes, whatever the game keeps); a game that keeps neither gets
one point per move that changed a score.

Secret totals (Colors, CC-4) are never charted during play: before the end a chart is
drawn only when every score it would show is public (Colors with open scores).
"""

from referee.core import render
from referee.core.errors import InputError

BLOCKS = "▁▂▃▄▅▆▇█"
COLOURS = ("cyan", "magenta", "yellow", "green", "blue", "red")


def _mark(game, state):
    """What a turn is in this game: what the game says it counts (Game.chart_point: the
    number of the turn or round a state is in, 0 before the first), else who acts in
    which round (None, None when it keeps neither)."""
    counted = game.chart_point(state) if game is not None else None
    if counted is not None:
        return counted[1]
    return getattr(state, "round", None), getattr(state, "turn", None)


def points(states, game=None):
    """Indices of ``states`` that end a turn (the first state, all zero, is the start)."""
    marks = [_mark(game, s) for s in states]
    if all(m == (None, None) for m in marks):
        return None
    # A mark of 0 from the game is its setup, before the first turn or round it counts.
    ends = [i for i in range(1, len(states) - 1) if marks[i] != marks[i + 1] and marks[i] not in ((None, None), 0)]
    return [0] + ends + ([len(states) - 1] if len(states) > 1 else [])


def unit_of(states, game=None):
    counted = game.chart_point(states[-1]) if game is not None and states else None
    if counted is not None:
        return counted[0]
    if any(getattr(s, "turn", None) is not None for s in states):
        return "turn"
    if any(getattr(s, "round", None) not in (None, 1) for s in states):
        return "round"
    return "move"


def series(game, states, finished):
    """(unit, [{name: score}, ...]) at the end of each turn, or None when a score the
    table may not see yet would be shown (secret totals before the end)."""
    marks = points(states, game)
    table = [game.scores(s, reveal=finished) for s in states]
    if any(v is None for row in table for v in row.values()):
        return None
    if marks is None:  # no turns: each move that changed a score
        marks = [0] + [i for i in range(1, len(table)) if table[i] != table[i - 1] or i == len(table) - 1]
        return "move", [table[i] for i in marks]
    return unit_of(states, game), [table[i] for i in marks]


def _sample(values, count):
    """``count`` of ``values`` spread evenly, the last one always kept."""
    if len(values) <= count:
        return list(values)
    return [values[round((c + 1) * len(values) / count) - 1] for c in range(count)]


def _rows(game, final):
    """(label, the names whose score the row shows): teammates sharing a score share a row."""
    players = game.result(final).get("players", [])
    rows, teams = [], {}
    for p in players:
        team = p.get("team")
        if team is not None and team in teams:
            rows[teams[team]][1].append(p["name"])
            continue
        if team is not None:
            teams[team] = len(rows)
        rows.append([p["name"], [p["name"]]])
    return [("+".join(names), names[0]) for _label, names in rows]


def draw(game, states, finished, width=None, title=""):
    """The chart as text fitting ``width`` columns, or None when there is nothing to chart
    (a game without players' scores, one not played yet, or one where no score moved)."""
    width = width or render.terminal_width()
    found = series(game, states, finished)
    if found is None:
        return None
    unit, table = found
    rows = _rows(game, states[-1])
    if not rows or len(table) < 2:
        return None
    winners = set(game.result(states[-1]).get("winners", [])) if finished else set()
    values = [v for row in table for v in row.values()]
    low, high = min(0, min(values)), max(values)
    if low == high:  # no score ever moved: a row of flat blocks says nothing
        return None
    label_width = min(10, max(len(label) for label, _ in rows))
    score_width = max(len(render.number(v)) for v in values)
    bar_width = max(8, width - label_width - score_width - 5)
    turns = len(table) - 1
    picked = _sample(table[1:], bar_width)
    stretch = max(1, min(3, bar_width // len(picked)))  # a short game's turns a few columns wide
    lines = [render.heading(render.fit_words(title.split() or ["Scores"], width, indent="  "))] if title else []
    scale = (low, high, stretch, label_width, score_width)
    lines += [_bar_line(number, label, name, picked, table[-1], winners, scale)
              for number, (label, name) in enumerate(rows)]
    lines.append(_axis(unit, turns, len(picked) * stretch, label_width))
    lines.append(_legend(unit, turns, len(picked), low, high, winners, width))
    return "\n".join(lines)


def _bar_line(number, label, name, picked, last, winners, scale):
    """One row's line: its label, its bar of blocks in its own colour, its final score and
    a star when a player on it won (``scale``: the chart's low, high, columns a point,
    label and score widths, the same for every row so the bars line up)."""
    low, high, stretch, label_width, score_width = scale
    bar = "".join(_block(row[name], low, high) * stretch for row in picked)
    star = " ★" if any(n in winners for n in label.split("+")) else ""
    name_cell = label[:label_width].ljust(label_width)
    final = render.number(last[name]).rjust(score_width)
    return f"{name_cell} {render.style(bar, fg=COLOURS[number % len(COLOURS)])} {final}{star}"


def _axis(unit, turns, bar_columns, label_width):
    """The line under the bars: the first and last turn at its two ends, or the range in
    words when the bars are too short to hold both numbers apart."""
    pad = " " * (label_width + 1)
    if turns == 1:  # a game of one round: "round 1", not a range from 1 to 1
        return pad + f"{unit} 1"
    first, last = f"{unit} 1", str(turns)
    gap = bar_columns - len(first) - len(last)
    return pad + (first + " " * gap + last if gap >= 2 else f"{unit}s 1-{turns}")


def _legend(unit, turns, columns, low, high, winners, width):
    """What the blocks mean, how many turns a column stands for when turns were sampled,
    and the star, as one line fitted to ``width``."""
    legend = [f"{BLOCKS[0]} {render.number(low)} to {BLOCKS[-1]} {render.number(high)} points"]
    if turns > columns:
        legend.append(f"a column is up to {-(-turns // columns)} {unit}s")
    if winners:
        legend.append("★ won")
    return render.fit_words([part + ";" for part in legend[:-1]] + legend[-1:], width, indent="")


def _block(value, low, high):
    if high == low:
        return BLOCKS[0]
    return BLOCKS[round((value - low) / (high - low) * (len(BLOCKS) - 1))]


def of_session(session, width=None):
    """The chart of a session (a game being played, or one replayed from its save), or
    None when it has nothing to show or its scores are secret until the end."""
    finished = session.over
    states = session.states
    found = series(session.game, states, finished)
    if found is None:
        return None
    unit = found[0]
    title = f"Scores by {unit}, {session.game.title} {session.header.get('id', '')}" + ("" if finished else " (so far)")
    return draw(session.game, states, finished, width, title)


def at_end(session):
    """The chart printed under the end-of-game summary; a bug in it costs the chart, never
    the line that ended the game (its action is saved and its ✓ still shown)."""
    try:
        return of_session(session)
    except Exception:
        from referee.core.shell import log_bug

        log_bug("(the end-of-game chart)")
        return None


def secret_rule(game):
    """The rule that keeps a game's totals secret, from its open-scores option (CC-4)."""
    for option in game.options:
        if option.name == "open_scores":
            return option.rule
    return "G-2"


def for_command(session):
    """`referee chart ID`: the chart, or one refusal line (InputError)."""
    ident = session.header.get("id", "?")
    if not session.records:
        raise InputError(f"{ident}: nothing has been played yet, so there is no score to chart")
    if series(session.game, session.states, session.over) is None:
        raise InputError(f"{ident} is not over and its totals are secret until the end "
                         f"({secret_rule(session.game)}); its chart is drawn once it has ended")
    text = of_session(session)
    if text is None:
        raise InputError(f"{ident}: no score has moved from 0 yet, so there is nothing to chart")
    return text
