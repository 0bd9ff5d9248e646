"""Surveys: solve many deals, in parallel if asked, and estimate how many can be won.

Deals are solved through any :class:`concurrent.futures.Executor` (a process pool
spreads them over the cores; executors of distributed frameworks spread them over
machines).  Each deal gives one :class:`SurveyRow`; the :class:`SurveyResult` adds up
the rows and gives the share of won deals among the decided ones, with a 95% Wilson
score interval.  With a rerun, the deals the first pass left unknown are solved again
with longer limits, and a deal's answer is the rerun's.  The rows can be written to a
file as each deal finishes (``_survey_file``), and a survey continues from that file.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Protocol, cast, runtime_checkable

import attrs

from ._checks import OptionTypeError, shown, wrong_type
from ._codes import Deal
from ._errors import OptionError
from ._solver import (
    Build,
    SolveStatus,
    _check_limits,
    _is_number,
    _is_whole,
    solve,
    solver_build,
)
from ._state import deal
from ._variants import Rules, Variant, as_rules

if TYPE_CHECKING:
    # Imported where used: concurrent.futures brings logging and threading, and most
    # programs never run a survey.
    import concurrent.futures
    import os
    from pathlib import Path

__all__ = ["ExecutorSource", "SurveyResult", "SurveyRow", "survey", "wilson_interval"]


@runtime_checkable
class ExecutorSource(Protocol):
    """Anything that hands out a :class:`concurrent.futures.Executor`, such as a Dask
    ``distributed.Client`` (whose ``get_executor()`` submits to the cluster)."""

    def get_executor(self) -> concurrent.futures.Executor:
        """An executor whose workers run the tasks."""


_Z95 = 1.959963984540054
#: The columns of a survey file; ``pass`` is ``first`` or ``rerun``, the limits are
#: the ones the row's deal was solved with (empty for none), and ``build`` the search
#: that solved it, ``compiled`` or ``interpreted`` (empty if not recorded).
CSV_FIELDS = (
    "code",
    "status",
    "moves",
    "positions",
    "seconds",
    "pass",
    "time_limit",
    "node_limit",
    "build",
)
#: The columns of the files of 0.1, which had no rerun: still read.
OLD_CSV_FIELDS = CSV_FIELDS[:5]
#: The columns of files written before the build was recorded: still read.
UNBUILT_CSV_FIELDS = CSV_FIELDS[:8]
_PASSES = {"first": False, "rerun": True}
#: The values of a row's ``build``: see :func:`~pycanfield._solver.solver_build`.
BUILDS: tuple[Build, ...] = ("native", "compiled", "interpreted")

#: A pass's limits: seconds and positions a deal, ``None`` for no limit.
Limits = tuple[float | None, int | None]


def _optional_int(text: str) -> int | None:
    return None if text == "" else int(text)


def _optional_float(text: str) -> float | None:
    return None if text == "" else float(text)


@attrs.frozen
class SurveyRow:
    """The solver's answer for one deal of a survey.

    ``rerun`` tells a row of the rerun (the deal solved again, with longer limits,
    after the first pass left it unknown) from a row of the first pass; ``time_limit``
    and ``node_limit`` are the limits it was solved with (``None``: no such limit, or,
    for a row read from a file of an earlier version, not recorded); ``build`` is the
    search that solved it, ``"native"``, ``"compiled"`` or ``"interpreted"`` (see
    ``canfield --version``), or ``None`` where not recorded.  The build sets the pace of a search,
    so it tells how far a time limit went.
    """

    code: str
    status: SolveStatus
    #: Length of the winning line (0 unless the status is WIN).
    moves: int
    positions: int
    seconds: float
    rerun: bool = attrs.field(default=False, kw_only=True)
    time_limit: float | None = attrs.field(default=None, kw_only=True)
    node_limit: int | None = attrs.field(default=None, kw_only=True)
    build: Build | None = attrs.field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.code, str):
            raise wrong_type("SurveyRow", "code", "a game code", self.code)
        if not isinstance(self.status, SolveStatus):
            raise wrong_type("SurveyRow", "status", "a SolveStatus", self.status)
        for name in ("moves", "positions"):
            if not _is_whole(getattr(self, name)):
                raise wrong_type("SurveyRow", name, "a whole number", getattr(self, name))
        if not _is_number(self.seconds):
            raise wrong_type("SurveyRow", "seconds", "a number", self.seconds)
        if not isinstance(self.rerun, bool):
            raise wrong_type("SurveyRow", "rerun", "True or False", self.rerun)
        if self.time_limit is not None and not _is_number(self.time_limit):
            raise wrong_type("SurveyRow", "time_limit", "a number or None", self.time_limit)
        if self.node_limit is not None and not _is_whole(self.node_limit):
            raise wrong_type("SurveyRow", "node_limit", "a whole number or None", self.node_limit)
        if self.build is not None and self.build not in BUILDS:
            if not isinstance(self.build, str):
                raise wrong_type("SurveyRow", "build", "a build's name or None", self.build)
            raise OptionError(
                "a survey row's build is 'native', 'compiled' or 'interpreted' (or None), "
                f"not {self.build!r}"
            )

    @property
    def limits(self) -> tuple[float | None, int | None]:
        """The limits the deal was solved with, as ``(time_limit, node_limit)``."""
        return (self.time_limit, self.node_limit)

    def as_csv(self) -> list[str]:
        """The row's fields as CSV text, in the order of the file's columns: code,
        status, moves, positions, seconds, pass (``first`` or ``rerun``), time_limit and
        node_limit (empty for none), and build (empty if not recorded).

        >>> row = SurveyRow("CF1-D3-AAAAACL", SolveStatus.WIN, 120, 300, 0.5, time_limit=60.0,
        ...                 build="compiled")
        >>> row.as_csv()
        ['CF1-D3-AAAAACL', 'win', '120', '300', '0.5000', 'first', '60.0', '', 'compiled']
        """
        return [
            self.code,
            str(self.status),
            str(self.moves),
            str(self.positions),
            f"{self.seconds:.4f}",
            "rerun" if self.rerun else "first",
            "" if self.time_limit is None else repr(float(self.time_limit)),
            "" if self.node_limit is None else str(self.node_limit),
            self.build or "",
        ]

    @classmethod
    def parse(cls, fields: Iterable[str]) -> SurveyRow:
        """The row written by :meth:`as_csv`.  Rows of earlier files are read too: the
        five fields of a row of 0.1 (code, status, moves, positions, seconds) as a row of
        the first pass with no limits recorded, and the eight of a row written before
        the build was recorded (all but the build) with no build.

        >>> row = SurveyRow("CF1-D3-AAAAACL", SolveStatus.WIN, 120, 300, 0.5, node_limit=900)
        >>> SurveyRow.parse(row.as_csv()) == row
        True
        >>> SurveyRow.parse(["CF1-D3-AAAAACL", "win", "120", "300", "0.5"]).limits
        (None, None)
        """
        # A reader of data: a value of the wrong type is an unreadable row, like bad text.
        if isinstance(fields, str) or not isinstance(fields, Iterable):
            raise OptionError(f"a survey row is a list of text fields, not {shown(fields)}")
        values = list(fields)
        if not all(isinstance(value, str) for value in values):
            raise OptionError(f"a survey row's fields are text, not {values!r}")
        if len(values) not in (len(CSV_FIELDS), len(UNBUILT_CSV_FIELDS), len(OLD_CSV_FIELDS)):
            raise OptionError(
                f"a survey row has {len(CSV_FIELDS)} fields (or {len(UNBUILT_CSV_FIELDS)} or "
                f"{len(OLD_CSV_FIELDS)} in earlier files), not {len(values)}"
            )
        code, status, moves, positions, seconds = values[:5]
        which, time_limit, node_limit = values[5:8] or ["first", "", ""]
        build = values[8] if len(values) > 8 else ""
        if which not in _PASSES:
            raise OptionError(f"bad survey row {values!r}: the pass is 'first' or 'rerun'")
        if build not in ("", *BUILDS):
            raise OptionError(
                f"bad survey row {values!r}: "
                "the build is 'native', 'compiled', 'interpreted' or empty"
            )
        try:
            return cls(
                str(Deal.parse(code)),
                SolveStatus.parse(status),
                int(moves),
                int(positions),
                float(seconds),
                rerun=_PASSES[which],
                time_limit=_optional_float(time_limit),
                node_limit=_optional_int(node_limit),
                build=cast(Build, build) if build else None,
            )
        except ValueError as error:
            raise OptionError(f"bad survey row {values!r}: {error}") from None


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> low, high = wilson_interval(70, 100)
    >>> round(low, 3), round(high, 3)
    (0.604, 0.781)
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise OptionError(f"{successes} successes out of {trials} trials is impossible")
    p = successes / trials
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # At 0 or all successes the bound is exactly 0 or 1; rounding would miss it.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@attrs.frozen(repr=False)
class SurveyResult:
    """The rows of a survey, in the order the deals were given, and their totals.

    ``rows`` holds the first pass's row of every deal; ``reruns`` the rows of the
    rerun, if there was one, for the deals the first pass left unknown.  A deal's answer
    (:attr:`answers`) is its rerun's row where it has one, else its first row; the
    totals count the answers, and :attr:`first` gives the first pass's alone.  Its
    ``repr`` shows the totals; the rows, one a deal, stay behind ``rows``.

    >>> rows = (
    ...     SurveyRow("CF1-D3-AAAAACL", SolveStatus.WIN, 219, 78, 0.1),
    ...     SurveyRow("CF1-D3-AAAAACM", SolveStatus.UNKNOWN, 0, 1000, 0.2),
    ... )
    >>> SurveyResult(rows)  # doctest: +NORMALIZE_WHITESPACE
    <SurveyResult 2 deals: 1 won, 0 cannot be won, 1 unknown;
     winnable 100.0% of decided (95% CI 20.7% to 100.0%)>
    >>> rerun = SurveyRow("CF1-D3-AAAAACM", SolveStatus.NO_WIN, 0, 9000, 2.0, rerun=True)
    >>> result = SurveyResult(rows, reruns=(rerun,))
    >>> result.first.unknown, result.unknown, result.no_wins
    (1, 0, 1)
    """

    rows: tuple[SurveyRow, ...]
    reruns: tuple[SurveyRow, ...] = attrs.field(default=(), kw_only=True)

    def __attrs_post_init__(self) -> None:
        for name in ("rows", "reruns"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(isinstance(r, SurveyRow) for r in value):
                raise wrong_type("SurveyResult", name, "a tuple of SurveyRow values", value)
        unknown = {r.code for r in self.rows if r.status is SolveStatus.UNKNOWN}
        seen: set[str] = set()
        for row in self.reruns:
            if not row.rerun or row.code not in unknown or row.code in seen:
                raise OptionError(
                    f"a rerun row must be marked rerun=True and be the only rerun of a deal "
                    f"the rows leave unknown, not {row!r}"
                )
            seen.add(row.code)

    @property
    def answers(self) -> tuple[SurveyRow, ...]:
        """Each deal's answer, in the order of ``rows``: its rerun's row if it was rerun,
        else its first row."""
        if not self.reruns:
            return self.rows
        rerun = {row.code: row for row in self.reruns}
        return tuple(rerun.get(row.code, row) for row in self.rows)

    @property
    def first(self) -> SurveyResult:
        """The first pass alone, as if there had been no rerun."""
        return SurveyResult(self.rows) if self.reruns else self

    @property
    def wins(self) -> int:
        """Deals won."""
        return sum(r.status is SolveStatus.WIN for r in self.answers)

    @property
    def no_wins(self) -> int:
        """Deals proved impossible to win."""
        return sum(r.status is SolveStatus.NO_WIN for r in self.answers)

    @property
    def unknown(self) -> int:
        """Deals left undecided by the limits (of the rerun, for the deals rerun)."""
        return sum(r.status is SolveStatus.UNKNOWN for r in self.answers)

    @property
    def decided(self) -> int:
        """Deals won or proved impossible."""
        return len(self.rows) - self.unknown

    @property
    def winnability(self) -> float | None:
        """The share of decided deals that were won (``None`` if none was decided)."""
        return self.wins / self.decided if self.decided else None

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of :attr:`winnability`, over the decided deals."""
        return wilson_interval(self.wins, self.decided)

    def summary(self) -> str:
        """A short report of the totals; after a rerun, the first pass's and the
        rerun's come first, with their limits.

        >>> rows = (SurveyRow("CF1-D3-AAAAACL", SolveStatus.WIN, 100, 200, 0.1),)
        >>> print(SurveyResult(rows).summary())
        1 deal: 1 won, 0 cannot be won, 0 unknown (decided 100.0%)
        winnable: 100.0% of decided deals (95% CI 20.7% to 100.0%)
        >>> rows += (SurveyRow("CF1-D3-AAAAACM", SolveStatus.UNKNOWN, 0, 50, 0.1, node_limit=50),)
        >>> rerun = SurveyRow("CF1-D3-AAAAACM", SolveStatus.WIN, 90, 400, 0.3, rerun=True,
        ...                   node_limit=500)
        >>> print(SurveyResult(rows, reruns=(rerun,)).summary())
        first pass: 2 deals: 1 won, 0 cannot be won, 1 unknown
        rerun of the 1 deal left unknown (500 positions a deal): 1 won, 0 cannot be won, 0 unknown
        2 deals: 2 won, 0 cannot be won, 0 unknown (decided 100.0%)
        winnable: 100.0% of decided deals (95% CI 34.2% to 100.0%)

        A last line names the build of the search that solved the deals
        (:ref:`solver-the-compiled-build`) when the rows record it, since the same
        time limit holds more positions in the compiled build:

        >>> rows = (SurveyRow("CF1-D3-AAAAACL", SolveStatus.WIN, 100, 200, 0.1,
        ...                   build="compiled"),)
        >>> print(SurveyResult(rows).summary().splitlines()[-1])
        search: compiled
        """
        n = len(self.rows)
        share = 100 * self.decided / n if n else 0.0
        lines = []
        if self.reruns:
            first, rerun = self.first, SurveyResult(self.reruns)
            lines += [
                f"first pass{_limits_text(self.rows)}: {_deals(n)}: {first.wins} won, "
                f"{first.no_wins} cannot be won, {first.unknown} unknown",
                f"rerun of the {_deals(first.unknown)} left unknown{_limits_text(self.reruns)}: "
                f"{rerun.wins} won, {rerun.no_wins} cannot be won, {rerun.unknown} unknown",
            ]
        lines.append(
            f"{_deals(n)}: {self.wins} won, {self.no_wins} cannot be won, "
            f"{self.unknown} unknown (decided {share:.1f}%)"
        )
        if self.winnability is None:
            lines.append("winnable: no deal decided")
        else:
            low, high = self.interval
            lines.append(
                f"winnable: {100 * self.winnability:.1f}% of decided deals "
                f"(95% CI {100 * low:.1f}% to {100 * high:.1f}%)"
            )
        builds = builds_text(self.rows + self.reruns)
        if builds:
            lines.append(f"search: {builds}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        won = "no deal decided"
        if self.winnability is not None:
            low, high = self.interval
            won = (
                f"winnable {100 * self.winnability:.1f}% of decided "
                f"(95% CI {100 * low:.1f}% to {100 * high:.1f}%)"
            )
        return (
            f"<SurveyResult {_deals(len(self.rows))}: {self.wins} won, "
            f"{self.no_wins} cannot be won, {self.unknown} unknown; {won}>"
        )

    def to_csv(self) -> str:
        """The rows, then the rerun's, as CSV text with a header line (``CSV_FIELDS``)."""
        import csv
        import io

        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_FIELDS)
        for row in self.rows + self.reruns:
            writer.writerow(row.as_csv())
        return out.getvalue()

    def write_csv(self, path: str | Path) -> None:
        """Write :meth:`to_csv` to ``path``."""
        from pathlib import Path

        Path(path).write_text(self.to_csv(), encoding="utf-8")

    @classmethod
    def read_csv(cls, path: str | Path) -> SurveyResult:
        """The survey in a file written by :meth:`write_csv` or by a survey's ``out``,
        finished or not, or by an earlier version (whose rows are all of the first pass).

        The rows keep the file's order.  A last line without its line end, as a survey
        stopped while writing leaves it, is left out.

        Raises:
            WrongTypeError: ``path`` is not a file path.
            OptionError: the file cannot be read, or a line of it is not a survey row
                (the message gives its number).

        .. versionadded:: 0.2
        """
        import os

        from ._survey_file import read_survey_file

        if not isinstance(path, (str, os.PathLike)):
            raise wrong_type("SurveyResult.read_csv", "path", "a file path", path)

        rows = [row for _, row in read_survey_file(path).rows]
        return cls(tuple(r for r in rows if not r.rerun), reruns=tuple(r for r in rows if r.rerun))


