"""The solver's search engine for any :class:`~pycanfield.Rules`.

The same compact representation as :mod:`pycanfield._solver_core` (whose engine the
standard rules keep, as their hot path), with one more field: a search state is
``(columns, foundations, reserve_size, talon, pointer, passes)``, ``passes`` being the
redeals used, kept only when the rules limit them (0 otherwise).  Every option that
changes play is read: the draw, the redeals, what runs move, take-backs, how empty
columns fill, the base rank, how columns build, the reserve size, the number of columns
and the finish of ``autocomplete``.  ``docs/solver.rst`` says why each shortcut is sound
under which options.
"""

from __future__ import annotations

import random

from ._cards import PACK
from ._position import Position
from ._solver_core import CC, CF, FC, RC, RF, TC, TF, IMove, _normal, reachable
from ._variants import Rules

__all__ = ["RState", "RulesEngine", "reach_limited"]

RState = tuple[tuple[bytes, ...], tuple[int, ...], int, bytes, int, int]

_SUIT = [c.suit.value for c in PACK]
_RANK = [c.rank.value for c in PACK]
_SEP = b"\xff"


def _accept(build: str) -> list[tuple[int, ...]]:
    """ACCEPT[top]: the cards that may be placed on ``top`` in a column."""
    table = []
    for a in PACK:
        fits = []
        for b in PACK:
            if (a.rank.value - b.rank.value) % 13 != 1:
                continue
            if build == "alternate" and b.is_red == a.is_red:
                continue
            if build == "suit" and b.suit is not a.suit:
                continue
            fits.append(b.index)
        table.append(tuple(fits))
    return table


_ACCEPT = {build: _accept(build) for build in ("alternate", "suit", "any")}


def reach_limited(n: int, p: int, draw: int, recycle: bool) -> list[tuple[int, int]]:
    """Under limited redeals: the waste sizes ``q`` (each >= 1) that drawing, and one
    recycle if ``recycle``, can reach from ``p`` cards on the waste of an ``n``-card
    talon, each with the redeals it costs (0 or 1, the fewer when both reach it)."""
    found: dict[int, int] = {}
    if n == 0:
        return []
    if p:
        found[p] = 0
    q = p + draw
    while q < n:
        found[q] = 0
        q += draw
    found[n] = 0
    if recycle:
        q = draw
        while q < n:
            found.setdefault(q, 1)
            q += draw
    return sorted(found.items(), reverse=True)


