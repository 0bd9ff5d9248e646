"""How well the solver settles deals: a fixed list of deals, solved one by one.

The deal lists ``deals_d3.txt`` and ``deals_d1.txt`` (200 codes each, next to this
script) are the first 200 deals that ``Deal.random(draw=..., rng=random.Random(SEED))``
gives, with the seeds below; ``--make-lists`` writes them again.  Each deal is solved
in a fresh worker process with the per-deal time limit, so that the peak memory
(``ru_maxrss`` of the worker) belongs to that deal alone.

It prints, per draw mode: the share of deals decided (won or proved impossible), the
share won among the decided, the median, 90th percentile and maximum seconds per
deal, and the peak memory.  A baseline is measured in the same run, on the first
``--baseline`` deals of the list: a plain depth-first search over the public rules
(``position_moves`` and ``play``, one draw at a time, a table of whole positions; no
macro-moves, no column symmetry, moves in the order ``position_moves`` lists them),
with the same short time limit as the solver gets there.

``--rules TEXT`` (repeatable; a preset name or any rules text, or ``all`` for every
preset but the standard one) solves the same deal numbers (from ``deals_d3.txt``) under
other rules instead, in the rules' own draw mode; ``--count N`` keeps the first N deals
of each list.

``--lines N`` measures the winning lines instead, on the first N deals of each list:
the average number of actions and of passes through the stock of the line as the
search writes it out, after the tidying that ``solve`` does (no loop, no action that
can be left out), and with ``fewest_passes=True``, all with the per-deal time limit.

``--threads N`` passes ``threads=N`` to ``solve``: with the native search, its main
search then runs in a thread of its own beside the fresh searches, so that one deal
takes two cores (run it with ``--jobs 1`` on a machine of two).

``--rows FILE`` appends each deal's row (code, status, seconds, positions, peak KiB)
to a CSV file as soon as the deal is solved, so that a long run that is stopped
keeps what it found.  ``--compare BASE NEW`` reads two such files (two builds run side
by side, say) and prints, for the deals in both, each run's figures, the deals whose
answers differ, the seconds that the deals decided by both took in each, and the ratio
of positions on the deals unknown to both; it exits with status 1 if a deal is won in
one file and proved lost in the other.

Run ``python benchmarks/solver.py`` (``--jobs 2`` to use two cores, ``--smoke`` for
a quick check).  The timings depend on the machine and on its load.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import attrs

import pycanfield as cf
from pycanfield._solver import solver_build

HERE = Path(__file__).parent
SEEDS = {3: 20263, 1: 20261}
COUNT = 200
# One deal's row: code, status, seconds, positions, peak KiB of its worker.
Row = tuple[str, str, float, int, int]


def deal_list(draw: int) -> list[str]:
    """The benchmark's deals for one draw mode, as committed next to this script."""
    path = HERE / f"deals_d{draw}.txt"
    return [line.strip() for line in path.read_text("utf-8").splitlines() if line.strip()]


def make_lists() -> None:
    for draw, seed in SEEDS.items():
        rng = random.Random(seed)
        codes = [str(cf.Deal.random(draw=draw, rng=rng)) for _ in range(COUNT)]
        (HERE / f"deals_d{draw}.txt").write_text("\n".join(codes) + "\n", "utf-8")


def solve_one(code: str, time_limit: float, threads: int) -> Row:
    """Solve in this (fresh) process: code, status, seconds, positions, peak KiB."""
    result = cf.solve(code, time_limit=time_limit, threads=threads)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return code, str(result.status), result.seconds, result.positions, peak


def plain_search(code: str, time_limit: float) -> str:
    """The baseline: depth-first search over whole positions with the public rules."""
    state = cf.deal(code)
    draw, rules = state.draw, state.rules
    root = state.position
    seen = {root}
    stack = [iter(cf.position_moves(root, rules))]
    positions = [root]
    deadline = time.perf_counter() + time_limit
    nodes = 0
    while stack:
        for move in stack[-1]:
            child, _ = cf.play(positions[-1], move, draw, rules=rules)
            if child in seen:
                continue
            seen.add(child)
            nodes += 1
            if all(f.size == 13 for f in child.foundations):
                return "win"
            if not nodes & 255 and time.perf_counter() > deadline:
                return "unknown"
            stack.append(iter(cf.position_moves(child, rules)))
            positions.append(child)
            break
        else:
            stack.pop()
            positions.pop()
    return "no-win"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


ROW_FIELDS = ("code", "status", "seconds", "positions", "peak_kib")


