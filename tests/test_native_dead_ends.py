"""The native dead-end tests (``_native_locks.h``, ``_native_frozen.h``): locked cards
and frozen foundations, in the compiled build only, answer as the Python engine's tests
on random and late positions and on the positions a search of a real deal meets, and
each finds the states it is for (docs/solver.rst, "Under other rules": *Locked cards*,
*Frozen foundations*)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, find, given, settings
from hypothesis import strategies as st

import pycanfield as cf
from pycanfield._solver_frozen import Frozen
from pycanfield._solver_native import _LOCK_BEHIND, rules_tuple
from pycanfield._solver_rules import RState, RulesEngine
from strategies import (
    locked_states,
    play_rules,
    reserve_locked_states,
    rules_states,
    variant_states,
)
from test_solver_native import (
    _LATE,
    engine_and_root,
    native,
    native_on,
    needs_native,
    python_depth_first,
)

pytestmark = pytest.mark.usefixtures(native_on.__name__)


def check_locked(start: cf.GameState, rules: cf.Rules) -> str | None:
    """The native tests of locked cards answer as the Python engine's (``Locks.dead``)
    under ``rules``; returns the first of its tests that finds the state lost: the quick
    test of one column at a time (``"quick"``), the largest locked set (``"fix"``), the
    locked cards behind a full reserve (``"behind"``), or None."""
    engine, root = engine_and_root(cf.GameState(start.position, rules=rules), locks=True)
    return check_locked_at(engine, rules_tuple(engine, root), root)


def check_locked_at(engine: RulesEngine, table: tuple[Any, ...], root: RState) -> str | None:
    """check_locked, at ``root`` under ``engine`` (``table`` its rules for the native
    module)."""
    got = native.locked(table, root)
    lock = engine.lock
    if lock is None:
        assert got is False
        return None
    cols, fnd, rlen, talon, p, passes = root
    reserve = engine.reserve[:rlen]
    assert got is lock.dead(cols, fnd, reserve, talon, p, passes)
    # Without the locked cards behind a full reserve, which often find lost what the
    # largest locked set does.
    behind, lock.behind = lock.behind, None
    fix = lock.dead(cols, fnd, reserve, talon, p, passes)
    lock.behind = behind
    deep = len(table) - 3  # the entry of the tests past the quick one
    without = (*table[:deep], table[deep] & ~_LOCK_BEHIND, *table[deep + 1 :])
    assert native.locked(without, root) is fix
    if not got:
        return None
    if lock._columns(cols, fnd) == 1:
        return "quick"
    return "fix" if fix else "behind"


@needs_native
@settings(max_examples=150)
@given(st.one_of(_LATE, rules_states(), variant_states()), play_rules)
def test_locked_as_the_python_tests(start: cf.GameState, rules: cf.Rules) -> None:
    assume(not start.position.pending)
    check_locked(start, rules)


@needs_native
@pytest.mark.parametrize("code", ["CCH-D1-OUVIREV", "CRB-D1-OUVIREV", "CRF-D1-ERKYPZE"])
def test_locked_on_the_positions_of_a_search(code: str) -> None:
    """On the positions that a search of a real deal meets, the native tests of locked
    cards answer as the Python engine's, and the largest locked set and the locked cards
    behind a full reserve find some lost (the quick test seldom fires where column cards
    may enter empty columns)."""
    engine, root = engine_and_root(cf.deal(code), locks=True)
    table = rules_tuple(engine, root)
    fired = Counter(
        check_locked_at(engine, table, child) for child in python_depth_first(engine, root, 3_000)
    )
    assert fired["fix"], fired
    assert fired["behind"], fired


def check_frozen(start: cf.GameState, rules: cf.Rules) -> bool:
    """The native test of frozen foundations answers as the Python one (``Frozen.dead``,
    with nothing remembered from earlier tests) under ``rules``; returns its answer."""
    engine, root = engine_and_root(
        cf.GameState(start.position, rules=rules), locks=True, frozen=True
    )
    got = native.frozen(rules_tuple(engine, root), root)
    assert got is (engine.frozen is not None and engine.frozen.dead(root))
    return bool(got)


# Rules under which the Python engine runs the test of frozen foundations.
_FROZEN_RULES = st.builds(
    cf.Rules,
    runs=st.sampled_from(["whole", "top"]),
    takebacks=st.just(False),
    fill=st.sampled_from(["auto", "auto-waste", "player", "none"]),
    redeals=st.sampled_from([0, 1, 2]),
    build=st.sampled_from(["alternate", "suit", "any"]),
    draw=st.sampled_from([1, 3]),
)


@needs_native
@settings(max_examples=150)
@given(st.one_of(_LATE, variant_states()), _FROZEN_RULES)
def test_frozen_as_the_python_test(start: cf.GameState, rules: cf.Rules) -> None:
    assume(not start.position.pending)
    check_frozen(start, rules)


@needs_native
@pytest.mark.parametrize("code", ["CCH-D1-OUVIREV", "CRB-D1-OUVIREV", "CRF-D1-ERKYPZE"])
def test_frozen_on_the_positions_of_a_search(code: str) -> None:
    """On the positions that a search of a real deal meets, the native test of frozen
    foundations answers as the Python one, each with nothing remembered, and finds many
    of them lost."""
    engine, root = engine_and_root(cf.deal(code), locks=True, frozen=True)
    table = rules_tuple(engine, root)
    fired: Counter[bool] = Counter()
    for child in python_depth_first(engine, root, 2_000):
        got = native.frozen(table, child)
        assert got is Frozen(engine).dead(child)
        fired[got] += 1
    assert fired[True] > 100, fired


@needs_native
def test_frozen_finds_frozen_foundations() -> None:
    """A state that the test of frozen foundations finds lost."""
    rules = cf.Rules.parse("takebacks=no runs=whole fill=auto redeals=0 build=any")
    found = find(
        _LATE,
        lambda start: check_frozen(start, rules),
        settings=settings(max_examples=3_000, database=None),
    )
    assert check_frozen(found, rules)


@needs_native
@pytest.mark.parametrize("fill", ["auto-waste", "auto"])
def test_locked_finds_locked_columns(fill: str) -> None:
    """A state that the quick test finds lost, under a fill that keeps column cards out
    of empty columns (any one column is enough) and under one that lets them in (every
    column must hold a locked card)."""
    rules = cf.Rules.parse(f"takebacks=no runs=whole fill={fill}")
    found = find(
        st.integers(1, 3).flatmap(lambda n: locked_states(max_left=9, columns=n)),
        lambda start: check_locked(start, rules) == "quick",
        settings=settings(max_examples=2_000, database=None),
    )
    assert check_locked(found, rules) == "quick"


@needs_native
@pytest.mark.parametrize(("test", "redeals"), [("fix", 0), ("fix", 2), ("behind", 0)])
def test_locked_finds_locked_sets(test: str, redeals: int) -> None:
    """States that only the largest locked set finds lost, and states that only the
    locked cards behind a full reserve do, under a fill that refills from the reserve
    and limited redeals (where the Python engine runs both)."""
    rules = cf.Rules.parse(f"takebacks=no runs=whole fill=auto redeals={redeals}")
    found = find(
        st.one_of(
            st.integers(1, 3).flatmap(lambda n: locked_states(max_left=9, columns=n)),
            st.integers(1, 3).flatmap(lambda n: reserve_locked_states(max_left=6, columns=n)),
        ),
        lambda start: check_locked(start, rules) == test,
        settings=settings(max_examples=3_000, database=None),
    )
    assert check_locked(found, rules) == test