def _deals(count: int) -> str:
    return f"{count} deal" if count == 1 else f"{count} deals"


def limits_text(limits: Limits) -> str:
    """A pass's limits in words: ``60 s``, ``500 positions``, ``60 s or 500 positions``.

    >>> limits_text((600.0, None)), limits_text((None, None))
    ('600 s', 'no limit')
    """
    seconds, positions = limits
    parts = []
    if seconds is not None:
        parts.append(f"{seconds:g} s")
    if positions is not None:
        parts.append(f"{positions:,} positions")
    return " or ".join(parts) or "no limit"


def _limits_text(rows: tuple[SurveyRow, ...]) -> str:
    """`` (60 s a deal)`` when the rows share their limits and these were recorded."""
    limits = {row.limits for row in rows}
    if len(limits) != 1 or limits == {(None, None)}:
        return ""
    return f" ({limits_text(limits.pop())} a deal)"


def builds_text(rows: tuple[SurveyRow, ...]) -> str:
    """``compiled`` when every row records that build; with mixed builds, how many rows
    each solved (``compiled for 27 rows, interpreted for 3``); empty when no row records
    one."""
    counts = {build: sum(row.build == build for row in rows) for build in (*BUILDS, None)}
    if not any(counts[build] for build in BUILDS):
        return ""
    named = [(str(b) if b else "not recorded", n) for b, n in counts.items() if n]
    if len(named) == 1:
        return named[0][0]
    first, *rest = named
    return ", ".join(
        [f"{first[0]} for {_rows(first[1])}", *(f"{name} for {n:,}" for name, n in rest)]
    )


