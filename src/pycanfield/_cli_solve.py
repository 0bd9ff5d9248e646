"""Sub-commands of the solver: ``canfield solve CODE`` and ``canfield survey``."""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from ._codes import Deal
from ._errors import OptionError
from ._solver import SolveStatus, solve
from ._state import deal
from ._survey import SurveyResult, survey
from ._variants import VARIANTS, Rules

__all__ = ["ProgressBar", "register"]


class ProgressBar:
    """A one-line progress bar on a terminal stream: ``[#####.....] 50/100 ...``."""

    def __init__(self, stream: TextIO, *, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.started = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // total if total else self.width
        elapsed = time.monotonic() - self.started
        left = elapsed / done * (total - done) if done else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(
            f"\r[{bar}] {done}/{total} deals, {elapsed:.0f} s elapsed, ~{left:.0f} s left"
        )
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number: {text!r}")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def _solve(args: argparse.Namespace) -> int:
    state = deal(args.code)
    result = solve(state, time_limit=args.time_limit, node_limit=args.node_limit)
    print(f"{state.code}: {result}")
    if result.status is SolveStatus.WIN:
        for number, move in enumerate(result.moves, 1):
            print(f"{number:4d}. {move}")
    return 0 if result.decided else 1


def _read_codes(path: str) -> list[str]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise OptionError(f"cannot read {path}: {error.strerror}") from None
    codes = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            codes.append(str(Deal.parse(line)))
    return codes


def _survey(args: argparse.Namespace) -> int:
    deals: list[str] | int = _read_codes(args.codes) if args.codes else args.deals
    every = args.rules is not None and args.rules.strip().lower() == "all"
    if every and args.codes:
        raise OptionError("rules apply to random deals only; a game code carries its own rules")
    chosen: list[Rules | None] = (
        [v.rules for v in VARIANTS]
        if every
        else [Rules.parse(args.rules) if args.rules is not None else None]
    )
    pool: concurrent.futures.Executor | contextlib.nullcontext[None] = (
        concurrent.futures.ProcessPoolExecutor(args.jobs)
        if args.jobs > 1
        else contextlib.nullcontext()
    )
    results = []
    with pool as executor:
        for rules in chosen:
            bar = ProgressBar(sys.stderr) if not args.quiet else None
            results.append(
                survey(
                    deals,
                    draw=args.draw,
                    rules=rules,
                    time_limit=args.time_limit,
                    node_limit=args.node_limit,
                    seed=args.seed,
                    executor=executor,
                    progress=bar,
                )
            )
    if args.out:
        SurveyResult(tuple(row for r in results for row in r.rows)).write_csv(args.out)
    if every:
        print(_table([v.name for v in VARIANTS], results))
    else:
        print(results[0].summary())
    return 0


def _table(names: list[str], results: list[SurveyResult]) -> str:
    """One line per rule set: deals, won, no win, unknown, share won of the decided
    deals with its 95% interval."""
    lines = [
        f"{'rules':<12} {'deals':>6} {'won':>6} {'no win':>6} {'unknown':>7}  winnable (95% CI)"
    ]
    for name, r in zip(names, results, strict=True):
        if r.winnability is None:
            share = "no deal decided"
        else:
            low, high = r.interval
            share = f"{100 * r.winnability:.1f}% ({100 * low:.1f}% to {100 * high:.1f}%)"
        lines.append(
            f"{name:<12} {len(r.rows):>6} {r.wins:>6} {r.no_wins:>6} {r.unknown:>7}  {share}"
        )
    return "\n".join(lines)


def register(subparsers: Any) -> None:
    """Add ``solve`` and ``survey`` to the ``canfield`` parser."""
    p = subparsers.add_parser("solve", help="solve a deal and print its winning line")
    p.add_argument(
        "code", help="a game code such as CF1-D3-AAAAACL (or a variant's, CRB-D1-AAAAACL)"
    )
    p.add_argument("--time-limit", type=_positive_float, default=60.0, metavar="SECONDS")
    p.add_argument("--node-limit", type=_positive_int, default=None, metavar="POSITIONS")
    p.set_defaults(run=_solve)

    p = subparsers.add_parser("survey", help="solve many deals and estimate the share winnable")
    p.add_argument(
        "--deals",
        type=_positive_int,
        default=100,
        metavar="N",
        help="how many random deals to solve (default 100)",
    )
    p.add_argument("--codes", metavar="FILE", help="solve the game codes in FILE instead")
    p.add_argument(
        "--draw",
        type=int,
        choices=(1, 3),
        default=None,
        help="draw mode of the random deals (default: the rules' own, 3 for the standard)",
    )
    p.add_argument(
        "--rules",
        metavar="TEXT",
        help="rules of the random deals: a preset or a rules text (default: standard), "
        "or 'all' for a table over every preset",
    )
    p.add_argument(
        "--jobs", type=_positive_int, default=1, metavar="J", help="worker processes (default 1)"
    )
    p.add_argument(
        "--time-limit",
        type=_positive_float,
        default=60.0,
        metavar="SECONDS",
        help="per deal (default 60)",
    )
    p.add_argument("--node-limit", type=_positive_int, default=None, metavar="POSITIONS")
    p.add_argument("--seed", type=int, default=1, help="seed of the random deals (default 1)")
    p.add_argument("--out", metavar="CSV", help="write one row per deal to this file")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=_survey)
