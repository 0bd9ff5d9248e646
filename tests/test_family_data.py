"""The family survey's file, ``benchmarks/family.csv``, and the table quoted from it.

The 60-second survey of every preset (``scripts/family_table.py`` gives the command)
runs for days and is continued with ``--resume``: its file must stay one that the
command can resume, and the table in ``docs/solver.rst`` must be the one the file
gives.  The file and the script live in the repository, not in the wheel: these tests
run from a checkout only.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "family_table.py"
DATA = ROOT / "benchmarks" / "family.csv"
DOCS = ROOT / "docs" / "solver.rst"

pytestmark = pytest.mark.skipif(
    not SCRIPT.is_file(), reason="the scripts and benchmarks are in a checkout only"
)


@functools.cache
def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("family_table", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _quoted_table() -> str:
    """The table in docs/solver.rst: the indented lines from the script's first line on."""
    lines = DOCS.read_text("utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("first pass: 60 s"))
    block = []
    for line in lines[start:]:
        if not line.strip():
            break
        block.append(line.strip())
    return "\n".join(block)


def test_the_command_can_resume_the_file() -> None:
    # Raises OptionError, naming the line, for a row of other deals or other limits.
    _script().check(DATA)


def test_the_docs_quote_the_table_of_the_file() -> None:
    table = _script().table(DATA)
    assert _quoted_table() == "\n".join(line.strip() for line in table.splitlines())


def test_the_check_refuses_rows_of_other_limits(tmp_path: Path) -> None:
    from pycanfield import OptionError

    rows = DATA.read_text("utf-8").splitlines()
    assert rows[1].endswith(",first,60.0,")
    changed = tmp_path / "family.csv"
    changed.write_text("\n".join([rows[0], rows[1].replace(",60.0,", ",30.0,")]) + "\n", "utf-8")
    with pytest.raises(OptionError, match="line 2"):
        _script().check(changed)


def test_a_preset_counts_as_finished_only_with_its_reruns(tmp_path: Path) -> None:
    script = _script()
    codes = script.codes_of_presets()["standard"]
    header = DATA.read_text("utf-8").splitlines()[0]
    rows = [f"{code},win,100,10,0.1,first,60.0," for code in codes[:-1]]
    rows.append(f"{codes[-1]},unknown,0,10,60.1,first,60.0,")
    path = tmp_path / "family.csv"
    path.write_text("\n".join([header, *rows]) + "\n", "utf-8")
    line = script.table(path).splitlines()[2]
    assert line.split()[:5] == ["standard", "1000", "999", "0", "1"]
    assert line.endswith("(survey not finished)")
    rows.append(f"{codes[-1]},no-win,0,99,300.0,rerun,600.0,")
    path.write_text("\n".join([header, *rows]) + "\n", "utf-8")
    line = script.table(path).splitlines()[2]
    assert line.endswith("99.9% (99.4% to 100.0%)")
