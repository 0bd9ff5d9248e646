"""pycanfield: the rules of Canfield solitaire as an immutable, typed Python library.

>>> import pycanfield as cf
>>> state = cf.deal("CF1-D3-AAAAACL")
>>> [str(m) for m in cf.legal_moves(state)]
['R>2', '2>4', 'draw']
>>> state = cf.apply(state, cf.Move.parse("R>2"))
>>> cf.undo(state) == cf.deal("CF1-D3-AAAAACL")
True
"""

# Imported under private names, so that ``dir(pycanfield)`` lists the library alone.
import importlib as _importlib
import typing as _typing

from . import _errors
from ._cards import PACK, Card, Color, Rank, Suit
from ._codes import CODE_SPACE, Deal, decode, encode
from ._errors import (
    ActionError,
    CanfieldError,
    CardParseError,
    DeckError,
    GameCodeError,
    IllegalMoveError,
    InvalidMoveError,
    MoveParseError,
    OptionError,
    ParseError,
    RulesParseError,
    SaveFormatError,
    TapError,
    UndoError,
    ValidationError,
    WrongTypeError,
)
from ._moves import DRAW, RECYCLE, Move, MoveKind
from ._position import Foundation, Pile, Position, VariantPosition
from ._rules import (
    apply,
    has_legal_move,
    is_legal,
    is_won,
    legal_moves,
    play,
    position_moves,
    run_length,
    score,
    tap,
    undo,
)
from ._state import HISTORY_LIMIT, GameState, Step, deal, from_deck, new_game
from ._variants import VARIANTS, Rules, Variant, find_variant
from ._version import __version__

if _typing.TYPE_CHECKING:
    from ._actions import (
        ACTION_COUNT,
        MAX_RUN,
        OBSERVATION_HIGH,
        OBSERVATION_SIZE,
        action_to_move,
        legal_action_mask,
        legal_actions,
        move_to_action,
        observe,
    )
    from ._describe import LANGUAGES, describe, describe_card, describe_move
    from ._render_html import render_html
    from ._render_svg import render_svg
    from ._render_text import render_text
    from ._serialize import (
        SAVE_FORMAT,
        SAVE_VERSION,
        from_dict,
        from_json,
        save_schema,
        to_dict,
        to_json,
    )
    from ._solver import SolveLimit, SolveResult, SolveStatus, hint, solve
    from ._survey import survey
    from ._survey_rows import SurveyResult, SurveyRow
    from ._validate import validate

#: The names whose modules load on first use: most programs need only some of them, and
#: ``import pycanfield`` stays quick (``benchmarks/import_time.py``).
_LAZY: dict[str, str] = {
    "ACTION_COUNT": "._actions",
    "MAX_RUN": "._actions",
    "OBSERVATION_HIGH": "._actions",
    "OBSERVATION_SIZE": "._actions",
    "action_to_move": "._actions",
    "legal_action_mask": "._actions",
    "legal_actions": "._actions",
    "move_to_action": "._actions",
    "observe": "._actions",
    "LANGUAGES": "._describe",
    "describe": "._describe",
    "describe_card": "._describe",
    "describe_move": "._describe",
    "render_html": "._render_html",
    "render_svg": "._render_svg",
    "render_text": "._render_text",
    "SAVE_FORMAT": "._serialize",
    "SAVE_VERSION": "._serialize",
    "from_dict": "._serialize",
    "from_json": "._serialize",
    "save_schema": "._serialize",
    "to_dict": "._serialize",
    "to_json": "._serialize",
    "SolveLimit": "._solver",
    "SolveResult": "._solver",
    "SolveStatus": "._solver",
    "hint": "._solver",
    "solve": "._solver",
    "SurveyResult": "._survey_rows",
    "SurveyRow": "._survey_rows",
    "survey": "._survey",
    "validate": "._validate",
}


# Hidden from type checkers, which see the imports above: a module-level __getattr__
# would let them accept any name as an attribute of the package.
if not _typing.TYPE_CHECKING:

    def __getattr__(name: str) -> _typing.Any:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'pycanfield' has no attribute {name!r}")
        value = getattr(_importlib.import_module(module, __name__), name)
        globals()[name] = value  # later lookups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "ACTION_COUNT",
    "CODE_SPACE",
    "DRAW",
    "HISTORY_LIMIT",
    "LANGUAGES",
    "MAX_RUN",
    "OBSERVATION_HIGH",
    "OBSERVATION_SIZE",
    "PACK",
    "RECYCLE",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "VARIANTS",
    "ActionError",
    "CanfieldError",
    "Card",
    "CardParseError",
    "Color",
    "Deal",
    "DeckError",
    "Foundation",
    "GameCodeError",
    "GameState",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "MoveKind",
    "MoveParseError",
    "OptionError",
    "ParseError",
    "Pile",
    "Position",
    "Rank",
    "Rules",
    "RulesParseError",
    "SaveFormatError",
    "SolveLimit",
    "SolveResult",
    "SolveStatus",
    "Step",
    "Suit",
    "SurveyResult",
    "SurveyRow",
    "TapError",
    "UndoError",
    "ValidationError",
    "Variant",
    "VariantPosition",
    "WrongTypeError",
    "__version__",
    "action_to_move",
    "apply",
    "deal",
    "decode",
    "describe",
    "describe_card",
    "describe_move",
    "encode",
    "find_variant",
    "from_deck",
    "from_dict",
    "from_json",
    "has_legal_move",
    "hint",
    "is_legal",
    "is_won",
    "legal_action_mask",
    "legal_actions",
    "legal_moves",
    "move_to_action",
    "new_game",
    "observe",
    "play",
    "position_moves",
    "render_html",
    "render_svg",
    "render_text",
    "run_length",
    "save_schema",
    "score",
    "solve",
    "survey",
    "tap",
    "to_dict",
    "to_json",
    "undo",
    "validate",
]

# The exceptions live in a private module; name them where users import them from, so
# that tracebacks say ``pycanfield.IllegalMoveError``.
for _name in _errors.__all__:
    getattr(_errors, _name).__module__ = __name__
del _name
