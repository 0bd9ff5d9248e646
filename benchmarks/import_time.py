"""How long ``import pycanfield`` takes, against ``import attrs`` measured in the same run.

Each import runs in a fresh interpreter with ``python -X importtime``; the figure is the
cumulative time of the top-level module, as that option reports it (the interpreter's
own start-up is left out).  The two imports alternate, so that the machine's load falls
on both alike, and the medians are compared.  ``import pycanfield`` includes attrs, its
only dependency; the target is at most twice the time of attrs alone.

A warm-up run of each import first writes the bytecode caches (as a user's first import
would), so that no run pays for compiling the sources.

Run ``python benchmarks/import_time.py`` (``--runs N``, ``--smoke`` for a quick check).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

TARGET = 2.0


def import_microseconds(module: str, *, env: dict[str, str] | None = None) -> int:
    """The cumulative import time of ``module`` in a fresh interpreter, in microseconds."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    for line in run.stderr.splitlines():
        # "import time: self [us] | cumulative | imported package", nested names indented
        fields = line.removeprefix("import time:").split("|")
        if len(fields) == 3 and fields[2].strip() == module and fields[2] == f" {module}":
            return int(fields[1])
    raise RuntimeError(f"no import time reported for {module}:\n{run.stderr}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each import (default 21)")
    parser.add_argument("--smoke", action="store_true", help="a quick check: 3 runs each")
    args = parser.parse_args(argv)
    runs = 3 if args.smoke else args.runs

    warm = dict(os.environ)
    warm.pop("PYTHONDONTWRITEBYTECODE", None)
    for module in ("attrs", "pycanfield"):
        import_microseconds(module, env=warm)

    times: dict[str, list[int]] = {"attrs": [], "pycanfield": []}
    for _ in range(runs):
        for module, samples in times.items():
            samples.append(import_microseconds(module))
    medians = {module: statistics.median(samples) / 1000 for module, samples in times.items()}
    for module, samples in times.items():
        low, high = min(samples) / 1000, max(samples) / 1000
        print(
            f"import {module:<10} median {medians[module]:6.1f} ms "
            f"(min {low:.1f}, max {high:.1f}, {runs} runs)"
        )
    ratio = medians["pycanfield"] / medians["attrs"]
    verdict = "within" if ratio <= TARGET else "ABOVE"
    print(f"pycanfield / attrs: {ratio:.2f} ({verdict} the target of {TARGET:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
