"""The solver's depth-first search: one search with its own table, resumed turn by turn.

A :class:`Probe` searches an engine's successors depth first, enters each position it
reaches in its table (a ``set`` of keys, or with talon pointers a ``dict`` of marks,
each spilled into a packed form when it grows large) and keeps its path, so that the
:class:`~pycanfield._solver_search.Search` can resume it with a new budget each turn
(docs/solver.rst, "How the search works", "Memory").  The lean search is a probe, and
so are the main and fresh searches where the native search does not play, each with
its own order and pruning.
"""

from __future__ import annotations

import operator
import random
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from . import _solver_table
from ._solver_core import TC, TF, IMove
from ._solver_pointers import Pointers
from ._solver_table import PackedMap, PackedSet, slots_for

if TYPE_CHECKING:
    from ._solver_search import Search

__all__ = [
    "Probe",
    "progress",
    "talon_up_late",
]

# What an entry of each form of a table weighs against ``_solver_search.MAX_POSITIONS``,
# in entries of a packed set (docs/solver.rst, "Memory"): a key in a ``set``, one in
# the pointer table's ``dict``, one in its packed form.
SET_WEIGHT = 2.5
DICT_WEIGHT = 3.0
MAP_WEIGHT = 1.6
# Moving an entry, when a table spills into its packed form or doubles its index,
# takes at most about this share of the time a search gives a position (0.8 to 1.3
# microseconds against 13 to 33, docs/solver.rst, "Memory"): with a time limit, a
# search stops rather than start a pass it could not finish in time.
GROWTH_SHARE = 1 / 10
# The steps of a search's path hold their successors, to be searched on the way back;
# once the path is more than ``2 * KEEP_STEPS`` steps past its last squeezed step, all
# but the last ``KEEP_STEPS`` keep only how many successors are left, and make them
# again on the way back (``Probe.squeeze``).  A squeezed step, with its state and its
# move, weighs ``STEP_WEIGHT`` entries of a packed set against
# ``_solver_search.MAX_POSITIONS`` (docs/solver.rst, "Memory").
KEEP_STEPS = 1024
STEP_WEIGHT = 6.0


