"""Properties of random play from random deals and from hand-built positions, with undos
mixed in (R1, R5, R14, R16, R17, R19, R21, R26, R27, R30-R32)."""

from __future__ import annotations

import random
import re

import attrs
from hypothesis import given
from hypothesis import strategies as st

import pycanfield as cf
from pycanfield import MoveKind
from strategies import candidate_moves, deals, endgame_states, states, table_states

CANDIDATES = candidate_moves(columns=5, max_count=52)
"""Every move value that could ever be legal, and some that never can (a fifth column)."""

games = st.one_of(states(max_steps=250), table_states(), endgame_states)
"""Any state: reached by play from a deal, or hand-built anywhere in a game."""


@attrs.define
class Walk:
    """Random play from a state, keeping, net of undos, what each action did."""

    state: cf.GameState
    placed: list[int] = attrs.Factory(list)  # per action: +1 placed up, -1 taken back, 0
    seen: list[cf.GameState] = attrs.Factory(list)

    def step(self, rng: random.Random, undo_rate: float) -> bool:
        state = self.state
        if state.history and self.placed and rng.random() < undo_rate:
            self.state = cf.undo(state)
            self.placed.pop()
        else:
            moves = cf.legal_moves(state)
            if not moves:
                return False
            move = rng.choice(moves)
            self.state = cf.apply(state, move)
            kind = move.kind
            self.placed.append(
                1 if move.to_foundation else -1 if kind is MoveKind.FOUNDATION_TO_COLUMN else 0
            )
        # R30-R32 after every action: 5 points per card placed up in the actions that
        # still stand (undone ones excluded, take-backs not subtracted), never below 0.
        base = self.seen[0].score
        assert self.state.score == base + 5 * self.placed.count(1) >= 0
        self.seen.append(self.state)
        return True


def _walk(start: cf.GameState, seed: int, steps: int, undo_rate: float = 0.15) -> Walk:
    walk = Walk(start, seen=[start])
    rng = random.Random(seed)
    for _ in range(steps):
        if not walk.step(rng, undo_rate):
            break
    return walk


def _on_foundations(state: cf.GameState) -> int:
    return sum(f.size for f in state.foundations)


def _documented_key(state: cf.GameState, move: cf.Move) -> tuple[int, ...]:
    """The order that the docstring of legal_moves promises, written out again."""
    kind = move.kind
    if kind is MoveKind.RESERVE_TO_FOUNDATION:
        return (0, 0)
    if kind is MoveKind.WASTE_TO_FOUNDATION:
        return (0, 1)
    if kind is MoveKind.COLUMN_TO_FOUNDATION:
        return (0, 2 + (move.source or 0))
    if kind is MoveKind.RESERVE_TO_COLUMN:
        return (1, move.target or 0)
    if kind is MoveKind.WASTE_TO_COLUMN:
        return (2, move.target or 0)
    if kind is MoveKind.COLUMN_TO_COLUMN:
        return (3, move.source or 0, move.count, move.target or 0)
    if kind is MoveKind.FOUNDATION_TO_COLUMN:
        order = [f.suit for f in state.foundations]
        return (4, order.index(move.suit), move.target or 0)  # type: ignore[arg-type]
    return (5,)


@given(deals, st.integers(0, 2**32 - 1), st.integers(0, 300))
def test_cards_score_reserve_and_columns_along_play_from_a_deal(
    deal: cf.Deal, seed: int, steps: int
) -> None:
    """R1: the 52 cards are always all there.  R30-R32: the score is 5 x the cards placed
    up, net of undos, and never below 0; a card taken back and placed again counts again.
    R26: no card goes up or comes down by itself.  R5: the reserve only ever loses its top.
    R16: while the reserve has cards no column is empty."""
    start = cf.deal(deal)
    walk = _walk(start, seed, steps)
    for state in walk.seen:
        assert sorted(c.index for c in state.position.cards()) == list(range(52))
        assert state.reserve == start.reserve[: len(state.reserve)]
        if state.reserve:
            assert all(state.columns)
        assert len(state.stock) + len(state.waste) <= 34
        assert state.code == start.code
    end = walk.state
    assert end.score == 5 * walk.placed.count(1) >= 0
    assert _on_foundations(end) == 1 + sum(walk.placed)
    assert end.actions == len(walk.placed)


@given(games, st.integers(0, 2**32 - 1))
def test_score_and_foundations_follow_the_moves_from_any_position(
    start: cf.GameState, seed: int
) -> None:
    """R30, R31, R32, R26 from hand-built positions too (empty columns, full foundations)."""
    walk = _walk(start, seed, 60)
    for state in walk.seen:
        assert state.score >= 0
        assert sorted(c.index for c in state.position.cards()) == sorted(
            c.index for c in start.position.cards()
        )
    end = walk.state
    assert end.score == start.score + 5 * walk.placed.count(1)
    assert _on_foundations(end) == _on_foundations(start) + sum(walk.placed)


