"""The native search (``pycanfield._native``, in the compiled build only) makes the
moves of the Python engine, in its order, and its answers agree with the Python
search's and with plain exhaustive searches over the public rules."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from typing import Any, cast

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import pycanfield as cf
from pycanfield import _solver_beam, _solver_native
from pycanfield._solver import _search, solver_build
from pycanfield._solver_native import NativeBeam, NativeProbe, rules_tuple
from pycanfield._solver_rules import RState, RulesEngine
from pycanfield._solver_search import Concurrent, Search
from pycanfield._variants import with_draw
from strategies import (
    late_states,
    locked_states,
    play_rules,
    reserve_locked_states,
    rules_states,
    variant_states,
)
from test_solver_variants import brute_force, replay

native: Any = _solver_native.native
needs_native = pytest.mark.skipif(native is None, reason="the native search is not built")


@pytest.fixture(autouse=True)
def native_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The native search on, as an installation has it (tests/conftest.py switches it
    off for the other tests)."""
    monkeypatch.setattr(_solver_native, "NATIVE", True)
    monkeypatch.setenv("PYCANFIELD_NATIVE", "1")


def test_the_compiled_build_has_it() -> None:
    """The compiled wheel carries the native search and uses it (``PYCANFIELD_BUILD``,
    set by .ci/run, names the build under test); the pure-Python one does not."""
    wanted = os.environ.get("PYCANFIELD_BUILD")
    if wanted is None:
        pytest.skip("PYCANFIELD_BUILD is not set")
    assert _solver_native.available() is (wanted == "native")
    assert solver_build() == wanted


def engine_and_root(
    state: cf.GameState, *, locks: bool = False, frozen: bool = False
) -> tuple[RulesEngine, RState]:
    """The Python engine of ``state`` and its root; with its tests of locked cards off
    unless ``locks``, and its test of frozen foundations off unless ``frozen`` too (the
    native search then runs them as well)."""
    engine, root = RulesEngine.from_position(state.position, with_draw(state.rules, state.draw))
    if not (locks and frozen):
        engine.frozen = None
    if not locks:
        engine.lock = None
    return engine, root


def native_search(
    engine: RulesEngine,
    root: RState,
    *,
    node_limit: int = 1 << 60,
    time_limit: float = -1.0,
    memory: int = -1,
) -> tuple[bool | None, list[Any], list[RState], int, str | None, Any]:
    """The native search alone, in one advance: its answer, line and states, the
    positions it searched, what stopped it and its best progress."""
    prober = native.Prober(rules_tuple(engine, root), root)
    found, line, states = prober.advance(node_limit, time_limit, memory)
    return found, line, states, prober.nodes, prober.stop, prober.best


def record_main(search: Search) -> list[NativeProbe]:
    """The native main searches that ``search`` makes, as it makes them."""
    made: list[NativeProbe] = []

    def main(outer: Search) -> NativeProbe:
        made.append(NativeProbe(outer))
        return made[-1]

    search.make_main = main
    return made


def record_fresh(search: Search) -> list[tuple[int, NativeProbe]]:
    """The native fresh searches that ``search`` makes, with their numbers, as it makes
    them."""
    made: list[tuple[int, NativeProbe]] = []

    def fresh(outer: Search, number: int) -> NativeProbe:
        made.append((number, _solver_native.fresh(outer, number)))
        return made[-1][1]

    search.make_fresh = fresh
    return made


def main_search_threads() -> list[threading.Thread]:
    """The threads that ``solve`` started for its main search and has not joined."""
    return [thread for thread in threading.enumerate() if thread.name == "pycanfield-main-search"]


