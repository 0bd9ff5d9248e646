"""The solver under other rules: it agrees with a plain search over the public rules,
its wins replay, and it answers for every preset."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import pycanfield as cf
from builders import FULL, position
from pycanfield._solver import _search
from pycanfield._solver_core import CC, CF, FC, RC, RF, TC, TF, Engine, EngineLike
from pycanfield._solver_rules import RulesEngine
from pycanfield._solver_search import Search
from pycanfield._variants import with_draw
from strategies import late_states, play_rules, rules_states, states


def replay(game: cf.GameState, moves: tuple[cf.Move, ...]) -> cf.GameState:
    for move in moves:
        game = cf.apply(game, move)
    return game


def brute_force(pos: cf.Position, rules: cf.Rules, limit: int) -> bool | None:
    """Breadth-first search over whole positions under ``rules`` with the public rules
    only (no symmetry, no key but the position itself): True / False, or None past
    ``limit`` positions."""
    seen = {pos}
    queue = deque([pos])
    while queue:
        here = queue.popleft()
        if all(f.size == 13 for f in here.foundations):
            return True
        for move in cf.position_moves(here, rules):
            child, _ = cf.play(here, move, rules=rules)
            if child not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(child)
                queue.append(child)
    return False


def game(rules: cf.Rules, pos: cf.Position) -> cf.GameState:
    return cf.GameState(pos, rules=rules)


@pytest.mark.parametrize("variant", cf.VARIANTS, ids=lambda v: v.name)
def test_every_preset_reference_deal_gets_an_answer(variant: cf.Variant) -> None:
    """The reference number (R29's deal) under each preset: a status within a small
    limit, a win that replays under those rules, and a legal hint."""
    start = cf.deal(cf.Deal(63, rules=variant.rules))
    result = cf.solve(start, node_limit=3_000)
    assert result.status in set(cf.SolveStatus)
    assert result.positions > 0
    if result.status is cf.SolveStatus.WIN:
        end = replay(start, result.moves)
        assert cf.is_won(end)
        assert end.rules == start.rules
        if variant.rules.base == "choose":
            assert result.moves[0].kind is cf.MoveKind.CHOOSE_BASE
    else:
        assert result.moves == ()
    move = cf.hint(start, node_limit=300)
    assert move is not None
    assert cf.is_legal(start, move)


def test_variant_codes_are_solved_and_some_are_won() -> None:
    """At least the presets close to PySolFC's Canfield win the reference number fast."""
    for code in ("CPY-D3-AAAAACL", "CCL-D3-AAAAACL", "CSE-D3-AAAAACL"):
        result = cf.solve(code, node_limit=20_000)
        assert result.status is cf.SolveStatus.WIN, code
        assert cf.is_won(replay(cf.deal(code), result.moves))


def test_one_move_from_a_win_with_top_card_runs() -> None:
    rules = cf.Rules(runs="top")
    start = game(rules, position(base="AS", sizes={**FULL, "H": 12}, columns=["", "KH", "", ""]))
    result = cf.solve(start)
    assert result.status is cf.SolveStatus.WIN
    assert [str(m) for m in result.moves] == ["2>F"]
    assert cf.hint(start) == cf.Move.column_to_foundation(1)


def test_take_back_needed_wins_only_with_takebacks_r22() -> None:
    """JS tops the reserve over TS: it can only leave onto QH, which must first come
    back off the hearts foundation onto KS (R22).  Without take-backs it is lost."""
    pos = position(
        base="AS",
        sizes={"S": 9, "H": 12, "D": 13, "C": 13},
        reserve="KH TS JS",
        columns=["KS", "QS", "", ""],
    )
    standard = cf.solve(cf.GameState(pos, draw=3))
    assert standard.status is cf.SolveStatus.WIN
    rules = cf.Rules(takebacks=False)
    assert brute_force(pos, rules, 10_000) is False
    result = cf.solve(game(rules, pos))
    assert result.status is cf.SolveStatus.NO_WIN
    assert result.moves == ()
    # Take-backs allowed but another option changed: the general engine finds the win.
    other = cf.Rules(undo=None)
    result = cf.solve(game(other, pos))
    assert result.status is cf.SolveStatus.WIN
    assert any(m.kind is cf.MoveKind.FOUNDATION_TO_COLUMN for m in result.moves)
    assert cf.is_won(replay(game(other, pos), result.moves))


@pytest.mark.parametrize(("redeals", "won"), [(None, True), (2, True), (1, True), (0, False)])
def test_a_win_that_needs_one_recycle_r19(redeals: int | None, won: bool) -> None:
    """JH is drawn and goes up; KH then tops QH on the waste, and only a recycle brings
    QH up first.  With no redeal allowed the game is lost (R19, redeals)."""
    pos = position(
        base="AS", sizes={**FULL, "H": 10}, waste="QH KH", stock="JH", columns=["", "", "", ""]
    )
    rules = cf.Rules(draw=1, fill="none", redeals=redeals)
    assert brute_force(pos, rules, 10_000) is won
    start = game(rules, pos)
    result = cf.solve(start)
    assert (result.status is cf.SolveStatus.WIN) is won
    if won:
        assert cf.RECYCLE in result.moves
        assert cf.is_won(replay(start, result.moves))
    else:
        assert result.status is cf.SolveStatus.NO_WIN


def test_redeals_already_taken_count_r19() -> None:
    """The same position, one redeal allowed but already taken (``passes``): lost."""
    base = position(base="AS", sizes={**FULL, "H": 10}, waste="QH KH", stock="JH")
    rules = cf.Rules(draw=1, fill="none", redeals=1)
    fresh = cf.VariantPosition(
        base.stock, base.waste, base.reserve, base.foundations, base.columns, passes=0
    )
    spent = cf.VariantPosition(
        base.stock, base.waste, base.reserve, base.foundations, base.columns, passes=1
    )
    assert cf.solve(game(rules, fresh)).status is cf.SolveStatus.WIN
    assert brute_force(spent, rules, 10_000) is False
    assert cf.solve(game(rules, spent)).status is cf.SolveStatus.NO_WIN


def test_autocomplete_finishes_inside_the_move() -> None:
    """Under autocomplete the move that empties the last piles ends the game by itself."""
    rules = cf.Rules(autocomplete=True)
    start = game(rules, position(base="AS", sizes={**FULL, "H": 11}, columns=["KH", "QH", "", ""]))
    result = cf.solve(start)
    assert result.status is cf.SolveStatus.WIN
    assert [str(m) for m in result.moves] == ["2>F"]
    assert cf.is_won(replay(start, result.moves))


def test_casino_scoring_does_not_change_the_answer() -> None:
    pos = position(base="AS", sizes={**FULL, "H": 12}, columns=["", "KH", "", ""])
    for scoring in ("standard", "casino"):
        rules = cf.Rules(scoring=scoring, takebacks=False)
        result = cf.solve(game(rules, pos))
        assert result.status is cf.SolveStatus.WIN


def test_no_legal_move_under_variants_is_lost_and_has_no_hint() -> None:
    rules = cf.Rules(takebacks=False)
    start = game(rules, position(base="AS", sizes={**FULL, "H": 11}, reserve="QH KH"))
    assert not cf.has_legal_move(start)
    assert cf.solve(start).status is cf.SolveStatus.NO_WIN
    assert cf.hint(start) is None


def test_won_variant_game_needs_nothing() -> None:
    start = game(cf.Rules(runs="top"), position(sizes=FULL))
    result = cf.solve(start)
    assert (result.status, result.moves) == (cf.SolveStatus.WIN, ())
    assert cf.hint(start) is None


def test_limits_give_unknown_and_a_legal_hint() -> None:
    start = cf.deal("CRB-D1-AAAAACL")
    result = cf.solve(start, node_limit=5)
    assert result.status is cf.SolveStatus.UNKNOWN
    assert result.positions == 5
    assert result.moves == ()
    move = cf.hint(start, node_limit=1)
    assert move is not None
    assert cf.is_legal(start, move)


def test_hint_in_a_lost_variant_position_is_legal() -> None:
    pos = position(
        base="AS",
        sizes={"S": 9, "H": 12, "D": 13, "C": 13},
        reserve="KH TS JS",
        columns=["KS", "QS", "", ""],
    )
    start = game(cf.Rules(takebacks=False), pos)
    move = cf.hint(start)
    # The only legal moves are pointless ones; whichever comes, it is legal.
    assert move is None or cf.is_legal(start, move)
    assert (move is None) is (not cf.has_legal_move(start))


_RULES = play_rules.filter(lambda rules: not rules.is_standard)


@settings(max_examples=60)
@given(late_states(max_left=5), _RULES)
def test_solver_under_random_options_agrees_with_a_plain_search(
    start: cf.GameState, rules: cf.Rules
) -> None:
    """Every decided answer under random options matches a breadth-first search over
    the public rules (R9-R22 as the options change them): NO_WIN only where no won
    position is reachable, WIN only with a line that replays."""
    pos = start.position
    expected = brute_force(pos, rules, 3_000)
    here = game(rules, pos)
    # A space the plain search covers in 3,000 positions takes the solver fewer.
    result = cf.solve(here, node_limit=5_000)
    if result.status is cf.SolveStatus.WIN:
        assert cf.is_won(replay(here, result.moves))
    if expected is False:
        # Every reachable position was counted: the solver's table, coarser, is no larger.
        assert result.status is cf.SolveStatus.NO_WIN
    elif expected is True:
        assert result.status is not cf.SolveStatus.NO_WIN
    move = cf.hint(here, node_limit=200)
    if cf.is_won(here) or not cf.has_legal_move(here):
        assert move is None
    else:
        assert move is not None
        assert cf.is_legal(here, move)


@settings(max_examples=30)
@given(late_states(max_left=6))
def test_general_engine_agrees_with_the_standard_engine(start: cf.GameState) -> None:
    """Under R1-R32 the general engine (which other rules use) must reach the same
    answer as the standard rules' own engine (R9-R22) wherever both decide, and its
    children must be the same positions."""
    standard = cf.solve(start, node_limit=20_000)
    rules = cf.Rules(draw=start.draw)
    general, root = RulesEngine.from_position(start.position, rules)
    found, _ = Search(general, root, node_limit=20_000, time_limit=None).run()
    if standard.decided and found is not None:
        assert (standard.status is cf.SolveStatus.WIN) is found
    engine, state = Engine.from_position(start.position, start.draw)
    mine = sorted((m, general.key(c)) for m, c in general.children(root))
    theirs = sorted((m, general.key((*c, 0))) for m, c in engine.children(state))
    assert mine == theirs


@settings(max_examples=60)
@given(late_states(max_left=4))
def test_the_standard_engine_finishes_as_the_general_one(start: cf.GameState) -> None:
    """Under ``autocomplete`` (the french preset) the standard engine plays the finish
    itself: its children are the general engine's, finish included, and the solver
    gives the same answer through either engine where both decide."""
    rules = cf.Rules(draw=start.draw, autocomplete=True)
    general, root = RulesEngine.from_position(start.position, rules)
    engine, state = Engine.from_position(start.position, start.draw, autocomplete=True)
    mine = sorted((m, general.key(c)) for m, c in general.children(root))
    theirs = sorted((m, general.key((*c, 0))) for m, c in engine.children(state))
    assert mine == theirs
    check_orders(engine, state, 0)
    found, _ = Search(general, root, node_limit=5_000, time_limit=None).run()
    result = cf.solve(game(rules, start.position), node_limit=5_000)
    if result.decided and found is not None:
        assert (result.status is cf.SolveStatus.WIN) is found


def test_the_finish_is_in_the_standard_engine_s_successors() -> None:
    """The move that empties the last pile wins at once under ``autocomplete``, and the
    solver of such rules uses the standard engine."""
    pos = position(base="AS", sizes={**FULL, "H": 11}, columns=["KH", "QH", "", ""])
    finishing, state = Engine.from_position(pos, 3, autocomplete=True)
    plain, _ = Engine.from_position(pos, 3)
    assert any(Engine.won(child) for _, child in finishing.children(state))
    assert not any(Engine.won(child) for _, child in plain.children(state))
    assert not finishing.postpone
    search = _search(game(cf.find_variant("french").rules, pos), 100, None)
    assert type(search.engine) is Engine
    assert search.engine.autocomplete


def test_survey_takes_variant_codes_and_rules() -> None:
    result = cf.survey(["CPY-D3-AAAAACL", "CRB-D1-AAAAACL"], node_limit=2_000)
    assert [r.code for r in result.rows] == ["CPY-D3-AAAAACL", "CRB-D1-AAAAACL"]
    assert result.rows[0].status is cf.SolveStatus.WIN
    drawn = cf.survey(2, rules="rainbow", seed=3, node_limit=500)
    assert all(r.code.startswith("CRB-D1-") for r in drawn.rows)
    drawn = cf.survey(2, rules=cf.find_variant("storehouse"), draw=3, seed=3, node_limit=500)
    assert all(r.code.startswith("CST-D3-") for r in drawn.rows)
    with pytest.raises(cf.OptionError, match="own rules"):
        cf.survey(["CF1-D3-AAAAACL"], rules="rainbow")
    with pytest.raises(cf.RulesParseError):
        cf.survey(2, rules="no-such-game")


def check_orders(engine: EngineLike, root: Any, seed: int) -> None:
    """``ordered`` lists the same successors as ``children``, and a random generator
    only reorders them; greedily, one move up or all but the take-backs."""
    children = engine.children(root)
    plain = engine.ordered(root)
    assert sorted(plain) == sorted(children)
    shuffled = engine.ordered(root, random.Random(seed))
    assert sorted(shuffled) == sorted(plain)
    greedy = engine.ordered(root, random.Random(seed), greedy=True)
    if len(greedy) == 1 and greedy[0][0][0] in (RF, CF, TF):
        assert greedy[0] in children
    else:
        assert sorted(greedy) == sorted(c for c in children if c[0][0] != FC)


def test_fresh_orders_shuffle_every_move_without_take_backs() -> None:
    """A fresh search's order under the general engine without take-backs is one
    shuffle of all the successors, as the native fresh searches take them
    (docs/solver-measured.rst, "Whole shuffles for the fresh searches"); with take-backs,
    and under the standard engine, each class is shuffled alone, the moves to the
    foundations first."""
    start = cf.deal("CSU-D3-AAAAACL")
    engine, root = RulesEngine.from_position(start.position, start.rules)
    plain = engine.ordered(root)
    assert [m[0] for m, _ in plain] == [TF, RC, CC, TC, TC]
    firsts = set()
    for seed in range(20):
        shuffled = engine.ordered(root, random.Random(seed))
        assert sorted(shuffled) == sorted(plain)
        firsts.add(shuffled[0][0][0])
    assert firsts - {TF}, "some order takes another move before the one to a foundation"
    backs, back_root = RulesEngine.from_position(
        start.position, cf.Rules.parse("superior takebacks=yes")
    )
    assert [m[0] for m, _ in backs.ordered(back_root)] == [TF, RC, CC, TC, TC]
    for seed in range(20):
        assert backs.ordered(back_root, random.Random(seed))[0][0][0] == TF
    standard = cf.deal("CF1-D3-AAAAACL")
    std_engine, std_root = Engine.from_position(standard.position, standard.draw)
    assert [m[0] for m, _ in std_engine.ordered(std_root)] == [TF, RC, CC, TC, TC]
    for seed in range(20):
        assert std_engine.ordered(std_root, random.Random(seed))[0][0][0] == TF


@given(states(), st.integers(0, 2**32 - 1))
def test_standard_engine_orders_its_children(start: cf.GameState, seed: int) -> None:
    engine, root = Engine.from_position(start.position, start.draw)
    check_orders(engine, root, seed)


@given(rules_states(), st.integers(0, 2**32 - 1))
def test_general_engine_orders_its_children(start: cf.GameState, seed: int) -> None:
    assume(not start.position.pending)
    rules = with_draw(start.rules, start.draw)
    engine, root = RulesEngine.from_position(start.position, rules)
    check_orders(engine, root, seed)
