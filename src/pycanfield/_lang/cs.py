"""Czech.  The reference deal reads exactly as in the Czech rules text (seed 001)."""

from __future__ import annotations

from .._cards import Card, Rank, Suit
from ._base import Language

# Each rank: its gender (masculine animate, feminine, neuter), then the nominative,
# accusative (after «až po» and «na») and instrumental.
_RANKS: dict[Rank, tuple[str, str, str, str]] = {
    Rank.ACE: ("n", "eso", "eso", "esem"),
    Rank.TWO: ("f", "dvojka", "dvojku", "dvojkou"),
    Rank.THREE: ("f", "trojka", "trojku", "trojkou"),
    Rank.FOUR: ("f", "čtyřka", "čtyřku", "čtyřkou"),
    Rank.FIVE: ("f", "pětka", "pětku", "pětkou"),
    Rank.SIX: ("f", "šestka", "šestku", "šestkou"),
    Rank.SEVEN: ("f", "sedmička", "sedmičku", "sedmičkou"),
    Rank.EIGHT: ("f", "osmička", "osmičku", "osmičkou"),
    Rank.NINE: ("f", "devítka", "devítku", "devítkou"),
    Rank.TEN: ("f", "desítka", "desítku", "desítkou"),
    Rank.JACK: ("m", "spodek", "spodka", "spodkem"),
    Rank.QUEEN: ("f", "dáma", "dámu", "dámou"),
    Rank.KING: ("m", "král", "krále", "králem"),
}
# The suit is an adjective that agrees with the rank: stem + ending by gender and case.
_STEMS = {Suit.SPADES: "pikov", Suit.HEARTS: "srdcov", Suit.DIAMONDS: "károv", Suit.CLUBS: "křížov"}
_ENDINGS = {"m": ("ý", "ého", "ým"), "f": ("á", "ou", "ou"), "n": ("é", "é", "ým")}
_ROLE = {
    "name": ("", 0),
    "up_to": ("až po ", 1),
    "onto": ("na ", 1),
    "with": ("s ", 2),
    "by": ("", 2),
}
_SUITS = {Suit.SPADES: "piky", Suit.HEARTS: "srdce", Suit.DIAMONDS: "káry", Suit.CLUBS: "kříže"}
# «srdce» is a neuter plural, the other three are not: the adjective agrees.
_EMPTY = {
    Suit.SPADES: "piky prázdné",
    Suit.HEARTS: "srdce prázdná",
    Suit.DIAMONDS: "káry prázdné",
    Suit.CLUBS: "kříže prázdné",
}


def _vocalize(preposition: str, word: str) -> str:
    """«s» and «z» become «se» and «ze» before a word starting with s, z, š or ž."""
    if preposition in ("s ", "z ") and word[:1] in "szšž":
        return preposition[0] + "e "
    return preposition


def _card(card: Card, role: str) -> str:
    prefix, case = _ROLE[role]
    gender, *forms = _RANKS[card.rank]
    adjective = _STEMS[card.suit] + _ENDINGS[gender][case]
    return f"{_vocalize(prefix, adjective)}{adjective} {forms[case]}"


def _under(top: Card) -> str:
    """«pod ní» under a feminine card, «pod ním» under a masculine or neuter one."""
    return "pod ní" if _RANKS[top.rank][0] == "f" else "pod ním"


def _plural(n: int) -> int:
    """1: karta; 2-4: karty; everything else, 0 and 21 or 22 included: karet."""
    if n == 1:
        return 0
    return 1 if 2 <= n <= 4 else 2


LANGUAGE = Language(
    code="cs",
    name="Czech",
    plural=_plural,
    nouns={"cards": ("karta", "karty", "karet"), "points": ("bod", "body", "bodů")},
    card=_card,
    under=_under,
    rank_words={rank: forms[1] for rank, forms in _RANKS.items()},
    suits={
        "plural": _SUITS,
        "empty": _EMPTY,
        "to": {s: f"na {stem}ou základnu" for s, stem in _STEMS.items()},
        "from": {s: f"{_vocalize('z ', stem)}{stem}é základny" for s, stem in _STEMS.items()},
    },
    text={
        "sep": "; ",
        "list_sep": ", ",
        "stock": "balíček: {cards}",
        "stock_empty": "balíček prázdný",
        "waste": "odkládací balíček: {cards}, nahoře: {top}",
        "waste_fan": "odkládací balíček: {cards}, nahoře: {top}, {under}: {rest}",
        "waste_empty": "odkládací balíček prázdný",
        "reserve": "rezerva: {cards}, nahoře: {top}",
        "reserve_empty": "rezerva prázdná",
        "foundations": "Základny, počáteční hodnota {base}: {piles}.",
        "foundation": "{suit} {up_to} ({size})",
        "column": "sloupec {number}: {cards}",
        "column_empty": "sloupec {number} prázdný",
        "move": "{what} {source} {target}{refill}{points}.",
        "from_reserve": "z rezervy",
        "from_waste": "z odkládacího balíčku",
        "from_column": "ze sloupce {number}",
        "onto_column": "{onto} ve sloupci {number}",
        "into_empty": "do prázdného sloupce {number}",
        "two": "{first} {second}",
        "run": "{first} až {last} ({cards})",
        "refill": "; rezerva zaplní sloupec {number} {by}",
        "points": "; +{points}",
        "draw": "{cards} z balíčku na odkládací balíček.",
        "recycle": "{cards} z odkládacího balíčku zpět do balíčku.",
    },
)
