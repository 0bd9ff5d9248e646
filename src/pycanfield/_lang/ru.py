"""Russian.  The reference deal reads exactly as in the Russian rules text (seed 000)."""

from __future__ import annotations

from .._cards import Card, Rank, Suit
from ._base import Language

# Each rank in the nominative, genitive (after «до»), accusative (after «на») and
# instrumental.  «на туз» keeps the inanimate accusative, as the rules text writes it.
_RANKS: dict[Rank, tuple[str, str, str, str]] = {
    Rank.ACE: ("туз", "туза", "туз", "тузом"),
    Rank.TWO: ("двойка", "двойки", "двойку", "двойкой"),
    Rank.THREE: ("тройка", "тройки", "тройку", "тройкой"),
    Rank.FOUR: ("четвёрка", "четвёрки", "четвёрку", "четвёркой"),
    Rank.FIVE: ("пятёрка", "пятёрки", "пятёрку", "пятёркой"),
    Rank.SIX: ("шестёрка", "шестёрки", "шестёрку", "шестёркой"),
    Rank.SEVEN: ("семёрка", "семёрки", "семёрку", "семёркой"),
    Rank.EIGHT: ("восьмёрка", "восьмёрки", "восьмёрку", "восьмёркой"),
    Rank.NINE: ("девятка", "девятки", "девятку", "девяткой"),
    Rank.TEN: ("десятка", "десятки", "десятку", "десяткой"),
    Rank.JACK: ("валет", "валета", "валета", "валетом"),
    Rank.QUEEN: ("дама", "дамы", "даму", "дамой"),
    Rank.KING: ("король", "короля", "короля", "королём"),
}
# A card's suit is the genitive plural of the suit's name and never changes.
_SUIT_OF = {Suit.SPADES: "пик", Suit.HEARTS: "червей", Suit.DIAMONDS: "бубён", Suit.CLUBS: "треф"}
_SUITS = {Suit.SPADES: "пики", Suit.HEARTS: "червы", Suit.DIAMONDS: "бубны", Suit.CLUBS: "трефы"}
_ROLE = {"name": ("", 0), "up_to": ("до ", 1), "onto": ("на ", 2), "with": ("с ", 3), "by": ("", 3)}


def _card(card: Card, role: str) -> str:
    prefix, case = _ROLE[role]
    return f"{prefix}{_RANKS[card.rank][case]} {_SUIT_OF[card.suit]}"


def _plural(n: int) -> int:
    """1, 21, 101 … take the first form; 2-4, 22-24 … the second; the rest, 11-14 among
    them, the third."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


LANGUAGE = Language(
    code="ru",
    name="Russian",
    plural=_plural,
    nouns={"cards": ("карта", "карты", "карт"), "points": ("очко", "очка", "очков")},
    card=_card,
    under=lambda top: "под ней —",
    rank_words={rank: forms[0] for rank, forms in _RANKS.items()},
    suits={
        "plural": _SUITS,
        "empty": {s: f"{w} пусты" for s, w in _SUITS.items()},
        "to": {s: f"на основание {w}" for s, w in _SUIT_OF.items()},
        "from": {s: f"с основания {w}" for s, w in _SUIT_OF.items()},
    },
    text={
        "sep": "; ",
        "list_sep": ", ",
        "stock": "колода: {cards}",
        "stock_empty": "колода пуста",
        "waste": "сброс: {cards}, верхняя — {top}",
        "waste_fan": "сброс: {cards}, верхняя — {top}, {under} {rest}",
        "waste_empty": "сброс пуст",
        "reserve": "резерв: {cards}, верхняя — {top}",
        "reserve_empty": "резерв пуст",
        "foundations": "Основания, начальный ранг {base}: {piles}.",
        "foundation": "{suit} {up_to} ({size})",
        "column": "колонка {number}: {cards}",
        "column_empty": "колонка {number} пуста",
        "move": "{what} {source} {target}{refill}{points}.",
        "from_reserve": "из резерва",
        "from_waste": "из сброса",
        "from_column": "из колонки {number}",
        "onto_column": "{onto} в колонке {number}",
        "into_empty": "в пустую колонку {number}",
        "two": "{first} {second}",
        "run": "{first} — {last} ({cards})",
        "refill": "; резерв заполняет колонку {number} {by}",
        "points": "; +{points}",
        "draw": "{cards} из колоды в сброс.",
        "recycle": "{cards} из сброса обратно в колоду.",
    },
)
