"""The postponement of moves between columns (docs/solver.rst, "Postponing moves
between columns") loses no win: the moves it calls independent commute with the move
they pass, every move that depends on a postponed move ends a series, and the
searches that postpone agree with plain exhaustive searches under every preset."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import builders
import pycanfield as cf
from pycanfield import _solver_search as core
from pycanfield._solver_core import CC, MACRO, Engine
from pycanfield._solver_generic import GenericSearch
from pycanfield._solver_postpone import postponable, postponed, series, touched
from pycanfield._solver_probe import Probe
from pycanfield._solver_rules import RulesEngine
from pycanfield._solver_search import Search
from strategies import late_states, play_rules, variant_states
from switches import switched
from test_solver_soundness import _NEEDS_A_SHUFFLE, check_against_plain_search, random_position
from test_solver_variants import replay

MODES = ["shuffles", "all"]


def engines(start: cf.GameState, rules: cf.Rules) -> list[tuple[Any, Any]]:
    """The general engine under ``rules``, and the standard one when it applies."""
    own = rules.evolve(draw=start.draw, columns=len(start.position.columns))
    found: list[tuple[Any, Any]] = [RulesEngine.from_position(start.position, own)]
    if len(start.position.columns) == 4:
        found.append(Engine.from_position(start.position, start.draw))
    return found


def every_move(engine: Any, st_: Any) -> list[tuple[Any, Any]]:
    """Every successor, the safe moves to the foundations not forced and no dead end
    cut short by its locked cards (those are lost, whatever the order of moves)."""
    safe, lock = engine.safe, getattr(engine, "lock", None)
    engine.safe = False
    if lock is not None:
        engine.lock = None
    try:
        kids: list[tuple[Any, Any]] = engine.children(st_)
        return kids
    finally:
        engine.safe = safe
        if lock is not None:
            engine.lock = lock


def check_commuting(engine: Any, root: Any, every: bool) -> None:
    """After each postponable move S of ``root``, every move M that touches neither of
    S's columns was a move before S too, M then S reaches the very position S then M
    reaches, and whether M is postponable does not depend on S."""
    before = dict(every_move(engine, root))
    for s, after_s in before.items():
        if not postponable(engine, root, s, every):
            continue
        for m, both in every_move(engine, after_s):
            if set(touched(m)) & {s[1], s[2]}:
                continue
            assert m in before, (s, m)
            again = dict(every_move(engine, before[m]))
            assert again.get(s) == both, (s, m)
            assert postponable(engine, root, m, every) == postponable(engine, after_s, m, every)


@settings(max_examples=300)
@given(variant_states(), play_rules, st.sampled_from(MODES))
def test_a_move_that_touches_neither_column_commutes_with_a_postponable_move(
    start: cf.GameState, rules: cf.Rules, mode: str
) -> None:
    """The commuting that the proof relies on, on states from random play."""
    assume(not start.position.pending)
    for engine, root in engines(start, rules):
        if engine.postpone:
            check_commuting(engine, root, mode == "all")


@pytest.mark.parametrize("mode", MODES)
def test_a_move_into_an_empty_column_is_not_postponed(mode: str) -> None:
    """Q♠ off K♥ into the first of two empty columns shuffles a run, but it changes
    which column is the first empty one, where a talon card may go next: such a move
    is not postponable."""
    position = builders.position(
        columns=["KH QS", "KS QH", "", ""],
        waste="JS KD",
        base="AC",
        sizes={"C": 13, "S": 10, "H": 11, "D": 12},
    )
    state = cf.GameState(position, draw=1)
    for engine, root in engines(state, cf.Rules(draw=1)):
        shuffle = (CC, 0, 2, 1)
        assert shuffle in dict(engine.ordered(root))
        assert not postponable(engine, root, shuffle, mode == "all")
        check_commuting(engine, root, mode == "all")


@settings(max_examples=300)
@given(variant_states(), play_rules, st.sampled_from(MODES))
def test_every_move_that_depends_on_a_postponed_move_is_a_successor(
    start: cf.GameState, rules: cf.Rules, mode: str
) -> None:
    """The successors with postponement: every move that is not postponable, as
    before; for a postponable move S, the position after S and any move that depends
    on S (unless the position after S is itself a successor); each series replays
    through the engine's own moves."""
    assume(not start.position.pending)
    every = mode == "all"
    for engine, root in engines(start, rules):
        if not engine.postpone:
            continue
        kids = engine.ordered(root)
        reduced = postponed(engine, root, kids, every=every)
        reached = {child for _, child in reduced}
        for move, child in reduced:
            here = root
            for one in series(move):
                here = next(c for m, c in engine.children(here) if m == one)
            assert here == child
        for s, after_s in kids:
            if not postponable(engine, root, s, every):
                assert (s, after_s) in reduced
                continue
            assert all(m[0] == MACRO for m, c in reduced if c == after_s)
            if after_s in reached:
                continue
            for m, child in engine.ordered(after_s):
                if set(touched(m)) & {s[1], s[2]} and not postponable(engine, after_s, m, every):
                    assert child in reached, (s, m)


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=25)
@given(late_states(max_left=7), st.sampled_from(cf.VARIANTS))
def test_every_preset_agrees_with_a_plain_search_when_postponing(
    mode: str, start: cf.GameState, variant: cf.Variant
) -> None:
    with switched(core, "POSTPONE", mode):
        check_against_plain_search(start, cf.Rules.parse(f"{variant.name} draw={start.draw}"))


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=25)
@given(st.integers(1, 6).flatmap(lambda n: late_states(max_left=7, columns=n)), play_rules)
def test_random_options_agree_with_a_plain_search_when_postponing(
    mode: str, start: cf.GameState, rules: cf.Rules
) -> None:
    with switched(core, "POSTPONE", mode):
        check_against_plain_search(start, rules.evolve(columns=len(start.position.columns)))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("variant", cf.VARIANTS, ids=lambda v: v.name)
