"""Piles and the position: where every card lies.

A :class:`Position` is the whole table and nothing else: it is hashable and immutable,
so it can serve as a dictionary key.  Piles are tuples of cards listed bottom to top
(the last card is the top card), except foundations, which are :class:`Foundation`
values: a foundation's cards follow from its suit, base rank and size alone (R9, R10).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ._cards import Card, Rank, Suit

__all__ = ["Foundation", "Pile", "Position", "foundation_suits"]

Pile = tuple[Card, ...]
"""A pile of cards, bottom to top."""

_FOUNDATIONS: dict[tuple[Suit, Rank, int], Foundation] = {}


@attrs.frozen(eq=False, repr=False)
class Foundation:
    """One foundation: a suit, the base rank it starts from, and how many cards it holds.

    There is one object per (suit, base, size), so foundations compare by identity.

    >>> f = Foundation(Suit.HEARTS, Rank.SEVEN, 2)
    >>> [str(c) for c in f.cards], f.next
    (['7H', '8H'], Card.parse('9H'))
    """

    #: The suit of the foundation.
    suit: Suit
    #: The rank of its first card (R7).
    base: Rank
    #: How many cards it holds, 0 to 13.
    size: int
    #: The card this foundation takes next, or ``None`` when full.
    next: Card | None = attrs.field(init=False)
    #: The card on top, or ``None`` when empty.
    top: Card | None = attrs.field(init=False)

    def __new__(cls, suit: Suit, base: Rank, size: int) -> Foundation:
        found = _FOUNDATIONS.get((suit, base, size))
        if found is not None:
            return found
        if not 0 <= size <= 13:
            raise ValueError(f"a foundation holds 0 to 13 cards, not {size}")
        obj = super().__new__(cls)
        _FOUNDATIONS[(Suit(suit), Rank(base), size)] = obj
        return obj

    def __init__(self, suit: Suit, base: Rank, size: int) -> None:
        if not hasattr(self, "top"):
            suit, base = Suit(suit), Rank(base)
            setter = object.__setattr__
            setter(self, "suit", suit)
            setter(self, "base", base)
            setter(self, "size", size)
            ranks = [Rank((base - 1 + i) % 13 + 1) for i in range(14)]
            setter(self, "next", Card(ranks[size], suit) if size < 13 else None)
            setter(self, "top", Card(ranks[size - 1], suit) if size else None)

    @property
    def cards(self) -> Pile:
        """The cards on the foundation, bottom (the base rank) to top."""
        return tuple(Card(Rank((self.base - 1 + i) % 13 + 1), self.suit) for i in range(self.size))

    @property
    def is_full(self) -> bool:
        """True when it holds all 13 cards of its suit (R10)."""
        return self.size == 13

    def push(self) -> Foundation:
        """The foundation with its next card added."""
        return Foundation(self.suit, self.base, self.size + 1)

    def pop(self) -> Foundation:
        """The foundation with its top card taken off (R22)."""
        return Foundation(self.suit, self.base, self.size - 1)

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Foundation({self.suit.name.lower()}, base {self.base.label}, {self.size} cards)"

    def __reduce__(self) -> tuple[object, ...]:
        return (Foundation, (self.suit, self.base, self.size))

    def __copy__(self) -> Foundation:
        return self

    def __deepcopy__(self, memo: object) -> Foundation:
        return self


def foundation_suits(base_suit: Suit) -> tuple[Suit, Suit, Suit, Suit]:
    """The R8 order of the foundations: the base suit, then the others in S, H, D, C order.

    >>> [s.letter for s in foundation_suits(Suit.HEARTS)]
    ['H', 'S', 'D', 'C']
    """
    rest = [s for s in Suit if s is not base_suit]
    return (base_suit, rest[0], rest[1], rest[2])


@attrs.frozen(cache_hash=True)
class Position:
    """Where every card lies.  Immutable and hashable."""

    #: Face-down cards; the last one is drawn next (R3, R18).
    stock: Pile
    #: Face-up cards; the last one is the playable top (R20).
    waste: Pile
    #: The reserve; the last one is the playable top (R4).
    reserve: Pile
    #: The four foundations in R8 order, the base suit first.
    foundations: tuple[Foundation, ...]
    #: The tableau columns, left to right, each bottom to top.
    columns: tuple[Pile, ...]
    #: How many cards of the last draw are still on the waste (R21).
    fan: int = 0

    @property
    def base_rank(self) -> Rank:
        """The base rank of all foundations (R7)."""
        return self.foundations[0].base

    @property
    def visible_waste(self) -> Pile:
        """The waste cards shown face up (R21).

        They are the last draw's cards still on the waste, and at least the top card
        whenever the waste is not empty.
        """
        if not self.waste:
            return ()
        return self.waste[-max(self.fan, 1) :]

    def foundation(self, suit: Suit) -> Foundation:
        """The foundation of ``suit``."""
        for f in self.foundations:
            if f.suit is suit:
                return f
        raise KeyError(suit)  # pragma: no cover - every position has all four suits

    def cards(self) -> Iterator[Card]:
        """Every card of the position, pile by pile."""
        yield from self.stock
        yield from self.waste
        yield from self.reserve
        for f in self.foundations:
            yield from f.cards
        for column in self.columns:
            yield from column
