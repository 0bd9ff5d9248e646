"""Dead ends by locked cards, for the general solver without take-backs.

A set ``S`` of cards not on the foundations is *locked* when every way for each of its
cards to leave its place needs another card of ``S`` to have left first; then no card
of ``S`` ever leaves (the first to leave would need an earlier one), none of them goes
up, and the game is lost.  ``docs/solver.rst`` ("Locked cards") gives the argument and
the options under which it holds; this module finds the largest such set.
"""

from __future__ import annotations

from collections.abc import Callable

from ._cards import PACK

__all__ = ["Locks"]

_SUIT = [c.suit.value for c in PACK]
_BIT = [1 << c for c in range(52)]
# The most columns (with foundation sizes) remembered by the quick test.
_MEMO = 1 << 14
# Where a card lies, for ``Locks.pinned``: its stack (a column, the reserve, the waste of
# the last pass) or no stack (the stock, or a talon still to be recycled).
_LOOSE = -1
# Whether the all-piles fixpoint runs while the talon is recycled without end, and under
# fills that let no column card into an empty column (docs/solver.rst, "Locked cards").
FIXPOINT_ENDLESS = False
FIXPOINT_ALONE = False


def _free(
    c: int, locked: bytearray, low: list[int], height: list[int], nxt: list[list[int]]
) -> None:
    """Take card ``c`` out of the set; when it was the lowest card of its suit in the
    set, ``low`` moves up to the next card of the suit still in it."""
    locked[c] = 0
    s = _SUIT[c]
    z = height[c]
    if low[s] == z:
        z += 1
        while z < 13 and not locked[nxt[s][z]]:
            z += 1
        low[s] = z