def test_every_preset_agrees_with_the_generic_search_when_postponing(
    variant: cf.Variant, mode: str
) -> None:
    """Positions reached by random play: the main search alone, postponing, never
    contradicts the generic depth-first search, and its wins replay."""
    for seed in range(6):
        game = random_position(variant, seed, 40 + 30 * seed)
        if game.position.pending:
            continue
        with switched(core, "POSTPONE", mode):
            result = cf.solve(game, node_limit=4_000)
        if result.status is cf.SolveStatus.WIN:
            assert cf.is_won(replay(game, result.moves))
        found, _ = GenericSearch(game.position, game.rules, node_limit=4_000, time_limit=None).run()
        if found is False:
            assert result.status is not cf.SolveStatus.WIN
        if result.status is cf.SolveStatus.NO_WIN:
            assert found is not True


@pytest.mark.parametrize("mode", MODES)
def test_a_win_through_a_postponed_move_is_found_by_the_main_search(mode: str) -> None:
    """The hand-built game is won only through a shuffle of a run, played before a
    move that depends on it: the main search alone, postponing, finds the win through
    a series, and the line written out replays."""
    engine, root = Engine.from_position(_NEEDS_A_SHUFFLE.position, 3)
    with switched(core, "POSTPONE", mode):
        search = Search(engine, root, node_limit=None, time_limit=None)
    probe = Probe(search, None, False)
    found, line = probe.advance(100_000)
    assert found is True
    assert any(move[0] == MACRO for move in line)
    with switched(core, "POSTPONE", mode):
        result = cf.solve(_NEEDS_A_SHUFFLE, node_limit=100_000)
    assert result.status is cf.SolveStatus.WIN
    assert cf.is_won(replay(_NEEDS_A_SHUFFLE, result.moves))
    assert any(move[0] == CC for move in series(line[0]) + line)