class RulesEngine:
    """The moves of one search under ``rules``, from a starting reserve and base rank."""

    def __init__(self, reserve: bytes, base: int, rules: Rules) -> None:
        self.reserve = reserve
        self.rules = rules
        self.draw = rules.draw
        self.redeals = rules.redeals
        self.base = base
        self.runs = rules.runs
        self.takebacks = rules.takebacks
        self.autocomplete = rules.autocomplete
        fill = rules.fill
        self.autofill = fill in ("auto", "auto-waste")
        # Whether an empty column takes a card from a column or a foundation, and from
        # the waste: (when the reserve is empty, when it is not).
        self.open_column = (fill in ("auto", "player"), fill == "player")
        self.open_reserve = fill in ("player", "player-reserve-waste")
        self.open_waste = (fill != "none", fill in ("player", "player-reserve-waste"))
        self.accept = _ACCEPT[rules.build]
        self.height = [(_RANK[c] - base) % 13 for c in range(52)]
        # next[s][z]: the card that goes on suit s's foundation when it holds z cards.
        self.next = [[s * 13 + (base - 1 + z) % 13 for z in range(13)] + [-1] for s in range(4)]
        # The cards that may go on each card, as (suit, height) pairs: a card is dead
        # once all of them are on the foundations.
        self.below = [tuple((_SUIT[a], self.height[a]) for a in self.accept[c]) for c in range(52)]
        self.below_cards = [self.accept[c] for c in range(52)]
        # Safe moves to the foundations need cards that never come back (docs/solver.rst).
        self.safe = not rules.takebacks and not rules.autocomplete
        self.reach: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}

    @classmethod
    def from_position(cls, pos: Position, rules: Rules) -> tuple[RulesEngine, RState]:
        reserve = bytes(c.index for c in pos.reserve)
        engine = cls(reserve, pos.base_rank.value, rules)
        fnd = [0, 0, 0, 0]
        for f in pos.foundations:
            fnd[f.suit.value] = f.size
        talon = bytes([c.index for c in pos.waste] + [c.index for c in reversed(pos.stock)])
        if rules.redeals is None:
            p, passes = _normal(len(pos.waste), len(talon), rules.draw), 0
        else:
            p, passes = len(pos.waste), pos.passes
        cols = tuple(bytes(c.index for c in col) for col in pos.columns)
        return engine, (cols, tuple(fnd), len(reserve), talon, p, passes)

    @staticmethod
    def key(st: RState) -> bytes:
        """The transposition key: columns sorted (they are interchangeable), the reserve
        size, the pointer, the redeals used and the talon.  The foundations follow."""
        return _SEP.join(sorted(st[0])) + bytes((st[2], st[4], st[5])) + st[3]

    @staticmethod
    def won(st: RState) -> bool:
        return sum(st[1]) == 52

    def _talon(self, n: int, p: int, passes: int) -> list[tuple[int, int, int]]:
        """(q, pointer after taking it, passes after) for every waste size ``q`` that
        draws and recycles can reach: the card ``talon[q - 1]`` can be brought up."""
        draw = self.draw
        if self.redeals is None:
            key = (n, p, 0)
            got = self.reach.get(key)
            if got is None:
                got = self.reach[key] = [
                    (q, _normal(q - 1, n - 1, draw), 0) for q in reachable(n, p, draw)
                ]
            return got
        more = 1 if passes < self.redeals else 0
        key = (n, p, more)
        got = self.reach.get(key)
        if got is None:
            got = self.reach[key] = [
                (q, q - 1, extra) for q, extra in reach_limited(n, p, draw, bool(more))
            ]
        if passes:
            return [(q, after, passes + extra) for q, after, extra in got]
        return got

    def _dead(self, card: int, fnd: tuple[int, ...]) -> bool:
        return all(fnd[s] > h for s, h in self.below[card])

    def _safe_up(self, card: int, fnd: tuple[int, ...]) -> bool:
        """Whether ``card`` (next on its foundation) may go up at once: every card that
        could go on it is up, or is next on its foundation and dead (docs/solver.rst)."""
        below = self.below_cards[card]
        for s, h in self.below[card]:
            if fnd[s] > h:
                continue
            if fnd[s] < h:
                return False
        return all(fnd[_SUIT[x]] > self.height[x] or self._dead(x, fnd) for x in below)

    def children(self, st: RState) -> list[tuple[IMove, RState]]:
        """Every successor of ``st`` under the talon macro-moves, in search order; only
        one when a move to the foundations is safe."""
        out = self._children(st)
        if self.autocomplete:
            out = [(m, self._finish(m, child)) for m, child in out]
        return out

    def _finish(self, move: IMove, st: RState) -> RState:
        """The finish of ``autocomplete``: once the stock, the waste and the reserve are
        empty, every column card that can go up does (not after a take-back)."""
        cols, fnd, rlen, talon, p, passes = st
        if talon or rlen or move[0] == FC:
            return st
        c, f, nxt = list(cols), list(fnd), self.next
        moved = True
        while moved:
            moved = False
            for i, col in enumerate(c):
                if col and nxt[_SUIT[col[-1]]][f[_SUIT[col[-1]]]] == col[-1]:
                    f[_SUIT[col[-1]]] += 1
                    c[i] = col[:-1]
                    moved = True
        return (tuple(c), tuple(f), rlen, talon, p, passes)

    def _children(self, st: RState) -> list[tuple[IMove, RState]]:
        cols, fnd, rlen, talon, p, passes = st
        nxt, reserve, accept = self.next, self.reserve, self.accept
        autofill = self.autofill
        ncols = len(cols)
        out: list[tuple[IMove, RState]] = []
        add = out.append
        n = len(talon)
        where = {talon[v[0] - 1]: v for v in self._talon(n, p, passes)} if n else {}
        rtop = reserve[rlen - 1] if rlen else -1
        tops = [c[-1] if c else -1 for c in cols]
        # Moves to two empty columns give the same position up to the column order:
        # only the first empty column is offered as a target.
        first_empty = tops.index(-1) if -1 in tops else -1
        busy = 1 if rlen else 0
        to_empty_column = first_empty if self.open_column[busy] else -1
        wanted = [nxt[s][fnd[s]] for s in range(4)]
        safe = self.safe

        # 1. Cards to the foundations: reserve, columns, talon.
        if rtop >= 0 and wanted[_SUIT[rtop]] == rtop:
            f = list(fnd)
            f[_SUIT[rtop]] += 1
            item: tuple[IMove, RState] = ((RF,), (cols, tuple(f), rlen - 1, talon, p, passes))
            if safe and self._safe_up(rtop, fnd):
                return [item]
            add(item)
        for i in range(ncols):
            top = tops[i]
            if top >= 0 and wanted[_SUIT[top]] == top:
                c = list(cols)
                c[i] = cols[i][:-1]
                r = rlen
                if autofill and r and not c[i]:
                    c[i] = reserve[r - 1 : r]
                    r -= 1
                f = list(fnd)
                f[_SUIT[top]] += 1
                item = ((CF, i), (tuple(c), tuple(f), r, talon, p, passes))
                if safe and self._safe_up(top, fnd):
                    return [item]
                add(item)
        if where:
            for s in range(4):
                card = wanted[s]
                got = where.get(card)
                if got is None:
                    continue
                q, after, used = got
                f = list(fnd)
                f[s] += 1
                item = ((TF, card), (cols, tuple(f), rlen, talon[: q - 1] + talon[q:], after, used))
                # Only under draw 1, and with limited redeals only for the waste's top
                # card, does taking a talon card leave the others as reachable.
                if (
                    safe
                    and self.draw == 1
                    and (self.redeals is None or q == p)
                    and self._safe_up(card, fnd)
                ):
                    return [item]
                add(item)

        # 2. The reserve's top to a column.
        if rtop >= 0:
            one = bytes((rtop,))
            for i in range(ncols):
                top = tops[i]
                if (top >= 0 and rtop in accept[top]) or (i == first_empty and self.open_reserve):
                    c = list(cols)
                    c[i] = cols[i] + one
                    add(((RC, i), (tuple(c), fnd, rlen - 1, talon, p, passes)))

        # 3. Runs between columns: the bottom card of every part that may move.
        movable: dict[int, tuple[int, int]] = {}
        runs = self.runs
        for s in range(ncols):
            col = cols[s]
            k = len(col) - 1
            if k < 0:
                continue
            movable[col[k]] = (s, k)
            if runs == "top":
                continue
            while k > 0 and col[k] in accept[col[k - 1]]:
                k -= 1
                if runs == "any":
                    movable[col[k]] = (s, k)
            if runs == "whole" and k == 0:
                movable[col[0]] = (s, 0)
        for t in range(ncols):
            top = tops[t]
            if top >= 0:
                found = [movable[a] for a in accept[top] if a in movable]
            elif t == to_empty_column:
                # Anything but a whole column (that would change nothing).
                found = [v for v in movable.values() if v[1] > 0]
            else:
                continue
            for s, start in found:
                if s == t:
                    continue
                col = cols[s]
                c = list(cols)
                c[t] = cols[t] + col[start:]
                c[s] = col[:start]
                r = rlen
                if autofill and r and not start:
                    c[s] = reserve[r - 1 : r]
                    r -= 1
                add(((CC, s, t, len(col) - start), (tuple(c), fnd, r, talon, p, passes)))

        # 4. Talon cards to columns.
        if where:
            waste_open = first_empty >= 0 and self.open_waste[busy]
            for i in range(ncols):
                top = tops[i]
                if top >= 0:
                    cards = [a for a in accept[top] if a in where]
                elif i == first_empty and waste_open:
                    cards = list(where)
                else:
                    continue
                for a in cards:
                    q, after, used = where[a]
                    c = list(cols)
                    c[i] = cols[i] + bytes((a,))
                    add(
                        (
                            (TC, a, i),
                            (tuple(c), fnd, rlen, talon[: q - 1] + talon[q:], after, used),
                        )
                    )

        # 5. Take-backs from the foundations.
        if self.takebacks:
            for s in range(4):
                z = fnd[s]
                if not z:
                    continue
                card = nxt[s][z - 1]
                for i in range(ncols):
                    top = tops[i]
                    if (top >= 0 and card in accept[top]) or i == to_empty_column:
                        f = list(fnd)
                        f[s] -= 1
                        c = list(cols)
                        c[i] = cols[i] + bytes((card,))
                        add(((FC, s, i), (tuple(c), tuple(f), rlen, talon, p, passes)))
        return out

    def ordered(
        self, st: RState, rng: random.Random | None = None, greedy: bool = False
    ) -> list[tuple[IMove, RState]]:
        """The successors, most promising first; ``rng`` shuffles each class.

        ``greedy`` prunes, with no guarantee: it plays a foundation move at once when
        no card that could go on it is left off the foundations (or it is one of the
        two lowest), and it never takes a card back.  Only wins found so are used."""
        kids = self.children(st)
        cols, fnd0, rlen = st[0], st[1], st[2]
        if greedy:
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
                    if self.height[card] <= 1 or self._dead(card, fnd0):
                        return [item]
            kids = [item for item in kids if item[0][0] != FC]
        nxt, accept = self.next, self.accept
        reserve = self.reserve
        rtop = reserve[rlen - 1] if rlen else -1
        limited = self.redeals is not None
        p, passes, n = st[4], st[5], len(st[3])
        far: list[tuple[int, int, tuple[IMove, RState]]] = []
        buckets: list[list[tuple[IMove, RState]]] = [[], [], [], [], [], [], []]
        for item in kids:
            m, child = item
            kind = m[0]
            if limited and kind in (TF, TC) and child[4] + 1 != p:
                # With redeals counted, a card far down the talon costs the cards skipped
                # on the way: the nearest first, after everything else but take-backs.
                q = child[4] + 1
                far.append((child[5] - passes, q - p if q > p else n - p + q, item))
                continue
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
                        nxt[_SUIT[top]][fnd[_SUIT[top]]] == top
                        or (rtop >= 0 and rtop in accept[top])
                    ):
                        b = 2
                    elif not src or cols[m[1]][-m[3]] not in accept[top]:
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
        if far:
            far.sort(key=lambda x: (x[0], x[1]))
            buckets[5] += [x[2] for x in far]
        return [x for b in buckets for x in b]
