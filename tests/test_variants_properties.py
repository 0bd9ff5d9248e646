"""Properties that hold under every preset of the Canfield family (see docs/variants.rst):
legal moves apply and nothing else does, undo takes a move back, the 52 cards stay, codes
and rules texts round-trip, and every state can be drawn and described."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pycanfield as cf
from strategies import (
    candidate_moves,
    endgame_states,
    play_randomly,
    states,
    table_states,
    variant_deals,
    variant_states,
)


def _candidates(state: cf.GameState) -> list[cf.Move]:
    columns = max(len(state.columns), state.rules.columns)
    return candidate_moves(columns, 20) + [cf.Move.choose_base(i) for i in range(6)]


@given(variant_states())
def test_legal_moves_apply_and_nothing_else_does(state: cf.GameState) -> None:
    legal = cf.legal_moves(state)
    assert len(set(legal)) == len(legal)
    for move in _candidates(state):
        if move in legal:
            after = cf.apply(state, move)
            assert after.actions == state.actions + 1
            assert after.rules == state.rules
        else:
            assert not cf.is_legal(state, move)
            with pytest.raises(cf.IllegalMoveError):
                cf.apply(state, move)


@given(variant_states())
def test_undo_takes_back_any_legal_move(state: cf.GameState) -> None:
    for move in cf.legal_moves(state):
        after = cf.apply(state, move)
        if state.rules.undo == 0:
            with pytest.raises(cf.UndoError):
                cf.undo(after)
            continue
        back = cf.undo(after)
        assert back.position == state.position
        assert back.score == state.score
        expected = state.actions + 2 if state.rules.undo_counts else state.actions
        assert back.actions == expected


@given(variant_states())
def test_the_52_cards_stay_on_the_table(state: cf.GameState) -> None:
    assert sorted(c.index for c in state.position.cards()) == list(range(52))
    assert len(state.foundations) == 4


@given(variant_states())
def test_every_state_can_be_drawn_described_and_saved_as_a_code(state: cf.GameState) -> None:
    assert state.code is not None
    text = cf.render_text(state, unicode=False)
    assert text.splitlines()[0].startswith(state.code)
    assert cf.render_svg(state).startswith("<svg")
    for lang in cf.LANGUAGES:
        assert cf.describe(state, lang=lang)
    assert cf.deal(state.code).rules == state.rules
    assert cf.Rules.parse(str(state.rules)) == state.rules


@given(variant_deals)
def test_codes_round_trip_for_every_preset(deal: cf.Deal) -> None:
    code = cf.encode(deal)
    assert cf.decode(code) == deal
    assert cf.deal(code) == cf.deal(deal)
    assert code.split("-")[0] in {v.prefix for v in cf.VARIANTS}


@given(variant_deals)
def test_random_play_keeps_the_score_consistent(deal: cf.Deal) -> None:
    start = cf.deal(deal)
    for state in play_randomly(start, deal.number, 60):
        up = sum(f.size for f in state.foundations)
        if state.rules.scoring == "casino":
            assert state.score <= -52 + 5 * 52
        else:
            assert state.score >= 0
        assert cf.is_won(state) == (up == 52)


@given(variant_states())
def test_tap_gives_a_legal_move_or_nothing(state: cf.GameState) -> None:
    legal = cf.legal_moves(state)
    visible = [col[-1] for col in state.columns if col]
    visible += list(state.position.pending)
    if state.reserve:
        visible.append(state.reserve[-1])
    if state.waste:
        visible.append(state.waste[-1])
    for card in visible:
        move = cf.tap(state, card)
        assert move is None or move in legal
    stock = cf.tap(state, "stock")
    assert stock is None or stock in legal


def _piles(pos: cf.Position) -> tuple[object, ...]:
    return (pos.stock, pos.waste, pos.reserve, pos.foundations, pos.columns, pos.fan)


@given(st.one_of(states(), table_states(), endgame_states))
def test_the_general_rules_agree_with_the_standard_ones_r1_r32(state: cf.GameState) -> None:
    """The code for other rules, given rules that differ from R1-R32 only in the undo
    limit, finds the same moves, plays them the same way and taps the same (R14-R25)."""
    russian = cf.find_variant("russian").rules.evolve(draw=state.draw)
    assert not russian.is_standard
    pos = state.position
    legal = cf.position_moves(pos)
    assert cf.position_moves(pos, russian) == legal
    for move in legal:
        standard, points = cf.play(pos, move, state.draw)
        general, general_points = cf.play(pos, move, rules=russian)
        assert _piles(general) == _piles(standard)
        assert general_points == points
    other = cf.GameState(pos, rules=russian)
    visible = [card for col in pos.columns for card in col]
    visible += list(pos.reserve[-1:] + pos.waste[-1:])
    for card in visible:
        assert cf.tap(other, card) == cf.tap(state, card)
        assert cf.tap(other, card, double_click=False) == cf.tap(state, card, double_click=False)
