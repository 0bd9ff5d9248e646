"""Dead ends where no card can ever be brought to its foundation, for the general solver
without take-backs.

Call a position *frozen* when none of the cards next on their foundations can be played
up at once: none is the top of a column or of the reserve, and none is a talon card that
draws (and recycles) can bring up.  From a frozen position no move changes the
foundations, so every successor has the same cards next on their foundations; the
position is lost when no line of moves from it ever reaches one that is not frozen.

Within the frozen positions of one set of foundations, two positions that differ only by
exchanging cards of the same rank (under ``build="any"``; of the same rank and colour
under ``"alternate"``) that are not next on their foundations have the same moves, up to
that exchange: a move to a foundation is never among them, and every other move depends
on the ranks (and colours) alone.  So the search below looks at each position through a
key that forgets those suits, and remembers every key it proved lost.  The argument is in
``docs/solver.rst`` ("Frozen foundations").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._cards import PACK

if TYPE_CHECKING:
    from ._solver_core import IMove
    from ._solver_rules import RState, RulesEngine

__all__ = ["FROZEN", "FROZEN_ENDLESS", "Frozen", "alike"]

# Whether the general engines made from now on use the test (docs/solver.rst, "Frozen
# foundations, measured").
FROZEN = True
# Whether it runs while the talon is recycled without end (``redeals=None``): off, as it
# costs more time there than it saves (docs/solver-measured.rst, "Frozen foundations,
# measured").
FROZEN_ENDLESS = False
# The most keys looked at from one position before the test gives up: the closures proved
# lost are small (about three keys on the deals measured), the others are cut short.
BUDGET = 40
# The most keys remembered, each way, before the memory is cleared.
_MEMO = 1 << 17
_SEP = b"\xff"
_RANK = [c.rank.value for c in PACK]
_RED = [c.is_red for c in PACK]


def alike(build: str) -> list[int]:
    """What each card not next on its foundation is seen as under ``build``: its rank,
    with its colour under "alternate"; under "suit" the card itself (no two cards are
    alike).  Every value is a byte below 255, the separator of a key's columns."""
    colour = build == "alternate"
    return [
        c if build == "suit" else 64 + _RANK[c] + (16 if colour and _RED[c] else 0)
        for c in range(52)
    ]


class Frozen:
    """The test of frozen foundations for one engine (``RulesEngine`` makes it only when
    nothing comes down from the foundations, as with the locked cards)."""

    def __init__(self, engine: RulesEngine) -> None:
        self.engine = engine
        self.alike = alike(engine.rules.build)
        # For each set of foundation sizes: the translation table of the keys and the
        # cards next on their foundations.
        self.tables: dict[tuple[int, ...], tuple[bytes, frozenset[int]]] = {}
        # The keys proved lost, and the keys from which the test gave up, with their
        # foundation sizes.
        self.lost: set[tuple[tuple[int, ...], bytes]] = set()
        self.open: set[tuple[tuple[int, ...], bytes]] = set()
        self.budget = BUDGET

    def table(self, fnd: tuple[int, ...]) -> tuple[bytes, frozenset[int]]:
        """The translation of the cards into the key under ``fnd``, and the cards next on
        their foundations; memoised."""
        got = self.tables.get(fnd)
        if got is None:
            nxt = self.engine.next
            wanted = frozenset(nxt[s][fnd[s]] for s in range(4) if fnd[s] < 13)
            alike = bytearray(range(256))
            for c in range(52):
                if c not in wanted:
                    alike[c] = self.alike[c]
            if len(self.tables) >= _MEMO:
                self.tables.clear()
            got = self.tables[fnd] = (bytes(alike), wanted)
        return got

    def moving(self, st: RState, wanted: frozenset[int]) -> bool:
        """Whether a card of ``wanted`` can be played up from ``st`` at once."""
        cols, _, rlen, talon, p, passes = st
        engine = self.engine
        if rlen and engine.reserve[rlen - 1] in wanted:
            return True
        for col in cols:
            if col and col[-1] in wanted:
                return True
        if talon:
            got = engine.where.get((talon, p, passes)) or engine._where(talon, p, passes)
            if not wanted.isdisjoint(got[1]):
                return True
        return False

    @staticmethod
    def key(st: RState, alike: bytes) -> bytes:
        """The position with the cards not next on their foundations seen through
        ``alike``, the columns sorted (they are interchangeable)."""
        cols, _, rlen, talon, p, passes = st
        return (
            _SEP.join(sorted(col.translate(alike) for col in cols))
            + bytes((255, rlen, p, passes))
            + talon.translate(alike)
        )

    def dead(self, st: RState) -> bool:
        """Whether ``st`` is frozen and no line of moves from it reaches a position that
        is not: then no card ever goes up again and the game is lost.  Gives up (False)
        after ``budget`` keys."""
        fnd = st[1]
        alike, wanted = self.tables.get(fnd) or self.table(fnd)
        if not wanted or self.moving(st, wanted):
            return False
        root = (fnd, self.key(st, alike))
        lost = self.lost
        if root in lost:
            return True
        if root in self.open:
            return False
        seen = {root[1]}
        stack = [st]
        generate, budget = self.engine._generate, self.budget
        while stack:
            out: list[tuple[IMove, RState]] = []
            generate(stack.pop(), False, False, [out] * 7, None)
            for _, child in out:
                if child[1] != fnd or self.moving(child, wanted):
                    self._give_up(root)
                    return False
                k = self.key(child, alike)
                if k in seen or (fnd, k) in lost:
                    continue
                if len(seen) >= budget:
                    self._give_up(root)
                    return False
                seen.add(k)
                stack.append(child)
        if len(lost) + len(seen) > _MEMO:
            lost.clear()
        lost.update((fnd, k) for k in seen)
        return True

    def _give_up(self, root: tuple[tuple[int, ...], bytes]) -> None:
        """Remember that the test gave up from ``root``, so as not to try it again."""
        if len(self.open) >= _MEMO:
            self.open.clear()
        self.open.add(root)
