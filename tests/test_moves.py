"""Move values and their notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pycanfield as cf
from pycanfield import Move, MoveKind, Suit
from strategies import any_moves, candidate_moves

ALL_MOVES = candidate_moves(columns=6, max_count=20)


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Move.draw(), "draw"),
        (Move.recycle(), "recycle"),
        (Move.reserve_to_foundation(), "R>F"),
        (Move.reserve_to_column(1), "R>2"),
        (Move.waste_to_foundation(), "W>F"),
        (Move.waste_to_column(2), "W>3"),
        (Move.column_to_foundation(0), "1>F"),
        (Move.column_to_column(0, 3), "1>4"),
        (Move.column_to_column(0, 3, count=3), "1>4X3"),
        (Move.foundation_to_column(Suit.HEARTS, 1), "FH>2"),
        (Move.column_to_column(11, 9, count=14), "12>10X14"),
    ],
)
def test_notation(move: Move, text: str) -> None:
    assert str(move) == text
    assert Move.parse(text) == move
    assert repr(move) == f"Move.parse({text!r})"


def test_constructors_fill_the_fields() -> None:
    move = Move.column_to_column(2, 0, count=4)
    assert (move.kind, move.source, move.target, move.suit, move.count) == (
        MoveKind.COLUMN_TO_COLUMN,
        2,
        0,
        None,
        4,
    )
    take_back = Move.foundation_to_column(Suit.CLUBS, 3)
    assert (take_back.kind, take_back.source, take_back.target, take_back.suit) == (
        MoveKind.FOUNDATION_TO_COLUMN,
        None,
        3,
        Suit.CLUBS,
    )
    assert Move.draw() is cf.DRAW
    assert Move.recycle() is cf.RECYCLE
    assert Move.column_to_column(0, 1) == Move(MoveKind.COLUMN_TO_COLUMN, 0, 1)
    assert hash(Move.column_to_column(0, 1)) == hash(Move(MoveKind.COLUMN_TO_COLUMN, 0, 1))


def test_to_foundation_r30() -> None:
    """R30: exactly the moves onto a foundation score, so exactly they say so."""
    scoring = {m for m in ALL_MOVES if m.to_foundation}
    assert {m.kind for m in scoring} == {
        MoveKind.RESERVE_TO_FOUNDATION,
        MoveKind.WASTE_TO_FOUNDATION,
        MoveKind.COLUMN_TO_FOUNDATION,
    }
    assert all(m.kind.to_foundation == m.to_foundation for m in ALL_MOVES)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "draw"}, "MoveKind"),
        ({"kind": MoveKind.DRAW, "source": 0}, "takes no source"),
        ({"kind": MoveKind.DRAW, "count": 2}, "count must be 1"),
        ({"kind": MoveKind.RESERVE_TO_COLUMN}, "needs a column index"),
        ({"kind": MoveKind.RESERVE_TO_COLUMN, "target": -1}, "needs a column index"),
        ({"kind": MoveKind.RESERVE_TO_COLUMN, "target": True}, "needs a column index"),
        ({"kind": MoveKind.RESERVE_TO_COLUMN, "target": 1.0}, "needs a column index"),
        ({"kind": MoveKind.WASTE_TO_FOUNDATION, "target": 1}, "takes no target"),
        ({"kind": MoveKind.COLUMN_TO_FOUNDATION, "source": None}, "needs a column index"),
        ({"kind": MoveKind.COLUMN_TO_COLUMN, "source": 1, "target": 1}, "own column"),
        ({"kind": MoveKind.COLUMN_TO_COLUMN, "source": 1, "target": 2, "count": 0}, "count"),
        ({"kind": MoveKind.COLUMN_TO_COLUMN, "source": 1, "target": 2, "count": True}, "count"),
        ({"kind": MoveKind.FOUNDATION_TO_COLUMN, "target": 1}, "needs suit"),
        ({"kind": MoveKind.FOUNDATION_TO_COLUMN, "target": 1, "suit": 1}, "Suit"),
        ({"kind": MoveKind.RESERVE_TO_COLUMN, "target": 1, "suit": Suit.HEARTS}, "no suit"),
    ],
)
def test_invalid_fields_raise_invalid_move_error(fields: dict[str, object], message: str) -> None:
    with pytest.raises(cf.InvalidMoveError, match=message) as info:
        Move(**fields)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)


@given(any_moves)
def test_str_parse_round_trip(move: Move) -> None:
    assert Move.parse(str(move)) == move
    assert Move.parse(str(move).lower()) == move
    assert Move.parse(f"  {move} ") == move


def test_every_candidate_move_round_trips() -> None:
    for move in ALL_MOVES:
        assert Move.parse(str(move)) == move


@given(
    st.sampled_from(ALL_MOVES),
    st.lists(st.sampled_from(["", " ", "\t"]), min_size=5, max_size=5),
    st.booleans(),
)
def test_other_spellings_parse_to_the_same_move(move: Move, gaps: list[str], symbol: bool) -> None:
    """Blanks between the parts, lower case and suit symbols are accepted."""
    text = str(move)
    if ">" not in text:
        return
    src, dst = text.split(">")
    if src.startswith("F"):
        suit = Suit.parse(src[1])
        src = "F" + gaps[4] + (suit.symbol if symbol else suit.letter.lower())
    dst = dst.replace("X", gaps[2] + ("x" if symbol else "X") + gaps[3])
    spelled = gaps[0] + src + gaps[1] + ">" + gaps[2] + dst + gaps[0]
    assert Move.parse(spelled) == move
    assert str(Move.parse(spelled)) == text


@given(st.text(max_size=8))
def test_any_text_parses_or_raises_move_parse_error(text: str) -> None:
    """Bad notation raises the library's own error, never another one."""
    try:
        move = Move.parse(text)
    except cf.MoveParseError as error:
        assert error.text == text  # noqa: PT017 - the other branch needs the value
        assert 0 <= error.position <= len(text)  # noqa: PT017
    else:
        assert Move.parse(str(move)) == move
        assert text.isascii() or any(s in text for s in "♠♥♦♣"), text


