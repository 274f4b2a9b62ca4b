"""The best play for a hand (CC-8): exact, by search over connected sets of cells.

Which card goes on which cell does not change a score: every played card matches the
played value, so a play is a value, a connected set S of cells and enough cards of that
value (wilds making up the rest). Its score is |S ∪ the matching groups S touches| plus
the bonus (2a, 2b), because the flood fill from S takes in every group of matching cells
that S covers or borders, and nothing else.

From three cards on the bonus is 0 and adding a touching cell never lowers the score
(a non-matching cell adds itself, a matching one at worst nothing), and the grid is
connected, so the best play of three or more cards is found among the sets of exactly
as many cells as there are cards to play. Those are enumerated once each (Redelmeier's
algorithm on bit masks); one- and two-card plays, which carry the bonus, are tried in
full. The tests compare the result with a brute force over every set of cells.
"""

from dataclasses import dataclass

from referee.games.colors import grid
from referee.games.colors.cards import WILD
from referee.games.colors.rules import value_of

NB = grid.NEIGHBOURS


@dataclass(frozen=True)
class Best:
    points: int
    value: int  # -1: no play (an empty hand, or nothing playable): pass
    cells: tuple
    cards: tuple
    parts: tuple  # (cards played, connected matches, bonus)


PASS = Best(0, -1, (), (), (0, 0, 0))


def _covers(matching):
    """For each cell, the matching groups a card there would take in (2a)."""
    group_of = {}
    left = matching
    while left:
        low = left & -left
        group = grid.spread(low, matching)
        for cell in grid.cells_of(group):
            group_of[cell] = group
        left &= ~group
    covers = []
    for cell in range(grid.CELLS):
        cover = 0
        for near in [cell] + grid.cells_of(NB[cell]):
            cover |= group_of.get(near, 0)
        covers.append(cover)
    return covers


def best_set(matching, count):
    """(points, mask) of the best connected set of 1..count cells for one value; exact."""
    covers = _covers(matching)
    best_points, best_mask = -1, 0
    for cell in range(grid.CELLS):  # one card: +3 (2b)
        points = ((1 << cell) | covers[cell]).bit_count() + grid.BONUS[1]
        if points > best_points:
            best_points, best_mask = points, 1 << cell
    if count >= 2:  # two touching cards: +1 (2b)
        for cell in range(grid.CELLS):
            for near in grid.cells_of(NB[cell]):
                if near > cell:
                    mask = (1 << cell) | (1 << near)
                    points = (mask | covers[cell] | covers[near]).bit_count() + grid.BONUS[2]
                    if points > best_points:
                        best_points, best_mask = points, mask
    size = min(count, grid.CELLS)
    if size >= 3:
        points, mask = _best_of_size(covers, size)
        if points > best_points:
            best_points, best_mask = _trim(points, mask, covers)
    return best_points, best_mask


def _best_of_size(covers, size):
    """The best connected set of exactly ``size`` cells, each set visited once."""
    best = [-1, 0]
    full = grid.FULL

    def grow(mask, count, untried, seen, cover, allowed):
        if count == size:
            points = (mask | cover).bit_count()
            if points > best[0]:
                best[0], best[1] = points, mask
            return
        while untried:
            low = untried & -untried
            untried ^= low
            cell = low.bit_length() - 1
            new = NB[cell] & allowed & ~seen
            grow(mask | low, count + 1, untried | new, seen | new, cover | covers[cell], allowed)

    for root in range(grid.CELLS):  # the set's lowest cell is its root: each set once
        allowed = full & ~((1 << root) - 1)
        start = 1 << root
        near = NB[root] & allowed
        grow(start, 1, near, start | near, covers[root], allowed)
    return best[0], best[1]


def _cover_of(mask, covers):
    cover = 0
    for cell in grid.cells_of(mask):
        cover |= covers[cell]
    return cover


def _trim(points, mask, covers):
    """Keep the same score with fewer cards where a cell adds nothing (a nicer hint, same points)."""
    changed = True
    while changed and mask.bit_count() > 3:
        changed = False
        for cell in grid.cells_of(mask):
            smaller = mask & ~(1 << cell)
            if grid.connected(smaller) and (smaller | _cover_of(smaller, covers)).bit_count() == points:
                mask, changed = smaller, True
                break
    return points, mask


def best_play(tops, hand, side):
    """The highest-scoring legal play for ``hand`` on the grid ``tops`` (CC-8); PASS if none."""
    wilds = hand.count(WILD)
    by_value = [[c for c in hand if c != WILD and value_of(c, side) == v] for v in range(5)]
    best = PASS
    for value in range(5):
        count = len(by_value[value]) + wilds
        if count == 0:
            continue
        matching = grid.matching(tops, side, value)
        if best.points and min(count, grid.CELLS) + matching.bit_count() + grid.BONUS[1] <= best.points:
            continue  # cannot beat what is found already
        points, mask = best_set(matching, count)
        cells = tuple(grid.cells_of(mask))
        if points > best.points or (points == best.points and len(cells) < len(best.cells)):
            cards = tuple((by_value[value] + [WILD] * wilds)[:len(cells)])
            count_played = len(cells)
            bonus = grid.BONUS.get(count_played, 0)
            best = Best(points, value, cells, cards, (count_played, points - count_played - bonus, bonus))
    return best
