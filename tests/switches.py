"""Switch one of the solver's module settings for the length of a ``with`` block.

The solver reads some of its settings (a test on or off, a mode) from module constants
when an engine or a search is made; these helpers set one for the tests and always put
it back.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from types import ModuleType

import pycanfield as cf
from pycanfield._solver_rules import RulesEngine


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
