"""Which moves each variant has at all (CN-6), and which of them `moves` should list now.

A move named in :data:`ONLY_IN` exists only in those variants: moves.py declares it as
the move's ``offered``/``absent``, so the core refuses it elsewhere with the variant's
own sentence and `help`, completion and `moves` offer a variant only its own commands.
A bare move its own rule would refuse now (nothing to contest, `pass` before the draw)
is left out of `moves`: its ``ready`` asks the move's check about the bare move
(:data:`PROBED`); nothing here refuses anything itself.
"""

from referee.core.errors import InputError, RuleError
from referee.games.connections import rummy
from referee.games.connections.state import COUNTED, STARTER, TURNS, VARIANTS

_ALL_BUT = lambda *left_out: tuple(v for v in VARIANTS if v not in left_out)  # noqa: E731

# move -> (the variants that have it, the refusal elsewhere); a move not named here is every variant's
ONLY_IN = {
    "start": (STARTER, lambda s: f"{s.title} has no starter card; the round is dealt already"),
    "play": (_ALL_BUT("rummy"), lambda s: "in Rummy cards go into runs before you: `run` or `extend`"),
    "draw": (_ALL_BUT("solitaire"), lambda s: "in Solitaire each card is drawn as it is played: just `play` it"),
    "pass": (("classic", "endless", "rummy"), lambda s: f"{s.title} has no turns to pass"),
    "contest": (_ALL_BUT("solitaire"), lambda s: "nothing to contest: Solitaire has no table to vote"),
    "vote": (_ALL_BUT("solitaire"), lambda s: "nothing to vote on: Solitaire has no table to vote"),
    "hand": (COUNTED, lambda s: f"{s.title} enters no hands: its rounds score without them"),
    "take": (("quads",), lambda s: "only in Quads do players take cards back from their own area"),
    "return": (("quads",), lambda s: "only in Quads are cards returned to the piles"),
    "run": (("rummy",), lambda s: f"runs are Rummy's; in {s.title} play cards with `play`"),
    "extend": (("rummy",), lambda s: f"runs are Rummy's; in {s.title} play cards with `play`"),
    "steal": (("rummy",), lambda s: "stealing from a run is Rummy's"),
}


def has(variant, name):
    """Whether the variant has the move at all (CN-6)."""
    return variant in ONLY_IN.get(name, (VARIANTS,))[0]


def offered(name):
    """The move's ``offered`` (core.moves.Move): None for a move every variant has."""
    if name not in ONLY_IN:
        return None
    variants = ONLY_IN[name][0]  # has(), read once: the core asks on every replayed event
    return lambda state: state.variant in variants


def absent(name):
    """The move's ``absent``: the variant's sentence refusing it (None for every variant's move)."""
    return ONLY_IN[name][1] if name in ONLY_IN else None


# The moves whose own rule can say, with nothing typed after the word, whether anyone may
# make them now: `moves` leaves them out when it would refuse (nothing to contest or vote
# on, `pass` before the draw, `round` while the round goes on, `finish` before a round).
# The others need their words (a card, a cell, a count) and stay listed while the phase
# opens them. A Quads objection needs a quad named, so it is never probed. While several
# CN-7 votes are open a bare vote must say which (contests.open_vote), so the probe also
# names each open one.
PROBED = {"draw": {}, "pass": {}, "round": {}, "finish": {}, "contest": {}, "vote": {"ballots": []}}


# Rummy's runs wait for the turn's draw: that much of their rule needs no card.
BEFORE_CARDS = {"run": rummy.turn_seat, "extend": rummy.turn_seat}


def _probes(name, state):
    """The bare actions a probe tries: from the player to act where the variant has turns,
    else from each player; in Quads, from any of the four piles, and an objection to any
    player's latest quad; a vote, also on each CN-7 vote open by name."""
    speakers = (None,) if state.variant in TURNS else state.players
    extra = ({},)
    if state.variant == "quads" and name == "draw":
        extra = tuple({"pile": pile} for pile in (1, 2, 3, 4))
    elif state.variant == "quads" and name == "contest":
        extra = tuple({"of": player} for player in state.players)
    elif name == "vote":
        extra = ({},) + tuple({"on": open_.label} for open_ in state.votes)
    for by in speakers:
        for more in extra:
            action = dict(PROBED[name], do=name, **more)
            if by is not None:
                action["by"] = by
            yield action


def _passes(check, state, action):
    try:
        check(state, action)
    except (RuleError, InputError):
        return False
    return True


def _could(name, check, state):
    """Whether the move's check takes the bare move from someone now."""
    if name in BEFORE_CARDS and not _passes(lambda s, a: BEFORE_CARDS[name](s, a, name), state, {}):
        return False
    if name not in PROBED:
        return True
    return any(_passes(check, state, action) for action in _probes(name, state))


def ready(name, check):
    """The move's ``ready`` (core.moves.Move): None for a move `moves` lists whenever open."""
    if name not in PROBED and name not in BEFORE_CARDS:
        return None
    return lambda state: _could(name, check, state)
