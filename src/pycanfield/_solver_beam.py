"""The solver's beam search: wide and shallow where the depth-first searches go deep.

A depth-first search that has gone down a large region without wins stays there until
it is searched through; the shuffled fresh searches try other orders, but each is as
blind as the first.  A beam search keeps, at each depth, only the ``width`` positions
that look furthest on (most cards on the foundations, fewest in the reserve, then the
empty columns, where redeals are limited the fewest cards in the waste, and with no
redeal the fewest cards in the way of their suits), and searches their successors next
(but those that the tests of locked cards find lost).  It prunes without a guarantee,
so it never proves a deal lost; it finds some of the wins that lie far down every
depth-first order (docs/solver.rst, "The beam search").  A beam that runs out of new
positions starts again from the root, ``BEAM_GROWTH`` times as wide, up to
``BEAM_WIDEST``.  With no redeal each depth keeps at most ``BEAM_CAP`` positions of one
rest (the position but its columns): there the columns take thousands of arrangements
with the rest unchanged, and the best positions would be a few rests in many of them.

The solver runs the native beam search (``Beamer`` in ``_native_beam.h``, through
:class:`pycanfield._solver_native.NativeBeam`), which makes the same positions in the
same order; :class:`Beam` is its Python form, the oracle of its tests.
"""

from __future__ import annotations

import heapq
import time
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from ._solver_core import _SUIT, IMove
from ._solver_rules import RulesEngine

if TYPE_CHECKING:
    from ._solver_rules import RState
    from ._solver_search import Search

__all__ = [
    "BEAM_CAP",
    "BEAM_FIRST",
    "BEAM_GROWTH",
    "BEAM_SHARE",
    "BEAM_SHARE_ONE_PASS",
    "BEAM_WEIGHT",
    "BEAM_WIDEST",
    "Beam",
    "beam_cap",
    "beam_share",
    "buried",
    "dead_test",
    "line_of",
    "promise",
    "tangle",
    "tangled",
]

# Each turn the beam search gets these quarters of the Python main search's budget:
# about a ninth of the positions with limited redeals (beside the native main search's
# 96 and the fresh searches' 32), a thirteenth with redeals without end (beside 96 and
# 96), where it wins deals that the family survey left unknown after ten minutes
# (docs/solver.rst, "The beam search").  With one pass through the talon (no redeal) it
# gets BEAM_SHARE_ONE_PASS, as much as the main search, six thirteenths (beside 96 and
# 16): there the wins that the depth-first searches leave unknown take beams 16,000
# wide millions of positions (with the cap on a rest, four to six million for nine of
# the 14 it won of the 43 deals of rainbow's benchmark that solve left unknown at 20
# million), and the fresh searches gave up half of their share; the main search, left
# a smaller part of each turn, proved the same deals lost under a node limit
# (docs/solver-measured.rst, "The beam's share with its cap").  With redeals the fresh
# searches' wins need their share.  Where parts of runs move (no preset), the lean
# search's 48 come beside them.
BEAM_SHARE = 16
BEAM_SHARE_ONE_PASS = 96
# The width of the first beam, how many times wider each next one is, and the widest.
BEAM_FIRST = 1_000
BEAM_GROWTH = 4
BEAM_WIDEST = 64_000
# With no redeal, how many positions of one rest (the position but its columns) a
# beam keeps at each depth: the columns can be arranged in thousands of ways with the
# rest unchanged, and a beam of the best would hold a few rests in many arrangements.
BEAM_CAP = 1
# What a position weighs against ``MAX_POSITIONS``, in entries of a packed set (about
# 50 bytes): the hash of its key in a ``set`` of ints, about 60 to 70 bytes.
BEAM_WEIGHT = 1.5

Children = Callable[["RState"], list[tuple[IMove, "RState"]]]


def beam_share(engine: RulesEngine) -> int:
    """The beam search's share of each turn under ``engine``'s rules, in quarters of the
    Python main search's budget: ``BEAM_SHARE_ONE_PASS`` with no redeal, else
    ``BEAM_SHARE``."""
    return BEAM_SHARE_ONE_PASS if engine.redeals == 0 else BEAM_SHARE


