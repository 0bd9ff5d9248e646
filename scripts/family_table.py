"""The family's winnability table so far, from the file of its survey.

The table of ``docs/solver.rst`` ("A winnability table for the family") comes from one
command, days of computing on a two-core machine::

   canfield survey --rules all --deals 1000 --time-limit 60 --rerun 600 --jobs 1 \\
       --out benchmarks/family.csv

It can be stopped at any time and continued with the same command and ``--resume``;
``benchmarks/family.csv`` holds its rows so far.  This script prints, from such a
file, a line per preset: the deals of the first pass answered so far, what they gave,
the rerun's deals and answers, and once a preset's first pass and rerun are complete,
its share of winnable deals with the 95% interval.

Run ``python scripts/family_table.py benchmarks/family.csv``; ``--check`` also checks
that the file is one that the command above can resume (the test suite does).
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

from pycanfield import VARIANTS, SurveyResult
from pycanfield._cli_solve import share_text
from pycanfield._survey import limits_text, survey_deals
from pycanfield._survey_file import check_rows, read_survey_file

DEALS = 1000
SEED = 1
FIRST = (60.0, None)
RERUN = (600.0, None)


@functools.cache
def codes_of_presets() -> dict[str, tuple[str, ...]]:
    """Each preset's deals in the command's survey, by preset name (made once)."""
    return {v.name: tuple(survey_deals(DEALS, None, SEED, v.rules)) for v in VARIANTS}


def check(path: Path) -> None:
    """Raise ``OptionError`` (naming the line) unless the command can resume ``path``."""
    every = frozenset(code for codes in codes_of_presets().values() for code in codes)
    check_rows(str(path), read_survey_file(path).rows, every, FIRST, RERUN)


def table(path: Path) -> str:
    """The table of the survey in ``path``, finished or not."""
    result = SurveyResult.read_csv(path)
    first = {row.code: row for row in result.rows}
    again = {row.code: row for row in result.reruns}
    lines = [
        f"first pass: {limits_text(FIRST)} a deal; rerun of its unknown deals: "
        f"{limits_text(RERUN)} a deal; {DEALS} deals a preset",
        f"{'rules':<11} {'first':>5} {'won':>4} {'lost':>4} {'unknown':>7}"
        f"  {'rerun':>5} {'won':>4} {'lost':>4} {'unknown':>7}  winnable (95% CI)",
    ]
    for name, codes in codes_of_presets().items():
        rows = tuple(first[code] for code in codes if code in first)
        reruns = tuple(again[code] for code in codes if code in again)
        done = SurveyResult(rows, reruns=reruns)
        head, tail = done.first, SurveyResult(reruns)
        left = head.unknown - len(reruns)
        share = "(survey not finished)" if len(rows) < DEALS or left else share_text(done)
        lines.append(
            f"{name:<11} {len(rows):>5} {head.wins:>4} {head.no_wins:>4} {head.unknown:>7}"
            f"  {len(reruns):>5} {tail.wins:>4} {tail.no_wins:>4} {tail.unknown:>7}  {share}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", type=Path, help="the --out file of the family's survey")
    parser.add_argument(
        "--check", action="store_true", help="also check that the survey can resume it"
    )
    args = parser.parse_args(argv)
    if args.check:
        check(args.csv)
    print(table(args.csv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
