"""Suits, ranks, colours and the 52 cards.

There is exactly one :class:`Card` object per card, so cards compare and hash by
identity, which keeps the rules fast; copying or unpickling a card gives the same object.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

import attrs

from ._checks import DeckTypeError, shown
from ._errors import CardParseError, DeckError

__all__ = ["PACK", "Card", "Color", "Rank", "Suit", "check_deck"]


class Color(enum.Enum):
    """The colour of a suit."""

    RED = "red"
    BLACK = "black"


class Suit(enum.IntEnum):
    """A suit.  The values give the R8 order of the foundations after the base suit."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The one-letter form, ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, ``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self]

    @property
    def color(self) -> Color:
        """Hearts and diamonds are red, spades and clubs black."""
        return Color.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Color.BLACK

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``S``, ``H``, ``D``, ``C`` (any case) or a suit symbol.

        >>> Suit.parse("h")
        <Suit.HEARTS: 1>
        """
        if not isinstance(text, str):
            raise CardParseError(repr(text), 0, "a suit must be given as a string")
        key = text.strip()
        suit = _SUIT_BY_TEXT.get(key)
        if suit is None:
            start = len(text) - len(text.lstrip())
            raise CardParseError(text, start, f"unknown suit {key!r}")
        return suit

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """A rank, ace low in value; the cyclic order of the game wraps from king to ace."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The one-character form, ``A``, ``2`` … ``9``, ``T``, ``J``, ``Q`` or ``K``."""
        return "A23456789TJQK"[self - 1]

    @property
    def label(self) -> str:
        """The form used with suit symbols, ``A``, ``2`` … ``10``, ``J``, ``Q`` or ``K``."""
        return "10" if self is Rank.TEN else self.letter

    def next_up(self) -> Rank:
        """The rank one above, with the ace after the king (R9, R10)."""
        return Rank(self % 13 + 1)

    def next_down(self) -> Rank:
        """The rank one below, with the king below the ace (R13)."""
        return Rank((self - 2) % 13 + 1)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``A``, ``2``–``10``, ``T``, ``J``, ``Q`` or ``K`` (any case).

        >>> Rank.parse("10")
        <Rank.TEN: 10>
        """
        if not isinstance(text, str):
            raise CardParseError(repr(text), 0, "a rank must be given as a string")
        key = text.strip()
        rank = _RANK_BY_TEXT.get(key)
        if rank is None:
            start = len(text) - len(text.lstrip())
            raise CardParseError(text, start, f"unknown rank {key!r}")
        return rank

    def __str__(self) -> str:
        return self.letter


# Every accepted spelling is a key, lower case included: str.upper() would also map
# non-ASCII letters such as "ſ" onto "S" and accept them.
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.letter] = _SUIT_BY_TEXT[_suit.letter.lower()] = _suit
    _SUIT_BY_TEXT[_suit.symbol] = _suit
_SUIT_BY_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})
_RANK_BY_TEXT: dict[str, Rank] = {r.letter: r for r in Rank}
_RANK_BY_TEXT.update({r.letter.lower(): r for r in Rank})
_RANK_BY_TEXT["10"] = Rank.TEN

_CARDS: dict[tuple[Rank, Suit], Card] = {}


@attrs.frozen(eq=False, repr=False)
class Card:
    """A playing card.  There is one object per card: ``Card(r, s) is Card(r, s)``.

    >>> Card.parse("QC")
    Card.parse('QC')
    >>> str(Card.parse("10h")), Card.parse("TH").unicode
    ('TH', '10♥')
    >>> Card.parse("Q♣") is Card(Rank.QUEEN, Suit.CLUBS)
    True
    """

    #: The card's rank.
    rank: Rank
    #: The card's suit.
    suit: Suit
    # Derived once per card so the rules read plain attributes instead of enum arithmetic.
    #: True for hearts and diamonds.
    is_red: bool = attrs.field(init=False)
    #: The card's place in :data:`PACK`, 0 to 51.
    index: int = attrs.field(init=False)
    _text: str = attrs.field(init=False)

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        try:
            card = _CARDS.get((rank, suit))
        except TypeError:  # unhashable: refused below
            card = None
        if card is not None:
            return card
        if not isinstance(rank, Rank) or not isinstance(suit, Suit):
            # Plain integers are read as enum values; anything else is the wrong type.
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in (rank, suit)):
                raise DeckTypeError(
                    f"no such card: Card() needs a Rank and a Suit, not {shown(rank)} "
                    f"and {shown(suit)}"
                )
            try:
                rank, suit = Rank(rank), Suit(suit)
            except ValueError:
                raise DeckError(f"no such card: rank {rank!r}, suit {suit!r}") from None
            return cls(rank, suit)
        card = super().__new__(cls)
        _CARDS[(rank, suit)] = card
        return card

    def __init__(self, rank: Rank, suit: Suit) -> None:
        if not hasattr(self, "_text"):
            rank, suit = Rank(rank), Suit(suit)
            setter = object.__setattr__
            setter(self, "rank", rank)
            setter(self, "suit", suit)
            setter(self, "is_red", suit.color is Color.RED)
            setter(self, "index", int(suit) * 13 + int(rank) - 1)
            setter(self, "_text", rank.letter + suit.letter)

    @property
    def color(self) -> Color:
        """The card's colour."""
        return Color.RED if self.is_red else Color.BLACK

    @property
    def unicode(self) -> str:
        """The card with a suit symbol, such as ``Q♣`` or ``10♥``."""
        return self.rank.label + self.suit.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card: a rank (``A 2-9 T 10 J Q K``) then a suit (``S H D C`` or a symbol).

        Case and surrounding blanks are ignored.  A bad string raises
        :class:`~pycanfield.CardParseError` that points at the offending character.
        """
        if not isinstance(text, str):
            raise CardParseError(repr(text), 0, "a card must be given as a string")
        body = text.strip()
        start = len(text) - len(text.lstrip())
        if not body:
            raise CardParseError(text, start, "empty card")
        card = _CARD_BY_TEXT.get(body)
        if card is not None:
            return card
        # Read it as a rank ("10" or one character), one suit character, nothing more,
        # and point at the first part that is wrong.
        rank_text = body[:2] if body.startswith("10") else body[0]
        if rank_text not in _RANK_BY_TEXT:
            raise CardParseError(text, start, f"unknown rank {rank_text!r}")
        at = start + len(rank_text)
        if len(body) == len(rank_text):
            raise CardParseError(text, at, "a card needs a suit after its rank")
        suit_text = body[len(rank_text)]
        if suit_text not in _SUIT_BY_TEXT:
            raise CardParseError(text, at, f"unknown suit {suit_text!r}")
        raise CardParseError(text, at + 1, "unexpected text after the card")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


PACK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 52 cards, spades ace to king, then hearts, diamonds and clubs (``card.index`` order)."""

