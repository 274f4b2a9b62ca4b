"""What the public page shows, as data: the facts `referee watch` draws, and nothing else.

Secrets stay out by construction (DESIGN 5): every field comes from what the game
already shows the whole table (Game.show, Game.scoreboard, Game.toolbar, the log's
public lines, the summary once the game is over), never from the header or a hand.
Styles are taken off: the page escapes and lays out the text itself.
"""

import click

# The columns the public picture is drawn for: a TV or a laptop across the room.
WIDTH = 80
LAST = 8  # moves listed under the picture


def public_view(session, width=WIDTH, last=LAST, now=None):
    """The public facts of ``session`` (a replayed save) as a JSON-able dict."""
    from referee.core import ending
    from referee.core.context import Sight
    from referee.core.export import last_lines
    game, state, over = session.game, session.state, session.over
    seen = Sight(session, width)
    view = {
        "game": game.title,
        "id": session.header.get("id", "?"),
        "players": list(session.players),
        "over": bool(over),
        "picture": _plain(game.show(seen)),
        "status": " · ".join(_plain(p).strip() for p in game.toolbar(state) if _plain(p).strip()),
        "clock": None if over else _clock(session, now),
        "last": [{"number": number, "who": who or "", "what": _plain(what)}
                 for number, _when, who, what in last_lines(session, last)],
    }
    view["board"] = _board(game, seen)
    headers, rows = ([], []) if over else game.scoreboard(state, width)
    view["scores"] = {"headers": [_plain(h) for h in headers], "rows": [[_plain(c) for c in row] for row in rows]}
    view["summary"] = _plain(ending.headed(game.summary(seen))) if over else ""  # "Final scores" in every game
    view["chart"] = _chart(session, width) if over else ""
    return view


def _chart(session, width):
    """The score chart drawn at the end (what `watch` and the terminal show then)."""
    from referee.core.chart import of_session

    return _plain(of_session(session, width) or "")


def _board(game, seen):
    """The game's picture as data (Game.picture), or None: a bug in a game's drawing
    costs the drawing (the page shows the text picture), never the screen."""
    try:
        board = game.picture(seen)
    except Exception:
        from referee.core.shell import log_bug

        log_bug("(referee screen: the game's picture)")
        return None
    if board is None:
        return None
    import json

    return json.loads(json.dumps(board, ensure_ascii=False))  # plain JSON: what the page will get


def _clock(session, now=None):
    """The turn clock as the page counts it down itself: the seconds left when this was
    computed (negative: over time), or None with no clock running. The start is the
    turn's, or the resume's when the game was picked up again since (G-5), as `watch`."""
    from referee.core.timer import remaining

    started, limit = session.game.timer(session.state)
    if started is None:
        return None
    resumed = session.records[-1]["action"].get("resumed") if session.records else None
    if isinstance(resumed, (int, float)) and resumed > started:
        started = resumed
    left = remaining(started, limit, _now() if now is None else now)
    return None if left is None else round(left, 1)


def _now():
    import time

    return time.time()


def _plain(value):
    """Text as the page takes it: a string without a terminal's styles."""
    return click.unstyle("" if value is None else str(value))