@given(st.sampled_from(ALL_MOVES), st.sampled_from(list("?#!é-<,")))
def test_junk_after_a_move_is_pointed_at(move: Move, junk: str) -> None:
    text = f" {move}"
    with pytest.raises(cf.MoveParseError) as info:
        Move.parse(text + junk)
    assert info.value.position == len(text)


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("", 0, "empty move"),
        ("  ", 2, "empty move"),
        ("R>", 2, "unexpected"),
        ("R>G", 2, "unexpected"),
        ("5", 1, "expected"),
        ("dra", 0, "unknown move 'dra'"),
        ("draw me", 5, "expected"),
        ("0>1", 0, "numbered from 1"),
        ("2>0", 2, "numbered from 1"),
        ("2>2", 2, "own column"),
        ("1>2x0", 4, "at least one card"),
        ("R>2x2", 4, "count goes only"),
        ("FH>F", 3, "only go to a column"),
        ("FX>1", 1, "unexpected"),
        ("R>F>2", 3, "unexpected"),
        ("١>F", 0, "expected"),
        ("1>٣", 2, "unexpected"),
    ],
)
def test_move_parse_error_positions(text: str, position: int, reason: str) -> None:
    with pytest.raises(cf.MoveParseError, match=reason) as info:
        Move.parse(text)
    assert info.value.position == position
    assert isinstance(info.value, cf.ParseError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [None, 3, cf.DRAW])
def test_parse_of_a_non_string_raises_move_parse_error(value: object) -> None:
    with pytest.raises(cf.MoveParseError, match="string"):
        Move.parse(value)  # type: ignore[arg-type]
