"""Plain-language descriptions of positions and moves (R33), in every supported language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

import builders as b
import pycanfield as cf
from pycanfield._lang import TABLES
from strategies import states

REFERENCE = "CF1-D3-AAAAACL"
OPENING = ("R>2", "R>F", "2>4x2")
SEEDS: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "descriptions.json").read_text("utf-8")
)
NBSP = "\u00a0"


def _reference_states() -> list[cf.GameState]:
    state = cf.deal(REFERENCE)
    seen = [state]
    for text in OPENING:
        state = cf.apply(state, cf.Move.parse(text))
        seen.append(state)
    return seen


START, *_, AFTER = _reference_states()


# -- the reference deal, word for word ----------------------------------------------------


def test_data_file_names_the_opening_of_r29() -> None:
    assert tuple(SEEDS["opening"]) == OPENING
    assert AFTER.score == 5


@pytest.mark.parametrize("lang", sorted(SEEDS["sentences"]))
def test_reference_start_matches_the_rule_texts_r33(lang: str) -> None:
    """R33: the dealt reference position reads exactly as in the rule texts."""
    assert cf.describe(START, lang=lang) == SEEDS["sentences"][lang]["start"]


@pytest.mark.parametrize(
    "lang", sorted(k for k, v in SEEDS["sentences"].items() if "after_opening" in v)
)
def test_reference_after_opening_matches_the_rule_texts_r29_r33(lang: str) -> None:
    """R29, R33: after the three-move opening, word for word."""
    assert cf.describe(AFTER, lang=lang) == SEEDS["sentences"][lang]["after_opening"]


def test_seed_sentences_use_the_exact_characters_r33() -> None:
    """The copied sentences keep their em dash and ё and have no stray blanks."""
    ru = SEEDS["sentences"]["ru"]["start"]
    assert "верхняя \u2014 дама треф" in ru
    assert "до сем\u0451рки червей" in ru
    for entry in SEEDS["sentences"].values():
        for key in ("start", "after_opening"):
            text = entry.get(key, "")
            assert NBSP not in text
            assert "  " not in text


# Languages whose rule text gives no such sentence: the project's own wording, in the
# style of the others (docs/describe.rst).
OWN_WORDING = {
    ("en", "after"): (
        "Stock: 34 cards; waste empty; reserve: 10 cards, top: jack of spades. "
        "Foundations, base rank 7: hearts up to eight of hearts (2), spades empty, "
        "diamonds empty, clubs empty. Column 1: six of clubs; column 2: queen of spades; "
        "column 3: queen of hearts; column 4: ace of spades, king of hearts, queen of clubs."
    ),
    ("el", "start"): (
        "Τράπουλα: 34 φύλλα· στοίβα απόρριψης άδεια· εφεδρεία: 13 φύλλα, πάνω: ντάμα σπαθί. "
        "Θεμέλια, αρχικός βαθμός 7: κούπες έως το 7 κούπα (1), μπαστούνια άδεια, καρό άδεια, "
        "σπαθιά άδεια. Στήλη 1: 6 σπαθί· στήλη 2: ρήγας κούπα· στήλη 3: ντάμα κούπα· "
        "στήλη 4: άσος μπαστούνι."
    ),
    ("el", "after"): (
        "Τράπουλα: 34 φύλλα· στοίβα απόρριψης άδεια· εφεδρεία: 10 φύλλα, πάνω: βαλές "
        "μπαστούνι. Θεμέλια, αρχικός βαθμός 7: κούπες έως το 8 κούπα (2), μπαστούνια άδεια, "
        "καρό άδεια, σπαθιά άδεια. Στήλη 1: 6 σπαθί· στήλη 2: ντάμα μπαστούνι· στήλη 3: ντάμα "
        "κούπα· στήλη 4: άσος μπαστούνι, ρήγας κούπα, ντάμα σπαθί."
    ),
    ("fr", "start"): (
        f"Stock{NBSP}: 34 cartes{NBSP}; défausse vide{NBSP}; réserve{NBSP}: 13 cartes, "
        f"carte du dessus{NBSP}: dame de trèfle. Fondations, rang principal 7{NBSP}: cœurs "
        "jusqu'au sept de cœur (1), piques vides, carreaux vides, trèfles vides. "
        f"Colonne 1{NBSP}: six de trèfle{NBSP}; colonne 2{NBSP}: roi de cœur{NBSP}; "
        f"colonne 3{NBSP}: dame de cœur{NBSP}; colonne 4{NBSP}: as de pique."
    ),
    ("fr", "after"): (
        f"Stock{NBSP}: 34 cartes{NBSP}; défausse vide{NBSP}; réserve{NBSP}: 10 cartes, "
        f"carte du dessus{NBSP}: valet de pique. Fondations, rang principal 7{NBSP}: cœurs "
        "jusqu'au huit de cœur (2), piques vides, carreaux vides, trèfles vides. "
        f"Colonne 1{NBSP}: six de trèfle{NBSP}; colonne 2{NBSP}: dame de pique{NBSP}; "
        f"colonne 3{NBSP}: dame de cœur{NBSP}; colonne 4{NBSP}: as de pique, roi de cœur, "
        "dame de trèfle."
    ),
}


@pytest.mark.parametrize(("lang", "when"), sorted(OWN_WORDING))
def test_reference_in_the_other_languages_r33(lang: str, when: str) -> None:
    """R33 in the languages the rule texts leave without a sentence."""
    chosen = START if when == "start" else AFTER
    assert cf.describe(chosen, lang=lang) == OWN_WORDING[lang, when]


def test_every_language_has_both_reference_sentences() -> None:
    for lang in cf.LANGUAGES:
        covered = {
            when
            for when in ("start", "after")
            if (lang, when) in OWN_WORDING
            or ("start" if when == "start" else "after_opening") in SEEDS["sentences"].get(lang, {})
        }
        assert covered == {"start", "after"}, lang


OPENING_MOVES = {
    "en": (
        "Queen of clubs from the reserve onto the king of hearts in column 2.",
        "Eight of hearts from the reserve onto the hearts foundation; +5 points.",
        "King of hearts with the queen of clubs from column 2 onto the ace of spades in "
        "column 4; the reserve fills column 2 with the queen of spades.",
    ),
    "ru": (
        "Дама треф из резерва на короля червей в колонке 2.",
        "Восьмёрка червей из резерва на основание червей; +5 очков.",
        "Король червей с дамой треф из колонки 2 на туз пик в колонке 4; резерв заполняет "
        "колонку 2 дамой пик.",
    ),
    "cs": (
        "Křížová dáma z rezervy na srdcového krále ve sloupci 2.",
        "Srdcová osmička z rezervy na srdcovou základnu; +5 bodů.",
        "Srdcový král s křížovou dámou ze sloupce 2 na pikové eso ve sloupci 4; rezerva "
        "zaplní sloupec 2 pikovou dámou.",
    ),
    "el": (
        "Ντάμα σπαθί από την εφεδρεία πάνω στον ρήγα κούπα στη στήλη 2.",
        "8 κούπα από την εφεδρεία στο θεμέλιο των κουπών· +5 πόντοι.",
        "Ρήγας κούπα με τη ντάμα σπαθί από τη στήλη 2 πάνω στον άσο μπαστούνι στη στήλη 4· "
        "η εφεδρεία γεμίζει τη στήλη 2 με τη ντάμα μπαστούνι.",
    ),
    "fr": (
        "Dame de trèfle de la réserve sur le roi de cœur dans la colonne 2.",
        f"Huit de cœur de la réserve sur la fondation de cœur{NBSP}; +5 points.",
        "Roi de cœur avec la dame de trèfle de la colonne 2 sur l'as de pique dans la "
        f"colonne 4{NBSP}; la réserve remplit la colonne 2 avec la dame de pique.",
    ),
}


@pytest.mark.parametrize("lang", sorted(OPENING_MOVES))
def test_describe_move_through_the_opening_r16_r29_r30(lang: str) -> None:
    """The opening's three moves: a move, 5 points (R30), a refill (R16)."""
    seen = _reference_states()
    got = tuple(
        cf.describe_move(before, cf.Move.parse(text), lang=lang)
        for before, text in zip(seen[:3], OPENING, strict=True)
    )
    assert got == OPENING_MOVES[lang]


