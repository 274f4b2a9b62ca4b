"""The states a session can go back to, kept in linear memory (issue 9 item 3).

Keeping every state of the fold made undo a pop, but it cost memory and time with the
square of the journal wherever a state holds something that grows. A :class:`History`
keeps one state in every ``every`` (a snapshot) and the states since the last snapshot;
any other state is the fold again from the snapshot at or before it: at most
``every - 1`` actions, since the rules are pure. So resuming is one pass, memory is
``n / every`` snapshots plus ``every`` recent states, and an undo into an earlier block
replays less than one block.

It reads like the list of states it replaces (``len``, ``[i]``, ``[-1]``, iteration) and
``[-1] = state`` still swaps the current state (tests set up positions that way).
Reading the states in order, as the chart, the log and the stats do, advances from the
last state read instead of going back to a snapshot each time.
"""

from collections.abc import Sequence

EVERY = 64  # a snapshot every 64 states: an undo replays at most 63 actions


class History:
    """State 0 (before the first action) to state n-1 (now) of a fold of ``action(i)``."""

    def __init__(self, initial, apply, action, every=None):
        self._apply = apply  # (state, action) -> state: the game's pure rules
        self._action = action  # i -> the action that made state i (1-based)
        self.every = every or EVERY
        self._snapshots = [initial]  # state j * every, for each j up to the base
        self._recent = [initial]  # the states from the base (= _snapshots[-1]) on
        self._cursor = ()  # (index, state) of the last three states read from before the base

    # -- growing and going back -------------------------------------------------

    def append(self, state):
        if len(self._recent) == self.every:
            self._snapshots.append(state)
            self._recent = [state]
        else:
            self._recent.append(state)

    def truncate(self, length):
        """Keep states 0 .. length - 1 (length >= 1): what undo leaves."""
        if not 1 <= length <= len(self):
            raise IndexError(f"cannot keep {length} of {len(self)} states")
        last = length - 1
        base = self._base()
        if last >= base:
            del self._recent[last - base + 1:]
        else:
            block = last // self.every
            del self._snapshots[block + 1:]
            self._recent = self._fold(self._snapshots[-1], block * self.every, last)
        self._cursor = tuple(pair for pair in self._cursor if pair[0] <= last)

    # -- reading ----------------------------------------------------------------

    def __len__(self):
        return self._base() + len(self._recent)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = self._index(index)
        base = self._base()
        if index >= base:
            return self._recent[index - base]
        for known, state in self._cursor:
            if known == index:
                self._cursor = tuple(p for p in self._cursor if p[0] != index) + ((index, state),)
                return state
        start = index - index % self.every
        state = self._snapshots[index // self.every]
        for known, held in self._cursor:
            if start < known < index:
                start, state = known, held
        for number in range(start + 1, index + 1):
            state = self._apply(state, self._action(number))
        self._cursor = self._cursor[-2:] + ((index, state),)  # the last three read
        return state

    def __setitem__(self, index, state):
        """Swap a recent state (the current one, in practice) for another."""
        index = self._index(index)
        base = self._base()
        if index < base:
            raise IndexError("only the states since the last snapshot can be swapped")
        self._recent[index - base] = state
        if index == base:
            self._snapshots[-1] = state

    def __iter__(self):
        """Every state, oldest first: one pass of the fold, a snapshot at each block."""
        for block, snapshot in enumerate(self._snapshots[:-1]):
            state = snapshot
            yield state
            first = block * self.every
            for number in range(first + 1, first + self.every):
                state = self._apply(state, self._action(number))
                yield state
        yield from list(self._recent)

    @property
    def now(self):
        """The current state (the last one)."""
        return self._recent[-1]

    def view(self):
        """A read-only sequence of the states as they stand (for views of the whole game)."""
        return States(self)

    @property
    def kept(self):
        """How many states are held in memory (snapshots and recent ones): O(n / every + every)."""
        return len(self._snapshots) + len(self._recent) - 1

    # -- internals --------------------------------------------------------------

    def _base(self):
        return (len(self._snapshots) - 1) * self.every

    def _index(self, index):
        length = len(self)
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("no such state")
        return index

    def _fold(self, state, first, last):
        """States first .. last, ``state`` being state ``first``."""
        states = [state]
        for number in range(first + 1, last + 1):
            state = self._apply(state, self._action(number))
            states.append(state)
        return states


class States(Sequence):
    """The states of a session as a sequence, computed from its history as they are read.
    Read it before the game changes again (as the views do): it follows the history."""

    def __init__(self, history):
        self._history = history

    def __len__(self):
        return len(self._history)

    def __getitem__(self, index):
        return self._history[index]

    def __iter__(self):
        return iter(self._history)

    def __reversed__(self):
        history = self._history
        for index in range(len(history) - 1, -1, -1):
            yield history[index]

    def __repr__(self):
        return f"<{len(self)} states>"
