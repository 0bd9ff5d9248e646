"""The solver's search engine, on a compact private representation.

A search state is a plain tuple ``(columns, foundations, reserve_size, talon, pointer)``:

* ``columns``: four :class:`bytes`, each the column's card indices bottom to top;
* ``foundations``: four sizes, indexed by suit (``Suit`` value), not by R8 order;
* ``reserve_size``: the reserve is always the bottom part of the starting reserve, so
  its size says which cards it holds;
* ``talon``: the waste and stock as one sequence in the order the cards are drawn
  (the waste bottom to top, then the stock top to bottom); drawing and recycling never
  change it, they only move ``pointer``, the number of cards on the waste;
* ``pointer``: how many talon cards are on the waste, normalised (see ``_normal``).

Internal moves are small tuples, turned into public :class:`~pycanfield.Move` values by
:mod:`pycanfield._solver`; talon moves name a card, and the draws and recycles that bring
it to the top of the waste are added when the line is written out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any, Protocol

from ._cards import PACK
from ._position import Position

__all__ = ["Engine", "EngineLike", "Search", "State", "progress", "shorten"]

State = tuple[tuple[bytes, ...], tuple[int, ...], int, bytes, int]
IMove = tuple[int, ...]

# Internal move kinds.
RF, RC, TF, TC, CF, CC, FC = range(7)

_SUIT = [c.suit.value for c in PACK]
_RANK = [c.rank.value for c in PACK]
_RED = [c.is_red for c in PACK]
# ACCEPT[top]: the cards that may be placed on ``top`` in a column (R12, R13).
ACCEPT: list[frozenset[int]] = [
    frozenset(
        b.index for b in PACK if b.is_red != a.is_red and (a.rank.value - b.rank.value) % 13 == 1
    )
    for a in PACK
]
# The same two cards as a pair, for unpacking.
ACCEPT2: list[tuple[int, int]] = [(min(accepted), max(accepted)) for accepted in ACCEPT]
_SEP = b"\xff"


def reachable(n: int, p: int, draw: int) -> list[int]:
    """Waste sizes (each >= 1) that drawing and recycling can reach from ``p`` cards on
    the waste of an ``n``-card talon; the waste's top card is then ``talon[q - 1]``."""
    if n == 0:
        return []
    if draw == 1:
        return list(range(n, 0, -1))
    found = set(range(draw, n, draw))
    found.add(n)
    q = p
    while q < n:
        if q:
            found.add(q)
        q += draw
    return sorted(found, reverse=True)


def _normal(p: int, n: int, draw: int) -> int:
    """The canonical pointer: the aligned pointers 0, d, 2d, ..., n reach one another by
    draws and recycles, so they are one state; an unaligned pointer stays as it is."""
    if draw == 1 or p % draw == 0 or p == n:
        return 0
    return p


class EngineLike(Protocol):
    """What a search needs of an engine: this module's, for the standard rules, or
    :class:`~pycanfield._solver_rules.RulesEngine` for any rules."""

    def key(self, st: Any) -> bytes: ...

    def won(self, st: Any) -> bool: ...

    def children(self, st: Any) -> list[tuple[IMove, Any]]: ...

    def ordered(
        self, st: Any, rng: random.Random | None = None, greedy: bool = False
    ) -> list[tuple[IMove, Any]]: ...


# The tables of one search hold at most this many positions, about 1.5 GB, so that a
# search stays within 2 GB; past it the search stops and answers "unknown".
MAX_POSITIONS = 8_000_000
# Each turn, the lean search and the fresh ones get these quarters of the main search's
# budget.
LEAN_SHARE = 6
FRESH_SHARE = 1