def test_opening_move_words_match_the_rule_texts_r29() -> None:
    """The third move as the Russian and Czech rule texts tell it: the same cards, in
    the same cases (instrumental for the card the reserve fills in with)."""
    ru, cs = OPENING_MOVES["ru"][2], OPENING_MOVES["cs"][2]
    assert "дамой треф" in ru
    assert "на туз пик" in ru
    assert "дамой пик" in ru
    assert "s křížovou dámou" in cs
    assert "na pikové eso" in cs
    assert "pikovou dámou" in cs


# -- plural forms -------------------------------------------------------------------------

COUNTS = (1, 2, 5, 11, 21, 22, 25)
# Written out by hand for 1, 2, 5, 11, 21, 22, 25 cards.
CARD_WORDS = {
    "en": ("card", "cards", "cards", "cards", "cards", "cards", "cards"),
    "ru": ("карта", "карты", "карт", "карт", "карта", "карты", "карт"),
    "cs": ("karta", "karty", "karet", "karet", "karet", "karet", "karet"),
    "el": ("φύλλο", "φύλλα", "φύλλα", "φύλλα", "φύλλα", "φύλλα", "φύλλα"),
    "fr": ("carte", "cartes", "cartes", "cartes", "cartes", "cartes", "cartes"),
}
POINT_WORDS = {
    "en": ("point", "points", "points", "points", "points", "points", "points"),
    "ru": ("очко", "очка", "очков", "очков", "очко", "очка", "очков"),
    "cs": ("bod", "body", "bodů", "bodů", "bodů", "bodů", "bodů"),
    "el": ("πόντος", "πόντοι", "πόντοι", "πόντοι", "πόντοι", "πόντοι", "πόντοι"),
    "fr": ("point", "points", "points", "points", "points", "points", "points"),
}
# How each language opens the stock, waste and reserve parts when they hold cards.
PILE_OPENINGS = {
    "en": ("Stock: ", "waste: ", "reserve: "),
    "ru": ("Колода: ", "сброс: ", "резерв: "),
    "cs": ("Balíček: ", "odkládací balíček: ", "rezerva: "),
    "el": ("Τράπουλα: ", "στοίβα απόρριψης: ", "εφεδρεία: "),
    "fr": (f"Stock{NBSP}: ", f"défausse{NBSP}: ", f"réserve{NBSP}: "),
}
LOW_CARDS = " ".join(str(c) for c in cf.PACK[:25])