_CARD_BY_TEXT: dict[str, Card] = {}
for _card in PACK:
    for _r in (_card.rank.letter, _card.rank.label):
        for _s in (_card.suit.letter, _card.suit.symbol):
            for _key in {_r + _s, _r.lower() + _s, _r + _s.lower(), (_r + _s).lower()}:
                _CARD_BY_TEXT[_key] = _card
for _alt, _s2 in (("♤", Suit.SPADES), ("♡", Suit.HEARTS), ("♢", Suit.DIAMONDS), ("♧", Suit.CLUBS)):
    for _rk in Rank:
        for _r in (_rk.letter, _rk.letter.lower(), _rk.label):
            _CARD_BY_TEXT[_r + _alt] = Card(_rk, _s2)

#: The four cards of each rank, so that the tables below look at 4 cards, not 52.
BY_RANK: dict[Rank, tuple[Card, ...]] = {
    rank: tuple(card for card in PACK if card.rank is rank) for rank in Rank
}

ONTO: dict[Card, frozenset[Card]] = {
    card: frozenset(o for o in BY_RANK[card.rank.next_up()] if o.is_red != card.is_red)
    for card in PACK
}
"""For each card, the two cards it may be placed on in a column (R12, R13)."""

ACCEPTS: dict[Card, frozenset[Card]] = {
    card: frozenset(o for o in BY_RANK[card.rank.next_down()] if o.is_red != card.is_red)
    for card in PACK
}
"""For each card, the two cards that may be placed on it in a column (R12, R13)."""


def check_deck(cards: Iterable[Card | str]) -> tuple[Card, ...]:
    """Return ``cards`` as a tuple of :class:`Card`, checking it is a full 52-card pack.

    Strings are parsed with :meth:`Card.parse`.  Raises :class:`~pycanfield.DeckError`
    naming the first duplicate, the first missing card or the wrong count, or an error
    that is both a :class:`~pycanfield.WrongTypeError` and a :class:`DeckError` for a
    deck that is not an iterable of cards.
    """
    if isinstance(cards, (str, bytes)):
        raise DeckTypeError(
            f"a deck is an iterable of cards such as ['QC', ...], not {shown(cards)}"
        )
    try:
        items = iter(cards)
    except TypeError:
        raise DeckTypeError(
            f"a deck is an iterable of cards such as ['QC', ...], not {shown(cards)}"
        ) from None
    deck: list[Card] = []
    seen: dict[Card, int] = {}
    for i, item in enumerate(items):
        if isinstance(item, Card):
            card = item
        elif isinstance(item, str):
            card = Card.parse(item)
        else:
            raise DeckTypeError(f"deck[{i}] is {shown(item)}, not a card")
        if card in seen:
            raise DeckError(f"deck[{i}] repeats {card.unicode} (first at deck[{seen[card]}])")
        seen[card] = i
        deck.append(card)
    if len(deck) != 52:
        missing = ", ".join(c.unicode for c in PACK if c not in seen)
        raise DeckError(f"a deck has 52 cards, not {len(deck)}; missing: {missing}")
    return tuple(deck)
