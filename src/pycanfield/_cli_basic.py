"""Sub-commands that only read a deal: ``canfield moves CODE``."""

from __future__ import annotations

import argparse
from typing import Any

from ._rules import legal_moves
from ._state import deal


def _moves(args: argparse.Namespace) -> int:
    state = deal(args.code)
    for move in legal_moves(state):
        print(move)
    return 0


def register(subparsers: Any) -> None:
    """Add this module's sub-commands to the ``canfield`` parser."""
    p = subparsers.add_parser("moves", help="list the legal moves at the start of a deal")
    p.add_argument("code", help="a game code such as CF1-D3-AAAAACL")
    p.set_defaults(run=_moves)
