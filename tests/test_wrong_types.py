"""Every public callable refuses arguments of the wrong type with the library's own error.

The callables come from ``pycanfield.__all__``: one added without an entry in ``CALLS``,
or a reason in ``EXCLUDED``, fails :func:`test_every_public_callable_is_covered`.  Each
argument of each callable is replaced in turn by values of the wrong type (``None``, an
integer, a string, a list, an ``object()``), the other arguments being right.  The call
must raise a :class:`~pycanfield.CanfieldError`:

* a :class:`~pycanfield.WrongTypeError` (a ``TypeError``) naming the function or the
  argument, when the value is of a type the argument does not take;
* or an error that is also a ``ValueError`` when the type is right and the value is not
  (``"x"`` where a card string belongs).

Readers of text and data (``decode``, ``from_json``, ``Card.parse`` ...) report a value
of the wrong type as unreadable input, their own ``ValueError``-based error, as
documented for :class:`~pycanfield.WrongTypeError`.
"""

from __future__ import annotations

import concurrent.futures
import inspect
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import pycanfield as cf

CODE = "CF1-D3-AAAAACL"
STATE = cf.deal(CODE)
POS = STATE.position
MOVED = cf.apply(STATE, cf.Move.parse("R>2"))
RAINBOW = cf.find_variant("rainbow")

WRONG: list[Any] = [None, 7, "x", [1], object()]
WRONG_IDS = ["None", "int", "str", "list", "object"]


@attrs.frozen
class Call:
    """A callable with right arguments, and what else each argument takes."""

    function: Callable[..., object]
    #: Right keyword arguments; each one is spoilt in turn.
    arguments: dict[str, Any]
    #: Types an argument takes besides the type of its value above.
    types: dict[str, tuple[type, ...]] = attrs.field(factory=dict, kw_only=True)
    #: Values from WRONG that are right for an argument (the call may succeed).
    accepts: dict[str, tuple[Any, ...]] = attrs.field(factory=dict, kw_only=True)


_RULES_TYPES = (str, type(None), cf.Variant, cf.Rules)


