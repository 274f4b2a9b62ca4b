"""How the words of the goals and the end phase of Crafting the Cosmos are read,
declared on the moves `goal`, `count` and `discard` (moves.py): the goal card revealed
(`goal proto`, `goal "most H stars" counts H`), the counts of a goal the referee does
not track (`count Ann 3 Ben 0`) and the discards to the hand limit (`discard Ann light
light`).

The words are read here (a goal of the reference by its key, name or a word of it; a
player by any case or a unique prefix; energy types by their short forms); whether the
move is allowed is the rules' (ending.check_goal, check_count, check_discard).
"""

from referee.core.errors import InputError
from referee.games.cosmos import ending, goals
from referee.games.cosmos.reading import energy_type, number, named_player, shown

COUNTS_WORD = "counts"
SHORTEST = 4  # letters of a card the reference lacks named without quotes ("y", "ok" are slips)


# -- completion ------------------------------------------------------------------------------


def complete_goal(ctx, words):
    """`goal`: the reference's keys; after a name, `counts`; after that, the metrics."""
    if not words:
        return list(goals.reference())
    if words[-1].lower() == COUNTS_WORD:
        return list(goals.METRICS)
    if COUNTS_WORD not in [w.lower() for w in words]:
        return [COUNTS_WORD]
    return []


def complete_count(ctx, words):
    """`count`: a player, then (after their number) the next player not yet counted."""
    said = {w.lower() for w in words}
    if words and not words[-1].isdecimal():
        return []
    return [p for p in ctx.state.players if p.lower() not in said][:1] or []


def complete_discard(ctx, words):
    """`discard`: a player over the limit, then energy types."""
    if not words:
        return ending.over_limit(ctx.state) or list(ctx.state.players)
    return ["light", "time", "gravity", "chemistry"]


# -- reading the words ---------------------------------------------------------------------------


def _metric(word):
    """A metric as typed: its key in any case (`h` is H, `he` He)."""
    for key in goals.METRICS:
        if key.lower() == word.strip().lower():
            return key
    raise InputError(f"the referee cannot count {shown(word)!r}; it counts " + ", ".join(goals.METRICS))


def read_goal(args):
    """(name, metric) of `goal NAME [counts METRIC]`. A name in quotes is always a card the
    reference lacks; unquoted, a reference card by its key, name or word; a near miss of
    one (`protp`) is asked again rather than taken for a new card."""
    text = args.strip()
    metric = None
    words = text.split()
    if len(words) >= 2 and words[-2].lower() == COUNTS_WORD:
        metric = _metric(words[-1])
        text = " ".join(words[:-2])
    elif words and words[-1].lower() == COUNTS_WORD:
        raise InputError("counts what? e.g. `goal \"most H stars\" counts H`")
    quoted = text[:1] in ("\"", "'") or text[-1:] in ("\"", "'")  # a quote left open counts too
    name = " ".join(text.strip("\"'").split())
    if not name:
        raise InputError("which goal card? e.g. `goal proto`, or a card the rulebook lacks in quotes: "
                         "`goal \"most H stars\" counts H`; the reference's: " + ", ".join(goals.reference()))
    if not quoted:
        key = goals.find(name)
        if key:
            return key, metric
        close = goals.near(name)
        if close:
            raise InputError(f"{shown(name, 40)!r} is not a goal of the reference; did you mean `goal {close}`? "
                             f"(a card it lacks goes in quotes: `goal \"{name}\"`)")
        if len(name) < SHORTEST:  # a stray `y` answering a question nobody asked
            raise InputError(f"{shown(name, 40)!r} is not a goal of the reference; a card it lacks goes in quotes: "
                             f"`goal \"{name}\"`; the reference's: " + ", ".join(goals.reference()))
    return name, metric if metric is not None else goals.counted(name)


