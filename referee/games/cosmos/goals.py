"""The universal goals of Crafting the Cosmos: which cards the referee knows, what each
counts, and how a goal is scored (Goals; CT-6).

Our rulebook shows 8 of the 16 goal cards (goals.tsv). Of those, the ones whose count is
a number the referee keeps (stars by type, completed size-1 nebulae, proto life, time
crystal tokens along the top) are counted from the boards; the ones that depend on where
pieces lie on a player board (the Phi Sector, stars touching advanced life), which the
referee does not keep (CT-1), are counted by the table. A card the reference lacks is
named by free text; the table may say which tracked count it is (``goal "most H stars"
counts H``), else the table counts it when it is scored.

Scoring is :func:`score`, a pure function of the counts, so it can be tested alone with
any ties: 1st place 6, 2nd place 3; tied 1st all score 6 and nobody scores 2nd; tied 2nd
all score 3; at least 1 of the resource to score at all; no 2nd place with 2 players.
"""

import functools

from referee.core import tables
from referee.games.cosmos.state import FIRST, SECOND, SIZES, STARS


def _stars(kind):
    index = STARS.index(kind)
    return lambda state, seat: state.boards[seat].stars[index]  # regular only: "Supernovae do not count"


def _completed(size):
    return lambda state, seat: sum(1 for n in state.boards[seat].nebulae if n.complete and n.size == size)


# What the referee can count itself, by the word a goal names it with: (what it counts, how).
# Proto life counts what lies on the board: at the end phase nothing is loose any more
# (pieces not placed by the end of a turn are lost, CT-5).
METRICS = {
    **{kind: (f"{kind} stars, not supernovae", _stars(kind)) for kind in STARS},
    "stars": ("stars, supernovae included", lambda s, seat: sum(s.boards[seat].stars) + sum(s.boards[seat].novae)),
    "supernovae": ("supernovae", lambda s, seat: sum(s.boards[seat].novae)),
    "proto": ("proto life on the board", lambda s, seat: s.boards[seat].proto),
    "stable": ("stable life on the board", lambda s, seat: s.boards[seat].stable),
    "life": ("proto and stable life", lambda s, seat: s.boards[seat].proto + s.boards[seat].stable),
    **{f"nebula{size}": (f"completed size {size} nebulae", _completed(size)) for size in SIZES},
    "nebulae": ("completed nebulae", lambda s, seat: sum(1 for n in s.boards[seat].nebulae if n.complete)),
    "advanced": ("advanced life tokens", lambda s, seat: len(s.boards[seat].advanced)),
    "crystals": ("time crystal tokens along the top", lambda s, seat: s.boards[seat].crystals),
    "power": ("power cards", lambda s, seat: sum(1 for slot in s.boards[seat].power if slot)),
    "cards": ("energy cards in hand", lambda s, seat: len(s.hands[seat])),
}

def _life(state, seat):
    b = state.boards[seat]
    n = b.proto + b.stable
    return n, f"{n} proto and stable life on the board"


def _stars_by_advanced(state, seat):
    b = state.boards[seat]
    if not any(n.advanced for n in b.nebulae) and not b.advanced:
        return 0, "no nebula with advanced life"
    n = sum(b.stars) + sum(b.novae)
    return n, f"{n} stars on the board"


# The most a count the table gives can be, for the reference's goals the table counts:
# where pieces lie is the player's to say (CT-1), but not more than the board holds.
BOUNDS = {"phi": _life, "advanced": _stars_by_advanced}


def most(state, seat, goal):
    """(the most, why) a table's count for ``goal`` can be for ``seat``, or None when the
    referee knows no bound (a card the reference lacks, counted by the table)."""
    if goal is None:
        return None
    if goal.name in BOUNDS:
        return BOUNDS[goal.name](state, seat)
    if goal.metric in METRICS:
        n = METRICS[goal.metric][1](state, seat)
        return n, f"{n} {METRICS[goal.metric][0]}"
    return None


COLUMNS = (
    tables.Column("key", unique=True),
    tables.Column("name", unique=True),
    tables.Column("words", required=False),
    tables.Column("metric", "choice", required=False, choices=tuple(METRICS)),
    tables.Column("counts"),
)


