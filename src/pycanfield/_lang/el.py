"""Greek.  Written in the style of the Greek rules text (seed 002): numbered cards as
digits ("το 7 κούπα"), the suit after the rank and unchanged, «τη ντάμα» as written there.
"""

from __future__ import annotations

from .._cards import Card, Rank, Suit
from ._base import Language

# Each rank: the accusative article, the nominative and the accusative.
_RANKS: dict[Rank, tuple[str, str, str]] = {
    Rank.ACE: ("τον", "άσος", "άσο"),
    **{rank: ("το", str(int(rank)), str(int(rank))) for rank in Rank if 2 <= rank <= 10},
    Rank.JACK: ("τον", "βαλές", "βαλέ"),
    Rank.QUEEN: ("τη", "ντάμα", "ντάμα"),
    Rank.KING: ("τον", "ρήγας", "ρήγα"),
}
_SUIT_OF = {
    Suit.SPADES: "μπαστούνι",
    Suit.HEARTS: "κούπα",
    Suit.DIAMONDS: "καρό",
    Suit.CLUBS: "σπαθί",
}
_SUITS = {
    Suit.SPADES: "μπαστούνια",
    Suit.HEARTS: "κούπες",
    Suit.DIAMONDS: "καρό",
    Suit.CLUBS: "σπαθιά",
}
_SUITS_OF = {
    Suit.SPADES: "μπαστουνιών",
    Suit.HEARTS: "κουπών",
    Suit.DIAMONDS: "καρό",
    Suit.CLUBS: "σπαθιών",
}
# «κούπες» is feminine, the other three neuter: the adjective agrees.
_EMPTY = {
    Suit.SPADES: "μπαστούνια άδεια",
    Suit.HEARTS: "κούπες άδειες",
    Suit.DIAMONDS: "καρό άδεια",
    Suit.CLUBS: "σπαθιά άδεια",
}


def _card(card: Card, role: str) -> str:
    article, nominative, accusative = _RANKS[card.rank]
    suit = _SUIT_OF[card.suit]
    if role == "name":
        return f"{nominative} {suit}"
    if role == "up_to":
        return f"έως {article} {accusative} {suit}"
    if role == "onto":
        # σε + τον/τη/το fuse into στον/στη/στο.
        return f"πάνω σ{article} {accusative} {suit}"
    return f"με {article} {accusative} {suit}"


LANGUAGE = Language(
    code="el",
    name="Greek",
    plural=lambda n: 0 if n == 1 else 1,
    nouns={"cards": ("φύλλο", "φύλλα"), "points": ("πόντος", "πόντοι")},
    card=_card,
    under=lambda top: "από κάτω",
    rank_words={rank: forms[1] for rank, forms in _RANKS.items()},
    suits={
        "plural": _SUITS,
        "empty": _EMPTY,
        "to": {s: f"στο θεμέλιο των {w}" for s, w in _SUITS_OF.items()},
        "from": {s: f"από το θεμέλιο των {w}" for s, w in _SUITS_OF.items()},
    },
    # The Greek semicolon is the raised dot «·»; «;» would read as a question mark.
    text={
        "sep": "· ",
        "list_sep": ", ",
        "stock": "τράπουλα: {cards}",
        "stock_empty": "τράπουλα άδεια",
        "waste": "στοίβα απόρριψης: {cards}, πάνω: {top}",
        "waste_fan": "στοίβα απόρριψης: {cards}, πάνω: {top}, {under}: {rest}",
        "waste_empty": "στοίβα απόρριψης άδεια",
        "reserve": "εφεδρεία: {cards}, πάνω: {top}",
        "reserve_empty": "εφεδρεία άδεια",
        "foundations": "Θεμέλια, αρχικός βαθμός {base}: {piles}.",
        "foundation": "{suit} {up_to} ({size})",
        "column": "στήλη {number}: {cards}",
        "column_empty": "στήλη {number} άδεια",
        "move": "{what} {source} {target}{refill}{points}.",
        "from_reserve": "από την εφεδρεία",
        "from_waste": "από τη στοίβα απόρριψης",
        "from_column": "από τη στήλη {number}",
        "onto_column": "{onto} στη στήλη {number}",
        "into_empty": "στην άδεια στήλη {number}",
        "two": "{first} {second}",
        "run": "{first} – {last} ({cards})",
        "refill": "· η εφεδρεία γεμίζει τη στήλη {number} {by}",
        "points": "· +{points}",
        "draw": "{cards} από την τράπουλα στη στοίβα απόρριψης.",
        "recycle": "{cards} από τη στοίβα απόρριψης πίσω στην τράπουλα.",
    },
)