def read_counts(ctx, words):
    """{player: count} from `Ann 3 Ben 0 Cy 2`, or from bare numbers in seat order."""
    state = ctx.state
    if words and all(w.isdecimal() for w in words):
        if len(words) != len(state.players):
            said = f"{len(words)} number{'' if len(words) == 1 else 's'}"
            raise InputError(f"{said} for {len(state.players)} players; say them in seat order "
                             f"({', '.join(state.players)}) or by name: `count Ann 3 Ben 0`")
        return {p: number(w, "a count") for p, w in zip(state.players, words)}
    if not words or len(words) % 2:
        example = " ".join(f"{p} 0" for p in state.players)
        raise InputError(f"each player's count: `count {example}`")
    counts = {}
    for name, said in zip(words[::2], words[1::2]):
        player = named_player(ctx, name)
        if player in counts:
            raise InputError(f"{player} is counted twice")
        counts[player] = number(said, f"a count for {player}")
    return counts


def _is_energy(word):
    try:
        energy_type(word)
    except InputError:
        return False
    return True


# -- the readings (their docstrings are the commands' help) -----------------------------------


def reading_goal(ctx, args):
    """Name the goal card revealed onto the top of the goal track.

    At the setup and at end phase step 3. A card of the rulebook's reference by its
    key: phi, crystals, carbon, nebula1, helium, proto, oxygen, advanced. Any other
    card by its name in quotes, with what it counts when the referee can count it
    (`goal "most H stars" counts H`; else the table counts it when it is scored).
    """
    words = args.split()
    if len(words) == 1 and words[0][:1] not in ("\"", "'") and not goals.find(words[0]) \
            and _command_word(ctx, words[0]):
        raise InputError(f"{shown(words[0], 40)!r} is a command, not a goal card: the table first names the goal "
                         f"card revealed, e.g. `goal proto` (a card the reference lacks in quotes: `goal \"most H "
                         "stars\"`)")
    name, metric = read_goal(args)
    return {"name": name} if metric is None else {"name": name, "metric": metric}


# Words a player types for the referee, not for the goal card, that may not be commands
# of this game as set up (the clock's, the toolbar's).
NOT_A_CARD = ("status", "clock", "pause", "resume", "toolbar", "menu", "next", "done", "pass", "continue")


def _command_word(ctx, word):
    """Whether a bare ``word`` at `goal?` is a command (of the game or the shell), not a
    card's name: it is refused, not taken for a card the reference lacks (a word of a
    reference card, `advanced`, is that card)."""
    word = word.lower()
    if word in NOT_A_CARD:
        return True
    commands = getattr(ctx, "commands", None)
    try:
        return commands is not None and commands.exact(word) is not None
    except AttributeError:
        return False


def reading_count(ctx, args):
    """Give each player's count for a goal the referee cannot count.

    The goal on the fourth space, when what it counts depends on where pieces lie on a
    board (the Phi Sector, stars touching advanced life) or the table named it without
    a count. By name (`count Ann 3 Ben 0 Cy 2`) or in seat order (`count 3 0 2`).
    """
    return {"counts": read_counts(ctx, args.replace(",", " ").replace(":", " ").split())}


def _discarder(ctx, words):
    """(the player who discards, the words after their name): named first, else the
    speaker, else the one player over the limit."""
    player = ctx.find_player(words[0])
    if player is None and not _is_energy(words[0]):
        named_player(ctx, words[0])  # refuses: no such player
    exact = player is not None and player.lower() == words[0].lower()
    if player is not None and (exact or not _is_energy(words[0])):
        return player, words[1:]
    player = ctx.speaker  # `discard light light`: the speaker's, or the one player over the limit
    over = ending.over_limit(ctx.state)
    if player is None and len(over) == 1:
        player = over[0]
    if player is None:
        raise InputError("whose cards? e.g. `discard Ann light time`")
    return player, words


def reading_discard(ctx, args):
    """End phase 5: discard down to 10 energy cards, choosing which.

    `discard Ann light light`; the player may be left out when only one is over the
    limit, or when they name themselves (`Ann: discard light light`).
    """
    words = args.replace(",", " ").split()
    if not words:
        raise InputError("who discards what? e.g. `discard Ann light time`")
    player, words = _discarder(ctx, words)
    if not words:
        raise InputError(f"which cards? e.g. `discard {player} light time`")
    return {"player": player, "cards": [energy_type(w) for w in words]}
