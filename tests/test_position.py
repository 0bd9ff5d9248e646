"""Foundations and positions (R7-R11, R21)."""

from __future__ import annotations

import copy
import itertools
import pickle

import attrs
import pytest

import pycanfield as cf
from builders import pile, position, r8_order
from pycanfield import Card, Foundation, Rank, Suit


def _words(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def test_foundation_runs_from_the_base_rank_through_the_king_to_the_ace_r10_r11() -> None:
    """R10, R11: base 7: 7 8 9 10 J Q K A 2 3 4 5 6."""
    full = Foundation(Suit.SPADES, Rank.SEVEN, 13)
    assert _words(full.cards) == "7S 8S 9S TS JS QS KS AS 2S 3S 4S 5S 6S"
    assert full.is_full
    assert full.next is None
    assert full.top is Card.parse("6S")
    assert len(full) == 13
    assert list(full) == list(full.cards)


@pytest.mark.parametrize("base", list(Rank))
def test_every_base_rank_gives_13_distinct_cards_ending_below_the_base_r10(base: Rank) -> None:
    cards = Foundation(Suit.CLUBS, base, 13).cards
    assert len(set(cards)) == 13
    assert cards[0].rank is base
    assert cards[-1].rank.next_up() is base
    assert all(b.rank is a.rank.next_up() for a, b in itertools.pairwise(cards))


def test_empty_foundation_takes_only_its_base_rank_card_r9() -> None:
    """R9, R11: with base 7 an empty spades foundation wants 7♠, not A♠."""
    empty = Foundation(Suit.SPADES, Rank.SEVEN, 0)
    assert empty.next is Card.parse("7S")
    assert empty.top is None
    assert empty.cards == ()
    assert not empty.is_full


def test_push_and_pop_wrap_after_the_king_r9() -> None:
    """R9: after the king comes the ace."""
    f = Foundation(Suit.HEARTS, Rank.SEVEN, 6)
    assert f.top is Card.parse("QH")
    assert f.push().top is Card.parse("KH")
    assert f.push().push().top is Card.parse("AH")
    assert f.push().push().next is Card.parse("2H")
    assert f.push().pop() is f


def test_foundations_are_interned_and_immutable() -> None:
    f = Foundation(Suit.DIAMONDS, Rank.ACE, 4)
    assert Foundation(Suit.DIAMONDS, Rank.ACE, 4) is f
    assert Foundation(2, 1, 4) is f  # type: ignore[arg-type]
    assert copy.copy(f) is f
    assert copy.deepcopy(f) is f
    assert pickle.loads(pickle.dumps(f)) is f
    assert repr(f) == "Foundation(diamonds, base A, 4 cards)"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        f.size = 5


@pytest.mark.parametrize("size", [-1, 14])
def test_foundation_size_is_0_to_13(size: int) -> None:
    with pytest.raises(ValueError, match="0 to 13"):
        Foundation(Suit.SPADES, Rank.ACE, size)


@pytest.mark.parametrize(
    ("base", "order"), [("7H", "HSDC"), ("2S", "SHDC"), ("KD", "DSHC"), ("AC", "CSHD")]
)
def test_foundation_order_is_base_suit_then_s_h_d_c_r8(base: str, order: str) -> None:
    """R8: the base suit first, then the others in the order spades, hearts, diamonds, clubs."""
    card = Card.parse(base)
    assert "".join(s.letter for s in r8_order(card.suit)) == order
    deck = [c for c in cf.PACK if c is not card]
    deck.insert(13, card)
    state = cf.from_deck(deck)
    assert "".join(f.suit.letter for f in state.foundations) == order
    assert [f.size for f in state.foundations] == [1, 0, 0, 0]


def test_base_rank_and_foundation_lookup_r7() -> None:
    """R7: the base card's rank is the base rank of all four foundations."""
    pos = position(base="QD", sizes={"D": 1, "C": 2})
    assert pos.base_rank is Rank.QUEEN
    assert all(f.base is Rank.QUEEN for f in pos.foundations)
    assert pos.foundation(Suit.CLUBS).top is Card.parse("KC")
    assert pos.foundation(Suit.SPADES).next is Card.parse("QS")


def test_visible_waste_is_the_fan_of_the_last_draw_r21() -> None:
    """R21: the fan shows the cards of the last draw still on the waste."""
    waste = "2C 3D 4S 5H 6C"
    assert _words(position(waste=waste, fan=3).visible_waste) == "4S 5H 6C"
    assert _words(position(waste=waste, fan=2).visible_waste) == "5H 6C"
    assert _words(position(waste=waste, fan=1).visible_waste) == "6C"
    # Once the fan's cards are played, the waste still shows its top card.
    assert _words(position(waste=waste, fan=0).visible_waste) == "6C"
    assert position(waste="", fan=0).visible_waste == ()


def test_position_is_hashable_and_frozen() -> None:
    a = position(columns=["6C", "KH QC", "", "AS"], reserve="2D", stock="3D", waste="4D")
    b = position(columns=["6C", "KH QC", "", "AS"], reserve="2D", stock="3D", waste="4D")
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert a != attrs.evolve(a, fan=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.fan = 2  # type: ignore[misc]


def test_cards_lists_every_pile() -> None:
    pos = position(
        columns=["6C", "KH QC", "", "AS"],
        reserve="2D",
        stock="3D 4D",
        waste="5D",
        base="7H",
        sizes={"H": 2},
    )
    assert _words(tuple(pos.cards())) == "3D 4D 5D 2D 7H 8H 6C KH QC AS"
    assert pile("KH QC") == pos.columns[1]


def test_the_fast_constructors_build_the_same_values() -> None:
    """The rules build positions without the constructor's checks; those values must be
    indistinguishable from checked ones: equal, with the same hash."""
    from pycanfield._position import VariantPosition, make_position, make_variant_position

    pos = cf.deal("CF1-D3-AAAAACL").position
    parts = (pos.stock, pos.waste, pos.reserve, pos.foundations, pos.columns, pos.fan)
    fast = make_position(*parts)
    assert type(fast) is cf.Position
    assert fast == pos
    assert hash(fast) == hash(pos)
    checked = VariantPosition(*parts, 2)
    fast_variant = make_variant_position(*parts, 2)
    assert type(fast_variant) is VariantPosition
    assert fast_variant == checked
    assert hash(fast_variant) == hash(checked)
    assert fast_variant.pending == ()
