"""Talon pointers that draws reach: under draw 3 with endless redeals the general
search skips a position when it has seen the same position with a pointer from which
draws alone reach this one (docs/solver.rst).  The fact the proof rests on is checked
on random positions of every preset it applies to, the two cases on hand-built
positions, and the searches that skip against plain searches over the public rules."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import builders
import pycanfield as cf
from pycanfield._solver import _search
from pycanfield._solver_rules import RState, RulesEngine
from strategies import variant_states
from test_solver_variants import brute_force, replay

# The presets whose searches skip covered pointers under draw 3.
COVERING = ("classic", "pysol", "superior", "selective")


def engine_for(state: cf.GameState, rules: cf.Rules) -> tuple[RulesEngine, RState]:
    return RulesEngine.from_position(state.position, rules)


def covering_pairs(n: int, d: int) -> list[tuple[int, int]]:
    """``(p, q)``: the pointers (as the search keeps them, 0 for the aligned ones) of an
    ``n``-card talon such that draws alone take ``p`` to ``q``."""
    unaligned = [p for p in range(1, n) if p % d]
    pairs = [(p, 0) for p in unaligned]
    pairs += [(p, q) for p in unaligned for q in unaligned if q > p and (q - p) % d == 0]
    return pairs


def with_pointer(st_: RState, p: int) -> RState:
    return (st_[0], st_[1], st_[2], st_[3], p, st_[5])


def covers(engine: RulesEngine, st_: RState, searched_before: list[RState]) -> bool:
    """Whether ``st_`` is covered after a search has entered ``searched_before``, in
    turn, into its table (each one asked first, as the search does)."""
    pointers = engine.pointers
    assert pointers is not None
    marks: dict[bytes, int] = {}
    for x in searched_before:
        pointers.enter(x, marks)
    return engine.key(st_) not in map(engine.key, searched_before) and not pointers.enter(
        st_, marks
    )


def test_the_search_keeps_covered_pointers_only_under_draw_3_and_endless_redeals() -> None:
    for name in COVERING:
        rules = cf.Rules.parse(f"{name} draw=3")
        assert RulesEngine(b"", 1, rules).pointers is not None
    for rules in (
        cf.Rules.parse("pysol draw=1"),
        cf.Rules(draw=3, redeals=2, runs="whole", takebacks=False),
    ):
        assert RulesEngine(b"", 1, rules).pointers is None


@settings(max_examples=30, deadline=None)
@given(variant_states(max_steps=120), st.sampled_from(COVERING))
def test_each_move_from_a_covered_pointer_is_a_move_from_the_covering_one(
    state: cf.GameState, name: str
) -> None:
    """What the proof uses: from the same position with a pointer whose draws reach
    ``q``, every move made with ``q`` is made too, to the same position or to one
    that differs only by a pointer that reaches the other's."""
    rules = cf.Rules.parse(f"{name} draw=3")
    assume(not state.position.pending)
    engine, root = engine_for(state, rules)
    n = len(root[3])
    assume(n >= 2)
    key = engine.key
    for p, q in covering_pairs(n, 3):
        here, there = with_pointer(root, p), with_pointer(root, q)
        assert covers(engine, there, [here])
        mine = {key(child): child for _, child in engine.children(here)}
        for _, child in engine.children(there):
            k = key(child)
            if k in mine:
                continue
            # A move that leaves the talon alone keeps each side's pointer.
            twin = with_pointer(child, p)
            assert key(twin) in mine
            assert covers(engine, child, [twin])


def test_an_unaligned_pointer_covers_the_later_ones_of_its_residue_only() -> None:
    """Case one of the proof: pointer 2 of a 10-card talon reaches 5 and 8, not 4 or 7;
    an unaligned pointer is covered by no later one, nor by the aligned one."""
    engine = RulesEngine(b"", 1, cf.Rules.parse("pysol"))
    base = ((b"\x05", b"\x11"), (2, 1, 0, 0), 0, bytes(range(30, 40)), 0, 0)
    two = [with_pointer(base, 2)]
    found = {q: covers(engine, with_pointer(base, q), two) for q in (1, 4, 5, 7, 8)}
    assert found == {1: False, 4: False, 5: True, 7: False, 8: True}
    assert not covers(engine, with_pointer(base, 5), [with_pointer(base, 8)])
    assert not covers(engine, with_pointer(base, 5), [base])


