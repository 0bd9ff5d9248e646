"""Winning lines a person can follow: no position twice, no action that can be left out.

The search returns a line of public actions that wins; :func:`tidy` then cuts every
stretch that comes back to a position already met (a loop) and leaves out, one at a
time, every action without which the rest of the line still plays and wins.
"""

from __future__ import annotations

import time

from ._errors import IllegalMoveError
from ._moves import RECYCLE, Move, MoveKind
from ._position import Position
from ._rules import _play
from ._variants import Rules

__all__ = ["passes", "tidy"]

_COUNTED = {
    MoveKind.RESERVE_TO_FOUNDATION,
    MoveKind.WASTE_TO_FOUNDATION,
    MoveKind.COLUMN_TO_FOUNDATION,
    MoveKind.FOUNDATION_TO_COLUMN,
    MoveKind.CHOOSE_BASE,
}


def passes(line: tuple[Move, ...] | list[Move]) -> int:
    """Passes through the stock the line makes: one, and one more for each recycle."""
    return 1 + sum(1 for move in line if move is RECYCLE)


def exact_key(pos: Position) -> tuple[object, ...]:
    # Equal keys are the same position but for the fan, which no rule reads.
    return (
        pos.stock,
        pos.waste,
        pos.reserve,
        pos.foundations,
        pos.columns,
        pos.passes,
        pos.pending,
    )


def _won(pos: Position) -> bool:
    return all(f.size == 13 for f in pos.foundations)


def _positions(pos: Position, line: list[Move], draw: int, rules: Rules) -> list[Position]:
    out = [pos]
    for move in line:
        pos = _play(pos, move, draw, rules)[0]
        out.append(pos)
    return out


def cut_loops(pos: Position, line: list[Move], draw: int, rules: Rules) -> list[Move]:
    """The line without the stretches between two visits of one position."""
    states = _positions(pos, line, draw, rules)
    last = {exact_key(st): k for k, st in enumerate(states)}
    out: list[Move] = []
    i = 0
    while i < len(line):
        # Jump to the last visit of this position, then play on from there.
        j = last[exact_key(states[i])]
        if j >= len(line):
            break
        out.append(line[j])
        i = j + 1
    return out


def _wins_from(pos: Position, line: list[Move], start: int, draw: int, rules: Rules) -> bool:
    try:
        for k in range(start, len(line)):
            pos = _play(pos, line[k], draw, rules)[0]
    except IllegalMoveError:
        return False
    return _won(pos)


def tidy(
    pos: Position, line: list[Move], draw: int, rules: Rules, deadline: float | None = None
) -> list[Move]:
    """``line``, which wins from ``pos``, without loops and without any action that can
    be left out (each tried from the end of the line back, until none can)."""
    line = cut_loops(pos, line, draw, rules)
    # Without the finish of autocomplete, each move up or down changes the count of
    # cards on the foundations by one, and the line must end with all 52 up: such a
    # move is never one that can be left out, and is not tried.
    fixed = set() if rules.autocomplete else _COUNTED
    changed = True
    while changed:
        changed = False
        states = _positions(pos, line, draw, rules)
        for i in range(len(line) - 1, -1, -1):
            if line[i].kind in fixed:
                continue
            if deadline is not None and time.perf_counter() > deadline:
                return line
            if _wins_from(states[i], line, i + 1, draw, rules):
                del line[i]
                changed = True
        if changed:
            line = cut_loops(pos, line, draw, rules)
    return line
