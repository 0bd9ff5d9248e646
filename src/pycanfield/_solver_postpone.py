"""Postponing moves between columns in the complete searches: a sound partial-order
reduction (docs/solver.rst, "Postponing moves between columns").

A postponable move is replaced among a position's successors by the series of moves
that follow it up to a move that depends on it; a series is one move of the kind
:data:`~pycanfield._solver_core.MACRO`, written out move by move by :func:`unfold` when
a winning line holds one.
"""

from __future__ import annotations

import random
from typing import Any

from ._solver_core import CC, CF, FC, MACRO, RC, SHUFFLE, TC, EngineLike, IMove, uncovering

__all__ = ["POSTPONE_DEPTH", "postponable", "postponed", "series", "touched", "unfold"]

# The most postponed moves in one series; the position after them is then a successor.
POSTPONE_DEPTH = 4


def postponable(engine: EngineLike, st: Any, move: IMove, every: bool) -> bool:
    """Whether ``move``, a move of ``st``, is a move between columns that the complete
    searches postpone: it leaves both its columns non-empty (so it changes those two
    columns and nothing else, and no column's emptiness), and with ``every`` false it
    shuffles a run (see :func:`~pycanfield._solver_core.unshuffled`)."""
    if move[0] != CC:
        return False
    cols = st[0]
    col = cols[move[1]]
    start = len(col) - move[3]
    if start <= 0 or not cols[move[2]]:
        return False
    if every:
        return True
    fnd, rlen = st[1], st[2]
    nxt = engine.next
    wanted = (nxt[0][fnd[0]], nxt[1][fnd[1]], nxt[2][fnd[2]], nxt[3][fnd[3]])
    rtop = engine.reserve[rlen - 1] if rlen else -1
    return uncovering(col, start, wanted, rtop, engine.accept) == SHUFFLE


def touched(move: IMove) -> tuple[int, ...]:
    """The columns a move takes from or puts on (a column emptied by it and refilled
    from the reserve is the one it takes from)."""
    kind = move[0]
    if kind == CC:
        return (move[1], move[2])
    if kind in (RC, CF):
        return (move[1],)
    if kind in (TC, FC):
        return (move[2],)
    return ()


def postponed(
    engine: EngineLike,
    st: Any,
    kids: list[tuple[IMove, Any]],
    rng: random.Random | None = None,
    *,
    every: bool = False,
) -> list[tuple[IMove, Any]]:
    """``kids``, the successors of ``st``, with each postponable move (see
    :func:`postponable`) replaced by the series that follow it up to a move that
    depends on it (docs/solver.rst, "Postponing moves between columns").

    A move depends on a postponable move from column a to column b when it touches a
    or b (:func:`touched`).  From the position after the postponable move the series
    goes on with any move, keeping the postponable moves not yet depended on; a
    postponable move joins them, a move that leaves none of them pending ends the
    series (its position is a successor, with a :func:`macro` move naming the series),
    and any other move ends it with nothing.  After ``POSTPONE_DEPTH`` postponable
    moves, or at a position whose only successor is a forced safe move, the position
    reached is a successor itself.  Every winning line can be rearranged so that
    the search follows it through these series (docs/solver.rst)."""
    out: list[tuple[IMove, Any]] = []
    done: set[tuple[Any, tuple[tuple[int, int], ...]]] = set()
    for item in kids:
        move = item[0]
        if move[0] == CC and postponable(engine, st, move, every):
            _follow(engine, item[1], (move,), ((move[1], move[2]),), out, done, rng, every)
        else:
            out.append(item)
    return out


def _follow(
    engine: EngineLike,
    st: Any,
    moves: tuple[IMove, ...],
    pending: tuple[tuple[int, int], ...],
    out: list[tuple[IMove, Any]],
    done: set[tuple[Any, tuple[tuple[int, int], ...]]],
    rng: random.Random | None,
    every: bool,
) -> None:
    """Go on with the series ``moves`` from ``st``, the position after it, where the
    postponable moves ``pending`` (as column pairs) await a move that depends on them."""
    if len(moves) >= POSTPONE_DEPTH:
        out.append((macro(moves), st))
        return
    kids = engine.ordered(st, rng)
    if engine.safe and len(kids) == 1:
        out.append((macro(moves), st))
        return
    for move, child in kids:
        cols = touched(move)
        rest = tuple(p for p in pending if p[0] not in cols and p[1] not in cols)
        if move[0] == CC and postponable(engine, st, move, every):
            rest = tuple(sorted((*rest, (move[1], move[2]))))
            mark = (child, rest)
            if mark not in done:
                done.add(mark)
                _follow(engine, child, (*moves, move), rest, out, done, rng, every)
        elif not rest:
            out.append((macro((*moves, move)), child))


def macro(moves: tuple[IMove, ...]) -> IMove:
    """One move standing for the series ``moves``: MACRO, then each move's length and
    the move."""
    flat: list[int] = [MACRO]
    for move in moves:
        flat.append(len(move))
        flat.extend(move)
    return tuple(flat)


def series(move: IMove) -> list[IMove]:
    """The moves of a :func:`macro` move, or the move alone."""
    if move[0] != MACRO:
        return [move]
    out, i = [], 1
    while i < len(move):
        n = move[i]
        out.append(move[i + 1 : i + 1 + n])
        i += 1 + n
    return out


def unfold(
    engine: EngineLike, states: list[Any], line: list[IMove]
) -> tuple[list[Any], list[IMove]]:
    """The line and its positions with each :func:`macro` move written out as its
    moves, the positions between them replayed through the engine."""
    out_states, out_line = [states[0]], []
    for i, move in enumerate(line):
        st = states[i]
        for one in series(move):
            st = next(child for m, child in engine.children(st) if m == one)
            out_line.append(one)
            out_states.append(st)
        if st != states[i + 1]:  # pragma: no cover - a bug in the search
            raise AssertionError("a series of moves does not replay")
    return out_states, out_line
