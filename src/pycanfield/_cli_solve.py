"""Sub-commands of the solver: ``canfield solve CODE`` and ``canfield survey``."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import itertools
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from ._codes import Deal
from ._errors import OptionError
from ._moves import Move
from ._solver import solve
from ._state import deal
from ._survey import rerun_limits, survey_codes, survey_deals
from ._survey_file import SurveyWriter
from ._survey_rows import Limits, SurveyResult, builds_text, limits_text
from ._variants import VARIANTS, Rules

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = ["ProgressBar", "compact_lines", "register"]


class ProgressBar:
    """A one-line progress bar on a terminal stream: ``[#####.....] 50/100 ...``.

    A call that does not count on from the last one, or the first after :meth:`stage`,
    starts a new bar (the next pass of a survey, or the next rules), and the time left
    is estimated from the deals solved since it started, not from the ones a resumed
    survey read back.  The bar is headed by the name given to :meth:`stage`, such as
    ``classic, rerun 2 of 2``.
    """

    def __init__(self, stream: TextIO, *, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.started = time.monotonic()
        self.base = 0
        self.last = (-1, -1)
        self.label = ""

    def stage(self, label: str) -> None:
        """Head the bars from now on with ``label``, starting a new bar."""
        self.label = label
        self.last = (-1, -1)

    def __call__(self, done: int, total: int) -> None:
        if done <= self.last[0] or total != self.last[1]:
            self.started, self.base = time.monotonic(), done
        self.last = (done, total)
        filled = self.width * done // total if total else self.width
        elapsed = time.monotonic() - self.started
        solved = done - self.base
        left = elapsed / solved * (total - done) if solved else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        head = f"{self.label} " if self.label else ""
        self.stream.write(
            f"\r{head}[{bar}] {done}/{total} deals, {elapsed:.0f} s elapsed, ~{left:.0f} s left"
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


def _times_sign(stream: TextIO) -> str:
    """``×`` where the stream can write it, else ``*``."""
    try:
        "×".encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return "*"
    return "×"


def compact_lines(moves: Sequence[Move], *, times: str = "×") -> list[str]:
    """The winning line for people: numbered, a run of one move shown once with its count.

    Each line starts with the number of its first move, so that the numbers still count
    the moves.

    >>> from pycanfield import Move
    >>> line = [Move.parse(m) for m in ["draw", "draw", "draw", "W>F", "R>2", "draw"]]
    >>> for text in compact_lines(line):
    ...     print(text)
       1. draw ×3
       4. W>F
       5. R>2
       6. draw
    """
    lines = []
    number = 1
    for move, run in itertools.groupby(moves):
        count = len(list(run))
        repeat = f" {times}{count}" if count > 1 else ""
        lines.append(f"{number:4d}. {move}{repeat}")
        number += count
    return lines


def _solve(args: argparse.Namespace) -> int:
    state = deal(args.code)
    result = solve(
        state, time_limit=args.time_limit, node_limit=args.node_limit, threads=args.threads
    )
    if args.plain:
        # For scripts: the moves alone on the standard output, the summary beside it.
        print(f"{state.code}: {result}", file=sys.stderr)
        for move in result.moves:
            print(move)
    else:
        print(f"{state.code}: {result}")
        for line in compact_lines(result.moves, times=_times_sign(sys.stdout)):
            print(line)
    return 0 if result.decided else 1


def _read_codes(path: str) -> list[str]:
    from pathlib import Path

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


@contextlib.contextmanager
def _dask_executor(address: str, workers: int | None) -> Iterator[Executor]:
    """An executor on a Dask cluster: the one at ``address``, or a local one."""
    try:
        # Loaded by name: an optional dependency, typed loosely.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise OptionError(
            "--dask needs Dask's distributed package: pip install 'pycanfield[dask]'"
        ) from None
    if address == "local":
        # One thread a worker process: the solver holds the interpreter lock.
        cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        with cluster, distributed.Client(cluster) as client:
            yield client.get_executor()
    else:
        if workers is not None:
            raise OptionError("--jobs sets the workers of --dask local, not of a cluster")
        try:
            client = distributed.Client(address, timeout=30)
        except (OSError, TimeoutError, ValueError) as error:
            raise OptionError(f"cannot reach the Dask scheduler at {address}: {error}") from None
        with client:
            yield client.get_executor()


def _executor(args: argparse.Namespace) -> contextlib.AbstractContextManager[Executor | None]:
    if args.dask is not None:
        return _dask_executor(args.dask, args.jobs)
    if args.jobs is not None and args.jobs > 1:
        return _process_pool(args.jobs)
    return contextlib.nullcontext()


@contextlib.contextmanager
def _process_pool(jobs: int) -> Iterator[Executor]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # Forking a process that runs threads (JAX, once loaded, does) can deadlock the
    # child; a fork server starts the workers from a clean process instead.
    methods = multiprocessing.get_all_start_methods()
    method = "forkserver" if "forkserver" in methods else None
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(method))
    try:
        yield pool
    except BaseException:
        # Stopped: the deals being solved are dropped rather than waited for, which
        # could take a whole time limit.
        _stop_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True)


def _stop_workers(pool: Any) -> None:
    """End the pool's worker processes now, the deals not started cancelled."""
    import threading
    from concurrent.futures import InvalidStateError

    # Taken before the shutdown, which forgets them.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    hook = threading.excepthook

    def quiet(args: Any) -> None:
        # Before Python 3.12 the pool's own thread raises InvalidStateError when, its
        # workers ended, it marks a cancelled deal's future as broken: harmless, not shown.
        if not isinstance(args.exc_value, InvalidStateError):
            hook(args)

    threading.excepthook = quiet
    try:
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        if manager is not None:
            manager.join(timeout=10)
    finally:
        threading.excepthook = hook


def _stage_of(bar: ProgressBar | None, name: str) -> Callable[[str], None] | None:
    """What heads the bars of one survey's passes: the preset's name, if the command
    surveys every preset, and the pass."""
    if bar is None:
        return None
    return lambda stage: bar.stage(f"{name}, {stage}" if name else stage)


def _rules_chosen(args: argparse.Namespace) -> tuple[list[str], list[Rules | None]]:
    """The names and rules of the surveys asked for: one, or every preset's."""
    every = args.rules is not None and args.rules.strip().lower() == "all"
    if every and args.codes:
        raise OptionError("rules apply to random deals only; a game code carries its own rules")
    if every:
        return [v.name for v in VARIANTS], [v.rules for v in VARIANTS]
    return [], [Rules.parse(args.rules) if args.rules is not None else None]


def _survey(args: argparse.Namespace) -> int:
    deals: list[str] | int = _read_codes(args.codes) if args.codes else args.deals
    names, chosen = _rules_chosen(args)
    if args.resume and not args.out:
        raise OptionError("--resume continues the survey in the --out file: give --out")
    first = (args.time_limit, args.node_limit)
    rerun = rerun_limits(first, args.rerun, args.rerun_node_limit)
    if args.rerun_attempts > 1 and rerun is None:
        raise OptionError("--rerun-attempts needs a rerun: give --rerun or --rerun-node-limit")
    surveys = [survey_deals(deals, args.draw, args.seed, rules) for rules in chosen]
    results: list[SurveyResult] = []
    writer = None
    try:
        with contextlib.ExitStack() as stack:
            if args.out:
                every = frozenset(code for codes in surveys for code in codes)
                writer = stack.enter_context(
                    SurveyWriter(
                        args.out,
                        every,
                        first,
                        rerun,
                        resume=args.resume,
                        attempts=args.rerun_attempts,
                    )
                )
                if writer.done and not args.quiet:
                    print(
                        f"resuming: {len(writer.done)} rows read from {args.out}", file=sys.stderr
                    )
            executor = stack.enter_context(_executor(args))
            bar = ProgressBar(sys.stderr) if not args.quiet else None
            for k, codes in enumerate(surveys):
                results.append(
                    survey_codes(
                        codes,
                        first,
                        rerun,
                        executor=executor,
                        progress=bar,
                        done=writer.done if writer is not None else None,
                        write=writer.write if writer is not None else None,
                        attempts=args.rerun_attempts,
                        stage=_stage_of(bar, names[k] if names else ""),
                    )
                )
    except KeyboardInterrupt:
        if writer is None:
            print("\ncanfield: survey stopped", file=sys.stderr)
        else:
            print(
                f"\ncanfield: survey stopped; its rows so far are in {args.out}: run the "
                "same command with --resume to continue it",
                file=sys.stderr,
            )
        return 130
    if names:
        if rerun is not None:
            print(_passes_table(names, results, first, rerun, args.rerun_attempts))
            print()
        print(_table(names, results))
        builds = builds_text(tuple(row for r in results for row in r.rows + r.reruns))
        if builds:
            print(f"search: {builds}")
    else:
        print(results[0].summary())
        if rerun is not None and not results[0].reruns:
            print("rerun: the first pass left no deal unknown")
    return 0


def _passes_table(
    names: list[str], results: list[SurveyResult], first: Limits, rerun: Limits, attempts: int
) -> str:
    """One line per rule set: the first pass's deals, won, no win and unknown, and the
    rerun's (each deal's last answer)."""
    tries = f", up to {attempts} times" if attempts > 1 else ""
    lines = [
        f"first pass: {limits_text(first)} a deal; "
        f"rerun of its unknown deals: {limits_text(rerun)} a deal{tries}",
        f"{'rules':<12} {'deals':>6} {'won':>6} {'no win':>6} {'unknown':>7}"
        f"  {'rerun':>5} {'won':>6} {'no win':>6} {'unknown':>7}",
    ]
    for name, r in zip(names, results, strict=True):
        f, again = r.first, SurveyResult(r.last_reruns)
        lines.append(
            f"{name:<12} {len(r.rows):>6} {f.wins:>6} {f.no_wins:>6} {f.unknown:>7}"
            f"  {len(again.rows):>5} {again.wins:>6} {again.no_wins:>6} {again.unknown:>7}"
        )
    return "\n".join(lines)


def _table(names: list[str], results: list[SurveyResult]) -> str:
    """One line per rule set: deals, won, no win, unknown, share won of the decided
    deals with its 95% interval (the answers after the rerun, if there was one)."""
    lines = [
        f"{'rules':<12} {'deals':>6} {'won':>6} {'no win':>6} {'unknown':>7}  winnable (95% CI)"
    ]
    for name, r in zip(names, results, strict=True):
        lines.append(
            f"{name:<12} {len(r.rows):>6} {r.wins:>6} {r.no_wins:>6} {r.unknown:>7}  "
            f"{share_text(r)}"
        )
    return "\n".join(lines)


def share_text(result: SurveyResult) -> str:
    """The share of winnable deals among the decided ones, with its 95% interval."""
    if result.winnability is None:
        return "no deal decided"
    low, high = result.interval
    return f"{100 * result.winnability:.1f}% ({100 * low:.1f}% to {100 * high:.1f}%)"


def register(subparsers: Any) -> None:
    """Add ``solve`` and ``survey`` to the ``canfield`` parser."""
    p = subparsers.add_parser("solve", help="solve a deal and print its winning line")
    p.add_argument(
        "code", help="a game code such as CF1-D3-AAAAACL (or a variant's, CRB-D1-AAAAACL)"
    )
    p.add_argument("--time-limit", type=_positive_float, default=60.0, metavar="SECONDS")
    p.add_argument("--node-limit", type=_positive_int, default=None, metavar="POSITIONS")
    p.add_argument(
        "--threads",
        type=_positive_int,
        default=1,
        metavar="N",
        help="2: the native search takes two cores for the deal (default 1)",
    )
    p.add_argument(
        "--plain",
        action="store_true",
        help="print the moves alone, one a line, for scripts (the summary goes to stderr)",
    )
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
        "--jobs",
        type=_positive_int,
        default=None,
        metavar="J",
        help="worker processes (default 1; with --dask local, one a core)",
    )
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="solve on a Dask cluster: its scheduler's address (tcp://host:8786), or "
        "'local' for a cluster of worker processes here (needs the dask extra)",
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
    p.add_argument(
        "--rerun",
        type=_positive_float,
        default=None,
        metavar="SECONDS",
        help="then solve the deals left unknown again with this time limit",
    )
    p.add_argument(
        "--rerun-node-limit",
        type=_positive_int,
        default=None,
        metavar="POSITIONS",
        help="then solve the deals left unknown again with this node limit",
    )
    p.add_argument(
        "--rerun-attempts",
        type=_positive_int,
        default=1,
        metavar="N",
        help="rerun a deal still unknown up to N times in all (default 1)",
    )
    p.add_argument(
        "--out", metavar="CSV", help="write one row per deal to this file as each one finishes"
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="continue the survey in the --out file: skip the deals it answers",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=_survey)