def _rows(n: int) -> str:
    return f"{n:,} row" if n == 1 else f"{n:,} rows"


def solve_code(
    code: str, time_limit: float | None, node_limit: int | None, rerun: bool = False
) -> SurveyRow:
    """Solve one deal and sum it up as a row (run by the executor's workers, whose own
    build of the search the row records)."""
    result = solve(deal(code), time_limit=time_limit, node_limit=node_limit)
    return SurveyRow(
        code,
        result.status,
        len(result.moves),
        result.positions,
        result.seconds,
        rerun=rerun,
        time_limit=time_limit,
        node_limit=node_limit,
        build=solver_build(),
    )


_DEALS = "a number of deals or an iterable of game codes"


def survey_deals(
    deals: Iterable[str | Deal] | int,
    draw: int | None,
    seed: int | None,
    rules: Rules | Variant | str | None,
) -> list[str]:
    """The codes of a survey's deals: the codes given, or as many random deals."""
    # A bool or a single string was refused with OptionError before WrongTypeError
    # existed: OptionTypeError keeps that base.
    if isinstance(deals, (bool, str)):
        raise wrong_type("survey", "deals", _DEALS, deals, OptionTypeError)
    if isinstance(deals, int):
        if deals < 1:
            raise OptionError(f"a survey needs at least one deal, not {deals}")
        rng = random.Random(seed)
        chosen = as_rules(rules)
        drawn: dict[str, None] = {}
        while len(drawn) < deals:
            # Distinct deals: a deal drawn again (one chance in millions) is drawn anew.
            drawn[str(Deal.random(draw=draw, rng=rng, rules=chosen))] = None
        return list(drawn)
    if not isinstance(deals, Iterable):
        raise wrong_type("survey", "deals", _DEALS, deals)
    if rules is not None:
        # A code names its own rules: other rules would silently change the deal.
        raise OptionError("rules apply to random deals only; a game code carries its own rules")
    codes: list[str] = []
    seen: set[str] = set()
    for i, item in enumerate(deals):
        if isinstance(item, Deal):
            codes.append(str(item))
        elif isinstance(item, str):
            codes.append(str(Deal.parse(item)))
        else:
            raise wrong_type("survey", f"deals[{i}]", "a game code or a Deal", item)
        if codes[-1] in seen:
            # A deal counted twice would skew the share, and a deal's answers are found
            # by its code.
            raise OptionError(f"a survey's deals are distinct: {codes[-1]} is given twice")
        seen.add(codes[-1])
    if not codes:
        raise OptionError("a survey needs at least one deal")
    return codes