def run(
    label: str, codes: list[str], time_limit: float, jobs: int, threads: int, out: Path | None
) -> None:
    rows: list[Row] = []
    started = time.perf_counter()
    # A fresh process per deal (Python 3.11+), so that ru_maxrss is that deal's peak.
    fresh: dict[str, Any] = {"max_tasks_per_child": 1} if sys.version_info >= (3, 11) else {}
    with concurrent.futures.ProcessPoolExecutor(jobs, **fresh) as pool:
        futures = [pool.submit(solve_one, code, time_limit, threads) for code in codes]
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            rows.append(future.result())
            if out is not None:
                write_row(out, rows[-1])
            print(f"\r  {label}: {done}/{len(codes)} deals", end="", file=sys.stderr)
    print(file=sys.stderr)
    wall = time.perf_counter() - started
    print(
        f"{label}: {len(rows)} deals, time limit {time_limit:g} s per deal, {jobs} job(s), "
        f"{threads} thread(s) each, search {solver_build()}"
    )
    for line in figures(rows):
        print(line)
    print(f"  wall time {wall:.0f} s")
    unknown = [r[0] for r in rows if r[1] == "unknown"]
    if unknown:
        print(f"  unknown: {' '.join(sorted(unknown))}")


def figures(rows: list[Row]) -> list[str]:
    """The summary of a run's rows: the deals decided, won, proved lost and left
    unknown, the seconds per deal and the peak memory."""
    status = [r[1] for r in rows]
    seconds = [r[2] for r in rows]
    wins, losses = status.count("win"), status.count("no-win")
    decided = wins + losses
    lines = [f"  decided  {decided}/{len(rows)} = {100 * decided / len(rows):.1f}%"]
    if decided:
        lines.append(f"  won      {wins}/{decided} decided = {100 * wins / decided:.1f}%")
    lines.append(f"  no win   {losses}, unknown {len(rows) - decided}")
    lines.append(
        f"  seconds per deal: median {statistics.median(seconds):.3f}, "
        f"90th percentile {percentile(seconds, 0.9):.3f}, max {max(seconds):.3f}"
    )
    lines.append(f"  peak memory {max(r[4] for r in rows) / 1024:.0f} MiB (largest worker)")
    return lines


def read_rows(path: Path) -> list[Row]:
    """The rows that ``--rows`` wrote to ``path``; a file that is not one stops the
    script with its name and the line at fault."""
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            lines = list(csv.reader(handle))
    except OSError as error:
        sys.exit(f"{path}: {error.strerror}")
    except (UnicodeDecodeError, csv.Error) as error:
        sys.exit(f"{path}: not a --rows file: {error}")
    if not lines or tuple(lines[0]) != ROW_FIELDS:
        sys.exit(f"{path}:1: not a --rows file: the header is not {','.join(ROW_FIELDS)}")
    rows: list[Row] = []
    for number, fields in enumerate(lines[1:], 2):
        try:
            code, status, seconds, positions, peak = fields
            if status not in ("win", "no-win", "unknown"):
                raise ValueError(f"unknown status {status!r}")
            rows.append((code, status, float(seconds), int(positions), int(peak)))
        except ValueError as error:
            sys.exit(f"{path}:{number}: {error}")
    if not rows:
        sys.exit(f"{path}: no deal in it")
    return rows


def compare(base_path: Path, new_path: Path) -> int:
    """Prints two runs' rows side by side (see the module's docstring); returns 1 when
    a deal is won in one and proved lost in the other, else 0."""
    base = {r[0]: r for r in read_rows(base_path)}
    new = {r[0]: r for r in read_rows(new_path)}
    both = [code for code in base if code in new]
    if not both:
        sys.exit(f"{base_path} and {new_path} have no deal in common")
    print(
        f"deals in both: {len(both)} (only in {base_path}: {len(base) - len(both)}, "
        f"only in {new_path}: {len(new) - len(both)})"
    )
    for name, path, rows in (("base", base_path, base), ("new", new_path, new)):
        print(f"{name}: {path}")
        for line in figures([rows[code] for code in both]):
            print(line)
    differ = [code for code in both if base[code][1] != new[code][1]]
    print(f"answers that differ: {len(differ)}")
    for code in differ:
        (_, was, then, _, _), (_, now, later, _, _) = base[code], new[code]
        print(f"  {code}  {was} after {then:.1f} s -> {now} after {later:.1f} s")
    decided = [c for c in both if base[c][1] != "unknown" and new[c][1] != "unknown"]
    if decided:
        before = sum(base[c][2] for c in decided)
        after = sum(new[c][2] for c in decided)
        print(f"decided by both: {len(decided)}, {before:.1f} s -> {after:.1f} s in all")
        change = sorted(decided, key=lambda c: new[c][2] - base[c][2])
        faster = [c for c in change if new[c][2] < base[c][2]][:3]
        slower = [c for c in reversed(change) if new[c][2] > base[c][2]][:3]
        for label, codes in (("most faster", faster), ("most slower", slower)):
            if codes:
                shown = ", ".join(f"{c} {base[c][2]:.1f} -> {new[c][2]:.1f} s" for c in codes)
                print(f"  {label}: {shown}")
    unknown = [c for c in both if base[c][1] == new[c][1] == "unknown"]
    if unknown:
        ratios = [new[c][3] / max(1, base[c][3]) for c in unknown]
        print(
            f"unknown to both: {len(unknown)}, new/base positions {min(ratios):.2f} to "
            f"{max(ratios):.2f} (median {statistics.median(ratios):.2f})"
        )
    wrong = [c for c in decided if base[c][1] != new[c][1]]
    for code in wrong:
        print(f"CONTRADICTION: {code} is {base[code][1]} in base and {new[code][1]} in new")
    return 1 if wrong else 0


