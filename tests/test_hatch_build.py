"""The compiled build's hook (``hatch_build.py``), without compiling: what it does when a
build is not for a wheel, is editable, or fails to compile.

The compile itself is checked where it runs in full: ``.ci/run`` builds, installs and
tests the compiled wheel.  The hook is in a checkout only.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from checkout import IN_CHECKOUT, ROOT

pytestmark = IN_CHECKOUT


@functools.cache
def hook_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _App:
    def __init__(self) -> None:
        self.said: list[str] = []

    def display_info(self, message: str) -> None:
        self.said.append(message)


def make_hook(target: str, root: Path) -> Any:
    """The hook with the few attributes it reads, set without a hatchling builder."""
    base = hook_module().CompiledSolver
    probe: Any = type("Probe", (base,), {"target_name": target, "root": str(root), "app": _App()})
    return object.__new__(probe)


def fresh_build_data() -> dict[str, Any]:
    return {"force_include": {}, "pure_python": True, "infer_tag": False}


@pytest.mark.parametrize(("target", "version"), [("sdist", "standard"), ("wheel", "editable")])
def test_only_a_standard_wheel_is_compiled(tmp_path: Path, target: str, version: str) -> None:
    hook = make_hook(target, tmp_path)
    data = fresh_build_data()
    hook.initialize(version, data)
    assert data == fresh_build_data()
    assert not hasattr(hook, "work")


def test_a_failed_compile_leaves_no_scratch_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = hook_module()
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(module.tempfile, "tempdir", str(scratch))

    def fail(src: Path, work: Path) -> list[Path]:
        (work / "half-built.c").write_text("/* left by a compile that failed */\n")
        raise RuntimeError("mypyc failed: (a stand-in)")

    monkeypatch.setattr(module, "compile_solver", fail)
    hook = make_hook("wheel", tmp_path)
    data = fresh_build_data()
    with pytest.raises(RuntimeError, match="mypyc failed"):
        hook.initialize("standard", data)
    assert list(scratch.iterdir()) == []
    assert data == fresh_build_data()


def test_a_compiled_wheel_ships_the_modules_and_is_not_pure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = hook_module()
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(module.tempfile, "tempdir", str(scratch))
    built = [Path("pycanfield/_solver_core.so"), Path("abc__mypyc.so")]

    def stand_in(src: Path, work: Path) -> list[Path]:
        assert src == tmp_path / "src"
        for path in built:
            (work / path).parent.mkdir(parents=True, exist_ok=True)
            (work / path).write_bytes(b"")
        return built

    monkeypatch.setattr(module, "compile_solver", stand_in)
    hook = make_hook("wheel", tmp_path)
    data = fresh_build_data()
    hook.initialize("standard", data)
    work = hook.work
    assert data["force_include"] == {str(work / path): str(path) for path in built}
    assert data["pure_python"] is False
    assert data["infer_tag"] is True
    hook.finalize("standard", data, str(tmp_path / "the.whl"))
    assert list(scratch.iterdir()) == []