class Engine:
    """The rules of one search: the starting reserve, the base rank and the draw mode."""

    def __init__(self, reserve: bytes, base: int, draw: int) -> None:
        self.reserve = reserve
        self.draw = draw
        self.base = base
        self.reach: dict[tuple[int, int], list[int]] = {}
        # HEIGHT[c]: the place of card c in its foundation (0 = base rank).
        self.height = [(_RANK[c] - base) % 13 for c in range(52)]
        self.accept = ACCEPT
        # NEXT[suit][size]: the card a foundation of that suit takes at that size.
        self.next = [[s * 13 + (base - 1 + z) % 13 for z in range(13)] + [-1] for s in range(4)]

    # -- conversion ---------------------------------------------------------------

    @classmethod
    def from_position(cls, pos: Position, draw: int) -> tuple[Engine, State]:
        reserve = bytes(c.index for c in pos.reserve)
        engine = cls(reserve, pos.base_rank.value, draw)
        fnd = [0, 0, 0, 0]
        for f in pos.foundations:
            fnd[f.suit.value] = f.size
        talon = bytes([c.index for c in pos.waste] + [c.index for c in reversed(pos.stock)])
        p = _normal(len(pos.waste), len(talon), draw)
        cols = tuple(bytes(c.index for c in col) for col in pos.columns)
        return engine, (cols, tuple(fnd), len(reserve), talon, p)

    # -- the rules ------------------------------------------------------------------

    @staticmethod
    def key(st: State) -> bytes:
        """The transposition key: columns sorted (they are interchangeable), the reserve
        size, the pointer and the talon.  The foundations follow from the rest."""
        return _SEP.join(sorted(st[0])) + bytes((st[2], st[4])) + st[3]

    @staticmethod
    def won(st: State) -> bool:
        return sum(st[1]) == 52

    def children(self, st: State) -> list[tuple[IMove, State]]:
        """Every successor of ``st`` under the talon macro-moves, in search order."""
        cols, fnd, rlen, talon, p = st
        nxt, draw, reserve = self.next, self.draw, self.reserve
        out: list[tuple[IMove, State]] = []
        add = out.append
        n = len(talon)
        # The talon cards that drawing and recycling can bring to the top of the waste.
        qs = self.reach.get((n, p))
        if qs is None:
            qs = self.reach[(n, p)] = reachable(n, p, draw)
        where = {talon[q - 1]: q for q in qs}
        rtop = reserve[rlen - 1] if rlen else -1
        tops = [c[-1] if c else -1 for c in cols]
        # Empty columns take cards only when the reserve is empty (R16, R17).  Moves to
        # two empty columns give the same position up to the column order, so only the
        # first empty column is offered as a target.
        first_empty = tops.index(-1) if rlen == 0 and -1 in tops else -1
        wanted = [nxt[s][fnd[s]] for s in range(4)]

        # 1. Cards to the foundations: reserve, columns, talon.
        if rtop >= 0 and wanted[_SUIT[rtop]] == rtop:
            f = list(fnd)
            f[_SUIT[rtop]] += 1
            add(((RF,), (cols, tuple(f), rlen - 1, talon, p)))
        for i in range(4):
            top = tops[i]
            if top >= 0 and wanted[_SUIT[top]] == top:
                col = cols[i][:-1]
                r = rlen
                if not col and r:
                    col = reserve[r - 1 : r]
                    r -= 1
                c = list(cols)
                c[i] = col
                f = list(fnd)
                f[_SUIT[top]] += 1
                add(((CF, i), (tuple(c), tuple(f), r, talon, p)))
        if where:
            for s in range(4):
                q = where.get(wanted[s], 0)
                if q:
                    f = list(fnd)
                    f[s] += 1
                    add(
                        (
                            (TF, wanted[s]),
                            (
                                cols,
                                tuple(f),
                                rlen,
                                talon[: q - 1] + talon[q:],
                                _normal(q - 1, n - 1, draw),
                            ),
                        )
                    )

        # 2. The reserve's top to a column.
        if rtop >= 0:
            one = bytes((rtop,))
            for i in range(4):
                top = tops[i]
                if top >= 0 and rtop in ACCEPT[top]:
                    c = list(cols)
                    c[i] = cols[i] + one
                    add(((RC, i), (tuple(c), fnd, rlen - 1, talon, p)))

        # 3. Runs between columns (R14).  Any tail of a column's run may move; find,
        # for each target's top, the run cards that fit it.
        runs: dict[int, tuple[int, int]] = {}  # run card -> (column, index in it)
        bottoms = [0, 0, 0, 0]  # where each column's run starts
        for s in range(4):
            col = cols[s]
            k = len(col) - 1
            if k < 0:
                continue
            runs[col[k]] = (s, k)
            while k > 0 and col[k] in ACCEPT[col[k - 1]]:
                k -= 1
                runs[col[k]] = (s, k)
            bottoms[s] = k
        for t in range(4):
            top = tops[t]
            if top >= 0:
                found = [runs[a] for a in ACCEPT2[top] if a in runs]
                if not found:
                    continue
            elif t == first_empty:
                # Any tail but a whole column (R14: that would change nothing).
                found = [
                    (s, start)
                    for s in range(4)
                    if cols[s]
                    for start in range(max(bottoms[s], 1), len(cols[s]))
                ]
            else:
                continue
            for s, start in found:
                if s == t:
                    continue
                col = cols[s]
                c = list(cols)
                c[t] = cols[t] + col[start:]
                rest = col[:start]
                r = rlen
                if not rest and r:
                    rest = reserve[r - 1 : r]
                    r -= 1
                c[s] = rest
                add(((CC, s, t, len(col) - start), (tuple(c), fnd, r, talon, p)))

        # 4. Talon cards to columns.
        if where:
            for i in range(4):
                top = tops[i]
                if top >= 0:
                    cards = [a for a in ACCEPT[top] if a in where]
                elif i == first_empty:
                    cards = list(where)
                else:
                    continue
                for a in cards:
                    q = where[a]
                    c = list(cols)
                    c[i] = cols[i] + bytes((a,))
                    add(
                        (
                            (TC, a, i),
                            (
                                tuple(c),
                                fnd,
                                rlen,
                                talon[: q - 1] + talon[q:],
                                _normal(q - 1, n - 1, draw),
                            ),
                        )
                    )

        # 5. Take-backs from the foundations (R22).
        for s in range(4):
            z = fnd[s]
            if not z:
                continue
            card = nxt[s][z - 1]
            for i in range(4):
                top = tops[i]
                if (top >= 0 and card in ACCEPT[top]) or i == first_empty:
                    f = list(fnd)
                    f[s] -= 1
                    c = list(cols)
                    c[i] = cols[i] + bytes((card,))
                    add(((FC, s, i), (tuple(c), tuple(f), rlen, talon, p)))
        return out

    def ordered(
        self, st: State, rng: random.Random | None = None, greedy: bool = False
    ) -> list[tuple[IMove, State]]:
        """The successors, most promising first; ``rng`` shuffles each class.

        ``greedy`` prunes, with no guarantee: it plays a foundation move at once when
        both cards that could go on the card are on the foundations, and it never
        takes a card back from a foundation.  Only wins found that way are used."""
        kids = self.children(st)
        cols, fnd0, rlen, _, _ = st
        if greedy:
            height = self.height
            for item in kids:
                kind = item[0][0]
                if kind in (RF, CF, TF):
                    card = (
                        self.reserve[rlen - 1]
                        if kind == RF
                        else cols[item[0][1]][-1]
                        if kind == CF
                        else item[0][1]
                    )
                    h = height[card]
                    red = _RED[card]
                    if h <= 1 or all(fnd0[t] >= h for t in range(4) if _RED[t * 13] != red):
                        return [item]
            kids = [item for item in kids if item[0][0] != FC]
        nxt = self.next
        reserve = self.reserve
        rtop = reserve[rlen - 1] if rlen else -1
        buckets: list[list[tuple[IMove, State]]] = [[], [], [], [], [], [], []]
        for item in kids:
            m, child = item
            kind = m[0]
            if kind in (RF, CF, TF):
                b = 0
            elif kind == RC:
                b = 1
            elif kind == CC:
                if child[2] < rlen:
                    b = 1
                else:
                    src = child[0][m[1]]
                    top = src[-1] if src else -1
                    fnd = child[1]
                    if top >= 0 and (
                        nxt[_SUIT[top]][fnd[_SUIT[top]]] == top or rtop in ACCEPT[top]
                    ):
                        b = 2
                    elif (
                        not src
                        or src[-1] != cols[m[1]][-m[3] - 1]
                        or (cols[m[1]][-m[3]] not in ACCEPT[src[-1]])
                    ):
                        b = 3
                    else:
                        b = 5
            elif kind == TC:
                b = 4
            else:
                b = 6
            buckets[b].append(item)
        if rng is not None:
            for bucket in buckets:
                rng.shuffle(bucket)
        return [x for b in buckets for x in b]


