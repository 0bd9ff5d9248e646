"""How many column arrangements the solver searches for each rest of the position.

A search under the general engine, given the code of a deal and a node limit, counts
the positions it generates the moves of (every search of the solver together) and
the distinct foundations, reserve, talon, pointer and redeals among them: the rest of
each such position is the arrangement of the cards in the columns.
``docs/solver-measured.rst`` ("Column arrangements") gives the figures for a few deals::

    python scripts/arrangements.py CCH-D1-OUVIREV --node-limit 200000

``--show N`` prints N arrangements of the most searched rest, one a line.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import Any

import pycanfield as cf
from pycanfield._cards import PACK
from pycanfield._solver import _search
from pycanfield._solver_rules import RState, RulesEngine

# Everything of a search position but its columns.
Rest = tuple[tuple[int, ...], int, bytes, int, int]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("code", help="a game code whose rules use the general engine")
    parser.add_argument("--node-limit", type=int, default=200_000)
    parser.add_argument("--show", type=int, default=0, metavar="N")
    args = parser.parse_args()
    search = _search(cf.deal(args.code), args.node_limit, None)
    engine = search.engine
    if not isinstance(engine, RulesEngine):
        parser.error(f"{args.code} is played by the standard rules' engine, not the general one")
    rests: Counter[Rest] = Counter()
    shown: dict[Rest, list[tuple[bytes, ...]]] = {}
    generate = engine.ordered

    def counted(st: RState, *options: Any, **named: Any) -> list[Any]:
        rest: Rest = st[1:]
        rests[rest] += 1
        if args.show:
            shown.setdefault(rest, []).append(st[0])
        return generate(st, *options, **named)

    engine.ordered = counted  # type: ignore[method-assign]
    found, _ = search.run()
    total = sum(rests.values())
    status = {True: "win", False: "no win", None: "unknown"}[found]
    print(f"{args.code}: {status} after {search.nodes:,} positions")
    if not total:
        return 0
    top, most = rests.most_common(1)[0]
    print(f"  positions whose moves were generated: {total:,}")
    print(f"  distinct foundations, reserve, talon, pointer and redeals: {len(rests):,}")
    print(f"  positions for each: {total / len(rests):.1f}; most for one: {most:,}")
    if args.show:
        fnd, rlen, talon, p, _ = top
        print(f"  the most searched: foundations {fnd}, reserve {rlen}, talon {len(talon)}, p {p}")
        picks = shown[top]
        for cols in random.Random(1).sample(picks, min(args.show, len(picks))):
            print("   ", " | ".join(" ".join(str(PACK[c]) for c in col) for col in cols))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
