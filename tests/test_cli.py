"""The ``canfield`` command's entry point: a reader that goes away early."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pycanfield as cf
from pycanfield._cli import BROKEN_PIPE, main
from pycanfield._solver import solver_build


class _ClosedPipe(io.StringIO):
    """Standard output whose reader has gone: every write fails."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_closed_output_stops_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert main(["solve", "CF1-D3-AAAAACL", "--time-limit", "60"]) == BROKEN_PIPE == 141
    assert capsys.readouterr().err == ""


def test_closed_pipe_in_a_subprocess_gives_no_traceback() -> None:
    # The read end is closed before the command starts, so its first write fails.
    read, write = os.pipe()
    os.close(read)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "pycanfield", "solve", "CF1-D3-AAAAACL"],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        os.close(write)
    assert result.stderr == ""
    assert result.returncode == BROKEN_PIPE


def test_open_output_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "CF1-D3-AAAAACL"]) == 0
    moves = [str(move) for move in cf.legal_moves(cf.deal("CF1-D3-AAAAACL"))]
    assert capsys.readouterr().out.splitlines() == moves


def test_show_without_a_code_names_only_the_code_as_missing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["show"])
    err = capsys.readouterr().err
    assert err.rstrip().endswith("the following arguments are required: code")


def test_moves_after_some_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "CF1-D3-AAAAACL", "R>2", "draw"]) == 0
    game = cf.deal("CF1-D3-AAAAACL")
    for text in ("R>2", "draw"):
        game = cf.apply(game, cf.Move.parse(text))
    assert capsys.readouterr().out.splitlines() == [str(m) for m in cf.legal_moves(game)]


def test_moves_after_an_illegal_move_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "CF1-D3-AAAAACL", "1>2"]) == 2
    assert "(R12)" in capsys.readouterr().err


def test_show_svg_to_a_missing_folder_fails_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "table.svg"
    assert main(["show", "CF1-D3-AAAAACL", "--svg", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"canfield: cannot write {target}: ")
    assert "Traceback" not in err


def test_survey_out_to_a_missing_folder_fails_before_solving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "rows.csv"
    assert main(["survey", "--deals", "3", "--out", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"canfield: cannot write {target}: No such file or directory\n"
    assert captured.out == ""  # no deal was solved


def test_version_names_the_build_of_the_search(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"pycanfield {cf.__version__} (search {solver_build()})\n"