def _cards(n: int) -> str:
    return " ".join(LOW_CARDS.split()[:n])


@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
@pytest.mark.parametrize("pile", ["stock", "waste", "reserve"])
def test_card_counts_take_the_right_plural_form_r6(lang: str, pile: str) -> None:
    """R6: the reserve's size is always told; so are the stock's and the waste's, each
    count with the plural form its number asks for (Russian 1/2-4/5+ with 11-14 apart,
    Czech 1/2-4/5+, Greek and English 1/other, French 0-1/other)."""
    opening = PILE_OPENINGS[lang][("stock", "waste", "reserve").index(pile)]
    for n, word in zip(COUNTS, CARD_WORDS[lang], strict=True):
        piles: dict[str, Any] = {pile: _cards(n), "columns": ["KD"] * 4}
        text = cf.describe(b.position(**piles), lang=lang)
        # The word must end there: «карт» is not «карты».
        assert re.search(re.escape(f"{opening}{n} {word}") + r"(?!\w)", text), (n, text)


@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
def test_counted_nouns_for_cards_and_points(lang: str) -> None:
    language = TABLES[lang]
    for n, card_word, point_word in zip(COUNTS, CARD_WORDS[lang], POINT_WORDS[lang], strict=True):
        assert language.count(n) == f"{n} {card_word}"
        assert language.count(n, "points") == f"{n} {point_word}"


def test_zero_and_teens_r6() -> None:
    """French counts 0 in the singular; Russian 111-114 like 11-14, 101 like 1."""
    assert TABLES["fr"].count(0) == "0 carte"
    assert TABLES["en"].count(0) == "0 cards"
    assert TABLES["cs"].count(0) == "0 karet"
    assert [TABLES["ru"].count(n) for n in (101, 111, 112, 114, 123)] == [
        "101 карта",
        "111 карт",
        "112 карт",
        "114 карт",
        "123 карты",
    ]


@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
def test_draw_and_recycle_counts_r18_r19(lang: str) -> None:
    """R18, R19: a draw and a recycle say how many cards they turn."""
    for n, word in zip(COUNTS, CARD_WORDS[lang], strict=True):
        recycle = cf.describe_move(
            b.state(waste=_cards(n), columns=["KD"] * 4), cf.RECYCLE, lang=lang
        )
        assert recycle.startswith(f"{n} {word} "), recycle
    for n, word in zip((1, 2), CARD_WORDS[lang][:2], strict=True):
        draw = cf.describe_move(b.state(stock=_cards(n), columns=["KD"] * 4), cf.DRAW, lang=lang)
        assert draw.startswith(f"{n} {word} "), draw


# -- every case of every pile -------------------------------------------------------------

# Stock of 2; waste of 5 with the last three drawn still fanned (R21); reserve empty;
# foundations from base rank queen: diamonds full (R10), spades 3, hearts empty, clubs 1;
# a column of four, an empty column (R17), and two single cards.
EVERY_PILE = b.state(
    stock="2C 3C",
    waste="4H 2S 6C 5S JC",
    fan=3,
    columns=["9C 8H 7S 6H", "", "TH", "KH"],
    base="QD",
    sizes={"D": 13, "S": 3, "H": 0, "C": 1},
)
EVERY_PILE_TEXT = {
    "en": (
        "Stock: 2 cards; waste: 5 cards, top: jack of clubs, under it: five of spades, "
        "six of clubs; reserve empty. Foundations, base rank queen: diamonds up to jack of "
        "diamonds (13), spades up to ace of spades (3), hearts empty, clubs up to queen of "
        "clubs (1). Column 1: nine of clubs, eight of hearts, seven of spades, six of hearts; "
        "column 2 empty; column 3: ten of hearts; column 4: king of hearts."
    ),
    "ru": (
        "Колода: 2 карты; сброс: 5 карт, верхняя — валет треф, под ней — пятёрка пик, "
        "шестёрка треф; резерв пуст. Основания, начальный ранг дама: бубны до валета бубён "
        "(13), пики до туза пик (3), червы пусты, трефы до дамы треф (1). Колонка 1: девятка "
        "треф, восьмёрка червей, семёрка пик, шестёрка червей; колонка 2 пуста; колонка 3: "
        "десятка червей; колонка 4: король червей."
    ),
    "cs": (
        "Balíček: 2 karty; odkládací balíček: 5 karet, nahoře: křížový spodek, pod ním: "
        "piková pětka, křížová šestka; rezerva prázdná. Základny, počáteční hodnota dáma: "
        "káry až po kárového spodka (13), piky až po pikové eso (3), srdce prázdná, kříže až "
        "po křížovou dámu (1). Sloupec 1: křížová devítka, srdcová osmička, piková sedmička, "
        "srdcová šestka; sloupec 2 prázdný; sloupec 3: srdcová desítka; sloupec 4: srdcový "
        "král."
    ),
    "el": (
        "Τράπουλα: 2 φύλλα· στοίβα απόρριψης: 5 φύλλα, πάνω: βαλές σπαθί, από κάτω: "
        "5 μπαστούνι, 6 σπαθί· εφεδρεία άδεια. Θεμέλια, αρχικός βαθμός ντάμα: καρό έως τον "
        "βαλέ καρό (13), μπαστούνια έως τον άσο μπαστούνι (3), κούπες άδειες, σπαθιά έως τη "
        "ντάμα σπαθί (1). Στήλη 1: 9 σπαθί, 8 κούπα, 7 μπαστούνι, 6 κούπα· στήλη 2 άδεια· "
        "στήλη 3: 10 κούπα· στήλη 4: ρήγας κούπα."
    ),
    "fr": (
        f"Stock{NBSP}: 2 cartes{NBSP}; défausse{NBSP}: 5 cartes, carte du dessus{NBSP}: "
        f"valet de trèfle, en dessous{NBSP}: cinq de pique, six de trèfle{NBSP}; réserve "
        f"vide. Fondations, rang principal dame{NBSP}: carreaux jusqu'au valet de carreau "
        "(13), piques jusqu'à l'as de pique (3), cœurs vides, trèfles jusqu'à la dame de "
        f"trèfle (1). Colonne 1{NBSP}: neuf de trèfle, huit de cœur, sept de pique, six de "
        f"cœur{NBSP}; colonne 2 vide{NBSP}; colonne 3{NBSP}: dix de cœur{NBSP}; "
        f"colonne 4{NBSP}: roi de cœur."
    ),
}


