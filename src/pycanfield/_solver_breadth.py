"""The solver's breadth-first search: the shortest wins first.

The depth-first searches of :mod:`pycanfield._solver_search` find the long wins of a
whole deal, but with take-backs they can wander for hundreds of thousands of positions
past a win a dozen moves away (docs/solver.rst, "The breadth-first search"): taking
cards back opens a vast region that they search before the one deep chain of
take-backs a win needs.  A breadth-first search over the same moves finds such a win
within a few hundred positions, and is dropped once it holds ``BREADTH_CAP``
positions, well before its frontier could hold a whole deal's win.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ._solver_core import IMove

if TYPE_CHECKING:
    from ._solver_search import Search

__all__ = ["BREADTH_CAP", "BREADTH_SHARE", "BREADTH_WEIGHT", "Breadth"]

# Each turn the breadth-first search gets these quarters of the main search's budget,
# right after the main search, until it holds ``BREADTH_CAP`` positions (5,000,
# 10,000, 20,000: the fourth turn fills it).
BREADTH_SHARE = 1
BREADTH_CAP = 50_000
# What a position of this search weighs against ``MAX_POSITIONS``, in entries of a
# packed set (about 50 bytes): its key in a ``set``, its whole state (kept to be
# expanded and to write the line out), its parent and its move, 520 to 660 bytes in
# all (docs/solver.rst, "Memory").
BREADTH_WEIGHT = 13.0


class Breadth:
    """A breadth-first search over the engine's moves, resumable like a
    :class:`~pycanfield._solver_probe.Probe`.

    It prunes nothing that the main search keeps (the same successors, one look at a
    table of the same keys), so when it runs out of positions it has searched every
    reachable one and its ``NO_WIN`` is as final as the main search's."""

    # Its turns are cut to the room left (see ``Resumable.bounded``).
    bounded = False

    def __init__(self, search: Search) -> None:
        self.search = search
        root = search.root
        self.seen: set[bytes] = {search.engine.key(root)}
        # Every position entered, in order, with the index of the one it came from and
        # the move that made it: the line is read back from the won one.
        self.states: list[Any] = [root]
        self.parents: list[int] = [-1]
        self.made: list[IMove] = [()]
        # The position being expanded and its successors still to enter.
        self.at = 0
        self.kids: Iterator[tuple[IMove, Any]] = iter(search.engine.ordered(root))

    @property
    def full(self) -> bool:
        """Whether the search holds ``BREADTH_CAP`` positions and should be dropped."""
        return len(self.states) >= BREADTH_CAP

    def size(self) -> int:
        """The room it takes, for the bound on memory (``BREADTH_WEIGHT``)."""
        return int(len(self.states) * BREADTH_WEIGHT)

    def advance(self, budget: int, *, room: int | None = None) -> tuple[bool | None, list[IMove]]:
        """Go on for at most ``budget`` new positions: ``(True, line)`` on a win,
        ``(False, [])`` once every reachable position has been entered, ``(None, [])``
        when the budget, the time, ``BREADTH_CAP`` or ``room`` stopped it."""
        search = self.search
        engine = search.engine
        key, won, ordered = engine.key, engine.won, engine.ordered
        seen, states, parents, made = self.seen, self.states, self.parents, self.made
        deadline = search.deadline
        nodes = 0
        try:
            while True:
                for move, child in self.kids:
                    k = key(child)
                    if k in seen:
                        continue
                    seen.add(k)
                    states.append(child)
                    parents.append(self.at)
                    made.append(move)
                    nodes += 1
                    if sum(child[1]) == 52 and won(child):
                        return True, self._line(len(states) - 1)
                    if nodes >= budget or len(states) >= BREADTH_CAP:
                        return None, []
                    if not nodes & 255:
                        if deadline is not None and time.perf_counter() > deadline:
                            return None, []
                        if room is not None and self.size() > room:
                            return None, []
                self.at += 1
                if self.at == len(states):
                    return False, []
                self.kids = iter(ordered(states[self.at]))
        finally:
            search.nodes += nodes

    def _line(self, end: int) -> list[IMove]:
        """The moves from the root to position ``end``; the search's ``path_states``
        become the positions on the way."""
        line: list[IMove] = []
        path = []
        i = end
        while i > 0:
            line.append(self.made[i])
            path.append(self.states[i])
            i = self.parents[i]
        path.append(self.states[0])
        self.search.path_states = path[::-1]
        return line[::-1]
