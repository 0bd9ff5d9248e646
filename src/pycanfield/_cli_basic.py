"""Sub-commands that only read a deal: ``canfield moves CODE [MOVE ...]``."""

from __future__ import annotations

import argparse
from typing import Any

from ._errors import OptionError
from ._moves import Move
from ._rules import apply, legal_moves
from ._state import deal


def write_file(path: str, text: str) -> None:
    """Write a command's output file; a file that cannot be written is an option error."""
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise OptionError(f"cannot write {path}: {error.strerror}") from None


def _moves(args: argparse.Namespace) -> int:
    state = deal(args.code)
    for text in args.moves:
        state = apply(state, Move.parse(text))
    for move in legal_moves(state):
        print(move)
    return 0


def register(subparsers: Any) -> None:
    """Add this module's sub-commands to the ``canfield`` parser."""
    p = subparsers.add_parser(
        "moves", help="list the legal moves of a deal, at its start or after some moves"
    )
    p.add_argument("code", help="a game code such as CF1-D3-AAAAACL")
    p.add_argument(
        "moves", nargs="*", default=[], metavar="MOVE", help="moves to play first, such as R>2"
    )
    p.set_defaults(run=_moves)
