"""How fast the solver's move generators run: positions searched per second.

Each round searches a fixed set of games with a fixed ``node_limit``, so that every
round searches the same positions, and measures positions per second of processor
time of the search (the winning line's writing out is left out; processor time, as
the machines it runs on are shared) for each engine: the standard rules'
(draw 3 and draw 1 deals from ``deals_d3.txt`` and ``deals_d1.txt``, and one deal of
each that runs to the limit) and the general one (the same draw-3 deal numbers under
``takebacks=no`` and under the ``pysol``, ``rainbow`` and ``chameleon`` presets, or
under the rules given with ``--rules``; ``--general-only`` leaves out the standard
engine's games).

The baseline is the same set of games solved by the package as it was at an earlier
commit (``--baseline REV``, by default the last one before the second round of
speed-ups: the cycle collector paused, foundation moves judged once per set of
foundations; ``--baseline f1b8f2cc68`` is the last one before the engines learned to
sort moves as they make them), exported from the repository with ``git archive``.
The two run in turns, each round in a fresh process, and the figures are medians
over the rounds; the speed-up is the median of the rounds' ratios.  The last line
says whether every game searched the same positions with the same result in both, as
it must unless the search itself has changed since the baseline (the move generators
alone must not change what is searched); otherwise it names the games that differ.

With ``--compiled`` the current code is measured in both builds instead: compiled
with mypyc as the compiled wheel is (``hatch_build.py``; mypy must be installed, and
setuptools on Python 3.12 and later, as the ``dev`` extra does), against the same code
interpreted as the baseline.  The last line then says whether the compiled search
searched what the interpreted one did.

Run ``python benchmarks/solver_speed.py`` (``--rounds``, ``--node-limit``; ``--smoke``
for a quick check; ``--baseline none`` measures the current code alone).  The
timings depend on the machine and on its load.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent
# The last commit before the second round of speed-ups (see the docstring).
BASELINE = "a1bcd25cdca256b5e0027ce44858e5214122c39a"
GENERAL_RULES = ("takebacks=no", "pysol", "rainbow", "chameleon")
# Deals that no search settles within the node limit (docs/solver-measured.rst): every
# round runs them to the limit.
HARD = ("CF1-D3-KJMPYMV", "CF1-D1-QERNQJC")


def games(count: int, rules: tuple[str, ...] = GENERAL_RULES) -> dict[str, list[str]]:
    """The benchmark's games, by engine: the first ``count`` deals of each list and the
    deal of each list that the solver leaves undecided, and their deal numbers under
    each of ``rules`` (rules texts or preset names) for the general engine."""
    import pycanfield as cf

    d3 = [*(HERE / "deals_d3.txt").read_text("utf-8").split()[:count], HARD[0]]
    d1 = [*(HERE / "deals_d1.txt").read_text("utf-8").split()[:count], HARD[1]]
    numbers = [cf.Deal.parse(code).number for code in d3]
    general = [str(cf.Deal(n, rules=cf.Rules.parse(text))) for text in rules for n in numbers]
    return {"standard": d3 + d1, "general": general}


def measure(codes: list[str], node_limit: int) -> None:
    """In this process: search each game, print ``{code: [found, positions, seconds]}``
    (the search alone: not the writing out of a winning line)."""
    import pycanfield as cf
    from pycanfield._solver import _search

    out = {}
    for code in codes:
        search = _search(cf.deal(code), node_limit, None)
        started = time.process_time()
        found = search.run()[0]
        out[code] = [str(found), search.nodes, time.process_time() - started]
    print(json.dumps(out))


def run_round(src: Path, codes: list[str], node_limit: int) -> dict[str, list[object]]:
    """One round in a fresh process that imports pycanfield from ``src``, the native
    search off: this measures the Python search, compiled or not."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONDONTWRITEBYTECODE="1", PYCANFIELD_NATIVE="0")
    command = [sys.executable, __file__, "--measure", str(node_limit), *codes]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    result: dict[str, list[object]] = json.loads(done.stdout)
    return result


