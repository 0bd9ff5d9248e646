"""The general solver's locked cards behind a full reserve (``docs/solver.rst``): under
the fills that refill an emptied column from the reserve, a locked set holding at least
as many reserve cards as there are columns free to empty ends a branch.  The plain
search over the public rules is the oracle, on hand-built positions for each step of
the argument, on random late positions built to reach the test and on positions of
real deals; weakened copies of the test must prune wins that these checks catch."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import builders
import pycanfield as cf
from pycanfield import _solver_room as room_module
from pycanfield import _solver_rules as rules_module
from pycanfield._solver_rules import RulesEngine
from pycanfield._solver_search import Search
from strategies import reserve_locked_states
from switches import (
    check_switched_test,
    fires_on,
    interpreted_only,
    locked_without_and_with,
    switched,
)
from test_solver_locks import _random_play
from test_solver_soundness import solved_as_the_plain_search
from test_solver_variants import brute_force

_REFILLING = st.builds(
    cf.Rules,
    runs=st.sampled_from(["whole", "top"]),
    takebacks=st.just(False),
    fill=st.just("auto"),
    redeals=st.sampled_from([None, 0, 1]),
    build=st.sampled_from(["alternate", "suit", "any"]),
    autocomplete=st.booleans(),
    draw=st.sampled_from([1, 3]),
)


def _ace_base(columns: tuple[str, ...], reserve: str, **sizes: int) -> cf.Position:
    """Ace base; the suits named (``S=9``) up to that many cards, the others complete."""
    full = {"S": 13, "H": 13, "D": 13, "C": 13, **sizes}
    return builders.position(columns=columns, reserve=reserve, base="AS", sizes=full)


# The column's 10♥ goes up and the column takes K♥ from the reserve for good; Q♥ and
# J♥ stay in the reserve: lost.
_ONE_COLUMN = (_ace_base(("TH",), "JH QH KH", H=9), "rainfall columns=1")
# Two columns empty and take K♥ and Q♥: J♥ comes to the reserve's top and goes up,
# then Q♥ and K♥ from the columns: won.
_TWO_COLUMNS = (_ace_base(("TH", "KS"), "JH QH KH", S=12, H=9), "rainfall columns=2")
# Built by suit, Q♠ goes on K♠ once K♠ is refilled into the column: J♠ comes to the
# reserve's top, and the game is won.
_LANDING = (_ace_base(("TS",), "JS QS KS", S=9), "rainbow build=suit columns=1")
# Q♦ and 7♣ go up and their columns take 10♣ and Q♣ for good, which wait for 8♣,
# under 9♣, which waits for 8♣.  J♣ may then leave the reserve, but no column can
# empty any more: lost.  Two cards of the locked set in the reserve and two columns
# that empty: as many is enough.
_AS_MANY = (
    builders.position(
        columns=("QD", "8C 9C", "7C"),
        reserve="JC QC TC",
        base="KS",
        sizes={"S": 13, "H": 13, "D": 12, "C": 7},
    ),
    "rainfall columns=3",
)
_WON = [_TWO_COLUMNS, _LANDING]


@pytest.fixture(autouse=True)
def _counting() -> Iterator[None]:
    with switched(room_module, "ROOM", True):
        yield


def _fires(position: cf.Position, text: str) -> tuple[bool, bool]:
    """Whether the test of locked cards finds ``position`` lost, without and with the
    reserve's count."""
    return locked_without_and_with(room_module, "ROOM", position, text)


def test_a_full_reserve_keeps_a_lock_whose_column_can_empty() -> None:
    assert _fires(*_ONE_COLUMN) == (False, True)
    position, text = _ONE_COLUMN
    assert solved_as_the_plain_search(position, cf.Rules.parse(text)) is cf.SolveStatus.NO_WIN


def test_as_many_reserve_cards_as_columns_that_empty_keep_the_lock() -> None:
    assert _fires(*_AS_MANY) == (False, True)
    position, text = _AS_MANY
    assert solved_as_the_plain_search(position, cf.Rules.parse(text)) is cf.SolveStatus.NO_WIN


@pytest.mark.parametrize("case", _WON, ids=["two-columns", "landing-place"])
def test_cards_refilled_into_columns_free_the_reserve(case: tuple[cf.Position, str]) -> None:
    """A reserve card under cards of the set comes to the top once enough columns took
    those; a card refilled into a column takes cards on it: won, and not pruned."""
    position, text = case
    assert _fires(position, text) == (False, False)
    assert solved_as_the_plain_search(position, cf.Rules.parse(text)) is cf.SolveStatus.WIN


