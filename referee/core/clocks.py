"""The night's clocks (issue 20 item 19): each player's thinking time, a pause, a budget.

Score-keeping apps keep a clock per player; the referee has no running clock to keep:
every action in the journal is stamped with when it was made (``at``) and, when the game
was picked up again, since when this process had it (``resumed``), and the phase table
says whose turn each state is. So the clocks are arithmetic over what is saved, the same
in the shell, in `referee stats` and after a resume, and nothing new is written but the
pauses.

How a clock runs, said once here (and in `help clock`):
- a player's turn starts when it becomes their turn to act (the phase table's player to
  act: the one seat a phase waits for, else the seat whose turn it is); their clock runs
  until their last line of that turn; time after it (a vote the others take, a contest)
  is nobody's;
- a resume does not count the night between: time restarts at the ``resumed`` stamp
  (the time since the save was last written and the game picked up again);
- `pause` stops every clock (and the G-5 turn timer) until `pause` again, or until a move
  is made, which ends the pause; a pause is a journal record of its own (kind ``pause`` or
  ``go``), so it is kept like any event (G-3) and never replayed by the rules;
- a game without turns of its own (Connections Quick Play) keeps the game's time only.

The clocks read nothing but times, who spoke and whose turn it was: no card, word or
total reaches them, so they are public.
"""

import time
import weakref
from dataclasses import dataclass

from referee.core.budget import GO, PAUSE, budget, duration

SHOWN_FROM = 5.0  # seconds a turn on average: below it the game was a script, not a table


@dataclass
class Clocks:
    """What the journal says of the clocks: per player the time on their turns and each
    turn's time; the game's time; the pauses; and the turn that is running."""

    players: tuple
    spent: dict
    turns: dict
    game: float = 0.0
    paused: float = 0.0
    paused_since: float = None  # the game is paused now, since then
    has_turns: bool = False
    running: str = None  # whose turn runs now (None: nobody's, or the game is over)
    pending: float = 0.0  # of the running turn, time not yet closed by its player's line
    last: float = None  # when the running turn's time was last counted to
    over: bool = False
    spans: tuple = ()  # when no clock runs, (start, end or None): the nights before a resume and the pauses

    def at(self, now):
        """The clocks as they stand at ``now``: the running turn's time so far added to
        its player (a chess clock runs while its player thinks), paused time left out."""
        spent, game = dict(self.spent), self.game
        if not self.over and self.last is not None and now is not None:
            tail = running_time(self.last, now, self.spans)
            game += tail
            if self.running in spent:
                spent[self.running] += self.pending + tail
        return spent, game


def actor(game, state):
    """The player whose clock runs in ``state``: the one seat the phase waits for, else
    the seat whose turn it is (a vote inside Ann's turn is Ann's turn); None when several
    act at once with no turn of anyone's (Quick Play) or the game is over."""
    moves = getattr(game, "moves", None)
    if game.is_over(state):
        return None
    if moves is not None:
        try:
            seats = moves.phases.acting(state)
        except Exception:
            seats = ()
        if len(seats) == 1:
            return seats[0]
    from referee.core.phases import player_to_act

    try:
        return player_to_act(state)
    except Exception:
        return None


def pauses(records):
    """(start, end) of each pause in the journal's records, end None for a pause still on.
    A pause ends at `go` (a second `pause`) or at the next action, whichever comes first."""
    found, since = [], None
    for record in records:
        kind = record.get("kind")
        if kind == PAUSE and since is None:
            since = record.get("at")
        elif since is not None and kind in (GO, "do"):
            found.append((since, _at(record)))
            since = None
    if since is not None:
        found.append((since, None))
    return found


def _at(record):
    return _number(record.get("at") if record.get("kind") != "do" else (record.get("action") or {}).get("at"))


def nights(records, picked_up=None, start=None):
    """The spans before each resume, nobody's time: from the last
    record before it to the ``resumed`` stamp of the first record after it (an action's,
    or a pause's) and, for a game picked up by this process at ``picked_up`` with nothing
    written since, from the last record (or the ``start``) to then. An action's ``resumed`` that is where a
    pause ended is that pause's end (the turn timer's restart, G-5), not a night."""
    spans = pauses(records)
    ends = {end for _begin, end in spans if end is not None}
    last, found = _number(start), []
    for record in records:
        resumed = _number(record.get("resumed") if record.get("kind") != "do"
                          else (record.get("action") or {}).get("resumed"))
        if resumed is not None and last is not None and resumed > last and resumed not in ends:
            found.append((last, resumed))
        at = _at(record)
        if at is not None:
            last = at if last is None else max(last, at)
    if picked_up is not None and last is not None and picked_up > last:
        found.append((last, picked_up))
    return found


