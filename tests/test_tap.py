"""Tapping a card or the stock (R25)."""

from __future__ import annotations

import pytest
from hypothesis import given

import pycanfield as cf
from builders import play, state
from pycanfield import Card, Move
from strategies import states

RUN_26 = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS KD QC JD TC 9D 8C 7D 6C 5D 4C 3D 2C AD"


def _tap(game: cf.GameState, where: str, *, double_click: bool = True) -> str | None:
    move = cf.tap(game, where, double_click=double_click)
    if move is not None:
        assert cf.is_legal(game, move)
    return None if move is None else str(move)


def test_reference_deal_taps_r25() -> None:
    game = cf.deal("CF1-D3-AAAAACL")
    assert _tap(game, "QC") == "R>2"
    assert cf.tap(game, Card.parse("QC")) == Move.reserve_to_column(1)
    assert _tap(game, "KH") == "2>4"
    assert _tap(game, "AS") is None  # nowhere to go
    assert _tap(game, "6C") is None
    assert _tap(game, "stock") == "draw"
    game = play(game, "R>2")
    assert _tap(game, "8H") == "R>F"


def test_foundation_comes_first_r25() -> None:
    """R25: a card goes to its foundation if it can, even when a column would take it."""
    game = state(
        columns=["9C", "KD", "9S 8D", "8C"],
        reserve="4S 8H",
        waste="2C 8S",
        base="8S",
        sizes={"S": 0},
        fan=1,
    )
    assert _tap(game, "8H") == "R>F"
    assert _tap(game, "8S") == "W>F"
    assert _tap(game, "8D") == "3>F"
    assert _tap(game, "8C") == "4>F"
    assert _tap(game, "8H", double_click=False) == "R>F"
    assert _tap(game, "8D", double_click=False) == "3>F"


def test_longest_accepting_column_then_leftmost_r25() -> None:
    """R25: the longest column that takes the card; ties go to the leftmost."""
    game = state(columns=["7C", "QS", "9S 8H 7S", "KD QC"], reserve="6H", waste="JD", base="AS")
    assert _tap(game, "6H") == "R>3"  # 7♣ (1 card) and 7♠ (3 cards): the longer one
    assert _tap(game, "JD") == "W>4"  # Q♠ (1 card) and Q♣ (2 cards)
    tie = state(columns=["7C", "QS", "8H 7S", "KD QC"], reserve="6H", waste="JH", base="AS")
    assert _tap(tie, "6H") == "R>3"
    tie = state(columns=["KD 7C", "QS", "8H 7S", "KD QC"], reserve="6H", waste="JH", base="AS")
    assert _tap(tie, "6H") == "R>1"  # equally long: leftmost


def test_double_click_off_moves_only_to_foundations_r25() -> None:
    game = state(columns=["7C", "QS", "9S 8H 7S", "KD QC"], reserve="6H", waste="JD", base="AS")
    assert _tap(game, "6H", double_click=False) is None
    assert _tap(game, "JD", double_click=False) is None
    assert _tap(game, "8H", double_click=False) is None


def test_empty_column_only_as_a_fallback_r25() -> None:
    """R25: a column that takes the card first, else the (leftmost) empty column."""
    game = state(columns=["KS", "", "7C", ""], reserve="", waste="6H 2D", base="AS", fan=2)
    assert _tap(game, "2D") == "W>2"
    game = play(game, "W>2")
    assert _tap(game, "6H") == "W>3"  # 7♣ takes it: the empty column is not needed
    game = state(columns=["KS", "", "7C", ""], reserve="", waste="6H 3D", base="AS", fan=2)
    assert _tap(game, "KS") is None  # a whole column onto an empty one is no move (R14)


