"""The family survey's file, ``benchmarks/family.csv``, and the table quoted from it.

The 60-second survey of every preset (``scripts/family_table.py`` gives the command)
runs for days and is continued with ``--resume``: its file must stay one that the
command can resume, and the table in ``docs/solver.rst`` must be the one the file
gives.  The file and the script live in the repository, not in the wheel: these tests
run from a checkout only.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from checkout import IN_CHECKOUT, ROOT, script

DATA = ROOT / "benchmarks" / "family.csv"
DOCS = ROOT / "docs" / "solver.rst"

pytestmark = IN_CHECKOUT


def _script() -> ModuleType:
    return script("family_table")


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
    assert rows[1].endswith(",first,60.0,,interpreted")
    changed = tmp_path / "family.csv"
    changed.write_text("\n".join([rows[0], rows[1].replace(",60.0,", ",30.0,")]) + "\n", "utf-8")
    with pytest.raises(OptionError, match="line 2"):
        _script().check(changed)


def test_a_preset_has_a_share_once_its_first_pass_is_done(tmp_path: Path) -> None:
    script = _script()
    codes = script.codes_of_presets()["standard"]
    header = DATA.read_text("utf-8").splitlines()[0]
    rows = [f"{code},win,100,10,0.1,first,60.0,," for code in codes[:-1]]
    rows.append(f"{codes[-1]},unknown,0,10,60.1,first,60.0,,")
    path = tmp_path / "family.csv"
    path.write_text("\n".join([header, *rows]) + "\n", "utf-8")
    line = script.table(path).splitlines()[2]
    assert line.split()[:5] == ["standard", "1000", "999", "0", "1"]
    assert line.endswith("100.0% (99.6% to 100.0%), 1 to rerun")
    path.write_text("\n".join([header, *rows[1:]]) + "\n", "utf-8")
    assert script.table(path).splitlines()[2].endswith("(first pass not finished)")
    rows.append(f"{codes[-1]},no-win,0,99,300.0,rerun,600.0,,")
    path.write_text("\n".join([header, *rows]) + "\n", "utf-8")
    line = script.table(path).splitlines()[2]
    assert line.endswith("99.9% (99.4% to 100.0%)")


def test_merge_adds_the_rows_the_file_lacks(tmp_path: Path) -> None:
    script = _script()
    codes = script.codes_of_presets()["standard"]
    header = DATA.read_text("utf-8").splitlines()[0]
    mine, other = tmp_path / "family.csv", tmp_path / "copy.csv"
    # The file: two deals, the second unknown and rerun, and a row cut short by a stop.
    mine.write_text(
        f"{header}\n{codes[0]},win,100,10,0.1,first,60.0,,\n"
        f"{codes[1]},unknown,0,10,60.1,first,60.0,,\n{codes[1]},no-win,0,99,70.0,rerun,600.0,,\n"
        f"{codes[2]},win,1",
        "utf-8",
    )
    # The copy: the first deal again, with another answer, and two more.
    other.write_text(
        f"{header}\n{codes[0]},unknown,0,10,60.2,first,60.0,,\n"
        f"{codes[2]},win,90,9,0.2000,first,60.0,,\n{codes[3]},no-win,0,5,0.3000,first,60.0,,\n",
        "utf-8",
    )
    assert script.merge(mine, other) == 2
    lines = mine.read_text("utf-8").splitlines()
    assert lines[1] == f"{codes[0]},win,100,10,0.1,first,60.0,,"  # the file's row is kept
    assert lines[4:] == [
        f"{codes[2]},win,90,9,0.2000,first,60.0,,",
        f"{codes[3]},no-win,0,5,0.3000,first,60.0,,",
    ]
    script.check(mine)
    assert script.merge(mine, other) == 0


def test_merge_adds_a_second_rerun_and_refuses_a_third(tmp_path: Path) -> None:
    from pycanfield import OptionError

    script = _script()
    assert script.ATTEMPTS == 2
    code = script.codes_of_presets()["superior"][0]
    header = DATA.read_text("utf-8").splitlines()[0]
    first = f"{code},unknown,0,10,60.1,first,60.0,,\n"
    rerun = f"{code},unknown,0,99,600.1,rerun,600.0,,\n"
    won = f"{code},win,120,500,30.0000,rerun,600.0,,native\n"
    mine, other = tmp_path / "family.csv", tmp_path / "copy.csv"
    mine.write_text(header + "\n" + first + rerun, "utf-8")
    # The copy: the file's rows, and the deal rerun once more.
    other.write_text(header + "\n" + first + rerun + won, "utf-8")
    assert script.merge(mine, other) == 1
    assert mine.read_text("utf-8").splitlines()[1:] == (first + rerun + won).splitlines()
    assert script.merge(mine, other) == 0
    line = next(line for line in script.table(mine).splitlines() if line.startswith("superior"))
    assert line.split()[1:9] == ["1", "0", "0", "1", "1", "1", "0", "0"]  # the last answer
    # A third rerun is more than the command makes.
    other.write_text(header + "\n" + first + rerun * 3, "utf-8")
    with pytest.raises(OptionError, match=r"line 5: .* rerun 2 times on earlier lines"):
        script.merge(mine, other)


def test_merge_writes_nothing_the_command_could_not_resume(tmp_path: Path) -> None:
    from pycanfield import OptionError

    script = _script()
    codes = script.codes_of_presets()["standard"]
    header = DATA.read_text("utf-8").splitlines()[0]
    mine, other = tmp_path / "family.csv", tmp_path / "copy.csv"
    text = f"{header}\n{codes[0]},win,1,1,0.1,first,60.0,,\n"
    mine.write_text(text, "utf-8")
    # Each file alone can be resumed, but the file has won the deal the copy reruns.
    other.write_text(
        f"{header}\n{codes[0]},unknown,0,10,60.1,first,60.0,,\n"
        f"{codes[0]},win,1,1,70.0,rerun,600.0,,\n",
        "utf-8",
    )
    with pytest.raises(OptionError, match=r"merged with .*line 3: .* no earlier line leaves"):
        script.merge(mine, other)
    assert mine.read_text("utf-8") == text
    assert script.main([str(mine), "--merge", str(other)]) == 1
    assert mine.read_text("utf-8") == text


def test_pace_names_the_unknown_deals_that_searched_slowly(tmp_path: Path) -> None:
    script = _script()
    codes = script.codes_of_presets()["pysol"]
    header = DATA.read_text("utf-8").splitlines()[0]
    rows = [
        f"{code},unknown,0,{rate * 60},60.0,first,60.0,,interpreted"
        for code, rate in zip(codes, (60_000, 62_000, 58_000, 30_000), strict=False)
    ]
    rows.append(f"{codes[4]},win,100,10,0.001,first,60.0,,interpreted")  # decided: not counted
    rows.append(f"{codes[3]},unknown,0,{34_000 * 600},600.0,rerun,600.0,,interpreted")
    # The compiled build, faster, has a median of its own.
    rows += [
        f"{code},unknown,0,{rate * 60},60.0,first,60.0,,compiled"
        for code, rate in zip(codes[5:], (120_000, 125_000, 60_000), strict=False)
    ]
    path = tmp_path / "family.csv"
    path.write_text("\n".join([header, *rows]) + "\n", "utf-8")
    lines = script.pace(path).splitlines()
    assert len(lines) == 4
    # The median of the five interpreted rows is 58,000: 30,000 and 34,000 are under 60%
    # (34,800).
    assert lines[2].split()[:5] == ["pysol", "interpreted", "5", "30,000", "58,000"]
    assert lines[2].endswith(f"{codes[3]} 30,000, {codes[3]} 34,000 (rerun)")
    # 60,000 is slow for the compiled build (under 72,000), though not among all eight.
    assert lines[3].split()[:5] == ["pysol", "compiled", "3", "60,000", "120,000"]
    assert lines[3].endswith(f"{codes[7]} 60,000")


def test_pace_counts_rows_without_a_build_apart(tmp_path: Path) -> None:
    script = _script()
    codes = script.codes_of_presets()["rainbow"]
    header = "code,status,moves,positions,seconds,pass,time_limit,node_limit"  # no build
    rows = [f"{code},unknown,0,{40_000 * 60},60.0,first,60.0," for code in codes[:2]]
    path = tmp_path / "family.csv"
    path.write_text("\n".join([header, *rows]) + "\n", "utf-8")
    line = script.pace(path).splitlines()[2]
    assert line.split() == ["rainbow", "-", "2", "40,000", "40,000", "-"]


def test_pace_of_a_file_it_cannot_read_is_an_error_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header = DATA.read_text("utf-8").splitlines()[0]
    path = tmp_path / "family.csv"
    path.write_text(f"{header}\nXYZ-D3-AAAAACL,unknown,0,600,60.0,first,60.0,,\n", "utf-8")
    assert _script().main([str(path), "--pace"]) == 1
    assert "line 2: bad survey row" in capsys.readouterr().err
