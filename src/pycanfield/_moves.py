"""Moves and their text notation.

A :class:`Move` names piles, not cards, so the same move value means the same action in
any position, like a move between squares in chess.  Columns are numbered from 0 in the
attributes and from 1 in the notation, as players count them.

Notation (case-insensitive when parsed, upper case when printed):

============  ==========================================================
``draw``      turn cards from the stock onto the waste (R18)
``recycle``   turn the waste back over into the stock (R19)
``R>F``       the reserve's top card onto its foundation
``R>2``       the reserve's top card onto column 2
``W>F``       the waste's top card onto its foundation
``W>3``       the waste's top card onto column 3
``1>F``       column 1's top card onto its foundation
``1>4``       column 1's top card onto column 4
``1>4X3``     column 1's top three cards, as a run, onto column 4 (R14)
``FH>2``      the top card of the hearts foundation onto column 2 (R22)
``base 3``    the third dealt card becomes the base card (only under rules
              where the player chooses the base, see ``docs/variants.rst``)
============  ==========================================================
"""

from __future__ import annotations

import enum
import re

import attrs

from ._cards import Suit
from ._checks import MoveTypeError, shown
from ._errors import InvalidMoveError, MoveParseError

__all__ = ["DRAW", "RECYCLE", "Move", "MoveKind"]


class MoveKind(enum.IntEnum):
    """What a move does."""

    DRAW = 0
    RECYCLE = 1
    RESERVE_TO_FOUNDATION = 2
    WASTE_TO_FOUNDATION = 3
    COLUMN_TO_FOUNDATION = 4
    RESERVE_TO_COLUMN = 5
    WASTE_TO_COLUMN = 6
    COLUMN_TO_COLUMN = 7
    FOUNDATION_TO_COLUMN = 8
    #: The player chooses the base card (``Rules(base="choose")``); ``source`` is the
    #: index of the chosen card among the dealt ones.
    CHOOSE_BASE = 9

    @property
    def to_foundation(self) -> bool:
        """True for the kinds that place a card on a foundation (and score, R30)."""
        return self in _TO_FOUNDATION


_TO_FOUNDATION = frozenset(
    {
        MoveKind.RESERVE_TO_FOUNDATION,
        MoveKind.WASTE_TO_FOUNDATION,
        MoveKind.COLUMN_TO_FOUNDATION,
    }
)
_FROM_COLUMN = frozenset({MoveKind.COLUMN_TO_FOUNDATION, MoveKind.COLUMN_TO_COLUMN})
_TO_COLUMN = frozenset(
    {
        MoveKind.RESERVE_TO_COLUMN,
        MoveKind.WASTE_TO_COLUMN,
        MoveKind.COLUMN_TO_COLUMN,
        MoveKind.FOUNDATION_TO_COLUMN,
    }
)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_move(move: Move) -> None:
    # Types first: a field of the wrong type raises MoveTypeError, which is an
    # InvalidMoveError too; then the values.
    kind = move.kind
    if not isinstance(kind, MoveKind):
        raise MoveTypeError(f"Move(): kind must be a MoveKind, not {shown(kind)}")
    for name in ("source", "target"):
        value = getattr(move, name)
        if value is not None and not _whole(value):
            raise MoveTypeError(
                f"Move(): {name} needs a column index (int) or None, not {shown(value)}"
            )
    if move.suit is not None and not isinstance(move.suit, Suit):
        raise MoveTypeError(f"Move(): suit must be a Suit or None, not {shown(move.suit)}")
    if not _whole(move.count):
        raise MoveTypeError(f"Move(): count must be a whole number >= 1, not {shown(move.count)}")
    needs_source = kind in _FROM_COLUMN or kind is MoveKind.CHOOSE_BASE
    needs_target = kind in _TO_COLUMN
    needs_suit = kind is MoveKind.FOUNDATION_TO_COLUMN
    for name, needed, value in (
        ("source", needs_source, move.source),
        ("target", needs_target, move.target),
    ):
        if needed:
            if value is None or value < 0:
                raise InvalidMoveError(
                    f"{kind.name} needs a column index >= 0 as {name}, not {value!r}"
                )
        elif value is not None:
            raise InvalidMoveError(f"{kind.name} takes no {name} column")
    if needs_suit != (move.suit is not None):
        raise InvalidMoveError(f"{kind.name} {'needs' if needs_suit else 'takes no'} suit")
    if kind is MoveKind.COLUMN_TO_COLUMN:
        if move.count < 1:
            raise InvalidMoveError(f"count must be a whole number >= 1, not {move.count!r}")
        if move.source == move.target:
            raise InvalidMoveError("a run cannot move onto its own column")
    elif move.count != 1:
        raise InvalidMoveError(f"{kind.name} moves one card; count must be 1")


def _index(function: str, argument: str, value: object) -> None:
    if not _whole(value):
        raise MoveTypeError(
            f"Move.{function}() needs a column index (int) as {argument}, not {shown(value)}"
        )