@pytest.mark.parametrize("lang", sorted(EVERY_PILE_TEXT))
def test_every_pile_case_r10_r17_r21(lang: str) -> None:
    """A fanned waste (R21), an empty reserve and column (R17), a full foundation (R10),
    an empty one and a face-card base rank, in one position."""
    assert cf.describe(EVERY_PILE, lang=lang) == EVERY_PILE_TEXT[lang]


# The other cases of each pile, as the part of the description they give.
PILE_CASES: dict[str, tuple[dict[str, Any], dict[str, str]]] = {
    "empty stock and waste": (
        {"columns": ["KD"] * 4},
        {
            "en": "Stock empty; waste empty; reserve empty.",
            "ru": "Колода пуста; сброс пуст; резерв пуст.",
            "cs": "Balíček prázdný; odkládací balíček prázdný; rezerva prázdná.",
            "el": "Τράπουλα άδεια· στοίβα απόρριψης άδεια· εφεδρεία άδεια.",
            "fr": f"Stock vide{NBSP}; défausse vide{NBSP}; réserve vide.",
        },
    ),
    "waste with only its top shown": (
        {"waste": "4H 2S 6C", "reserve": "AD", "columns": ["KD"] * 4},
        {
            "en": "waste: 3 cards, top: six of clubs; reserve: 1 card, top: ace of diamonds.",
            "ru": "сброс: 3 карты, верхняя — шестёрка треф; резерв: 1 карта, верхняя — туз бубён.",
            "cs": "odkládací balíček: 3 karty, nahoře: křížová šestka; rezerva: 1 karta, "
            "nahoře: kárové eso.",
            "el": "στοίβα απόρριψης: 3 φύλλα, πάνω: 6 σπαθί· εφεδρεία: 1 φύλλο, πάνω: άσος καρό.",
            "fr": f"défausse{NBSP}: 3 cartes, carte du dessus{NBSP}: six de trèfle{NBSP}; "
            f"réserve{NBSP}: 1 carte, carte du dessus{NBSP}: as de carreau.",
        },
    ),
    "fan of two under a feminine card": (
        {"waste": "4H 2S 6C", "fan": 2, "columns": ["KD"] * 4},
        {
            "en": "waste: 3 cards, top: six of clubs, under it: two of spades;",
            "ru": "сброс: 3 карты, верхняя — шестёрка треф, под ней — двойка пик;",
            "cs": "odkládací balíček: 3 karty, nahoře: křížová šestka, pod ní: piková dvojka;",
            "el": "στοίβα απόρριψης: 3 φύλλα, πάνω: 6 σπαθί, από κάτω: 2 μπαστούνι·",
            "fr": f"défausse{NBSP}: 3 cartes, carte du dessus{NBSP}: six de trèfle, "
            f"en dessous{NBSP}: deux de pique{NBSP};",
        },
    ),
    "taken-back base card": (
        {"columns": ["KD"] * 4, "sizes": {"H": 0}},
        {
            "en": "Foundations, base rank 7: hearts empty, spades empty, diamonds empty, "
            "clubs empty.",
            "ru": "Основания, начальный ранг 7: червы пусты, пики пусты, бубны пусты, трефы пусты.",
            "cs": "Základny, počáteční hodnota 7: srdce prázdná, piky prázdné, káry prázdné, "
            "kříže prázdné.",
            "el": "Θεμέλια, αρχικός βαθμός 7: κούπες άδειες, μπαστούνια άδεια, καρό άδεια, "
            "σπαθιά άδεια.",
            "fr": f"Fondations, rang principal 7{NBSP}: cœurs vides, piques vides, carreaux "
            "vides, trèfles vides.",
        },
    ),
    "four full foundations, empty columns": (
        {"base": "AS", "sizes": b.FULL},
        {
            "en": "Foundations, base rank ace: spades up to king of spades (13), hearts up to "
            "king of hearts (13), diamonds up to king of diamonds (13), clubs up to king of "
            "clubs (13). Column 1 empty; column 2 empty; column 3 empty; column 4 empty.",
            "ru": "Основания, начальный ранг туз: пики до короля пик (13), червы до короля "
            "червей (13), бубны до короля бубён (13), трефы до короля треф (13). Колонка 1 "
            "пуста; колонка 2 пуста; колонка 3 пуста; колонка 4 пуста.",
            "cs": "Základny, počáteční hodnota eso: piky až po pikového krále (13), srdce až po "
            "srdcového krále (13), káry až po kárového krále (13), kříže až po křížového "
            "krále (13). Sloupec 1 prázdný; sloupec 2 prázdný; sloupec 3 prázdný; sloupec 4 "
            "prázdný.",
            "el": "Θεμέλια, αρχικός βαθμός άσος: μπαστούνια έως τον ρήγα μπαστούνι (13), "
            "κούπες έως τον ρήγα κούπα (13), καρό έως τον ρήγα καρό (13), σπαθιά έως τον "
            "ρήγα σπαθί (13). Στήλη 1 άδεια· στήλη 2 άδεια· στήλη 3 άδεια· στήλη 4 άδεια.",
            "fr": f"Fondations, rang principal as{NBSP}: piques jusqu'au roi de pique (13), "
            "cœurs jusqu'au roi de cœur (13), carreaux jusqu'au roi de carreau (13), "
            f"trèfles jusqu'au roi de trèfle (13). Colonne 1 vide{NBSP}; colonne 2 "
            f"vide{NBSP}; colonne 3 vide{NBSP}; colonne 4 vide.",
        },
    ),
}


