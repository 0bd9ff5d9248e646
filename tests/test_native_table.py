"""The native search's limits and its table (``_native_table.h``), in the compiled
build only: each limit stops the search and is named, the table fills the memory bound
and gives room back, and a table that may forget keeps the answers (docs/solver.rst,
"The native search": *Its table*, *Forgetting*)."""

from __future__ import annotations

import pytest

import pycanfield as cf
from pycanfield import _solver_native
from pycanfield._solver import _search
from pycanfield._solver_native import rules_tuple
from pycanfield._solver_rules import RulesEngine
from pycanfield._solver_search import BESIDE_ROOM
from test_solver_native import (
    check_line,
    engine_and_root,
    native,
    native_on,
    native_search,
    needs_native,
    record_main,
)

pytestmark = pytest.mark.usefixtures(native_on.__name__)


@needs_native
def test_limits() -> None:
    """Each limit stops the search and is named; the time and the memory are looked at
    every 1,024 positions.  A search resumed goes on where it stopped."""
    engine, root = engine_and_root(cf.deal("CCH-D1-OUVIREV"))
    found, line, states, nodes, stop, best = native_search(engine, root, node_limit=500)
    assert (found, line, states, nodes, stop) == (None, [], [], 500, "nodes")
    assert best[0][0] >= sum(root[1])
    assert best[1] in [move for move, _ in engine.ordered(root)]
    assert native_search(engine, root, time_limit=0.0)[3:5] == (1024, "time")
    assert native_search(engine, root, memory=1)[3:5] == (1024, "memory")
    prober = native.Prober(rules_tuple(engine, root), root)
    for _ in range(6):
        assert prober.advance(500, -1.0, -1) == (None, [], [])
    assert (prober.nodes, prober.stop) == (3_000, "nodes")
    assert prober.bytes > 0
    assert prober.path > 1
    whole = native.Prober(rules_tuple(engine, root), root)
    whole.advance(3_000, -1.0, -1)
    assert whole.path == prober.path
    assert whole.bytes == prober.bytes


@needs_native
@pytest.mark.parametrize("threads", [1, 2])
def test_a_full_table_stops_the_search_by_the_memory_bound(
    monkeypatch: pytest.MonkeyPatch, threads: int
) -> None:
    """Once the native table has no room left and may not forget, a search without
    limits stops and names the memory bound: with two threads too, where the main
    search's room is the whole room's less the others' share."""
    monkeypatch.setattr(_solver_native, "FORGET", False)
    search = _search(cf.deal("CCH-D1-OUVIREV"), None, None, threads=threads)
    search.max_positions = 100_000  # 8 MB of native table and path
    made = record_main(search)
    assert search.run() == (None, [])
    assert search.stop == "memory"
    assert made[0].full
    assert made[0].crowded
    assert made[0].prober.need >= made[0].prober.bytes
    # What it needs to go on fills its room: the search stopped for that.
    room = search.max_positions
    if threads == 2:
        room -= int(room * BESIDE_ROOM)
    assert made[0].size() >= room - 1


@needs_native
@pytest.mark.parametrize("threads", [1, 2])
def test_under_a_limit_the_main_search_gives_way(
    monkeypatch: pytest.MonkeyPatch, threads: int
) -> None:
    """Under a node or time limit, a main search whose table fills its room gives way:
    the beam and fresh searches go on with the whole room, and win this deal of
    ``rainbow`` long after the main search stopped (docs/solver.rst, "Memory")."""
    monkeypatch.setattr(_solver_native, "FORGET", False)
    search = _search(cf.deal("CRB-D1-NWNRIKN"), 3_000_000, None, threads=threads)
    search.max_positions = 50_000  # 4 MB of native table and path
    made = record_main(search)
    found, line = search.run()
    assert found
    assert search.stop is None
    assert made[0].full
    assert search.gave_way is not None
    assert 0 < search.gave_way < search.nodes // 3
    assert "main" not in search.live
    assert isinstance(search.engine, RulesEngine)
    check_line(search.engine, search.root, line, search.path_states)


