"""Survey rows and results: one deal's answer, the totals of many, and their CSV form.

A :class:`SurveyRow` is the solver's answer for one deal and pass of a survey; a
:class:`SurveyResult` adds up the rows and gives the share of won deals among the
decided ones, with a 95% Wilson score interval.  With a rerun, the deals the first pass
left unknown are solved again with longer limits, and a deal's answer is its last
rerun's.  :mod:`pycanfield._survey` runs the surveys that make them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

import attrs

from ._checks import shown, wrong_type
from ._codes import Deal
from ._errors import OptionError
from ._solver import Build, SolveStatus, _is_number, _is_whole

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["SurveyResult", "SurveyRow", "wilson_interval"]


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
    rerun, if there was one, for the deals the first pass left unknown.  A deal may be
    rerun more than once (a survey's ``rerun_attempts``), as long as each earlier rerun
    left it unknown; its rows keep their order.  A deal's answer (:attr:`answers`) is
    its last rerun's row where it has one, else its first row; the totals count the
    answers, and :attr:`first` gives the first pass's alone.  Its ``repr`` shows the
    totals; the rows, one a deal, stay behind ``rows``.

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
        for row in self.reruns:
            if not row.rerun or row.code not in unknown:
                raise OptionError(
                    "a rerun row must be marked rerun=True and be of a deal that the rows, "
                    f"and the deal's earlier reruns, leave unknown, not {row!r}"
                )
            if row.status is not SolveStatus.UNKNOWN:
                # A decided deal is not solved again: its answer is final.
                unknown.discard(row.code)

    @property
    def answers(self) -> tuple[SurveyRow, ...]:
        """Each deal's answer, in the order of ``rows``: its last rerun's row if it was
        rerun, else its first row."""
        if not self.reruns:
            return self.rows
        rerun = {row.code: row for row in self.reruns}
        return tuple(rerun.get(row.code, row) for row in self.rows)

    @property
    def last_reruns(self) -> tuple[SurveyRow, ...]:
        """The last rerun row of each deal rerun, in the order the deals were first
        rerun: the rerun's answers, one a deal.

        >>> rows = (SurveyRow("CF1-D3-AAAAACL", SolveStatus.UNKNOWN, 0, 10, 0.1),)
        >>> tries = tuple(SurveyRow("CF1-D3-AAAAACL", status, 0, 90, 1.0, rerun=True)
        ...               for status in (SolveStatus.UNKNOWN, SolveStatus.NO_WIN))
        >>> result = SurveyResult(rows, reruns=tries)
        >>> len(result.reruns), [str(row.status) for row in result.last_reruns]
        (2, ['no-win'])

        .. versionadded:: 0.2
        """
        last = {row.code: row for row in self.reruns}
        return tuple(last.values())

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
            first, rerun = self.first, SurveyResult(self.last_reruns)
            runs = len(self.reruns)
            # Deals rerun more than once: the count of runs tells the rerun's cost.
            more = f", {runs:,} runs in all" if runs > len(rerun.rows) else ""
            lines += [
                f"first pass{_limits_text(self.rows)}: {_deals(n)}: {first.wins} won, "
                f"{first.no_wins} cannot be won, {first.unknown} unknown",
                f"rerun of the {_deals(first.unknown)} left unknown{_limits_text(self.reruns)}"
                f"{more}: {rerun.wins} won, {rerun.no_wins} cannot be won, "
                f"{rerun.unknown} unknown",
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
