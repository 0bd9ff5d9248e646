"""The ``canfield solve`` and ``canfield survey`` sub-commands."""

from __future__ import annotations

import csv
import itertools
import sys
from pathlib import Path
from typing import Any

import pytest

import pycanfield as cf
from pycanfield._cli import main
from pycanfield._solver import solver_build
from pycanfield._survey_rows import CSV_FIELDS
from test_survey_rerun import CODES


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


def test_solve_unknown_says_which_limit_stopped_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "CPY-D3-PPUJVBZ", "--time-limit", "0.3"]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("CPY-D3-PPUJVBZ: unknown, ")
    assert first.endswith(" s, stopped by the time limit")


def test_solve_bad_threads(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["solve", "CPY-D3-AAAAACL", "--threads", "0"])
    assert stop.value.code == 2
    assert "--threads" in capsys.readouterr().err


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


@pytest.mark.parametrize("threads", [[], ["--threads", "2"]])
def test_solve_a_variant_code(threads: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A code of another rule set is solved under its own rules, in one thread or two."""
    assert main(["solve", "CPY-D3-AAAAACL", "--node-limit", "20000", *threads]) == 0
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
    assert [line.split()[0] for line in lines[1:-1]] == [v.name for v in cf.VARIANTS]
    assert lines[-1] == f"search: {solver_build()}"
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


# -- reruns and resumed surveys ----------------------------------------------------------


def _rerun_args(tmp_path: Path, *more: str) -> list[str]:
    codes = tmp_path / "codes.txt"
    codes.write_text("\n".join(CODES) + "\n", "utf-8")
    return ["survey", "--codes", str(codes), "--node-limit", "100", "--quiet", *more]


def test_survey_rerun_reports_the_first_pass_the_rerun_and_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rows.csv"
    args = _rerun_args(tmp_path, "--rerun-node-limit", "3000", "--out", str(out))
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    expected = cf.survey(CODES, node_limit=100, rerun_node_limit=3_000)
    assert lines == expected.summary().splitlines()
    assert lines[0].startswith("first pass (60 s or 100 positions a deal): 6 deals: ")
    assert lines[1].startswith("rerun of the 3 deals left unknown (60 s or 3,000 positions ")
    assert lines[-1] == f"search: {solver_build()}"
    rows = list(csv.reader(out.open(encoding="utf-8")))[1:]
    assert [row[5:8] for row in rows] == [["first", "60.0", "100"]] * 6 + [
        ["rerun", "60.0", "3000"]
    ] * 3
    assert {row[8] for row in rows} == {solver_build()}


def test_survey_reruns_a_deal_still_unknown_up_to_the_attempts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rows.csv"
    args = _rerun_args(tmp_path, "--rerun-node-limit", "3000", "--rerun-attempts", "2")
    assert main([*args, "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    expected = cf.survey(CODES, node_limit=100, rerun_node_limit=3_000, rerun_attempts=2)
    assert lines == expected.summary().splitlines()
    assert lines[1].startswith("rerun of the 3 deals left unknown (60 s or 3,000 positions ")
    assert ", 5 runs in all: " in lines[1]
    rows = list(csv.reader(out.open(encoding="utf-8")))[1:]
    assert [row[5] for row in rows] == ["first"] * 6 + ["rerun"] * 5
    # Every preset: the table of the passes says how often a deal may be rerun.
    args = ["survey", "--rules", "all", "--deals", "1", "--node-limit", "50", "--quiet"]
    assert main([*args, "--rerun-node-limit", "400", "--rerun-attempts", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "first pass: 60 s or 50 positions a deal; rerun of its unknown deals: "
        "60 s or 400 positions a deal, up to 3 times"
    )
    assert main(["survey", "--deals", "1", "--rerun-attempts", "2"]) == 2
    assert capsys.readouterr().err == (
        "canfield: --rerun-attempts needs a rerun: give --rerun or --rerun-node-limit\n"
    )
    with pytest.raises(SystemExit):
        main(["survey", "--rerun", "90", "--rerun-attempts", "0"])
    capsys.readouterr()


def test_survey_rerun_with_nothing_left_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["survey", "--deals", "1", "--seed", "2", "--node-limit", "5000", "--rerun", "90"]
    args.append("--quiet")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "1 deal: 1 won" in out
    assert out.endswith("rerun: the first pass left no deal unknown\n")


def test_survey_rerun_must_search_longer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["survey", "--deals", "1", "--time-limit", "60", "--rerun", "30"]) == 2
    assert capsys.readouterr().err == (
        "canfield: a rerun searches longer than the first pass (60 s a deal), not 30 s a deal\n"
    )
    with pytest.raises(SystemExit):
        main(["survey", "--rerun", "-5"])
    with pytest.raises(SystemExit):
        main(["survey", "--rerun-node-limit", "0"])
    capsys.readouterr()


def test_survey_of_every_preset_with_a_rerun(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "all.csv"
    args = ["survey", "--rules", "all", "--deals", "2", "--node-limit", "50", "--quiet"]
    assert main([*args, "--rerun-node-limit", "400", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    passes, combined = text.split("\n\n")
    names = [v.name for v in cf.VARIANTS]
    lines = passes.splitlines()
    assert lines[0] == "first pass: 60 s or 50 positions a deal; rerun of its unknown deals: " + (
        "60 s or 400 positions a deal"
    )
    words = ["rules", "deals", "won", "no", "win", "unknown", "rerun", "won", "no", "win"]
    assert lines[1].split() == [*words, "unknown"]
    read = cf.SurveyResult.read_csv(out)
    for name, line, variant in zip(names, lines[2:], cf.VARIANTS, strict=True):
        mine = [r for r in read.rows if r.code.startswith(variant.prefix)]
        again = [r for r in read.reruns if r.code.startswith(variant.prefix)]
        unknown = sum(r.status is cf.SolveStatus.UNKNOWN for r in mine)
        assert line.split()[0] == name
        assert int(line.split()[4]) == unknown == int(line.split()[5]) == len(again)
    # The table after the rerun counts each deal's last answer.
    table = combined.splitlines()
    assert [line.split()[0] for line in table[1:-1]] == names
    assert table[-1] == f"search: {solver_build()}"
    result = cf.survey(2, rules="rainbow", seed=1, node_limit=50, rerun_node_limit=400)
    rainbow = table[1 + names.index("rainbow")].split()
    assert rainbow[1:5] == [str(n) for n in (2, result.wins, result.no_wins, result.unknown)]


def test_survey_resumes_from_its_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rows.csv"
    args = _rerun_args(tmp_path, "--rerun-node-limit", "3000", "--out", str(out))
    assert main(args) == 0
    whole = capsys.readouterr().out
    data = out.read_bytes()
    lines = data.splitlines(keepends=True)
    for k in (1, 4, 8):
        out.write_bytes(b"".join(lines[:k]) + lines[k][:9])
        assert main([*args, "--resume"]) == 0
        assert capsys.readouterr().out == whole
        assert len(out.read_bytes().splitlines()) == len(lines)
    # Without --resume, the file is not overwritten.
    assert main(args) == 2
    assert "is not empty: continue the survey in it (--resume" in capsys.readouterr().err


def test_survey_resume_refuses_another_surveys_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rows.csv"
    assert main(_rerun_args(tmp_path, "--out", str(out))) == 0
    capsys.readouterr()
    before = out.read_bytes()
    args = _rerun_args(tmp_path, "--out", str(out), "--resume")
    assert main([*args[:4], "200", *args[5:]]) == 2  # another node limit
    assert capsys.readouterr().err == (
        f"canfield: {out}, line 2: CF1-D3-AAAAACL was solved with 60 s or 100 positions a "
        "deal, and this survey's first pass has 60 s or 200 positions; resume a survey with "
        "the command that started it\n"
    )
    assert out.read_bytes() == before
    assert main(["survey", "--deals", "2", "--resume", "--quiet"]) == 2
    assert "--resume continues the survey in the --out file" in capsys.readouterr().err


def test_a_stopped_survey_says_how_to_resume_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "all.csv"
    args = ["survey", "--rules", "all", "--deals", "1", "--node-limit", "50", "--quiet"]
    args += ["--rerun-node-limit", "300", "--out", str(out)]
    assert main(args) == 0
    whole = capsys.readouterr().out
    out.unlink()

    import pycanfield._survey as survey_module

    solve = cf.solve
    calls = 0

    def stopped(*arguments: Any, **options: Any) -> cf.SolveResult:
        nonlocal calls
        calls += 1
        if calls == 7:
            raise KeyboardInterrupt  # Ctrl-C, in the sixth preset's first pass
        return solve(*arguments, **options)

    monkeypatch.setattr(survey_module, "solve", stopped)
    assert main(args) == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"\ncanfield: survey stopped; its rows so far are in {out}: run the same command "
        "with --resume to continue it\n"
    )
    assert len(cf.SurveyResult.read_csv(out).rows) >= 3
    assert len(out.read_bytes().splitlines()) == 7  # the header and six rows
    monkeypatch.setattr(survey_module, "solve", solve)
    assert main([*args, "--resume"]) == 0
    assert capsys.readouterr().out == whole


def test_survey_resumes_with_worker_processes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rows.csv"
    args = _rerun_args(tmp_path, "--rerun-node-limit", "3000", "--out", str(out))
    assert main(args) == 0
    whole = capsys.readouterr().out
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:3]))
    assert main([*args, "--resume", "--jobs", "2"]) == 0
    assert capsys.readouterr().out == whole

    def answers(rows: list[bytes]) -> list[list[bytes]]:
        return sorted(row.split(b",")[:4] + row.split(b",")[5:] for row in rows[1:])

    assert answers(out.read_bytes().splitlines()) == answers(b"".join(lines).splitlines())


def test_the_progress_bar_starts_again_for_each_pass() -> None:
    import io

    from pycanfield._cli_solve import ProgressBar

    stream = io.StringIO()
    bar = ProgressBar(stream, width=4)
    for done in range(4):
        bar(done, 3)
    bar(2, 5)  # a resumed pass: two deals read back
    bar(3, 5)
    text = stream.getvalue()
    assert "3/3 deals" in text
    assert text.endswith("] 3/5 deals, 0 s elapsed, ~0 s left")
    assert bar.base == 2  # the time left counts the deals solved since the pass started
    bar.stage("classic, rerun 2 of 2")  # a new bar, even where the count goes on
    bar(4, 5)
    assert stream.getvalue().endswith(
        "\rclassic, rerun 2 of 2 [###.] 4/5 deals, 0 s elapsed, ~0 s left"
    )
    assert bar.base == 4


def test_survey_of_every_preset_heads_each_bar_with_the_preset_and_pass(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["survey", "--rules", "all", "--deals", "1", "--seed", "2", "--node-limit", "20"]
    assert main([*args, "--rerun-node-limit", "40", "--rerun-attempts", "2"]) == 0
    err = capsys.readouterr().err
    assert "\rstandard, first pass [" in err
    assert "\rselective, first pass [" in err
    heads = {line.split(" [")[0] for line in err.replace("\r", "\n").splitlines() if " [" in line}
    assert {"chameleon, rerun 1 of 2", "chameleon, rerun 2 of 2"} <= heads


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
def test_ctrl_c_stops_a_survey_with_worker_processes_and_leaves_its_file_whole(
    tmp_path: Path,
) -> None:
    import os
    import signal
    import subprocess
    import time

    from pycanfield._survey import survey_deals
    from pycanfield._survey_file import SurveyWriter

    out = tmp_path / "rows.csv"
    # Deals that take seconds each, so that the interrupt finds deals still to solve.
    args = ["survey", "--rules", "classic", "--deals", "12", "--node-limit", "150000"]
    args += ["--jobs", "2", "--quiet", "--out", str(out)]
    # Python's own handler: a test run in the background may have SIGINT ignored.
    program = (
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from pycanfield._cli import main; sys.exit(main(sys.argv[1:]))"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", program, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's Ctrl-C reaches
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and process.poll() is None:
            if out.exists() and len(out.read_bytes().splitlines()) >= 3:
                break
            time.sleep(0.05)
        assert process.poll() is None, "the survey ended before the interrupt"
        os.killpg(process.pid, signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130
    assert stdout == ""
    assert stderr.endswith(
        f"canfield: survey stopped; its rows so far are in {out}: run the same command "
        "with --resume to continue it\n"
    )
    data = out.read_bytes()
    assert data.endswith(b"\n")
    rows = cf.SurveyResult.read_csv(out).rows
    assert 2 <= len(rows) < 12
    # The file is one a resumed survey takes.
    codes = survey_deals(12, None, 1, cf.Rules.parse("classic"))
    with SurveyWriter(out, codes, (60.0, 150_000), None, resume=True) as writer:
        assert len(writer.done) == len(rows)
    assert out.read_bytes() == data
