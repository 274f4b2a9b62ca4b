"""`referee stats`: the night's memory across the saved games (issue 12, item 2).

A view of the journals like every other (DESIGN 4): each save is replayed through its
game's rules, as ``resume`` would (a save unchanged since it was last counted is read
from the save folder's summary cache instead: store.cached). Per player (names matched
without regard to case) and per game: games played, wins, win rate, mean and best score;
over all games only games, wins and win rate, because scores of different games do not
add up (ConneXion's points, Connections' points and Cosmo;code's red cards: issue 20
item 15); then each game's records, which the game itself finds
(``referee/games/NAME/records.py``).

How it counts, said once here and in ``--help``:
- only finished games count (an unfinished one has no winner and no final score yet);
  how many were left out is said;
- a shared win (a tie kept shared, a team's win) is a win for each player who shares it;
- a damaged save is counted apart, in one line, and never stops the others;
- a record reached by several (words, turns or games alike) says how many, and names
  the first to reach it: the game's own first, then the earliest save.
"""

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Record:
    """One record a game claims for a saved game: ``value`` decides which game's record
    is best across the saves (highest, or lowest with ``low``); ``text`` says it."""

    title: str
    player: str
    value: float
    text: str
    low: bool = False
    ties: int = 1  # how many reached ``value`` (words, turns), this one included: it is the first


@dataclass
class Tally:
    """One player's figures in one game as `referee stats` adds them up."""

    name: str
    played: int = 0
    wins: int = 0
    total: float = 0
    scored: int = 0
    best: float = None

    def add(self, score, won):
        self.played += 1
        self.wins += bool(won)
        if isinstance(score, (int, float)) and not isinstance(score, bool):
            self.total += score
            self.scored += 1
            self.best = score if self.best is None else max(self.best, score)

    @property
    def rate(self):
        return round(100 * self.wins / self.played) if self.played else 0

    @property
    def mean(self):
        return round(self.total / self.scored, 1) if self.scored else None

    def row(self, scores=True):
        """The figures as --json gives them; without ``scores`` (over several games, whose
        scores do not add up) no mean and no best."""
        row = {"name": self.name, "played": self.played, "wins": self.wins, "win_rate": self.rate}
        if scores:
            row.update(mean=self.mean, best=self.best)
        return row


def label(row):
    """What a game is grouped under: its name, with its variant when it has one that
    changes the scoring (``connections quads``); scores of different variants do not mix."""
    variant = row.get("variant")
    return row["game"] if not variant or variant == "standard" else f"{row['game']} {variant}"


def started_at(row):
    """The game's start as an epoch (the header's local time), else its last play."""
    text = row.get("started")
    if isinstance(text, str):
        try:
            return time.mktime(time.strptime(text[:19], "%Y-%m-%dT%H:%M:%S"))
        except ValueError:
            pass
    return row.get("last_played")


def collect(game=None, player=None, since=None):
    """The stats of the saved games that fit the filters, as one dict (what --json prints).

    ``game``: a game's name (or name and variant, ``connections quick``); ``player``: a
    name in any case; ``since``: an epoch, games started before it are left out."""
    from referee.core import store
    from referee.core.render import iso_time

    wanted_game = (game or "").strip().lower() or None
    wanted_player = (player or "").strip().lower() or None
    overall, by_game, best, damaged = {}, {}, {}, []
    counted = unfinished = 0
    for ident in store.all_ids():
        row, found = store.cached(ident, records=_records)  # unchanged saves are not replayed again
        if row.get("error"):
            damaged.append({"id": ident, "error": row["error"]})
            continue
        group = label(row)
        if not _fits(row, group, wanted_game, wanted_player, since):
            continue
        if not row["finished"]:
            unfinished += 1
            continue
        counted += 1
        _tally(row, group, wanted_player, overall, by_game)
        _keep_best(best, found, group, ident, wanted_player)
    records = _records_by_group(best)
    one_game = len(by_game) <= 1  # over one game the overall figures are its own, scores too
    return {
        "games": counted,
        "unfinished": unfinished,
        "damaged": damaged,
        "filters": {"game": game, "player": player, "since": iso_time(since)},
        "players": [t.row(scores=one_game) for t in _order(overall)],
        "by_game": {g: [t.row() for t in _order(by_game[g])] for g in sorted(by_game)},
        "records": {g: sorted(records[g], key=lambda r: r["record"]) for g in sorted(records)},
    }


def _fits(row, group, wanted_game, wanted_player, since):
    """Whether a readable save passes the filters. Finished or not is asked afterwards,
    because an unfinished save that fits is counted apart (said under the table)."""
    if wanted_game and wanted_game not in (row["game"], group):
        return False
    if wanted_player and wanted_player not in (p.lower() for p in row["players"]):
        return False
    return since is None or (started_at(row) or 0) >= since


