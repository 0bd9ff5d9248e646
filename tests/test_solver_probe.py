"""The depth-first search's path (docs/solver.rst, "Memory"): its older steps squeezed
to a count of the successors left, made again on the way back, and its steps counted
against the bound on memory.

A search whose path is squeezed at every chance (``KEEP_STEPS`` 2) is checked against
the same search never squeezed, position for position, under several rule sets and
each of the searches that take turns; and a search whose steps weigh much is checked
to stop within its room.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import pycanfield as cf
from pycanfield import _solver_probe, _solver_search
from pycanfield._solver import _search
from pycanfield._solver_probe import Probe
from pycanfield._solver_search import Search
from switches import interpreted_only, switched

# Each deal runs past its first squeeze; the comments say how each search ends.
DEALS = [
    ("CF1-D1-EUWCTZA", 20_000),  # unknown at the limit
    ("CF1-D3-ERKYPZE", 20_000),  # won after 3,588 positions
    ("CF1-D3-OUVIREV~REDEALS=2", 3_000),  # lost: no win in 2,600 positions
    ("CRB-D1-TMTUIRQ", 20_000),  # won after 10,200
    ("CRB-D1-PLQCDJJ", 20_000),  # unknown; its path grows deepest, later on
    ("CCL-D3-ERKYPZE", 30_000),  # won after 22,420, with the pointer table
    ("CPY-D3-LTTNCCJ", 20_000),  # unknown, with the pointer table
    ("CSU-D3-LHFGUMI", 20_000),  # won after 7,000, with the pointer table
]


def run(state: cf.GameState, limit: int) -> tuple[Any, ...]:
    search = _search(state, limit, None)
    assert isinstance(search, Search)
    found, line = search.run()
    return found, line, search.nodes, search.skipped, search.best, search.path_states


def squeezed_run(
    monkeypatch: pytest.MonkeyPatch, state: cf.GameState, limit: int
) -> tuple[tuple[Any, ...], int]:
    """``run`` with the path squeezed whenever it is looked at, and how many of its
    steps were made again on the way back."""
    made = 0
    unsqueeze = Probe.unsqueeze

    def counted(probe: Probe) -> None:
        nonlocal made
        made += 1
        unsqueeze(probe)

    with monkeypatch.context() as m:
        m.setattr(_solver_probe, "KEEP_STEPS", 2)
        m.setattr(Probe, "unsqueeze", counted)
        return run(state, limit), made


@interpreted_only
@pytest.mark.parametrize(("code", "limit"), DEALS)
def test_a_squeezed_path_searches_as_one_never_squeezed(
    monkeypatch: pytest.MonkeyPatch, code: str, limit: int
) -> None:
    state = cf.deal(code)
    monkeypatch.setattr(_solver_probe, "KEEP_STEPS", 10**9)
    plain = run(state, limit)
    squeezed, made = squeezed_run(monkeypatch, state, limit)
    assert squeezed == plain
    assert made > 0  # steps were squeezed and made again


@interpreted_only
@pytest.mark.parametrize("mode", ["shuffles", "all"])
def test_a_squeezed_path_searches_as_one_never_squeezed_when_postponing(
    monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    """The complete searches that postpone moves between columns make a step's
    successors through ``postponed``; made again, they come in the same order."""
    state = cf.deal("CF1-D1-EUWCTZA")
    with switched(_solver_search, "POSTPONE", mode):
        monkeypatch.setattr(_solver_probe, "KEEP_STEPS", 10**9)
        plain = run(state, 20_000)
        squeezed, made = squeezed_run(monkeypatch, state, 20_000)
    assert squeezed == plain
    assert made > 0


@interpreted_only
@pytest.mark.parametrize(
    ("rules", "numbers"),
    [
        (cf.Rules(autocomplete=True), (7, 5)),  # unknown at the limit; lost
        (cf.Rules(draw=1, redeals=1, build="suit"), (1, 2)),  # lost; unknown
        (cf.Rules(takebacks=False, runs="whole", fill="player"), (1, 2)),  # unknown
    ],
)
def test_a_squeezed_path_searches_as_one_never_squeezed_under_other_rules(
    monkeypatch: pytest.MonkeyPatch, rules: cf.Rules, numbers: tuple[int, ...]
) -> None:
    """The finish of ``autocomplete``, counted redeals (their far talon cards sorted)
    and fills by the player each change how a step's successors are made."""
    for number in numbers:
        state = cf.deal(cf.Deal(number, rules=rules))
        monkeypatch.setattr(_solver_probe, "KEEP_STEPS", 10**9)
        plain = run(state, 10_000)
        squeezed, made = squeezed_run(monkeypatch, state, 10_000)
        assert squeezed == plain
        assert made > 0


def test_squeezed_steps_keep_only_a_count_below_the_last_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_solver_probe, "KEEP_STEPS", 8)
    search = _search(cf.deal("CRB-D1-PLQCDJJ"), None, None)
    assert isinstance(search, Search)
    probe = Probe(search, None, False)
    probe.advance(5_000)
    stack = probe.stack
    assert len(stack) > 3 * 8
    counts = [i for i, left in enumerate(stack) if isinstance(left, int)]
    # The steps from ``squeezed`` on are iterators; at most twice KEEP_STEPS of them,
    # plus what one stretch of 256 positions between two looks adds.
    assert counts == list(range(probe.squeezed))
    assert 8 <= len(stack) - probe.squeezed <= 2 * 8 + 256
    assert len(stack) == len(probe.states) == len(probe.path) + 1


def test_a_fresh_search_with_a_random_order_never_squeezes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its order could not be made again: its path stays whole (a fresh search's
    budget bounds its path)."""
    monkeypatch.setattr(_solver_probe, "KEEP_STEPS", 2)
    search = _search(cf.deal("CRB-D1-PLQCDJJ"), None, None)
    assert isinstance(search, Search)
    probe = Probe(search, random.Random(3), False)
    probe.advance(3_000)
    assert len(probe.stack) > 10
    assert probe.squeezed == 0
    assert not any(isinstance(left, int) for left in probe.stack)


@interpreted_only
def test_a_search_stops_when_its_path_fills_the_room(monkeypatch: pytest.MonkeyPatch) -> None:
    """With steps weighing much, the path alone fills the bound: every search stops
    within its room (looked at every 256 positions), and the main search gives way
    to the others, which go on to the node limit."""
    monkeypatch.setattr(_solver_probe, "STEP_WEIGHT", 1_000.0)
    state = cf.deal("CRB-D1-PLQCDJJ")
    stopped_by_room = []
    advance = Probe.advance

    def checked(probe: Probe, budget: int, *, room: int | None = None) -> Any:
        before = probe.search.nodes
        found, line = advance(probe, budget, room=room)
        assert room is not None
        # One look at the room every 256 positions, each adding a step and an entry.
        assert probe.size() <= room + 256 * (1_000 + _solver_probe.SET_WEIGHT)
        if found is None and probe.search.nodes - before < budget:
            stopped_by_room.append(probe.size() > room)
        return found, line

    monkeypatch.setattr(Probe, "advance", checked)
    search = _search(state, 200_000, None)
    room = 60_000  # 60 steps of the path at the most, with the tables
    assert isinstance(search, Search)
    search.max_positions = room
    assert search.run() == (None, [])
    assert any(stopped_by_room)
    assert search.gave_way is not None
    assert search.gave_way < 200_000
    assert (search.nodes, search.stop) == (200_000, "nodes")