def check_moves(state: cf.GameState) -> None:
    """Every successor, in the search's order, is the Python engine's."""
    assume(not state.rules.autocomplete and not state.position.pending)
    engine, root = engine_and_root(state)
    table = rules_tuple(engine, root)
    assert native.children(table, root) == engine.ordered(root)
    # The table's key tells positions apart exactly as the Python key does, on the
    # positions two moves on (where moves in either order meet).
    states = [root]
    for _, child in engine.children(root):
        states += [child] + [grandchild for _, grandchild in engine.children(child)]
    prober = native.Prober(table, root)
    python_keys = [engine.key(state) for state in states]
    native_keys = [prober.key(state) for state in states]
    assert len(set(zip(python_keys, native_keys, strict=True))) == len(set(python_keys))
    assert len(set(native_keys)) == len(set(python_keys))


@needs_native
@settings(max_examples=60)
@given(rules_states())
def test_moves_under_any_rules(state: cf.GameState) -> None:
    """Random options of every kind, from random play."""
    check_moves(state)


@needs_native
@settings(max_examples=60)
@given(variant_states())
def test_moves_under_the_presets(state: cf.GameState) -> None:
    check_moves(state)


@needs_native
@settings(max_examples=40)
@given(late_states(max_left=8), play_rules)
def test_moves_late_in_a_game(start: cf.GameState, rules: cf.Rules) -> None:
    """Positions a few cards from the end, where safe moves and empty columns come up."""
    check_moves(cf.GameState(start.position, rules=rules))


# Late states, late states with a card locked in the first column, and late states
# with cards of a suit at the bottom of a column and of the reserve.
_LATE = st.one_of(
    late_states(max_left=7),
    st.integers(1, 3).flatmap(lambda n: locked_states(max_left=7, columns=n)),
    st.integers(1, 3).flatmap(lambda n: reserve_locked_states(max_left=5, columns=n)),
)


@needs_native
@pytest.mark.parametrize("locks", [False, True])
@settings(max_examples=40, deadline=None)
@given(_LATE, play_rules)
def test_answers_agree_with_plain_search(locks: bool, start: cf.GameState, rules: cf.Rules) -> None:
    """A complete native search answers as a plain search over the public rules does,
    with its test of locked cards and without: ``NO_WIN`` only when no won position is
    reachable, and its win replays."""
    assume(not rules.autocomplete)
    here = cf.GameState(start.position, rules=rules)
    expected = brute_force(here.position, rules, 3_000)
    assume(expected is not None)
    engine, root = engine_and_root(here, locks=locks)
    found, line, states, _, stop, _ = native_search(engine, root)
    assert (found, stop) == (expected, None)
    if found:
        check_line(engine, root, line, states)
    # Through ``solve``, where the Python search goes first.  A win may lie past the
    # node limit, since the search can go deep before it goes wide (a late position
    # with take-backs on, two columns and build=any came to 480,346 positions for a
    # 10-move win); a loss may not, as the plain search saw every reachable position.
    result = cf.solve(here, node_limit=1_000_000)
    if result.status is cf.SolveStatus.UNKNOWN:
        assert expected, result
        return
    assert result.status is (cf.SolveStatus.WIN if expected else cf.SolveStatus.NO_WIN)
    if expected:
        assert cf.is_won(replay(here, result.moves))


@needs_native
@settings(max_examples=40, deadline=None)
@given(_LATE, play_rules)
def test_the_search_names_keys_as_key_does(start: cf.GameState, rules: cf.Rules) -> None:
    """The search names a successor's key from its parent's names, naming afresh only
    the columns and the rest that the move changed; ``seen``, which names every part
    afresh, finds the same keys: each position of a winning line, and after a search
    through, each position one and two moves from the root."""
    assume(not rules.autocomplete)
    engine, root = engine_and_root(cf.GameState(start.position, rules=rules))
    prober = native.Prober(rules_tuple(engine, root), root)
    # Take-backs bring the foundations' cards back into play: then the search may
    # not end within the budget.
    found, _, states = prober.advance(200_000, -1.0, -1)
    assume(found is not None)
    if found:
        assert all(prober.seen(state) for state in states)
    else:
        near = [child for _, child in engine.children(root)]
        near += [grandchild for child in near for _, grandchild in engine.children(child)]
        assert all(prober.seen(state) for state in near)


