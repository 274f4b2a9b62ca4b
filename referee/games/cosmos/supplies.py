"""The finite supplies (CT-4) and the per-seat books every part of the turn writes to.

Shared by the energy phase (energy.py), the craft phase (craft.py, power.py), the end
phase (ending.py) and the corrections, so a supply is taken from in one way: what is
there is given, what is not is not (CT-4: "the player may not take it"), and the caller
says plainly what was short. Time crystals are the exception: when the supply is out
they come from the box, and the game ends after this round's end phase.
"""

from functools import lru_cache

from referee.core.pieces import Supply
from referee.core.states import evolve, set_seat
from referee.games.cosmos.state import CHAMBER, SOURCES


def take(state, name, amount):
    """(supply, given): the supplies after taking up to ``amount`` of ``name``, and how
    many were there to take. Never refuses: a shortfall is said by the caller."""
    supply = state.supply
    given = min(amount, supply[name].count)
    if not given:
        return supply, 0
    changed = dict(supply)
    changed[name] = less(supply[name], given)
    return changed, given


@lru_cache(maxsize=1024)
def _supply(name, count, rule):
    """The Supply of these three values: frozen, so one object serves every state that
    holds it (a dozen supplies of at most a few dozen pieces: the cache stays small)."""
    return Supply(name, count, rule)


def less(supply, amount):
    """A Supply with ``amount`` fewer, ``amount`` known to be there (what Supply.take gives
    once its refusals cannot apply, without building the dataclass again)."""
    return _supply(supply.name, supply.count - amount, supply.rule)


def more(supply, amount):
    """A Supply with ``amount`` returned (Supply.give, without building the dataclass again)."""
    return _supply(supply.name, supply.count + amount, supply.rule)


def take_all(state, name, amount):
    """The supplies after taking exactly ``amount`` of ``name``: refused (its Supply's
    rule, CT-4) when fewer are there. For a cost or a correction, not for a reward."""
    supply = state.supply[name]
    changed = dict(state.supply)
    # Supply.take refuses (CT-4) and copies by dataclasses.replace; an amount known to be
    # there takes the cheaper way to the same Supply
    changed[name] = less(supply, amount) if 0 <= amount <= supply.count else supply.take(amount)
    return changed


def give_back(state, name, amount):
    """The supplies with ``amount`` of ``name`` returned (discarded life, a correction)."""
    if not amount:
        return state.supply
    changed = dict(state.supply)
    changed[name] = more(state.supply[name], amount)
    return changed


def board(state, seat, **changes):
    """``state`` with ``seat``'s Board changed by ``changes`` (one evolve each)."""
    boards = state.boards
    return evolve(state, boards=set_seat(boards, seat, evolve(boards[seat], changes)))


def points(board_, source, amount):
    """A Board's ``points`` tuple with ``amount`` added to ``source`` (one of SOURCES)."""
    index = SOURCES.index(source)
    values = list(board_.points)
    values[index] += amount
    return tuple(values)


def climb(state, seat, steps):
    """(state, tokens): ``seat``'s time crystal climbs ``steps`` spaces of the time chamber
    (:func:`climbed`). ``tokens`` is how many new tokens were taken, from the supply and
    from the box, for the reply."""
    chamber, crystals, supply, ending, tokens = climbed(state.boards[seat], state.supply, state.ending, steps)
    state = evolve(state, supply=supply, ending=ending)
    return board(state, seat, chamber=chamber, crystals=crystals), tokens


def climbed(board_, supply, ending, steps):
    """(chamber, crystals, supply, ending, tokens): a player's time crystal on ``board_``
    climbs ``steps`` spaces of the time chamber. Reaching the last space, the crystal stays
    at the top and a new token from the supply starts again at 0 (Resources: Time
    Crystals); with the supply out it comes from the box and the game ends after this
    round's end phase (CT-4, CT-7). ``tokens``: (from the supply, from the box). The
    values alone, for the caller to make with its own changes."""
    chamber, crystals = board_.chamber, board_.crystals
    from_supply = from_box = 0
    for _ in range(steps):
        chamber += 1
        if chamber < CHAMBER:
            continue
        crystals += 1
        chamber = 0
        if supply["crystals"].count:
            supply = dict(supply)
            supply["crystals"] = less(supply["crystals"], 1)
            from_supply += 1
        else:
            if supply["box"].count:  # the box holds 18 - 11 - 4 = 3 at the least; G-1 past that
                supply = dict(supply)
                supply["box"] = less(supply["box"], 1)
            from_box += 1
        if not supply["crystals"].count:
            ending = True  # the supply is depleted: the game ends after this end phase (CT-7)
    return chamber, crystals, supply, ending, (from_supply, from_box)