def beam_cap(engine: RulesEngine) -> int:
    """How many positions of one rest a beam keeps at each depth under ``engine``'s
    rules: ``BEAM_CAP`` with no redeal (where the tangles count, :func:`tangled`), else
    0, no limit."""
    return BEAM_CAP if tangled(engine) else 0


def dead_test(engine: RulesEngine) -> Callable[[RState], bool]:
    """Whether the engine's tests of locked cards find a position lost (the native
    module's ``locked``; the test of frozen foundations is left out)."""
    lock = engine.lock
    if lock is None:
        return lambda st: False
    reserve = engine.reserve
    return lambda st: lock.dead(st[0], st[1], reserve[: st[2]], st[3], st[4], st[5])


def promise(st: RState, *, buried: bool, tangles: RulesEngine | None) -> int:
    """How far on a position looks: four points a card on the foundations, less two a
    card in the reserve, one more an empty column, with ``buried`` (a talon that goes
    round a limited number of times) one less a waste card, and with ``tangles`` (the
    engine, for its heights and reserve) one less for each point of :func:`tangle` of
    every pile: the columns, the waste and the reserve."""
    cols, fnd, rlen, talon, pointer, _ = st
    score = 4 * sum(fnd) - 2 * rlen + sum(1 for col in cols if not col)
    if tangles is not None:
        height = tangles.height
        for pile in (*cols, talon[:pointer], tangles.reserve[:rlen]):
            score -= tangle(pile, fnd, height)
    return score - pointer if buried else score


def buried(engine: RulesEngine) -> bool:
    """Whether the beam search's promise counts the waste's cards against a position
    under ``engine``'s rules: where redeals are limited (none included), so that a waste
    card comes round again only a few times, if at all."""
    return engine.redeals is not None


def tangled(engine: RulesEngine) -> bool:
    """Whether the beam search's promise counts the piles' tangles under ``engine``'s
    rules: with no redeal, where beams then win many more of the deals that the other
    searches leave unknown (docs/solver.rst, "The beam search").  Under limited redeals
    they gained no deal of ``rainfall``'s benchmark, and under redeals without end
    ``solve`` then left ``classic``'s ``FXUPVTY`` unknown within the 2,500,000
    positions that it wins it in without them."""
    return engine.redeals == 0


def tangle(pile: bytes, fnd: Sequence[int], height: Sequence[int]) -> int:
    """How much a pile (bottom card first) stands in the foundations' way: one for each
    card that lies above a card of its suit due up before it, and one for each card that
    lies above a card next on its foundation."""
    out = 0
    low = [13, 13, 13, 13]
    top = len(pile) - 1
    for at, card in enumerate(pile):
        suit, h = _SUIT[card], height[card]
        if h > low[suit]:
            out += 1
        else:
            low[suit] = h
        if h == fnd[suit]:
            out += top - at
    return out