def python_depth_first(engine: RulesEngine, root: RState, limit: int) -> Iterator[RState]:
    """The positions that the Python engine's moves searched depth first with one table
    visit from ``root``, in order, at most ``limit``, up to a won one."""
    seen = {engine.key(root)}
    stack = [iter(engine.ordered(root))]
    count = 0
    while stack and count < limit:
        for _, child in stack[-1]:
            k = engine.key(child)
            if k in seen:
                continue
            seen.add(k)
            count += 1
            yield child
            if engine.won(child):
                return
            stack.append(iter(engine.ordered(child)))
            break
        else:
            stack.pop()


@pytest.mark.parametrize(
    ("code", "tests", "limit"),
    [
        ("CRB-D1-OUVIREV", "", 3_000),
        ("CCH-D1-AAAAACL", "", 3_000),
        ("CRF-D1-ERKYPZE", "", 3_000),
        ("CSU-D3-AAAAACL", "", 3_000),
        ("CCL-D3-KVRFQEF", "locks", 3_000),
        ("CCL-D3-AAAAACL", "locks", 3_000),
        # Lost after 2,067, 1,271 and 5,743 positions; with the quick test alone the
        # native search takes 2,395, 223,199 and 50,759.
        ("CST-D1-XNCMWPB", "locks", 10_000),
        ("CCH-D1-FEWAUKC", "locks", 10_000),
        ("CRB-D1-XQLNSJH", "locks", 10_000),
        # Lost after 1,999, 6,905 and 11,559 positions; without the frozen foundations
        # after 2,067, 8,723 and 11,859.
        ("CST-D1-XNCMWPB", "all", 10_000),
        ("CRB-D1-JUQRXCU", "all", 10_000),
        ("CRF-D1-GDNYFQA", "all", 15_000),
    ],
)
@needs_native
def test_the_same_positions_as_the_python_main_search(code: str, tests: str, limit: int) -> None:
    """The native search and the Python engine's moves searched depth first with one
    table visit the same count of positions: with the dead-end tests off, with the
    tests of locked cards on (the quick test, the largest locked set, the locked cards
    behind a full reserve; ``classic`` runs the quick test only), and with the frozen
    foundations too (``all``), searched to the end where ``limit`` allows."""
    engine, root = engine_and_root(cf.deal(code), locks=bool(tests), frozen=tests == "all")
    count, won = 0, False
    for child in python_depth_first(engine, root, limit):
        count += 1
        won = engine.won(child)
    found, _, _, nodes, stop, _ = native_search(engine, root, node_limit=limit)
    assert nodes == count
    if won:
        assert found is True
    elif count < limit:
        assert found is False
    else:
        assert (found, stop) == (None, "nodes")


def check_line(engine: RulesEngine, root: RState, line: list[Any], states: list[RState]) -> None:
    """Each position of a native winning line follows from the one before by one of the
    Python engine's moves, from ``root`` to a won position."""
    assert states[0] == root
    assert engine.won(states[-1])
    assert len(states) == len(line) + 1
    for before, move, after in zip(states, line, states[1:], strict=False):
        assert (move, after) in engine.children(before)


@needs_native
def test_a_won_root() -> None:
    """A won position is its own line."""
    engine, root = engine_and_root(cf.deal("CRB-D1-AAAAACL"))
    won: RState = (tuple(b"" for _ in root[0]), (13, 13, 13, 13), 0, b"", 0, 0)
    engine.reserve = b""
    assert native_search(engine, won)[:4] == (True, [], [won], 0)