def running_time(start, end, spans):
    """Seconds from ``start`` to ``end`` that no pause covers."""
    if start is None or end is None or end <= start:
        return 0.0
    clipped = sorted((max(start, begin), min(end, end if finish is None else finish)) for begin, finish in spans)
    stopped, reached = 0.0, start  # a night and a pause may overlap: each second is taken off once
    for begin, finish in clipped:
        begin = max(begin, reached)
        if finish > begin:
            stopped += finish - begin
            reached = finish
    return max(0.0, end - start - stopped)


def _number(value):
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def tally(moments, players, paused, nights=(), start=None, actor_now=None, over=False):
    """The clocks from ``moments``: (at, by, before, after) of each action that
    stands, oldest first, ``before`` and ``after`` being whose turn it was before it and
    after it (a line by the player whose turn it then becomes starts their turn at the
    line before, as when a turn ends with a word the journal does not keep); ``paused``
    the pauses and ``nights`` the time before each resume (:func:`nights`): no clock runs then;
    ``start`` when the game began (the first turn's start); ``actor_now`` whose turn runs
    after the last action."""
    spans = tuple(nights) + tuple(paused)
    clocks = Clocks(tuple(players), {p: 0.0 for p in players}, {p: [] for p in players}, over=over, spans=spans)
    clocks.paused = sum(running_time(b, e, ()) for b, e in paused if e is not None)
    if paused and paused[-1][1] is None:
        clocks.paused_since = paused[-1][0]
    turn = _Turn(clocks, _number(start))
    for at, by, who, then in moments:
        turn.step(_number(at), by, who, then)
    if actor_now is not None:
        clocks.has_turns = True
    if actor_now != turn.player:
        turn.begin(actor_now)
    clocks.running, clocks.pending, clocks.last = turn.player, turn.pending, turn.prev
    if over:
        turn.close()
    return clocks


class _Turn:
    """The turn being counted while :func:`tally` reads the moments: whose it is, the time
    not yet given to them (lines by others inside it), what this turn has cost so far."""

    def __init__(self, clocks, start):
        self.clocks, self.prev = clocks, start
        self.player, self.pending, self.spent = None, 0.0, 0.0

    def close(self):
        if self.player in self.clocks.turns and self.spent > 0:
            self.clocks.turns[self.player].append(self.spent)

    def begin(self, player):
        self.close()
        self.player, self.pending, self.spent = player, 0.0, 0.0

    def step(self, at, by, who, then):
        clocks = self.clocks
        if by is not None and by != who and by == then:
            who = by  # the turn passed to them without a line of its own (a claiming turn's `pass`)
        if who is not None:
            clocks.has_turns = True
        if who != self.player:
            self.begin(who)
        if at is None:
            return
        piece = running_time(at if self.prev is None else self.prev, at, clocks.spans)
        clocks.game += piece
        self.pending += piece
        if self.player in clocks.spent and (by is None or by == self.player):
            clocks.spent[self.player] += self.pending
            self.spent += self.pending
            self.pending = 0.0
        self.prev = at


_CACHE = weakref.WeakKeyDictionary()
_ACTORS = weakref.WeakKeyDictionary()


def _actors(session):
    """Whose clock runs in each state of the session (state 0, then after each action that
    stands), kept per session and grown as it grows: a write costs the states it added (an
    undo cuts the list back to what still stands), not a pass over the whole game, which
    folded every state again after each move (about 10 ms for a 200-event game)."""
    game, records = session.game, session.records
    held = _ACTORS.get(session)
    if held is None or held[0] is not game:
        held = _ACTORS[session] = (game, [], [actor(game, session.states[0])])
    _game, seen, actors = held
    common, most = 0, min(len(seen), len(records))
    while common < most and seen[common] is records[common]:
        common += 1
    del seen[common:], actors[common + 1:]
    if common < len(records):
        states = session.states
        for index in range(common, len(records)):
            seen.append(records[index])
            actors.append(actor(game, states[index + 1]))
    return actors


def of_session(session):
    """The clocks of a session's journal (cached until the journal grows: the toolbar asks
    every second). Whose turn each state is comes from the states the session folds, read
    once each (_actors)."""
    records = session.journal.records
    key = (len(records), len(session.records))
    held = _CACHE.get(session)
    if held is not None and held[0] == key:
        return held[1]
    actors = _actors(session)
    moments = [(record["action"].get("at"), record["action"].get("by"), actors[index], actors[index + 1])
               for index, record in enumerate(session.records)]
    over, begun = session.over, started(session.header)
    night = nights(records, _number(getattr(session, "picked_up", None)), begun)
    clocks = tally(moments, session.players, pauses(records), night, start=begun,
                   actor_now=None if over else actors[-1], over=over)
    _CACHE[session] = (key, clocks)
    return clocks