@needs_native
def test_the_table_fills_the_memory_bound() -> None:
    """The table's shards share the room out evenly: a search stopped by the memory
    bound holds nearly as many positions as the bound has room for keys, and never
    takes more than the bound.  (Under this bound a table whose slots only doubled
    would stop at 2**20 slots nine tenths full: under half of that.)"""
    engine, root = engine_and_root(cf.deal("CRB-D1-OUVIREV"))
    bound = 40 << 20
    prober = native.Prober(rules_tuple(engine, root), root)
    assert prober.advance(1 << 60, -1.0, bound) == (None, [], [])
    assert prober.stop == "memory"
    assert prober.bytes <= bound < prober.need
    key_bytes = 4 * (1 + len(root[0]))  # the rest's name and the columns'
    assert prober.nodes > 0.8 * bound / key_bytes
    # Resumed with the same bound it stops at once; with more room it goes on.
    assert prober.advance(1 << 60, -1.0, bound) == (None, [], [])
    nodes = prober.nodes
    assert prober.advance(100_000, -1.0, 2 * bound) == (None, [], [])
    assert (prober.nodes, prober.stop) == (nodes + 100_000, "nodes")


@needs_native
def test_the_table_gives_room_back() -> None:
    """When the rest of the search outgrows what the table kept back for it (here the
    bound shrinks between turns), the table's shards shrink to make room, and the
    search goes on instead of stopping by the memory bound."""
    engine, root = engine_and_root(cf.deal("CRB-D1-OUVIREV"))
    prober = native.Prober(rules_tuple(engine, root), root)
    prober.advance(1_000_000, -1.0, -1)  # no bound: the slots double, from half full
    bound = prober.bytes * 4 // 5
    assert prober.advance(100_000, -1.0, bound) == (None, [], [])
    assert (prober.nodes, prober.stop) == (1_100_000, "nodes")
    assert prober.bytes <= bound


@needs_native
def test_a_forgetting_table_gives_room_back() -> None:
    """When the bound shrinks below what the table's positions take, a table that may
    forget forgets and shrinks, and the search goes on within the bound; one that may
    not stops by the memory bound."""
    engine, root = engine_and_root(cf.deal("CRB-D1-OUVIREV"))
    for forget in (False, True):
        prober = native.Prober(rules_tuple(engine, root), root, forget=forget)
        prober.advance(1_000_000, -1.0, -1)
        bound = prober.bytes // 3
        assert prober.advance(100_000, -1.0, bound) == (None, [], [])
        if forget:
            assert (prober.nodes, prober.stop) == (1_100_000, "nodes")
            assert prober.bytes <= bound
            assert prober.forgotten > 0
        else:
            assert prober.stop == "memory"
            assert prober.forgotten == 0


@needs_native
def test_forgetting_keeps_the_answers() -> None:
    """With ``forget``, a table that the memory bound keeps from growing forgets
    positions off the path and the search goes on within the bound: it still proves a
    lost deal lost (it may search a position again, never skip one) and finds wins that
    replay.  Without it the same bound stops the search."""
    engine, root = engine_and_root(cf.deal("CCH-D1-OUVIREV"), locks=True)
    table = rules_tuple(engine, root)
    whole = native.Prober(table, root)
    assert whole.advance(1 << 60, -1.0, -1) == (False, [], [])
    bound = 30 << 20
    assert whole.bytes > 2 * bound
    prober = native.Prober(table, root, forget=True)
    assert prober.advance(1 << 60, -1.0, bound) == (False, [], [])
    assert prober.forgotten > 0
    assert prober.bytes <= bound
    assert prober.nodes >= whole.nodes
    stopped = native.Prober(table, root)
    assert stopped.advance(1 << 60, -1.0, bound) == (None, [], [])
    assert (stopped.stop, stopped.forgotten) == ("memory", 0)
    # Won after 272,184 positions with no bound, in a table of about 10 MB.
    engine, root = engine_and_root(cf.deal("CRB-D1-VEGKFGZ"), locks=True)
    prober = native.Prober(rules_tuple(engine, root), root, forget=True)
    found, line, states = prober.advance(1 << 60, -1.0, 4 << 20)
    assert found is True
    assert prober.forgotten > 0
    check_line(engine, root, line, states)
    # The positions on the path are never forgotten, so the search never goes round.
    assert all(prober.seen(state) for state in states)
    assert not all(prober.seen(child) for _, child in engine.children(root))


@needs_native
def test_solve_forgets_rather_than_stop() -> None:
    """Under a memory bound that the native table fills, ``solve`` goes on, its table
    forgetting, until it answers."""
    search = _search(cf.deal("CCH-D1-OUVIREV"), None, 600.0)
    search.max_positions = 400_000  # 32 MB of native table and path
    made = record_main(search)
    assert search.run() == (False, [])
    assert made[0].prober.forgotten > 0
    assert made[0].crowded
    assert made[0].size() < search.max_positions