def _check_options(draw: int | None, seed: int | None, executor: object, progress: object) -> None:
    import concurrent.futures

    if draw is None:
        pass
    elif not _is_whole(draw):
        raise wrong_type("survey", "draw", "1 or 3 or None", draw, OptionTypeError)
    elif draw not in (1, 3):
        raise OptionError(f"draw must be 1 or 3, not {draw!r}")
    if seed is not None and not _is_whole(seed):
        raise wrong_type("survey", "seed", "a whole number or None", seed)
    if executor is not None and not isinstance(
        executor, (concurrent.futures.Executor, ExecutorSource)
    ):
        raise wrong_type(
            "survey",
            "executor",
            "a concurrent.futures.Executor, a Dask Client or None",
            executor,
        )
    if progress is not None and not callable(progress):
        raise wrong_type("survey", "progress", "a function or None", progress)


def rerun_limits(first: Limits, time_limit: float | None, node_limit: int | None) -> Limits | None:
    """The rerun's limits: each one given replaces the first pass's, the other stays.

    ``None`` when neither is given (no rerun).  A rerun that would not search longer
    than the first pass (a limit lower, or none higher) raises
    :class:`~pycanfield.OptionError`.

    >>> rerun_limits((60.0, None), 600.0, None)
    (600.0, None)
    >>> rerun_limits((60.0, 1000), None, 10000)
    (60.0, 10000)
    """
    _check_limits("survey", node_limit, time_limit)
    if time_limit is None and node_limit is None:
        return None
    limits = (
        first[0] if time_limit is None else float(time_limit),
        first[1] if node_limit is None else node_limit,
    )
    # None is no limit: longer than any.
    old = [math.inf if a is None else a for a in first]
    new = [math.inf if b is None else b for b in limits]
    if any(b < a for a, b in zip(old, new, strict=True)) or old == new:
        raise OptionError(
            f"a rerun searches longer than the first pass ({limits_text(first)} a deal), "
            f"not {limits_text(limits)} a deal"
        )
    return limits


