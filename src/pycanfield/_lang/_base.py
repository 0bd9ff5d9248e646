"""What a language module provides to the describer: words, forms and sentence patterns.

Each language is one :class:`Language` value.  The shared logic in
``pycanfield._describe`` only picks patterns and fills them in; everything that depends
on grammar (plural forms, cases, articles, agreement) lives in the language's tables and
in the small functions it passes here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

from .._cards import Card, Rank, Suit

__all__ = ["ROLES", "Language"]

ROLES = ("name", "up_to", "onto", "with", "by")
"""The forms a card name takes in a sentence.

``name``: the bare name, as in a list ("queen of clubs"); ``up_to``: a foundation's top
("up to seven of hearts"); ``onto``: what a card is placed on ("onto the king of hearts");
``with``: the card that travels on top of another ("with the queen of clubs"); ``by``:
the card the reserve fills a column with ("with the queen of spades").
"""

TEMPLATE_KEYS = frozenset(
    {
        "sep",
        "list_sep",
        "stock",
        "stock_empty",
        "waste",
        "waste_fan",
        "waste_empty",
        "reserve",
        "reserve_empty",
        "foundations",
        "foundation",
        "column",
        "column_empty",
        "move",
        "from_reserve",
        "from_waste",
        "from_column",
        "onto_column",
        "into_empty",
        "two",
        "run",
        "refill",
        "points",
        "draw",
        "recycle",
    }
)
"""The sentence patterns every language defines (``str.format`` fields in braces)."""

SUIT_TABLES = frozenset({"plural", "empty", "to", "from"})
"""Per-suit phrases: the suit as a foundation's label, its empty foundation, and the
foundation as a move's target and source."""


def _check(language: Language, attribute: object, value: object) -> None:
    missing = TEMPLATE_KEYS - set(language.text)
    if missing:
        raise ValueError(f"{language.code}: missing patterns {sorted(missing)}")
    for table in SUIT_TABLES:
        if set(language.suits.get(table, {})) != set(Suit):
            raise ValueError(f"{language.code}: suit table {table!r} must cover every suit")
    if set(language.rank_words) != set(Rank):
        raise ValueError(f"{language.code}: rank_words must cover every rank")
    if set(language.nouns) != {"cards", "points"}:
        raise ValueError(f"{language.code}: nouns are 'cards' and 'points'")


@attrs.frozen
class Language:
    """The words and patterns of one language.

    Attributes:
        code: the ISO 639-1 code, such as ``"ru"``.
        name: the language's English name.
        plural: which plural form goes with a number (an index into ``nouns`` values).
        nouns: the counted nouns ``"cards"`` and ``"points"``, one form per plural class.
        card: ``card(card, role)`` names a card in one of the :data:`ROLES`.
        under: the label of the visible waste cards under the top one, which in some
            languages agrees with the top card.
        rank_words: each rank's word, for a base rank that is not a number.
        suits: per-suit phrase tables (see :data:`SUIT_TABLES`).
        text: the sentence patterns (see :data:`TEMPLATE_KEYS`).
    """

    code: str
    name: str
    plural: Callable[[int], int]
    nouns: Mapping[str, tuple[str, ...]]
    card: Callable[[Card, str], str]
    under: Callable[[Card], str]
    rank_words: Mapping[Rank, str]
    suits: Mapping[str, Mapping[Suit, str]]
    text: Mapping[str, str] = attrs.field(validator=_check)

    def count(self, n: int, noun: str = "cards") -> str:
        """``n`` with the right form of ``noun``, such as ``"21 карта"``."""
        return f"{n} {self.nouns[noun][self.plural(n)]}"


def rank_label(language: Language, rank: Rank) -> str:
    """A base rank as the descriptions write it: a number for 2 to 10, else a word."""
    if Rank.TWO <= rank <= Rank.TEN:
        return str(int(rank))
    return language.rank_words[rank]
