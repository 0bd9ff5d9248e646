"""Winning lines a person can follow: no position twice, no action that can be left out.

The search returns a line of its own moves that wins; :func:`shorten` cuts the
detours out of it, through the search's states.  Played out as public actions,
:func:`tidy` then cuts every stretch that comes back to a position already met (a loop)
and leaves out, one at a time, every action without which the rest of the line still
plays and wins.
"""

from __future__ import annotations

import time
from typing import Any

from ._errors import IllegalMoveError
from ._moves import RECYCLE, Move, MoveKind
from ._position import Position
from ._rules import _play
from ._solver_core import CC, EngineLike, IMove
from ._variants import Rules

__all__ = ["passes", "shorten", "tidy"]

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


#: The shuffles a line must still make, after the shortcuts of one move, for the
#: shortcuts of two to be looked for: a line that makes fewer did not wander, and the
#: second moves would cost more than they save (docs/solver-measured.rst, "Lines with
#: shuffles").
WANDER = 100


def shorten(engine: EngineLike, states: list[Any], line: list[IMove]) -> list[IMove]:
    """Cut detours out of a winning line (``states`` along it, the first and the last
    included): the fewest moves from the first state to the last through the line's
    states, where one move reaches a later state of the line exactly (same column
    order); again on the shorter line, until no move is saved.  Then, if the line still
    makes more than ``WANDER`` shuffles, the same where a shuffle and one move do, from
    the states where the line shuffles.  A *shuffle* is a move between columns that
    changes nothing else (no refill from the reserve); a depth-first search wanders in
    them (under ``rainbow`` a line can hold more than a thousand)."""
    line, states = _fewest(engine, states, line, two=False)
    if sum(_shuffle(states[i], move, states[i + 1]) for i, move in enumerate(line)) > WANDER:
        line, states = _fewest(engine, states, line, two=True)
    return line


def _fewest(
    engine: EngineLike, states: list[Any], line: list[IMove], *, two: bool
) -> tuple[list[IMove], list[Any]]:
    """Passes of :func:`_shortcuts` until one saves no move: the line and its states."""
    while True:
        shorter, along = _shortcuts(engine, states, line, two=two)
        if len(shorter) >= len(line):
            return line, states
        line, states = shorter, along


def _shuffle(st: Any, move: IMove, child: Any) -> bool:
    return move[0] == CC and child[1:] == st[1:]


def _shortcuts(
    engine: EngineLike, states: list[Any], line: list[IMove], *, two: bool = True
) -> tuple[list[IMove], list[Any]]:
    """One pass of :func:`shorten` (``two``: with the shortcuts of two moves): the
    line and its states."""
    index = {st: i for i, st in enumerate(states)}  # a state met twice: its last visit
    last = len(states) - 1
    # From the end back: the fewest moves from each state of the line to the last,
    # and the first jump of such a line (the state it reaches, its moves and states).
    cost = [0] * (last + 1)
    jump: list[tuple[int, list[IMove], list[Any]]] = [(last, [], [])] * (last + 1)
    wander = [two and _shuffle(states[i], move, states[i + 1]) for i, move in enumerate(line)]
    for i in range(last - 1, -1, -1):
        best, to = 1 + cost[i + 1], (i + 1, [line[i]], [states[i + 1]])
        st = states[i]
        for move, child in engine.children(st):
            k = index.get(child, -1)
            if k > i and 1 + cost[k] < best:
                best, to = 1 + cost[k], (k, [move], [child])
            if wander[i] and _shuffle(st, move, child):
                for move2, grand in engine.children(child):
                    k = index.get(grand, -1)
                    if k > i and 2 + cost[k] < best:
                        best, to = 2 + cost[k], (k, [move, move2], [child, grand])
        cost[i], jump[i] = best, to
    out: list[IMove] = []
    along = [states[0]]
    i = 0
    while i < last:
        i, moves, passed = jump[i]
        out += moves
        along += passed
    return out, along
