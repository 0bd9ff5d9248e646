"""A plain search under any rules, kept as the tests' oracle for the solver.

The solver itself runs :mod:`pycanfield._solver_core` under every set of rules (with
the move generator of :mod:`pycanfield._solver_rules` for rules other than R1-R32).
This module is an independent check of it: a plain depth-first search over the public rules
(:func:`~pycanfield.position_moves` and :func:`~pycanfield.play`, every draw and
recycle a move of its own) with a table of the positions already searched.  It takes
two shortcuts only, both argued in ``docs/solver.rst``: the fan of the last draw is
left out of the table's key, and so is the order of the columns.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from ._moves import Move, MoveKind
from ._position import Pile, Position
from ._rules import _play, position_moves
from ._solver_lines import exact_key
from ._variants import Rules

__all__ = ["GenericSearch", "is_complete", "order_moves", "shorten"]

# Move classes, tried in this order: the base card, cards up, the reserve and the
# waste into the tableau, runs, take-backs, then the talon.  Runs before the waste
# made the search wander among shuffles of the columns on many deals.
_CLASS = {
    MoveKind.CHOOSE_BASE: 0,
    MoveKind.RESERVE_TO_FOUNDATION: 0,
    MoveKind.WASTE_TO_FOUNDATION: 0,
    MoveKind.COLUMN_TO_FOUNDATION: 0,
    MoveKind.RESERVE_TO_COLUMN: 1,
    MoveKind.WASTE_TO_COLUMN: 2,
    MoveKind.COLUMN_TO_COLUMN: 3,
    MoveKind.FOUNDATION_TO_COLUMN: 4,
    MoveKind.DRAW: 5,
    MoveKind.RECYCLE: 5,
}

Key = tuple[Pile, Pile, Pile, object, tuple[bytes, ...], int, Pile]


def order_moves(pos: Position, rules: Rules) -> list[Move]:
    """The legal moves of ``pos`` in the order the search tries them (a stable sort of
    :func:`~pycanfield.position_moves` by class: foundations first, the talon last)."""
    return sorted(position_moves(pos, rules), key=lambda m: _CLASS[m.kind])


def is_complete(pos: Position) -> bool:
    """True when all four foundations hold 13 cards (R23)."""
    return all(f.size == 13 for f in pos.foundations)


def progress(pos: Position) -> tuple[int, int, int]:
    """How far a position has come: cards on the foundations, then the fewest cards in
    the reserve, then in the talon (used for a hint when no win is known)."""
    return (
        sum(f.size for f in pos.foundations),
        -len(pos.reserve),
        -len(pos.stock) - len(pos.waste),
    )


class GenericSearch:
    """One depth-first search from ``root`` under ``rules``, with an explicit stack.

    :meth:`run` answers ``True`` with the winning line, ``False`` when every reachable
    position was searched and none is won, ``None`` when a limit stopped it.
    """

    def __init__(
        self,
        root: Position,
        rules: Rules,
        *,
        node_limit: int | None,
        time_limit: float | None,
    ) -> None:
        self.root = root
        self.rules = rules
        self.node_limit = node_limit
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.nodes = 0
        self.best: tuple[tuple[int, int, int], list[Move]] = (progress(root), [])
        self.path_positions: list[Position] = [root]
        self._columns: dict[Pile, bytes] = {}

    def key(self, pos: Position) -> Key:
        """The table's key: every part of the position that the rules read, with the
        columns sorted; the fan and the score are left out (docs/solver.rst)."""
        memo = self._columns
        cols = []
        for col in pos.columns:
            found = memo.get(col)
            if found is None:
                found = memo[col] = bytes(c.index for c in col)
            cols.append(found)
        cols.sort()
        return (
            pos.stock,
            pos.waste,
            pos.reserve,
            pos.foundations,
            tuple(cols),
            pos.passes,
            pos.pending,
        )

    def run(self) -> tuple[bool | None, list[Move]]:
        root, rules = self.root, self.rules
        if is_complete(root):
            return True, []
        seen = {self.key(root)}
        stack: list[Iterator[Move]] = [iter(order_moves(root, rules))]
        positions = [root]
        path: list[Move] = []
        key, best = self.key, self.best[0]
        node_limit, deadline = self.node_limit, self.deadline
        nodes = 0
        try:
            while stack:
                for move in stack[-1]:
                    child = _play(positions[-1], move, rules.draw, rules)[0]
                    k = key(child)
                    if k in seen:
                        continue
                    seen.add(k)
                    nodes += 1
                    path.append(move)
                    positions.append(child)
                    if is_complete(child):
                        self.path_positions = positions
                        return True, path
                    score = progress(child)
                    if score > best:
                        best = score
                        self.best = (score, path[:1])
                    stack.append(iter(order_moves(child, rules)))
                    if (node_limit is not None and nodes >= node_limit) or (
                        deadline is not None and not nodes & 255 and time.perf_counter() > deadline
                    ):
                        return None, []
                    break
                else:
                    stack.pop()
                    positions.pop()
                    if path:
                        path.pop()
            return False, []
        finally:
            self.nodes = nodes


def shorten(positions: list[Position], line: list[Move], rules: Rules) -> list[Move]:
    """Cut detours out of a winning line: from each position on it, jump to the latest
    later position on the line that one legal move reaches (same column order)."""
    index = {exact_key(p): i for i, p in enumerate(positions)}
    out: list[Move] = []
    i, last = 0, len(positions) - 1
    while i < last:
        j, chosen = i + 1, line[i]
        pos = positions[i]
        for move in position_moves(pos, rules):
            k = index.get(exact_key(_play(pos, move, rules.draw, rules)[0]))
            if k is not None and k > j:
                j, chosen = k, move
        out.append(chosen)
        i = j
    return out
