"""Winning lines a person can follow: no position twice, no action that can be left out,
and on request the fewest passes through the stock the search finds."""

from __future__ import annotations

import pytest

import pycanfield as cf
from pycanfield._solver_lines import passes
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
