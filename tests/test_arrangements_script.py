"""``scripts/arrangements.py``: the moves it counts as ones that can be taken back.

Its ``--reversible`` figure (docs/solver-measured.rst, "Column arrangements") is only
a bound on what joining such arrangements could save if every move it joins is a
legal move whose reverse is legal too: a column's top card onto a column top that
takes it (R12, with the build of the preset), and a card into or out of an empty column
(R16-R17, with the preset's fill).  These tests check that against the public rules on
positions of random play, and that no such move is missed.  The script lives in the
repository, not in the wheel: these tests run from a checkout only.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

import pycanfield as cf
from checkout import IN_CHECKOUT, script
from pycanfield._solver_rules import RulesEngine
from pycanfield._variants import with_draw

pytestmark = IN_CHECKOUT

Columns = tuple[bytes, ...]


def _script() -> ModuleType:
    return script("arrangements")


def _columns(state: cf.GameState) -> Columns:
    return tuple(sorted(bytes(c.index for c in col) for col in state.columns))


def _rest(state: cf.GameState) -> tuple[object, ...]:
    return (state.foundations, state.reserve, state.stock, state.waste)


def _reversible(state: cf.GameState) -> set[Columns]:
    engine, st = RulesEngine.from_position(state.position, with_draw(state.rules, state.draw))
    return set(_script().reversible(engine, st[0], st[2]))


def _back(state: cf.GameState, to: Columns) -> bool:
    """Whether one legal move takes ``state`` to the arrangement ``to``, the rest kept."""
    return any(
        _columns(after) == to and _rest(after) == _rest(state)
        for after in (cf.apply(state, m) for m in cf.legal_moves(state))
    )


def _played(code: str, seed: int, steps: int) -> list[cf.GameState]:
    rng = random.Random(seed)
    state, seen = cf.deal(code), []
    for _ in range(steps):
        moves = cf.legal_moves(state)
        if not moves:
            break
        seen.append(state)
        state = cf.apply(state, rng.choice(moves))
    return seen


# rainbow and chameleon build regardless of suit and fill a column from the reserve
# by itself; superior builds in alternate colours and leaves empty columns open.
@pytest.mark.parametrize("code", ["CRB-D1-OUVIREV", "CCH-D1-OUVIREV", "CSU-D3-KVRFQEF"])
def test_the_arrangements_it_joins_are_one_move_each_way_apart(code: str) -> None:
    counted = empties = 0
    for seed in range(6):
        for state in _played(code, seed, 150):
            here = _columns(state)
            listed = _reversible(state)
            taken_back = set()
            for move in cf.legal_moves(state):
                after = cf.apply(state, move)
                there = _columns(after)
                if there != here and _rest(after) == _rest(state) and _back(after, here):
                    taken_back.add(there)
                    empties += any(not col for col in there)
            # Each move it lists is legal, keeps the rest and can be taken back ...
            assert listed == taken_back, state.code
            counted += len(listed)
    # ... and random play met such moves, some of them into or out of empty columns.
    assert counted > 20
    if code.startswith("CSU"):
        assert empties > 0


def test_arrangements_a_move_apart_are_one_class_and_others_are_not() -> None:
    script = _script()
    state = next(s for s in _played("CRB-D1-OUVIREV", 0, 150) if _reversible(s))
    engine, st = RulesEngine.from_position(state.position, with_draw(state.rules, state.draw))
    here, rest = tuple(sorted(st[0])), st[1:]
    there = next(iter(_reversible(state)))
    joined, largest = script.classes(engine, {(here, rest), (there, rest)})
    assert joined == 1
    assert largest >= 2
    # The same columns with another talon pointer are another position.
    later = (*rest[:3], rest[3] + 1, rest[4])
    assert script.classes(engine, {(here, rest), (there, later)})[0] == 2
