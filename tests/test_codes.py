"""CF1 game codes (R28, R29)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pycanfield as cf
from pycanfield import Deal
from strategies import deals

REFERENCE = "CF1-D3-AAAAACL"


def _words(cards: tuple[cf.Card, ...]) -> list[str]:
    return [str(c) for c in cards]


@pytest.mark.parametrize("draw", [3, 1])
def test_reference_code_deals_the_reference_deal_r29(reference: dict[str, Any], draw: int) -> None:
    """R29: CF1-D3-AAAAACL is the deal of the fixture; CF1-D1-AAAAACL the same in draw 1."""
    state = cf.deal(f"CF1-D{draw}-AAAAACL")
    assert state.draw == draw
    assert state.code == f"CF1-D{draw}-AAAAACL"
    assert _words(cf.decode(state.code).deck()) == reference["deal_order"]
    assert _words(state.reserve) == reference["reserve"]
    assert _words(state.stock) == reference["stock"]
    assert _words(state.waste) == reference["waste"] == []
    assert [_words(col) for col in state.columns] == reference["columns"]
    assert [f.suit.letter for f in state.foundations] == reference["foundation_suits"]
    assert [_words(f.cards) for f in state.foundations] == [[reference["base_card"]], [], [], []]
    assert sorted(c.index for c in state.position.cards()) == list(range(52))
    assert (state.score, state.actions, state.history) == (0, 0, ())


def test_reference_number_is_63() -> None:
    assert cf.decode(REFERENCE) == Deal(63, draw=3)
    assert cf.encode(Deal(63, draw=1)) == "CF1-D1-AAAAACL"


@pytest.mark.parametrize(
    ("number", "code"),
    [(0, "CF1-D3-AAAAAAA"), (25, "CF1-D3-AAAAAAZ"), (26, "CF1-D3-AAAAABA")],
)
def test_letters_are_base_26_most_significant_first(number: int, code: str) -> None:
    assert cf.encode(Deal(number)) == code
    assert cf.decode(code).number == number


def test_last_code() -> None:
    assert cf.encode(Deal(cf.CODE_SPACE - 1, draw=1)) == "CF1-D1-ZZZZZZZ"
    assert cf.CODE_SPACE == 26**7


@given(deals)
def test_decode_encode_round_trip_r28(deal: Deal) -> None:
    code = cf.encode(deal)
    assert cf.decode(code) == deal
    assert str(deal) == code
    assert Deal.parse(code) == deal
    assert cf.encode(cf.decode(code)) == code


@given(deals, st.sampled_from(["", " ", "\t", "\n "]), st.sampled_from(["", " ", "  \n"]))
def test_blanks_and_lower_case_are_accepted_and_output_is_canonical(
    deal: Deal, before: str, after: str
) -> None:
    code = cf.encode(deal)
    for spelled in (code.lower(), code.title(), before + code + after, before + code.lower()):
        assert cf.decode(spelled) == deal
        assert cf.deal(spelled).code == code


@given(deals)
def test_every_code_deals_52_distinct_cards_r1(deal: Deal) -> None:
    deck = deal.deck()
    assert len(deck) == 52
    assert set(deck) == set(cf.PACK)
    state = cf.deal(deal)
    assert state.code == str(deal)
    assert state.draw == deal.draw


@pytest.mark.parametrize(
    ("code", "part", "position"),
    [
        ("CF2-D3-AAAAACL", "prefix", 2),
        ("XF1-D3-AAAAACL", "prefix", 0),
        ("CF1_D3-AAAAACL", "prefix", 3),
        ("  CFI-D3-AAAAACL", "prefix", 4),
        ("CF1-X3-AAAAACL", "draw mode", 4),
        ("  cf1-d2-aaaaacl", "draw mode", 7),
        ("CF1-D3_AAAAACL", "draw mode", 6),
        ("CF1-D3AAAAACL", "draw mode", 6),
        ("CF1-D3-AAAA1CL", "letters", 11),
        ("CF1-D3-AAAAAC L", "letters", 13),
        ("CF1-D3-AAAAAßL", "letters", 12),
        ("cf1-d3-aaaaacſ", "letters", 13),
        ("CF1-D3-AAAAAC", "length", 13),
        ("CF1-D3-AAAAACLA", "length", 14),
        ("CF1-D3-", "length", 7),
        ("CF1-D", "length", 5),
        ("CF1", "length", 3),
        ("", "length", 0),
        ("   ", "length", 3),
    ],
)
def test_malformed_codes_name_the_part(code: str, part: str, position: int) -> None:
    with pytest.raises(cf.GameCodeError) as info:
        cf.decode(code)
    error = info.value
    assert (error.part, error.position, error.text) == (part, position, code)
    assert isinstance(error, cf.ParseError)
    assert isinstance(error, ValueError)
    with pytest.raises(cf.GameCodeError):
        cf.deal(code)


def test_a_code_must_be_a_string() -> None:
    with pytest.raises(cf.GameCodeError, match="string"):
        cf.decode(63)  # type: ignore[arg-type]


@given(deals, st.data())
def test_one_wrong_character_is_found_in_its_part(deal: Deal, data: st.DataObject) -> None:
    code = cf.encode(deal)
    at = data.draw(st.integers(0, len(code) - 1))
    bad = data.draw(st.sampled_from(list("#9ŸßſK0_ é")).filter(lambda c: c != code[at]))
    if at >= 7 and bad in "K":
        return  # another letter is still a valid code
    if at == 5 and bad in "13":
        return  # the other draw mode
    if bad == " " and at in (0, len(code) - 1):
        return  # surrounding blanks are allowed
    text = code[:at] + bad + code[at + 1 :]
    with pytest.raises(cf.GameCodeError) as info:
        cf.decode(text)
    expected = "prefix" if at < 4 else "draw mode" if at < 7 else "letters"
    assert (info.value.part, info.value.position) == (expected, at)


@given(st.text(max_size=16))
def test_any_text_decodes_or_raises_game_code_error(text: str) -> None:
    try:
        deal = cf.decode(text)
    except cf.GameCodeError as error:
        assert 0 <= error.position <= len(text)  # noqa: PT017 - the other branch needs the value
        assert error.part in ("prefix", "draw mode", "letters", "length")  # noqa: PT017
    else:
        assert cf.encode(deal) == text.strip().upper()


@pytest.mark.parametrize("number", [-1, cf.CODE_SPACE, 1.5, True, "63"])
def test_deal_number_out_of_range_raises_option_error(number: object) -> None:
    with pytest.raises(cf.OptionError, match="deal numbers"):
        Deal(number)  # type: ignore[arg-type]


@pytest.mark.parametrize("draw", [0, 2, 4, True, "3", 3.0, 1.0])
def test_deal_draw_mode_must_be_1_or_3(draw: object) -> None:
    with pytest.raises(cf.OptionError, match="draw must be 1 or 3"):
        Deal(0, draw=draw)  # type: ignore[arg-type]
    with pytest.raises(cf.OptionError):
        cf.new_game(draw=draw)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_new_game_with_a_seeded_rng_is_reproducible(seed: int) -> None:
    first = cf.new_game(rng=random.Random(seed))
    again = cf.new_game(rng=random.Random(seed))
    assert first == again
    assert first.code is not None
    assert cf.deal(first.code) == first
    assert first.draw == 3
    assert cf.new_game(draw=1, rng=random.Random(seed)).code == first.code.replace("D3", "D1")


def test_new_game_codes_spread_over_the_whole_space() -> None:
    """Fixed seeds, so this is deterministic: 300 codes cover the range and every letter."""
    codes = [cf.new_game(rng=random.Random(seed)).code for seed in range(300)]
    numbers = [cf.decode(code).number for code in codes if code is not None]
    assert len(set(numbers)) == 300
    assert min(numbers) < cf.CODE_SPACE // 50
    assert max(numbers) > cf.CODE_SPACE - cf.CODE_SPACE // 50
    for place in range(7):
        letters = {code[7 + place] for code in codes if code is not None}
        assert len(letters) >= 24, (place, sorted(letters))
    # Each tenth of the space gets some codes (300 draws: about 30 each).
    tenths = [n * 10 // cf.CODE_SPACE for n in numbers]
    assert all(10 <= tenths.count(k) <= 60 for k in range(10))


def test_new_game_without_rng_gives_a_valid_code() -> None:
    state = cf.new_game(draw=1)
    assert state.code is not None
    assert cf.deal(state.code) == state
    assert state.code.startswith("CF1-D1-")


def test_encode_takes_a_game_and_gives_its_deals_code_r28() -> None:
    assert cf.encode(cf.deal(REFERENCE)) == REFERENCE
    assert cf.encode(cf.deal("  crb-d1-aaaaacl ")) == "CRB-D1-AAAAACL"
    moved = cf.apply(cf.deal(REFERENCE), cf.Move.parse("R>2"))
    assert cf.encode(moved) == REFERENCE  # the deal's code, whatever was played since


@given(deals)
def test_encode_of_a_game_equals_encode_of_its_deal(deal: Deal) -> None:
    assert cf.encode(cf.deal(deal)) == cf.encode(deal)


def test_encode_refuses_a_game_without_a_code() -> None:
    game = cf.from_deck(Deal(63).deck())
    assert game.code is None
    with pytest.raises(cf.OptionError, match=r"from_deck"):
        cf.encode(game)


def test_encode_refuses_other_types() -> None:
    with pytest.raises(cf.WrongTypeError, match=r"encode\(\) needs a Deal or a GameState"):
        cf.encode(REFERENCE)  # type: ignore[arg-type]