def _tally(row, group, wanted_player, overall, by_game):
    """Add a finished game's scores to each player's tally, over all and in its group.
    With a player asked for, only that player's line counts: the games they played, and
    nobody else's result in them."""
    winners = {w.lower() for w in row["winners"]}
    for name, score in (row["scores"] or {}).items():
        key = name.lower()
        if wanted_player and key != wanted_player:
            continue
        won = key in winners
        overall.setdefault(key, Tally(name)).add(score, won)
        by_game.setdefault(group, {}).setdefault(key, Tally(name)).add(score, won)


def _keep_best(best, found, group, ident, wanted_player):
    """Keep in ``best`` each of this save's records that beats the one held for its group
    and title; one that ties it is counted with it (the earlier save keeps the name: the
    first to reach it)."""
    from dataclasses import replace

    for record in (Record(**found_record) for found_record in found or ()):
        if wanted_player and record.player.lower() != wanted_player:
            continue
        slot = (group, record.title)
        held = best.get(slot)
        if held is None or _beats(record, held[0]):
            best[slot] = (record, ident)
        elif record.value == held[0].value:
            best[slot] = (replace(held[0], ties=held[0].ties + record.ties), held[1])


def _beats(record, held):
    """Whether ``record`` is better than ``held``: lower for a record kept low, else higher."""
    return record.value < held.value if record.low else record.value > held.value


def _records_by_group(best):
    """The best records as --json prints them, listed under their game's group."""
    records = {}
    for (group, _title), (record, ident) in best.items():
        records.setdefault(group, []).append({"record": record.title, "player": record.player,
                                              "value": record.value, "text": record.text, "id": ident,
                                              "ties": record.ties})
    return records


def _order(tallies):
    """Most wins first, then the higher win rate, then by name: the tables' order."""
    return sorted(tallies.values(), key=lambda t: (-t.wins, -t.rate, t.name.lower()))


def _records(session):
    """The game's records of one save; a game that finds none (or fails to) gives none,
    so one odd save never stops the command."""
    try:
        found = list(session.game.records(session))
    except Exception:
        found = []
    try:  # the clocks' figure, the same for every game: who took longest per turn (core.clocks)
        from referee.core.clocks import records as clock_records

        return found + [Record(**fields) for fields in clock_records(session)]
    except Exception:
        return found


HEADERS = ("player", "games", "won", "win%", "mean", "best")  # short: the table fits 50 columns
SECTIONS = []  # more sections under the tables: fn(stats, width) -> text or None (a module's own figures)


def record_line(r):
    """"longest word: Ann, RESPONSE, 8 letters (connexion-11)", and when others reached it
    too, how many and which is named: "…; 3 reached it, the first is named"."""
    line = f"{r['record']}: {r['player']}, {r['text']} ({r['id']})"
    ties = r.get("ties", 1)
    return line + (f"; {ties} reached it, the first is named" if ties > 1 else "")


def text(stats, width):
    """The stats as the screen shows them: a table per game (with its mean and best score)
    and one over all (games and wins only: scores of different games do not add up), each
    fitting ``width``, each game's records under its table, then any added ``SECTIONS``,
    then what was left out and why."""
    from referee.core import render

    def table(rows, scores=True):
        headers = HEADERS if scores else HEADERS[:4]
        cells = [(r["name"], r["played"], r["wins"], r["win_rate"]) + ((
            "-" if r["mean"] is None else render.number(r["mean"]),
            "-" if r["best"] is None else render.number(r["best"])) if scores else ()) for r in rows]
        return render.table(headers, cells, width=width)

    parts = []
    for group, rows in stats["by_game"].items():
        parts.append(render.heading(group))
        parts.append(table(rows))
        for r in stats["records"].get(group, []):
            parts.append(render.fit_text(record_line(r), width))
        parts.append("")
    if len(stats["by_game"]) > 1:
        parts.append(render.heading("all games (scores are per game)"))
        parts.append(table(stats["players"], scores=False))
        parts.append("")
    for section in SECTIONS:
        added = section(stats, width)
        if added:
            parts += [added, ""]
    games = stats["games"]
    said = [f"{games} finished game{'s' if games != 1 else ''} counted; a shared win counts as a win "
            "for each who shares it."]
    if not games:
        said = ["No finished game fits; `referee games` lists the saves."]
    if stats["unfinished"]:
        said.append(f"{stats['unfinished']} unfinished not counted (no winner yet).")
    if stats["damaged"]:
        ids = ", ".join(d["id"] for d in stats["damaged"])
        said.append(f"{len(stats['damaged'])} damaged save{'s' if len(stats['damaged']) != 1 else ''} "
                    f"skipped ({ids}); `referee games` says why.")
    parts.append(render.fit_text(" ".join(said), width))
    return "\n".join(parts)
