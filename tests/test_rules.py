"""legal_moves, is_legal, has_legal_move and the errors of apply (R2, R24 and the
refusing rules)."""

from __future__ import annotations

import pytest

import pycanfield as cf
from builders import moves, play, refused, state

# Every group of the documented order is present at once.
EVERY_KIND = {
    "columns": ["9C", "TC 9D", "QD JS TH", "8C 7D"],
    "reserve": "2S 8H",
    "waste": "3S 9S",
    "stock": "2C",
    "base": "7H",
    "sizes": {"H": 1, "S": 2},
    "fan": 1,
}


def test_legal_moves_follow_the_documented_order() -> None:
    """Foundations (reserve, waste, columns); reserve to columns; waste to columns; runs by
    source, length, target; take-backs in R8 order; draw or recycle last."""
    game = state(**EVERY_KIND)  # type: ignore[arg-type]
    assert moves(game) == ["R>F", "W>F", "4>F", "R>1", "W>3", "1>3", "4>2X2", "FS>2", "draw"]
    assert moves(game) == moves(game)


def test_targets_left_to_right_and_runs_shortest_first() -> None:
    game = state(
        columns=["9S 8H 7C", "8D", "TD", "TH"],
        waste="6D",
        base="AS",
        sizes={"S": 1},
    )
    assert moves(game) == ["W>1", "1>2", "1>3X3", "1>4X3", "recycle"]


def test_take_backs_are_listed_in_r8_order() -> None:
    """R8 order: base suit first (clubs here), then spades, hearts, diamonds."""
    game = state(
        columns=["", "", "", ""],
        reserve="",
        base="AC",
        sizes={"C": 1, "S": 1, "H": 1, "D": 1},
    )
    assert moves(game) == [f"F{s}>{c}" for s in "CSHD" for c in "1234"]


def test_no_legal_move_is_not_a_loss_r24() -> None:
    """R24: no loss is declared; the state simply has no move, and undo still works."""
    start = state(columns=["KS", "KH", "KD", "JC"], stock="2C", base="AC", sizes={"C": 1})
    stuck = play(start, "draw", "W>F")
    assert moves(stuck) == []
    assert not cf.has_legal_move(stuck)
    assert not cf.is_won(stuck)
    assert cf.undo(stuck).waste == (cf.Card.parse("2C"),)
    assert cf.has_legal_move(cf.deal("CF1-D3-AAAAACL"))


@pytest.mark.parametrize(
    ("text", "rule", "message"),
    [
        ("5>1", "R2", "there is no column 5"),
        ("1>5", "R2", "there is no column 5"),
        ("R>5", "R2", "there is no column 5"),
        ("W>7", "R2", "there is no column 7"),
        ("FH>5", "R2", "there is no column 5"),
        ("9>F", "R2", "there is no column 9"),
    ],
)
def test_columns_that_do_not_exist_are_refused_r2(text: str, rule: str, message: str) -> None:
    """R2 deals four columns; moves naming a fifth are refused, not crashed on."""
    game = state(**EVERY_KIND)  # type: ignore[arg-type]
    refused(game, text, rule, message)


def test_column_source_errors_r14() -> None:
    game = state(columns=["", "TD", "9S", "KD"], reserve="", base="AS")
    refused(game, "1>2", "R14", "column 1 is empty")
    refused(game, "1>F", "R14", "column 1 is empty")
    refused(game, "3>2X2", "R14", "top 2 cards of column 3 are not a run")


def test_apply_needs_a_move() -> None:
    with pytest.raises(TypeError, match="needs a Move"):
        cf.apply(cf.deal("CF1-D3-AAAAACL"), "R>2")  # type: ignore[arg-type]


def test_illegal_move_error_is_a_value_error_with_move_and_rule() -> None:
    game = cf.deal("CF1-D3-AAAAACL")
    with pytest.raises(cf.IllegalMoveError) as info:
        cf.apply(game, cf.Move.parse("R>1"))
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, cf.CanfieldError)
    assert error.move == cf.Move.parse("R>1")
    assert error.rule == "R12"
    assert str(error) == ("R>1: Q♣ cannot go on 6♣: a column alternates red and black (R12)")


def test_is_legal_agrees_with_apply() -> None:
    game = cf.deal("CF1-D3-AAAAACL")
    assert cf.is_legal(game, cf.Move.parse("R>2"))
    assert not cf.is_legal(game, cf.Move.parse("R>1"))
    assert not cf.is_legal(game, cf.Move.parse("recycle"))