@functools.lru_cache(maxsize=None)
def reference():
    """The goal cards of the rulebook's reference, by key (goals.tsv, read once)."""
    rows = tables.read(tables.package_text(__package__, "goals.tsv"), "goals.tsv", COLUMNS, noun="goal")
    return {row["key"]: row for row in rows}


def _norm(text):
    return " ".join(str(text).lower().replace("-", " ").replace("_", " ").replace('"', " ").split())


# A card's printed words say "most", "completed", the elements' names: `most carbon stars`
# is the card the referee shows as "C stars" (issue 20 item 2).
_FILLER = {"most", "the", "a", "an", "of", "with", "completed", "goal", "card"}
_ELEMENTS = {"carbon": "c", "helium": "he", "oxygen": "o", "hydrogen": "h", "star": "stars", "nebula": "nebulae"}


def _plain(text):
    """``text`` normalised without the card's filler words, elements by their letters."""
    return " ".join(_ELEMENTS.get(word, word) for word in _norm(text).split() if word not in _FILLER)


@functools.lru_cache(maxsize=None)
def _names():
    """Every way a reference card may be typed (normalised, and without its filler
    words) -> its key."""
    names = {}
    for key, row in reference().items():
        for said in [key, row["name"]] + row["words"].split():
            names.setdefault(_plain(said), key)
            names[_norm(said)] = key
    return names


@functools.lru_cache(maxsize=256)
def find(text):
    """The key of the reference card ``text`` names (its key, name or one of its words, any
    case, or its printed words: `most carbon stars`, `most proto life`), or None: a goal
    the reference lacks. Kept for the last names asked (a goal's check and effect and each
    goal already shown ask again for the same few names)."""
    return _names().get(_norm(text)) or _names().get(_plain(text))


def counted(text):
    """The metric a card the reference lacks counts when its printed words name one
    (`most H stars`: H), else None: the table then counts it."""
    said = _plain(text).split()
    if len(said) == 2 and said[1] == "stars":
        return next((kind for kind in STARS if kind.lower() == said[0]), None)
    return None


def near(text):
    """The key of a reference card ``text`` may be a slip for (`protp`), or None."""
    import difflib  # only when a word is mistyped: not before the first prompt
    said = _norm(text)
    if len(said) < 3:
        return None
    close = difflib.get_close_matches(said, list(_names()), n=1, cutoff=0.75)
    return _names()[close[0]] if close else None


def label(goal):
    """How a goal is shown: a reference card by its name, a free-text goal as typed."""
    if goal is None:
        return "-"
    row = reference().get(goal.name)
    return row["name"] if row else goal.name


def says(goal):
    """What a goal counts, in words: the card's, or the metric the table gave."""
    row = reference().get(goal.name)
    if row:
        return row["counts"]
    if goal.metric:
        return METRICS[goal.metric][0]
    return "counted by the table when it is scored"


def tracked(goal):
    return goal is not None and goal.metric in METRICS


def counts(state, metric):
    """Each player's count of ``metric`` (a key of METRICS), by name."""
    how = METRICS[metric][1]
    return {player: how(state, seat) for seat, player in enumerate(state.players)}


def score(counts_, players=None):
    """The points a goal gives, by player (0 included), from each player's count (Goals):
    1st 6, 2nd 3; tied 1st all score 6 and nobody 2nd; tied 2nd all score 3; a count of 0
    scores nothing; no 2nd place with 2 players. ``players`` is how many play (by default
    the players counted)."""
    n = len(counts_) if players is None else players
    points = {player: 0 for player in counts_}
    able = {player: count for player, count in counts_.items() if count >= 1}
    if not able:
        return points
    top = max(able.values())
    firsts = [player for player, count in able.items() if count == top]
    for player in firsts:
        points[player] = FIRST
    if len(firsts) == 1 and n > 2:
        rest = [count for count in able.values() if count < top]
        if rest:
            second = max(rest)
            for player, count in able.items():
                if count == second:
                    points[player] = SECOND
    return points
