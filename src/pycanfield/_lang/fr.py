"""French.  Pile names follow the French rules text (seed 004): stock, défausse, réserve,
fondations, rang principal.  A no-break space (U+00A0) goes before «:» and «;».
"""

from __future__ import annotations

from .._cards import Card, Rank, Suit
from ._base import Language

NBSP = "\u00a0"

# Each rank: its word and its definite article («l'» before a vowel, «le» before the
# aspirated h of «huit»).
_RANKS: dict[Rank, tuple[str, str]] = {
    Rank.ACE: ("as", "l'"),
    Rank.TWO: ("deux", "le "),
    Rank.THREE: ("trois", "le "),
    Rank.FOUR: ("quatre", "le "),
    Rank.FIVE: ("cinq", "le "),
    Rank.SIX: ("six", "le "),
    Rank.SEVEN: ("sept", "le "),
    Rank.EIGHT: ("huit", "le "),
    Rank.NINE: ("neuf", "le "),
    Rank.TEN: ("dix", "le "),
    Rank.JACK: ("valet", "le "),
    Rank.QUEEN: ("dame", "la "),
    Rank.KING: ("roi", "le "),
}
_SUIT_OF = {
    Suit.SPADES: "pique",
    Suit.HEARTS: "cœur",
    Suit.DIAMONDS: "carreau",
    Suit.CLUBS: "trèfle",
}
_SUITS = {
    Suit.SPADES: "piques",
    Suit.HEARTS: "cœurs",
    Suit.DIAMONDS: "carreaux",
    Suit.CLUBS: "trèfles",
}
# «à le» contracts to «au»; «à la» and «à l'» stay.
_UP_TO = {"le ": "jusqu'au ", "la ": "jusqu'à la ", "l'": "jusqu'à l'"}


def _card(card: Card, role: str) -> str:
    word, article = _RANKS[card.rank]
    name = f"{word} de {_SUIT_OF[card.suit]}"
    if role == "name":
        return name
    if role == "up_to":
        return _UP_TO[article] + name
    if role == "onto":
        return f"sur {article}{name}"
    return f"avec {article}{name}"


LANGUAGE = Language(
    code="fr",
    name="French",
    plural=lambda n: 0 if n <= 1 else 1,
    nouns={"cards": ("carte", "cartes"), "points": ("point", "points")},
    card=_card,
    under=lambda top: "en dessous",
    rank_words={rank: forms[0] for rank, forms in _RANKS.items()},
    suits={
        "plural": _SUITS,
        "empty": {s: f"{w} vides" for s, w in _SUITS.items()},
        "to": {s: f"sur la fondation de {w}" for s, w in _SUIT_OF.items()},
        "from": {s: f"de la fondation de {w}" for s, w in _SUIT_OF.items()},
    },
    text={
        "sep": f"{NBSP}; ",
        "list_sep": ", ",
        "stock": f"stock{NBSP}: {{cards}}",
        "stock_empty": "stock vide",
        "waste": f"défausse{NBSP}: {{cards}}, carte du dessus{NBSP}: {{top}}",
        "waste_fan": (
            f"défausse{NBSP}: {{cards}}, carte du dessus{NBSP}: {{top}}, {{under}}{NBSP}: {{rest}}"
        ),
        "waste_empty": "défausse vide",
        "reserve": f"réserve{NBSP}: {{cards}}, carte du dessus{NBSP}: {{top}}",
        "reserve_empty": "réserve vide",
        "foundations": f"Fondations, rang principal {{base}}{NBSP}: {{piles}}.",
        "foundation": "{suit} {up_to} ({size})",
        "column": f"colonne {{number}}{NBSP}: {{cards}}",
        "column_empty": "colonne {number} vide",
        "move": "{what} {source} {target}{refill}{points}.",
        "from_reserve": "de la réserve",
        "from_waste": "de la défausse",
        "from_column": "de la colonne {number}",
        "onto_column": "{onto} dans la colonne {number}",
        "into_empty": "dans la colonne {number} vide",
        "two": "{first} {second}",
        "run": "{first} à {last} ({cards})",
        "refill": f"{NBSP}; la réserve remplit la colonne {{number}} {{by}}",
        "points": f"{NBSP}; +{{points}}",
        "draw": "{cards} du stock sur la défausse.",
        "recycle": "{cards} de la défausse vers le stock.",
    },
)