@pytest.mark.parametrize("fill", ["player", "player-reserve-waste", "none"])
def test_fills_that_do_not_refill_from_the_reserve_turn_the_count_off(fill: str) -> None:
    """Without the refill, a column emptied stays so and any reserve card may wait to
    enter it: the reserve's order proves nothing, and the count adds nothing to the
    other tests of locked cards."""
    for position, text in (_ONE_COLUMN, _AS_MANY):
        rules = f"{text} fill={fill}"
        before, now = _fires(position, rules)
        assert now == before
        solved_as_the_plain_search(position, cf.Rules.parse(rules))


@settings(max_examples=60)
@given(st.integers(1, 3).flatmap(lambda n: reserve_locked_states(columns=n)), _REFILLING)
def test_positions_held_by_the_reserve_are_never_won_and_solved_as_the_plain_search(
    start: cf.GameState, rules: cf.Rules
) -> None:
    """On late positions built to reach the count: whenever it prunes, the plain search
    finds no win; and the solver, which uses it anywhere in the search, agrees with
    the plain search."""
    check_switched_test(room_module, "ROOM", "behind the reserve", start, rules)


def test_the_random_reserve_states_exercise_the_count() -> None:
    """The strategy above reaches positions that only the reserve's count prunes (about
    3 examples in 100; at 300 examples a run once found only 2)."""
    seen = [0, 0]

    @settings(max_examples=1000, database=None)
    @given(st.integers(1, 3).flatmap(lambda n: reserve_locked_states(columns=n)), _REFILLING)
    def count(start: cf.GameState, rules: cf.Rules) -> None:
        before, now = fires_on(room_module, "ROOM", start, rules)
        seen[0] += 1
        seen[1] += now and not before

    count()
    assert seen[1] >= 5


@pytest.mark.parametrize("text", ["rainbow", "rainfall", "chameleon", "rainfall build=suit"])
def test_positions_of_real_deals_held_by_the_reserve_are_lost(text: str) -> None:
    """Positions of random play where only the reserve's count finds the position
    lost: the search without any test of locked cards never finds a win there."""
    rules = cf.Rules.parse(text)
    pruned = proved = 0
    for seed in range(30):
        for engine, root in _random_play(rules, seed, steps=300, every=7):
            lock = engine.lock
            assert lock is not None
            assert lock.behind is not None
            if not engine.locked(root):
                continue
            behind, lock.behind = lock.behind, None
            old = engine.locked(root)
            lock.behind = behind
            if old:
                continue
            pruned += 1
            engine.lock = None
            found, _ = Search(engine, root, node_limit=20_000, time_limit=None).run()
            assert found is not True
            proved += found is False
            break
    assert pruned >= 3
    assert proved * 2 >= pruned


# Weakened copies of the test, each leaving out one step of the argument.
_MUTATIONS = {
    # One more reserve card may be refilled than there are columns to take it.
    "count": [("kept < opened", "kept + 1 < opened"), ("kept >= opened", "kept + 1 >= opened")],
    # A card refilled into a column is no landing place.
    "landing": [("if seen < opened and", "if False and")],
    # A reserve card under a card of the set never comes to the top.
    "top": [("if seen > opened:", "if seen > 0:")],
    # Columns that empty are not counted.
    "columns": [("opened += 1", "pass")],
}


def _mutant(name: str) -> Callable[..., bool]:
    """The test with the source changes of ``_MUTATIONS[name]``."""
    source = inspect.getsource(room_module)
    for old, new in _MUTATIONS[name]:
        assert old in source
        source = source.replace(old, new)
    namespace: dict[str, Any] = {"__name__": "pycanfield._weakened", "__package__": "pycanfield"}
    exec(compile(source, "weakened", "exec"), namespace)
    mutant: Callable[..., bool] = namespace["reserve_holds"]
    return mutant


@interpreted_only
@pytest.mark.parametrize("name", sorted(_MUTATIONS))
def test_each_weakened_count_prunes_a_won_position(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """The checks above have teeth: each weakened copy of the test finds one of the
    won positions above (or ``J♠`` alone with ``Q♠ K♠`` in the reserve) lost."""
    monkeypatch.setattr(rules_module, "reserve_holds", _mutant(name))
    cases = [*_WON, (_ace_base(("JS",), "QS KS", S=10), "rainbow columns=1")]
    wrong = []
    for position, text in cases:
        rules = cf.Rules.parse(text)
        assert brute_force(position, rules, 20_000) is True
        engine, root = RulesEngine.from_position(position, rules)
        if engine.locked(root):
            wrong.append(text)
    assert wrong
