"""Saving and loading games: a lossless, validated JSON format.

A save holds the whole game: every pile, the draw mode, the rules when they are not the
standard ones, the score, the action count, the game code and the undo history.  The
history is stored as the position and score before its oldest move plus the moves
themselves; loading replays them, which rebuilds every step exactly and proves that the
history fits the position.  ``docs/saving.rst`` describes the format;
``schema/game-v1.schema.json`` in the package is its JSON Schema.

Loading is strict and never evaluates anything: it reads plain JSON data, refuses
anything it does not know with :class:`~pycanfield.SaveFormatError`, and checks the game
with the rules' invariants (:class:`~pycanfield.ValidationError`).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, NoReturn

from ._cards import PACK, Card
from ._checks import wrong_type
from ._errors import CanfieldError, OptionError, RulesParseError, SaveFormatError
from ._moves import Move
from ._position import Foundation, Pile, Position, VariantPosition, foundation_suits
from ._rules_variant import CASINO_PRICE
from ._state import GameState
from ._validate import MAX_COUNT, Names, check_game, check_state, join, shown
from ._variants import DEFAULT_RULES, Rules, with_draw

if TYPE_CHECKING:
    import json

__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "from_dict",
    "from_json",
    "save_schema",
    "to_dict",
    "to_json",
]

SAVE_FORMAT = "pycanfield-game"
"""The value of the ``format`` key of every save."""
SAVE_VERSION = 1
"""The version of the save format this library writes and reads."""

MAX_SAVE_LENGTH = 1_000_000
"""The longest save text :func:`from_json` reads, in characters; real saves are a few
kilobytes."""

_MAX_DIGITS = 30
_TOP_KEYS = ("format", "version", "code", "draw", "score", "actions", "position", "history")
_POSITION_KEYS = ("base", "stock", "waste", "fan", "reserve", "foundations", "columns")
# Under other rules than R1-R32 a save names them, and its positions count the redeals
# and hold the cards to choose the base card from (VariantPosition).
_RULES_KEY = "rules"
_VARIANT_KEYS = ("passes", "pending")
_MAX_COLUMNS = 8
_MAX_RULES_LENGTH = 500
_HISTORY_KEYS = ("start", "moves")
_START_KEYS = ("position", "score")
_CARD_BY_NAME = {str(card): card for card in PACK}

_SAVE_NAMES = Names(
    history="history.moves",
    start="history.start.position",
    start_score="history.start.score",
    move=lambda i: f"history.moves[{i}]",
)


# -- writing ----------------------------------------------------------------------------


def to_dict(state: GameState) -> dict[str, Any]:
    """The save of ``state`` as plain JSON data (dicts, lists, strings, ints and None).

    The state is validated first (:func:`~pycanfield.validate`), so that nothing is saved
    that could not be loaded.  A game under other rules than R1-R32 (any
    :class:`~pycanfield.Rules`) also saves them, as their text (``"rules"``), and each
    of its positions its redeal count and the cards waiting for the choice of the base
    card (``"passes"``, ``"pending"``).

    >>> from pycanfield import deal
    >>> data = to_dict(deal("CF1-D3-AAAAACL"))
    >>> data["format"], data["version"], data["position"]["reserve"][-1]
    ('pycanfield-game', 1, 'QC')
    >>> from_dict(data) == deal("CF1-D3-AAAAACL")
    True
    """
    if not isinstance(state, GameState):
        raise wrong_type("to_dict", "state", "a GameState", state)
    check_state(state)
    history = state.history
    start = (
        {"position": _position_data(history[0].before), "score": history[0].score}
        if history
        else None
    )
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "code": state.code,
    }
    if not state.rules.is_standard:
        data[_RULES_KEY] = str(state.rules)
    data.update(
        {
            "draw": state.draw,
            "score": state.score,
            "actions": state.actions,
            "position": _position_data(state.position),
            "history": {"start": start, "moves": [str(step.move) for step in history]},
        }
    )
    return data


def to_json(state: GameState, *, indent: int | None = None) -> str:
    """The save of ``state`` as JSON text (see :func:`to_dict`); ``indent`` (spaces, 0 or
    more) pretty-prints, and a negative one raises :class:`~pycanfield.OptionError`.

    >>> from pycanfield import apply, deal, Move
    >>> state = apply(deal("CF1-D3-AAAAACL"), Move.parse("R>2"))
    >>> from_json(to_json(state)) == state
    True
    >>> rainbow = deal("CRB-D1-AAAAACL")
    >>> to_dict(rainbow)["rules"], from_json(to_json(rainbow)) == rainbow
    ('rainbow', True)
    """
    if not isinstance(state, GameState):
        raise wrong_type("to_json", "state", "a GameState", state)
    if indent is not None and (not isinstance(indent, int) or isinstance(indent, bool)):
        raise wrong_type("to_json", "indent", "a whole number or None", indent)
    if indent is not None and indent < 0:
        raise OptionError(f"indent must be a number of spaces, 0 or more, or None, not {indent}")
    import json  # here, not at the top: most programs never save, and imports cost time

    return json.dumps(to_dict(state), indent=indent, ensure_ascii=True, allow_nan=False)


def _cards(pile: Pile) -> list[str]:
    return [str(card) for card in pile]


def _position_data(pos: Position) -> dict[str, Any]:
    base = pos.foundations[0]
    data = {
        "base": str(Card(base.base, base.suit)),
        "stock": _cards(pos.stock),
        "waste": _cards(pos.waste),
        "fan": pos.fan,
        "reserve": _cards(pos.reserve),
        "foundations": [_cards(f.cards) for f in pos.foundations],
        "columns": [_cards(column) for column in pos.columns],
    }
    if isinstance(pos, VariantPosition):
        data["passes"] = pos.passes
        data["pending"] = _cards(pos.pending)
    return data


# -- reading ----------------------------------------------------------------------------


def from_json(text: str | bytes | bytearray) -> GameState:
    """Load a game saved by :func:`to_json`.

    ``text`` is JSON text (``bytes`` are read as UTF-8).  Anything that is not a valid
    save raises :class:`~pycanfield.SaveFormatError`; a save whose game breaks the
    rules raises :class:`~pycanfield.ValidationError`.  Both name the offending field
    and are :class:`ValueError`.  Nothing is ever evaluated or unpickled.

    >>> from_json('{"format": "pycanfield-game", "version": 2}')
    Traceback (most recent call last):
      ...
    pycanfield.SaveFormatError: version: this library reads save version 1, not 2
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVE_LENGTH:
            _too_long(len(text))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveFormatError(
                "", f"a save is UTF-8 text: {exc.reason} at byte {exc.start}"
            ) from None
    if not isinstance(text, str):
        raise SaveFormatError("", f"a save is JSON text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_LENGTH:
        _too_long(len(text))
    import json

    try:
        data = _decoder().decode(text)
    except CanfieldError:
        raise
    except json.JSONDecodeError as exc:
        raise SaveFormatError(
            "", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise SaveFormatError("", "not a save: arrays or objects nested too deeply") from None
    except ValueError as exc:  # pragma: no cover - json's remaining value errors
        raise SaveFormatError("", f"not JSON: {exc}") from None
    return from_dict(data)


def _too_long(length: int) -> NoReturn:
    raise SaveFormatError(
        "", f"a save of {length} characters is too long; saves hold at most {MAX_SAVE_LENGTH}"
    )


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise SaveFormatError("", f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise SaveFormatError("", f"the number {text[:12]}... has more than {_MAX_DIGITS} digits")
    return int(text)


def _refuse_constant(text: str) -> NoReturn:
    raise SaveFormatError("", f"{text} is not a number a save can hold")


@functools.cache
def _decoder() -> json.JSONDecoder:
    # One decoder for every load: json.loads with hooks would build a new one each call.
    import json

    return json.JSONDecoder(
        object_pairs_hook=_unique_keys, parse_int=_parse_int, parse_constant=_refuse_constant
    )


def from_dict(data: Any) -> GameState:
    """Load a game from the plain data :func:`to_dict` gives (or ``json.loads`` of a
    save).  Errors as in :func:`from_json`.

    >>> data = {"format": "pycanfield-game", "version": 1, "cheat": True}
    >>> from_dict(data)
    Traceback (most recent call last):
      ...
    pycanfield.SaveFormatError: cheat: unknown key
    """
    top = _object(data, "", _TOP_KEYS, check_version=True, optional=(_RULES_KEY,))
    draw = _int(top["draw"], "draw", 1, 3)
    if draw == 2:
        raise SaveFormatError("draw", "must be 1 or 3, not 2 (R18)")
    rules = _rules(top, draw)
    low = -CASINO_PRICE if rules.scoring == "casino" else 0
    score = _int(top["score"], "score", low, MAX_COUNT)
    actions = _int(top["actions"], "actions", 0, MAX_COUNT)
    code = top["code"]
    if code is not None and not isinstance(code, str):
        raise SaveFormatError("code", f"must be a game code string or null, not {_kind(code)}")
    position = _position(top["position"], "position", rules)
    history = _object(top["history"], "history", _HISTORY_KEYS)
    # An unlimited undo keeps every action; the length of the text bounds them then.
    most = rules.undo if rules.undo is not None else MAX_SAVE_LENGTH
    moves_data = _array(history["moves"], "history.moves", most)
    moves = [_move(item, f"history.moves[{i}]") for i, item in enumerate(moves_data)]
    start_data = history["start"]
    start: tuple[Position, int] | None = None
    if start_data is None:
        if moves:
            raise SaveFormatError("history.start", "must be given when there are moves to undo")
    else:
        if not moves:
            raise SaveFormatError("history.start", "must be null when there are no moves to undo")
        start_obj = _object(start_data, "history.start", _START_KEYS)
        start = (
            _position(start_obj["position"], "history.start.position", rules),
            _int(start_obj["score"], "history.start.score", low, MAX_COUNT),
        )
    steps = check_game(
        position=position,
        draw=draw,
        score=score,
        actions=actions,
        code=code,
        start=start,
        moves=moves,
        names=_SAVE_NAMES,
        rules=rules,
    )
    return GameState(
        position,
        draw=draw,
        score=score,
        actions=actions,
        code=code,
        history=tuple(steps),
        rules=rules,
    )


def _rules(top: dict[str, Any], draw: int) -> Rules:
    """The rules of a save: R1-R32 in its draw mode without a ``rules`` key, else the
    rules its text names, written as :class:`~pycanfield.Rules` prints them."""
    if _RULES_KEY not in top:
        return with_draw(DEFAULT_RULES, draw)
    text = top[_RULES_KEY]
    if not isinstance(text, str):
        raise SaveFormatError(_RULES_KEY, f"must be a rules text, not {_kind(text)}")
    if len(text) > _MAX_RULES_LENGTH:
        # Every option written out takes some 250 characters.
        raise SaveFormatError(
            _RULES_KEY, f"{_kind(text)} is too long for a rules text ({len(text)} characters)"
        )
    try:
        rules = Rules.parse(text)
    except RulesParseError as exc:
        raise SaveFormatError(_RULES_KEY, f"is not a rules text: {exc}") from None
    if rules.is_standard:
        # One text per game: the standard rules are saved without the key.
        raise SaveFormatError(
            _RULES_KEY, f"{text!r} names the standard rules, which a save leaves out"
        )
    if str(rules) != text:
        raise SaveFormatError(
            _RULES_KEY, f"{text!r} is not written canonically; expected {str(rules)!r}"
        )
    if rules.draw != draw:
        raise SaveFormatError("draw", f"is {draw}, but the rules {text!r} draw {rules.draw} (R18)")
    return rules


def _kind(value: object) -> str:
    """How JSON would call ``value``, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {shown(value)}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        short = value if len(value) <= 20 else value[:17] + "..."
        return f"the string {short!r}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def _object(
    value: Any,
    where: str,
    keys: tuple[str, ...],
    *,
    check_version: bool = False,
    optional: tuple[str, ...] = (),
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SaveFormatError(where, f"must be an object, not {_kind(value)}")
    if check_version:
        _check_version(value)
    for key in value:
        if key not in keys and key not in optional:
            name = key if isinstance(key, str) else repr(key)
            raise SaveFormatError(join(where, name), "unknown key")
    for key in keys:
        if key not in value:
            raise SaveFormatError(join(where, key), "missing")
    return value


def _check_version(value: dict[Any, Any]) -> None:
    if value.get("format") != SAVE_FORMAT:
        found = _kind(value["format"]) if "format" in value else "missing"
        raise SaveFormatError("format", f"must be {SAVE_FORMAT!r}, not {found}: not a saved game")
    version = value.get("version")
    if not _is_int(version):
        raise SaveFormatError("version", f"must be the number {SAVE_VERSION}, not {_kind(version)}")
    if version != SAVE_VERSION:
        raise SaveFormatError(
            "version", f"this library reads save version {SAVE_VERSION}, not {shown(version)}"
        )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any, where: str, low: int, high: int) -> int:
    if not _is_int(value):
        raise SaveFormatError(where, f"must be an integer, not {_kind(value)}")
    if not low <= value <= high:
        raise SaveFormatError(where, f"{_kind(value)} is out of range {low}..{high}")
    result: int = value
    return result


def _array(value: Any, where: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise SaveFormatError(where, f"must be an array, not {_kind(value)}")
    if len(value) > most:
        raise SaveFormatError(where, f"holds {len(value)} items; at most {most} fit")
    return value


def _card(value: Any, where: str) -> Card:
    card = _CARD_BY_NAME.get(value) if isinstance(value, str) else None
    if card is None:
        raise SaveFormatError(
            where, f"must be a card written like 'QC' or 'TH', not {_kind(value)}"
        )
    return card


def _pile(value: Any, where: str, most: int) -> Pile:
    return tuple(_card(item, f"{where}[{i}]") for i, item in enumerate(_array(value, where, most)))


def _move(value: Any, where: str) -> Move:
    if not isinstance(value, str):
        raise SaveFormatError(where, f"must be a move such as 'R>2', not {_kind(value)}")
    try:
        move = Move.parse(value)
    except CanfieldError as exc:
        raise SaveFormatError(where, f"is not a move: {exc}") from None
    if str(move) != value:
        raise SaveFormatError(
            where, f"{value!r} is not written canonically; expected {str(move)!r}"
        )
    return move


def _position(value: Any, where: str, rules: Rules) -> Position:
    variant = not rules.is_standard
    data = _object(value, where, _POSITION_KEYS + _VARIANT_KEYS if variant else _POSITION_KEYS)
    base = _card(data["base"], join(where, "base"))
    stock = _pile(data["stock"], join(where, "stock"), 52)
    waste = _pile(data["waste"], join(where, "waste"), 52)
    fan = _int(data["fan"], join(where, "fan"), 0, 3)
    reserve = _pile(data["reserve"], join(where, "reserve"), 52)
    found_data = _array(data["foundations"], join(where, "foundations"), 4)
    if len(found_data) != 4:
        raise SaveFormatError(
            join(where, "foundations"), f"must hold 4 foundations, not {len(found_data)}"
        )
    foundations = []
    for i, suit in enumerate(foundation_suits(base.suit)):
        name = join(where, f"foundations[{i}]")
        pile = _pile(found_data[i], name, 13)
        for j, card in enumerate(pile):
            expected = Foundation(suit, base.rank, j + 1).top
            if card is not expected:
                raise SaveFormatError(
                    f"{name}[{j}]",
                    f"is {card}, but foundation {i + 1} holds {suit.name.lower()} from the base "
                    f"rank {base.rank.label} up, so card {j + 1} is {expected} (R8, R9, R10)",
                )
        foundations.append(Foundation(suit, base.rank, len(pile)))
    pending: Pile = ()
    passes = 0
    if variant:
        passes = _int(data["passes"], join(where, "passes"), 0, 99)
        pending = _pile(data["pending"], join(where, "pending"), _MAX_COLUMNS + 1)
        if pending and rules.base != "choose":
            raise SaveFormatError(
                join(where, "pending"),
                f"must be empty: under base={rules.base} the base card is not chosen",
            )
    # The columns are laid out once the base card is chosen.
    count = 0 if pending else rules.columns
    column_data = _array(data["columns"], join(where, "columns"), _MAX_COLUMNS if variant else 4)
    if len(column_data) != count:
        raise SaveFormatError(
            join(where, "columns"),
            f"must hold {count} columns, not {len(column_data)}"
            + (" while the base card is to be chosen" if pending else ""),
        )
    columns = tuple(
        _pile(column, join(where, f"columns[{i}]"), 52) for i, column in enumerate(column_data)
    )
    if variant:
        return VariantPosition(
            stock, waste, reserve, tuple(foundations), columns, fan, passes, pending
        )
    return Position(stock, waste, reserve, tuple(foundations), columns, fan)


def save_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the save format, as shipped in the package.

    It describes the structure of a save; :func:`from_json` also checks the rules.

    >>> save_schema()["properties"]["version"]["const"]
    1
    """
    import json
    from importlib import resources

    path = resources.files("pycanfield") / "schema" / "game-v1.schema.json"
    text = path.read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
