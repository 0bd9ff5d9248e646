"""What the packed tables save and cost: bytes and processor time per position.

Each game is searched to a fixed ``node_limit`` twice in every round, each time in a
fresh process: with its tables kept as a ``set`` / ``dict`` throughout (the spill put
out of reach) and with them packed from the first ``--spill`` positions on (docs/
solver.rst, "Memory").  For each it prints the positions, the processor time per
position, the peak resident memory of the process past what it held before the
search, per position, and the bytes of the tables themselves per entry (the packed
tables' arena, index and tags; for a ``set`` or ``dict`` its own size and its keys').
The figures are medians over the rounds; the ratio of the times is the median of the
rounds' ratios.  Both runs must search the same positions with the same result: the
last line says whether they did.

The games: a search with a set of keys (standard rules, draw 1) and one with the
pointer table (``classic``, draw 3), both running to the limit.  Run ``python
benchmarks/solver_table.py`` (``--rounds``, ``--node-limit``, ``--spill``;
``--smoke`` for a quick check).  The timings depend on the machine and on its load.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
ROOT = HERE.parent
GAMES = ("CF1-D1-EUWCTZA", "CCL-D3-KVRFQEF")


def table_bytes(probe: Any) -> tuple[int, int]:
    """The bytes of a probe's table and its entries."""
    if probe.packed is not None:
        return probe.packed.nbytes(), len(probe.packed)
    if probe.packed_marks is not None:
        return probe.packed_marks.nbytes(), len(probe.packed_marks)
    if probe.pointers is None:
        table: Any = probe.seen
        keys = list(table)
    else:
        table = probe.marks
        keys = list(table)
        # The values: ints of up to 53 bits, most of them shared small ones or not.
        keys += [v for v in table.values() if v > 256]
    return sys.getsizeof(table) + sum(_block(sys.getsizeof(k)) for k in keys), len(table)


def _block(size: int) -> int:
    """The bytes the small-object allocator takes for an object of ``size`` bytes."""
    return (size + 15) // 16 * 16


def measure(code: str, node_limit: int, spill: int) -> None:
    """In this process: search ``code`` with tables packed past ``spill`` positions and
    print what it took, as JSON."""
    import pycanfield as cf
    from pycanfield import _solver_table
    from pycanfield._solver import _search
    from pycanfield._solver_probe import Probe

    _solver_table.SPILL = spill
    probes: list[Probe] = []
    init = Probe.__init__

    def kept(self: Probe, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        # The main and the lean search, whose tables live through the search; the
        # fresh searches' tables must go when they end.
        if self.rng is None and not self.greedy:
            probes.append(self)

    Probe.__init__ = kept  # type: ignore[method-assign]
    search = _search(cf.deal(code), node_limit, None)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.process_time()
    found = search.run()[0]
    seconds = time.process_time() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sizes = [table_bytes(probe) for probe in probes]
    entries = sum(n for _, n in sizes)
    out = {
        "found": str(found),
        "positions": search.nodes,
        "skipped": search.skipped,
        "seconds": seconds,
        "rss": (peak - before) * 1024 / search.nodes,
        "table": sum(b for b, _ in sizes) / max(entries, 1),
        "entries": entries,
    }
    print(json.dumps(out))


def run(code: str, node_limit: int, spill: int) -> dict[str, Any]:
    """One measurement in a fresh process."""
    command = [sys.executable, __file__, "--measure", code, str(node_limit), str(spill)]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--node-limit", type=int, default=400_000)
    parser.add_argument("--spill", type=int, default=1_000)
    parser.add_argument("--smoke", action="store_true", help="one short round")
    parser.add_argument("--measure", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        code, limit, spill = args.measure
        measure(code, int(limit), int(spill))
        return
    if args.smoke:
        args.rounds, args.node_limit = 1, 20_000
    same = True
    print(f"node limit {args.node_limit:,}, packed past {args.spill:,} positions")
    for code in GAMES:
        plain: list[dict[str, Any]] = []
        packed: list[dict[str, Any]] = []
        for _ in range(args.rounds):
            plain.append(run(code, args.node_limit, 10**12))
            packed.append(run(code, args.node_limit, args.spill))
        for a, b in zip(plain, packed, strict=True):
            same &= (a["found"], a["positions"], a["skipped"]) == (
                b["found"],
                b["positions"],
                b["skipped"],
            )
        ratio = statistics.median(
            b["seconds"] / b["positions"] / (a["seconds"] / a["positions"])
            for a, b in zip(plain, packed, strict=True)
        )
        print(f"{code}: {plain[0]['positions']:,} positions, {plain[0]['found']}")
        for name, rows in (("set/dict", plain), ("packed", packed)):
            us = statistics.median(r["seconds"] / r["positions"] * 1e6 for r in rows)
            rss = statistics.median(r["rss"] for r in rows)
            table = statistics.median(r["table"] for r in rows)
            print(
                f"  {name:8} {us:6.1f} us/position  peak RSS {rss:6.1f} B/position"
                f"  table {table:6.1f} B/entry ({rows[0]['entries']:,} entries)"
            )
        print(f"  packed / set time per position: x{ratio:.2f}")
    print("same positions and results:", "yes" if same else "NO")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