class _HereExecutor(concurrent.futures.Executor):
    """Runs each task at once in the calling thread: an executor with no threads to stop."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        future.set_result(fn(*args, **kwargs))
        return future


_ROW = cf.SurveyRow(CODE, cf.SolveStatus.WIN, 120, 300, 0.5)

CALLS: dict[str, Call] = {
    # -- classes ---------------------------------------------------------------------
    # Plain integers are read as ranks and suits.
    "Card": Call(
        cf.Card,
        {"rank": cf.Rank.QUEEN, "suit": cf.Suit.CLUBS},
        types={"rank": (int,), "suit": (int,)},
        accepts={"rank": (7,)},
    ),
    "Deal": Call(
        cf.Deal,
        {"number": 63, "draw": 3, "rules": cf.Rules()},
        types={"rules": _RULES_TYPES},
        accepts={"number": (7,), "draw": (None,), "rules": (None,)},
    ),
    "Foundation": Call(
        cf.Foundation,
        {"suit": cf.Suit.HEARTS, "base": cf.Rank.SEVEN, "size": 2},
        types={"suit": (int,), "base": (int,)},
        accepts={"base": (7,), "size": (7,)},
    ),
    "GameState": Call(
        cf.GameState,
        {
            "position": POS,
            "draw": 3,
            "score": 0,
            "actions": 1,
            "code": CODE,
            "history": MOVED.history,
            "rules": cf.Rules(),
        },
        types={"code": (type(None),)},
        # The code's text is checked by validate(), not by the constructor.
        accepts={"code": (None, "x"), "draw": (None,), "score": (7,), "actions": (7,)},
    ),
    "Move": Call(
        cf.Move,
        {"kind": cf.MoveKind.COLUMN_TO_COLUMN, "source": 0, "target": 1, "suit": None, "count": 2},
        # None is the source or target of the moves without one.
        types={"source": (type(None),), "target": (type(None),), "suit": (cf.Suit,)},
        accepts={"source": (7,), "target": (7,), "suit": (None,), "count": (7,)},
    ),
    "Position": Call(
        cf.Position,
        {
            "stock": POS.stock,
            "waste": POS.waste,
            "reserve": POS.reserve,
            "foundations": POS.foundations,
            "columns": POS.columns,
            "fan": 0,
        },
        accepts={"fan": (7,)},
    ),
    "VariantPosition": Call(
        cf.VariantPosition,
        {
            "stock": POS.stock,
            "waste": POS.waste,
            "reserve": POS.reserve,
            "foundations": POS.foundations,
            "columns": POS.columns,
            "fan": 0,
            "passes": 1,
            "pending": (),
        },
        accepts={"fan": (7,), "passes": (7,)},
    ),
    "Rules": Call(
        cf.Rules,
        {
            "draw": 3,
            "redeals": 2,
            "runs": "any",
            "takebacks": True,
            "fill": "auto",
            "base": "random",
            "build": "alternate",
            "undo": 100,
            "undo_counts": False,
            "autocomplete": False,
            "reserve": 13,
            "columns": 4,
            "reserve_open": False,
            "scoring": "standard",
        },
        types={"base": (cf.Rank,)},
        accepts={"redeals": (None, 7), "undo": (None, 7), "reserve": (7,), "columns": (7,)},
    ),
    "Step": Call(cf.Step, {"move": cf.DRAW, "before": POS, "score": 0}, accepts={"score": (7,)}),
    "Variant": Call(
        cf.Variant,
        {
            "name": "mine",
            "title": "Mine",
            "aliases": ("my own",),
            "prefix": "CMY",
            "rules": cf.Rules(),
            "source": "here",
            "summary": "the standard rules",
        },
        accepts={"name": ("x",), "title": ("x",), "prefix": ("x",), "source": ("x",)}
        | {"summary": ("x",)},
    ),
    # -- playing -------------------------------------------------------------------------
    "apply": Call(cf.apply, {"state": STATE, "move": cf.DRAW}),
    "undo": Call(cf.undo, {"state": MOVED}),
    "legal_moves": Call(cf.legal_moves, {"state": STATE}),
    "has_legal_move": Call(cf.has_legal_move, {"state": STATE}),
    "is_legal": Call(cf.is_legal, {"state": STATE, "move": cf.DRAW}),
    "is_won": Call(cf.is_won, {"state": STATE}),
    "score": Call(cf.score, {"state": STATE}),
    "tap": Call(
        cf.tap, {"state": STATE, "where": "QC", "double_click": True}, types={"where": (cf.Card,)}
    ),
    "position_moves": Call(
        cf.position_moves,
        {"pos": POS, "rules": cf.Rules()},
        types={"rules": (type(None),)},
        accepts={"rules": (None,)},
    ),
    "play": Call(
        cf.play,
        {"pos": POS, "move": cf.DRAW, "draw": 3, "rules": cf.Rules()},
        types={"rules": (type(None),)},
        accepts={"rules": (None,)},
    ),
    "run_length": Call(cf.run_length, {"column": POS.columns[0]}),
    # -- starting games ------------------------------------------------------------------
    "deal": Call(cf.deal, {"code": CODE}, types={"code": (cf.Deal,)}),
    "new_game": Call(
        cf.new_game,
        {"draw": 3, "rng": random.Random(1), "rules": "standard"},
        types={"rules": _RULES_TYPES},
        accepts={"draw": (None,), "rng": (None,), "rules": (None,)},
    ),
    "from_deck": Call(
        cf.from_deck,
        {"deck": cf.PACK, "draw": 3, "rules": "standard"},
        types={"deck": (list,), "rules": _RULES_TYPES},
        accepts={"draw": (None,), "rules": (None,)},
    ),
    "encode": Call(cf.encode, {"deal": cf.decode(CODE)}, types={"deal": (cf.GameState,)}),
    "find_variant": Call(cf.find_variant, {"name": "rainbow"}),
    # -- pictures and words ----------------------------------------------------------------
    "describe": Call(cf.describe, {"state": STATE, "lang": "en"}, types={"state": (cf.Position,)}),
    "describe_card": Call(
        cf.describe_card, {"card": "QC", "lang": "en"}, types={"card": (cf.Card,)}
    ),
    "describe_move": Call(cf.describe_move, {"state": STATE, "move": cf.DRAW, "lang": "en"}),
    "render_text": Call(
        cf.render_text,
        {"game": STATE, "unicode": True, "color": False},
        types={"game": (cf.Position,)},
    ),
    "render_svg": Call(
        cf.render_svg,
        {"game": STATE, "width": 400, "highlight": cf.DRAW},
        types={"game": (cf.Position,), "width": (float,), "highlight": (cf.Card, list)},
        accepts={"width": (7,), "highlight": (None,)},
    ),
    "render_html": Call(
        cf.render_html,
        {"state": STATE, "moves": ("R>2",), "lang": "en", "title": "A lesson"},
        types={"state": (str,), "moves": (list,)},
        accepts={"title": (None, "x")},
    ),
    # -- bots ------------------------------------------------------------------------------
    "observe": Call(cf.observe, {"state": STATE}),
    "legal_actions": Call(cf.legal_actions, {"state": STATE}),
    "legal_action_mask": Call(cf.legal_action_mask, {"state": STATE}),
    "action_to_move": Call(cf.action_to_move, {"state": STATE, "action": 0}),
    "move_to_action": Call(cf.move_to_action, {"move": cf.DRAW}),
    # -- saving ----------------------------------------------------------------------------
    "validate": Call(cf.validate, {"game": STATE}, types={"game": (cf.Position,)}),
    "to_dict": Call(cf.to_dict, {"state": STATE}),
    "to_json": Call(
        cf.to_json,
        {"state": STATE, "indent": 2},
        types={"indent": (type(None),)},
        accepts={"indent": (None, 7)},
    ),
    "from_dict": Call(cf.from_dict, {"data": cf.to_dict(STATE)}),
    "from_json": Call(cf.from_json, {"text": cf.to_json(STATE)}),
    "save_schema": Call(cf.save_schema, {}),
    # -- solver ----------------------------------------------------------------------------
    # Small node limits keep the calls quick; without one the reference deal takes
    # milliseconds.
    "solve": Call(
        cf.solve,
        {"state": CODE, "node_limit": 50, "time_limit": 30},
        types={"state": (cf.GameState,), "time_limit": (float,)},
        accepts={"node_limit": (None, 7), "time_limit": (None, 7)},
    ),
    "hint": Call(
        cf.hint,
        {"state": STATE, "node_limit": 50, "time_limit": 30},
        types={"state": (str,), "time_limit": (float,)},
        accepts={"node_limit": (None, 7), "time_limit": (None, 7)},
    ),
    "survey": Call(
        cf.survey,
        {
            "deals": [CODE, cf.decode("CF1-D3-AAAAAAB")],
            "draw": 3,
            "time_limit": 30,
            "node_limit": 50,
            "seed": 1,
            "executor": _HereExecutor(),
            "progress": lambda done, total: None,
            "stage": lambda name: None,
            "rerun_time_limit": 31.0,
            "rerun_node_limit": 100,
            "resume": False,
        },
        types={"deals": (int,), "time_limit": (float,), "rerun_time_limit": (int,)},
        accepts={"deals": (7,), "node_limit": (None, 7), "time_limit": (None, 7)}
        | {"seed": (None, 7), "executor": (None,), "progress": (None,), "draw": (None,)}
        | {"stage": (None,)}
        | {"rerun_time_limit": (None,), "rerun_node_limit": (None,)},
    ),
    "SolveResult": Call(
        cf.SolveResult,
        {"status": cf.SolveStatus.WIN, "moves": (cf.DRAW,), "positions": 3, "seconds": 0.5},
        types={"seconds": (int,)},
        accepts={"positions": (7,), "seconds": (7,)},
    ),
    "SurveyRow": Call(
        cf.SurveyRow,
        {"code": CODE, "status": cf.SolveStatus.WIN, "moves": 120, "positions": 300}
        | {"seconds": 0.5, "rerun": False, "time_limit": 60.0, "node_limit": 500},
        types={"seconds": (int,), "time_limit": (int,)},
        # Only the code's type is checked; SurveyRow.parse reads codes.
        accepts={"code": ("x",), "moves": (7,), "positions": (7,), "seconds": (7,)}
        | {"time_limit": (None, 7), "node_limit": (None, 7)},
    ),
    "SurveyResult": Call(cf.SurveyResult, {"rows": (_ROW,), "reruns": ()}),
}

# Public methods, listed by hand (they are not names of __all__).
METHODS: dict[str, Call] = {
    "Card.parse": Call(cf.Card.parse, {"text": "QC"}),
    "Suit.parse": Call(cf.Suit.parse, {"text": "H"}),
    "Rank.parse": Call(cf.Rank.parse, {"text": "10"}),
    "Move.parse": Call(cf.Move.parse, {"text": "R>2"}),
    "Deal.parse": Call(cf.Deal.parse, {"code": CODE}),
    "Rules.parse": Call(cf.Rules.parse, {"text": "classic"}),
    "Move.column_to_column": Call(
        cf.Move.column_to_column,
        {"source": 0, "target": 1, "count": 2},
        accepts={"source": (7,), "target": (7,), "count": (7,)},
    ),
    "Move.foundation_to_column": Call(
        cf.Move.foundation_to_column,
        {"suit": cf.Suit.HEARTS, "column": 1},
        accepts={"column": (7,)},
    ),
    "Move.column_to_foundation": Call(
        cf.Move.column_to_foundation, {"column": 1}, accepts={"column": (7,)}
    ),
    "Deal.random": Call(
        cf.Deal.random,
        {"draw": 1, "rng": random.Random(1), "rules": "standard"},
        types={"rules": _RULES_TYPES},
        accepts={"draw": (None,), "rng": (None,), "rules": (None,)},
    ),
    "Rules.differences": Call(cf.Rules().differences, {"other": cf.Rules(draw=1)}),
    "Position.foundation": Call(POS.foundation, {"suit": cf.Suit.HEARTS}),
    "SolveStatus.parse": Call(cf.SolveStatus.parse, {"text": "no-win"}),
    "SolveLimit.parse": Call(cf.SolveLimit.parse, {"text": "memory"}),
    # An unknown answer with the limit that stopped it.
    "SolveResult.limit": Call(
        cf.SolveResult,
        {"status": cf.SolveStatus.UNKNOWN, "positions": 3, "limit": cf.SolveLimit.TIME},
        accepts={"positions": (7,), "limit": (None,)},
    ),
    "SurveyRow.parse": Call(cf.SurveyRow.parse, {"fields": _ROW.as_csv()}),
    "SurveyResult.read_csv": Call(
        cf.SurveyResult.read_csv,
        {"path": Path(__file__).parent / "data" / "survey-0.1.csv"},
        types={"path": (str,)},
    ),
}

# Readers of text or data: a value of the wrong type is unreadable input for them.
PARSERS = {
    "decode",
    "from_dict",
    "from_json",
    "Card.parse",
    "Suit.parse",
    "Rank.parse",
    "Move.parse",
    "Deal.parse",
    "Rules.parse",
    "SolveStatus.parse",
    "SolveLimit.parse",
    "SurveyRow.parse",
}
CALLS["decode"] = Call(cf.decode, {"code": CODE})

# Public callables with no entry above, and why.
EXCLUDED = {
    # Calling an enum class looks a member up by value, Python's own protocol (which
    # raises a plain ValueError); Rank.parse and Suit.parse read text.
    "Color": "enum",
    "Rank": "enum",
    "Suit": "enum",
    "MoveKind": "enum",
    "SolveStatus": "enum",
    "SolveLimit": "enum",
    # A type alias, tuple[Card, ...].
    "Pile": "alias",
}


def _public_callables() -> set[str]:
    names = set()
    for name in cf.__all__:
        obj = getattr(cf, name)
        if not callable(obj):
            continue  # constants
        if inspect.isclass(obj) and issubclass(obj, BaseException):
            continue  # the errors themselves take any message
        names.add(name)
    return names


def test_every_public_callable_is_covered() -> None:
    public = _public_callables()
    missing = sorted(public - CALLS.keys() - EXCLUDED.keys())
    assert not missing, f"add these public callables to CALLS: {missing}"
    stale = sorted((CALLS.keys() | EXCLUDED.keys()) - public)
    assert not stale, f"no longer public: {stale}"


@pytest.mark.parametrize("name", sorted(CALLS.keys() | METHODS.keys()))
def test_right_arguments_are_accepted(name: str) -> None:
    call = CALLS.get(name) or METHODS[name]
    call.function(**call.arguments)


# Known gaps, each failing as expected until it is closed (then strict xfail fails).
PENDING: dict[str, str] = {}


def _cases() -> list[Any]:
    cases = []
    for name, call in sorted({**CALLS, **METHODS}.items()):
        marks = [pytest.mark.xfail(strict=True, reason=PENDING[name])] if name in PENDING else []
        for argument in call.arguments:
            for value, value_id in zip(WRONG, WRONG_IDS, strict=True):
                cases.append(
                    pytest.param(
                        name, argument, value, id=f"{name}-{argument}-{value_id}", marks=marks
                    )
                )
    return cases


def _takes(call: Call, argument: str, value: object) -> bool:
    """Whether ``value`` is of a type ``argument`` takes."""
    types = (type(call.arguments[argument]), *call.types.get(argument, ()))
    if isinstance(value, bool) or bool in types:
        return type(value) in types
    return isinstance(value, types)


def _outcome(call: Call, arguments: dict[str, Any]) -> cf.CanfieldError | None:
    """The library error the call raises, or None; any other exception fails the test."""
    try:
        call.function(**arguments)
    except cf.CanfieldError as error:
        return error
    return None


@pytest.mark.parametrize(("name", "argument", "value"), _cases())
def test_wrong_type_raises_the_library_error(name: str, argument: str, value: object) -> None:
    call = CALLS.get(name) or METHODS[name]
    accepted = any(
        value is v or (type(value) is type(v) and value == v)
        for v in call.accepts.get(argument, ())
    )
    error = _outcome(call, {**call.arguments, argument: value})
    if error is None:
        assert accepted, f"{name}({argument}={value!r}) was accepted"
        return
    assert isinstance(error, (TypeError, ValueError))
    if isinstance(error, TypeError):
        assert isinstance(error, cf.WrongTypeError)
        short = name.rsplit(".", 1)[-1]
        assert short in str(error) or argument in str(error), str(error)
    elif not accepted and not _takes(call, argument, value) and name not in PARSERS:
        pytest.fail(f"{name}({argument}={value!r}) gave {error!r}, not WrongTypeError")


def test_a_text_where_a_move_belongs_gets_a_hint() -> None:
    with pytest.raises(cf.WrongTypeError, match=r"Move\.parse\('R>2'\) reads it"):
        cf.apply(STATE, "R>2")  # type: ignore[arg-type]
    with pytest.raises(cf.WrongTypeError, match=r"Move\.parse\('draw'\) reads it"):
        cf.is_legal(STATE, "draw")  # type: ignore[arg-type]


def test_a_text_where_a_game_belongs_gets_a_hint() -> None:
    with pytest.raises(
        cf.WrongTypeError, match=r"deal\('CF1-D3-AAAAACL'\) starts the game of a code"
    ):
        cf.legal_moves(CODE)  # type: ignore[arg-type]


def test_no_hint_for_other_values_or_long_texts() -> None:
    with pytest.raises(cf.WrongTypeError) as caught:
        cf.apply(STATE, 7)  # type: ignore[arg-type]
    assert "(" not in str(caught.value).split("not 7")[1]
    with pytest.raises(cf.WrongTypeError) as caught:
        cf.apply(STATE, "x" * 40)  # type: ignore[arg-type]
    assert "reads it" not in str(caught.value)


def test_no_hint_for_a_text_that_does_not_read() -> None:
    with pytest.raises(cf.WrongTypeError) as caught:
        cf.legal_actions("x")  # type: ignore[arg-type]
    assert "deal(" not in str(caught.value)
    with pytest.raises(cf.WrongTypeError) as caught:
        cf.apply(STATE, "R>>2")  # type: ignore[arg-type]
    assert "Move.parse" not in str(caught.value)
