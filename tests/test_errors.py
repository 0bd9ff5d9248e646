"""The exception hierarchy: every error the library raises is a CanfieldError, value errors
are ValueErrors, wrong types are TypeErrors, and the documentation lists them all."""

from __future__ import annotations

import inspect
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import pycanfield as cf

DOCS = Path(__file__).parent.parent / "docs" / "saving.rst"

ERRORS = sorted(
    (
        obj
        for name in cf.__all__
        if inspect.isclass(obj := getattr(cf, name)) and issubclass(obj, BaseException)
    ),
    key=lambda cls: cls.__name__,
)

NOT_VALUE_ERRORS = {cf.CanfieldError, cf.UndoError, cf.WrongTypeError}


def _stock_card() -> str:
    return str(cf.deal("CF1-D3-AAAAACL").stock[0])


# Each public error class, with a call that raises it.
TRIGGERS: dict[type[BaseException], Callable[[], object]] = {
    cf.CardParseError: lambda: cf.Card.parse("ZZ"),
    cf.MoveParseError: lambda: cf.Move.parse("jump"),
    cf.GameCodeError: lambda: cf.decode("XX1-D3-AAAAAAA"),
    cf.ParseError: lambda: cf.Card.parse(""),
    cf.IllegalMoveError: lambda: cf.apply(cf.deal("CF1-D3-AAAAACL"), cf.RECYCLE),
    cf.InvalidMoveError: lambda: cf.Move(cf.MoveKind.DRAW, source=1),
    cf.OptionError: lambda: cf.new_game(draw=2),
    cf.UndoError: lambda: cf.undo(cf.deal("CF1-D3-AAAAACL")),
    cf.TapError: lambda: cf.tap(cf.deal("CF1-D3-AAAAACL"), _stock_card()),
    cf.DeckError: lambda: cf.from_deck([]),
    cf.ActionError: lambda: cf.action_to_move(cf.deal("CF1-D3-AAAAACL"), -1),
    cf.WrongTypeError: lambda: cf.apply(cf.deal("CF1-D3-AAAAACL"), "R>2"),  # type: ignore[arg-type]
    cf.ValidationError: lambda: cf.validate(attrs.evolve(cf.deal("CF1-D3-AAAAACL"), score=7)),
    cf.SaveFormatError: lambda: cf.from_json("{}"),
    cf.CanfieldError: lambda: cf.undo(cf.deal("CF1-D3-AAAAACL")),
}
if hasattr(cf, "RulesParseError"):  # rule variants
    _library: Any = cf
    TRIGGERS[_library.RulesParseError] = lambda: _library.Rules.parse("no-such-option=1")


def test_errors_are_exported() -> None:
    assert cf.CanfieldError in ERRORS
    assert len(ERRORS) >= 15


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: cls.__name__)
def test_every_error_is_a_canfield_error(cls: type[BaseException]) -> None:
    assert issubclass(cls, cf.CanfieldError)


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: cls.__name__)
def test_bad_values_are_value_errors(cls: type[BaseException]) -> None:
    assert issubclass(cls, ValueError) == (cls not in NOT_VALUE_ERRORS)


def test_wrong_types_are_type_errors() -> None:
    assert issubclass(cf.WrongTypeError, TypeError)
    assert issubclass(cf.SaveFormatError, cf.ValidationError)


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: cls.__name__)
def test_every_error_is_raised_as_documented(cls: type[BaseException]) -> None:
    trigger = TRIGGERS.get(cls)
    assert trigger is not None, f"no example raises {cls.__name__}"
    with pytest.raises(cls) as info:
        trigger()
    assert isinstance(info.value, cf.CanfieldError)
    assert str(info.value)


@pytest.mark.parametrize(
    "error",
    [
        cf.ValidationError("position.columns[2][0]", "QC cannot lie on QH"),
        cf.SaveFormatError("", "not JSON"),
    ],
)
def test_validation_errors_pickle(error: cf.ValidationError) -> None:
    again: Any = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert (again.field, again.reason, str(again)) == (error.field, error.reason, str(error))


def test_validation_error_message_names_the_field() -> None:
    error = cf.ValidationError("score", "7 is not a multiple of 5 (R30)")
    assert str(error) == "score: 7 is not a multiple of 5 (R30)"
    assert str(cf.ValidationError("", "not JSON")) == "not JSON"


@pytest.mark.skipif(not DOCS.exists(), reason="documentation sources not present")
def test_documentation_lists_every_error() -> None:
    text = DOCS.read_text("utf-8")
    missing = [cls.__name__ for cls in ERRORS if f"``{cls.__name__}``" not in text]
    assert not missing
