"""Plain-language descriptions of positions and moves (R33), in several languages.

A description says in one line what a player sees, the way a screen reader or a
caption would: the stock's size, the waste's visible cards, the reserve's size and top
card, each foundation's top card, and every column from bottom to top.  Nothing hidden
is told: stock cards are counted, never named, and so are the reserve's cards under its
top.

The grammar of each language is in its own module under ``pycanfield._lang``; the
functions here only choose which pattern to use and fill it in.
"""

from __future__ import annotations

from ._cards import Card
from ._checks import wrong_type
from ._errors import OptionError
from ._lang import LANGUAGES, TABLES, Language
from ._lang._base import rank_label
from ._moves import Move, MoveKind
from ._position import Position
from ._rules import _play
from ._state import GameState, split_game

__all__ = ["LANGUAGES", "describe", "describe_card", "describe_move"]


def _language(lang: object, function: str) -> Language:
    if not isinstance(lang, str):
        raise wrong_type(function, "lang", "a language code such as 'en'", lang)
    language = TABLES.get(lang.strip().lower())
    if language is None:
        raise OptionError(f"unknown language {lang!r}; supported languages: {', '.join(LANGUAGES)}")
    return language


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_card(card: Card | str, *, lang: str = "en") -> str:
    """The name of a card in words, as the descriptions write it.

    ``card`` is a :class:`~pycanfield.Card` or a card string such as ``"QC"``.  An
    unknown ``lang`` raises :class:`~pycanfield.OptionError`.

    >>> describe_card("QC")
    'queen of clubs'
    >>> describe_card("7H", lang="ru"), describe_card("7H", lang="cs")
    ('семёрка червей', 'srdcová sedmička')
    >>> describe_card("QS", lang="el"), describe_card("AS", lang="fr")
    ('ντάμα μπαστούνι', 'as de pique')
    """
    language = _language(lang, "describe_card")
    if isinstance(card, Card):
        chosen = card
    elif isinstance(card, str):
        chosen = Card.parse(card)
    else:
        raise wrong_type("describe_card", "card", "a Card or a card string such as 'QC'", card)
    return language.card(chosen, "name")


# Before the player chooses the base card (Rules(base="choose")); kept apart from the
# language tables, which describe the standard game.
_CHOOSE = {
    "en": "Base card to choose among: {cards}.",
    "fr": "Carte de base à choisir parmi : {cards}.",
    "ru": "Базовую карту нужно выбрать из: {cards}.",
    "cs": "Základní kartu je třeba vybrat z: {cards}.",
    "el": "Η βασική κάρτα επιλέγεται από: {cards}.",
}
_CHOSEN = {
    "en": "{card} becomes the base card.",
    "fr": "{card} devient la carte de base.",
    "ru": "{card} становится базовой картой.",
    "cs": "{card} se stává základní kartou.",
    "el": "{card} γίνεται η βασική κάρτα.",
}


def describe(state: GameState | Position, *, lang: str = "en") -> str:
    """The position in one line of plain language (R33).

    Three sentences: the stock, the waste and the reserve; the foundations in R8
    order with their base rank; the columns, each from bottom to top.  Only what a
    player sees is named (R21: the waste cards of the last draw still on the waste).
    ``lang`` is one of :data:`LANGUAGES`; anything else raises
    :class:`~pycanfield.OptionError`.

    >>> from pycanfield import deal
    >>> print(describe(deal("CF1-D3-AAAAACL")))  # doctest: +NORMALIZE_WHITESPACE
    Stock: 34 cards; waste empty; reserve: 13 cards, top: queen of clubs. Foundations,
    base rank 7: hearts up to seven of hearts (1), spades empty, diamonds empty, clubs
    empty. Column 1: six of clubs; column 2: king of hearts; column 3: queen of hearts;
    column 4: ace of spades.
    """
    language = _language(lang, "describe")
    pos = split_game("describe", "state", state)[1]
    text = language.text
    name = language.card

    def cards(pile: tuple[Card, ...]) -> str:
        return text["list_sep"].join(name(card, "name") for card in pile)

    piles: list[str] = []
    if pos.stock:
        piles.append(text["stock"].format(cards=language.count(len(pos.stock))))
    else:
        piles.append(text["stock_empty"])
    if not pos.waste:
        piles.append(text["waste_empty"])
    else:
        top = pos.waste[-1]
        shown = pos.visible_waste
        fields = {"cards": language.count(len(pos.waste)), "top": name(top, "name")}
        if len(shown) > 1:
            # The cards under the top are read from the top down: the order in which
            # they become playable.
            rest = cards(shown[-2::-1])
            piles.append(text["waste_fan"].format(under=language.under(top), rest=rest, **fields))
        else:
            piles.append(text["waste"].format(**fields))
    if pos.reserve:
        piles.append(
            text["reserve"].format(
                cards=language.count(len(pos.reserve)), top=name(pos.reserve[-1], "name")
            )
        )
    else:
        piles.append(text["reserve_empty"])

    if pos.pending:
        choose = _CHOOSE[language.code].format(cards=cards(pos.pending))
        return _capital(text["sep"].join(piles)) + ". " + choose

    foundations: list[str] = []
    for f in pos.foundations:
        if f.top is None:
            foundations.append(language.suits["empty"][f.suit])
        else:
            foundations.append(
                text["foundation"].format(
                    suit=language.suits["plural"][f.suit],
                    up_to=name(f.top, "up_to"),
                    size=f.size,
                )
            )

    columns: list[str] = []
    for number, column in enumerate(pos.columns, start=1):
        if column:
            columns.append(text["column"].format(number=number, cards=cards(column)))
        else:
            columns.append(text["column_empty"].format(number=number))

    return " ".join(
        (
            _capital(text["sep"].join(piles)) + ".",
            text["foundations"].format(
                base=rank_label(language, pos.base_rank),
                piles=text["list_sep"].join(foundations),
            ),
            _capital(text["sep"].join(columns)) + ".",
        )
    )


