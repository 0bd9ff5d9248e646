"""The ``canfield solve`` and ``canfield survey`` sub-commands."""

from __future__ import annotations

import csv
import itertools
import sys
from pathlib import Path

import pytest

import pycanfield as cf
from pycanfield._cli import main
from pycanfield._survey import CSV_FIELDS


def _expand(lines: list[str]) -> list[cf.Move]:
    """The moves of numbered lines such as ``  12. draw ×10``, checking the numbers."""
    moves: list[cf.Move] = []
    for line in lines:
        number, text = line.split(". ", 1)
        assert int(number) == len(moves) + 1
        move, _, times = text.partition(" ×")
        moves += [cf.Move.parse(move)] * (int(times) if times else 1)
    return moves


def test_solve_prints_the_winning_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "CF1-D3-AAAAACL", "--time-limit", "60"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("CF1-D3-AAAAACL: win")
    moves = _expand(out[1:])
    assert out[0].endswith(f", {len(moves)} moves")
    game = cf.deal("CF1-D3-AAAAACL")
    for move in moves:
        game = cf.apply(game, move)
    assert cf.is_won(game)


def test_solve_unknown_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "CF1-D3-AAAAACL", "--node-limit", "1"]) == 1
    assert "unknown" in capsys.readouterr().out


def test_solve_bad_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "CF1-D3-AAAAAC!"]) == 2
    assert "canfield:" in capsys.readouterr().err


def test_survey_writes_rows_and_prints_the_interval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.csv"
    args = ["survey", "--deals", "3", "--draw", "1", "--time-limit", "5", "--out", str(out)]
    assert main([*args, "--seed", "3"]) == 0
    captured = capsys.readouterr()
    assert "3/3 deals" in captured.err  # the progress bar
    assert "95% CI" in captured.out
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == list(CSV_FIELDS)
    assert len(rows) == 4
    assert all(row[0].startswith("CF1-D1-") for row in rows[1:])


def test_survey_with_jobs_and_a_code_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = tmp_path / "codes.txt"
    codes.write_text("# two deals\nCF1-D3-AAAAACL\ncf1-d1-aaaaacl\n", "utf-8")
    args = ["survey", "--codes", str(codes), "--jobs", "2", "--time-limit", "30", "--quiet"]
    assert main(args) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "2 deals: " in captured.out


def test_survey_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["survey", "--deals", "0"])
    with pytest.raises(SystemExit):
        main(["survey", "--time-limit", "-2"])
    with pytest.raises(SystemExit):
        main(["survey", "--draw", "2"])
    capsys.readouterr()


def test_survey_missing_code_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["survey", "--codes", "/nonexistent/codes.txt"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_solve_a_variant_code(capsys: pytest.CaptureFixture[str]) -> None:
    """A code of another rule set is solved under its own rules."""
    assert main(["solve", "CPY-D3-AAAAACL", "--node-limit", "20000"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("CPY-D3-AAAAACL: win")
    game = cf.deal("CPY-D3-AAAAACL")
    for move in _expand(out[1:]):
        game = cf.apply(game, move)
    assert cf.is_won(game)


def test_survey_under_other_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results.csv"
    args = ["survey", "--deals", "2", "--rules", "rainbow", "--node-limit", "300", "--quiet"]
    assert main([*args, "--out", str(out)]) == 0
    assert "2 deals: " in capsys.readouterr().out
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert all(row[0].startswith("CRB-D1-") for row in rows[1:])
    assert main(["survey", "--deals", "1", "--rules", "pysol draw=1", "--node-limit", "50"]) == 0
    assert "1 deal: " in capsys.readouterr().out


def test_survey_rules_with_codes_or_bad_rules_fail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = tmp_path / "codes.txt"
    codes.write_text("CF1-D3-AAAAACL\n", "utf-8")
    assert main(["survey", "--codes", str(codes), "--rules", "rainbow", "--quiet"]) == 2
    assert "own rules" in capsys.readouterr().err
    assert main(["survey", "--deals", "1", "--rules", "no-such-game", "--quiet"]) == 2
    assert "canfield:" in capsys.readouterr().err


def test_solve_shows_runs_of_draws_compactly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "CF1-D3-AAAAACL", "--time-limit", "60"]) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    line = cf.solve("CF1-D3-AAAAACL", time_limit=60).moves
    assert lines[0] == "   1. draw ×10"  # the reference line opens with ten draws
    runs = [move for move, _ in itertools.groupby(line)]
    assert len(lines) == len(runs) < len(line) - 90  # 219 moves in 121 lines
    # No two lines in a row show the same move: each run is one line.
    shown = [text.split(". ", 1)[1].partition(" ×")[0] for text in lines]
    assert all(a != b for a, b in itertools.pairwise(shown))


def test_solve_plain_prints_one_move_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "CF1-D3-AAAAACL", "--time-limit", "60", "--plain"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("CF1-D3-AAAAACL: win")
    moves = [cf.Move.parse(text) for text in captured.out.splitlines()]
    assert moves[:11] == [cf.DRAW] * 10 + [cf.Move.parse("W>F")]
    game = cf.deal("CF1-D3-AAAAACL")
    for move in moves:
        game = cf.apply(game, move)
    assert cf.is_won(game)


def test_solve_plain_prints_no_moves_when_undecided(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "CF1-D3-AAAAACL", "--node-limit", "1", "--plain"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "unknown" in captured.err


def test_solve_writes_a_star_where_the_output_cannot_write_a_times_sign() -> None:
    import io

    from pycanfield._cli_solve import _times_sign

    assert _times_sign(io.TextIOWrapper(io.BytesIO(), encoding="ascii")) == "*"
    assert _times_sign(io.TextIOWrapper(io.BytesIO(), encoding="utf-8")) == "×"


def test_survey_dask_without_the_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    assert main(["survey", "--deals", "1", "--dask", "local"]) == 2
    assert "pycanfield[dask]" in capsys.readouterr().err


def test_survey_of_every_preset_prints_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "all.csv"
    args = ["survey", "--rules", "all", "--deals", "1", "--node-limit", "300", "--quiet"]
    assert main([*args, "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:2] == ["rules", "deals"]
    assert [line.split()[0] for line in lines[1:]] == [v.name for v in cf.VARIANTS]
    rows = list(csv.reader(out.open(encoding="utf-8")))
    prefixes = {row[0][:3] for row in rows[1:]}
    assert prefixes == {v.prefix for v in cf.VARIANTS}


def test_survey_of_every_preset_refuses_codes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = tmp_path / "codes.txt"
    codes.write_text("CF1-D3-AAAAACL\n", "utf-8")
    assert main(["survey", "--codes", str(codes), "--rules", "all"]) == 2
    assert "own rules" in capsys.readouterr().err
