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
from collections.abc import Iterable
from typing import Any, Protocol

from ._cards import PACK
from ._position import Position
from ._solver_table import TalonBits

__all__ = ["Engine", "EngineLike", "State", "unshuffled"]

State = tuple[tuple[bytes, ...], tuple[int, ...], int, bytes, int]
IMove = tuple[int, ...]

# Internal move kinds.  MACRO is a series of them (``pycanfield._solver_postpone``).
RF, RC, TF, TC, CF, CC, FC, MACRO = range(8)
# The class of the move order that holds the shuffles of runs (see ``unshuffled``).
SHUFFLE = 5

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
# The same cards in the order a frozenset gives them, the order moves are listed in.
_ACCEPT_SEQ: list[tuple[int, ...]] = [tuple(accepted) for accepted in ACCEPT]
# _OPPOSITE[card]: the two suits of the other colour, whose cards go on it in a column.
_OPPOSITE: list[tuple[int, int]] = [
    (s1, s2) for s1, s2 in (sorted({_SUIT[b] for b in ACCEPT[a]}) for a in range(52))
]
_ONE = [bytes((c,)) for c in range(53)]
# _ONTO[card]: the cards it may be placed on in a column.
_ONTO: list[frozenset[int]] = [
    frozenset(s * 13 + (c + 1) % 13 for s in range(4) if _RED[s * 13] != _RED[c]) for c in range(52)
]
# What ``_where`` gives for an empty talon (never changed).
_NO_TALON: tuple[dict[int, tuple[int, int]], frozenset[int], frozenset[int]] = (
    {},
    frozenset(),
    frozenset(),
)
_SEP = b"\xff"
# _PAIR[a][b] == bytes((a, b)): the reserve size and the pointer in a key.
_PAIR = [[_ONE[a] + _ONE[b] for b in range(53)] for a in range(53)]
# The most talons that an engine remembers the reachable cards of.
_MEMO = 1 << 14
_Run = tuple[dict[int, tuple[int, int]], int]
# What an engine remembers of one set of columns (see ``_layout``).
_Layout = tuple[tuple[int, ...], int, list[tuple[int, int, int, bool]]]
# What an engine remembers of one set of foundation sizes (see ``_foundations``).
_Fnd = tuple[
    tuple[int, ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    frozenset[int],
    frozenset[int],
]
_Talon = tuple[dict[int, tuple[int, int]], frozenset[int], frozenset[int]]
# What the standard engine remembers of one set of foundation sizes: that of
# ``next_cards``, then the top card of each foundation that has one, with its suit and
# the column tops it fits on.
_Found = tuple[
    tuple[int, ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    frozenset[int],
    frozenset[int],
    tuple[tuple[int, int], ...],
]


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

    #: Whether part of a run can move off a card that holds it (the lean search
    #: leaves such moves out).
    shuffles: bool
    #: Whether a safe move to the foundations can be the only successor.
    safe: bool
    #: Whether a foundation's top card may come back to a column (the breadth-first
    #: search runs only then).
    takebacks: bool
    #: Whether every move changes only the columns it names (see
    #: :func:`~pycanfield._solver_postpone.postponed`).
    postpone: bool
    reserve: bytes
    next: list[list[int]]
    accept: Any

    def key(self, st: Any) -> bytes: ...

    def won(self, st: Any) -> bool:
        """Only ever true when the foundations hold all 52 cards (the search asks only
        then)."""
        ...

    def children(self, st: Any) -> list[tuple[IMove, Any]]: ...

    def ordered(
        self,
        st: Any,
        rng: random.Random | None = None,
        greedy: bool = False,
        lean: bool = False,
    ) -> list[tuple[IMove, Any]]: ...


def next_cards(nxt: list[list[int]], onto: Any, fnd: tuple[int, ...]) -> _Fnd:
    """What the foundations of sizes ``fnd`` allow: the card each suit takes next, the
    sizes after one card goes up to (or comes down from) each suit, the next cards as a
    set, and the column tops (by ``onto``, the tops each card fits on) that a card taken
    back from a foundation fits on.  ``nxt[suit][size]`` is the card a suit takes."""
    wanted = tuple(nxt[s][fnd[s]] for s in range(4))
    up = tuple((*fnd[:s], fnd[s] + 1, *fnd[s + 1 :]) for s in range(4))
    down = tuple((*fnd[:s], fnd[s] - 1, *fnd[s + 1 :]) for s in range(4))
    back = frozenset().union(*(onto[nxt[s][fnd[s] - 1]] for s in range(4) if fnd[s]))
    return (wanted, up, down, frozenset(wanted), back)


def shuffle_classes(buckets: list[list[Any]], rng: random.Random) -> None:
    """Shuffle each class of moves in place (a class of fewer than two moves is left
    alone: shuffling it would draw nothing from ``rng`` anyway)."""
    for bucket in buckets:
        if len(bucket) > 1:
            rng.shuffle(bucket)


def finish(
    cols: tuple[bytes, ...], fnd: tuple[int, ...], nxt: list[list[int]]
) -> tuple[tuple[bytes, ...], tuple[int, ...]]:
    """The finish of ``autocomplete``: the columns and foundation sizes once every
    column card that can go up has gone up (``nxt[suit][size]``: the card that goes on
    that foundation next), as the rules play it when the stock, the waste and the
    reserve are empty."""
    c, f = list(cols), list(fnd)
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(c):
            if col and nxt[_SUIT[col[-1]]][f[_SUIT[col[-1]]]] == col[-1]:
                f[_SUIT[col[-1]]] += 1
                c[i] = col[:-1]
                moved = True
    return tuple(c), tuple(f)


class Engine:
    """The rules of one search: the starting reserve, the base rank and the draw mode,
    and whether the game finishes itself (``autocomplete``)."""

    def __init__(self, reserve: bytes, base: int, draw: int, *, autocomplete: bool = False) -> None:
        self.reserve = reserve
        self.draw = draw
        self.base = base
        # Once the stock, the waste and the reserve are empty, every move but a
        # take-back ends with the column cards that can go up put up (``finish``).
        self.autocomplete = autocomplete
        self.reach: dict[tuple[int, int], list[tuple[int, tuple[int, int]]]] = {}
        self.where: dict[tuple[bytes, int], _Talon] = {}
        self.fnd: dict[tuple[int, ...], _Found] = {}
        self.runs: list[dict[bytes, _Run]] = [{}, {}, {}, {}]
        self.layouts: dict[tuple[bytes, ...], _Layout] = {}
        # HEIGHT[c]: the place of card c in its foundation (0 = base rank).
        self.height = [(_RANK[c] - base) % 13 for c in range(52)]
        self.accept = ACCEPT
        # A part of a run can move off the card that holds it (see ``unshuffled``).
        self.shuffles = True
        # A foundation's top card may come back to a column (R22).
        self.takebacks = True
        # No move is ever forced, and every move changes only the columns it names.
        self.safe = False
        # The finish of ``autocomplete`` moves cards of columns a move does not name.
        self.postpone = not autocomplete
        # NEXT[suit][size]: the card a foundation of that suit takes at that size.
        self.next = [[s * 13 + (base - 1 + z) % 13 for z in range(13)] + [-1] for s in range(4)]
        # The talon's part of a key (``from_position`` gives it the root's talon).
        self.talon_bits = TalonBits(None)

    # -- conversion ---------------------------------------------------------------

    @classmethod
    def from_position(
        cls, pos: Position, draw: int, *, autocomplete: bool = False
    ) -> tuple[Engine, State]:
        reserve = bytes(c.index for c in pos.reserve)
        engine = cls(reserve, pos.base_rank.value, draw, autocomplete=autocomplete)
        fnd = [0, 0, 0, 0]
        for f in pos.foundations:
            fnd[f.suit.value] = f.size
        talon = bytes([c.index for c in pos.waste] + [c.index for c in reversed(pos.stock)])
        p = _normal(len(pos.waste), len(talon), draw)
        cols = tuple(bytes(c.index for c in col) for col in pos.columns)
        engine.talon_bits = TalonBits(talon)
        return engine, (cols, tuple(fnd), len(reserve), talon, p)

    # -- the rules ------------------------------------------------------------------

    def key(self, st: State) -> bytes:
        """The transposition key: columns sorted (they are interchangeable), the reserve
        size, the pointer and which of the root's talon cards are left (see
        :class:`~pycanfield._solver_table.TalonBits`).  The foundations follow from the
        rest."""
        talon = self.talon_bits.memo.get(st[3])
        if talon is None:
            talon = self.talon_bits(st[3])
        return _SEP.join(sorted(st[0])) + _PAIR[st[2]][st[4]] + talon

    @staticmethod
    def won(st: State) -> bool:
        return sum(st[1]) == 52

    def _where(self, talon: bytes, p: int) -> _Talon:
        """card -> (q, pointer after taking it) for every talon card that drawing and
        recycling can bring to the top of the waste, and the set of those cards;
        memoised, as most positions share their talon and pointer with their parent."""
        n, draw = len(talon), self.draw
        places = self.reach.get((n, p))
        if places is None:
            places = self.reach[(n, p)] = [
                (q - 1, (q, _normal(q - 1, n - 1, draw))) for q in reachable(n, p, draw)
            ]
        where = {talon[i]: got for i, got in places}
        if len(self.where) >= _MEMO:
            self.where.clear()
        found = self.where[(talon, p)] = (
            where,
            frozenset(where),
            frozenset().union(*map(_ONTO.__getitem__, where)),
        )
        return found

    def _run(self, s: int, col: bytes) -> _Run:
        """The run at the top of column ``s``, ``col``: its cards, each mapped to
        ``(s, index in col)``, and the index where it starts; memoised per column."""
        cards: dict[int, tuple[int, int]] = {}
        k = len(col) - 1
        if k >= 0:
            cards[col[k]] = (s, k)
            while k > 0 and col[k] in ACCEPT[col[k - 1]]:
                k -= 1
                cards[col[k]] = (s, k)
        memo = self.runs[s]
        if len(memo) >= _MEMO:
            memo.clear()
        got = memo[col] = (cards, max(k, 0))
        return got

    def _layout(self, cols: tuple[bytes, ...]) -> _Layout:
        """What the columns alone decide: their top cards (-1 for an empty column),
        the first empty column (-1 for none), and for each column the parts of runs,
        as ``(column, start)``, that may move onto it (R14) in the order they are
        listed; memoised, as a set of columns often comes back with other talons and
        foundations.  Costs little more than working it out once."""
        c0, c1, c2, c3 = cols
        tops = (
            c0[-1] if c0 else -1,
            c1[-1] if c1 else -1,
            c2[-1] if c2 else -1,
            c3[-1] if c3 else -1,
        )
        empty = tops.index(-1) if -1 in tops else -1
        memo = self.runs
        r0 = memo[0].get(c0) or self._run(0, c0)
        r1 = memo[1].get(c1) or self._run(1, c1)
        r2 = memo[2].get(c2) or self._run(2, c2)
        r3 = memo[3].get(c3) or self._run(3, c3)
        runs = {**r0[0], **r1[0], **r2[0], **r3[0]}  # run card -> (column, index in it)
        onto: list[tuple[int, int, int, bool]] = []  # (source, target, start, to empty)
        for t in range(4):
            top = tops[t]
            if top >= 0:
                a1, a2 = ACCEPT2[top]
                g1 = runs.get(a1)
                g2 = runs.get(a2)
                if g1 is not None and g1[0] != t:
                    onto.append((g1[0], t, g1[1], False))
                if g2 is not None and g2[0] != t:
                    onto.append((g2[0], t, g2[1], False))
            elif t == empty:
                # Any tail but a whole column (R14: that would change nothing).
                bottoms = (r0[1], r1[1], r2[1], r3[1])
                for s in range(4):
                    for start in range(max(bottoms[s], 1), len(cols[s])):
                        onto.append((s, t, start, True))
        got = (tops, empty, onto)
        if self.draw > 1:
            if len(self.layouts) >= _MEMO:
                self.layouts.clear()
            self.layouts[cols] = got
        return got

    def _foundations(self, fnd: tuple[int, ...]) -> _Found:
        """:func:`next_cards`, then the cards that may be taken back, memoised (there
        are at most 14**4 foundation sizes)."""
        nxt = self.next
        tops = tuple((s, nxt[s][fnd[s] - 1]) for s in range(4) if fnd[s])
        got = self.fnd[fnd] = (*next_cards(nxt, _ONTO, fnd), tops)
        return got

    def children(self, st: State) -> list[tuple[IMove, State]]:
        """Every successor of ``st`` under the talon macro-moves, in search order."""
        out: list[tuple[IMove, State]] = []
        self._generate(st, False, False, [out] * 7)
        return self._finished(out) if self.autocomplete else out

    def _finished(self, kids: list[tuple[IMove, State]]) -> list[tuple[IMove, State]]:
        """``kids`` with the finish of ``autocomplete`` played in each successor that
        has no talon and no reserve left, unless its move is a take-back (whose card
        would go straight back up)."""
        out = []
        for item in kids:
            move, (cols, fnd, rlen, talon, p) = item
            if not talon and not rlen and move[0] != FC:
                cols, fnd = finish(cols, fnd, self.next)
                item = (move, (cols, fnd, rlen, talon, p))
            out.append(item)
        return out

    def _generate(
        self, st: State, greedy: bool, lean: bool, buckets: list[list[tuple[IMove, State]]]
    ) -> tuple[IMove, State] | None:
        """Append every successor of ``st``, in search order, to the bucket of
        :meth:`ordered` it belongs to.  With ``greedy``, return the first move to the
        foundations that ``ordered`` plays at once, if any, and leave out take-backs;
        with ``lean``, leave out the shuffles of runs."""
        cols, fnd, rlen, talon, p = st
        reserve = self.reserve
        b0, b1, b2, b3, b4, b5, b6 = buckets
        # The talon cards that drawing and recycling can bring to the top of the waste.
        if talon:
            where, held, takers = self.where.get((talon, p)) or self._where(talon, p)
        else:
            where, held, takers = _NO_TALON
        rtop = reserve[rlen - 1] if rlen else -1
        layouts = self.layouts  # empty under draw 1: then not even looked up
        tops, empty, onto = (layouts and layouts.get(cols)) or self._layout(cols)
        # Empty columns take cards only when the reserve is empty (R16, R17).  Moves to
        # two empty columns give the same position up to the column order, so only the
        # first empty column is offered as a target.
        first_empty = -1 if rlen else empty
        info = self.fnd.get(fnd) or self._foundations(fnd)
        wanted, up = info[0], info[1]
        # Quick refusals: no column top, or no talon card, can go up.
        tops_up = not info[3].isdisjoint(tops)
        talon_up = not info[3].isdisjoint(held)
        if greedy:
            height, opposite = self.height, _OPPOSITE

        # 1. Cards to the foundations: reserve, columns, talon.
        if rtop >= 0 and wanted[_SUIT[rtop]] == rtop:
            item: tuple[IMove, State] = ((RF,), (cols, up[_SUIT[rtop]], rlen - 1, talon, p))
            if greedy:
                h = height[rtop]
                s1, s2 = opposite[rtop]
                if h <= 1 or (fnd[s1] >= h and fnd[s2] >= h):
                    return item
            b0.append(item)
        if tops_up:
            going = info[3]
            for i in range(4):
                top = tops[i]
                if top in going and top >= 0:
                    col = cols[i][:-1]
                    r = rlen
                    if not col and r:
                        col = reserve[r - 1 : r]
                        r -= 1
                    c = list(cols)
                    c[i] = col
                    item = ((CF, i), (tuple(c), up[_SUIT[top]], r, talon, p))
                    if greedy:
                        h = height[top]
                        s1, s2 = opposite[top]
                        if h <= 1 or (fnd[s1] >= h and fnd[s2] >= h):
                            return item
                    b0.append(item)
        if talon_up:
            for s in range(4):
                card = wanted[s]
                got = where.get(card)
                if got is not None:
                    q, after = got
                    item = ((TF, card), (cols, up[s], rlen, talon[: q - 1] + talon[q:], after))
                    if greedy:
                        h = height[card]
                        s1, s2 = opposite[card]
                        if h <= 1 or (fnd[s1] >= h and fnd[s2] >= h):
                            return item
                    b0.append(item)

        # 2. The reserve's top to a column.
        if rtop >= 0 and not _ONTO[rtop].isdisjoint(tops):
            one = _ONE[rtop]
            for i in range(4):
                top = tops[i]
                if top >= 0 and rtop in ACCEPT[top]:
                    c = list(cols)
                    c[i] = cols[i] + one
                    b1.append(((RC, i), (tuple(c), fnd, rlen - 1, talon, p)))

        # 3. Runs between columns (R14): any tail of a column's run may move.
        for s, t, start, to_empty in onto:
            col = cols[s]
            if start:
                if to_empty and rlen:
                    continue
                # The class of ``uncovering``, found before the move is made.
                under = col[start - 1]
                if wanted[_SUIT[under]] == under or rtop in ACCEPT[under]:
                    bucket = b2
                elif col[start] not in ACCEPT[under]:
                    bucket = b3
                elif lean:
                    continue
                else:
                    bucket = b5
                c = list(cols)
                c[t] = cols[t] + col[start:]
                c[s] = col[:start]
                bucket.append(((CC, s, t, len(col) - start), (tuple(c), fnd, rlen, talon, p)))
                continue
            c = list(cols)
            c[t] = cols[t] + col
            move = (CC, s, t, len(col))
            if rlen:
                c[s] = reserve[rlen - 1 : rlen]
                b1.append((move, (tuple(c), fnd, rlen - 1, talon, p)))
            else:
                c[s] = b""
                b3.append((move, (tuple(c), fnd, rlen, talon, p)))

        # 4. Talon cards to columns.
        if where and (first_empty >= 0 or not takers.isdisjoint(tops)):
            for i in range(4):
                top = tops[i]
                if top >= 0:
                    if top not in takers:
                        continue
                    cards: Iterable[int] = _ACCEPT_SEQ[top]
                elif i == first_empty:
                    cards = where
                else:
                    continue
                for a in cards:
                    if a not in where:
                        continue
                    q, after = where[a]
                    c = list(cols)
                    c[i] = cols[i] + _ONE[a]
                    b4.append(
                        ((TC, a, i), (tuple(c), fnd, rlen, talon[: q - 1] + talon[q:], after))
                    )

        # 5. Take-backs from the foundations (R22).
        if not greedy and (first_empty >= 0 or not info[4].isdisjoint(tops)):
            down = info[2]
            for s, card in info[5]:
                if first_empty < 0 and _ONTO[card].isdisjoint(tops):
                    continue
                for i in range(4):
                    top = tops[i]
                    if (top >= 0 and card in ACCEPT[top]) or i == first_empty:
                        c = list(cols)
                        c[i] = cols[i] + _ONE[card]
                        b6.append(((FC, s, i), (tuple(c), down[s], rlen, talon, p)))
        return None

    def ordered(
        self,
        st: State,
        rng: random.Random | None = None,
        greedy: bool = False,
        lean: bool = False,
    ) -> list[tuple[IMove, State]]:
        """The successors, most promising first; ``rng`` shuffles each class.

        ``greedy`` prunes, with no guarantee: it plays a foundation move at once when
        both cards that could go on the card are on the foundations, and it never
        takes a card back from a foundation.  ``lean`` leaves out the shuffles of
        runs (see :func:`unshuffled`).  Only wins found that way are used.

        The classes, in order: moves to the foundations; the reserve's top to a
        column, and runs whose move empties a column that the reserve then fills;
        runs that uncover a card that can go up or take the reserve's top; runs that
        uncover a card they were not built on, or empty a column; talon cards to
        columns; the rest of the runs; take-backs."""
        buckets: list[list[tuple[IMove, State]]] = [[], [], [], [], [], [], []]
        hit = self._generate(st, greedy, lean, buckets)
        if hit is not None:
            kids = [hit]
        else:
            if rng is not None:
                shuffle_classes(buckets, rng)
            b0, b1, b2, b3, b4, b5, b6 = buckets
            kids = [*b0, *b1, *b2, *b3, *b4, *b5, *b6]
        # Under ``autocomplete`` the classes are those of the moves before the finish.
        return self._finished(kids) if self.autocomplete else kids


def unshuffled(engine: Any, st: Any, kids: list[tuple[IMove, Any]]) -> list[tuple[IMove, Any]]:
    """``kids`` without the moves that only shuffle a run between columns: part of a
    run moved off a card that holds it, when the card it leaves on top can neither go
    up nor take the reserve's top.  Such a move changes which of two cards of a rank
    and colour is on top, and is sometimes needed: the lean search drops it anyway."""
    cols, fnd, rlen = st[0], st[1], st[2]
    wanted = [engine.next[s][fnd[s]] for s in range(4)]
    rtop = engine.reserve[rlen - 1] if rlen else -1
    out = []
    for item in kids:
        m = item[0]
        if m[0] == CC:
            col = cols[m[1]]
            k = len(col) - m[3]
            if k > 0 and uncovering(col, k, wanted, rtop, engine.accept) == SHUFFLE:
                continue
        out.append(item)
    return out


def uncovering(col: bytes, start: int, wanted: Any, rtop: int, accept: Any) -> int:
    """The class in the move order of moving ``col[start:]`` (``start`` > 0) off the
    card under it, by what the move uncovers: 2 for a card that can go up (it is in
    ``wanted``, the foundations' next cards by suit) or take the reserve's top
    ``rtop`` (-1 for none), 3 for a card the part was not built on (``accept[c]``:
    the cards that go on card ``c``), else ``SHUFFLE``."""
    under = col[start - 1]
    if wanted[_SUIT[under]] == under or rtop in accept[under]:
        return 2
    if col[start] not in accept[under]:
        return 3
    return SHUFFLE