@attrs.frozen(cache_hash=True, repr=False)
class Move:
    """One action of the game.  Build moves with the class methods or :meth:`parse`.

    >>> m = Move.column_to_column(0, 3, count=2)
    >>> str(m), m == Move.parse("1>4x2")
    ('1>4X2', True)
    >>> Move.parse(" fh > 2 ")
    Move.parse('FH>2')
    """

    kind: MoveKind
    #: Source column (0-based) of moves that take cards from a column.
    source: int | None = None
    #: Target column (0-based) of moves that put cards on a column.
    target: int | None = None
    #: The foundation a take-back (R22) comes from.
    suit: Suit | None = None
    #: How many cards a column-to-column move takes (R14); 1 for every other move.
    count: int = 1

    def __attrs_post_init__(self) -> None:
        _check_move(self)

    # -- constructors ---------------------------------------------------------------
    @classmethod
    def draw(cls) -> Move:
        """Turn cards from the stock onto the waste (R18)."""
        return DRAW

    @classmethod
    def recycle(cls) -> Move:
        """Turn the waste back into the stock (R19)."""
        return RECYCLE

    @classmethod
    def reserve_to_foundation(cls) -> Move:
        """The reserve's top card onto its foundation."""
        return _intern(MoveKind.RESERVE_TO_FOUNDATION)

    @classmethod
    def waste_to_foundation(cls) -> Move:
        """The waste's top card onto its foundation."""
        return _intern(MoveKind.WASTE_TO_FOUNDATION)

    @classmethod
    def column_to_foundation(cls, column: int) -> Move:
        """The top card of ``column`` (0-based) onto its foundation."""
        _index("column_to_foundation", "column", column)
        return _intern(MoveKind.COLUMN_TO_FOUNDATION, column)

    @classmethod
    def reserve_to_column(cls, column: int) -> Move:
        """The reserve's top card onto ``column`` (0-based)."""
        _index("reserve_to_column", "column", column)
        return _intern(MoveKind.RESERVE_TO_COLUMN, None, column)

    @classmethod
    def waste_to_column(cls, column: int) -> Move:
        """The waste's top card onto ``column`` (0-based)."""
        _index("waste_to_column", "column", column)
        return _intern(MoveKind.WASTE_TO_COLUMN, None, column)

    @classmethod
    def column_to_column(cls, source: int, target: int, *, count: int = 1) -> Move:
        """The top ``count`` cards of column ``source`` onto column ``target`` (0-based)."""
        _index("column_to_column", "source", source)
        _index("column_to_column", "target", target)
        if not _whole(count):
            raise MoveTypeError(
                f"Move.column_to_column() needs a whole number as count, not {shown(count)}"
            )
        return _intern(MoveKind.COLUMN_TO_COLUMN, source, target, None, count)

    @classmethod
    def foundation_to_column(cls, suit: Suit, column: int) -> Move:
        """The top card of the ``suit`` foundation onto ``column`` (0-based), R22."""
        if not isinstance(suit, Suit):
            raise MoveTypeError(
                f"Move.foundation_to_column() needs a Suit as suit, not {shown(suit)}"
            )
        _index("foundation_to_column", "column", column)
        return _intern(MoveKind.FOUNDATION_TO_COLUMN, None, column, suit)

    @classmethod
    def choose_base(cls, index: int) -> Move:
        """Make the dealt card ``index`` (0-based) the base card (``Rules(base="choose")``)."""
        _index("choose_base", "index", index)
        return _intern(MoveKind.CHOOSE_BASE, index)

    # -- notation -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse the move notation of this module (blanks and case are ignored).

        A bad string raises :class:`~pycanfield.MoveParseError` pointing at the
        offending character.
        """
        if not isinstance(text, str):
            raise MoveParseError(repr(text), 0, "a move must be given as a string")
        return _parse(text)

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"Move.parse({_format(self)!r})"

    @property
    def to_foundation(self) -> bool:
        """True when the move places a card on a foundation (it scores 5 points, R30)."""
        return self.kind in _TO_FOUNDATION


_CACHE: dict[tuple[MoveKind, int | None, int | None, Suit | None, int], Move] = {}


def _intern(
    kind: MoveKind,
    source: int | None = None,
    target: int | None = None,
    suit: Suit | None = None,
    count: int = 1,
) -> Move:
    key = (kind, source, target, suit, count)
    try:
        move = _CACHE.get(key)
    except TypeError:  # an unhashable field: Move() refuses it
        return Move(kind, source, target, suit, count)
    if move is None:
        move = Move(kind, source, target, suit, count)
        _CACHE[key] = move
    return move


DRAW = _intern(MoveKind.DRAW)
"""The draw move (R18)."""
RECYCLE = _intern(MoveKind.RECYCLE)
"""The recycle move (R19)."""


def _format(move: Move) -> str:
    kind = move.kind
    if kind is MoveKind.DRAW:
        return "draw"
    if kind is MoveKind.RECYCLE:
        return "recycle"
    if kind is MoveKind.CHOOSE_BASE:
        return f"base {move.source + 1}"  # type: ignore[operator]
    if kind in _FROM_COLUMN:
        src = str(move.source + 1)  # type: ignore[operator]
    elif kind is MoveKind.FOUNDATION_TO_COLUMN:
        src = "F" + move.suit.letter  # type: ignore[union-attr]
    elif kind in (MoveKind.RESERVE_TO_FOUNDATION, MoveKind.RESERVE_TO_COLUMN):
        src = "R"
    else:
        src = "W"
    dst = "F" if kind in _TO_FOUNDATION else str(move.target + 1)  # type: ignore[operator]
    suffix = f"X{move.count}" if move.count != 1 else ""
    return f"{src}>{dst}{suffix}"


# Digits are [0-9], not \d: \d also takes other scripts' digits, which int() would read.
_TOKEN = re.compile(
    r"\s*(?:(?i:base)\s*(?P<base>[0-9]+)|(?P<word>[A-Za-z]{3,})|(?P<src>[RrWw]|[Ff]\s*[SHDCshdc♠♥♦♣]|[0-9]+)"
    r"\s*>\s*(?P<dst>[Ff]|[0-9]+)(?:\s*[xX]\s*(?P<count>[0-9]+))?)\s*"
)


def _number(text: str, match: re.Match[str], group: str) -> int:
    digits = match.group(group)
    # int() itself refuses digit strings longer than 4300 with a plain ValueError.
    if len(digits.lstrip("0")) > 9:
        raise MoveParseError(text, match.start(group), "number too large")
    return int(digits)


def _parse(text: str) -> Move:
    match = _TOKEN.fullmatch(text)
    if match is None:
        raise MoveParseError(text, _error_position(text), _error_reason(text))
    if match.group("base") is not None:
        index = _number(text, match, "base")
        if index < 1:
            raise MoveParseError(text, match.start("base"), "dealt cards are numbered from 1")
        return _intern(MoveKind.CHOOSE_BASE, index - 1)
    word = match.group("word")
    if word is not None:
        lowered = word.lower()
        if lowered == "draw":
            return DRAW
        if lowered == "recycle":
            return RECYCLE
        raise MoveParseError(text, match.start("word"), f"unknown move {word!r}")
    src = match.group("src").upper()
    dst = match.group("dst").upper()
    count_text = match.group("count")
    count = _number(text, match, "count") if count_text is not None else 1

    def column(group: str) -> int:
        value = _number(text, match, group)
        if value < 1:
            raise MoveParseError(text, match.start(group), "columns are numbered from 1")
        return value - 1

    if count_text is not None and not (src.isdigit() and dst.isdigit()):
        raise MoveParseError(
            text, match.start("count"), "a card count goes only with a column-to-column move"
        )
    if count < 1:
        raise MoveParseError(text, match.start("count"), "a run has at least one card")
    if src.isdigit():
        source = column("src")
        if dst == "F":
            return _intern(MoveKind.COLUMN_TO_FOUNDATION, source)
        target = column("dst")
        if target == source:
            raise MoveParseError(text, match.start("dst"), "a run cannot move onto its own column")
        return _intern(MoveKind.COLUMN_TO_COLUMN, source, target, None, count)
    if src[0] == "F":
        if dst == "F":
            raise MoveParseError(
                text, match.start("dst"), "a foundation card can only go to a column"
            )
        suit = Suit.parse(src[-1])
        return _intern(MoveKind.FOUNDATION_TO_COLUMN, None, column("dst"), suit)
    if src == "R":
        if dst == "F":
            return _intern(MoveKind.RESERVE_TO_FOUNDATION)
        return _intern(MoveKind.RESERVE_TO_COLUMN, None, column("dst"))
    if dst == "F":
        return _intern(MoveKind.WASTE_TO_FOUNDATION)
    return _intern(MoveKind.WASTE_TO_COLUMN, None, column("dst"))


def _error_position(text: str) -> int:
    """The index of the first character at which ``text`` stops looking like a move."""
    stripped = text.lstrip()
    pos = len(text) - len(stripped)
    if not stripped:
        return pos
    for end in range(len(text), pos, -1):
        if _PREFIX.fullmatch(text[:end]):
            return end
    return pos


# What a valid move can start with: a beginning of "draw" or "recycle", or of SOURCE>TARGET.
_PREFIX = re.compile(
    r"\s*(?:(?i:d(?:r(?:aw?)?)?|r(?:e(?:c(?:y(?:c(?:le?)?)?)?)?)?|b(?:a(?:se?)?)?|base\s*[0-9]*)"
    r"|(?:[RrWw]|[Ff]\s*[SHDCshdc♠♥♦♣]?|[0-9]+)"
    r"(?:\s*>\s*(?:(?:[Ff]|[0-9]+)(?:\s*[xX]\s*[0-9]*)?)?)?)?\s*"
)


def _error_reason(text: str) -> str:
    if not text.strip():
        return "empty move"
    if ">" not in text and not text.strip().isalpha():
        return "expected 'draw', 'recycle' or SOURCE>TARGET"
    return "unexpected character"