@needs_native
def test_solve_uses_it_where_it_plays() -> None:
    """``solve``'s main and fresh searches are native under rules without take-backs or
    ``autocomplete``; the fresh ones are shuffled, each by its number, with budgets
    that follow the Luby sequence."""
    search = _search(cf.deal("CRB-D1-ERKYPZE"), 1_000_000, None)
    assert search.make_main is NativeProbe
    made = record_main(search)
    fresh = record_fresh(search)
    beams: list[NativeBeam] = []
    make_beam = search.make_beam
    assert make_beam is not None

    def recorded(outer: Search) -> NativeBeam:
        beams.append(cast(NativeBeam, make_beam(outer)))
        return beams[-1]

    search.make_beam = recorded
    assert search.run() == (None, [])
    assert search.nodes == 1_000_000
    # Whole runs leave no lean search.  The first turn: 24 times the Python main
    # search's first budget of 20,000 positions to the native main search, 24 times to
    # the beam search (which ends its turn with a position's successors), and the rest
    # of the node limit to the fresh ones (their share, 4 times, would be 80,000;
    # ``rainbow`` has no redeal).  (A deal that none of them wins within the limit:
    # ``solve`` left ``ERKYPZE`` unknown after 20 million positions.)
    unit = _solver_native.RESTART
    (beam,) = beams
    assert 480_000 <= beam.beamer.nodes < 480_000 + 100
    assert made[0].prober.nodes == 480_000
    assert not made[0].crowded  # far from the room
    assert [number for number, _ in fresh] == list(range(1, len(fresh) + 1))
    left = 1_000_000 - 480_000 - beam.beamer.nodes
    assert sum(probe.prober.nodes for _, probe in fresh) == left
    # Luby budgets, the last one cut to the limit.
    luby = [unit * b for b in (1, 1, 2, 1, 1, 2, 4)]
    nodes = [probe.prober.nodes for _, probe in fresh]
    assert nodes[:-1] == luby[: len(nodes) - 1]
    assert 0 < nodes[-1] <= luby[len(nodes) - 1]
    assert _search(cf.deal("CCL-D3-AAAAACL"), 10, None).make_main is NativeProbe


@needs_native
@pytest.mark.parametrize("code", ["CF1-D3-AAAAACL", "CRU-D3-AAAAACL", "CF1-D1-AAAAACL~RUNS=WHOLE"])
def test_with_take_backs_only_the_main_search_is_native(code: str) -> None:
    """With take-backs (the standard rules, ``russian``, or other options with them)
    the main search is native, on the general engine's positions, and the fresh and
    breadth-first searches stay in Python."""
    search = _search(cf.deal(code), 10, None)
    assert isinstance(search.engine, RulesEngine)
    assert search.make_main is NativeProbe
    assert search.make_fresh is None
    assert search.make_beam is None
    assert search.main_share == _solver_native.MAIN_SHARE
    assert search.main_share_most == _solver_native.MAIN_SHARE_TAKEBACKS
    assert search.main_first


