"""Cards, ranks, suits and colours: values, parsing, decks (R1, R12, R13)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pycanfield as cf
from pycanfield import Card, Color, Rank, Suit
from strategies import cards

RANK_SPELLINGS = {rank: {rank.letter, rank.letter.lower()} for rank in Rank}
RANK_SPELLINGS[Rank.TEN] |= {"10"}
SUIT_SPELLINGS = {
    Suit.SPADES: {"S", "s", "♠", "♤"},
    Suit.HEARTS: {"H", "h", "♥", "♡"},
    Suit.DIAMONDS: {"D", "d", "♦", "♢"},
    Suit.CLUBS: {"C", "c", "♣", "♧"},
}
ACCEPTED = {
    r + s: Card(rank, suit)
    for rank, rs in RANK_SPELLINGS.items()
    for suit, ss in SUIT_SPELLINGS.items()
    for r in rs
    for s in ss
}
"""Every spelling of every card that Card.parse accepts, written out by hand."""

BLANKS = st.text(alphabet=" \t\n", max_size=3)


def test_pack_is_52_distinct_cards_in_index_order_r1() -> None:
    """R1: one pack of 52 cards, no jokers."""
    assert len(cf.PACK) == 52
    assert len(set(cf.PACK)) == 52
    assert [c.index for c in cf.PACK] == list(range(52))
    assert {(c.rank, c.suit) for c in cf.PACK} == {(r, s) for r in Rank for s in Suit}


def test_cards_are_interned() -> None:
    card = Card(Rank.QUEEN, Suit.CLUBS)
    assert card is Card.parse("QC") is Card(12, 3)  # type: ignore[arg-type]
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert hash(card) == hash(Card.parse("Q♣"))


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, 4), ("A", "S"), (None, 1)])
def test_no_such_card_raises_deck_error(rank: object, suit: object) -> None:
    with pytest.raises(cf.DeckError, match="no such card"):
        Card(rank, suit)  # type: ignore[arg-type]


def test_card_attributes() -> None:
    card = Card.parse("10h")
    assert (card.rank, card.suit) == (Rank.TEN, Suit.HEARTS)
    assert str(card) == "TH"
    assert card.unicode == "10♥"
    assert repr(card) == "Card.parse('TH')"
    assert card.is_red
    assert card.color is Color.RED
    assert Card.parse("AS").color is Color.BLACK
    assert card.index == 13 + 9


def test_suit_letters_symbols_colours_r12() -> None:
    """R12 builds on colours: hearts and diamonds red, spades and clubs black."""
    assert [s.letter for s in Suit] == ["S", "H", "D", "C"]
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert [s.color for s in Suit] == [Color.BLACK, Color.RED, Color.RED, Color.BLACK]
    assert [str(s) for s in Suit] == ["S", "H", "D", "C"]


def test_rank_cycle_wraps_r9_r13() -> None:
    """R9: after the king comes the ace going up; R13: the king is below the ace going down."""
    assert Rank.KING.next_up() is Rank.ACE
    assert Rank.ACE.next_down() is Rank.KING
    for rank in Rank:
        assert rank.next_up().next_down() is rank
        if rank is not Rank.KING:
            assert rank.next_up() == rank + 1
    assert [r.letter for r in Rank] == list("A23456789TJQK")
    assert Rank.TEN.label == "10"
    assert Rank.JACK.label == "J"


@pytest.mark.parametrize(
    ("text", "suit"), [("h", Suit.HEARTS), (" ♣ ", Suit.CLUBS), ("♤", Suit.SPADES)]
)
def test_suit_parse(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@pytest.mark.parametrize(("text", "rank"), [("10", Rank.TEN), ("t", Rank.TEN), (" a", Rank.ACE)])
def test_rank_parse(text: str, rank: Rank) -> None:
    assert Rank.parse(text) is rank


@pytest.mark.parametrize(
    ("text", "position"), [("X", 0), (" 1", 1), ("11", 0), ("ſ", 0), ("", 0), (" K K", 1)]
)
def test_rank_and_suit_parse_errors(text: str, position: int) -> None:
    with pytest.raises(cf.CardParseError) as info:
        Rank.parse(text.replace("K", "Z"))
    assert info.value.position == position
    with pytest.raises(cf.CardParseError) as info:
        Suit.parse(text.replace("K", "Z"))
    assert info.value.position == position


def test_every_spelling_of_every_card_parses() -> None:
    """Rank as A/2-9/T/10/J/Q/K, suit as a letter or a symbol, any case, blanks around."""
    for text, card in ACCEPTED.items():
        for padded in (text, f" {text}", f"{text}\t", f"  {text}\n"):
            assert Card.parse(padded) is card, padded
    assert len(ACCEPTED) == 19 * 16  # A, J, Q, K and T in two cases, and "10"


@given(cards)
def test_str_and_unicode_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.unicode) is card
    assert Card.parse(str(card).lower()) is card
    assert str(Card.parse(card.unicode.lower())) == str(card)


@given(st.text(max_size=6))
def test_any_text_parses_to_an_accepted_spelling_or_raises_card_parse_error(text: str) -> None:
    if text.strip() in ACCEPTED:
        assert Card.parse(text) is ACCEPTED[text.strip()]
        return
    with pytest.raises(cf.CardParseError) as info:
        Card.parse(text)
    assert info.value.text == text
    assert 0 <= info.value.position <= len(text)
    assert info.value.reason in str(info.value)


@given(st.sampled_from(sorted(ACCEPTED)), BLANKS, st.sampled_from(list("X?1S♠é-")))
def test_junk_after_a_card_is_pointed_at(text: str, blanks: str, junk: str) -> None:
    bad = blanks + text + junk
    with pytest.raises(cf.CardParseError) as info:
        Card.parse(bad)
    assert info.value.position == len(blanks) + len(text)


@given(BLANKS, st.sampled_from(list("XZ1BE0?")), st.sampled_from(list("SHDC♠")))
def test_unknown_rank_is_pointed_at(blanks: str, rank: str, suit: str) -> None:
    with pytest.raises(cf.CardParseError, match="rank") as info:
        Card.parse(blanks + rank + suit)
    assert info.value.position == len(blanks)


@given(BLANKS, st.sampled_from(["A", "q", "10", "T", "7"]), st.sampled_from(list("XZAE1? ")))
def test_unknown_suit_is_pointed_at(blanks: str, rank: str, suit: str) -> None:
    with pytest.raises(cf.CardParseError, match="suit") as info:
        Card.parse(blanks + rank + suit + "H")
    assert info.value.position == len(blanks) + len(rank)


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("", 0, "empty"),
        ("   ", 3, "empty"),
        ("Q", 1, "suit"),
        (" 10", 3, "suit"),
        ("X", 0, "rank"),
        ("H", 0, "rank"),
        ("1H", 0, "rank"),
        ("11H", 0, "rank"),
        ("QX", 1, "suit"),
        ("Q C", 1, "suit"),
        ("10X", 2, "suit"),
        ("QCC", 2, "after"),
        ("QC X", 2, "after"),
        ("Kſ", 1, "suit"),
        ("ſK", 0, "rank"),
    ],
)
def test_card_parse_error_positions(text: str, position: int, reason: str) -> None:
    with pytest.raises(cf.CardParseError, match=reason) as info:
        Card.parse(text)
    assert info.value.position == position
    assert info.value.text == text
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, cf.ParseError)


@pytest.mark.parametrize("value", [None, 12, b"QC", Card.parse("QC")])
def test_card_parse_of_a_non_string_raises_card_parse_error(value: object) -> None:
    with pytest.raises(cf.CardParseError, match="string"):
        Card.parse(value)  # type: ignore[arg-type]


def test_check_deck_accepts_cards_and_strings() -> None:
    deck = [str(c) for c in reversed(cf.PACK)]
    assert cf.from_deck(deck).position == cf.from_deck(list(reversed(cf.PACK))).position


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ([*cf.PACK[:51], cf.PACK[0]], "repeats A♠"),
        (list(cf.PACK[:51]), "not 51; missing: K♣"),
        ([*cf.PACK, cf.PACK[3]], "repeats 4♠"),
        ([*cf.PACK[:51], 7], r"deck\[51\] is 7"),
        ([], "not 0"),
    ],
)
def test_bad_decks_raise_deck_error_r1(deck: list[object], message: str) -> None:
    """R1: a deal uses exactly the 52 cards of one pack."""
    with pytest.raises(cf.DeckError, match=message):
        cf.from_deck(deck)  # type: ignore[arg-type]


def test_bad_card_string_in_a_deck_raises_card_parse_error() -> None:
    with pytest.raises(cf.CardParseError):
        cf.from_deck(["QC", "ZZ", *map(str, cf.PACK[:50])])