def test_the_aligned_pointer_is_covered_by_any_unaligned_one() -> None:
    """Case two of the proof: every unaligned pointer reaches the aligned one (draw to
    the end, recycle), so the aligned one is covered by each of them."""
    engine = RulesEngine(b"", 1, cf.Rules.parse("classic"))
    base = ((b"\x05", b"\x11"), (2, 1, 0, 0), 3, bytes(range(30, 37)), 0, 0)
    for p in (1, 2, 4, 5):
        assert covers(engine, base, [with_pointer(base, p)])
    assert not covers(engine, base, [])
    # Another position with an unaligned pointer covers nothing: other columns, or
    # another reserve.
    other = ((b"\x05", b"\x12"), (2, 1, 0, 0), 3, bytes(range(30, 37)), 1, 0)
    assert not covers(engine, base, [other])
    assert not covers(engine, base, [(base[0], base[1], 2, base[3], 1, 0)])
    assert not covers(engine, with_pointer(base, 4), [(base[0], base[1], 2, base[3], 1, 0)])


def searched(state: cf.GameState, rules: cf.Rules) -> tuple[cf.SolveStatus, int, Any]:
    """The whole search's verdict on ``state`` under ``rules``, with the number of
    positions it skipped as covered."""
    search = _search(cf.GameState(state.position, rules=rules), 60_000, None)
    engine = search.engine
    assert isinstance(engine, RulesEngine)
    assert engine.pointers is not None
    found, line = search.run()
    status = {True: cf.SolveStatus.WIN, False: cf.SolveStatus.NO_WIN, None: cf.SolveStatus.UNKNOWN}
    return status[found], search.skipped, (search, line)


# Positions where the searches skip covered pointers, small enough for a plain search:
# two late positions of a won game (with a column to empty and six stock cards) and a
# deal that is lost from the start.
LATE_PILES: dict[str, Any] = {
    "reserve": "",
    "stock": "TD 7D JD 6C TH 5D",
    "waste": "3D JC",
    "fan": 2,
    "base": "QC",
    "sizes": {"C": 7, "S": 13, "H": 11, "D": 4},
}
CROSS_CHECKED = [
    pytest.param(
        builders.state(columns=["4D", "9D 8C", "JH TC", "9C 8D 7C 6D"], **LATE_PILES),
        True,
        id="late",
    ),
    pytest.param(
        builders.state(columns=["4D", "", "JH TC 9D 8C", "9C 8D 7C 6D"], **LATE_PILES),
        True,
        id="late-empty-column",
    ),
    pytest.param(cf.deal("CPY-D3-VJUPJUW"), False, id="VJUPJUW"),
]
# Under ``superior`` (an empty column takes any card) that deal is won, after more
# positions than the plain search can hold.
CASES = [
    pytest.param(name, *case.values, id=f"{name}-{case.id}")
    for name in COVERING
    for case in CROSS_CHECKED
    if (name, case.id) != ("superior", "VJUPJUW")
]


@pytest.mark.parametrize(("name", "start", "won"), CASES)
def test_searches_that_skip_covered_pointers_agree_with_a_plain_search(
    name: str, start: cf.GameState, won: bool
) -> None:
    """Under each preset the search skips positions here, and its verdict is the
    plain search's (the public rules, every draw a move, whole positions as keys);
    its win replays."""
    rules = cf.Rules.parse(f"{name} draw=3")
    here = cf.GameState(start.position, rules=rules)
    assert brute_force(here.position, rules, 300_000) is won
    status, skipped, _ = searched(here, rules)
    assert skipped > 0
    assert status is (cf.SolveStatus.WIN if won else cf.SolveStatus.NO_WIN)
    result = cf.solve(here)
    assert result.status is status
    if won:
        assert cf.is_won(replay(here, result.moves))