class Beam:
    """Beam searches from the root, each wider than the last, resumable like a
    :class:`~pycanfield._solver_probe.Probe`.  Its answers are wins only."""

    # Its turns are cut to the room left (see ``Resumable.bounded``).
    bounded = False

    def __init__(
        self,
        search: Search,
        children: Children,
        *,
        first: int = BEAM_FIRST,
        widest: int = BEAM_WIDEST,
        cap: int | None = None,
    ) -> None:
        if not 1 <= first <= widest:
            raise ValueError(f"a beam's widths must be 1 <= first <= widest, not {first}, {widest}")
        if cap is not None and cap < 0:
            raise ValueError(f"a beam's cap must be >= 0 (0: none), not {cap}")
        engine = search.engine
        if not isinstance(engine, RulesEngine):
            raise TypeError("the beam search plays the rules of a RulesEngine")
        self.search = search
        self.engine = engine
        # The successors of a position in the engine's order, as the native module's
        # ``children`` gives them (without the engine's own tests of dead ends: the beam
        # runs those of locked cards itself).
        self.children = children
        self.buried = buried(engine)
        self.first, self.widest = first, widest
        self.width = first
        self.cap = beam_cap(engine) if cap is None else cap
        # The hashes of the keys the current beam has met.
        self.seen: set[int] = set()
        self.steps: Iterator[tuple[int, list[int] | None]] = self._beams()

    def size(self) -> int:
        """The room it takes, for the bound on memory (``BEAM_WEIGHT``)."""
        return int(len(self.seen) * BEAM_WEIGHT)

    def advance(self, budget: int, *, room: int | None = None) -> tuple[bool | None, list[IMove]]:
        """Go on for about ``budget`` new positions (a position's successors are made
        together): ``(True, line)`` on a win, else ``(None, [])``, also when the time
        or the widest beam's end stopped it.  A beam that outgrows ``room`` starts
        again, no wider."""
        search = self.search
        deadline = search.deadline
        spent = 0
        try:
            for made, won in self.steps:
                spent += made
                if won is not None:
                    self.steps = iter(())
                    self.seen = set()
                    return True, line_of(search, self.children, won)
                if spent >= budget or (deadline is not None and time.perf_counter() > deadline):
                    return None, []
                if room is not None and self.size() > room:
                    self.width = max(self.first, self.width // BEAM_GROWTH)
                    self.seen = set()
                    self.steps = self._beams()
                    return None, []
            return None, []
        finally:
            search.nodes += spent

    def _beams(self) -> Iterator[tuple[int, list[int] | None]]:
        """Each beam in turn: after each position expanded, the new positions made
        and, on a win, the successor's index at each depth from the root."""
        key = self.engine.key
        children = self.children
        tangles = self.engine if tangled(self.engine) else None

        def rank(st: RState) -> int:
            return promise(st, buried=self.buried, tangles=tangles)

        dead = dead_test(self.engine)
        root = self.search.root
        while True:
            seen = self.seen = {hash(key(root))}
            width = self.width
            level: list[RState] = [root]
            # For each depth, each position's parent in the depth above and its index
            # among the parent's successors: the line is made again from these.
            parents: list[array[int]] = []
            picks: list[array[int]] = []
            while level:
                ranked: list[tuple[int, int, int, int, RState]] = []
                for at, st in enumerate(level):
                    made = 0
                    for index, (_, child) in enumerate(children(st)):
                        h = hash(key(child))
                        if h in seen:
                            continue
                        seen.add(h)
                        made += 1
                        if sum(child[1]) == 52:
                            yield made, self._picks(parents, picks, at, index)
                            return
                        if dead(child):
                            continue
                        order = -len(ranked)  # first made first among equals
                        ranked.append((rank(child), order, at, index, child))
                    yield made, None
                kept = self._keep(ranked, width)
                parents.append(array("i", (item[2] for item in kept)))
                picks.append(array("i", (item[3] for item in kept)))
                level = [item[4] for item in kept]
            if self.width >= self.widest:
                self.seen = set()
                return
            self.width = min(self.widest, self.width * BEAM_GROWTH)

    def _keep(
        self, ranked: list[tuple[int, int, int, int, RState]], width: int
    ) -> list[tuple[int, int, int, int, RState]]:
        """The best ``width`` of ``ranked``, best first; with a cap, at most ``cap``
        of one rest (the position but its columns)."""
        if not self.cap:
            return heapq.nlargest(width, ranked)
        kept = []
        count: dict[tuple[object, ...], int] = {}
        for item in sorted(ranked, reverse=True):
            rest = item[4][1:]
            seen = count.get(rest, 0)
            if seen < self.cap:
                count[rest] = seen + 1
                kept.append(item)
                if len(kept) == width:
                    break
        return kept

    @staticmethod
    def _picks(
        parents: list[array[int]], picks: list[array[int]], at: int, index: int
    ) -> list[int]:
        """The successor's index at each depth, from the root to ``index`` of the
        position ``at`` of the deepest level."""
        out = [index]
        for depth in range(len(parents) - 1, -1, -1):
            out.append(picks[depth][at])
            at = parents[depth][at]
        return out[::-1]


def line_of(search: Search, children: Children, picks: list[int]) -> list[IMove]:
    """The moves of the successors' indices ``picks`` from the root of ``search``, each
    as ``children`` lists them; the search's ``path_states`` become the positions on
    the way."""
    st = search.root
    path = [st]
    line: list[IMove] = []
    for index in picks:
        move, st = children(st)[index]
        line.append(move)
        path.append(st)
    search.path_states = path
    return line
