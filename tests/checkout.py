"""The repository's scripts, loaded as modules for the tests that check them.

The scripts live in a checkout, not in the wheel or the source archive: a module of
tests of them skips itself where they are absent (``pytestmark = IN_CHECKOUT``).
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"

IN_CHECKOUT = pytest.mark.skipif(
    not SCRIPTS.is_dir(), reason="the scripts and benchmarks are in a checkout only"
)


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def script(name: str) -> ModuleType:
    """``scripts/<name>.py``, loaded once."""
    return _load(SCRIPTS / f"{name}.py")


@functools.cache
def benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py``, loaded once."""
    return _load(ROOT / "benchmarks" / f"{name}.py")