@pytest.mark.parametrize("case", sorted(PILE_CASES))
@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
def test_pile_cases_r10_r17_r21_r22(case: str, lang: str) -> None:
    """Empty piles, a one-card pile, a fan of two (R21), a base card taken back (R22),
    full foundations (R10, R23) and empty columns (R17)."""
    piles, expected = PILE_CASES[case]
    assert expected[lang] in cf.describe(b.position(**piles), lang=lang)


BASE_RANKS = {
    "en": ("ace", "2", "10", "jack", "queen", "king"),
    "ru": ("туз", "2", "10", "валет", "дама", "король"),
    "cs": ("eso", "2", "10", "spodek", "dáma", "král"),
    "el": ("άσος", "2", "10", "βαλές", "ντάμα", "ρήγας"),
    "fr": ("as", "2", "10", "valet", "dame", "roi"),
}


@pytest.mark.parametrize("lang", sorted(BASE_RANKS))
def test_base_rank_is_a_number_or_a_word_r7(lang: str) -> None:
    """R7: the base rank is written as a number from 2 to 10, as a word otherwise."""
    label = {
        "en": "base rank",
        "ru": "начальный ранг",
        "cs": "počáteční hodnota",
        "el": "αρχικός βαθμός",
        "fr": "rang principal",
    }[lang]
    for base, word in zip(("AS", "2S", "TS", "JS", "QS", "KS"), BASE_RANKS[lang], strict=True):
        text = cf.describe(b.position(base=base, columns=["KD"] * 4), lang=lang)
        assert f"{label} {word}{NBSP if lang == 'fr' else ''}:" in text


# -- moves --------------------------------------------------------------------------------

