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
algorithm on bit masks), starting from a greedy play and cutting every branch that
cannot beat the best found (issue 11 item 5: all 136,217 sets of twelve cells took
72-189 ms whatever the grid); one- and two-card plays, which carry the bonus, are tried
in full. The tests compare the result with brute forces over every set of cells, and
the search alone, without its greedy start, with every connected set.
"""

from dataclasses import dataclass

from referee.games.colors import grid
from referee.games.colors.cards import WILD
from referee.games.colors.rules import value_of

NB = grid.NEIGHBOURS


@dataclass(frozen=True)
class Best:
    """The best play found so far in the search: its cells, cards and points."""

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


def _groups(matching):
    """The matching groups (2a) as ``(mask, size)`` pairs."""
    found = []
    left = matching
    while left:
        group = grid.spread(left & -left, matching)
        found.append((group, group.bit_count()))
        left &= ~group
    return found


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
        points, mask = _best_of_size(covers, size, matching, best_points)
        if points > best_points:
            best_points, best_mask = _trim(points, mask, covers)
    return best_points, best_mask


# Cells off the first and the last column: a one-cell shift along a row must not wrap.
_NOT_FIRST = sum(1 << cell for cell in range(grid.CELLS) if cell % grid.SIZE)
_NOT_LAST = sum(1 << cell for cell in range(grid.CELLS) if cell % grid.SIZE != grid.SIZE - 1)


def _grown(mask):
    """``mask`` and every cell touching it (1c), by shifting the bits."""
    return (mask | mask << grid.SIZE | mask >> grid.SIZE | (mask << 1 & _NOT_FIRST)
            | (mask >> 1 & _NOT_LAST)) & grid.FULL


def _greedy(covers, size):
    """(points, mask) of a good set of ``size`` cells, found fast to cut the search by.

    From every cell, add the touching cell that scores most (then the one that brings
    most unscored cells within reach), ``size - 1`` times.
    """
    best = (-1, 0)
    for root in range(grid.CELLS):
        mask, cover = 1 << root, covers[root]
        for _ in range(size - 1):
            choice = None
            near = _grown(mask) & ~mask
            while near:
                low = near & -near
                near ^= low
                cell = low.bit_length() - 1
                done = mask | low | cover | covers[cell]
                # most points, then most cells not yet scored within reach next
                points = done.bit_count() * 8 + (_grown(low) & ~done).bit_count()
                if choice is None or points > choice[0]:
                    choice = (points, low, cell)
            mask |= choice[1]
            cover |= covers[choice[2]]
        points = (mask | cover).bit_count()
        if points > best[0]:
            best = (points, mask)
    return best


def _spread(seeds, through, steps):
    """``seeds`` and the cells of ``through`` at most ``steps`` steps from them."""
    reach = front = seeds
    for _ in range(steps):
        front = _grown(front) & through & ~reach
        if not front:
            break
        reach |= front
    return reach


def _hopeless(covered, left, untried, open_cells, unmatched, groups, done, best):
    """Whether no way of adding ``left`` cells can score more than ``best``.

    Added cells come from ``open_cells`` (the ones to try next, ``untried``, and those
    beyond them this branch may still take), each touching one before it. A matching
    cell adds no cell of its own (it is in a group, counted already or counted when
    touched), so with ``w`` matching cells among them, the added cells take at most the
    groups touched by ``reach`` (grown one matching cell at a time) and ``left - w``
    unmatched cells of it. The largest of those totals, over ``w``, bounds the branch.
    """
    plain = open_cells & unmatched
    reach = _spread(untried & plain, plain, left - 1)
    used = 0
    while True:
        touched = _grown(reach)
        gained = 0
        for group, cells in groups:
            if group & touched and not group & done:
                gained += cells
        if covered + gained + min(left - used, (reach & plain).bit_count()) > best:
            return False
        step = (touched & open_cells | untried) & ~unmatched & ~reach
        if used == left or not step:
            return True
        used += 1
        reach = _spread(reach | step, plain, left - 1)


class _Whole(Exception):
    """A set scored every cell of the grid: the search can stop."""


def _best_of_size(covers, size, matching, floor=-1):
    """The best connected set of exactly ``size`` cells scoring more than ``floor``.

    Each set is met at most once (Redelmeier's algorithm: a set's lowest cell is its
    root, and a cell left out of one branch stays out of the branches after it). The
    best found so far starts as the greedy set's score, and a branch is cut when even
    its most hopeful end cannot beat it: what the set covers now, plus the matching
    cells not covered, plus as many unmatched cells as cards are left (cheap, and
    enough once the groups are taken), then ``_hopeless`` (which cells and groups the
    cards left can reach at all). Returns (-1, 0) when nothing beats ``floor``.
    """
    if floor >= grid.CELLS:  # no set of cells scores more than the whole grid
        return -1, 0
    groups = _groups(matching)
    unmatched = grid.FULL & ~matching
    best = list(_greedy(covers, size))
    if best[0] >= grid.CELLS:
        return best[0], best[1]
    if best[0] <= floor:
        best = [floor, 0]
    full = grid.FULL

    def grow(mask, count, untried, seen, cover, allowed):
        left = size - count
        done = mask | cover
        if left == 1:  # the last cell: score each choice here rather than a call each
            while untried:
                low = untried & -untried
                untried ^= low
                points = (done | low | covers[low.bit_length() - 1]).bit_count()
                if points > best[0]:
                    best[0], best[1] = points, mask | low
                    if points == grid.CELLS:
                        raise _Whole
            return
        covered = done.bit_count()
        if covered + (matching & ~done).bit_count() + min(left, (unmatched & ~done).bit_count()) \
                <= best[0]:
            return
        if _hopeless(covered, left, untried, allowed & ~seen | untried, unmatched, groups, done,
                     best[0]):
            return
        while untried:
            low = untried & -untried
            untried ^= low
            cell = low.bit_length() - 1
            new = NB[cell] & allowed & ~seen
            grow(mask | low, count + 1, untried | new, seen | new, cover | covers[cell], allowed)

    try:
        for root in range(grid.CELLS):  # the set's lowest cell is its root: each set once
            allowed = full & ~((1 << root) - 1)
            start = 1 << root
            near = NB[root] & allowed
            grow(start, 1, near, start | near, covers[root], allowed)
    except _Whole:  # the whole grid scored: nothing can beat it
        pass
    if best[1] == 0:
        return -1, 0
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