def write_row(out: Path, row: Row) -> None:
    """Append one deal's row to ``out``, with the header first in a new file."""
    new = not out.exists() or out.stat().st_size == 0
    with out.open("a", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        if new:
            writer.writerow(ROW_FIELDS)
        writer.writerow(row)


def baseline(label: str, codes: list[str], time_limit: float) -> None:
    plain = [plain_search(code, time_limit) for code in codes]
    ours = [str(cf.solve(code, time_limit=time_limit).status) for code in codes]
    for name, found in (("plain search", plain), ("solver", ours)):
        decided = sum(s != "unknown" for s in found)
        print(
            f"  baseline {label}, first {len(codes)} deals, {time_limit:g} s each: "
            f"{name:12s} decided {decided}/{len(codes)}, won {found.count('win')}"
        )


def lines(label: str, codes: list[str], time_limit: float) -> None:
    """Average actions and passes of the winning lines, before and after tidying, and
    with ``fewest_passes``; over the deals won in all three."""
    from pycanfield._solver import _solve_here
    from pycanfield._solver_lines import passes

    rows = []
    for code in codes:
        state = cf.deal(code)
        tidy = cf.solve(state, time_limit=time_limit)
        # Before the base card is chosen (base="choose"), the line as searched starts
        # with the choice that solve made.
        start, choice = state, tidy.moves[:1]
        if not state.position.pending:
            choice = ()
        elif not choice:
            continue
        else:
            start = cf.apply(state, choice[0])
        started = time.perf_counter()
        raw = _solve_here(start, None, time_limit, tidy_line=False)[0]
        raw = attrs.evolve(raw, moves=choice + raw.moves, seconds=time.perf_counter() - started)
        fewest = cf.solve(state, time_limit=time_limit, fewest_passes=True)
        if all(r.status is cf.SolveStatus.WIN for r in (raw, tidy, fewest)):
            rows.append((raw, tidy, fewest))
    print(f"{label}: lines of the {len(rows)} deals won out of {len(codes)}, {time_limit:g} s")
    for k, name in enumerate(("as searched", "tidied", "fewest passes")):
        actions = statistics.mean(len(r[k].moves) for r in rows)
        passing = statistics.mean(passes(r[k].moves) for r in rows)
        seconds = statistics.median(r[k].seconds for r in rows)
        print(
            f"  {name:13s}: {actions:6.1f} actions, {passing:5.2f} passes on average; "
            f"median {seconds:.3f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draw", type=int, choices=(1, 3), action="append")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="solve's threads per deal")
    parser.add_argument("--baseline", type=int, default=20, metavar="N")
    parser.add_argument("--baseline-limit", type=float, default=5.0, metavar="SECONDS")
    parser.add_argument("--smoke", action="store_true", help="5 deals, 2 s each")
    parser.add_argument("--make-lists", action="store_true")
    parser.add_argument("--rules", action="append", metavar="TEXT", help="other rules")
    parser.add_argument("--count", type=int, default=COUNT, metavar="N")
    parser.add_argument("--lines", type=int, default=0, metavar="N", help="measure lines")
    parser.add_argument("--rows", type=Path, metavar="FILE", help="append each deal's row")
    parser.add_argument(
        "--compare", type=Path, nargs=2, metavar=("BASE", "NEW"), help="compare two --rows files"
    )
    args = parser.parse_args()
    if args.compare:
        sys.exit(compare(*args.compare))
    if args.make_lists:
        make_lists()
        return
    lists: list[tuple[str, list[str]]] = []
    if args.rules:
        numbers = [cf.Deal.parse(code).number for code in deal_list(3)]
        texts = [v.name for v in cf.VARIANTS[1:]] if args.rules == ["all"] else args.rules
        for text in texts:
            rules = cf.Rules.parse(text)
            lists.append((f"rules {rules}", [str(cf.Deal(n, rules=rules)) for n in numbers]))
    else:
        lists = [(f"draw {draw}", deal_list(draw)) for draw in args.draw or [3, 1]]
    for label, codes in lists:
        if args.lines:
            lines(label, codes[: args.lines], args.time_limit)
            continue
        codes = codes[: args.count]
        limit, base = args.time_limit, args.baseline
        if args.smoke:
            codes, limit, base = codes[:5], 2.0, 2
        run(label, codes, limit, args.jobs, args.threads, args.rows)
        if base:
            baseline(label, codes[:base], min(limit, args.baseline_limit))


if __name__ == "__main__":
    main()
