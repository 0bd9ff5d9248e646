"""The searches taking turns (docs/solver.rst, "How the search works"): their tables
let go when the search ends, the fresh searches passing over the positions the main
search has finished (the fact that allows it, the passing over, and that such a search
proves nothing by running out), and the room the searches give one another.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import pycanfield as cf
from pycanfield import _solver_search
from pycanfield._solver import _search
from pycanfield._solver_probe import Probe
from pycanfield._solver_search import Search
from switches import interpreted_only, switched


@interpreted_only
def test_the_tables_go_when_the_search_ends() -> None:
    """The line is written out and tidied after the search: its tables, up to a
    gigabyte, are not kept for that."""
    search = _search(cf.deal("CF1-D3-ERKYPZE"), 20_000, None)
    live: list[dict[str, Any]] = []
    turns = search._turns

    def seen() -> tuple[bool | None, list[Any]]:
        answer = turns()
        live.append(dict(search.live))
        return answer

    search._turns = seen  # type: ignore[method-assign]
    found, line = search.run()
    assert found is True
    assert set(live[0]) >= {"main", "lean", "breadth"}  # the searches set up for turns
    assert search.live == {}
    assert search.path_states[-1] is not None
    assert len(search.path_states) == len(line) + 1


def _expanded(monkeypatch: pytest.MonkeyPatch, probe: Probe, budget: int) -> list[Any]:
    """The positions whose successors ``probe`` made while it searched ``budget``
    positions without an answer."""
    engine = probe.search.engine
    expanded: list[Any] = []
    ordered = engine.ordered

    def recorded(st: Any, *args: Any) -> Any:
        expanded.append(st)
        return ordered(st, *args)

    monkeypatch.setattr(engine, "ordered", recorded)
    assert probe.advance(budget) == (None, [])
    monkeypatch.setattr(engine, "ordered", ordered)
    return expanded


@interpreted_only
@pytest.mark.parametrize("code", ["CF1-D3-ERKYPZE", "CCL-D3-LTTNCCJ"])  # set; pointers
def test_the_table_holds_what_the_search_entered_in_both_forms(
    monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    search = _search(cf.deal(code), None, None)
    engine = search.engine
    probe = Probe(search, None, False)
    assert (probe.pointers is None) == (code == "CF1-D3-ERKYPZE")
    root = search.root

    def held(st: Any) -> bool:
        return probe.holds(probe.table_key(st), st[4])

    # Only the root is entered: its successors off the talon's draws are not held.
    kids = [child for _, child in engine.ordered(root)]
    new = [child for child in kids if probe.table_key(child) != probe.table_key(root)]
    assert held(root)
    assert new
    assert not any(held(child) for child in new)
    if probe.pointers is not None:
        # The root at each pointer: held where the root's draws reach it, else not.
        at = [(*root[:4], p, *root[5:]) for p in range(len(root[3]) + 1)]
        reached = [held(st) for st in at]
        assert reached[root[4]]
        assert not all(reached)
        new += at
    expanded = _expanded(monkeypatch, probe, 500)
    answers = [held(st) for st in expanded + new]
    assert all(answers[: len(expanded)])
    probe.spill()
    assert probe.seen == set()
    assert probe.marks == {}
    assert [held(st) for st in expanded + new] == answers


@interpreted_only
@pytest.mark.parametrize(
    ("code", "budget"),
    [
        ("CF1-D3-ERKYPZE", 2_000),  # a set of keys
        ("CCL-D3-LTTNCCJ", 3_000),  # the pointer table
        ("CPY-D3-QUUDAKY", 3_000),
    ],
)
def test_what_the_main_search_finished_has_every_successor_in_its_table(
    monkeypatch: pytest.MonkeyPatch, code: str, budget: int
) -> None:
    """The fact the fresh searches rely on to pass over the positions the main search
    finished (``Search._finished_test``): each such position had every successor
    searched, or in the table already, so nothing is left below it but what the path
    still holds."""
    search = _search(cf.deal(code), None, None)
    engine = search.engine
    main = search.live["main"] = Probe(search, None, False)
    expanded = _expanded(monkeypatch, main, budget)
    finished = search._finished_test()
    assert finished is not None
    on_path = {main.table_key(st) for st in main.states}
    assert not any(finished(main.table_key(st), st[4]) for st in main.states)
    done = [st for st in expanded if finished(main.table_key(st), st[4])]
    assert len(done) > budget // 2
    for st in done:
        assert main.table_key(st) not in on_path
        for _, child in engine.ordered(st):
            assert main.holds(main.table_key(child), child[4])


def test_a_fresh_search_passes_over_what_the_main_search_finished() -> None:
    search = _search(cf.deal("CPY-D3-QUUDAKY"), None, None)
    main = search.live["main"] = Probe(search, None, False)
    main.advance(3_000)
    finished = search._finished_test()
    assert finished is not None
    fresh = Probe(search, random.Random(2), False)
    fresh.finished = finished
    fresh.advance(2_000)
    assert fresh.passed > 0
    # Whatever it entered and still holds on its path, the main search had not finished.
    assert not any(finished(main.table_key(st), st[4]) for st in fresh.states)


@pytest.mark.parametrize("skip", [False, True])
def test_a_fresh_search_that_passed_over_positions_proves_nothing(skip: bool) -> None:
    """A shuffled fresh search that prunes nothing proves the deal lost when it runs
    out; one that passed over positions the main search finished does not, since the
    main search's path may still hold the way to them."""
    search = _search(cf.deal("CCL-D3-VJUPJUW"), None, None)  # lost after 107 positions
    search.live["main"] = Probe(search, None, False)
    search.live["main"].advance(40)
    search.fresh = 1  # the next fresh search is shuffled and prunes nothing
    with switched(_solver_search, "SKIP_FINISHED", skip):
        answer = search._fresh(10_000, iter([10]))
    assert answer == (None if skip else (False, []))


