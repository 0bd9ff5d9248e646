"""The ``canfield`` command line.

Each group of sub-commands lives in its own module and adds itself to the parser
through a ``register(subparsers)`` function listed in :data:`_COMMAND_MODULES`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from ._errors import CanfieldError
from ._version import __version__

# Modules that provide sub-commands; each has register(subparsers) -> None.
_COMMAND_MODULES: tuple[str, ...] = (
    "pycanfield._cli_basic",
    "pycanfield._cli_play",
    "pycanfield._cli_replay",
    "pycanfield._cli_solve",
)


class _Version(argparse.Action):
    """``--version``: the solver is imported only when asked, as most commands need
    no search."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        from ._solver import solver_build

        print(f"pycanfield {__version__} (search {solver_build()})")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``canfield`` command."""
    parser = argparse.ArgumentParser(
        prog="canfield", description="Canfield solitaire: play, show and solve deals."
    )
    parser.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        help="show the version, and whether the search runs compiled, and exit",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


# The status a shell reports for a command stopped by SIGPIPE (128 + 13).
BROKEN_PIPE = 141


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    When the reader of standard output goes away early (the output is piped into a
    command that reads only its first lines), the command stops quietly, without a
    traceback, and returns 141: the status a shell gives a command stopped by
    ``SIGPIPE``, so that scripts see what other commands in a pipeline give.
    """
    try:
        try:
            return _run(argv)
        finally:
            # Flush here rather than at exit, so that a closed pipe shows up here.
            if sys.stdout is not None:
                sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush
    at exit does not fail again on the closed pipe."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (replaced, or closed): nothing is flushed to a pipe at exit
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        status: int = args.run(args)
    except CanfieldError as error:
        print(f"canfield: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return status
