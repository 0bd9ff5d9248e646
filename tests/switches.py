"""Switch one of the solver's module settings for the length of a ``with`` block.

The solver reads some of its settings (a test on or off, a mode) from module constants
when an engine or a search is made; these helpers set one for the tests and always put
it back, and check a test of lost positions so switched against the plain search.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from types import ModuleType

import pytest
from hypothesis import event

import pycanfield as cf
from pycanfield._solver import solver_build
from pycanfield._solver_rules import RulesEngine
from test_solver_soundness import check_against_plain_search
from test_solver_variants import brute_force

# For the tests that reach into the search: they replace its methods, read its sources
# or change its module constants after import, none of which the compiled build
# (docs/solver.rst, "The compiled build") allows.  Its answers are tested all the same.
interpreted_only = pytest.mark.skipif(
    solver_build() == "compiled", reason="changes the search's internals, fixed when compiled"
)


@contextlib.contextmanager
def switched(module: ModuleType, name: str, value: object) -> Iterator[None]:
    """``module.name`` is ``value`` within the block, and as it was after."""
    was = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, was)


def locked_without_and_with(
    module: ModuleType, name: str, position: cf.Position, text: str
) -> tuple[bool, bool]:
    """Whether the general engine under the rules ``text`` finds ``position`` lost at
    once, with the switch ``module.name`` off, then on."""
    rules = cf.Rules.parse(text)
    answers = []
    for on in (False, True):
        with switched(module, name, on):
            engine, root = RulesEngine.from_position(position, rules)
            answers.append(engine.locked(root))
    return answers[0], answers[1]


def fires_on(
    module: ModuleType, name: str, start: cf.GameState, rules: cf.Rules
) -> tuple[bool, bool]:
    """:func:`locked_without_and_with` on ``start``, under ``rules`` with as many
    columns as it has."""
    rules = rules.evolve(columns=len(start.position.columns))
    return locked_without_and_with(module, name, start.position, str(rules))


def check_switched_test(
    module: ModuleType, name: str, label: str, start: cf.GameState, rules: cf.Rules
) -> None:
    """Whenever the test behind the switch ``module.name`` finds ``start`` lost, the
    plain search finds no win there; and the solver, which uses the test anywhere in
    its search, agrees with the plain search."""
    rules = rules.evolve(columns=len(start.position.columns))
    before, now = locked_without_and_with(module, name, start.position, str(rules))
    event(f"locked={before}, {label}={now}")
    if now:
        assert brute_force(start.position, rules, 20_000) is not True
    check_against_plain_search(start, rules)