def test_no_position_is_passed_over_while_the_main_search_has_a_long_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The test makes a key for each step of the main search's path, once a turn;
    past ``SKIP_PATH`` steps (a deep search under ``rainbow``) that would cost more
    than it saves, so the fresh searches then pass over nothing."""
    search = _search(cf.deal("CRB-D1-PLQCDJJ"), None, None)
    main = search.live["main"] = Probe(search, None, False)
    main.advance(2_000)
    assert search._finished_test() is not None
    monkeypatch.setattr(_solver_search, "SKIP_PATH", len(main.states) - 1)
    assert search._finished_test() is None


class _Held:
    """A live search that holds ``entries`` of the room and finds nothing."""

    def __init__(self, entries: int, *, bounded: bool = False) -> None:
        self.entries = entries
        self.bounded = bounded
        self.crowded = False
        self.budgets: list[int] = []

    def size(self) -> int:
        return self.entries

    def advance(self, budget: int, *, room: int | None = None) -> tuple[bool | None, list[Any]]:
        self.budgets.append(budget)
        return None, []


def test_the_searches_beside_the_main_one_give_it_their_room() -> None:
    """docs/solver.rst, "How the search works": when the room is full, the searches
    that prove nothing give their tables up before the main search stops by the bound."""
    search = _search(cf.deal("CF1-D3-ERKYPZE"), None, None)
    assert isinstance(search, Search)
    search.max_positions = 1_000
    main, lean, beam = _Held(400, bounded=True), _Held(500), _Held(200)
    search.live = {"main": main, "lean": lean, "beam": beam}
    assert search._resume("main", 50) is None
    assert search.live == {"main": main}
    assert main.budgets == [50]
    # Alone and still past the room, it stops, and says why.
    main.entries = 1_200
    assert search._resume("main", 50) == (None, [])
    assert search.stop == "memory"
    assert main.budgets == [50]
    assert search.gave_way is None


@pytest.mark.parametrize(("node_limit", "time_limit"), [(10_000, None), (None, 600.0)])
def test_under_a_limit_the_main_search_gives_way_at_the_bound(
    node_limit: int | None, time_limit: float | None
) -> None:
    """docs/solver.rst, "Memory": under a node or a time limit, the main search alone
    and past the room gives way rather than stop the search: the searches beside it
    start again, with the whole room, and the turns go on without it."""
    search = _search(cf.deal("CF1-D3-ERKYPZE"), node_limit, time_limit)
    assert isinstance(search, Search)
    search.max_positions = 1_000
    search.nodes = 123
    main = _Held(1_200, bounded=True)
    search.live = {"main": main, "lean": _Held(500)}
    assert search._resume("main", 50) is None
    assert (search.stop, search.gave_way) == (None, 123)
    assert main.budgets == []
    # Under the standard rules: the lean search, and the breadth-first one (take-backs).
    assert list(search.live) == ["lean", "breadth"]
    assert isinstance(search.live["lean"], Probe)
    assert search.live["lean"].lean
    assert search._resume("main", 50) is None


def _beside(first: bool) -> tuple[Search, _Held, _Held]:
    """A search with room for 1,000 entries, ``main_first`` as given, and a main and a
    lean search of 300 entries each."""
    search = _search(cf.deal("CF1-D3-ERKYPZE"), None, None)
    assert isinstance(search, Search)
    search.main_first = first
    search.max_positions = 1_000
    main, lean = _Held(300, bounded=True), _Held(300)
    search.live = {"main": main, "lean": lean}
    return search, main, lean


@pytest.mark.parametrize("first", [False, True])
def test_a_main_search_that_filled_its_room_has_the_room_of_the_others(first: bool) -> None:
    """With ``main_first``, a main search that has filled the room it was given (the
    native one forgets positions then) has the others' room from its next turn, though
    some is left; without it, the others keep theirs."""
    search, main, lean = _beside(first)
    assert search._resume("main", 50) is None
    assert search.live == {"main": main, "lean": lean}
    main.crowded = True
    assert search._resume("main", 50) is None
    assert search.live == ({"main": main} if first else {"main": main, "lean": lean})
    assert main.budgets == [50, 50]


@pytest.mark.parametrize("first", [False, True])
def test_with_main_first_the_others_give_way_before_a_turn_could_fill_the_room(
    first: bool,
) -> None:
    """With ``main_first`` (take-backs, beside a native main search) the others give
    their room up before a turn of the main search could fill it, at half an entry a
    position; without it, only once it has none left."""
    search, main, lean = _beside(first)
    assert search._resume("main", 800) is None  # 300 + 400 entries fit the 700 left
    assert search.live == {"main": main, "lean": lean}
    assert search._resume("main", 900) is None  # 300 + 450 may not
    assert search.live == ({"main": main} if first else {"main": main, "lean": lean})
    assert main.budgets == [800, 900]


class _HeldAside(_Held):
    """A main search that holds ``entries`` of the room, runs in a thread of its own
    (``_together``) and finds nothing."""

    concurrent = True

    def search_request(self, budget: int, *, room: int | None = None) -> int:
        self.budgets.append(budget)
        return budget

    def search(self, request: int) -> tuple[bool | None, Any, Any, int]:
        return None, None, None, 0

    def settle(self, outcome: tuple[bool | None, Any, Any, int]) -> tuple[bool | None, list[Any]]:
        return None, []

    def halt(self) -> None:
        pass


@pytest.mark.parametrize("first", [False, True])
def test_with_two_threads_the_others_give_way_as_with_one(first: bool) -> None:
    """With ``threads=2`` the main search runs in a thread of its own, and the searches
    beside it give their room up under the same rules as in a turn of one thread: when
    it has none left (always), and with ``main_first`` when it has filled its room."""
    search, _, lean = _beside(first)
    main = _HeldAside(300, bounded=True)
    search.live = {"main": main, "lean": lean}
    quarters = {"main": 4, "breadth": 0, "lean": 4, "beam": 0, "fresh": 0}
    luby = iter(lambda: 1, 0)
    assert search._together(50, quarters, luby) is None
    assert search.live == {"main": main, "lean": lean}
    assert lean.budgets == [50]
    main.crowded = True
    assert search._together(50, quarters, luby) is None
    assert search.live == ({"main": main} if first else {"main": main, "lean": lean})
    # No room left: the lean search's table goes, and the main search takes its turn
    # instead of stopping by the memory bound.
    main.crowded = False
    lean.entries = 700
    search.live = {"main": main, "lean": lean}
    assert search._together(50, quarters, luby) is None
    assert search.live == {"main": main}
    assert search.stop is None
    assert main.budgets == [50, 50, 50]


def test_the_fresh_searches_budgets_follow_the_luby_sequence() -> None:
    """The fresh searches' budgets, in units of ``RESTART`` positions: 1, 1, 2, 1, 1, 2,
    4, ... (``test_solve_uses_it_where_it_plays`` sees only the first of them)."""
    luby = _solver_search._luby()
    assert [next(luby) for _ in range(15)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
