"""How a frozen game state changes (DESIGN 4): every move makes a new state, by
:func:`evolve`, one call per move.

Whatever a state holds that grows with the game (claims, corrections, a log of plays)
must be shared between the states and not copied by each move, or replay and memory
grow with the square of the journal: :class:`Chain` is that collection. Per-seat tuples
change one seat at a time (:func:`set_seat`, :func:`update_seat`). The recurring pieces
a state is made of (hands, supplies, counters) are core.pieces'.
"""

from dataclasses import fields


_NEW = object.__new__
_SET = object.__setattr__


def evolve(state, changes=None, /, **more):
    """``dataclasses.replace`` for a frozen game state without running its ``__init__``
    again: a state has twenty fields and a move changes two or three, and at about 14 µs
    a call the dataclasses one was half of a replayed event's cost. The fields are plain
    values, so copying them is all ``__init__`` did; their names are checked all the same.

    The changes come as keywords (``evolve(state, turn=1)``) or, from a move that
    gathers them as it goes, as one dict (``evolve(state, changes)``): passing that dict
    as ``**changes`` packed it again and cost as much as the copy of the state (19.6k
    instructions against 9.9k for ten changes to a state of 29 fields). The fields are
    copied as one dict and given to the new state whole. A name that is no field adds a
    key, so one length comparison checks every name.

    A state class may name in ``DERIVED`` the facts it keeps beside its fields, out of
    repr and == (ConneXion's claimed words, kept with the claims they were read from): a
    move may hand one on in its changes, and it is copied along like a field."""
    copied = state.__dict__.copy()
    size = len(copied)
    if changes:
        copied.update(changes)
    if more:
        copied.update(more)
    if len(copied) != size:
        known = {f.name for f in fields(state)}.union(getattr(state, "DERIVED", ()))
        unknown = sorted(name for name in {**(changes or {}), **more} if name not in known)
        if unknown:
            raise TypeError(f"{type(state).__name__} has no field {unknown[0]!r}")
    new = _NEW(type(state))
    _SET(new, "__dict__", copied)
    return new


class Chain:
    """An append-only sequence shared between states: ``add`` is O(1) and the old chain
    still reads as it did. Reads like a tuple (len, index, slice, iteration, equality
    with a tuple or another chain).

    Chains made from one another share a list and each knows how much of it is theirs;
    appending to a chain that is not the longest (after an undo) copies its part once."""

    __slots__ = ("_items", "_size")

    def __init__(self, items=()):
        self._items = list(items)
        self._size = len(self._items)

    @classmethod
    def _view(cls, items, size):
        chain = cls.__new__(cls)
        chain._items = items
        chain._size = size
        return chain

    def add(self, item):
        items = self._items
        if len(items) != self._size:
            if items[self._size] == item:
                # The same item added again from the same chain (a command's
                # session.check before its session.do, a redo): share, do not copy.
                return Chain._view(items, self._size + 1)
            items = items[: self._size]
        items.append(item)
        return Chain._view(items, self._size + 1)

    def extend(self, more):
        chain = self
        for item in more:
            chain = chain.add(item)
        return chain

    def set(self, index, item):
        """A chain with the item at ``index`` replaced (a copy: O(n); for the rare
        correction of an old entry, such as a claim struck by a vote)."""
        items = self._items[: self._size]
        items[index] = item
        return Chain._view(items, self._size)

    def __len__(self):
        return self._size

    def __bool__(self):
        return self._size > 0

    def __iter__(self):
        items = self._items
        for index in range(self._size):
            yield items[index]

    def __reversed__(self):
        items = self._items
        for index in range(self._size - 1, -1, -1):
            yield items[index]

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self._items[: self._size][index])
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("chain index out of range")
        return self._items[index]

    def __eq__(self, other):
        if isinstance(other, Chain):
            return self._size == other._size and (
                self._items is other._items or self._items[: self._size] == other._items[: other._size])
        if isinstance(other, (tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self):
        return hash(tuple(self))

    def __add__(self, other):
        return tuple(self) + tuple(other)

    def __repr__(self):
        return f"Chain({list(self)!r})"

    def index(self, item):
        for position, value in enumerate(self):
            if value == item:
                return position
        raise ValueError(f"{item!r} is not in the chain")

    def count(self, item):
        return sum(1 for value in self if value == item)


def set_seat(items, seat, value):
    """``items`` (one entry per seat) with the entry of ``seat`` replaced."""
    return items[:seat] + (value,) + items[seat + 1:]


def update_seat(items, seat, change):
    """``items`` with the entry of ``seat`` replaced by ``change(entry)``."""
    return set_seat(items, seat, change(items[seat]))