@given(games, st.data())
def test_undo_of_apply_gives_the_state_back_r27(start: cf.GameState, data: st.DataObject) -> None:
    """R27: undo(apply(s, m)) == s; with 100 actions in the history, the same except that
    the history lost its oldest step."""
    moves = cf.legal_moves(start)
    if not moves:
        return
    move = data.draw(st.sampled_from(moves))
    after = cf.apply(start, move)
    back = cf.undo(after)
    if len(start.history) < cf.HISTORY_LIMIT:
        assert back == start
    else:
        assert back != start
        assert back == attrs.evolve(start, history=start.history[1:])
    assert after.history[-1] == cf.Step(move, start.position, start.score)
    assert after.actions == start.actions + 1
    assert back.actions == start.actions


@given(states(max_steps=0), st.integers(0, 2**32 - 1), st.integers(100, 160))
def test_undo_of_apply_with_a_full_history_r27(start: cf.GameState, seed: int, steps: int) -> None:
    """R27 with the history at its limit: reach it by play without undos, then check."""
    walk = _walk(start, seed, steps, undo_rate=0.0)
    state = walk.state
    moves = cf.legal_moves(state)
    if len(state.history) < cf.HISTORY_LIMIT or not moves:
        return
    move = random.Random(seed).choice(moves)
    back = cf.undo(cf.apply(state, move))
    assert back == attrs.evolve(state, history=state.history[1:])
    assert back.position == state.position
    assert back.score == state.score
    assert len(back.history) == cf.HISTORY_LIMIT - 1


@given(games)
def test_listed_moves_apply_and_all_others_are_refused(state: cf.GameState) -> None:
    """Every listed move applies; every other candidate raises IllegalMoveError naming a
    rule; is_legal agrees; the input state is never changed."""
    before = attrs.asdict(state, recurse=False)
    legal = cf.legal_moves(state)
    assert len(set(legal)) == len(legal)
    listed = set(legal)
    assert listed <= set(CANDIDATES)
    for move in CANDIDATES:
        if move in listed:
            after = cf.apply(state, move)
            assert cf.is_legal(state, move)
            assert sorted(c.index for c in after.position.cards()) == sorted(
                c.index for c in state.position.cards()
            )
        else:
            assert not cf.is_legal(state, move)
            try:
                cf.apply(state, move)
            except cf.IllegalMoveError as error:
                assert error.move == move  # noqa: PT017 - checked for every candidate
                assert re.fullmatch(r"R([1-9]|[12][0-9]|3[0-3])", error.rule), error.rule  # noqa: PT017
                assert f"({error.rule})" in str(error)  # noqa: PT017
            else:
                raise AssertionError(f"{move} was applied but not listed")
    assert attrs.asdict(state, recurse=False) == before
    assert cf.has_legal_move(state) == bool(legal)


@given(games)
def test_legal_moves_order_is_deterministic_and_as_documented(state: cf.GameState) -> None:
    legal = cf.legal_moves(state)
    assert cf.legal_moves(state) == legal
    assert legal == sorted(legal, key=lambda m: _documented_key(state, m))
    assert [str(m) for m in cf.position_moves(state.position)] == [str(m) for m in legal]


@given(games)
def test_stock_waste_and_fan_invariants_r19_r21(state: cf.GameState) -> None:
    """R19: draw exactly when the stock has cards, recycle exactly when only the waste
    has.  R21: the fan is at most one draw, and visible cards are the waste's top ones."""
    legal = cf.legal_moves(state)
    assert (cf.DRAW in legal) == bool(state.stock)
    assert (cf.RECYCLE in legal) == (not state.stock and bool(state.waste))
    pos = state.position
    assert 0 <= pos.fan <= min(state.draw, len(pos.waste))
    visible = pos.visible_waste
    assert bool(visible) == bool(pos.waste)
    assert visible == pos.waste[len(pos.waste) - len(visible) :]
    if cf.DRAW in legal:
        drawn = cf.apply(state, cf.DRAW).position
        turned = min(state.draw, len(state.stock))
        assert drawn.fan == turned
        assert drawn.waste == pos.waste + pos.stock[::-1][:turned]


@given(games)
def test_runs_and_empty_columns_r14_r16_r17(state: cf.GameState) -> None:
    """R14: only runs move, never a whole column onto an empty one.  R16: a column left
    empty is refilled while the reserve has cards.  R17: with the reserve empty, an empty
    column takes the waste's top and any foundation's top."""
    columns = state.columns
    for move in cf.legal_moves(state):
        if move.kind is MoveKind.COLUMN_TO_COLUMN:
            assert move.source is not None
            assert move.target is not None
            source = columns[move.source]
            assert move.count <= cf.run_length(source)
            assert columns[move.target] or move.count < len(source)
        after = cf.apply(state, move)
        if after.reserve:
            assert all(after.columns)
    empty = [i for i, col in enumerate(columns) if not col]
    if empty and not state.reserve:
        legal = set(cf.legal_moves(state))
        for i in empty:
            if state.waste:
                assert cf.Move.waste_to_column(i) in legal
            for f in state.foundations:
                if f.size:
                    assert cf.Move.foundation_to_column(f.suit, i) in legal
