"""Piles and the position: where every card lies.

A :class:`Position` is the whole table and nothing else: it is hashable and immutable,
so it can serve as a dictionary key.  Piles are tuples of cards listed bottom to top
(the last card is the top card), except foundations, which are :class:`Foundation`
values: a foundation's cards follow from its suit, base rank and size alone (R9, R10).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from ._cards import Card, Rank, Suit
from ._checks import wrong_type
from ._errors import OptionError

__all__ = [
    "Foundation",
    "Pile",
    "Position",
    "VariantPosition",
    "foundation_suits",
    "make_position",
    "make_variant_position",
]

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
        try:
            found = _FOUNDATIONS.get((suit, base, size))
        except TypeError:  # unhashable: refused below
            found = None
        if found is not None:
            return found
        for name, value, needs in (
            ("suit", suit, "a Suit"),
            ("base", base, "a Rank"),
            ("size", size, "a whole number"),
        ):
            if not isinstance(value, int) or isinstance(value, bool):
                raise wrong_type("Foundation", name, needs, value)
        try:
            suit, base = Suit(suit), Rank(base)
        except ValueError:
            raise OptionError(f"no such suit or rank: {suit!r}, {base!r}") from None
        if not 0 <= size <= 13:
            raise OptionError(f"a foundation holds 0 to 13 cards, not {size}")
        obj = super().__new__(cls)
        _FOUNDATIONS[(suit, base, size)] = obj
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
    """Where every card lies.  Immutable and hashable.

    The constructor checks the types of the piles (tuples of cards, a tuple of
    :class:`Foundation` values, a tuple of columns) and raises
    :class:`~pycanfield.WrongTypeError` for anything else; whether the cards make a
    position of the game is for :func:`~pycanfield.validate` to say.

    >>> Position((), (), (), (), ((), ()), 0).columns
    ((), ())
    """

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

    def __attrs_post_init__(self) -> None:
        # The rules build their positions with make_position, which skips this.
        _check_position(self)

    @property
    def passes(self) -> int:
        """How many times the waste was turned back into the stock, counted only under
        rules that limit redeals (:attr:`~pycanfield.Rules.redeals`, see
        :class:`VariantPosition`); always 0 here."""
        return 0

    @property
    def pending(self) -> Pile:
        """The cards dealt for the player to choose the base card from
        (``Rules(base="choose")``, see :class:`VariantPosition`); always empty here."""
        return ()

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
        if not isinstance(suit, Suit):
            raise wrong_type("Position.foundation", "suit", "a Suit", suit)
        raise KeyError(suit)  # pragma: no cover - every position has all four suits

    def cards(self) -> Iterator[Card]:
        """Every card of the position, pile by pile."""
        yield from self.pending
        yield from self.stock
        yield from self.waste
        yield from self.reserve
        for f in self.foundations:
            yield from f.cards
        for column in self.columns:
            yield from column

    def _repr_svg_(self) -> str:
        """The SVG picture, so that Jupyter draws the table (see :func:`~pycanfield.render_svg`)."""
        from ._render_svg import render_svg  # imported here: the renderer imports this module

        return render_svg(self)


@attrs.frozen(cache_hash=True)
class VariantPosition(Position):
    """A position under rules that need more than the piles (see :class:`~pycanfield.Rules`):
    a count of redeals, or the cards to choose the base card from.

    The standard game's positions are plain :class:`Position` values, which keeps them
    small and fast; the rules build these when other rules call for them.  A
    :class:`VariantPosition` never equals a :class:`Position`.
    """

    #: How many times the waste was turned back into the stock (counted when
    #: :attr:`~pycanfield.Rules.redeals` is limited).
    passes: int = 0
    #: The cards dealt for the player to choose the base card from, before the first move
    #: of a game whose rules say ``base="choose"``; the columns are empty and the
    #: foundations wait (their base rank means nothing) until then.  Empty afterwards.
    pending: Pile = ()


def _check_pile(function: str, name: str, pile: object) -> None:
    if type(pile) is not tuple or not all(type(card) is Card for card in pile):
        raise wrong_type(function, name, "a tuple of cards", pile)


def _check_position(pos: Position) -> None:
    function = type(pos).__name__
    for name in ("stock", "waste", "reserve", "pending"):
        _check_pile(function, name, getattr(pos, name))
    foundations = pos.foundations
    if type(foundations) is not tuple or not all(type(f) is Foundation for f in foundations):
        raise wrong_type(function, "foundations", "a tuple of Foundation values", foundations)
    columns = pos.columns
    if type(columns) is not tuple:
        raise wrong_type(function, "columns", "a tuple of columns", columns)
    for i, column in enumerate(columns):
        _check_pile(function, f"columns[{i}]", column)
    for name in ("fan", "passes"):
        value = getattr(pos, name)
        if type(value) is not int:
            raise wrong_type(function, name, "a whole number", value)


def _fast_constructors() -> tuple[
    Callable[[Pile, Pile, Pile, tuple[Foundation, ...], tuple[Pile, ...], int], Position],
    Callable[
        [Pile, Pile, Pile, tuple[Foundation, ...], tuple[Pile, ...], int, int], VariantPosition
    ],
]:
    """Constructors for positions whose parts are already right (the rules build one per
    move): they fill the slots directly, without the constructor's checks."""
    new = object.__new__
    names = ("stock", "waste", "reserve", "foundations", "columns", "fan")
    try:
        p_stock, p_waste, p_reserve, p_foundations, p_columns, p_fan = (
            getattr(Position, n).__set__ for n in names
        )
        # The slot of attrs' cached hash is not a public name: should another attrs
        # release call it otherwise, fall back to the checked constructors.
        p_hash = Position.__dict__["_attrs_cached_hash"].__set__
        v_passes, v_pending, v_hash = (
            VariantPosition.__dict__[n].__set__ for n in ("passes", "pending", "_attrs_cached_hash")
        )
    except (KeyError, AttributeError):  # pragma: no cover - depends on the attrs release
        return Position, VariantPosition

    def make_position(
        stock: Pile,
        waste: Pile,
        reserve: Pile,
        foundations: tuple[Foundation, ...],
        columns: tuple[Pile, ...],
        fan: int,
    ) -> Position:
        made: Position = new(Position)
        p_stock(made, stock)
        p_waste(made, waste)
        p_reserve(made, reserve)
        p_foundations(made, foundations)
        p_columns(made, columns)
        p_fan(made, fan)
        p_hash(made, None)
        return made

    def make_variant_position(
        stock: Pile,
        waste: Pile,
        reserve: Pile,
        foundations: tuple[Foundation, ...],
        columns: tuple[Pile, ...],
        fan: int,
        passes: int,
    ) -> VariantPosition:
        made: VariantPosition = new(VariantPosition)
        p_stock(made, stock)
        p_waste(made, waste)
        p_reserve(made, reserve)
        p_foundations(made, foundations)
        p_columns(made, columns)
        p_fan(made, fan)
        v_passes(made, passes)
        v_pending(made, ())
        v_hash(made, None)
        return made

    return make_position, make_variant_position


make_position, make_variant_position = _fast_constructors()
