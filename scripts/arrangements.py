"""How many column arrangements the solver searches for each rest of the position.

A search under the general engine, given the code of a deal and a node limit, counts
the positions it generates the moves of (every search of the solver together) and
the distinct foundations, reserve, talon, pointer and redeals among them: the rest of
each such position is the arrangement of the cards in the columns.
``docs/solver-measured.rst`` ("Column arrangements") gives the figures for a few deals::

    python scripts/arrangements.py CCH-D1-OUVIREV --node-limit 200000

``--show N`` prints N arrangements of the most searched rest, one a line.
``--reversible`` also counts the positions left when the arrangements that reach one
another by moves that can be taken back (one card from a column's top to another's
and back, see :func:`reversible`) count as one: the most a table keyed on such classes
could save.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, deque
from collections.abc import Collection, Iterator
from typing import Any

import pycanfield as cf
from pycanfield._cards import PACK
from pycanfield._solver import _search
from pycanfield._solver_rules import RState, RulesEngine

# Everything of a search position but its columns.
Rest = tuple[tuple[int, ...], int, bytes, int, int]
Columns = tuple[bytes, ...]


def reversible(engine: RulesEngine, cols: Columns, reserve: int) -> Iterator[Columns]:
    """The arrangements (columns sorted, as in the key) one move away from ``cols`` by
    a move whose reverse is legal too, with ``reserve`` cards in the reserve: a column's
    top card that lies on a card, onto another column's top that takes it (it goes
    back onto the card it lay on, which took it when it was built there); and, where
    the rules let a column's card fill an empty column that nothing fills by itself, such
    a card into an empty column, or a lone card out of its column onto another's top.
    Every move leaves the foundations, the reserve and the talon as they were."""
    empty = engine.open_column[1 if reserve else 0]
    for i, ci in enumerate(cols):
        if not ci or (len(ci) == 1 and not empty):
            continue
        x = ci[-1]
        for j, cj in enumerate(cols):
            if j == i:
                continue
            if cj and x in engine.accept_set[cj[-1]]:
                moved = list(cols)
                moved[i], moved[j] = ci[:-1], cj + ci[-1:]
                yield tuple(sorted(moved))
            elif not cj and empty and len(ci) > 1:
                moved = list(cols)
                moved[i], moved[j] = ci[:-1], ci[-1:]
                yield tuple(sorted(moved))


def classes(engine: RulesEngine, positions: Collection[tuple[Columns, Rest]]) -> tuple[int, int]:
    """How many classes ``positions`` fall in when the arrangements that
    :func:`reversible` moves join are one, and the most arrangements in one of them
    (searched or not)."""
    found: dict[tuple[Columns, Rest], tuple[Columns, Rest]] = {}
    largest = 0
    for start in positions:
        if start in found:
            continue
        cols, rest = start
        members, todo = {cols}, deque([cols])
        while todo:
            for other in reversible(engine, todo.popleft(), rest[1]):
                if other not in members:
                    members.add(other)
                    todo.append(other)
        name = (min(members), rest)
        found.update(((m, rest), name) for m in members)
        largest = max(largest, len(members))
    return len({found[p] for p in positions}), largest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("code", help="a game code whose rules use the general engine")
    parser.add_argument("--node-limit", type=int, default=200_000)
    parser.add_argument("--show", type=int, default=0, metavar="N")
    parser.add_argument("--reversible", action="store_true")
    args = parser.parse_args()
    search = _search(cf.deal(args.code), args.node_limit, None)
    engine = search.engine
    if not isinstance(engine, RulesEngine):
        parser.error(f"{args.code} is played by the standard rules' engine, not the general one")
    rests: Counter[Rest] = Counter()
    positions: set[tuple[Columns, Rest]] = set()
    shown: dict[Rest, list[tuple[bytes, ...]]] = {}
    generate = engine.ordered

    def counted(st: RState, *options: Any, **named: Any) -> list[Any]:
        rest: Rest = st[1:]
        rests[rest] += 1
        if args.reversible:
            positions.add((tuple(sorted(st[0])), rest))
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
    if args.reversible:
        joined, largest = classes(engine, positions)
        print(f"  distinct positions: {len(positions):,}; classes joined by moves taken back:")
        print(f"    {joined:,} ({len(positions) / joined:.2f} positions for each)")
        print(f"    the largest has {largest:,} arrangements")
    if args.show:
        fnd, rlen, talon, p, _ = top
        print(f"  the most searched: foundations {fnd}, reserve {rlen}, talon {len(talon)}, p {p}")
        picks = shown[top]
        for cols in random.Random(1).sample(picks, min(args.show, len(picks))):
            print("   ", " | ".join(" ".join(str(PACK[c]) for c in col) for col in cols))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
