"""Winning lines a person can follow: no position twice, no action that can be left out,
and on request the fewest passes through the stock the search finds."""

from __future__ import annotations

from typing import Any, cast

import pytest

import pycanfield as cf
from pycanfield import _solver_lines
from pycanfield._solver import _search
from pycanfield._solver_core import CC, CF, TC, EngineLike, IMove
from pycanfield._solver_lines import _shortcuts, passes, shorten
from test_solver_variants import replay


def visited(start: cf.GameState, moves: tuple[cf.Move, ...]) -> list[tuple[object, ...]]:
    games = [start]
    for move in moves:
        games.append(cf.apply(games[-1], move))
    return [
        (p.stock, p.waste, p.reserve, p.foundations, p.columns, p.passes)
        for p in (g.position for g in games)
    ]


def still_wins(start: cf.GameState, moves: tuple[cf.Move, ...]) -> bool:
    try:
        return cf.is_won(replay(start, moves))
    except cf.IllegalMoveError:
        return False


@pytest.mark.parametrize(
    "code", ["CF1-D3-AAAAACL", "CF1-D1-AAAAACL", "CPY-D3-AAAAACL", "CSE-D3-AAAAACL"]
)
def test_winning_lines_have_no_loop_and_nothing_to_leave_out(code: str) -> None:
    start = cf.deal(code)
    result = cf.solve(start, node_limit=20_000)
    assert result.status is cf.SolveStatus.WIN
    keys = visited(start, result.moves)
    assert len(set(keys)) == len(keys)
    for i in range(len(result.moves)):
        assert not still_wins(start, result.moves[:i] + result.moves[i + 1 :]), i
    assert cf.hint(start, node_limit=20_000, time_limit=None) == result.moves[0]


@pytest.mark.parametrize("code", ["CF1-D3-AAAAACL", "CPY-D3-AAAAACL", "CRF-D1-AAAAACL"])
def test_fewest_passes_never_makes_more_passes(code: str) -> None:
    start = cf.deal(code)
    usual = cf.solve(start, node_limit=30_000)
    fewest = cf.solve(start, node_limit=30_000, fewest_passes=True)
    assert usual.status is fewest.status
    if usual.status is cf.SolveStatus.WIN:
        assert passes(fewest.moves) <= passes(usual.moves)
        assert fewest.positions >= usual.positions
        assert cf.is_won(replay(start, fewest.moves))


def test_fewest_passes_finds_fewer_passes() -> None:
    """The reference deal under PySolFC rules is won in fewer passes than the first
    line found makes."""
    start = cf.deal("CPY-D3-AAAAACL")
    usual = cf.solve(start, node_limit=50_000)
    fewest = cf.solve(start, node_limit=50_000, fewest_passes=True)
    assert passes(fewest.moves) < passes(usual.moves)


def test_fewest_passes_is_a_flag() -> None:
    with pytest.raises(cf.OptionError):
        cf.solve("CF1-D3-AAAAACL", fewest_passes="yes")  # type: ignore[arg-type]


class _Named:
    """An engine of named states ``(columns, rest)``: ``kids[state]`` their moves."""

    def __init__(self, kids: dict[Any, list[tuple[IMove, Any]]]) -> None:
        self.kids = kids

    def children(self, st: Any) -> list[tuple[IMove, Any]]:
        return self.kids.get(st, [])


def _line_of_five(*, late: bool) -> tuple[_Named, list[Any], list[IMove]]:
    """A line of five moves from ``s0`` to ``s5``, the first a shuffle; ``x`` is a
    shuffle from ``s0``, and ``s3`` a move from ``x``; ``y`` is a move up from ``s0``,
    and ``s5`` a move from ``y``; with ``late``, ``s4`` is a move from ``s1``."""
    s = [(f"c{i}", "r0" if i < 2 else f"r{i}") for i in range(6)]
    line: list[IMove] = [(CC, 0, 1, 1), (TC, 1, 0), (TC, 2, 0), (TC, 3, 0), (TC, 4, 0)]
    kids: dict[Any, list[tuple[IMove, Any]]] = {s[i]: [(line[i], s[i + 1])] for i in range(5)}
    x, y = ("cx", "r0"), ("cy", "r9")
    kids[s[0]] += [((CC, 0, 2, 1), x), ((CF, 0), y)]
    kids[x] = [((TC, 9, 0), s[3])]
    kids[y] = [((TC, 8, 0), s[5])]
    if late:
        kids[s[1]].append(((TC, 7, 0), s[4]))
    return _Named(kids), s, line


def test_shorten_takes_the_fewest_moves_through_the_shortcuts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A line is cut to the fewest moves through its states, by one move or, where the
    line shuffles, a shuffle and a move that reach a later state: with ``late``
    through ``s1`` (three moves) rather than ``x`` (four), and never through ``y``,
    whose two moves do not start with a shuffle.  Two moves are looked for only on a
    line that still makes more than ``WANDER`` shuffles."""
    named, states, line = _line_of_five(late=False)
    engine = cast(EngineLike, named)
    assert shorten(engine, states, line) == line  # one shuffle, not more than WANDER
    monkeypatch.setattr(_solver_lines, "WANDER", 0)
    assert shorten(engine, states, line) == [(CC, 0, 2, 1), (TC, 9, 0), (TC, 3, 0), (TC, 4, 0)]
    named, states, line = _line_of_five(late=True)
    engine = cast(EngineLike, named)
    assert shorten(engine, states, line) == [(CC, 0, 1, 1), (TC, 7, 0), (TC, 4, 0)]
    # Where the line does not shuffle, no two moves are looked for.
    named, states, line = _line_of_five(late=False)
    engine = cast(EngineLike, named)
    states[1] = ("c1", "r1")
    named.kids[states[0]][0] = (line[0], states[1])
    named.kids[states[1]] = [(line[1], states[2])]
    assert shorten(engine, states, line) == line


@pytest.mark.parametrize("wander", [0, 100])
@pytest.mark.parametrize(
    ("code", "limit"), [("CRB-D1-ZNIMXVW", 100_000), ("CF1-D3-OUVIREV", 100_000)]
)
def test_shortened_lines_win_and_have_no_shortcut_left(
    code: str, limit: int, wander: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search's line, shortened, is made of the engine's moves, wins, is no longer,
    and a further pass finds nothing to cut: of two moves when the line made more than
    ``WANDER`` shuffles, else of one."""
    monkeypatch.setattr(_solver_lines, "WANDER", wander)
    search = _search(cf.deal(code), limit, None)
    found, line = search.run()
    assert found
    engine, states = search.engine, search.path_states
    short = shorten(engine, states, line)
    assert len(short) <= len(line)
    along = [states[0]]
    for move in short:
        along.append(dict(engine.children(along[-1]))[move])
    assert engine.won(along[-1])
    assert _shortcuts(engine, along, short, two=False)[0] == short
    if wander == 0:
        assert _shortcuts(engine, along, short)[0] == short