class Locks:
    """The test of locked cards under one set of rules (``RulesEngine`` makes it only
    when nothing comes down from the foundations and no part of a run moves alone).

    ``alone``: a column card never enters an empty column under the rules' ``fill``,
    so one column with a card locked by a card of its suit below it is enough.
    """

    def __init__(
        self,
        *,
        height: list[int],
        onto: list[frozenset[int]],
        accept: list[tuple[int, ...]],
        nxt: list[list[int]],
        runs: str,
        alone: bool,
        last_pass: int | None,
        behind: Callable[..., bool] | None = None,
    ) -> None:
        self.height, self.onto, self.accept, self.next = height, onto, accept, nxt
        self.accept_set = [frozenset(cards) for cards in accept]
        # takes[z]: the bits of the cards that may go on z (see ``holds``), and
        # onto_bits[c] those of the cards c may go on.
        self.onto_bits = [sum(_BIT[z] for z in cards) for cards in onto]
        self.takes = [sum(_BIT[a] for a in cards) for cards in accept]
        self.whole = runs == "whole"
        self.alone = alone
        # The redeals after which the waste is a stack (no recycle left), if limited.
        self.last_pass = last_pass
        # The test of locked cards kept out of the empty columns by a full reserve
        # (``pycanfield._solver_room``), under the fills that refill from the reserve.
        self.behind = behind
        self.fix_endless, self.fix_alone = FIXPOINT_ENDLESS, FIXPOINT_ALONE
        self.memo: dict[tuple[bytes, tuple[int, ...]], int] = {}
        # For each set of columns and foundation sizes: 1 when lost by the quick test,
        # else the columns' bottom cards (-1 when no locked set can hold them all, 0
        # when not looked at yet); see ``dead``.
        self.layouts: dict[tuple[tuple[bytes, ...], tuple[int, ...]], int | bytes] = {}
        # For each set of foundation sizes: 1 for every card next on its foundation.
        self.wanted: dict[tuple[int, ...], bytes] = {}
        # For each set of foundation sizes: 1 for every card not up (see ``not_up``).
        self.in_play: dict[tuple[int, ...], bytes] = {}
        # ups[s][z]: the bits of the cards of suit s at heights up to z, those that may
        # go up once the lowest card of the suit in a locked set is at height z.
        self.ups = [
            [sum(_BIT[c] for c in range(52) if _SUIT[c] == s and height[c] <= z) for z in range(14)]
            for s in range(4)
        ]

    def dead(
        self,
        cols: tuple[bytes, ...],
        fnd: tuple[int, ...],
        reserve: bytes,
        talon: bytes,
        p: int,
        passes: int,
    ) -> bool:
        """Whether the position is lost by a locked set: first the quick test of one
        column at a time, then, if it may fire, the largest locked set.  What the
        columns and foundations alone decide is remembered for each pair of them."""
        layouts = self.layouts
        key = (cols, fnd)
        seen = layouts.get(key)
        if seen is None:
            if len(layouts) >= _MEMO:
                layouts.clear()
            seen = layouts[key] = self._columns(cols, fnd)
        if seen == 1:
            return True
        if (self.alone and not self.fix_alone) or (
            talon and self.last_pass is None and not self.fix_endless
        ):
            # Looking further costs more than it saves in these cases: under
            # ``alone``, or with a talon that is recycled without end (docs/solver.rst).
            return False
        if seen == 0:
            seen = layouts[key] = self._bottoms(cols, fnd)
        # The piles as ``_stacks`` gives them, made here: once no recycle is left, the
        # waste is a pile too.
        last = self.last_pass is not None and passes >= self.last_pass
        if not isinstance(seen, int):
            if last:
                held = self.holds([*cols, reserve, talon[:p]], len(cols), talon[p:], fnd, seen)
            else:
                held = self.holds([*cols, reserve], len(cols), talon, fnd, seen)
            if held:
                return True
        behind = self.behind
        if behind is None or not reserve or not all(cols):
            return False
        # Some column may empty: whether the reserve still keeps a locked set whole.
        if last:
            return behind(self, cols, fnd, reserve, talon[:p], talon[p:])
        return behind(self, cols, fnd, reserve, None, talon)

    def not_up(self, fnd: tuple[int, ...]) -> bytes:
        """1 for every card not on the foundations of sizes ``fnd``; memoised."""
        if len(self.in_play) >= _MEMO:
            self.in_play.clear()
        height = self.height
        got = self.in_play[fnd] = bytes(1 if fnd[_SUIT[c]] <= height[c] else 0 for c in range(52))
        return got

    def _columns(self, cols: tuple[bytes, ...], fnd: tuple[int, ...]) -> int:
        """1 when the quick test of one column at a time (:meth:`column`) finds the
        position lost, else 0."""
        memo = self.memo
        if len(memo) >= _MEMO:
            memo.clear()
        frozen, alone = True, self.alone
        for col in cols:
            got = memo.get((col, fnd))
            if got is None:
                got = memo[(col, fnd)] = self.column(col, fnd)
            if got and alone:
                return 1
            if got != 2:
                frozen = False
        return 1 if frozen and cols else 0

    def _bottoms(self, cols: tuple[bytes, ...], fnd: tuple[int, ...]) -> int | bytes:
        """The columns' bottom cards, that a locked set must hold (each column keeps
        its bottom card), or -1 when a quick look shows that one of them may leave."""
        # The bits of the column tops, and of the cards each card may go on.
        tops = 0
        for col in cols:
            if col:
                tops |= _BIT[col[-1]]
        onto = self.onto_bits
        wanted = self.wanted.get(fnd)
        if wanted is None:
            if len(self.wanted) >= _MEMO:
                self.wanted.clear()
            nxt = self.next
            wanted = self.wanted[fnd] = bytes(
                1 if nxt[_SUIT[c]][fnd[_SUIT[c]]] == c else 0 for c in range(52)
            )
        whole, accept_set = self.whole, self.accept_set
        for col in cols:
            if not col:
                return -1
            b = col[0]
            if len(col) == 1 and wanted[b]:
                return -1
            moves = len(col) == 1 or (whole and col[1] in accept_set[b])
            if moves and tops & onto[b]:
                return -1
            # The highest card of the set in the column is on top of the set's part:
            # it must wait for a card of its suit and have no column top to go on.
            for c in col:
                if not wanted[c] and not tops & onto[c]:
                    break
            else:
                return -1
        return bytes([col[0] for col in cols])

    def _stacks(
        self, cols: tuple[bytes, ...], reserve: bytes, talon: bytes, p: int, passes: int
    ) -> tuple[list[bytes], int, bytes]:
        """The piles whose cards leave from the top only (the columns first, then the
        reserve and, once no recycle is left, the waste), their number of columns, and
        the talon cards in no such pile."""
        stacks = [*cols, reserve]
        if self.last_pass is not None and passes >= self.last_pass:
            stacks.append(talon[:p])
            return stacks, len(cols), talon[p:]
        return stacks, len(cols), talon

    def column(self, col: bytes, fnd: tuple[int, ...]) -> int:
        """0 when no card of ``col`` is locked by a card of its suit below it; else 2
        when the cards up to the first such card cannot move as one run (the column can
        then never move whole), 1 when they can.

        A card ``y`` is locked so when a card of its suit below it must go up before it
        and every card it could go on is on the foundations or below it in ``col``."""
        height, onto, accept = self.height, self.onto, self.accept
        low = [13, 13, 13, 13]
        # Under runs="top" no column of two cards or more moves whole.
        run = self.whole
        for j, y in enumerate(col):
            if run and j and y not in accept[col[j - 1]]:
                run = False
            s, h = _SUIT[y], height[y]
            if low[s] < h and all(fnd[_SUIT[z]] > height[z] or z in col[:j] for z in onto[y]):
                return 1 if run else 2
            if h < low[s]:
                low[s] = h
        return 0

    def holds(
        self,
        stacks: list[bytes],
        ncols: int,
        loose: bytes,
        fnd: tuple[int, ...],
        watch: bytes,
    ) -> bool:
        """Whether the largest locked set (see :meth:`pinned`, which finds the same set)
        holds every card of ``watch``.

        The same fixpoint, with less work: only the highest card of the set in each
        pile can have a way out, but for a column's bottom card moving whole (the cards
        below it are covered by it), so each pile is looked at from its highest card of
        the set down, and where the cards are is kept as that index.

        >>> import pycanfield as cf
        >>> from pycanfield._solver_rules import RulesEngine
        >>> lock = RulesEngine(b"", 1, cf.Rules(runs="whole", takebacks=False)).lock
        >>> qs, ks = cf.Card.parse("QS").index, cf.Card.parse("KS").index
        >>> fnd = (11, 11, 13, 13)  # spades and hearts up to the jack, the others all up
        >>> lock.holds([bytes([qs, ks])], 1, b"", fnd, bytes([qs]))  # K♠ only goes up
        True
        >>> lock.holds([bytes([ks]), bytes([qs])], 2, b"", fnd, bytes([qs, ks]))
        False
        """
        height, nxt, accept_set = self.height, self.next, self.accept_set
        init = self.in_play.get(fnd) or self.not_up(fnd)
        # Every card not up is in a pile or loose, and starts in the set.  A card z is a
        # landing place when it is not up, no card of the set lies above it in its pile,
        # and it is not a card of the set outside the columns: a card may come to be put
        # on it in a column.  Bit c of ``room``: some card c may go on is a landing place
        # (the way out of ``pinned``); landing places only ever become more, so bits are
        # only set, a landing place z setting those of the cards that may go on it.
        locked = bytearray(init)
        takes = self.takes
        room = 0
        high = []
        for k, stack in enumerate(stacks):
            if k < ncols and stack and init[stack[-1]]:
                room |= takes[stack[-1]]
            high.append(len(stack) - 1)
        low = list(fnd)
        whole = self.whole
        bit, suit, ups = _BIT, _SUIT, self.ups
        # Bit c of ``up``: card c may go up (no card of its suit below it is in the
        # set), kept for the loose cards; of ``pending``: c is loose and in the set.
        up = ups[0][low[0]] | ups[1][low[1]] | ups[2][low[2]] | ups[3][low[3]]
        pending = 0
        for c in loose:
            pending |= bit[c]
        changed = True
        # Taking a card out of the set (``_free``, with ``up`` kept) is written out in
        # each loop: this test runs for most positions searched.
        while changed:
            changed = False
            for k, stack in enumerate(stacks):
                h = high[k]
                while h >= 0:
                    c = stack[h]
                    if not room & bit[c] and low[suit[c]] < height[c]:
                        break
                    if c in watch:
                        return False
                    locked[c] = 0
                    s = suit[c]
                    if low[s] == height[c]:
                        z, row = height[c] + 1, nxt[s]
                        while z < 13 and not locked[row[z]]:
                            z += 1
                        low[s] = z
                        up |= ups[s][z]
                    room |= takes[c]
                    changed = True
                    # Uncover the cards down to the next card of the set, that one too.
                    h -= 1
                    while h >= 0 and not locked[stack[h]]:
                        if init[stack[h]]:
                            room |= takes[stack[h]]
                        h -= 1
                    if h >= 0 and k < ncols:
                        room |= takes[stack[h]]
                high[k] = h
                if h > 0 and k < ncols and whole:
                    # The bottom card leaves under the rest of the column when the
                    # card on it fits (runs="whole").
                    b = stack[0]
                    if locked[b] and room & bit[b] and stack[1] in accept_set[b]:
                        if b in watch:
                            return False
                        locked[b] = 0
                        s = suit[b]
                        if low[s] == height[b]:
                            z, row = height[b] + 1, nxt[s]
                            while z < 13 and not locked[row[z]]:
                                z += 1
                            low[s] = z
                            up |= ups[s][z]
                        changed = True
            free = pending & (room | up)
            while free:
                # The loose cards that may leave, one at a time (each may free more).
                one = free & -free
                pending ^= one
                c = one.bit_length() - 1
                if c in watch:
                    return False
                locked[c] = 0
                s = suit[c]
                if low[s] == height[c]:
                    z, row = height[c] + 1, nxt[s]
                    while z < 13 and not locked[row[z]]:
                        z += 1
                    low[s] = z
                    up |= ups[s][z]
                room |= takes[c]
                changed = True
                free = pending & (room | up)
        return True

    def pinned(
        self,
        stacks: list[bytes],
        ncols: int,
        loose: bytes,
        fnd: tuple[int, ...],
        watch: bytes = b"",
    ) -> set[int] | None:
        """The largest locked set among the cards of ``stacks`` (the first ``ncols`` are
        the columns, each stack bottom to top) and ``loose`` (cards in no stack), when no
        card can enter an empty column; None as soon as a card of ``watch`` is found
        not to be locked.  The search asks :meth:`holds`, which reaches the same set
        with less work; this plain form is the reference the tests compare it with.

        Every card starts in the set; a card leaves it once it has a way out that no
        card of the set blocks, until none has.  Deciding with a larger set than the
        current one (what lags behind in a pass) only keeps cards longer: the end is
        the same.
        """
        height, onto, whole = self.height, self.onto, self.whole
        accept_set = self.accept_set
        locked = bytearray(52)
        incol = bytearray(52)
        for k, stack in enumerate(stacks):
            for c in stack:
                locked[c] = 1
                if k < ncols:
                    incol[c] = 1
        for c in loose:
            locked[c] = 1

        def way_out(c: int, covered: bytearray) -> bool:
            # A card it could go on that is, or may come to be, on top of a column.
            for z in onto[c]:
                if (
                    fnd[_SUIT[z]] <= height[z]
                    and not covered[z]
                    and not (locked[z] and not incol[z])
                ):
                    return True
            return False

        changed = True
        covered = bytearray(52)
        for stack in stacks:
            for c in stack[:-1]:
                covered[c] = 1
        # low[s]: the lowest height of a card of suit s in the set (13 if none).
        nxt = self.next
        low = [13, 13, 13, 13]
        for s in range(4):
            for z in range(fnd[s], 13):
                if locked[nxt[s][z]]:
                    low[s] = z
                    break

        while changed:
            changed = False
            # Each pile from the top down, so that a card freed uncovers the next at
            # once; ``covered`` (for landing places) may lag behind.
            for k, stack in enumerate(stacks):
                above = False
                for i in range(len(stack) - 1, -1, -1):
                    c = stack[i]
                    if above:
                        covered[c] = 1
                    else:
                        covered[c] = 0
                    if not locked[c]:
                        continue
                    if above:
                        # Covered: not up; a column's bottom card still moves whole if
                        # the card on it (in the set, as a card above it is) fits.
                        out = (
                            k < ncols
                            and i == 0
                            and whole
                            and stack[1] in accept_set[c]
                            and way_out(c, covered)
                        )
                    else:
                        out = low[_SUIT[c]] >= height[c] or way_out(c, covered)
                    if out:
                        if c in watch:
                            return None
                        _free(c, locked, low, height, nxt)
                        changed = True
                    else:
                        above = True
            for c in loose:
                if locked[c] and (low[_SUIT[c]] >= height[c] or way_out(c, covered)):
                    if c in watch:
                        return None
                    _free(c, locked, low, height, nxt)
                    changed = True
        return {c for c in range(52) if locked[c]}
