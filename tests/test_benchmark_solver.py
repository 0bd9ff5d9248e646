"""``benchmarks/solver.py --compare``: two runs' rows side by side.

The figures that a measurement of two builds run side by side quotes (the answers that
differ, the seconds of the deals decided by both, the positions of the deals unknown to
both) are what this comparison prints; here it runs on small files whose figures are
worked out by hand.  The script lives in the repository, not in the wheel: these tests
run from a checkout only.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from checkout import IN_CHECKOUT, benchmark

pytestmark = IN_CHECKOUT

HEADER = "code,status,seconds,positions,peak_kib\n"


def _solver() -> ModuleType:
    return benchmark("solver")


def _rows(path: Path, *rows: str) -> Path:
    path.write_text(HEADER + "".join(row + "\n" for row in rows), "utf-8")
    return path


def test_compare_names_what_changed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = _rows(
        tmp_path / "base.csv",
        "A,win,1.5,100,2048",
        "B,unknown,60.0,1000,4096",
        "C,no-win,2.5,300,2048",
        "D,unknown,60.0,2000,4096",
        "E,win,0.5,10,1024",
    )
    new = _rows(
        tmp_path / "new.csv",
        "B,win,30.0,500,3072",
        "A,win,0.5,40,2048",
        "C,no-win,4.5,350,2048",
        "D,unknown,60.0,3000,5120",
    )
    assert _solver().compare(base, new) == 0
    out = capsys.readouterr().out
    assert f"deals in both: 4 (only in {base}: 1, only in {new}: 0)" in out
    # E, in the base only, is left out of both runs' figures.
    assert "  decided  2/4 = 50.0%" in out
    assert "  decided  3/4 = 75.0%" in out
    assert "  B  unknown after 60.0 s -> win after 30.0 s" in out
    assert "answers that differ: 1" in out
    assert "decided by both: 2, 4.0 s -> 5.0 s in all" in out
    assert "  most faster: A 1.5 -> 0.5 s\n" in out
    assert "  most slower: C 2.5 -> 4.5 s\n" in out
    assert "unknown to both: 1, new/base positions 1.50 to 1.50 (median 1.50)" in out
    assert "CONTRADICTION" not in out


def test_compare_fails_on_a_contradiction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deal won in one run and proved lost in the other is a fault of the solver."""
    base = _rows(tmp_path / "base.csv", "A,win,1.0,100,1024", "B,no-win,1.0,100,1024")
    new = _rows(tmp_path / "new.csv", "A,no-win,1.0,100,1024", "B,no-win,1.0,100,1024")
    assert _solver().compare(base, new) == 1
    assert "CONTRADICTION: A is win in base and no-win in new" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("code,status\nA,win\n", "bad.csv:1: not a --rows file"),
        (HEADER + "A,win,1.0,100,1024\nB,lost,1.0,100,1024\n", "bad.csv:3: unknown status 'lost'"),
        (HEADER + "A,win,soon,100,1024\n", "bad.csv:2: could not convert string to float"),
        (HEADER + "A,win,1.0,100\n", "bad.csv:2: not enough values to unpack"),
        (HEADER, "bad.csv: no deal in it"),
        ("", "bad.csv:1: not a --rows file"),
    ],
)
def test_compare_refuses_a_file_that_is_not_rows(tmp_path: Path, text: str, message: str) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(text, "utf-8")
    good = _rows(tmp_path / "good.csv", "A,win,1.0,100,1024")
    with pytest.raises(SystemExit) as stopped:
        _solver().compare(good, bad)
    assert message in str(stopped.value)


def test_compare_refuses_a_missing_or_binary_file(tmp_path: Path) -> None:
    good = _rows(tmp_path / "good.csv", "A,win,1.0,100,1024")
    with pytest.raises(SystemExit) as stopped:
        _solver().compare(good, tmp_path / "none.csv")
    assert "none.csv: No such file or directory" in str(stopped.value)
    binary = tmp_path / "binary.csv"
    binary.write_bytes(b"\xff\xfe\x00rows")
    with pytest.raises(SystemExit) as stopped:
        _solver().compare(binary, good)
    assert "binary.csv: not a --rows file" in str(stopped.value)


def test_compare_needs_a_deal_in_common(tmp_path: Path) -> None:
    base = _rows(tmp_path / "base.csv", "A,win,1.0,100,1024")
    new = _rows(tmp_path / "new.csv", "B,win,1.0,100,1024")
    with pytest.raises(SystemExit) as stopped:
        _solver().compare(base, new)
    assert "have no deal in common" in str(stopped.value)
