"""The family's winnability table so far, from the file of its survey.

The table of ``docs/solver.rst`` ("A winnability table for the family") comes from one
command, days of computing on a two-core machine::

   canfield survey --rules all --deals 1000 --time-limit 60 --rerun 600 \\
       --rerun-attempts 2 --jobs 1 --out benchmarks/family.csv

It can be stopped at any time and continued with the same command and ``--resume``;
``benchmarks/family.csv`` holds its rows so far.  This script prints, from such a
file, a line per preset: the deals of the first pass answered so far, what they gave,
the rerun's deals and answers, and once a preset's first pass is complete, its share
of winnable deals among those decided so far with the 95% interval (and how many
unknown deals still wait for their rerun).

Run ``python scripts/family_table.py benchmarks/family.csv``; ``--check`` also checks
that the file is one that the command above can resume (the test suite does).

The command solves one preset after another, each preset's reruns right after its
first pass, so a stretch on one core spends hours on reruns before the next preset
starts.  A second core can run the first passes ahead: the same command without
``--rerun``, resumed from a copy of the file with only its first-pass rows, writing
to that copy.  ``--merge COPY`` then adds to the file the rows of the copy that it
lacks (a deal's pass answered in both, its first pass or its first or second rerun,
keeps the file's row), after checking both.  The second rerun gives the deals that the
first left unknown another try, with the search of its day: the first reruns of some
presets ran on earlier searches, several times slower or stopped by the bound on memory
long before their limit.

The time limits are wall-clock time: a deal that shared its core with other work
searched fewer positions in its minute.  ``--pace`` names the unknown deals that
searched far fewer positions a second than the rest of their preset's with the same
build of the search (compiled or interpreted, as each row records; older rows do not).
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
from pathlib import Path

from pycanfield import VARIANTS, OptionError, SolveStatus, SurveyResult, SurveyRow
from pycanfield._cli_solve import share_text
from pycanfield._survey import survey_deals
from pycanfield._survey_file import SurveyWriter, check_rows, read_survey_file
from pycanfield._survey_rows import limits_text
from pycanfield._variants import variant_of_prefix

DEALS = 1000
SEED = 1
FIRST = (60.0, None)
RERUN = (600.0, None)
ATTEMPTS = 2


@functools.cache
def codes_of_presets() -> dict[str, tuple[str, ...]]:
    """Each preset's deals in the command's survey, by preset name (made once)."""
    return {v.name: tuple(survey_deals(DEALS, None, SEED, v.rules)) for v in VARIANTS}


@functools.cache
def _every() -> frozenset[str]:
    return frozenset(code for codes in codes_of_presets().values() for code in codes)


def check(path: Path) -> None:
    """Raise ``OptionError`` (naming the line) unless the command can resume ``path``."""
    _checked(str(path), read_survey_file(path).rows)


def _checked(
    name: str, rows: tuple[tuple[int, SurveyRow], ...]
) -> dict[tuple[str, int], SurveyRow]:
    """``rows`` (numbered by line) keyed by deal and pass, checked as the command checks
    the rows of its file."""
    return check_rows(name, rows, _every(), FIRST, RERUN, attempts=ATTEMPTS)


def merge(path: Path, other: Path) -> int:
    """Append to ``path`` the rows of ``other`` for deals and passes it has not answered;
    return how many were added.  Both files, and the rows together, are checked first:
    nothing is written unless the command can resume the result."""
    mine = read_survey_file(path)
    have = _checked(str(path), mine.rows)
    theirs = _checked(str(other), read_survey_file(other).rows)
    rows = [row for key, row in theirs.items() if key not in have]
    # Numbered as the lines of the file they would make, for the check's message.
    new = tuple(enumerate(rows, len(mine.rows) + 2))
    _checked(f"{path} merged with {other}", mine.rows + new)
    # The survey's own writer: it drops a row cut short by a stop, as a resumed
    # survey does, and has each row on the disk before the next.
    with SurveyWriter(path, _every(), FIRST, RERUN, resume=True, attempts=ATTEMPTS) as writer:
        for _, row in new:
            writer.write(row)
    return len(new)


# An unknown deal searched at under this share of its preset's median pace is named.
SLOW = 0.6


def pace(path: Path) -> str:
    """The pace of the deals left unknown in ``path``, which searched for their whole
    time limit: positions a second, the lowest and the median over the unknown deals
    of both passes of each preset and build of the search (``-`` where the rows do not
    record it), and by pass the deals under ``SLOW`` times that median.  The limit is
    wall-clock time, so a deal that shared its core with other work searched fewer
    positions and may have been left unknown for that alone (a slow deal of the first
    pass is solved again by the rerun); the compiled build searches faster, so each
    build is measured against its own median."""
    found: dict[tuple[str, str], list[tuple[float, str, bool]]] = {}
    for _, row in read_survey_file(path).rows:
        if row.status is SolveStatus.UNKNOWN and row.seconds > 0:
            variant = variant_of_prefix(row.code.split("-")[0])
            assert variant is not None  # the reader refuses a code of no preset
            rate = row.positions / row.seconds
            group = (variant.name, row.build or "-")
            found.setdefault(group, []).append((rate, row.code, row.rerun))
    lines = [
        "positions a second of the deals left unknown",
        f"{'rules':<11} {'build':<11} {'deals':>5} {'lowest':>7} {'median':>7}"
        f"  under {SLOW:.0%} of the median",
    ]
    for name in codes_of_presets():
        for build in ("interpreted", "compiled", "native", "-"):
            rows = sorted(found.get((name, build), ()))
            if not rows:
                continue
            middle = statistics.median(rate for rate, _, _ in rows)
            slow = ", ".join(
                f"{code} {rate:,.0f}{' (rerun)' if rerun else ''}"
                for rate, code, rerun in rows
                if rate < SLOW * middle
            )
            lines.append(
                f"{name:<11} {build:<11} {len(rows):>5} {rows[0][0]:>7,.0f} {middle:>7,.0f}"
                f"  {slow or '-'}"
            )
    return "\n".join(lines)


def table(path: Path) -> str:
    """The table of the survey in ``path``, finished or not."""
    result = SurveyResult.read_csv(path)
    first = {row.code: row for row in result.rows}
    again = {row.code: row for row in result.last_reruns}
    lines = [
        f"first pass: {limits_text(FIRST)} a deal; rerun of its unknown deals: "
        f"{limits_text(RERUN)} a deal, up to {ATTEMPTS} times; {DEALS} deals a preset",
        f"{'rules':<11} {'first':>5} {'won':>4} {'lost':>4} {'unknown':>7}"
        f"  {'rerun':>5} {'won':>4} {'lost':>4} {'unknown':>7}  winnable, of decided (95% CI)",
    ]
    for name, codes in codes_of_presets().items():
        rows = tuple(first[code] for code in codes if code in first)
        reruns = tuple(again[code] for code in codes if code in again)
        done = SurveyResult(rows, reruns=reruns)
        head, tail = done.first, SurveyResult(reruns)
        left = head.unknown - len(reruns)
        if len(rows) < DEALS:
            share = "(first pass not finished)"
        else:
            share = share_text(done) + (f", {left} to rerun" if left else "")
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
    parser.add_argument(
        "--merge",
        type=Path,
        metavar="COPY",
        help="first add the rows of COPY (the same survey, another stretch) the file lacks",
    )
    parser.add_argument(
        "--pace",
        action="store_true",
        help="also print the pace of the deals left unknown, to find those that shared a core",
    )
    args = parser.parse_args(argv)
    try:
        if args.merge is not None:
            added = merge(args.csv, args.merge)
            print(f"{added} rows added from {args.merge}", file=sys.stderr)
        if args.check:
            check(args.csv)
        paced = pace(args.csv) if args.pace else None
    except OptionError as error:
        print(f"family_table.py: {error}", file=sys.stderr)
        return 1
    print(table(args.csv))
    if paced is not None:
        print()
        print(paced)
    return 0


if __name__ == "__main__":
    sys.exit(main())
