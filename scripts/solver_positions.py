"""Positions to a verdict on a deal list, to compare two versions of the search.

Each deal of ``benchmarks/deals_d3.txt`` (or its first ``--count``) is solved with a
node limit and no time limit, so that the figures do not depend on the machine or its
load: the status and the positions searched.  ``--rules TEXT`` solves the same deal
numbers under other rules.  ``--out FILE`` saves them as JSON; ``--against FILE`` prints
the sum and the maximum of the positions in both, the verdicts that changed and every
deal that took more than twice the positions it took before.

Run ``python scripts/solver_positions.py --node-limit 4000000 --out now.json --jobs 2``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEALS = ROOT / "benchmarks" / "deals_d3.txt"


def codes(count: int, rules: str | None) -> list[str]:
    """The first ``count`` benchmark deals, under ``rules`` when given."""
    import pycanfield as cf

    listed = DEALS.read_text("utf-8").split()[:count]
    if rules is None:
        return listed
    parsed = cf.Rules.parse(rules)
    return [str(cf.Deal(cf.Deal.parse(code).number, rules=parsed)) for code in listed]


def one(code: str, node_limit: int) -> tuple[str, str, int]:
    """``(code, status, positions)`` for one deal searched to ``node_limit``."""
    import pycanfield as cf

    result = cf.solve(cf.deal(code), node_limit=node_limit)
    return code, str(result.status), result.positions


def compare(now: dict[str, list[object]], before: dict[str, list[object]]) -> None:
    """Print the totals of both runs and the deals that changed."""
    shared = [code for code in now if code in before]
    for name, run in (("before", before), ("now", now)):
        counts = [int(str(run[code][1])) for code in shared]
        unknown = sum(run[code][0] == "unknown" for code in shared)
        top = max(shared, key=lambda code: int(str(run[code][1])))
        print(
            f"{name:6}: {len(shared)} deals, positions sum {sum(counts):,}, "
            f"max {max(counts):,} ({top}), unknown {unknown}"
        )
    for code in shared:
        (s0, p0), (s1, p1) = before[code], now[code]
        a, b = int(str(p0)), int(str(p1))
        if s0 != s1 or b > 2 * a:
            print(f"  {code}: {s0} {a:,} -> {s1} {b:,} (x{b / max(a, 1):.2f})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--node-limit", type=int, default=4_000_000)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--rules", default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--against", type=Path, default=None)
    args = parser.parse_args(argv)
    games = codes(args.count, args.rules)
    got: dict[str, list[object]] = {}
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(one, code, args.node_limit) for code in games]
        for future in concurrent.futures.as_completed(futures):
            code, status, positions = future.result()
            got[code] = [status, positions]
    now = {code: got[code] for code in games}
    if args.out is not None:
        args.out.write_text(json.dumps(now, indent=0) + "\n", "utf-8")
    if args.against is not None:
        compare(now, json.loads(args.against.read_text("utf-8")))
    else:
        counts = [int(str(row[1])) for row in now.values()]
        unknown = sum(row[0] == "unknown" for row in now.values())
        print(
            f"{len(now)} deals, positions sum {sum(counts):,}, max {max(counts):,}, "
            f"unknown {unknown}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
