"""Where the main search of the general engine spends its positions on one deal.

The complete (main) search alone is run from the deal, given its code, to a node limit,
in its own order, and the script prints what its positions are made of: how many
distinct foundations, foundations with reserve, and foundations with reserve, talon,
pointer and redeals they hold (the rest of a position is its columns), and how many
distinct columns, foundations and reserve (the rest is the talon pointer); how many
talons each foundations and reserve meet; the cards up; the kind of move that reached
each position; the depth.  For a win, the moves of the line that were not the first
the search tried, by their number: where the search chose wrongly before it found the
line.  A deal whose player chooses the base card (``base="choose"``) is searched after
the choice given by ``--choice``.  ``docs/solver-measured.rst`` ("The hard draw-3
deals with whole runs") gives the figures for a few deals::

    python scripts/where_positions.py CCL-D3-QUUDAKY --node-limit 600000
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict
from typing import Any

import pycanfield as cf
from pycanfield._solver import _search
from pycanfield._solver_core import CC, CF, FC, RC, RF, TC, TF, IMove
from pycanfield._solver_probe import Probe
from pycanfield._solver_rules import RState, RulesEngine

KINDS = {
    RF: "reserve to foundation",
    RC: "reserve to column",
    TF: "talon to foundation",
    TC: "talon to column",
    CF: "column to foundation",
    FC: "take-back",
}


def kind(move: IMove) -> str:
    """The name of a move's kind; moves between columns by the cards they carry."""
    if move[0] == CC:
        return "one card between columns" if move[3] == 1 else "run between columns"
    return KINDS.get(move[0], "series")


class Path(list[IMove]):
    """The search's line, counting each position entered by the move and depth."""

    def __init__(self) -> None:
        super().__init__()
        self.kinds: Counter[str] = Counter()
        self.depths: Counter[int] = Counter()

    def append(self, move: IMove) -> None:
        self.kinds[kind(move)] += 1
        self.depths[len(self) // 25 * 25] += 1
        super().append(move)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("code", help="a game code whose rules use the general engine")
    parser.add_argument("--node-limit", type=int, default=300_000)
    parser.add_argument(
        "--choice", type=int, default=0, metavar="K", help="the K-th base card (base=choose)"
    )
    args = parser.parse_args()
    state = cf.deal(args.code)
    if state.position.pending:
        choices = cf.legal_moves(state)
        if not 1 <= args.choice <= len(choices):
            parser.error(f"{args.code} waits for the base card: give --choice 1 to {len(choices)}")
        state = cf.apply(state, choices[args.choice - 1])
    search = _search(state, None, None)
    engine = search.engine
    if not isinstance(engine, RulesEngine):
        parser.error(f"{args.code} is played by the standard rules' engine, not the general one")
    generate = engine.ordered
    rests: Counter[tuple[Any, ...]] = Counter()
    talons: defaultdict[tuple[tuple[int, ...], int], set[tuple[Any, ...]]] = defaultdict(set)
    cards_up: Counter[int] = Counter()
    # The columns (in any order), foundations and reserve: the position but for the talon
    # pointer, as the talon holds the cards found nowhere else, in their dealt order.
    tableaus: set[tuple[Any, ...]] = set()
    ends, forced = 0, 0

    def counted(st: RState, *options: Any, **named: Any) -> list[Any]:
        nonlocal ends, forced
        kids = generate(st, *options, **named)
        rests[st[1:]] += 1
        talons[(st[1], st[2])].add(st[3:])
        cards_up[sum(st[1])] += 1
        tableaus.add((tuple(sorted(st[0])), st[1], st[2]))
        if not kids:
            ends += 1
        elif len(kids) == 1 and kids[0][0][0] in (RF, TF, CF):
            forced += 1
        return kids

    engine.ordered = counted  # type: ignore[method-assign]
    probe = Probe(search, None, False)
    path = probe.path = Path()
    start = time.process_time()
    found, line = probe.advance(args.node_limit)
    seconds = time.process_time() - start
    status = {True: "win", False: "no win", None: "unknown"}[found]
    print(f"{args.code}: the main search alone, {status} after {search.nodes:,} positions")
    print(f"  processor seconds {seconds:.1f}")
    total = sum(rests.values())
    if not total:
        return 0
    foundations = {rest[0] for rest in rests}
    print(
        f"  distinct foundations {len(foundations):,}; with the reserve {len(talons):,}; "
        f"with the talon, pointer and redeals {len(rests):,} ({total / len(rests):.1f} "
        "positions each)"
    )
    print(
        f"  distinct columns, foundations and reserve {len(tableaus):,} "
        f"({total / len(tableaus):.2f} talon pointers each)"
    )
    per = sorted((len(seen) for seen in talons.values()), reverse=True)
    print(
        f"  talons for each foundations and reserve: median {per[len(per) // 2]:,}, most {per[0]:,}"
    )
    print(f"  positions without a move {ends:,}; with one safe move up only {forced:,}")
    fours: Counter[int] = Counter()
    for up, n in cards_up.items():
        fours[up // 4 * 4] += n
    print("  cards up:", ", ".join(f"{up}-{up + 3}: {n:,}" for up, n in sorted(fours.items())))
    print("  positions by the move that reached them:")
    for name, n in path.kinds.most_common():
        print(f"    {name:26} {n:9,} ({n / sum(path.kinds.values()):.0%})")
    print("  depth:", ", ".join(f"{d}-{d + 24}: {n:,}" for d, n in sorted(path.depths.items())))
    if found:
        engine.ordered = generate  # type: ignore[method-assign]
        late = []
        for number, (st, move) in enumerate(zip(search.path_states, line, strict=False), 1):
            moves = [m for m, _ in generate(st)]
            rank = moves.index(move)
            if rank:
                late.append(f"{number}: {kind(move)}, {rank + 1} of {len(moves)}")
        print(f"  the line: {len(line)} moves; those not tried first, by their number")
        print("    " + "; ".join(late[:12]) + ("; ..." if len(late) > 12 else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
