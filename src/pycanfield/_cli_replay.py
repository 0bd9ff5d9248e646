"""Sub-command ``canfield replay``: the replay page of a deal (:func:`render_html`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._cli_basic import write_file
from ._cli_solve import _positive_float, _positive_int
from ._describe import LANGUAGES
from ._moves import Move
from ._solver import SolveStatus, solve
from ._state import deal

__all__ = ["register"]


def _replay(args: argparse.Namespace) -> int:
    # Loaded here, not at import: `canfield --help` stays quick (benchmarks/import_time.py).
    from ._render_html import render_html

    state = deal(args.code)
    if args.moves is not None:
        moves = tuple(Move.parse(text) for text in args.moves.split())
    else:
        result = solve(state, time_limit=args.time_limit, node_limit=args.node_limit)
        if result.status is not SolveStatus.WIN:
            print(
                f"canfield: the solver found no winning line for {state.code} ({result}); "
                'give the moves to replay with --moves "..."',
                file=sys.stderr,
            )
            return 1
        moves = result.moves
    page = render_html(state, moves, lang=args.lang, title=args.title)
    if args.out == "-":
        sys.stdout.write(page)
        return 0
    write_file(args.out, page)
    print(f"{args.out}: {len(moves)} moves of {state.code}, {len(page.encode()) / 1024:.0f} KiB")
    return 0


def register(subparsers: Any) -> None:
    """Add ``replay`` to the ``canfield`` parser."""
    p = subparsers.add_parser(
        "replay",
        help="write a web page that replays a deal",
        description="Write a self-contained web page that replays the moves of a deal, "
        "step by step, with each move described in words.",
    )
    p.add_argument("code", help="a game code such as CF1-D3-AAAAACL")
    p.add_argument(
        "--moves",
        metavar="MOVES",
        help='the moves to replay, such as "R>2 R>F 2>4X2 draw" '
        "(default: the solver's winning line)",
    )
    p.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of the captions (default en)"
    )
    p.add_argument("--title", help="the page's heading (default: the game code)")
    p.add_argument(
        "--time-limit",
        type=_positive_float,
        default=60.0,
        metavar="SECONDS",
        help="for the solver, when no moves are given (default 60)",
    )
    p.add_argument("--node-limit", type=_positive_int, default=None, metavar="POSITIONS")
    p.add_argument(
        "-o", "--out", required=True, metavar="FILE", help="the page to write ('-': stdout)"
    )
    p.set_defaults(run=_replay)