@needs_native
def test_with_take_backs_the_main_search_s_share_grows_each_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Beside the Python searches the native main search's share grows fourfold each
    turn, from ``MAIN_SHARE`` up to ``MAIN_SHARE_TAKEBACKS``, on top of the turn's
    budget, which doubles."""
    monkeypatch.setattr(_solver_native, "MAIN_SHARE_TAKEBACKS", 96)
    steps: list[int] = []
    advance = NativeProbe.advance

    def recorded(probe: NativeProbe, budget: int, *, room: int | None = None) -> Any:
        steps.append(budget)
        return advance(probe, budget, room=room)

    monkeypatch.setattr(NativeProbe, "advance", recorded)
    search = _search(cf.deal("CF1-D1-EUWCTZA"), 800_000, None)  # unknown at the limit
    search.first_budget = 500
    assert search.run() == (None, [])
    assert _solver_native.MAIN_SHARE == 24
    # 500 x 24, then 1,000 x 96, 2,000 x 96 and 4,000 x 96.
    assert steps[:4] == [12_000, 96_000, 192_000, 384_000]


def test_autocomplete_keeps_the_python_search() -> None:
    """The finish of ``autocomplete`` (``french``), which the native search does not
    play, keeps the standard engine and the Python main search."""
    search = _search(cf.deal("CFR-D3-AAAAACL"), 10, None)
    assert not isinstance(search.engine, RulesEngine)
    assert search.make_main is None


@needs_native
@pytest.mark.parametrize(
    ("code", "status"),
    [
        ("CPY-D3-QXUKWPR", "win"),
        ("CSU-D3-PUBNLKN", "win"),
        ("CST-D1-IKYHPVA", "no-win"),
        ("CRF-D1-KZCYTJA", "win"),
        ("CRB-D1-NRAFPVV", "win"),
        ("CCH-D1-PUBNLKN", "no-win"),
        ("CCL-D3-NYGMCSK", "no-win"),
        ("CCL-D3-UUPCRSD", "win"),
        ("CF1-D3-INKGFXU", "no-win"),
        ("CRU-D3-ALBNDOM", "win"),
    ],
)
def test_answers_agree_with_the_python_search(code: str, status: str) -> None:
    """Deals of each preset it plays that the Python search decided in the
    family survey (benchmarks/family.csv) after 30,000 to 130,000 positions: with the
    native main search, ``solve`` decides them the same way, and each win replays
    (with take-backs, under the standard rules and ``russian``, the native main search
    beside the Python fresh and breadth-first searches)."""
    state = cf.deal(code)
    result = cf.solve(state, node_limit=3_000_000)
    assert result.status is cf.SolveStatus.parse(status)
    if result.status is cf.SolveStatus.WIN:
        assert cf.is_won(replay(state, result.moves))


@needs_native
@pytest.mark.parametrize(
    ("code", "tests", "positions"),
    [
        ("CCH-D1-PUBNLKN", "all", 63_629),
        ("CST-D1-IKYHPVA", "all", 30_804),
        ("CCL-D3-NYGMCSK", "locks", 66_505),
        ("CRB-D1-XQLNSJH", "", None),
    ],
)
def test_shuffled_searches_of_a_lost_deal_search_the_same_positions(
    code: str, tests: str, positions: int | None
) -> None:
    """The positions a search reaches do not depend on the order it tries moves in: a
    lost deal is proved lost after the same count of positions in every order, with
    each of the dead-end tests (the frozen foundations' memory included)."""
    engine, root = engine_and_root(cf.deal(code), locks=bool(tests), frozen=tests == "all")
    table = rules_tuple(engine, root)
    counts = set()
    for seed in (0, 1, 2, 0x9E3779B97F4A7C15, (1 << 64) - 1):
        prober = native.Prober(table, root, seed=seed)
        assert prober.advance(1 << 60, -1.0, -1) == (False, [], [])
        counts.add(prober.nodes)
    assert len(counts) == 1
    assert positions is None or counts == {positions}


@needs_native
def test_shuffled_searches_find_other_lines() -> None:
    """A shuffled search's win replays; the same seed searches the same way, other
    seeds find other lines."""
    engine, root = engine_and_root(cf.deal("CCL-D3-UUPCRSD"), locks=True, frozen=True)
    table = rules_tuple(engine, root)
    lines = []
    for seed in (1, 2, 3, 1):
        prober = native.Prober(table, root, seed=seed)
        found, line, states = prober.advance(300_000, -1.0, -1)
        assert found
        check_line(engine, root, line, states)
        lines.append((line, prober.nodes))
    assert lines[0] == lines[3]
    assert len({tuple(line) for line, _ in lines}) == 3


@needs_native
def test_fresh_searches_win_where_the_main_search_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``CSU-D3-VXQWIIM`` took the family survey's rerun 10 million positions to win
    (benchmarks/family.csv), while about one shuffled fresh search in 15 wins it within
    20,000: with them ``solve`` wins within a million positions; without them
    (``FRESH_SHARE_ENDLESS`` 0, as its redeals have no end) it does not."""
    state = cf.deal("CSU-D3-VXQWIIM")
    result = cf.solve(state, node_limit=1_000_000)
    assert result.status is cf.SolveStatus.WIN
    assert cf.is_won(replay(state, result.moves))
    monkeypatch.setattr(_solver_native, "FRESH_SHARE_ENDLESS", 0)
    assert cf.solve(state, node_limit=1_000_000).status is cf.SolveStatus.UNKNOWN


@needs_native
@pytest.mark.parametrize(
    ("code", "fresh", "beam"),
    [
        ("CSU-D3-AAAAACL", 96, 16),
        ("CCL-D3-AAAAACL", 96, 16),
        ("CPY-D3-AAAAACL", 96, 16),
        ("CRF-D1-AAAAACL", 32, 16),
        ("CST-D1-AAAAACL", 32, 16),
        ("CRB-D1-AAAAACL", 16, 96),
        ("CCH-D1-AAAAACL", 16, 96),
    ],
)
def test_the_fresh_and_beam_searches_shares_follow_the_redeals(
    code: str, fresh: int, beam: int
) -> None:
    """The native fresh searches get 96 quarters of a turn with redeals without end, 32
    with limited redeals and 16 with none (one pass through the talon); the beam search
    16, but 96 with no redeal, where its wins need the positions.  The main search keeps
    its 96 under every rule set."""
    search = _search(cf.deal(code), 10, None)
    assert (4 * search.main_share, search.fresh_share, search.beam_share) == (96, fresh, beam)
    assert search.main_share_most == search.main_share
    assert not search.main_first


@needs_native
def test_with_endless_redeals_the_fresh_searches_get_half(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under ``superior`` (redeals without end) the first turn gives the fresh searches
    as many positions as the main search: 480,000 each (the beam search left out,
    whose turn ``test_solve_uses_it_where_it_plays`` counts)."""
    monkeypatch.setattr(_solver_beam, "BEAM_SHARE", 0)
    search = _search(cf.deal("CSU-D3-GKLJEAW"), 960_000, None)
    made = record_main(search)
    fresh = record_fresh(search)
    assert search.run() == (None, [])
    assert made[0].prober.nodes == 480_000
    assert sum(probe.prober.nodes for _, probe in fresh) == 480_000


@needs_native
def test_a_search_runs_while_other_threads_do() -> None:
    """``advance`` lets go of the GIL while it searches: another thread runs meanwhile
    and halts it, long before its budget of 50 million positions (the deal is far
    from settled by then, and its sleep would wait the whole search out with the GIL
    held).  A halted Prober takes no other step; a busy one no other call."""
    engine, root = engine_and_root(cf.deal("CRB-D1-ZRVKZUT"), locks=True, frozen=True)
    prober = native.Prober(rules_tuple(engine, root), root, forget=True)
    answers: list[Any] = []
    worker = threading.Thread(target=lambda: answers.append(prober.advance(50_000_000, -1.0, -1)))
    worker.start()
    waited = 0
    while not prober.busy and waited < 600:
        time.sleep(0.1)
        waited += 1
    time.sleep(0.2)
    with pytest.raises(RuntimeError, match="searching in another thread"):
        prober.advance(10, -1.0, -1)
    with pytest.raises(RuntimeError, match="searching in another thread"):
        prober.key(root)
    with pytest.raises(RuntimeError, match="searching in another thread"):
        _ = prober.best
    prober.halt()
    worker.join(timeout=120)
    assert not worker.is_alive()
    assert answers == [(None, [], [])]
    assert prober.stop == "halt"
    nodes = prober.nodes
    assert 0 < nodes < 50_000_000
    assert prober.advance(1_000, -1.0, -1) == (None, [], [])
    assert (prober.stop, prober.nodes) == ("halt", nodes)


@needs_native
def test_with_two_threads_the_fresh_searches_get_a_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``threads=2`` the main search runs in a thread of its own, and the fresh
    searches get as many positions as it does even with limited redeals (a quarter as
    many with one thread): under ``rainbow``, 480,000 each in the first turn (the beam
    search left out)."""
    monkeypatch.setattr(_solver_beam, "BEAM_SHARE_ONE_PASS", 0)
    search = _search(cf.deal("CRB-D1-ZRVKZUT"), 960_000, None, threads=2)
    made = record_main(search)
    fresh = record_fresh(search)
    assert search.run() == (None, [])
    main: Concurrent = made[0]  # checked by mypy: it runs in a thread of its own
    assert main.concurrent
    assert made[0].prober.nodes == 480_000
    assert sum(probe.prober.nodes for _, probe in fresh) == 480_000
    assert search.nodes == 960_000
    assert search.held == search.pending == 0
    assert list(search.live) == []


@needs_native
@pytest.mark.parametrize(
    ("code", "status"),
    [
        # Won by a fresh search: the main search still runs its step to the end.
        ("CSU-D3-VXQWIIM", "win"),
        # Proved lost by the main search, which halts the fresh searches.
        ("CCH-D1-PUBNLKN", "no-win"),
        ("CRF-D1-AAAAACL", "win"),
        # With take-backs: the Python searches beside the native main search.
        ("CF1-D3-INKGFXU", "no-win"),
        ("CF1-D3-AAAAACL", "win"),
    ],
)
def test_two_threads_answer_as_one(code: str, status: str) -> None:
    """Under a node limit the answer does not hang on which thread is faster: two runs
    with two threads give the same line, which replays, and the same status as one
    thread; a proof of loss stays a proof."""
    state = cf.deal(code)
    one = cf.solve(state, node_limit=1_000_000)
    two = [cf.solve(state, node_limit=1_000_000, threads=2) for _ in range(2)]
    assert one.status is two[0].status is two[1].status is cf.SolveStatus.parse(status)
    assert two[0].moves == two[1].moves
    if status == "win":
        assert cf.is_won(replay(state, two[0].moves))
    assert not main_search_threads()


@needs_native
def test_an_error_beside_the_main_search_halts_it() -> None:
    """An error in this thread while the main search runs in its own (here, a fresh
    search that cannot be made) halts the main search, waits for it, and goes up."""
    search = _search(cf.deal("CRB-D1-ZRVKZUT"), None, None, threads=2)
    made = record_main(search)

    def broken(outer: Search, number: int) -> NativeProbe:
        raise RuntimeError("no fresh search")

    search.make_fresh = broken
    with pytest.raises(RuntimeError, match="no fresh search"):
        search.run()
    assert made[0].prober.stop == "halt"
    assert made[0].prober.nodes < 480_000
    assert not main_search_threads()


@needs_native
@pytest.mark.parametrize("bad", [(), ("x",) * 17])
def test_bad_rules_tuple(bad: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError):
        native.children(bad, ((), (0, 0, 0, 0), 0, b"", 0, 0))


@needs_native
def test_bad_states() -> None:
    """The module refuses a state it cannot read rather than search it."""
    engine, root = engine_and_root(cf.deal("CRB-D1-AAAAACL"))
    table = rules_tuple(engine, root)
    cols, fnd, rlen, talon, p, passes = root
    outside = next(c for c in range(52) if c not in talon)
    for bad, words in [
        ((cols, fnd, rlen, talon + bytes([outside]), p, passes), "not in the root's talon"),
        ((cols, fnd, rlen, talon[:-1] + b"\x40", p, passes), "not a card"),
        ((cols[:-1], fnd, rlen, talon, p, passes), "out of range"),
        ((cols, (0, 0, 0, 14), rlen, talon, p, passes), "foundation size"),
        ((cols, fnd, rlen + 1, talon, p, passes), "out of range"),
    ]:
        with pytest.raises(ValueError, match=words):
            native.children(table, bad)
    prober = native.Prober(table, root)
    with pytest.raises(ValueError, match="root's talon"):
        prober.key((cols, fnd, rlen, talon + bytes([outside]), p, passes))