def _check_out(out: object, resume: object) -> None:
    import os

    if out is not None and not isinstance(out, (str, os.PathLike)):
        raise wrong_type("survey", "out", "a file path or None", out)
    if not isinstance(resume, bool):
        raise wrong_type("survey", "resume", "True or False", resume)
    if resume and out is None:
        raise OptionError("resume=True continues the survey in out, which is missing")


def survey(
    deals: Iterable[str | Deal] | int,
    *,
    draw: int | None = None,
    rules: Rules | Variant | str | None = None,
    time_limit: float | None = 60.0,
    node_limit: int | None = None,
    rerun_time_limit: float | None = None,
    rerun_node_limit: int | None = None,
    seed: int | None = None,
    executor: concurrent.futures.Executor | ExecutorSource | None = None,
    progress: Callable[[int, int], None] | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
) -> SurveyResult:
    """Solve many deals and count how many can be won.

    ``deals`` is a list of game codes (each carries its own rules and draw mode), or a
    number of deals to draw at random under ``rules`` (a :class:`~pycanfield.Rules`, a
    preset or a rules text; the standard rules by default) in the ``draw`` mode (the
    rules' own when left out: 3 for the standard rules).  ``seed``, a whole number,
    makes the choice repeatable.  ``rules`` with a list of codes raises
    :class:`~pycanfield.OptionError`.  Each deal is solved with the given limits.  With an
    ``executor`` the deals are solved by its workers (use a process pool for several
    cores); without one they are solved here, one after another.  The executor must be
    an instance of :class:`concurrent.futures.Executor` (a subclass of it), because the
    results are gathered with ``concurrent.futures.as_completed``, which needs the
    futures such executors return; or an object with a ``get_executor()`` method that
    gives one, such as a Dask ``distributed.Client``, to solve the deals on a cluster
    (``docs/solver.rst``).  ``progress(done, total)`` is called at the start of each
    pass and after each deal, ``done`` counting the deals of the pass already answered.

    ``rerun_time_limit`` or ``rerun_node_limit`` asks for a rerun: once every deal has
    been solved, the deals left unknown are solved again, with the given limit in place
    of the first pass's (the other limit stays).  The rerun must search longer: a limit
    lower than the first pass's, or none higher, raises
    :class:`~pycanfield.OptionError`.  The result keeps both passes' rows; its totals
    count each deal's last answer (:class:`SurveyResult`).

    ``out``, a file path, receives one CSV row per deal as each deal finishes (the
    columns of :meth:`SurveyRow.as_csv`, the rerun's rows after the first pass's), so that a
    survey stopped midway loses only the deals being solved.  ``out`` must not hold rows
    already, unless ``resume`` is true: then the survey continues from the rows in
    ``out`` (a missing or empty file starts it), skipping the deals answered there, in
    the first pass and in the rerun alike; each row of the file must be of this
    survey (one of its deals, solved with the limits of its pass), else
    :class:`~pycanfield.OptionError` names the first line that is not.  The result is
    the one of a survey run without a stop.

    Arguments of the wrong type raise :class:`~pycanfield.WrongTypeError`; a code that
    cannot be read raises :class:`~pycanfield.GameCodeError`, and an option out of
    range :class:`~pycanfield.OptionError`.

    >>> result = survey(["CF1-D3-AAAAACL"], time_limit=30)
    >>> result.wins, result.decided
    (1, 1)
    >>> survey(1, rules="rainbow", seed=1, node_limit=10).rows[0].code[:7]
    'CRB-D1-'
    >>> result = survey(["CF1-D3-AAAAACL"], node_limit=1, rerun_node_limit=20_000)
    >>> result.first.unknown, result.wins, result.reruns[0].node_limit
    (1, 1, 20000)

    .. versionchanged:: 0.2
       ``rerun_time_limit``, ``rerun_node_limit``, ``out`` and ``resume``.
    """
    _check_limits("survey", node_limit, time_limit)
    _check_options(draw, seed, executor, progress)
    _check_out(out, resume)
    first: Limits = (time_limit, node_limit)
    rerun = rerun_limits(first, rerun_time_limit, rerun_node_limit)
    codes = survey_deals(deals, draw, seed, rules)
    if out is None:
        return survey_codes(codes, first, rerun, executor=executor, progress=progress)
    from ._survey_file import SurveyWriter

    with SurveyWriter(out, frozenset(codes), first, rerun, resume=resume) as writer:
        return survey_codes(
            codes,
            first,
            rerun,
            executor=executor,
            progress=progress,
            done=writer.done,
            write=writer.write,
        )