def export(rev: str, into: Path) -> Path | None:
    """The package as it was at ``rev``, written under ``into``; returns its ``src``, or
    None when the repository does not have that commit (a shallow clone, an archive)."""
    done = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src/pycanfield"],
        capture_output=True,
        check=False,
    )
    if done.returncode:
        print(f"no baseline: {rev} is not in this repository", file=sys.stderr)
        return None
    archive = done.stdout
    path = into / "archive.tar"
    path.write_bytes(archive)
    with tarfile.open(path) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:  # pragma: no cover - Python before 3.10.12 / 3.11.4
            tar.extractall(into)
    return into / "src"


def compiled(into: Path) -> Path:
    """The current code with the solver compiled as the compiled wheel has it, under
    ``into``; returns the folder that holds its package."""
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {ROOT / 'hatch_build.py'}")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    print("compiling the solver with mypyc ...", file=sys.stderr)
    hook.compile_solver(ROOT / "src", into)
    return into


def rate(rows: dict[str, list[object]], codes: list[str]) -> float:
    positions = sum(int(str(rows[code][1])) for code in codes)
    seconds = sum(float(str(rows[code][2])) for code in codes)
    return positions / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--node-limit", type=int, default=20_000)
    parser.add_argument("--count", type=int, default=2, metavar="N", help="deals per list")
    parser.add_argument("--baseline", default=BASELINE, metavar="REV", help="or 'none'")
    parser.add_argument(
        "--smoke", action="store_true", help="1 round, 1 deal a list, 2,000 positions"
    )
    parser.add_argument(
        "--rules",
        action="append",
        metavar="TEXT",
        help="rules for the general engine, repeatable (default: " + ", ".join(GENERAL_RULES) + ")",
    )
    parser.add_argument(
        "--general-only", action="store_true", help="leave out the standard engine's games"
    )
    parser.add_argument(
        "--compiled",
        action="store_true",
        help="measure the current code compiled, against it interpreted",
    )
    parser.add_argument("--measure", type=int, metavar="NODE_LIMIT", help=argparse.SUPPRESS)
    args, codes = parser.parse_known_args()
    if args.measure is not None:
        measure(codes, args.measure)
        return
    if args.smoke:
        args.rounds, args.count, args.node_limit = 1, 1, 2_000
    groups = games(args.count, tuple(args.rules or GENERAL_RULES))
    if args.general_only:
        del groups["standard"]
    every = [code for group in groups.values() for code in group]
    current = ROOT / "src"
    with tempfile.TemporaryDirectory() as scratch:
        if args.compiled:
            base: Path | None = current
            current = compiled(Path(scratch))
            args.baseline = "interpreted"
        else:
            base = None if args.baseline == "none" else export(args.baseline, Path(scratch))
        compare = base is not None
        rates: dict[tuple[str, str], list[float]] = {}
        differ: set[str] = set()
        for number in range(args.rounds):
            mine = run_round(current, every, args.node_limit)
            theirs = run_round(base, every, args.node_limit) if base else None
            for name, group in groups.items():
                rates.setdefault(("current", name), []).append(rate(mine, group))
                if theirs is not None:
                    differ.update(code for code in group if mine[code][:2] != theirs[code][:2])
                    rates.setdefault(("baseline", name), []).append(rate(theirs, group))
            print(f"\r  round {number + 1}/{args.rounds}", end="", file=sys.stderr)
        print(file=sys.stderr)
    build = "compiled, " if args.compiled else ""
    print(
        f"positions per second ({build}{platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()}), node limit "
        f"{args.node_limit:,}, {args.rounds} round(s), median over rounds"
    )
    for name, group in groups.items():
        now = rates[("current", name)]
        line = f"  {name:8s} engine, {len(group):2d} games: current {statistics.median(now):8.0f}"
        if compare:
            then = rates[("baseline", name)]
            ratios = [a / b for a, b in zip(now, then, strict=True)]
            line += (
                f", baseline {statistics.median(then):8.0f} ({args.baseline[:11]}), "
                f"speed-up x{statistics.median(ratios):.2f}"
            )
        print(line)
    if compare and differ:
        # Expected only when the search itself (not the move generators) has changed
        # since the baseline commit.
        print(f"  {len(differ)} game(s) searched other positions: {' '.join(sorted(differ))}")
    elif compare:
        print("  every game searched the same positions with the same result in both")


if __name__ == "__main__":
    main()