MOVE_CASES: dict[str, tuple[dict[str, Any], int, str, dict[str, str]]] = {
    "draw three": (
        {"stock": "2C 3C 4C 5C 6C"},
        3,
        "draw",
        {
            "en": "3 cards from the stock onto the waste.",
            "ru": "3 карты из колоды в сброс.",
            "cs": "3 karty z balíčku na odkládací balíček.",
            "el": "3 φύλλα από την τράπουλα στη στοίβα απόρριψης.",
            "fr": "3 cartes du stock sur la défausse.",
        },
    ),
    "draw what is left": (
        {"stock": "2C 3C"},
        3,
        "draw",
        {
            "en": "2 cards from the stock onto the waste.",
            "ru": "2 карты из колоды в сброс.",
            "cs": "2 karty z balíčku na odkládací balíček.",
            "el": "2 φύλλα από την τράπουλα στη στοίβα απόρριψης.",
            "fr": "2 cartes du stock sur la défausse.",
        },
    ),
    "draw one": (
        {"stock": "2C 3C 4C 5C 6C"},
        1,
        "draw",
        {
            "en": "1 card from the stock onto the waste.",
            "ru": "1 карта из колоды в сброс.",
            "cs": "1 karta z balíčku na odkládací balíček.",
            "el": "1 φύλλο από την τράπουλα στη στοίβα απόρριψης.",
            "fr": "1 carte du stock sur la défausse.",
        },
    ),
    "recycle": (
        {"waste": "2C 3C 4C 5C 6C"},
        3,
        "recycle",
        {
            "en": "5 cards from the waste back into the stock.",
            "ru": "5 карт из сброса обратно в колоду.",
            "cs": "5 karet z odkládacího balíčku zpět do balíčku.",
            "el": "5 φύλλα από τη στοίβα απόρριψης πίσω στην τράπουλα.",
            "fr": "5 cartes de la défausse vers le stock.",
        },
    ),
    "waste to foundation": (
        {"waste": "2C 7S", "columns": ["6C", "KH", "QH", "AS"], "reserve": "5C"},
        3,
        "W>F",
        {
            "en": "Seven of spades from the waste onto the spades foundation; +5 points.",
            "ru": "Семёрка пик из сброса на основание пик; +5 очков.",
            "cs": "Piková sedmička z odkládacího balíčku na pikovou základnu; +5 bodů.",
            "el": "7 μπαστούνι από τη στοίβα απόρριψης στο θεμέλιο των μπαστουνιών· +5 πόντοι.",
            "fr": f"Sept de pique de la défausse sur la fondation de pique{NBSP}; +5 points.",
        },
    ),
    "column to foundation": (
        {"columns": ["6C", "KH 7S", "QH", "AS"], "reserve": "5C"},
        3,
        "2>F",
        {
            "en": "Seven of spades from column 2 onto the spades foundation; +5 points.",
            "ru": "Семёрка пик из колонки 2 на основание пик; +5 очков.",
            "cs": "Piková sedmička ze sloupce 2 na pikovou základnu; +5 bodů.",
            "el": "7 μπαστούνι από τη στήλη 2 στο θεμέλιο των μπαστουνιών· +5 πόντοι.",
            "fr": f"Sept de pique de la colonne 2 sur la fondation de pique{NBSP}; +5 points.",
        },
    ),
    "column to foundation, refill": (
        {"columns": ["6C", "7S", "QH", "AS"], "reserve": "5C JS"},
        3,
        "2>F",
        {
            "en": "Seven of spades from column 2 onto the spades foundation; the reserve "
            "fills column 2 with the jack of spades; +5 points.",
            "ru": "Семёрка пик из колонки 2 на основание пик; резерв заполняет колонку 2 "
            "валетом пик; +5 очков.",
            "cs": "Piková sedmička ze sloupce 2 na pikovou základnu; rezerva zaplní sloupec 2 "
            "pikovým spodkem; +5 bodů.",
            "el": "7 μπαστούνι από τη στήλη 2 στο θεμέλιο των μπαστουνιών· η εφεδρεία γεμίζει "
            "τη στήλη 2 με τον βαλέ μπαστούνι· +5 πόντοι.",
            "fr": f"Sept de pique de la colonne 2 sur la fondation de pique{NBSP}; la réserve "
            f"remplit la colonne 2 avec le valet de pique{NBSP}; +5 points.",
        },
    ),
    "waste to column": (
        {"waste": "2C JC", "columns": ["6C", "KH", "QH", "AS"], "reserve": "5C"},
        3,
        "W>3",
        {
            "en": "Jack of clubs from the waste onto the queen of hearts in column 3.",
            "ru": "Валет треф из сброса на даму червей в колонке 3.",
            "cs": "Křížový spodek z odkládacího balíčku na srdcovou dámu ve sloupci 3.",
            "el": "Βαλές σπαθί από τη στοίβα απόρριψης πάνω στη ντάμα κούπα στη στήλη 3.",
            "fr": "Valet de trèfle de la défausse sur la dame de cœur dans la colonne 3.",
        },
    ),
    "waste to empty column": (
        {"waste": "2C JC", "columns": ["6C", "", "QH", "AS"]},
        3,
        "W>2",
        {
            "en": "Jack of clubs from the waste into empty column 2.",
            "ru": "Валет треф из сброса в пустую колонку 2.",
            "cs": "Křížový spodek z odkládacího balíčku do prázdného sloupce 2.",
            "el": "Βαλές σπαθί από τη στοίβα απόρριψης στην άδεια στήλη 2.",
            "fr": "Valet de trèfle de la défausse dans la colonne 2 vide.",
        },
    ),
    "reserve onto an ace": (
        {"columns": ["6C", "KH", "QH", "AD"], "reserve": "5C KS"},
        3,
        "R>4",
        {
            "en": "King of spades from the reserve onto the ace of diamonds in column 4.",
            "ru": "Король пик из резерва на туз бубён в колонке 4.",
            "cs": "Pikový král z rezervy na kárové eso ve sloupci 4.",
            "el": "Ρήγας μπαστούνι από την εφεδρεία πάνω στον άσο καρό στη στήλη 4.",
            "fr": "Roi de pique de la réserve sur l'as de carreau dans la colonne 4.",
        },
    ),
    "column to column, refill": (
        {"columns": ["5H", "KH", "QH", "6S"], "reserve": "5C JS"},
        3,
        "1>4",
        {
            "en": "Five of hearts from column 1 onto the six of spades in column 4; the "
            "reserve fills column 1 with the jack of spades.",
            "ru": "Пятёрка червей из колонки 1 на шестёрку пик в колонке 4; резерв заполняет "
            "колонку 1 валетом пик.",
            "cs": "Srdcová pětka ze sloupce 1 na pikovou šestku ve sloupci 4; rezerva zaplní "
            "sloupec 1 pikovým spodkem.",
            "el": "5 κούπα από τη στήλη 1 πάνω στο 6 μπαστούνι στη στήλη 4· η εφεδρεία γεμίζει "
            "τη στήλη 1 με τον βαλέ μπαστούνι.",
            "fr": "Cinq de cœur de la colonne 1 sur le six de pique dans la colonne "
            f"4{NBSP}; la réserve remplit la colonne 1 avec le valet de pique.",
        },
    ),
    "run of five, refill": (
        {"columns": ["9C 8H 7S 6H 5C", "2S", "TH", "AS"], "reserve": "4D"},
        3,
        "1>3x5",
        {
            "en": "Nine of clubs to five of clubs (5 cards) from column 1 onto the ten of "
            "hearts in column 3; the reserve fills column 1 with the four of diamonds.",
            "ru": "Девятка треф — пятёрка треф (5 карт) из колонки 1 на десятку червей в "
            "колонке 3; резерв заполняет колонку 1 четвёркой бубён.",
            "cs": "Křížová devítka až křížová pětka (5 karet) ze sloupce 1 na srdcovou desítku "
            "ve sloupci 3; rezerva zaplní sloupec 1 károvou čtyřkou.",
            "el": "9 σπαθί – 5 σπαθί (5 φύλλα) από τη στήλη 1 πάνω στο 10 κούπα στη στήλη 3· "
            "η εφεδρεία γεμίζει τη στήλη 1 με το 4 καρό.",
            "fr": "Neuf de trèfle à cinq de trèfle (5 cartes) de la colonne 1 sur le dix de "
            f"cœur dans la colonne 3{NBSP}; la réserve remplit la colonne 1 avec le quatre "
            "de carreau.",
        },
    ),
    "run into an empty column": (
        {"columns": ["KS 9C 8H 7S", "", "TH", "AS"]},
        3,
        "1>2x3",
        {
            "en": "Nine of clubs to seven of spades (3 cards) from column 1 into empty column 2.",
            "ru": "Девятка треф — семёрка пик (3 карты) из колонки 1 в пустую колонку 2.",
            "cs": "Křížová devítka až piková sedmička (3 karty) ze sloupce 1 do prázdného "
            "sloupce 2.",
            "el": "9 σπαθί – 7 μπαστούνι (3 φύλλα) από τη στήλη 1 στην άδεια στήλη 2.",
            "fr": "Neuf de trèfle à sept de pique (3 cartes) de la colonne 1 dans la colonne "
            "2 vide.",
        },
    ),
    "two cards with an ace": (
        {"columns": ["2D AS", "3C", "QH", "9D"], "reserve": "5C"},
        3,
        "1>2x2",
        {
            "en": "Two of diamonds with the ace of spades from column 1 onto the three of "
            "clubs in column 2; the reserve fills column 1 with the five of clubs.",
            "ru": "Двойка бубён с тузом пик из колонки 1 на тройку треф в колонке 2; резерв "
            "заполняет колонку 1 пятёркой треф.",
            "cs": "Kárová dvojka s pikovým esem ze sloupce 1 na křížovou trojku ve sloupci 2; "
            "rezerva zaplní sloupec 1 křížovou pětkou.",
            "el": "2 καρό με τον άσο μπαστούνι από τη στήλη 1 πάνω στο 3 σπαθί στη στήλη 2· "
            "η εφεδρεία γεμίζει τη στήλη 1 με το 5 σπαθί.",
            "fr": "Deux de carreau avec l'as de pique de la colonne 1 sur le trois de trèfle "
            f"dans la colonne 2{NBSP}; la réserve remplit la colonne 1 avec le cinq de "
            "trèfle.",
        },
    ),
    "take-back onto a card": (
        {"columns": ["6C", "9S", "QH", "AS"], "reserve": "5C", "sizes": {"H": 2}},
        3,
        "FH>2",
        {
            "en": "Eight of hearts from the hearts foundation onto the nine of spades in column 2.",
            "ru": "Восьмёрка червей с основания червей на девятку пик в колонке 2.",
            "cs": "Srdcová osmička ze srdcové základny na pikovou devítku ve sloupci 2.",
            "el": "8 κούπα από το θεμέλιο των κουπών πάνω στο 9 μπαστούνι στη στήλη 2.",
            "fr": "Huit de cœur de la fondation de cœur sur le neuf de pique dans la colonne 2.",
        },
    ),
    "take-back of the base card into an empty column": (
        {"columns": ["6C", "", "QH", "AS"]},
        3,
        "FH>2",
        {
            "en": "Seven of hearts from the hearts foundation into empty column 2.",
            "ru": "Семёрка червей с основания червей в пустую колонку 2.",
            "cs": "Srdcová sedmička ze srdcové základny do prázdného sloupce 2.",
            "el": "7 κούπα από το θεμέλιο των κουπών στην άδεια στήλη 2.",
            "fr": "Sept de cœur de la fondation de cœur dans la colonne 2 vide.",
        },
    ),
}


