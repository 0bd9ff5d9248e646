"""English.  The start of the reference deal reads exactly as in R33."""

from __future__ import annotations

from .._cards import Card, Rank, Suit
from ._base import Language

_RANKS = {
    Rank.ACE: "ace",
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
}
_SUITS = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}
_PREFIX = {
    "name": "",
    "up_to": "up to ",
    "onto": "onto the ",
    "with": "with the ",
    "by": "with the ",
}


def _card(card: Card, role: str) -> str:
    return f"{_PREFIX[role]}{_RANKS[card.rank]} of {_SUITS[card.suit]}"


LANGUAGE = Language(
    code="en",
    name="English",
    plural=lambda n: 0 if n == 1 else 1,
    nouns={"cards": ("card", "cards"), "points": ("point", "points")},
    card=_card,
    under=lambda top: "under it",
    rank_words=_RANKS,
    suits={
        "plural": _SUITS,
        "empty": {s: f"{w} empty" for s, w in _SUITS.items()},
        "to": {s: f"onto the {w} foundation" for s, w in _SUITS.items()},
        "from": {s: f"from the {w} foundation" for s, w in _SUITS.items()},
    },
    text={
        "sep": "; ",
        "list_sep": ", ",
        "stock": "stock: {cards}",
        "stock_empty": "stock empty",
        "waste": "waste: {cards}, top: {top}",
        "waste_fan": "waste: {cards}, top: {top}, {under}: {rest}",
        "waste_empty": "waste empty",
        "reserve": "reserve: {cards}, top: {top}",
        "reserve_empty": "reserve empty",
        "foundations": "Foundations, base rank {base}: {piles}.",
        "foundation": "{suit} {up_to} ({size})",
        "column": "column {number}: {cards}",
        "column_empty": "column {number} empty",
        "move": "{what} {source} {target}{refill}{points}.",
        "from_reserve": "from the reserve",
        "from_waste": "from the waste",
        "from_column": "from column {number}",
        "onto_column": "{onto} in column {number}",
        "into_empty": "into empty column {number}",
        "two": "{first} {second}",
        "run": "{first} to {last} ({cards})",
        "refill": "; the reserve fills column {number} {by}",
        "points": "; +{points}",
        "draw": "{cards} from the stock onto the waste.",
        "recycle": "{cards} from the waste back into the stock.",
    },
)
