"""The ``canfield`` command line.

Each group of sub-commands lives in its own module and adds itself to the parser
through a ``register(subparsers)`` function listed in :data:`_COMMAND_MODULES`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ._errors import CanfieldError
from ._version import __version__

# Modules that provide sub-commands; each has register(subparsers) -> None.
_COMMAND_MODULES: tuple[str, ...] = (
    "pycanfield._cli_basic",
    "pycanfield._cli_play",
    "pycanfield._cli_solve",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``canfield`` command."""
    parser = argparse.ArgumentParser(
        prog="canfield", description="Canfield solitaire: play, show and solve deals."
    )
    parser.add_argument("--version", action="version", version=f"pycanfield {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
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
