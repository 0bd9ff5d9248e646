"""A teaching walk-through: the opening of the reference deal, told in plain language.

Plays the three-move opening of ``CF1-D3-AAAAACL`` (R29) one move at a time and prints,
before each move, the position as :func:`pycanfield.describe` tells it and the move as
:func:`pycanfield.describe_move` tells it, then the position reached and the score.
Run::

    python examples/teaching_walkthrough.py              # in English
    python examples/teaching_walkthrough.py --lang cs    # ru, cs, el, fr as well
    python examples/teaching_walkthrough.py --lang ru --options   # every legal move too

``--moves`` plays other moves (in the move notation, such as ``R>2 draw W>F``) from the
deal given with ``--code``.  ``--smoke`` runs the walk-through in every language and
checks that each move scores what the rules say.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import pycanfield as cf

OPENING = ("R>2", "R>F", "2>4x2")
"""The opening of the reference deal's winning game (R29)."""


def walk(code: str, moves: Sequence[str], lang: str, *, options: bool = False) -> cf.GameState:
    """Play ``moves`` from the deal ``code``, printing each step; returns the last state."""
    state = cf.deal(code)
    print(f"{code}, language {lang}")
    for number, text in enumerate(moves, start=1):
        print()
        print(cf.describe(state, lang=lang))
        if options:
            for move in cf.legal_moves(state):
                print(f"    {move!s:>6}  {cf.describe_move(state, move, lang=lang)}")
        move = cf.Move.parse(text)
        print(f"Move {number} ({move}): {cf.describe_move(state, move, lang=lang)}")
        state = cf.apply(state, move)
    print()
    print(cf.describe(state, lang=lang))
    print(f"Score: {state.score}")
    return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--lang", default="en", choices=cf.LANGUAGES, help="language")
    parser.add_argument("--code", default="CF1-D3-AAAAACL", help="game code of the deal")
    parser.add_argument("--moves", nargs="+", default=list(OPENING), help="moves to play")
    parser.add_argument("--options", action="store_true", help="list every legal move")
    parser.add_argument("--smoke", action="store_true", help="every language, with checks")
    args = parser.parse_args(argv)
    try:
        if not args.smoke:
            walk(args.code, args.moves, args.lang, options=args.options)
            return 0
        for lang in cf.LANGUAGES:
            state = walk(args.code, args.moves, lang, options=True)
            print()
        # R30: of the opening's three moves only the second reaches a foundation.
        if args.moves == list(OPENING) and state.score != 5:
            print(f"expected a score of 5 after the opening, got {state.score}")
            return 1
    except cf.CanfieldError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