class Probe:
    """One depth-first search with its own table, that can be resumed."""

    # Its turns are cut to the room left (see ``Resumable.bounded``).
    bounded = False

    def __init__(
        self,
        search: Search,
        rng: random.Random | None,
        greedy: bool,
        *,
        lean: bool = False,
        late: bool = False,
    ) -> None:
        self.search = search
        self.rng = rng
        self.greedy = greedy
        self.lean = lean
        # Whether the talon cards go to the foundations after those to the columns.
        self.late = late
        # None when this search postpones nothing, else whether it postpones every move
        # between non-empty columns (see ``postponed``).
        self.every = (
            None if lean or greedy or search.postpone == "none" else search.postpone == "all"
        )
        if self.every is not None:
            from ._solver_postpone import postponed

            self.postponed = postponed
        engine = search.engine
        root = search.root
        # The table: the keys of the positions seen, or with the engine's ``pointers``
        # (not with postponement) ``marks``, the key of each position seen but for its
        # pointer, with the pointers seen (see ``advance``).
        self.pointers: Pointers | None = (
            getattr(engine, "pointers", None) if self.every is None else None
        )
        self.seen: set[bytes] = set()
        self.marks: dict[bytes, int] = {}
        # Past ``SPILL`` positions the table moves to its packed form (``spill``).
        self.packed: PackedSet | None = None
        self.packed_marks: PackedMap | None = None
        if self.pointers is None:
            self.seen.add(engine.key(root))
        else:
            self.marks[self.pointers.key(root)] = self.pointers.bit[root[4]]
        # Per step of the path, an iterator over the successors left to search, or
        # below ``squeezed`` (and only with no ``rng``, whose order could not be made
        # again) their number (see ``squeeze``).
        self.stack: list[Iterator[tuple[IMove, Any]] | int] = [iter(self.moves(root))]
        # A test of the positions to pass over (a fresh search's, see
        # ``Search._finished_test``), and how many it passed over: a search that passed
        # over any proves nothing by running out.
        self.finished: Callable[[bytes, int], bool] | None = None
        self.passed = 0
        self.squeezed = 0
        self.states: list[Any] = [root]
        self.path: list[IMove] = []

    def size(self) -> int:
        """The room the table and the path take, for the bound on memory, in entries of
        a packed set: an entry of ``seen`` counts as ``SET_WEIGHT`` of them, one of
        ``marks`` as ``DICT_WEIGHT``, one of the packed map as ``MAP_WEIGHT``, a step
        of the path as ``STEP_WEIGHT`` (docs/solver.rst, "Memory")."""
        size = len(self.seen) * SET_WEIGHT + len(self.marks) * DICT_WEIGHT
        size += len(self.states) * STEP_WEIGHT
        if self.packed is not None:
            size += len(self.packed)
        if self.packed_marks is not None:
            size += len(self.packed_marks) * MAP_WEIGHT
        return int(size)

    @property
    def table_key(self) -> Callable[[Any], bytes]:
        """The key under which the table enters a position (:meth:`holds` takes it):
        the engine's, or with ``pointers`` the key but for the pointer."""
        return self.search.engine.key if self.pointers is None else self.pointers.key

    def holds(self, k: bytes, p: int) -> bool:
        """Whether the table holds the position of key ``k`` and talon pointer ``p``
        (with the engine's ``pointers``, ``k`` is its key but for the pointer): entered
        there, or with ``pointers`` reached by draws from a pointer entered there."""
        if self.pointers is None:
            return k in self.seen or (self.packed is not None and k in self.packed)
        marks = self.marks if self.packed_marks is None else self.packed_marks
        mark = marks.get(k)
        return mark is not None and bool(mark & self.pointers.hit[p])

    def spill(self) -> None:
        """Move the table into its packed form: from here on the search enters
        positions there (see ``advance``)."""
        if self.pointers is None:
            packed = self.packed = PackedSet(slots_for(len(self.seen)))
            add, pop = packed.add, self.seen.pop
            # Popped keys are freed as they go in: the two forms do not both hold all.
            for _ in range(len(self.seen)):
                add(pop())
            self.seen = set()
        else:
            marks = self.packed_marks = PackedMap(slots_for(len(self.marks)))
            get_or_add, popitem = marks.get_or_add, self.marks.popitem
            for _ in range(len(self.marks)):
                get_or_add(*popitem())
            self.marks = {}

    def _growth(self) -> int:
        """The entries that the table's next spill or doubling moves, when one of the
        next 256 positions may set it off; else 0."""
        if self.pointers is None:
            if self.packed is None:
                n = len(self.seen)
                return n if n + 256 >= _solver_table.SPILL else 0
            n, at = len(self.packed), self.packed.grows_at()
        else:
            if self.packed_marks is None:
                n = len(self.marks)
                return n if n + 256 >= _solver_table.SPILL else 0
            n, at = len(self.packed_marks), self.packed_marks.grows_at()
        return n if n + 256 > at else 0

    def _late(self, deadline: float, nodes: int) -> bool:
        """Whether to stop for the time limit, looked at every 256 positions: past the
        deadline, or before a pass over the table (``_growth``) that would end past it
        at the search's pace so far (``GROWTH_SHARE``)."""
        now = time.perf_counter()
        if now > deadline:
            return True
        moved = self._growth()
        if not moved:
            return False
        search = self.search
        per_position = (now - search.started) / max(1, search.nodes + nodes)
        if now + moved * per_position * GROWTH_SHARE <= deadline:
            return False
        # The whole search ends here: another turn would start the same pass.
        search.deadline = now
        return True

    def squeeze(self) -> None:
        """Keep, for every step of the path but the last ``KEEP_STEPS``, only how many
        of its successors are left: their states, many to a step, are most of a deep
        path's memory (docs/solver.rst, "Memory")."""
        stack = self.stack
        end = len(stack) - KEEP_STEPS
        for i in range(self.squeezed, end):
            left = stack[i]
            assert not isinstance(left, int)
            stack[i] = operator.length_hint(left)
        self.squeezed = max(self.squeezed, end)

    def _squeeze_at(self) -> int:
        """The length of the path past which ``squeeze`` runs next; -1 for never, as
        with an ``rng`` the successors could not be made again in their order."""
        return -1 if self.rng is not None else self.squeezed + 2 * KEEP_STEPS

    def unsqueeze(self) -> None:
        """Make the successors of the path's last step again, when it was squeezed:
        ``moves`` makes them in the same order, as a probe with no ``rng`` orders
        them by its state alone."""
        left = self.stack[-1]
        assert isinstance(left, int)
        kids = self.moves(self.states[-1])
        self.stack[-1] = iter(kids[len(kids) - left :])
        self.squeezed = len(self.stack) - 1

    def moves(self, st: Any) -> list[tuple[IMove, Any]]:
        kids = self.search.engine.ordered(st, self.rng, self.greedy, self.lean)
        if self.late:
            kids = talon_up_late(kids)
        if self.every is None:
            return kids
        return self.postponed(self.search.engine, st, kids, self.rng, every=self.every)

    def advance(self, budget: int, *, room: int | None = None) -> tuple[bool | None, list[IMove]]:
        """Go on for at most ``budget`` positions: ``(True, line)`` on a win, ``(False,
        [])`` once every position it allows has been searched (a proof only if it
        prunes nothing), ``(None, [])`` when the budget or the time ran out, or when
        the table and the path take more than ``room`` (see ``size``)."""
        search = self.search
        engine = search.engine
        seen, stack, states, path = self.seen, self.stack, self.states, self.path
        key = engine.key
        won = engine.won
        moves = self.moves
        # Without postponement ``moves`` is the engine's order (reordered for the lean
        # search): made here directly.
        ordered = None if self.every is not None else engine.ordered
        late = self.late
        rng, greedy, lean = self.rng, self.greedy, self.lean
        # A position that one already seen reaches by draws alone is skipped
        # (docs/solver.rst, "Talon pointers that draws reach"): one look at ``marks``
        # says whether its pointer, or one whose draws reach it, was seen.
        pointers, marks = self.pointers, self.marks
        if pointers is not None:
            bare, bit, hit = pointers.key, pointers.bit, pointers.hit
        # Once the table is packed (``spill``), positions are entered there.
        spill = _solver_table.SPILL
        add = None if self.packed is None else self.packed.add
        get_or_add = set_last = None
        if self.packed_marks is not None:
            get_or_add, set_last = self.packed_marks.get_or_add, self.packed_marks.set_last
        nodes = skipped = passed = 0
        finished = self.finished
        # Past this many steps of the path, its older steps are squeezed (``squeeze``).
        squeeze_at = self._squeeze_at()
        deadline = search.deadline
        # A turn that ended just short of a pass over the table would start it before
        # its first look at the clock.
        if deadline is not None and self._late(deadline, 0):
            return None, []
        best = search.best[0]
        try:
            while stack:
                for move, child in stack[-1]:  # type: ignore[union-attr]
                    if pointers is None:
                        k = key(child)
                        if add is not None:
                            if not add(k):
                                continue
                        elif k in seen:
                            continue
                        else:
                            seen.add(k)
                            if len(seen) >= spill:
                                self.spill()
                                seen = self.seen
                                add = self.packed.add  # type: ignore[union-attr]
                    else:
                        k = bare(child)
                        if get_or_add is not None:
                            # The same steps as with ``marks`` below, in one look:
                            # a new key is entered with its bit at once.
                            got = get_or_add(k, bit[child[4]])
                            if got >= 0:
                                if got & hit[child[4]]:
                                    if not got & bit[child[4]]:
                                        skipped += 1
                                    continue
                                set_last(got | bit[child[4]])  # type: ignore[misc]
                        else:
                            mark = marks.get(k)
                            if mark is None:
                                marks[k] = bit[child[4]]
                                if len(marks) >= spill:
                                    self.spill()
                                    marks = self.marks
                                    packed_marks = self.packed_marks
                                    assert packed_marks is not None
                                    get_or_add = packed_marks.get_or_add
                                    set_last = packed_marks.set_last
                            elif mark & hit[child[4]]:
                                if not mark & bit[child[4]]:
                                    skipped += 1
                                continue
                            else:
                                marks[k] = mark | bit[child[4]]
                    if finished is not None and finished(k, child[4]):
                        passed += 1
                        continue
                    nodes += 1
                    path.append(move)
                    states.append(child)
                    # ``progress``, made only when it can beat the best so far.
                    done = sum(child[1])
                    if done == 52 and won(child):
                        search.path_states = states
                        return True, path
                    if done >= best[0]:
                        score = (done, -child[2], -len(child[3]))
                        if score > best:
                            best = score
                            search.best = (score, path[:1])
                    if ordered is None:
                        stack.append(iter(moves(child)))
                    elif late:
                        stack.append(iter(talon_up_late(ordered(child, rng, greedy, lean))))
                    else:
                        stack.append(iter(ordered(child, rng, greedy, lean)))
                    if nodes >= budget:
                        return None, []
                    if not nodes & 255:
                        if 0 <= squeeze_at < len(stack):
                            self.squeeze()
                            squeeze_at = self._squeeze_at()
                        if deadline is not None and self._late(deadline, nodes):
                            return None, []
                        if room is not None and self.size() > room:
                            return None, []
                    break
                else:
                    stack.pop()
                    states.pop()
                    if path:
                        path.pop()
                    if len(stack) == self.squeezed and stack:
                        self.unsqueeze()
                        squeeze_at = self._squeeze_at()
            return False, []
        finally:
            search.nodes += nodes
            search.skipped += skipped
            self.passed += passed