def started(header):
    """The header's start (local time, to the second) as seconds since 1970, or None."""
    text = header.get("started")
    if not isinstance(text, str):
        return None
    try:
        return time.mktime(time.strptime(text[:19], "%Y-%m-%dT%H:%M:%S"))
    except (ValueError, OverflowError):
        return None


def run_out(session, now):
    """The players whose budget has run out at ``now`` (none without a budget)."""
    limit = budget(session)
    if not limit:
        return []
    spent, _game = of_session(session).at(now)
    return [p for p in session.players if spent.get(p, 0) >= limit]


# -- what the table is told ------------------------------------------------------------

def clock(seconds):
    from referee.core.timer import clock as shown

    return shown(seconds)


def longest_per_turn(clocks):
    """(player, seconds a turn on average, turns) of who took longest per turn, or None."""
    best = None
    for player in clocks.players:
        turns = clocks.turns.get(player) or []
        if not turns:
            continue
        mean = clocks.spent[player] / len(turns)
        if best is None or mean > best[1]:
            best = (player, mean, len(turns))
    return best


def table_text(session, now, width=None):
    """The `clock` answer: each player's time, turns, time a turn and (with a budget) what
    is left; the game's time; whether paused. A game without turns: the game's time only."""
    from referee.core import render

    clocks = of_session(session)
    spent, game = clocks.at(now)
    lines = []
    if clocks.has_turns:
        limit = budget(session)
        headers = ("player", "time", "turns", "avg", "max") + (("left",) if limit else ())
        rows = []
        for player in clocks.players:
            turns = clocks.turns.get(player) or []
            row = (player + (" *" if player == clocks.running and not clocks.over else ""), clock(spent[player]),
                   len(turns), clock(sum(turns) / len(turns)) if turns else "-",  # of the turns ended, as max
                   clock(max(turns)) if turns else "-")
            if limit:
                left = limit - spent[player]
                row += ("out" if left <= 0 else clock(left),)
            rows.append(row)
        lines.append(render.table(headers, rows, width=width))
        said = ("Thinking time: from the start of a player's turn to their last line of it "
                "(avg: a turn on average; max: the longest turn)")
        if clocks.running and not clocks.over:
            said += f"; * runs now ({clocks.running}'s turn)"
        if limit:
            said += f"; budget {duration(limit)} each (advisory, G-5)"
        lines.append(said + ".")
    elif not session.records:
        lines.append("No turn has begun yet.")
    else:
        lines.append("This game has no turns of its own, so it keeps the game's time only.")
    game_line = f"Game time {clock(game)}"
    paused = clocks.paused + (max(0.0, now - clocks.paused_since) if clocks.paused_since is not None else 0)
    if paused >= 1:
        game_line += f" (paused {clock(paused)} in all)"
    lines.append(game_line + ".")
    if clocks.paused_since is not None:
        lines.append("Paused: every clock is stopped; `pause` again (or a move) starts them.")
    return render.fit_lines("\n".join(lines), width) if width else "\n".join(lines)


def summary_line(session):
    """The end summary's line about the clocks: who took longest per turn (None for a game
    too quick to be a table's, such as a script, or one without turns, whose end already
    says how long it was played, as Connections' does)."""
    clocks = of_session(session)
    best = longest_per_turn(clocks)
    if best is None or best[1] < SHOWN_FROM:  # a game without turns: its own end says its time
        return None
    player, mean, turns = best
    others = [f"{p} {clock(clocks.spent[p] / len(clocks.turns[p]))}" for p in clocks.players
              if p != player and clocks.turns.get(p)]
    text = f"Longest per turn: {player}, {clock(mean)} a turn on average ({turns} turn{'s' if turns != 1 else ''})"
    return text + ("; " + ", ".join(others) if others else "") + "."


def records(session):
    """`referee stats`' figure from the clocks: who took longest per turn in a finished
    game (the slowest across the saves is shown per game), as the fields of a
    core.stats.Record (the apps' floor makes the record; the engine only counts)."""
    clocks = of_session(session)
    best = longest_per_turn(clocks)
    if best is None or best[1] < SHOWN_FROM:
        return []
    player, mean, turns = best
    return [{"title": "Longest per turn", "player": player, "value": round(mean, 1),
             "text": f"{clock(mean)} a turn on average ({turns} turn{'s' if turns != 1 else ''})"}]


def budget_parts(session, now, limit):
    """The toolbar's part for a budget of ``limit`` seconds: the player to act's time left
    (or that it ran out); none once the game is over or nobody's clock runs."""
    clocks = of_session(session)
    if clocks.over or clocks.running is None:
        return []
    spent, _game = clocks.at(now)
    left = limit - spent.get(clocks.running, 0)
    return [f"{clocks.running} ⌛ out" if left <= 0 else f"{clocks.running} ⌛ {clock(left)}"]
