"""Surveys: solve many deals, in parallel if asked, and estimate how many can be won.

Deals are solved through any :class:`concurrent.futures.Executor` (a process pool
spreads them over the cores; executors of distributed frameworks spread them over
machines).  Each deal gives one :class:`~pycanfield.SurveyRow`, and the
:class:`~pycanfield.SurveyResult` adds them up (``_survey_rows``).  With a rerun, the
deals the first pass left unknown are solved again with longer limits, as many times as
asked while they stay unknown.  The rows can be written to a file as each deal finishes
(``_survey_file``), and a survey continues from that file.
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ._checks import OptionTypeError, wrong_type
from ._codes import Deal
from ._errors import OptionError
from ._solver import SolveStatus, _check_limits, _is_whole, solve, solver_build
from ._state import deal
from ._survey_rows import Limits, SurveyResult, SurveyRow, limits_text
from ._variants import Rules, Variant, as_rules

if TYPE_CHECKING:
    # Imported where used: concurrent.futures brings logging and threading, and most
    # programs never run a survey.
    import concurrent.futures
    import os

__all__ = ["ExecutorSource", "survey"]


@runtime_checkable
class ExecutorSource(Protocol):
    """Anything that hands out a :class:`concurrent.futures.Executor`, such as a Dask
    ``distributed.Client`` (whose ``get_executor()`` submits to the cluster)."""

    def get_executor(self) -> concurrent.futures.Executor:
        """An executor whose workers run the tasks."""


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


def _check_options(
    draw: int | None, seed: int | None, executor: object, progress: object, stage: object
) -> None:
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
    for name, function in (("progress", progress), ("stage", stage)):
        if function is not None and not callable(function):
            raise wrong_type("survey", name, "a function or None", function)


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


def check_attempts(attempts: object, rerun: Limits | None) -> None:
    """Refuse a number of rerun attempts that is not a positive whole number, or above
    one without a rerun."""
    if not _is_whole(attempts):
        raise wrong_type("survey", "rerun_attempts", "a whole number", attempts)
    assert isinstance(attempts, int)
    if attempts < 1:
        raise OptionError(f"rerun_attempts must be at least 1, not {attempts}")
    if attempts > 1 and rerun is None:
        raise OptionError(
            f"{attempts} rerun attempts need a rerun: give a rerun limit "
            "(rerun_time_limit, rerun_node_limit)"
        )


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
    rerun_attempts: int = 1,
    seed: int | None = None,
    executor: concurrent.futures.Executor | ExecutorSource | None = None,
    progress: Callable[[int, int], None] | None = None,
    stage: Callable[[str], None] | None = None,
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
    pass and after each deal, ``done`` counting the deals of the pass already answered;
    ``stage(name)`` before each pass, with its name: ``"first pass"``, ``"rerun"``, or
    ``"rerun 2 of 3"`` when ``rerun_attempts`` is above 1 (a pass with no deal left to
    rerun is not started, nor named).

    ``rerun_time_limit`` or ``rerun_node_limit`` asks for a rerun: once every deal has
    been solved, the deals left unknown are solved again, with the given limit in place
    of the first pass's (the other limit stays).  The rerun must search longer: a limit
    lower than the first pass's, or none higher, raises
    :class:`~pycanfield.OptionError`.  ``rerun_attempts``, a whole number (1 by
    default), is how many times the rerun may solve a deal: each deal that a rerun
    leaves unknown is solved again, with the same limits, until one decides it or it
    has been rerun that many times.  The search is the same each time (its shuffles
    are seeded), so within one survey a second attempt can only differ from the first
    under a time limit, through the load of the machine; raising the number when
    resuming a survey's file gives the deals left unknown another try with the version
    of the search now installed.  The result keeps every pass's rows; its totals count
    each deal's last answer (:class:`SurveyResult`).

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
       ``rerun_time_limit``, ``rerun_node_limit``, ``rerun_attempts``, ``stage``,
       ``out`` and ``resume``.
    """
    _check_limits("survey", node_limit, time_limit)
    _check_options(draw, seed, executor, progress, stage)
    _check_out(out, resume)
    first: Limits = (time_limit, node_limit)
    rerun = rerun_limits(first, rerun_time_limit, rerun_node_limit)
    check_attempts(rerun_attempts, rerun)
    codes = survey_deals(deals, draw, seed, rules)
    with contextlib.ExitStack() as stack:
        writer = None
        if out is not None:
            from ._survey_file import SurveyWriter

            writer = stack.enter_context(
                SurveyWriter(
                    out, frozenset(codes), first, rerun, resume=resume, attempts=rerun_attempts
                )
            )
        return survey_codes(
            codes,
            first,
            rerun,
            executor=executor,
            progress=progress,
            done=writer.done if writer is not None else None,
            write=writer.write if writer is not None else None,
            attempts=rerun_attempts,
            stage=stage,
        )


def survey_codes(
    codes: list[str],
    first: Limits,
    rerun: Limits | None,
    *,
    executor: concurrent.futures.Executor | ExecutorSource | None,
    progress: Callable[[int, int], None] | None,
    done: Mapping[tuple[str, int], SurveyRow] | None = None,
    write: Callable[[SurveyRow], None] | None = None,
    attempts: int = 1,
    stage: Callable[[str], None] | None = None,
) -> SurveyResult:
    """The survey of checked codes and limits: the first pass, then, if ``rerun`` holds
    limits, up to ``attempts`` reruns of the deals still unknown.  The rows in
    ``done``, keyed by code and pass (0 for the first, then 1, 2 ... for each rerun of
    the deal), are taken as they are; ``write`` receives each new row; ``progress`` and
    ``stage`` are called as :func:`survey` says."""
    import concurrent.futures

    done = done or {}
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        executor = executor.get_executor()
    rows = [done.get((code, 0)) for code in codes]
    if stage is not None:
        stage("first pass")
    _solve_pass(codes, rows, first, False, executor, progress, write)
    firsts = [row for row in rows if row is not None]
    if rerun is None:
        return SurveyResult(tuple(firsts))
    reruns: list[SurveyRow] = []
    left = [row.code for row in firsts if row.status is SolveStatus.UNKNOWN]
    for attempt in range(1, attempts + 1):
        if not left:
            break
        again = [done.get((code, attempt)) for code in left]
        if stage is not None:
            stage(f"rerun {attempt} of {attempts}" if attempts > 1 else "rerun")
        _solve_pass(left, again, rerun, True, executor, progress, write)
        answered = [row for row in again if row is not None]
        reruns += answered
        left = [row.code for row in answered if row.status is SolveStatus.UNKNOWN]
    return SurveyResult(tuple(firsts), reruns=tuple(reruns))


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