class Search:
    """The whole search: depth-first searches taking turns (docs/solver.rst).

    The main search (complete, resumed at each turn) can prove a deal lost, and so can
    a shuffled fresh search that prunes nothing; the lean search (resumed too) and the
    greedy fresh searches prune without a guarantee and only ever contribute wins.
    """

    def __init__(
        self,
        engine: EngineLike,
        root: Any,
        *,
        node_limit: int | None,
        time_limit: float | None,
        max_positions: int = MAX_POSITIONS,
    ) -> None:
        self.engine = engine
        self.root = root
        self.node_limit = node_limit
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.nodes = 0
        self.first_budget = 20_000
        # The unit of the fresh searches' budgets.
        self.restart = 1_000
        self.best: tuple[tuple[int, int, int], list[IMove]] = ((0, 0, 0), [])
        self.path_states: list[Any] = []
        self.max_positions = max_positions
        # Whole runs never sit on a card that holds them: nothing to leave out then.
        self.lean = getattr(engine, "runs", "any") != "whole"

    def run(self) -> tuple[bool | None, list[IMove]]:
        """``(True, line)`` on a win, ``(False, [])`` when a complete search has
        searched every reachable state, ``(None, [])`` when a limit stopped it."""
        self.best = (progress(self.root), [])
        if self.engine.won(self.root):
            self.path_states = [self.root]
            return True, []
        budget = self.first_budget
        complete = Probe(self, None, False)
        # The lean search never shuffles a run between columns: no proof, but a far
        # smaller tree, in which most wins lie.
        lean = Probe(self, None, False, lean=True) if self.lean else None
        # Fresh searches are short and many: a win missed by one order is often found
        # within a few thousand positions by another, so their budgets follow the
        # Luby sequence (1, 1, 2, 1, 1, 2, 4, ... times ``restart``) instead of growing
        # with the complete search's.
        luby = _luby()
        fresh = 0
        while True:
            # Each turn: the complete search and the lean one for ``budget`` positions
            # each, then fresh ones for half as many in all.  The live tables share
            # ``max_positions``; the complete and the lean search may each take half of
            # the room left, a fresh search (whose table then goes) all of it.
            for probe, share in ((complete, budget), (lean, budget * LEAN_SHARE // 4)):
                if probe is None:
                    continue
                step = self._step(share, complete, lean, 2)
                if step <= 0:
                    if probe is complete:
                        return None, []
                    lean = None  # its table gives way to the complete search's
                    continue
                found, line = probe.advance(step)
                if found or (found is False and probe is complete):
                    return found, line
                if found is False:
                    lean = None  # the lean tree is searched, which proves nothing
                if self._stopped():
                    return None, []
            share, spent = budget * FRESH_SHARE // 4, 0
            while spent < share:
                step = min(next(luby) * self.restart, share - spent)
                spent += step
                fresh += 1
                step = self._step(step, complete, lean, 1)
                if step <= 0:
                    break
                rng = None if fresh == 1 else random.Random(fresh)
                probe = Probe(self, rng, fresh % 2 == 1, lean=self.lean)
                found, line = probe.advance(step)
                # A fresh search that prunes nothing and finds nothing is a proof too.
                if found or (found is False and not (probe.greedy or probe.lean)):
                    return found, line
                if self._stopped():
                    return None, []
            budget *= 2

    def _step(self, step: int, complete: Probe, lean: Probe | None, part: int) -> int:
        """``step``, cut to the node limit and to a ``part``-th of the tables' room."""
        if self.node_limit is not None:
            step = min(step, self.node_limit - self.nodes)
        used = len(complete.seen) + (len(lean.seen) if lean is not None else 0)
        return min(step, (self.max_positions - used) // part)

    def _stopped(self) -> bool:
        return (self.node_limit is not None and self.nodes >= self.node_limit) or (
            self.deadline is not None and time.perf_counter() > self.deadline
        )


def _luby() -> Iterator[int]:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ..."""
    i = 1
    while True:
        k = i.bit_length()
        j = i
        while j != (1 << k) - 1:
            j -= (1 << (k - 1)) - 1
            k = j.bit_length()
        yield 1 << (k - 1)
        i += 1


class Probe:
    """One depth-first search with its own table, that can be resumed."""

    def __init__(
        self, search: Search, rng: random.Random | None, greedy: bool, *, lean: bool = False
    ) -> None:
        self.search = search
        self.rng = rng
        self.greedy = greedy
        self.lean = lean
        engine = search.engine
        root = search.root
        self.seen: set[bytes] = {engine.key(root)}
        self.stack: list[Iterator[tuple[IMove, Any]]] = [iter(self.moves(root))]
        self.states: list[Any] = [root]
        self.path: list[IMove] = []

    def moves(self, st: Any) -> list[tuple[IMove, Any]]:
        kids = self.search.engine.ordered(st, self.rng, self.greedy)
        return unshuffled(self.search.engine, st, kids) if self.lean else kids

    def advance(self, budget: int) -> tuple[bool | None, list[IMove]]:
        """Go on for at most ``budget`` positions: ``(True, line)`` on a win, ``(False,
        [])`` once every position it allows has been searched (a proof only if it
        prunes nothing), ``(None, [])`` when the budget or the time ran out."""
        search = self.search
        engine = search.engine
        seen, stack, states, path = self.seen, self.stack, self.states, self.path
        key = engine.key
        won = engine.won
        moves = self.moves
        nodes = 0
        deadline = search.deadline
        best = search.best[0]
        try:
            while stack:
                for move, child in stack[-1]:
                    k = key(child)
                    if k in seen:
                        continue
                    seen.add(k)
                    nodes += 1
                    path.append(move)
                    states.append(child)
                    if won(child):
                        search.path_states = states
                        return True, path
                    score = progress(child)
                    if score > best:
                        best = score
                        search.best = (score, path[:1])
                    stack.append(iter(moves(child)))
                    if nodes >= budget or (
                        deadline is not None and not nodes & 255 and time.perf_counter() > deadline
                    ):
                        return None, []
                    break
                else:
                    stack.pop()
                    states.pop()
                    if path:
                        path.pop()
            return False, []
        finally:
            search.nodes += nodes


def unshuffled(engine: Any, st: Any, kids: list[tuple[IMove, Any]]) -> list[tuple[IMove, Any]]:
    """``kids`` without the moves that only shuffle a run between columns: part of a
    run moved off a card that holds it, when the card it leaves on top can neither go
    up nor take the reserve's top.  Such a move changes which of two cards of a rank
    and colour is on top, and is sometimes needed: the lean search drops it anyway."""
    cols, fnd, rlen = st[0], st[1], st[2]
    accept, nxt = engine.accept, engine.next
    rtop = engine.reserve[rlen - 1] if rlen else -1
    out = []
    for item in kids:
        m = item[0]
        if m[0] == CC:
            col = cols[m[1]]
            k = len(col) - m[3]
            if k > 0:
                under = col[k - 1]
                if (
                    col[k] in accept[under]
                    and nxt[_SUIT[under]][fnd[_SUIT[under]]] != under
                    and not (rtop >= 0 and rtop in accept[under])
                ):
                    continue
        out.append(item)
    return out


def progress(st: Any) -> tuple[int, int, int]:
    """How far a state has come: cards on the foundations, then the fewest cards in
    the reserve, then in the talon.  Used to choose a hint when no win is known."""
    return (sum(st[1]), -st[2], -len(st[3]))


def shorten(engine: EngineLike, states: list[Any], line: list[IMove]) -> list[IMove]:
    """Cut detours out of a winning line: from each state on it, jump to the latest
    later state on the line that one move reaches exactly (same column order)."""
    index = {st: i for i, st in enumerate(states)}
    out: list[IMove] = []
    i = 0
    last = len(states) - 1
    while i < last:
        j, move = i + 1, line[i]
        for m, child in engine.children(states[i]):
            k = index.get(child)
            if k is not None and k > j:
                j, move = k, m
        out.append(move)
        i = j
    return out
