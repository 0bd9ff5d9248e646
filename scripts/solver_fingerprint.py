"""What the solver does with a node limit, as data, to compare two versions of it.

For every rule set below (the standard rules under both draws, take-backs off, every
preset and a few other options) and each of the first deals of the benchmark list, and
for each node limit: the status, the positions searched and a digest of the winning
line.  Changes that only make the search faster must leave every row as it was.

Run ``python scripts/solver_fingerprint.py --out now.json`` (``--deals``,
``--limits``); ``--check old.json`` compares with a file written before and names the
rows that differ.  ``tests/data/solver_fingerprint.json`` is a small such file that
the tests check (``--deals 3 --limits 300,3000``); ``--write-test-data`` rewrites it
when the search itself changes on purpose, with the native search off as in the
tests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEALS = ROOT / "benchmarks" / "deals_d3.txt"
TEST_DATA = ROOT / "tests" / "data" / "solver_fingerprint.json"
RULE_SETS = (
    "",
    "draw=1",
    "takebacks=no",
    "draw=1 takebacks=no",
    "russian",
    "french",
    "classic",
    "pysol",
    "superior",
    "rainbow",
    "storehouse",
    "rainfall",
    "chameleon",
    "selective",
    "redeals=2",
    "runs=top",
    "build=suit fill=player",
    "autocomplete=yes",
    "reserve=5 columns=6",
    "base=A draw=1 redeals=1 fill=player-reserve-waste",
)


def games(deals: int) -> list[str]:
    """The codes of the first ``deals`` deal numbers under every rule set."""
    import pycanfield as cf

    numbers = [cf.Deal.parse(code).number for code in DEALS.read_text("utf-8").split()[:deals]]
    return [str(cf.Deal(n, rules=cf.Rules.parse(text))) for text in RULE_SETS for n in numbers]


def fingerprint(deals: int, limits: list[int]) -> dict[str, list[object]]:
    """``{"code@limit": [status, positions, line digest]}`` for every game and limit."""
    import pycanfield as cf

    rows: dict[str, list[object]] = {}
    for code in games(deals):
        for limit in limits:
            result = cf.solve(code, node_limit=limit)
            line = " ".join(str(move) for move in result.moves)
            digest = hashlib.sha256(line.encode()).hexdigest()[:16]
            rows[f"{code}@{limit}"] = [str(result.status), result.positions, digest]
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--limits", default="1000,10000,40000")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--check", type=Path, metavar="OLD")
    parser.add_argument("--write-test-data", action="store_true")
    args = parser.parse_args()
    if args.write_test_data:
        args.deals, args.limits, args.out = 3, "300,3000", TEST_DATA
        # As the tests run it: without the native search (tests/conftest.py).
        os.environ["PYCANFIELD_NATIVE"] = "0"
    rows = fingerprint(args.deals, [int(x) for x in args.limits.split(",")])
    if args.out:
        args.out.write_text(json.dumps(rows, indent=0, sort_keys=True) + "\n", "utf-8")
    print(f"{len(rows)} searches, {sum(int(str(r[1])) for r in rows.values()):,} positions")
    if args.check:
        old = json.loads(args.check.read_text("utf-8"))
        differ = sorted(k for k in old.keys() | rows.keys() if old.get(k) != rows.get(k))
        for k in differ:
            print(f"  differs: {k}: {old.get(k)} -> {rows.get(k)}")
        print("same in every search" if not differ else f"{len(differ)} differ")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
