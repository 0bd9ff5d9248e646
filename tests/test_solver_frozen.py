"""The general solver's frozen foundations (``docs/solver.rst``): a position from which
no line of moves brings a card next on its foundation within reach is lost, and the
test looks at the positions through a key that forgets the suits of the other cards.
The plain search over the public rules is the oracle, on hand-built positions, on random
late positions and on positions of real deals; weakened copies of the test must prune
wins that these checks catch."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import builders
import pycanfield as cf
from pycanfield import _solver_frozen as frozen_module
from pycanfield import _solver_rules as rules_module
from pycanfield._solver import _search
from pycanfield._solver_rules import RulesEngine
from pycanfield._solver_search import Search
from strategies import late_states, locked_states
from switches import (
    check_switched_test,
    fires_on,
    interpreted_only,
    locked_without_and_with,
    switched,
)
from test_solver_soundness import solved_as_the_plain_search
from test_solver_variants import brute_force

_NO_TAKEBACKS = st.builds(
    cf.Rules,
    runs=st.sampled_from(["whole", "top"]),
    takebacks=st.just(False),
    fill=st.sampled_from(["auto", "auto-waste", "player", "player-reserve-waste", "none"]),
    redeals=st.sampled_from([0, 1, 2]),
    build=st.sampled_from(["alternate", "suit", "any"]),
    autocomplete=st.booleans(),
    draw=st.sampled_from([1, 3]),
)


def _ace_base(
    columns: tuple[str, ...], *, reserve: str = "", waste: str = "", stock: str = "", **sizes: int
) -> cf.Position:
    """Ace base; the suits named (``S=9``) up to that many cards, the others complete."""
    full = {"S": 13, "H": 13, "D": 13, "C": 13, **sizes}
    return builders.position(
        columns=columns, reserve=reserve, waste=waste, stock=stock, base="AS", sizes=full
    )


# K♦ and J♣ are next; K♣ lies on K♦ and goes on nothing (the aces are up), so only into
# an empty column, and the one column that can empty does so by moving Q♣ onto K♣:
# lost.  The locked cards do not see it, as a column can empty.
_CLOSED = (_ace_base(("JC KD KC", "QC"), D=12, C=10), "rainbow columns=2")
# A third column, empty: K♣ goes there, and the game is won.
_SPARE = (_ace_base(("JC KD KC", "QC", ""), D=12, C=10), "rainbow columns=3")
# Q♠ is next and on top of the waste: not frozen, and won.
_WASTE_TOP = (_ace_base(("QD KS", "KD"), waste="KC QS", S=11, D=11, C=12), "rainbow columns=2")
# K♥ is next and on top of the reserve: not frozen, and won.
_RESERVE_TOP = (
    _ace_base(("", "", "QD KD"), reserve="KH", H=12, D=11),
    "rainfall redeals=0 columns=3",
)
# Won, but only after more moves than a short search looks at.
_LONG = (
    _ace_base(("", "KD", "QD JC KC QS"), waste="JS KS", stock="QC", S=10, D=11, C=10),
    "rainfall redeals=0 columns=3",
)
# Won, alternate colours: J♦ goes onto Q♠, then J♠ onto Q♦, and 10♠ comes free.  A key
# that forgets colours as well as suits sees the position after the first move as the
# one before it.
_COLOURS = (
    _ace_base(("QD JD", "TS JS", "QS"), waste="TD KD", stock="KS", S=9, D=9),
    "rainfall redeals=0 columns=3",
)
_WON = [_SPARE, _WASTE_TOP, _RESERVE_TOP, _LONG, _COLOURS]
# Won: Q♥ goes to the empty column and K♠ up.  With K♠ and K♥ the other way round the
# position is lost, and a key that forgets the suits of the wanted cards too sees the
# two as one: the weakened test, asked about the lost one first, prunes this one.
_SWAPPED = (_ace_base(("KH TH KC KS QH", ""), waste="JH", S=12, H=9, C=12), "chameleon columns=2")
_SWAPPED_LOST = _ace_base(("KS TH KC KH QH", ""), waste="JH", S=12, H=9, C=12)
_MORE_WON = [_SWAPPED]


@pytest.fixture(autouse=True)
def _testing() -> Iterator[None]:
    with switched(frozen_module, "FROZEN", True):
        yield


def _fires(position: cf.Position, text: str) -> tuple[bool, bool]:
    """Whether the engine finds ``position`` lost at once, without and with the test."""
    return locked_without_and_with(frozen_module, "FROZEN", position, text)


def test_a_column_that_empties_only_onto_the_card_in_the_way_is_lost() -> None:
    assert _fires(*_CLOSED) == (False, True)
    position, text = _CLOSED
    assert solved_as_the_plain_search(position, cf.Rules.parse(text)) is cf.SolveStatus.NO_WIN


@pytest.mark.parametrize(
    "case", _WON, ids=["spare-column", "waste-top", "reserve-top", "long", "colours"]
)
def test_won_positions_are_not_pruned(case: tuple[cf.Position, str]) -> None:
    position, text = case
    assert _fires(position, text) == (False, False)
    assert solved_as_the_plain_search(position, cf.Rules.parse(text)) is cf.SolveStatus.WIN


def test_a_key_keeps_the_wanted_cards_apart() -> None:
    """Of two positions that differ only by exchanging a wanted card with a card of its
    rank, one is lost and the other won: the test, asked about the lost one first,
    still leaves the won one."""
    position, text = _SWAPPED
    rules = cf.Rules.parse(text)
    assert solved_as_the_plain_search(_SWAPPED_LOST, rules) is cf.SolveStatus.NO_WIN
    assert solved_as_the_plain_search(position, rules) is cf.SolveStatus.WIN
    engine, root = RulesEngine.from_position(position, rules)
    assert engine.locked(RulesEngine.from_position(_SWAPPED_LOST, rules)[1])
    assert not engine.locked(root)


def test_the_rules_with_take_backs_any_runs_or_endless_redeals_leave_the_test_out() -> None:
    """Cards come back from the foundations, or parts of runs move: no test of dead
    ends at all; the talon is recycled without end: the test is left out for its cost,
    unless ``FROZEN_ENDLESS`` asks for it."""
    position, _ = _CLOSED
    for text in (
        "rainbow columns=2 takebacks=true",
        "rainbow columns=2 runs=any",
        "rainbow columns=2 redeals=none",
    ):
        engine, _root = RulesEngine.from_position(position, cf.Rules.parse(text))
        assert engine.frozen is None
    endless = cf.Rules.parse("rainbow columns=2 redeals=none")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(frozen_module, "FROZEN_ENDLESS", True)
        engine, root = RulesEngine.from_position(position, endless)
        assert engine.frozen is not None
        assert engine.locked(root)
    assert solved_as_the_plain_search(position, endless) is cf.SolveStatus.NO_WIN


@settings(max_examples=60)
@given(
    st.one_of(
        st.integers(1, 3).flatmap(lambda n: late_states(max_left=7, columns=n)),
        st.integers(1, 3).flatmap(lambda n: locked_states(max_left=7, columns=n)),
    ),
    _NO_TAKEBACKS,
)
def test_frozen_positions_are_never_won_and_solved_as_the_plain_search(
    start: cf.GameState, rules: cf.Rules
) -> None:
    """On random late positions: whenever the test prunes, the plain search finds no
    win; and the solver, which uses it anywhere in the search, agrees with the plain
    search."""
    check_switched_test(frozen_module, "FROZEN", "frozen", start, rules)


def test_the_random_late_states_exercise_the_test() -> None:
    """The strategy above reaches positions that only this test prunes (8 of the 300
    examples of this fixed run)."""
    seen = [0, 0]

    @settings(max_examples=300, database=None, derandomize=True)
    @given(st.integers(1, 3).flatmap(lambda n: late_states(max_left=7, columns=n)), _NO_TAKEBACKS)
    def count(start: cf.GameState, rules: cf.Rules) -> None:
        before, now = fires_on(frozen_module, "FROZEN", start, rules)
        seen[0] += 1
        seen[1] += now and not before

    count()
    assert seen[1] >= 5


def _pruned(code: str, limit: int) -> tuple[RulesEngine, list[Any]]:
    """The solver's engine for the deal ``code``, and the positions that the test finds
    lost (where no test of locked cards did) in the first ``limit`` positions of its
    search."""
    search = _search(cf.deal(code), limit, None)
    engine = search.engine
    assert isinstance(engine, RulesEngine)
    frozen = engine.frozen
    assert frozen is not None
    hits: list[Any] = []
    test = frozen.dead

    def recording(st: Any) -> bool:
        lost = test(st)
        if lost:
            hits.append(st)
        return lost

    frozen.dead = recording  # type: ignore[method-assign]
    search.run()
    return engine, hits


@interpreted_only
@pytest.mark.parametrize("code", ["CRB-D1-OUVIREV", "CRF-D1-ERKYPZE", "CCH-D1-OUVIREV"])
def test_frozen_positions_of_real_deals_are_lost(code: str) -> None:
    """Positions of real deals where only this test finds the position lost (every
    tenth of those the search meets): the search without any test of dead ends never
    finds a win there, and mostly proves the loss."""
    solver, hits = _pruned(code, 3_000)
    assert len(hits) >= 10
    proved = 0
    for state in hits[::10]:
        engine = RulesEngine(solver.reserve, solver.base, solver.rules)
        engine.lock = None
        engine.frozen = None
        found, _ = Search(engine, state, node_limit=20_000, time_limit=None).run()
        assert found is not True
        proved += found is False
    assert proved * 2 >= len(hits[::10])


# Weakened copies of the test, each leaving out one step of the argument.
_MUTATIONS = {
    # The key forgets the suits of the cards next on their foundations too.
    "wanted": [
        (
            "                if c not in wanted:\n                    alike[c] = self.alike[c]",
            "                alike[c] = self.alike[c]",
        )
    ],
    # Talon cards that draws bring up are not looked at.
    "talon": [("        if talon:\n            got", "        if False:\n            got")],
    # The reserve's top card is not looked at.
    "reserve": [("if rlen and engine.reserve[rlen - 1] in wanted:", "if False:")],
    # A search cut short counts as lost.
    "budget": [
        ("BUDGET = 40", "BUDGET = 2"),
        (
            "                    self._give_up(root)\n                    return False\n"
            "                seen.add",
            "                    return True\n                seen.add",
        ),
    ],
    # Under alternate colours the key forgets the colours as well.
    "colour": [("(16 if colour and _RED[c] else 0)", "0")],
}


def _mutant(name: str) -> type[frozen_module.Frozen]:
    """The test with the source changes of ``_MUTATIONS[name]``."""
    source = inspect.getsource(frozen_module)
    for old, new in _MUTATIONS[name]:
        assert old in source
        source = source.replace(old, new)
    namespace: dict[str, Any] = {"__name__": "pycanfield._weakened", "__package__": "pycanfield"}
    exec(compile(source, "weakened", "exec"), namespace)
    mutant: type[frozen_module.Frozen] = namespace["Frozen"]
    return mutant


@interpreted_only
@pytest.mark.parametrize("name", sorted(_MUTATIONS))
def test_each_weakened_test_prunes_a_won_position(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """The checks above have teeth: each weakened copy of the test finds one of the
    won positions above, or of ``_MORE_WON``, lost."""
    monkeypatch.setattr(rules_module, "Frozen", _mutant(name))
    wrong = []
    for position, text in [*_WON, *_MORE_WON]:
        rules = cf.Rules.parse(text)
        engine, root = RulesEngine.from_position(position, rules)
        if position is _SWAPPED[0]:
            engine.locked(RulesEngine.from_position(_SWAPPED_LOST, rules)[1])
        if engine.locked(root):
            assert brute_force(position, rules, 20_000) is True
            wrong.append(text)
    assert wrong