def describe_move(state: GameState, move: Move, *, lang: str = "en") -> str:
    """What ``move`` does in ``state``, in one sentence of plain language.

    The sentence names the cards that move, where they come from and where they go,
    the card the reserve puts into a column the move empties (R16), and the points
    the move earns (R30).  A draw tells how many cards it turns, not which: they are
    face down until then.  An illegal move raises
    :class:`~pycanfield.IllegalMoveError`, an unknown ``lang``
    :class:`~pycanfield.OptionError`.

    >>> from pycanfield import Move, apply, deal
    >>> state = deal("CF1-D3-AAAAACL")
    >>> describe_move(state, Move.parse("R>2"))
    'Queen of clubs from the reserve onto the king of hearts in column 2.'
    >>> state = apply(state, Move.parse("R>2"))
    >>> describe_move(state, Move.parse("R>F"))
    'Eight of hearts from the reserve onto the hearts foundation; +5 points.'
    >>> after = apply(state, Move.parse("R>F"))
    >>> line = describe_move(after, Move.parse("2>4x2"), lang="cs")
    >>> print(line)  # doctest: +NORMALIZE_WHITESPACE
    Srdcový král s křížovou dámou ze sloupce 2 na pikové eso ve sloupci 4; rezerva zaplní
    sloupec 2 pikovou dámou.
    """
    language = _language(lang, "describe_move")
    if not isinstance(state, GameState):
        raise wrong_type("describe_move", "state", "a GameState", state)
    if not isinstance(move, Move):
        raise wrong_type("describe_move", "move", "a Move", move)
    pos = state.position
    # _play() checks the move and raises IllegalMoveError naming the rule it breaks.
    _, points = _play(pos, move, state.draw, state.rules)
    text = language.text
    name = language.card
    kind = move.kind

    if kind is MoveKind.CHOOSE_BASE:
        assert move.source is not None
        return _capital(_CHOSEN[language.code].format(card=name(pos.pending[move.source], "name")))

    if kind is MoveKind.DRAW:
        turned = min(state.draw, len(pos.stock))
        return _capital(text["draw"].format(cards=language.count(turned)))
    if kind is MoveKind.RECYCLE:
        return _capital(text["recycle"].format(cards=language.count(len(pos.waste))))

    refill = ""
    if kind in (MoveKind.RESERVE_TO_FOUNDATION, MoveKind.RESERVE_TO_COLUMN):
        moving: tuple[Card, ...] = (pos.reserve[-1],)
        source = text["from_reserve"]
    elif kind in (MoveKind.WASTE_TO_FOUNDATION, MoveKind.WASTE_TO_COLUMN):
        moving = (pos.waste[-1],)
        source = text["from_waste"]
    elif kind is MoveKind.FOUNDATION_TO_COLUMN:
        assert move.suit is not None
        top = pos.foundation(move.suit).top
        assert top is not None
        moving = (top,)
        source = language.suits["from"][move.suit]
    else:
        assert move.source is not None
        column = pos.columns[move.source]
        moving = column[len(column) - move.count :]
        source = text["from_column"].format(number=move.source + 1)
        if move.count == len(column) and pos.reserve and state.rules.fill in ("auto", "auto-waste"):
            refill = text["refill"].format(number=move.source + 1, by=name(pos.reserve[-1], "by"))

    if move.to_foundation:
        target = language.suits["to"][moving[0].suit]
    else:
        assert move.target is not None
        under = pos.columns[move.target]
        if under:
            target = text["onto_column"].format(
                onto=name(under[-1], "onto"), number=move.target + 1
            )
        else:
            target = text["into_empty"].format(number=move.target + 1)

    first = name(moving[0], "name")
    if len(moving) == 1:
        what = first
    elif len(moving) == 2:
        what = text["two"].format(first=first, second=name(moving[1], "with"))
    else:
        what = text["run"].format(
            first=first, last=name(moving[-1], "name"), cards=language.count(len(moving))
        )
    scored = text["points"].format(points=language.count(points, "points")) if points else ""
    return text["move"].format(
        what=_capital(what), source=source, target=target, refill=refill, points=scored
    )
