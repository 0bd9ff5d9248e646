"""Surveys: solve many deals, in parallel if asked, and estimate how many can be won.

Deals are solved through any :class:`concurrent.futures.Executor` (a process pool
spreads them over the cores; executors of distributed frameworks spread them over
machines).  Each deal gives one :class:`SurveyRow`; the :class:`SurveyResult` adds up
the rows and gives the share of won deals among the decided ones, with a 95% Wilson
score interval.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs

from ._checks import OptionTypeError, shown, wrong_type
from ._codes import Deal
from ._errors import OptionError
from ._solver import SolveStatus, _check_limits, _is_number, _is_whole, solve
from ._state import deal
from ._variants import Rules, Variant, as_rules

if TYPE_CHECKING:
    # Imported where used: concurrent.futures brings logging and threading, and most
    # programs never run a survey.
    import concurrent.futures
    from pathlib import Path

__all__ = ["ExecutorSource", "SurveyResult", "SurveyRow", "survey", "wilson_interval"]


@runtime_checkable
class ExecutorSource(Protocol):
    """Anything that hands out a :class:`concurrent.futures.Executor`, such as a Dask
    ``distributed.Client`` (whose ``get_executor()`` submits to the cluster)."""

    def get_executor(self) -> concurrent.futures.Executor:
        """An executor whose workers run the tasks."""


_Z95 = 1.959963984540054
CSV_FIELDS = ("code", "status", "moves", "positions", "seconds")


@attrs.frozen
class SurveyRow:
    """The solver's answer for one deal of a survey."""

    code: str
    status: SolveStatus
    #: Length of the winning line (0 unless the status is WIN).
    moves: int
    positions: int
    seconds: float

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

    def as_csv(self) -> list[str]:
        """The row's fields as CSV text: code, status, moves, positions, seconds."""
        return [
            self.code,
            str(self.status),
            str(self.moves),
            str(self.positions),
            f"{self.seconds:.4f}",
        ]

    @classmethod
    def parse(cls, fields: Iterable[str]) -> SurveyRow:
        """The row written by :meth:`as_csv`.

        >>> row = SurveyRow("CF1-D3-AAAAACL", SolveStatus.WIN, 120, 300, 0.5)
        >>> SurveyRow.parse(row.as_csv()) == row
        True
        """
        # A reader of data: a value of the wrong type is an unreadable row, like bad text.
        if isinstance(fields, str) or not isinstance(fields, Iterable):
            raise OptionError(f"a survey row is a list of text fields, not {shown(fields)}")
        values = list(fields)
        if not all(isinstance(value, str) for value in values):
            raise OptionError(f"a survey row's fields are text, not {values!r}")
        if len(values) != len(CSV_FIELDS):
            raise OptionError(f"a survey row has {len(CSV_FIELDS)} fields, not {len(values)}")
        code, status, moves, positions, seconds = values
        try:
            return cls(
                str(Deal.parse(code)),
                SolveStatus.parse(status),
                int(moves),
                int(positions),
                float(seconds),
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

    Its ``repr`` shows the totals; the rows, one a deal, stay behind ``rows``.

    >>> rows = (
    ...     SurveyRow("CF1-D3-AAAAACL", SolveStatus.WIN, 219, 78, 0.1),
    ...     SurveyRow("CF1-D3-AAAAACM", SolveStatus.UNKNOWN, 0, 1000, 0.2),
    ... )
    >>> SurveyResult(rows)  # doctest: +NORMALIZE_WHITESPACE
    <SurveyResult 2 deals: 1 won, 0 cannot be won, 1 unknown;
     winnable 100.0% of decided (95% CI 20.7% to 100.0%)>
    """

    rows: tuple[SurveyRow, ...]

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rows, tuple) or not all(
            isinstance(row, SurveyRow) for row in self.rows
        ):
            raise wrong_type("SurveyResult", "rows", "a tuple of SurveyRow values", self.rows)

    @property
    def wins(self) -> int:
        """Deals won."""
        return sum(r.status is SolveStatus.WIN for r in self.rows)

    @property
    def no_wins(self) -> int:
        """Deals proved impossible to win."""
        return sum(r.status is SolveStatus.NO_WIN for r in self.rows)

    @property
    def unknown(self) -> int:
        """Deals left undecided by the limits."""
        return sum(r.status is SolveStatus.UNKNOWN for r in self.rows)

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
        """A short report of the totals.

        >>> rows = (SurveyRow("CF1-D3-AAAAACL", SolveStatus.WIN, 100, 200, 0.1),)
        >>> print(SurveyResult(rows).summary())
        1 deal: 1 won, 0 cannot be won, 0 unknown (decided 100.0%)
        winnable: 100.0% of decided deals (95% CI 20.7% to 100.0%)
        """
        n = len(self.rows)
        share = 100 * self.decided / n if n else 0.0
        lines = [
            f"{_deals(n)}: {self.wins} won, {self.no_wins} cannot be won, "
            f"{self.unknown} unknown (decided {share:.1f}%)"
        ]
        if self.winnability is None:
            lines.append("winnable: no deal decided")
        else:
            low, high = self.interval
            lines.append(
                f"winnable: {100 * self.winnability:.1f}% of decided deals "
                f"(95% CI {100 * low:.1f}% to {100 * high:.1f}%)"
            )
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
        """The rows as CSV text with a header line."""
        import csv
        import io

        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_FIELDS)
        for row in self.rows:
            writer.writerow(row.as_csv())
        return out.getvalue()

    def write_csv(self, path: str | Path) -> None:
        """Write :meth:`to_csv` to ``path``."""
        from pathlib import Path

        Path(path).write_text(self.to_csv(), encoding="utf-8")


def _deals(count: int) -> str:
    return f"{count} deal" if count == 1 else f"{count} deals"


def solve_code(code: str, time_limit: float | None, node_limit: int | None) -> SurveyRow:
    """Solve one deal and sum it up as a row (run by the executor's workers)."""
    result = solve(deal(code), time_limit=time_limit, node_limit=node_limit)
    return SurveyRow(code, result.status, len(result.moves), result.positions, result.seconds)


_DEALS = "a number of deals or an iterable of game codes"


def _codes(
    deals: Iterable[str | Deal] | int,
    draw: int | None,
    seed: int | None,
    rules: Rules | Variant | str | None,
) -> list[str]:
    # A bool or a single string was refused with OptionError before WrongTypeError
    # existed: OptionTypeError keeps that base.
    if isinstance(deals, (bool, str)):
        raise wrong_type("survey", "deals", _DEALS, deals, OptionTypeError)
    if isinstance(deals, int):
        if deals < 1:
            raise OptionError(f"a survey needs at least one deal, not {deals}")
        rng = random.Random(seed)
        chosen = as_rules(rules)
        return [str(Deal.random(draw=draw, rng=rng, rules=chosen)) for _ in range(deals)]
    if not isinstance(deals, Iterable):
        raise wrong_type("survey", "deals", _DEALS, deals)
    if rules is not None:
        # A code names its own rules: other rules would silently change the deal.
        raise OptionError("rules apply to random deals only; a game code carries its own rules")
    codes = []
    for i, item in enumerate(deals):
        if isinstance(item, Deal):
            codes.append(str(item))
        elif isinstance(item, str):
            codes.append(str(Deal.parse(item)))
        else:
            raise wrong_type("survey", f"deals[{i}]", "a game code or a Deal", item)
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


def survey(
    deals: Iterable[str | Deal] | int,
    *,
    draw: int | None = None,
    rules: Rules | Variant | str | None = None,
    time_limit: float | None = 60.0,
    node_limit: int | None = None,
    seed: int | None = None,
    executor: concurrent.futures.Executor | ExecutorSource | None = None,
    progress: Callable[[int, int], None] | None = None,
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
    (``docs/solver.rst``).  ``progress(done, total)`` is called after each deal.

    Arguments of the wrong type raise :class:`~pycanfield.WrongTypeError`; a code that
    cannot be read raises :class:`~pycanfield.GameCodeError`, and an option out of
    range :class:`~pycanfield.OptionError`.

    >>> result = survey(["CF1-D3-AAAAACL"], time_limit=30)
    >>> result.wins, result.decided
    (1, 1)
    >>> survey(1, rules="rainbow", seed=1, node_limit=10).rows[0].code[:7]
    'CRB-D1-'
    """
    _check_limits("survey", node_limit, time_limit)
    _check_options(draw, seed, executor, progress)
    codes = _codes(deals, draw, seed, rules)
    total = len(codes)
    rows: list[SurveyRow | None] = [None] * total
    if executor is None:
        for i, code in enumerate(codes):
            rows[i] = solve_code(code, time_limit, node_limit)
            if progress is not None:
                progress(i + 1, total)
    else:
        import concurrent.futures

        if not isinstance(executor, concurrent.futures.Executor):
            executor = executor.get_executor()
        futures = {
            executor.submit(solve_code, code, time_limit, node_limit): i
            for i, code in enumerate(codes)
        }
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            rows[futures[future]] = future.result()
            if progress is not None:
                progress(done, total)
    return SurveyResult(tuple(r for r in rows if r is not None))
