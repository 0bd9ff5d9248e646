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
from collections.abc import Iterable

from . import _solver_frozen, _solver_room
from ._cards import PACK
from ._position import Position
from ._solver_core import (
    CC,
    CF,
    FC,
    RC,
    RF,
    SHUFFLE,
    TC,
    TF,
    IMove,
    _normal,
    finish,
    next_cards,
    reachable,
    shuffle_classes,
    unshuffled,
)
from ._solver_frozen import Frozen
from ._solver_locks import Locks
from ._solver_pointers import Pointers
from ._solver_room import reserve_holds
from ._solver_table import TalonBits
from ._variants import Rules

__all__ = ["RState", "RulesEngine", "reach_limited"]

RState = tuple[tuple[bytes, ...], tuple[int, ...], int, bytes, int, int]

_SUIT = [c.suit.value for c in PACK]
_RANK = [c.rank.value for c in PACK]
_SEP = b"\xff"
_BYTE = [bytes((c,)) for c in range(256)]
# The most talons and columns that an engine remembers the moves of.
_MEMO = 1 << 14
_Where = tuple[dict[int, tuple[int, int, int]], frozenset[int], frozenset[int]]
# What ``_where`` gives for an empty talon (never changed).
_NO_TALON: _Where = ({}, frozenset(), frozenset())
# No suit's next card: what ``_generate`` reads when safe or greedy moves are off.
_NEVER = (False, False, False, False)
# What an engine remembers of one set of foundation sizes (see ``_foundations``): that
# of ``next_cards``, and by suit whether its next card may go up at once (``_safe_up``)
# and whether greedy searches play it at once.
_Fnd = tuple[
    tuple[int, ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    frozenset[int],
    frozenset[int],
    tuple[bool, ...],
    tuple[bool, ...],
]
# What the columns alone decide (see ``RulesEngine._layout``).
_Layout = tuple[tuple[int, ...], int, list[tuple[int, int, int]]]
# _KEY[reserve size][pointer]: those two bytes of a key.
_KEY = [[bytes((r, p)) for p in range(53)] for r in range(53)]
# Whether the searches skip positions covered by a talon pointer (docs/solver.rst,
# "Talon pointers that draws reach"): sound, fewer positions, and with one look per
# position (``_solver_pointers``) no dearer per position.
COVER_POINTERS = True


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
# The same as sets, and _ONTO[build][card]: the cards ``card`` may be placed on.
_ACCEPT_SET = {build: [frozenset(cards) for cards in table] for build, table in _ACCEPT.items()}


def _onto(table: list[tuple[int, ...]]) -> list[frozenset[int]]:
    """The other way round from ``table``: for each card, the cards it may go on."""
    onto: list[set[int]] = [set() for _ in range(52)]
    for a, cards in enumerate(table):
        for c in cards:
            onto[c].add(a)
    return [frozenset(cards) for cards in onto]


_ONTO = {build: _onto(table) for build, table in _ACCEPT.items()}


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
        # Whole runs never leave a card that holds them: nothing for ``unshuffled``.
        self.shuffles = rules.runs != "whole"
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
        self.accept_set, self.onto = _ACCEPT_SET[rules.build], _ONTO[rules.build]
        self.height = [(_RANK[c] - base) % 13 for c in range(52)]
        # next[s][z]: the card that goes on suit s's foundation when it holds z cards.
        self.next = [[s * 13 + (base - 1 + z) % 13 for z in range(13)] + [-1] for s in range(4)]
        # The cards that may go on each card, as (suit, height) pairs: a card is dead
        # once all of them are on the foundations.
        self.below = [tuple((_SUIT[a], self.height[a]) for a in self.accept[c]) for c in range(52)]
        self.below_cards = [self.accept[c] for c in range(52)]
        # Safe moves to the foundations need cards that never come back (docs/solver.rst).
        self.safe = not rules.takebacks and not rules.autocomplete
        # The finish of ``autocomplete`` moves cards of columns a move does not name.
        self.postpone = not rules.autocomplete
        # Under draw 3 and endless redeals, draws alone take an unaligned pointer to the
        # later ones of its residue and to the aligned one: with ``COVER_POINTERS`` a
        # search skips a position when it has seen one that reaches it so
        # (docs/solver.rst, "Talon pointers that draws reach").
        self.pointers = (
            Pointers(rules.draw, self.aligned_key)
            if COVER_POINTERS and rules.redeals is None and rules.draw > 1
            else None
        )
        # Locked cards end a branch (docs/solver.rst) only when nothing comes down from
        # the foundations and no part of a run leaves the rest of its column.
        self.lock = (
            Locks(
                height=self.height,
                onto=self.onto,
                accept=self.accept,
                nxt=self.next,
                runs=rules.runs,
                alone=not any(self.open_column),
                last_pass=rules.redeals,
                behind=reserve_holds if self.autofill and _solver_room.ROOM else None,
            )
            if not rules.takebacks and rules.runs != "any"
            else None
        )
        # Positions from which no card can ever go up end a branch too (docs/solver.rst,
        # "Frozen foundations"), under the same rules; while the talon is recycled
        # without end the test costs more time than it saves.
        self.frozen = (
            Frozen(self)
            if self.lock is not None
            and _solver_frozen.FROZEN
            and (rules.redeals is not None or _solver_frozen.FROZEN_ENDLESS)
            else None
        )
        self.reach: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
        self.where: dict[tuple[bytes, int, int], _Where] = {}
        self.fnd: dict[tuple[int, ...], _Fnd] = {}
        self.layouts: dict[tuple[bytes, ...], _Layout] = {}
        self.sorted_cols: dict[tuple[bytes, ...], bytes] = {}
        # The talon's part of a key (``from_position`` gives it the root's talon).
        self.talon_bits = TalonBits(None)
        self.run_memo: list[dict[bytes, dict[int, tuple[int, int]]]] = [
            {} for _ in range(rules.columns)
        ]

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
        engine.talon_bits = TalonBits(talon)
        return engine, (cols, tuple(fnd), len(reserve), talon, p, passes)

    def key(self, st: RState) -> bytes:
        """The transposition key: columns sorted (they are interchangeable), the reserve
        size, the pointer, the redeals used and which of the root's talon cards are
        left (see :class:`~pycanfield._solver_table.TalonBits`).  The foundations
        follow.  The columns' part is memoised: many positions share their columns."""
        cols = self.sorted_cols.get(st[0])
        if cols is None:
            if len(self.sorted_cols) >= _MEMO:
                self.sorted_cols.clear()
            cols = self.sorted_cols[st[0]] = _SEP.join(sorted(st[0]))
        talon = self.talon_bits.memo.get(st[3])
        if talon is None:
            talon = self.talon_bits(st[3])
        return cols + _KEY[st[2]][st[4]] + _BYTE[st[5]] + talon

    def aligned_key(self, st: RState) -> bytes:
        """:meth:`key` of ``st`` with the aligned pointer (see ``pointers``)."""
        cols = self.sorted_cols.get(st[0])
        if cols is None:
            if len(self.sorted_cols) >= _MEMO:
                self.sorted_cols.clear()
            cols = self.sorted_cols[st[0]] = _SEP.join(sorted(st[0]))
        talon = self.talon_bits.memo.get(st[3])
        if talon is None:
            talon = self.talon_bits(st[3])
        return cols + _KEY[st[2]][0] + _BYTE[st[5]] + talon

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

    def locked(self, st: RState) -> bool:
        """Whether ``st`` is lost by locked cards (:mod:`pycanfield._solver_locks`) or by
        frozen foundations (:mod:`pycanfield._solver_frozen`)."""
        lock = self.lock
        if lock is None:
            return False
        cols, fnd, rlen, talon, p, passes = st
        if lock.dead(cols, fnd, self.reserve[:rlen], talon, p, passes):
            return True
        return self.frozen is not None and self.frozen.dead(st)

    def _where(self, talon: bytes, p: int, passes: int) -> _Where:
        """card -> (q, pointer after, passes after) for every talon card that draws and
        recycles can bring up (see ``_talon``), and the set of those cards; memoised per
        talon, pointer and passes."""
        where = {talon[v[0] - 1]: v for v in self._talon(len(talon), p, passes)}
        if len(self.where) >= _MEMO:
            self.where.clear()
        onto = self.onto
        got = self.where[(talon, p, passes)] = (
            where,
            frozenset(where),
            frozenset().union(*(onto[a] for a in where)),
        )
        return got

    def _run(self, s: int, col: bytes) -> dict[int, tuple[int, int]]:
        """The cards of column ``s`` (``col``) whose part from them up may move, each
        mapped to ``(s, index in col)``, the top card first; memoised per column."""
        accept, runs = self.accept, self.runs
        movable: dict[int, tuple[int, int]] = {}
        k = len(col) - 1
        if k >= 0:
            movable[col[k]] = (s, k)
            if runs != "top":
                while k > 0 and col[k] in accept[col[k - 1]]:
                    k -= 1
                    if runs == "any":
                        movable[col[k]] = (s, k)
                if runs == "whole" and k == 0:
                    movable[col[0]] = (s, 0)
        memo = self.run_memo[s]
        if len(memo) >= _MEMO:
            memo.clear()
        memo[col] = movable
        return movable

    def _layout(self, cols: tuple[bytes, ...]) -> _Layout:
        """What the columns alone decide: their top cards (-1 for an empty column),
        the first empty column (-1 for none), and the parts of runs that may move
        from one column to another, as ``(source, target, start)`` in the order the
        moves are listed (onto the first empty column only when ``fill`` allows);
        memoised, as a set of columns often comes back with other talons and
        foundations."""
        memo = self.run_memo
        if len(memo) < len(cols):
            memo += [{} for _ in range(len(cols) - len(memo))]
        movable: dict[int, tuple[int, int]]
        if len(cols) == 4:
            c0, c1, c2, c3 = cols
            tops: tuple[int, ...] = (
                c0[-1] if c0 else -1,
                c1[-1] if c1 else -1,
                c2[-1] if c2 else -1,
                c3[-1] if c3 else -1,
            )
            m0, m1, m2, m3 = memo[:4]
            r0 = m0.get(c0)
            r1 = m1.get(c1)
            r2 = m2.get(c2)
            r3 = m3.get(c3)
            movable = {
                **(self._run(0, c0) if r0 is None else r0),
                **(self._run(1, c1) if r1 is None else r1),
                **(self._run(2, c2) if r2 is None else r2),
                **(self._run(3, c3) if r3 is None else r3),
            }
        elif len(cols) == 3:
            c0, c1, c2 = cols
            tops = (c0[-1] if c0 else -1, c1[-1] if c1 else -1, c2[-1] if c2 else -1)
            m0, m1, m2 = memo[:3]
            r0 = m0.get(c0)
            r1 = m1.get(c1)
            r2 = m2.get(c2)
            movable = {
                **(self._run(0, c0) if r0 is None else r0),
                **(self._run(1, c1) if r1 is None else r1),
                **(self._run(2, c2) if r2 is None else r2),
            }
        else:
            tops = tuple(c[-1] if c else -1 for c in cols)
            movable = {}
            for s, col in enumerate(cols):
                part = memo[s].get(col)
                movable.update(self._run(s, col) if part is None else part)
        # Moves to two empty columns give the same position up to the column order:
        # only the first empty column is offered as a target.
        first_empty = tops.index(-1) if -1 in tops else -1
        accept = self.accept
        pairs = []
        for t, top in enumerate(tops):
            if top >= 0:
                for a in accept[top]:
                    got = movable.get(a)
                    if got is not None and got[0] != t:
                        pairs.append((got[0], t, got[1]))
            elif t == first_empty:
                # Anything but a whole column (that would change nothing).
                pairs += [(s, t, k) for s, k in movable.values() if k > 0 and s != t]
        if len(self.layouts) >= _MEMO:
            self.layouts.clear()
        got_layout = self.layouts[cols] = (tops, first_empty, pairs)
        return got_layout

    def _foundations(self, fnd: tuple[int, ...]) -> _Fnd:
        """:func:`~pycanfield._solver_core.next_cards`, then by suit whether the next
        card may go up at once and whether a greedy search plays it at once; memoised
        (at most 14**4)."""
        cards = next_cards(self.next, self.onto, fnd)
        safe = tuple(card >= 0 and self._safe_up(card, fnd) for card in cards[0])
        eager = tuple(
            card >= 0 and (self.height[card] <= 1 or self._dead(card, fnd)) for card in cards[0]
        )
        got = self.fnd[fnd] = (*cards, safe, eager)
        return got

    def children(self, st: RState) -> list[tuple[IMove, RState]]:
        """Every successor of ``st`` under the talon macro-moves, in search order; only
        one when a move to the foundations is safe; none from a dead end."""
        if self.lock is not None and self.locked(st):
            return []
        out: list[tuple[IMove, RState]] = []
        hit = self._generate(st, False, False, [out] * 7, None)
        if hit is not None:
            out = [hit]
        if self.autocomplete:
            out = [(m, self._finish(m, child)) for m, child in out]
        return out

    def _finish(self, move: IMove, st: RState) -> RState:
        """The finish of ``autocomplete``: once the stock, the waste and the reserve are
        empty, every column card that can go up does (not after a take-back)."""
        cols, fnd, rlen, talon, p, passes = st
        if talon or rlen or move[0] == FC:
            return st
        cols, fnd = finish(cols, fnd, self.next)
        return (cols, fnd, rlen, talon, p, passes)

    def _generate(
        self,
        st: RState,
        greedy: bool,
        lean: bool,
        buckets: list[list[tuple[IMove, RState]]],
        far: list[tuple[int, int, tuple[IMove, RState]]] | None,
    ) -> tuple[IMove, RState] | None:
        """Append every successor of ``st``, in search order, to the bucket of
        :meth:`ordered` it belongs to, or to ``far`` (a talon card that costs the cards
        skipped on the way, with redeals counted), if given.

        Returns the one successor to take instead, if any: a safe move to the
        foundations (then the search takes no other), else with ``greedy`` the first
        move to the foundations that ``ordered`` plays at once.  ``greedy`` also
        leaves out take-backs, ``lean`` the shuffles of runs."""
        cols, fnd, rlen, talon, p, passes = st
        reserve, accept = self.reserve, self.accept
        b0, b1, _, b3, b4, _, b6 = buckets
        autofill = self.autofill
        ncols = len(cols)
        if talon:
            where, held, takers = self.where.get((talon, p, passes)) or self._where(
                talon, p, passes
            )
        else:
            where, held, takers = _NO_TALON
        rtop = reserve[rlen - 1] if rlen else -1
        tops, first_empty, pairs = self.layouts.get(cols) or self._layout(cols)
        busy = 1 if rlen else 0
        to_empty_column = first_empty if self.open_column[busy] else -1
        info = self.fnd.get(fnd) or self._foundations(fnd)
        wanted, up = info[0], info[1]
        # Whether each suit's next card may go up at once, and whether ``greedy``
        # plays it at once: only when the rules allow safe moves, and with ``greedy``.
        sure = info[5] if self.safe else _NEVER
        eager = info[6] if greedy else _NEVER
        # Quick refusals: no column top, or no talon card, can go up.
        tops_up = not info[3].isdisjoint(tops)
        talon_up = not info[3].isdisjoint(held)
        accept_set, onto = self.accept_set, self.onto
        chosen: tuple[IMove, RState] | None = None

        # 1. Cards to the foundations: reserve, columns, talon.  A safe move is the
        # only successor; ``greedy`` plays the first whose card nothing can go on.
        if rtop >= 0 and wanted[_SUIT[rtop]] == rtop:
            item: tuple[IMove, RState] = (
                (RF,),
                (cols, up[_SUIT[rtop]], rlen - 1, talon, p, passes),
            )
            if sure[_SUIT[rtop]]:
                return item
            if eager[_SUIT[rtop]]:
                chosen = item
            b0.append(item)
        if tops_up:
            for i in range(ncols):
                top = tops[i]
                if top >= 0 and wanted[_SUIT[top]] == top:
                    c = list(cols)
                    c[i] = cols[i][:-1]
                    r = rlen
                    if autofill and r and not c[i]:
                        c[i] = reserve[r - 1 : r]
                        r -= 1
                    item = ((CF, i), (tuple(c), up[_SUIT[top]], r, talon, p, passes))
                    if sure[_SUIT[top]]:
                        return item
                    if chosen is None and eager[_SUIT[top]]:
                        chosen = item
                    b0.append(item)
        if talon_up:
            for s in range(4):
                card = wanted[s]
                got = where.get(card)
                if got is None:
                    continue
                q, after, used = got
                item = (
                    (TF, card),
                    (cols, up[s], rlen, talon[: q - 1] + talon[q:], after, used),
                )
                # Only under draw 1, and with limited redeals only for the waste's top
                # card, does taking a talon card leave the others as reachable.
                if sure[s] and self.draw == 1 and (self.redeals is None or q == p):
                    return item
                if chosen is None and eager[s]:
                    chosen = item
                if far is not None and q != p:
                    far.append((used - passes, q - p if q > p else len(talon) - p + q, item))
                else:
                    b0.append(item)
        if chosen is not None:
            return chosen

        # 2. The reserve's top to a column.
        open_reserve = self.open_reserve
        if rtop >= 0 and (not onto[rtop].isdisjoint(tops) or (first_empty >= 0 and open_reserve)):
            one = _BYTE[rtop]
            for i in range(ncols):
                top = tops[i]
                if (top >= 0 and rtop in accept_set[top]) or (i == first_empty and open_reserve):
                    c = list(cols)
                    c[i] = cols[i] + one
                    b1.append(((RC, i), (tuple(c), fnd, rlen - 1, talon, p, passes)))

        # 3. Runs between columns: the bottom card of every part that may move.
        for s, t, start in pairs:
            if t == first_empty and to_empty_column < 0:
                continue
            col = cols[s]
            if start:
                # The class of ``uncovering``, found before the move is made.
                under = col[start - 1]
                if wanted[_SUIT[under]] == under or rtop in accept_set[under]:
                    k = 2
                elif col[start] not in accept_set[under]:
                    k = 3
                elif lean:
                    continue
                else:
                    k = SHUFFLE
                c = list(cols)
                c[t] = cols[t] + col[start:]
                c[s] = col[:start]
                buckets[k].append(
                    ((CC, s, t, len(col) - start), (tuple(c), fnd, rlen, talon, p, passes))
                )
                continue
            c = list(cols)
            c[t] = cols[t] + col
            move = (CC, s, t, len(col))
            if autofill and rlen:
                c[s] = reserve[rlen - 1 : rlen]
                b1.append((move, (tuple(c), fnd, rlen - 1, talon, p, passes)))
            else:
                c[s] = b""
                b3.append((move, (tuple(c), fnd, rlen, talon, p, passes)))

        # 4. Talon cards to columns.
        waste_open = first_empty >= 0 and self.open_waste[busy]
        if where and (waste_open or not takers.isdisjoint(tops)):
            n = len(talon)
            for i in range(ncols):
                top = tops[i]
                if top >= 0:
                    if top not in takers:
                        continue
                    cards: Iterable[int] = accept[top]
                elif i == first_empty and waste_open:
                    cards = where
                else:
                    continue
                for a in cards:
                    got = where.get(a)
                    if got is None:
                        continue
                    q, after, used = got
                    c = list(cols)
                    c[i] = cols[i] + _BYTE[a]
                    item = (
                        (TC, a, i),
                        (tuple(c), fnd, rlen, talon[: q - 1] + talon[q:], after, used),
                    )
                    if far is not None and q != p:
                        far.append((used - passes, q - p if q > p else n - p + q, item))
                    else:
                        b4.append(item)

        # 5. Take-backs from the foundations.
        if self.takebacks and not greedy and (to_empty_column >= 0 or not info[4].isdisjoint(tops)):
            nxt, down = self.next, info[2]
            for s in range(4):
                z = fnd[s]
                if not z:
                    continue
                card = nxt[s][z - 1]
                if to_empty_column < 0 and onto[card].isdisjoint(tops):
                    continue
                for i in range(ncols):
                    top = tops[i]
                    if (top >= 0 and card in accept_set[top]) or i == to_empty_column:
                        c = list(cols)
                        c[i] = cols[i] + _BYTE[card]
                        b6.append(((FC, s, i), (tuple(c), down[s], rlen, talon, p, passes)))
        return None

    def ordered(
        self,
        st: RState,
        rng: random.Random | None = None,
        greedy: bool = False,
        lean: bool = False,
    ) -> list[tuple[IMove, RState]]:
        """The successors, most promising first; ``rng`` shuffles them all as one, or
        with take-backs each class.

        ``greedy`` prunes, with no guarantee: it plays a foundation move at once when
        no card that could go on it is left off the foundations (or it is one of the
        two lowest), and it never takes a card back.  ``lean`` leaves out the shuffles
        of runs (see :func:`~pycanfield._solver_core.unshuffled`).  Only wins found so
        are used.

        The classes are those of :meth:`pycanfield._solver_core.Engine.ordered`; with
        redeals counted, a talon card below the waste's top comes after all of them but
        take-backs, the fewest redeals and then the nearest first.  None from a
        dead end (:meth:`locked`)."""
        if self.lock is not None and self.locked(st):
            return []
        if self.autocomplete:
            kids = self._ordered_finished(st, rng, greedy)
            return unshuffled(self, st, kids) if lean else kids
        buckets: list[list[tuple[IMove, RState]]] = [[], [], [], [], [], [], []]
        far: list[tuple[int, int, tuple[IMove, RState]]] | None = (
            None if self.redeals is None else []
        )
        hit = self._generate(st, greedy, lean, buckets, far)
        if hit is not None:
            return [hit]
        return self._in_order(buckets, far, rng)

    def _ordered_finished(
        self, st: RState, rng: random.Random | None, greedy: bool
    ) -> list[tuple[IMove, RState]]:
        """:meth:`ordered` under ``autocomplete``, whose finish can change a successor
        after it is made: the classes are read from the finished successors."""
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
        return self._in_order(buckets, far, rng)

    def _in_order(
        self,
        buckets: list[list[tuple[IMove, RState]]],
        far: list[tuple[int, int, tuple[IMove, RState]]] | None,
        rng: random.Random | None,
    ) -> list[tuple[IMove, RState]]:
        """The successors of ``buckets`` class by class, with the ``far`` talon plays
        after the other runs, nearest first; ``rng`` (a fresh search's) shuffles each
        class with take-backs, so that they stay last, and without them every move as
        one, as the native fresh searches do: shuffled within each class only, the
        orders of the many fresh searches all began alike and won far fewer deals
        (docs/solver-measured.rst, "Whole shuffles for the fresh searches")."""
        if rng is not None and self.takebacks:
            shuffle_classes(buckets, rng)
        if far:
            far.sort(key=_nearest)
            buckets[5] += [x[2] for x in far]
        kids = [x for b in buckets for x in b]
        if rng is not None and not self.takebacks:
            rng.shuffle(kids)
        return kids


def _nearest(entry: tuple[int, int, object]) -> tuple[int, int]:
    """The order of far talon cards: the fewest redeals, then the fewest cards skipped."""
    return entry[0], entry[1]
