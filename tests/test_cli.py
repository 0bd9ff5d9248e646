"""The ``canfield`` command's entry point: a reader that goes away early."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

import pycanfield as cf
from pycanfield._cli import BROKEN_PIPE, main


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