def survey_codes(
    codes: list[str],
    first: Limits,
    rerun: Limits | None,
    *,
    executor: concurrent.futures.Executor | ExecutorSource | None,
    progress: Callable[[int, int], None] | None,
    done: Mapping[tuple[str, bool], SurveyRow] | None = None,
    write: Callable[[SurveyRow], None] | None = None,
) -> SurveyResult:
    """The survey of checked codes and limits: the first pass, then the rerun of its
    unknown deals if ``rerun`` holds limits.  The rows in ``done``, keyed by code and
    pass, are taken as they are; ``write`` receives each new row."""
    import concurrent.futures

    done = done or {}
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        executor = executor.get_executor()
    rows = [done.get((code, False)) for code in codes]
    _solve_pass(codes, rows, first, False, executor, progress, write)
    firsts = [row for row in rows if row is not None]
    if rerun is None:
        return SurveyResult(tuple(firsts))
    left = [row.code for row in firsts if row.status is SolveStatus.UNKNOWN]
    reruns = [done.get((code, True)) for code in left]
    _solve_pass(left, reruns, rerun, True, executor, progress, write)
    return SurveyResult(tuple(firsts), reruns=tuple(row for row in reruns if row is not None))


def _solve_pass(
    codes: list[str],
    rows: list[SurveyRow | None],
    limits: Limits,
    rerun: bool,
    executor: concurrent.futures.Executor | None,
    progress: Callable[[int, int], None] | None,
    write: Callable[[SurveyRow], None] | None,
) -> None:
    """Fill in the missing ``rows`` of ``codes`` (one pass), in place."""
    todo = [i for i, row in enumerate(rows) if row is None]
    total = len(codes)
    count = total - len(todo)
    if not total:
        return
    if progress is not None:
        progress(count, total)

    def answered(i: int, row: SurveyRow) -> None:
        nonlocal count
        rows[i] = row
        if write is not None:
            write(row)
        count += 1
        if progress is not None:
            progress(count, total)

    if executor is None:
        for i in todo:
            answered(i, solve_code(codes[i], *limits, rerun))
        return
    import concurrent.futures

    futures = {executor.submit(solve_code, codes[i], *limits, rerun): i for i in todo}
    try:
        for future in concurrent.futures.as_completed(futures):
            answered(futures[future], future.result())
    except BaseException:
        # Stopped (an interrupt, a failed deal): the deals not started are not solved.
        for future in futures:
            future.cancel()
        raise
