"""Hostile input: every parser and ``apply`` give a correct result or the library's error.

Each test feeds random or mutated input and checks two things: nothing but a
:class:`~pycanfield.CanfieldError` escapes, and whatever is accepted is read correctly
(checked against an independent description of the notation, not the parser itself).
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

import pycanfield as cf
from strategies import any_moves, candidate_moves, json_values, states, variant_states

CODE = "CF1-D3-AAAAACL"

ODD_OBJECTS: list[Any] = [
    None,
    0,
    1.5,
    b"QC",
    bytearray(b"draw"),
    ["QC"],
    {"a": 1},
    object(),
    cf.PACK[0],
]


def mutated(base: str) -> st.SearchStrategy[str]:
    """``base`` with a few characters deleted, inserted or replaced."""
    alphabet = st.sampled_from([*"0123456789>xXfFrRwW SHDCshdc♠♥♦♣-ſK١\x00\n\t", "10"])

    @st.composite
    def build(draw: st.DrawFn) -> str:
        text = base
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(text)))
            op = draw(st.sampled_from(["insert", "delete", "replace"]))
            if op == "insert":
                text = text[:i] + draw(alphabet) + text[i:]
            elif op == "delete":
                text = text[:i] + text[i + 1 :]
            else:
                text = text[:i] + draw(alphabet) + text[i + 1 :]
        return text

    return build()


def outcome(parse: Any, text: Any) -> Any:
    """What ``parse(text)`` returns, or the library error it raises (anything else
    propagates and fails the test)."""
    try:
        return parse(text)
    except cf.CanfieldError as exc:
        return exc


def texts_near(samples: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(max_size=30),
        st.sampled_from(samples),
        st.sampled_from(samples).flatmap(mutated),
    )


# -- cards ---------------------------------------------------------------------------------

_RANKS = {**{r.letter: r for r in cf.Rank}, "10": cf.Rank.TEN}
_SUITS = {
    "S": cf.Suit.SPADES,
    "H": cf.Suit.HEARTS,
    "D": cf.Suit.DIAMONDS,
    "C": cf.Suit.CLUBS,
    "♠": cf.Suit.SPADES,
    "♥": cf.Suit.HEARTS,
    "♦": cf.Suit.DIAMONDS,
    "♣": cf.Suit.CLUBS,
    "♤": cf.Suit.SPADES,
    "♡": cf.Suit.HEARTS,
    "♢": cf.Suit.DIAMONDS,
    "♧": cf.Suit.CLUBS,
}


def _card_spelling(text: str) -> cf.Card | None:
    """The card a text spells in the documented notation (ASCII letters in any case,
    blanks around), or None."""
    body = text.strip()
    for rank_text, rank in _RANKS.items():
        for suit_text, suit in _SUITS.items():
            if re.fullmatch(
                re.escape(rank_text) + re.escape(suit_text), body, re.IGNORECASE | re.ASCII
            ):
                return cf.Card(rank, suit)
    return None


CARD_SAMPLES = [str(c) for c in cf.PACK] + [c.unicode for c in cf.PACK] + [" 10h ", "qc"]


@given(texts_near(CARD_SAMPLES))
@example("Aſ")
@example("ſ")
def test_card_parse_hostile_text(text: str) -> None:
    expected = _card_spelling(text)
    result = outcome(cf.Card.parse, text)
    if isinstance(result, cf.Card):
        assert result is expected
    else:
        assert isinstance(result, cf.CardParseError)
        assert expected is None, f"{text!r} spells {expected}"
        assert 0 <= result.position <= len(text)


@pytest.mark.parametrize("value", ODD_OBJECTS)
def test_card_parse_odd_objects(value: Any) -> None:
    with pytest.raises(cf.CardParseError):
        cf.Card.parse(value)


# -- moves ---------------------------------------------------------------------------------

MOVE_SAMPLES = [str(m) for m in candidate_moves(columns=5, max_count=14)] + ["fh > 2", "1>4x3"]


def _move_normal_form(text: str) -> str:
    """The printed form a move text must have if it is accepted: blanks removed, ASCII
    upper case, suit symbols as letters, numbers without leading zeros, no ``X1``."""
    t = re.sub(r"\s+", "", text)
    t = "".join(ch.upper() if ch.isascii() else ch for ch in t)
    for symbol, letter in zip("♠♥♦♣", "SHDC", strict=True):
        t = t.replace(symbol, letter)
    t = re.sub(r"[0-9]+", lambda m: str(int(m.group())), t)
    t = re.sub(r"X1$", "", t)
    return t.lower() if t in ("DRAW", "RECYCLE") else t


@given(texts_near(MOVE_SAMPLES))
@example("1" * 5000 + ">F")
@example("1>2x" + "9" * 5000)
@example("٣>F")
def test_move_parse_hostile_text(text: str) -> None:
    result = outcome(cf.Move.parse, text)
    if isinstance(result, cf.Move):
        assert cf.Move.parse(str(result)) == result
        assert str(result) == _move_normal_form(text)
    else:
        assert isinstance(result, cf.MoveParseError)
        assert 0 <= result.position <= len(text)


@pytest.mark.parametrize("value", ODD_OBJECTS)
def test_move_parse_odd_objects(value: Any) -> None:
    with pytest.raises(cf.MoveParseError):
        cf.Move.parse(value)


# -- game codes ----------------------------------------------------------------------------


CODE_SAMPLES = [CODE, "CF1-D1-ZZZZZZZ", " cf1-d3-aaaaacl "]


@given(texts_near(CODE_SAMPLES))
@example("CF1-D3-AAAAAſſ")
@example("cf1-d3-aaaaaﬀ")
def test_decode_hostile_text(text: str) -> None:
    result = outcome(cf.decode, text)
    if isinstance(result, cf.Deal):
        body = text.strip()
        assert body.isascii()
        assert str(result) == body.upper()
    else:
        assert isinstance(result, cf.GameCodeError)
        assert result.part in ("prefix", "draw mode", "letters", "length")
        assert 0 <= result.position <= len(text)


@pytest.mark.parametrize("value", ODD_OBJECTS)
def test_decode_odd_objects(value: Any) -> None:
    with pytest.raises(cf.GameCodeError):
        cf.decode(value)


# -- saves ---------------------------------------------------------------------------------


def _exact_or_refused(load: Any, data: Any) -> None:
    """Loading either refuses with the library's error or gives a game that saves back to
    exactly the data given."""
    try:
        state = load()
    except cf.ValidationError:
        return
    assert cf.to_dict(state) == data


@given(st.text(max_size=200))
def test_from_json_random_text(text: str) -> None:
    with pytest.raises(cf.ValidationError):
        cf.from_json(text)


@given(json_values)
def test_from_dict_random_data(data: Any) -> None:
    with pytest.raises(cf.ValidationError):
        cf.from_dict(data)


@st.composite
def damaged_saves(draw: st.DrawFn, games: st.SearchStrategy[cf.GameState] | None = None) -> Any:
    """A real save (of a game from ``games``, standard ones by default) with one value
    somewhere replaced by random JSON or a nearby value."""
    state = draw(games if games is not None else states(max_steps=150))
    data = cf.to_dict(state)
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            paths.append((node, key))
            if isinstance(value, (dict, list)):
                walk(value)

    walk(data)
    node, key = draw(st.sampled_from(paths))
    old = node[key]
    if isinstance(old, str):
        new = draw(st.one_of(json_values, st.sampled_from(CARD_SAMPLES + MOVE_SAMPLES)))
    elif isinstance(old, int):
        new = draw(st.one_of(json_values, st.integers(old - 10, old + 10)))
    else:
        new = draw(json_values)
    node[key] = new
    return data


@given(damaged_saves())
def test_from_dict_damaged_saves(data: Any) -> None:
    _exact_or_refused(lambda: cf.from_dict(data), data)


@given(damaged_saves(variant_states(max_steps=150)))
def test_from_dict_damaged_variant_saves(data: Any) -> None:
    _exact_or_refused(lambda: cf.from_dict(data), data)


@given(
    states(max_steps=120).flatmap(
        lambda s: mutated(cf.to_json(s)) if s.actions else st.just(cf.to_json(s))
    )
)
def test_from_json_mutated_saves(text: str) -> None:
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    _exact_or_refused(lambda: cf.from_json(text), data)


@pytest.mark.parametrize("value", ODD_OBJECTS)
def test_from_json_odd_objects(value: Any) -> None:
    with pytest.raises(cf.ValidationError):
        cf.from_json(value)


# -- apply -------------------------------------------------------------------------------------


@given(
    states(),
    st.lists(
        st.one_of(any_moves, st.sampled_from(candidate_moves(columns=6))), min_size=1, max_size=20
    ),
)
def test_apply_random_moves(state: cf.GameState, moves: list[cf.Move]) -> None:
    for move in moves:
        legal = move in cf.legal_moves(state)
        after = outcome(functools.partial(cf.apply, state), move)
        if isinstance(after, cf.GameState):
            assert legal
            state = cf.validate(after)
        else:
            assert isinstance(after, cf.IllegalMoveError)
            assert not legal
            assert re.fullmatch(r"R\d+", after.rule)


@given(states(max_steps=50), st.sampled_from([*ODD_OBJECTS, "R>2", 3]))
def test_apply_odd_moves(state: cf.GameState, value: Any) -> None:
    assume(not isinstance(value, cf.Move))
    with pytest.raises(cf.WrongTypeError) as info:
        cf.apply(state, value)
    assert isinstance(info.value, TypeError)


@pytest.mark.parametrize("value", [*ODD_OBJECTS, cf.deal(CODE).position])
def test_apply_and_undo_need_a_state(value: Any) -> None:
    with pytest.raises(cf.WrongTypeError):
        cf.apply(value, cf.DRAW)
    with pytest.raises(cf.WrongTypeError):
        cf.undo(value)