def talon_up_late(kids: list[tuple[IMove, Any]]) -> list[tuple[IMove, Any]]:
    """``kids`` with the talon cards to the foundations moved right after the talon
    cards to the columns (first when there are none of those), the other moves in
    their order: the lean search's order.

    Under draw 3 taking a card out of the talon shifts the cards after it, so which
    cards drawing can reach changes; playing a talon card up at once can leave out of
    reach the cards a win needs, and a card placed on a column first keeps the talon
    as it was for the card still to go up.

    >>> kids = [((TF, 51), "up"), ((TC, 46, 0), "down"), ((6, 2, 0), "back")]
    >>> [move for move, _ in talon_up_late(kids)]
    [(3, 46, 0), (2, 51), (6, 2, 0)]
    """
    for item in kids:
        if item[0][0] == TF:
            break
    else:
        return kids  # most positions: no talon card can go up
    late = [item for item in kids if item[0][0] == TF]
    rest = [item for item in kids if item[0][0] != TF]
    at = len(rest)
    while at and rest[at - 1][0][0] != TC:
        at -= 1
    return [*rest[:at], *late, *rest[at:]]


def progress(st: Any) -> tuple[int, int, int]:
    """How far a state has come: cards on the foundations, then the fewest cards in
    the reserve, then in the talon.  Used to choose a hint when no win is known."""
    return (sum(st[1]), -st[2], -len(st[3]))
