"""Dead ends by locked cards that a full reserve keeps out of the empty columns.

Under ``fill="auto"`` (and ``"auto-waste"``) a column that empties while the reserve
holds a card is refilled from the reserve within the same move, so no other card ever
enters an empty column until the reserve is empty.  A card of a locked set ``S`` in the
reserve leaves it only as a refill, and a column that takes such a card keeps it at its
bottom for good; so when the reserve holds more cards of ``S`` than there are columns
whose bottom card is not in ``S``, the reserve never empties, and the locked set holds
even though some columns can empty.  ``docs/solver.rst`` ("Locked cards behind a full
reserve") gives the argument; this module is the test.
"""

from __future__ import annotations

from ._solver_locks import _SUIT, Locks

__all__ = ["ROOM", "reserve_holds"]

_BIT = [1 << c for c in range(52)]
# Whether the general engines made from now on use the test (docs/solver.rst, "Locked
# cards behind a full reserve, measured").
ROOM = True


def reserve_holds(
    lock: Locks,
    cols: tuple[bytes, ...],
    fnd: tuple[int, ...],
    reserve: bytes,
    waste: bytes | None,
    loose: bytes,
) -> bool:
    """Whether the position is lost because a locked set keeps the reserve from
    emptying: the largest set ``S`` locked when no card but a refill enters an empty
    column, with every reserve card counted as uncovered and as a landing place (it
    may be refilled into a column), holds more reserve cards than there are columns
    whose bottom card is not in ``S``.

    ``waste`` is the waste of the last pass (a pile whose cards leave from the top
    only), or None while it can still be recycled; ``loose`` the talon cards in no pile.
    Every column must hold a card (an empty column and a non-empty reserve never meet
    under the refilling fills).

    >>> import pycanfield as cf
    >>> from pycanfield._solver_rules import RulesEngine
    >>> lock = RulesEngine(b"", 1, cf.Rules.parse("rainfall")).lock
    >>> th, ks, jh, qh, kh = (cf.Card.parse(t).index for t in ("TH", "KS", "JH", "QH", "KH"))
    >>> reserve = bytes([jh, qh, kh])  # K♥ on top
    >>> # Hearts up to the 9: 10♥ goes up and its column takes K♥ for good.
    >>> reserve_holds(lock, (bytes([th]),), (13, 9, 13, 13), reserve, None, b"")
    True
    >>> # K♠ goes up too: a second column takes Q♥, and J♥ comes to the top.
    >>> reserve_holds(lock, (bytes([th]), bytes([ks])), (12, 9, 13, 13), reserve, None, b"")
    False
    """
    if not reserve:
        return False
    height, nxt, accept_set, takes = lock.height, lock.next, lock.accept_set, lock.takes
    ups, bit, suit = lock.ups, _BIT, _SUIT
    ncols = len(cols)
    stacks = list(cols) if waste is None else [*cols, waste]
    # Every card not up starts in the set (each lies in a pile, the reserve or loose).
    locked = bytearray(lock.in_play.get(fnd) or lock.not_up(fnd))
    room = 0
    for col in cols:
        room |= takes[col[-1]]
    high = [len(stack) - 1 for stack in stacks]
    low = list(fnd)
    # Bit c of ``up``: card c may go up (no card of its suit below it is in the set),
    # kept for the loose cards; of ``pending``: c is loose and in the set.
    up = ups[0][low[0]] | ups[1][low[1]] | ups[2][low[2]] | ups[3][low[3]]
    pending = 0
    for c in loose:
        pending |= bit[c]
    whole = lock.whole
    # The reserve from the top down; ``kept``: its cards in the set; ``opened``: the
    # columns whose bottom card is out of the set, each of which may take one card of
    # the set from the reserve.
    above = reserve[::-1]
    kept = len(reserve)
    opened = 0
    changed = True
    # Taking a card out of the set (``Locks._free``, with ``up`` kept) is written out
    # in each loop: this test runs for most positions searched.
    while changed:
        changed = False
        for k, stack in enumerate(stacks):
            h = high[k]
            while h >= 0:
                c = stack[h]
                if not room & bit[c] and low[suit[c]] < height[c]:
                    break
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
                if h == 0 and k < ncols:
                    opened += 1
                # Uncover the cards down to the next card of the set, that one too.
                h -= 1
                while h >= 0 and not locked[stack[h]]:
                    room |= takes[stack[h]]
                    h -= 1
                if h >= 0 and k < ncols:
                    room |= takes[stack[h]]
            high[k] = h
            if h > 0 and k < ncols and whole:
                # The bottom card leaves under the rest of the column when the card
                # on it fits (runs="whole").
                b = stack[0]
                if locked[b] and room & bit[b] and stack[1] in accept_set[b]:
                    locked[b] = 0
                    s = suit[b]
                    if low[s] == height[b]:
                        z, row = height[b] + 1, nxt[s]
                        while z < 13 and not locked[row[z]]:
                            z += 1
                        low[s] = z
                        up |= ups[s][z]
                    opened += 1
                    changed = True
        if kept < opened:
            return False
        # A card of the set in the reserve comes to its top once the cards of the set
        # above it are refilled into columns (``opened`` at most): only then may it
        # leave, and the first ``opened`` of them may be column cards, landing places.
        seen = 0
        for c in above:
            if not locked[c]:
                continue
            if seen > opened:
                break
            if room & bit[c] or low[suit[c]] >= height[c]:
                locked[c] = 0
                s = suit[c]
                if low[s] == height[c]:
                    z, row = height[c] + 1, nxt[s]
                    while z < 13 and not locked[row[z]]:
                        z += 1
                    low[s] = z
                    up |= ups[s][z]
                room |= takes[c]
                kept -= 1
                changed = True
                continue
            if seen < opened and room | takes[c] != room:
                room |= takes[c]
                changed = True
            seen += 1
        if kept < opened:
            return False
        free = pending & (room | up)
        while free:
            # The loose cards that may leave, one at a time (each may free more).
            one = free & -free
            pending ^= one
            c = one.bit_length() - 1
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
    return kept >= opened