def test_a_non_top_column_card_moves_its_run_to_a_column_only_r25() -> None:
    """R25: tapping inside a column moves the run from that card, never to a foundation."""
    game = state(columns=["9S 8H 7C", "TD", "TH 9C", "KH"], reserve="", base="8H", sizes={"H": 0})
    assert _tap(game, "8H") == "1>3X2"  # not to the hearts foundation: it is not the top
    assert _tap(game, "9S") == "1>2X3"
    assert _tap(game, "7C") is None  # the top card alone: no red 8 to go on
    game = state(columns=["5C 9S 8H", "TD", "TH", "KH"], reserve="", base="AS")
    assert _tap(game, "5C") is None  # 5♣ 9♠ 8♥ is not a run
    assert _tap(game, "9S", double_click=False) is None


def test_a_column_is_never_a_target_for_its_own_run_r25() -> None:
    """R25: a run of 26 would fit on its own top card (A♦ takes K♠); it goes elsewhere."""
    game = state(columns=[RUN_26, "5D", "", "7C"], reserve="", base="6C")
    assert _tap(game, "KS") is None  # the whole column: not onto itself, not onto the empty one
    game = state(columns=["5C " + RUN_26, "5D", "AH", "7C"], reserve="", base="6C")
    assert _tap(game, "KS") == "1>3X26"
    game = state(columns=["5C " + RUN_26, "5D", "", "7C"], reserve="", base="6C")
    assert _tap(game, "KS") == "1>3X26"


def test_stock_tap_draws_or_recycles_r25() -> None:
    game = state(columns=["KS", "KH", "KD", "KC"], stock="2C", waste="3C")
    assert cf.tap(game, "stock") is cf.DRAW
    assert cf.tap(game, " Stock ") is cf.DRAW
    assert cf.tap(play(game, "draw"), "STOCK") is cf.RECYCLE
    assert cf.tap(state(columns=["KS", "KH", "KD", "KC"]), "stock") is None


def test_foundation_cards_move_only_by_drag_r25() -> None:
    game = state(columns=["9S", "KD", "", ""], reserve="", base="7H", sizes={"H": 2, "S": 2})
    for card in ("7H", "8H", "7S", "8S"):
        assert _tap(game, card) is None
    assert cf.is_legal(game, Move.parse("FH>1"))  # the drag is allowed (R22)


def test_face_down_or_hidden_cards_raise_tap_error_r25() -> None:
    game = cf.deal("CF1-D3-AAAAACL")
    with pytest.raises(cf.TapError, match="face down"):
        cf.tap(game, "TS")  # the stock's top card
    with pytest.raises(cf.TapError, match="under the reserve's top"):
        cf.tap(game, "8H")
    with pytest.raises(cf.TapError):
        cf.tap(game, Card.parse("5C"))  # the reserve's bottom card


def test_waste_card_under_the_top_does_nothing_r25() -> None:
    game = play(cf.deal("CF1-D3-AAAAACL"), "draw")
    assert len(game.position.visible_waste) == 3
    assert _tap(game, str(game.waste[0])) is None


def test_bad_card_text_raises_card_parse_error() -> None:
    with pytest.raises(cf.CardParseError):
        cf.tap(cf.deal("CF1-D3-AAAAACL"), "stok")


@given(states(max_steps=150))
def test_every_tap_is_a_legal_move_or_none_r25(game: cf.GameState) -> None:
    """A tap on any visible card or on the stock gives a legal move or nothing."""
    pos = game.position
    visible = [*pos.visible_waste, *pos.reserve[-1:]]
    visible += [card for column in pos.columns for card in column]
    visible += [card for f in pos.foundations for card in f.cards]
    targets: list[cf.Card | str] = [*visible, "stock"]
    for where in targets:
        for double_click in (True, False):
            move = cf.tap(game, where, double_click=double_click)
            assert move is None or cf.is_legal(game, move)
            if move is not None and not double_click:
                assert move.to_foundation or move.kind in (cf.MoveKind.DRAW, cf.MoveKind.RECYCLE)
    for hidden in [*pos.stock, *pos.reserve[:-1]]:
        with pytest.raises(cf.TapError):
            cf.tap(game, hidden)
