"""The exception hierarchy.

Every error the library raises on purpose derives from :class:`CanfieldError`, so a
caller can catch the library's errors and nothing else.  Errors caused by a bad input
value also derive from :class:`ValueError`.
"""

from __future__ import annotations

__all__ = [
    "ActionError",
    "CanfieldError",
    "CardParseError",
    "DeckError",
    "GameCodeError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MoveParseError",
    "OptionError",
    "ParseError",
    "RulesParseError",
    "SaveFormatError",
    "TapError",
    "UndoError",
    "ValidationError",
    "WrongTypeError",
]


class CanfieldError(Exception):
    """Base class of every error raised by pycanfield."""


class ParseError(CanfieldError, ValueError):
    """A text could not be parsed.

    Attributes:
        text: the text that was given.
        position: index into ``text`` of the first offending character.
        reason: what is wrong, without the position.
    """

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        super().__init__(f"{reason} at position {position} in {text!r}")


class CardParseError(ParseError):
    """A card string such as ``"QC"`` could not be parsed."""


class MoveParseError(ParseError):
    """A move in text notation such as ``"1>3x2"`` could not be parsed."""


class GameCodeError(ParseError):
    """A game code such as ``"CF1-D3-AAAAACL"`` is malformed.

    Attributes:
        part: which part of the code is wrong: ``"prefix"``, ``"draw mode"``,
            ``"letters"``, ``"length"`` or ``"options"`` (the rule options of a
            variant's code).
    """

    def __init__(self, text: str, position: int, reason: str, *, part: str) -> None:
        self.part = part
        super().__init__(text, position, reason)


class RulesParseError(ParseError):
    """A rules text such as ``"classic draw=1"`` could not be parsed (see
    :meth:`~pycanfield.Rules.parse`)."""


class IllegalMoveError(CanfieldError, ValueError):
    """A move that the rules do not allow in the given state.

    Attributes:
        move: the refused move.
        rule: the number of the rule that refuses it, such as ``"R12"``.
    """

    def __init__(self, move: object, message: str, *, rule: str) -> None:
        self.move = move
        self.rule = rule
        super().__init__(f"{move}: {message} ({rule})")


class InvalidMoveError(CanfieldError, ValueError):
    """A :class:`~pycanfield.Move` was built from fields that do not make a move."""


class OptionError(CanfieldError, ValueError):
    """An option or value is out of its range, such as a draw mode other than 1 or 3."""


class UndoError(CanfieldError):
    """There is no action left to undo (R27)."""


class TapError(CanfieldError, ValueError):
    """A tap named something that cannot be tapped, such as a face-down card."""


class DeckError(CanfieldError, ValueError):
    """A deck is not 52 distinct cards."""


class ActionError(CanfieldError, ValueError):
    """An action number is out of range, or a move has no action number (bots' action
    space, see :func:`~pycanfield.move_to_action`)."""


class WrongTypeError(CanfieldError, TypeError):
    """A function was given an object of the wrong Python type, such as :func:`~pycanfield.apply`
    given a string where a :class:`~pycanfield.Move` belongs.

    It is a :class:`TypeError`, as Python's convention asks, and a :class:`CanfieldError`, so
    that catching the library's errors catches it too.  Parsers, which read text that may come
    from anywhere, report a value of the wrong type as unreadable text instead (their own
    :class:`ParseError`).
    """


class ValidationError(CanfieldError, ValueError):
    """A game, a position or a saved game breaks a rule or an invariant of the game.

    Attributes:
        field: where the problem is, as a path such as ``"position.columns[2][0]"``
            (``""`` for the whole value).
        reason: what is wrong, without the path.
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}" if field else reason)

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuild from the fields, so that the error survives pickling between processes.
        return (type(self), (self.field, self.reason))


class SaveFormatError(ValidationError):
    """A saved game is not in the save format: not JSON, too large or too deep, an unknown or
    missing key, a value of the wrong JSON type, or an unsupported format version."""