@pytest.mark.parametrize("case", sorted(MOVE_CASES))
@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
def test_describe_move_of_every_kind_r16_r18_r19_r22_r30(case: str, lang: str) -> None:
    """Every kind of move: draws and recycles (R18, R19), moves to the foundations with
    their points (R30), to a card or an empty column (R12, R13, R17), runs (R14),
    take-backs (R22) and the reserve's refill (R16)."""
    piles, draw, notation, expected = MOVE_CASES[case]
    before = b.state(draw=draw, **piles)
    assert cf.describe_move(before, cf.Move.parse(notation), lang=lang) == expected[lang]


def test_czech_prepositions_take_their_vowel() -> None:
    """«s» and «z» become «se» and «ze» before a word starting with s: «se srdcovou»,
    «ze srdcové», but «s křížovou», «z pikové»."""
    two = b.state(columns=["7C 6H", "8D", "QH", "AS"], reserve="5C")
    assert cf.describe_move(two, cf.Move.parse("1>2x2"), lang="cs") == (
        "Křížová sedmička se srdcovou šestkou ze sloupce 1 na károvou osmičku ve sloupci 2; "
        "rezerva zaplní sloupec 1 křížovou pětkou."
    )
    back = b.state(columns=["6C", "8D", "QH", "AS"], reserve="5C", sizes={"H": 1, "S": 1})
    assert "z pikové základny" in cf.describe_move(back, cf.Move.parse("FS>2"), lang="cs")
    assert "ze srdcové základny" in cf.describe_move(
        b.state(columns=["6C", "8S", "QH", "AS"], reserve="5C", sizes={"H": 1}),
        cf.Move.parse("FH>2"),
        lang="cs",
    )


