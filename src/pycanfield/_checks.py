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

    A move's text or a game code given where a move or a game belongs gets a hint at
    the way to read it.

    >>> print(wrong_type("legal_moves", "state", "a GameState", None))
    legal_moves() needs a GameState as state, not None
    >>> print(wrong_type("apply", "move", "a Move", "R>2"))
    apply() needs a Move as move, not the string 'R>2' (Move.parse('R>2') reads it)
    """
    message = f"{function}() needs {needs} as {argument}, not {shown(value)}"
    if isinstance(value, str) and needs in _READERS and len(value) <= 30:
        hint = _READERS[needs](value)
        if hint:
            message += f" ({hint})"
    return error(message)


def _move_hint(text: str) -> str:
    from ._moves import Move  # here: the moves module imports this one

    try:
        Move.parse(text)
    except ValueError:
        return ""
    return f"Move.parse({text!r}) reads it"


def _game_hint(text: str) -> str:
    from ._codes import decode  # here: the codes module imports this one

    try:
        decode(text)
    except ValueError:
        return ""
    return f"deal({text!r}) starts the game of a code"


# The way to make the value from a text a newcomer passes where the value belongs.
_READERS = {"a Move": _move_hint, "a GameState": _game_hint}
