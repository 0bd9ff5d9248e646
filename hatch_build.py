"""The wheel's compiled build: the solver's search compiled to C with mypyc, and the
native main search (``src/pycanfield/_native.c``) built beside it.

Off by default, so that ``pip install .`` builds the pure-Python wheel with nothing but
hatchling.  With ``HATCH_BUILD_HOOK_ENABLE_CUSTOM=1`` in the environment, a wheel build
compiles the modules of :data:`COMPILED` (the search, its move generators, tables and
dead-end tests) with mypyc and ships the extension modules beside their sources, in a
wheel for this platform and Python.  It needs a C compiler and the Python headers; the
build installs mypy (which carries mypyc) and setuptools for it.

The compiled modules answer as the sources do, position for position; the search runs
1.25 to 2 times as fast (docs/solver.rst, "The compiled build").  The native main
search, ``pycanfield._native``, is a C extension module of its own (built with
setuptools' ``build_ext``), that ``solve`` uses under the rules it plays
(docs/solver.rst, "The native search").  The generic search,
the solver's test oracle, stays interpreted.  ``benchmarks/solver_speed.py --compiled``
uses :func:`compile_solver` too.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # imported outside a build, by the benchmark
    BuildHookInterface = object  # type: ignore[assignment,misc]

COMPILED = (
    "_solver_breadth",
    "_solver_core",
    "_solver_frozen",
    "_solver_lines",
    "_solver_locks",
    "_solver_pointers",
    "_solver_postpone",
    "_solver_probe",
    "_solver_room",
    "_solver_rules",
    "_solver_search",
    "_solver_table",
)


def compile_solver(src: Path, work: Path) -> list[Path]:
    """Compile the :data:`COMPILED` modules of the package in ``src`` (the folder that
    holds ``pycanfield``) in a copy of it under ``work``; return the extension modules
    built, relative to ``work`` (where an installation puts them relative to
    ``site-packages``)."""
    shutil.copytree(src / "pycanfield", work / "pycanfield")
    paths = [f"pycanfield/{name}.py" for name in COMPILED]
    _run_in(work, "mypyc failed", "-m", "mypyc", *paths)
    # The native search (``pycanfield/_native.c``) beside them.
    _run_in(work, "the native search failed to build", "-c", _BUILD_NATIVE, str(work))
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    built = [*work.glob(f"*{suffix}"), *(work / "pycanfield").glob(f"*{suffix}")]
    names = {path.name.removesuffix(suffix) for path in built}
    missing = [name for name in (*COMPILED, "_native") if name not in names]
    if missing:
        raise RuntimeError(f"no extension module was built for {', '.join(missing)}")
    return sorted(path.relative_to(work) for path in built)


# Builds the native search (``pycanfield/_native.c``) as an extension module beside the
# package in ``sys.argv[1]``, with the compiler and flags this Python was built with.
_BUILD_NATIVE = """
import sys
from setuptools import Distribution, Extension
ext = Extension(
    "pycanfield._native",
    ["pycanfield/_native.c"],
    depends=[
        "pycanfield/_native_moves.h",
        "pycanfield/_native_locks.h",
        "pycanfield/_native_table.h",
        "pycanfield/_native_frozen.h",
        "pycanfield/_native_beam.h",
    ],
    extra_compile_args=["-O2"],
)
dist = Distribution({"name": "pycanfield-native", "ext_modules": [ext]})
cmd = dist.get_command_obj("build_ext")
cmd.build_lib = sys.argv[1]
cmd.build_temp = sys.argv[1] + "/native-build"
dist.run_command("build_ext")
"""


def _run_in(work: Path, failure: str, *args: str) -> None:
    """Run this Python with ``args`` in ``work``; raise with its output if it fails."""
    done = subprocess.run(
        [sys.executable, *args], cwd=work, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise RuntimeError(f"{failure}:\n{done.stdout}{done.stderr}")


class CompiledSolver(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Adds the compiled modules to a (non-editable) wheel."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if version == "editable":
            # An editable install runs the sources in the checkout.
            self.app.display_info("pycanfield: an editable install is not compiled")
            return
        self.work = Path(tempfile.mkdtemp(prefix="pycanfield-mypyc-"))
        self.app.display_info("pycanfield: compiling the solver with mypyc")
        try:
            built = compile_solver(Path(self.root) / "src", self.work)
        except BaseException:
            # finalize is not called when initialize fails.
            shutil.rmtree(self.work, ignore_errors=True)
            raise
        for path in built:
            build_data["force_include"][str(self.work / path)] = str(path)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
