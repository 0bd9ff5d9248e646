"""pycanfield: the rules of Canfield solitaire as an immutable, typed Python library.

>>> import pycanfield as cf
>>> state = cf.deal("CF1-D3-AAAAACL")
>>> [str(m) for m in cf.legal_moves(state)]
['R>2', '2>4', 'draw']
>>> state = cf.apply(state, cf.Move.parse("R>2"))
>>> cf.undo(state) == cf.deal("CF1-D3-AAAAACL")
True
"""

from ._cards import PACK, Card, Color, Rank, Suit
from ._codes import CODE_SPACE, Deal, decode, encode
from ._errors import (
    CanfieldError,
    CardParseError,
    DeckError,
    GameCodeError,
    IllegalMoveError,
    InvalidMoveError,
    MoveParseError,
    OptionError,
    ParseError,
    TapError,
    UndoError,
)
from ._moves import DRAW, RECYCLE, Move, MoveKind
from ._position import Foundation, Pile, Position
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
from ._version import __version__

__all__ = [
    "CODE_SPACE",
    "DRAW",
    "HISTORY_LIMIT",
    "PACK",
    "RECYCLE",
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
    "Step",
    "Suit",
    "TapError",
    "UndoError",
    "__version__",
    "apply",
    "deal",
    "decode",
    "encode",
    "from_deck",
    "has_legal_move",
    "is_legal",
    "is_won",
    "legal_moves",
    "new_game",
    "play",
    "position_moves",
    "run_length",
    "score",
    "tap",
    "undo",
]
