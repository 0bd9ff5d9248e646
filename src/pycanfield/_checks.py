"""Refusing arguments of the wrong type with the library's own error.

Public functions check their arguments' types at the top, once, with a plain
``isinstance``; these helpers only build the error, so the check costs nothing more
than the test itself when the argument is right.
"""

from __future__ import annotations

from ._errors import (
    ActionError,
    DeckError,
    InvalidMoveError,
    OptionError,
    WrongTypeError,
)

__all__ = [
    "ActionTypeError",
    "DeckTypeError",
    "MoveTypeError",
    "OptionTypeError",
    "shown",
    "wrong_type",
]


# Arguments that were refused with a ValueError-based error before WrongTypeError
# existed (a draw mode of "3", an action number of None, ...) keep that error as a
# base too, so that code catching it still does.  Not exported: callers catch
# WrongTypeError (or TypeError), or the older error.
class OptionTypeError(WrongTypeError, OptionError):
    """An option of the wrong type."""


class ActionTypeError(WrongTypeError, ActionError):
    """An action number or a move of the wrong type (bots' action space)."""


class MoveTypeError(WrongTypeError, InvalidMoveError):
    """A :class:`~pycanfield.Move` field of the wrong type."""


class DeckTypeError(WrongTypeError, DeckError):
    """A card's rank or suit, or a deck, of the wrong type."""


def shown(value: object) -> str:
    """A short description of what was given: small values in full, else their type."""
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, str):
        text = repr(value)
        return f"the string {text if len(text) <= 30 else text[:27] + '...'}"
    return f"a value of type {type(value).__name__}"


def wrong_type(
    function: str,
    argument: str,
    needs: str,
    value: object,
    error: type[WrongTypeError] = WrongTypeError,
) -> WrongTypeError:
    """The error for ``function(argument=value)`` when ``argument`` must be ``needs``.

    >>> print(wrong_type("legal_moves", "state", "a GameState", None))
    legal_moves() needs a GameState as state, not None
    """
    return error(f"{function}() needs {needs} as {argument}, not {shown(value)}")