def test_czech_fan_label_agrees_with_the_top_card_r21() -> None:
    """R21: «pod ní» under a feminine card, «pod ním» under a masculine or neuter one."""
    for waste, label in (("2S 6C", "pod ní"), ("2S KC", "pod ním"), ("2S AH", "pod ním")):
        pos = b.position(waste=waste, fan=2, columns=["KD"] * 4)
        assert f", {label}: piková dvojka;" in cf.describe(pos, lang="cs")


# -- errors and types ---------------------------------------------------------------------


def test_unknown_language_lists_the_supported_ones() -> None:
    with pytest.raises(cf.OptionError) as info:
        cf.describe(START, lang="de")
    assert isinstance(info.value, ValueError)
    assert "'de'" in str(info.value)
    for code in ("en", "ru", "cs", "el", "fr"):
        assert code in str(info.value)
    with pytest.raises(cf.OptionError):
        cf.describe_move(START, cf.DRAW, lang="")
    with pytest.raises(cf.OptionError):
        cf.describe_card("QC", lang="english")


def test_language_codes_ignore_case_and_blanks() -> None:
    assert cf.describe(START, lang=" RU ") == cf.describe(START, lang="ru")
    assert cf.LANGUAGES == ("en", "ru", "cs", "el", "fr")


def test_wrong_types_raise_the_library_error() -> None:
    with pytest.raises(cf.WrongTypeError):
        cf.describe(START, lang=7)  # type: ignore[arg-type]
    with pytest.raises(cf.WrongTypeError):
        cf.describe("CF1-D3-AAAAACL")  # type: ignore[arg-type]
    with pytest.raises(cf.WrongTypeError):
        cf.describe_move(START.position, cf.DRAW)  # type: ignore[arg-type]
    with pytest.raises(cf.WrongTypeError):
        cf.describe_move(START, "R>2")  # type: ignore[arg-type]
    with pytest.raises(cf.CardParseError):
        cf.describe_card("XX")


def test_an_illegal_move_is_refused_with_its_rule_r9() -> None:
    with pytest.raises(cf.IllegalMoveError) as info:
        cf.describe_move(START, cf.Move.parse("4>F"), lang="ru")
    assert info.value.rule == "R9"


def test_describe_accepts_a_position_and_leaves_the_state_alone() -> None:
    before = cf.deal(REFERENCE)
    assert cf.describe(before.position, lang="cs") == cf.describe(before, lang="cs")
    cf.describe_move(before, cf.Move.parse("R>2"))
    assert before == cf.deal(REFERENCE)


CARD_NAMES = {
    "en": ("ace of spades", "ten of diamonds", "jack of clubs", "queen of hearts"),
    "ru": ("туз пик", "десятка бубён", "валет треф", "дама червей"),
    "cs": ("pikové eso", "kárová desítka", "křížový spodek", "srdcová dáma"),
    "el": ("άσος μπαστούνι", "10 καρό", "βαλές σπαθί", "ντάμα κούπα"),
    "fr": ("as de pique", "dix de carreau", "valet de trèfle", "dame de cœur"),
}


@pytest.mark.parametrize("lang", sorted(CARD_NAMES))
def test_describe_card(lang: str) -> None:
    names = tuple(
        cf.describe_card(cf.Card.parse(text), lang=lang) for text in ("AS", "TD", "JC", "QH")
    )
    assert names == CARD_NAMES[lang]
    assert len({cf.describe_card(card, lang=lang) for card in cf.PACK}) == 52


# -- properties over played games ---------------------------------------------------------


def _visible(pos: cf.Position) -> set[cf.Card]:
    shown = set(pos.visible_waste)
    if pos.reserve:
        shown.add(pos.reserve[-1])
    shown |= {f.top for f in pos.foundations if f.top is not None}
    for column in pos.columns:
        shown |= set(column)
    return shown


@given(states())
def test_a_description_names_exactly_the_visible_cards_r21(state: cf.GameState) -> None:
    """R21 and the piles table: every card in sight is named, nothing face down is."""
    text = cf.describe(state)
    named = {card for card in cf.PACK if cf.describe_card(card) in text}
    assert named == _visible(state.position)


@given(states())
def test_every_language_gives_one_tidy_line(state: cf.GameState) -> None:
    for lang in cf.LANGUAGES:
        text = cf.describe(state, lang=lang)
        assert "\n" not in text
        assert "{" not in text
        assert "  " not in text
        assert text.endswith(".")
        assert text.count(". ") == 2
        for move in cf.legal_moves(state):
            line = cf.describe_move(state, move, lang=lang)
            assert line.endswith(".")
            assert "\n" not in line
            assert "{" not in line
            assert "  " not in line
            assert ("+5 " in line) == move.to_foundation
