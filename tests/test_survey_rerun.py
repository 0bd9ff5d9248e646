"""Surveys that rerun their unknown deals, write each row as it comes and resume.

Node limits throughout: a deal's verdict and positions do not depend on the machine.
"""

from __future__ import annotations

import concurrent.futures
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import pycanfield as cf
from pycanfield._solver import solver_build
from pycanfield._survey import rerun_limits
from pycanfield._survey_file import read_survey_file
from pycanfield._survey_rows import CSV_FIELDS, SurveyRow, wilson_interval

# At 100 positions: won, won, unknown, proved lost, unknown, unknown; at 3,000 the
# third is won and the last two stay unknown.
CODES = [
    "CF1-D3-AAAAACL",
    "CF1-D1-AAAAACL",
    "CF1-D3-AAAAAAB",
    "CCL-D3-LQDCDFE",
    "CRB-D1-AAAAACL",
    "CCL-D3-KZCYTJA",
]
FIRST = 100
RERUN = 3_000
OPTIONS: dict[str, Any] = {"node_limit": FIRST, "rerun_node_limit": RERUN}


def _verdicts(rows: tuple[SurveyRow, ...]) -> list[tuple[str, cf.SolveStatus, int, int, bool]]:
    return [(r.code, r.status, r.moves, r.positions, r.rerun) for r in rows]


def _same(a: cf.SurveyResult, b: cf.SurveyResult) -> None:
    """The same survey: every row of both passes, all but the seconds (and the order of
    a file's rows, the order in which the deals finished)."""
    assert sorted(_verdicts(a.rows)) == sorted(_verdicts(b.rows))
    assert sorted(_verdicts(a.reruns)) == sorted(_verdicts(b.reruns))
    assert a.summary() == b.summary()


@pytest.fixture(scope="module")
def whole() -> cf.SurveyResult:
    """The survey run without a stop."""
    return cf.survey(CODES, **OPTIONS)


def test_the_first_pass_leaves_unknown_deals_and_decides_others(whole: cf.SurveyResult) -> None:
    # A rerun that had nothing to do, or everything, would prove little.
    first = whole.first
    assert 0 < first.unknown < len(CODES)
    assert first.wins
    assert first.no_wins


def test_the_rerun_solves_the_unknown_deals_again_with_the_longer_limit(
    whole: cf.SurveyResult,
) -> None:
    unknown = [r.code for r in whole.rows if r.status is cf.SolveStatus.UNKNOWN]
    assert [r.code for r in whole.reruns] == unknown
    assert all(r.rerun and r.limits == (60.0, RERUN) for r in whole.reruns)
    assert all(not r.rerun and r.limits == (60.0, FIRST) for r in whole.rows)
    # A rerun row is what a survey at the longer limit answers for that deal.
    longer = cf.survey(unknown, node_limit=RERUN)
    assert [(r.code, r.status, r.moves, r.positions) for r in whole.reruns] == [
        (r.code, r.status, r.moves, r.positions) for r in longer.rows
    ]
    # It decides some of them, not all.
    decided = [r for r in whole.reruns if r.status is not cf.SolveStatus.UNKNOWN]
    assert 0 < len(decided) < len(unknown)


def test_the_totals_count_each_deals_last_answer(whole: cf.SurveyResult) -> None:
    rerun = {r.code: r for r in whole.reruns}
    assert whole.answers == tuple(rerun.get(r.code, r) for r in whole.rows)
    again = cf.SurveyResult(whole.reruns)
    first = whole.first
    assert whole.wins == first.wins + again.wins
    assert whole.no_wins == first.no_wins + again.no_wins
    assert whole.unknown == again.unknown < first.unknown
    assert whole.interval == wilson_interval(whole.wins, whole.decided)
    lines = whole.summary().splitlines()
    assert lines[0] == (
        f"first pass (60 s or 100 positions a deal): 6 deals: {first.wins} won, "
        f"{first.no_wins} cannot be won, {first.unknown} unknown"
    )
    assert lines[1] == (
        f"rerun of the {first.unknown} deals left unknown (60 s or 3,000 positions a deal): "
        f"{again.wins} won, {again.no_wins} cannot be won, {again.unknown} unknown"
    )
    assert lines[2].startswith(f"6 deals: {whole.wins} won, {whole.no_wins} cannot be won, ")


def test_no_rerun_without_unknown_deals() -> None:
    result = cf.survey(CODES[:2], **OPTIONS)
    assert result.unknown == 0
    assert result.reruns == ()
    assert result.first is result


@pytest.mark.parametrize(
    ("first", "time_limit", "node_limit", "expected"),
    [
        ((60.0, None), 600.0, None, (600.0, None)),
        ((60.0, 100), None, 1000, (60.0, 1000)),
        ((60.0, 100), 600, 1000, (600.0, 1000)),
        ((60.0, 100), 600, None, (600.0, 100)),  # the node limit stays
        ((None, 100), None, 1000, (None, 1000)),
        ((60.0, None), None, None, None),  # no rerun
    ],
)
def test_rerun_limits(
    first: tuple[float | None, int | None],
    time_limit: float | None,
    node_limit: int | None,
    expected: tuple[float | None, int | None] | None,
) -> None:
    assert rerun_limits(first, time_limit, node_limit) == expected


@pytest.mark.parametrize(
    ("first", "time_limit", "node_limit"),
    [
        ((60.0, None), 60.0, None),  # not longer
        ((60.0, None), 30.0, None),  # shorter
        ((60.0, None), 600.0, 1000),  # longer in time, limited in positions
        ((60.0, 100), 30.0, 1000),
        ((None, None), 600.0, None),  # nothing is longer than no limit
    ],
)
def test_a_rerun_that_would_not_search_longer_is_refused(
    first: tuple[float | None, int | None], time_limit: float | None, node_limit: int | None
) -> None:
    with pytest.raises(cf.OptionError, match="a rerun searches longer than the first pass"):
        rerun_limits(first, time_limit, node_limit)


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"rerun_time_limit": -1}, cf.OptionError),
        ({"rerun_node_limit": 0}, cf.OptionError),
        ({"rerun_node_limit": 50}, cf.OptionError),  # below the first pass's 100
        ({"rerun_time_limit": "600"}, cf.WrongTypeError),
        ({"rerun_node_limit": 2.5}, cf.WrongTypeError),
        ({"out": 5}, cf.WrongTypeError),
        ({"resume": "yes"}, cf.WrongTypeError),
        ({"resume": True}, cf.OptionError),  # and no out
    ],
)
def test_bad_rerun_and_file_options_raise(options: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        cf.survey(CODES[:1], node_limit=FIRST, **options)


def test_rerun_rows_are_checked_against_the_first_pass() -> None:
    won = SurveyRow("CF1-D3-AAAAACL", cf.SolveStatus.WIN, 10, 10, 0.1)
    lost = SurveyRow("CF1-D3-AAAAAAB", cf.SolveStatus.UNKNOWN, 0, 10, 0.1)
    again = SurveyRow("CF1-D3-AAAAAAB", cf.SolveStatus.WIN, 10, 99, 0.1, rerun=True)
    assert cf.SurveyResult((won, lost), reruns=(again,)).wins == 2
    for reruns in [
        (attrs.evolve(again, code=won.code),),  # a deal decided by the first pass
        (attrs.evolve(again, rerun=False),),  # not marked as a rerun
        (again, again),  # twice
    ]:
        with pytest.raises(cf.OptionError, match="rerun row"):
            cf.SurveyResult((won, lost), reruns=reruns)
    with pytest.raises(cf.WrongTypeError, match="as reruns"):
        cf.SurveyResult((won,), reruns=[again])  # type: ignore[arg-type]
    with pytest.raises(cf.WrongTypeError, match="as rerun"):
        SurveyRow("CF1-D3-AAAAACL", cf.SolveStatus.WIN, 1, 1, 0.1, rerun=1)  # type: ignore[arg-type]


# -- the file --------------------------------------------------------------------------


def test_the_file_keeps_every_row_of_both_passes(tmp_path: Path, whole: cf.SurveyResult) -> None:
    out = tmp_path / "rows.csv"
    result = cf.survey(CODES, **OPTIONS, out=out)
    _same(result, whole)
    lines = out.read_text("utf-8").splitlines()
    assert lines[0] == ",".join(CSV_FIELDS)
    assert len(lines) == 1 + len(CODES) + len(whole.reruns)
    passes = [line.split(",")[5:] for line in lines[1:]]
    build = solver_build()  # each row records the search that solved it
    first, again = ["first", "60.0", "100", build], ["rerun", "60.0", "3000", build]
    assert passes == [first] * len(CODES) + [again] * len(whole.reruns)
    _same(cf.SurveyResult.read_csv(out), whole)


def test_each_row_is_in_the_file_when_its_deal_is_answered(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        # Called after the row is written: the header, the first pass, this pass's rows.
        rows = out.read_text("utf-8").splitlines()[1:]
        seen.append((done, len(rows)))

    cf.survey(CODES, **OPTIONS, out=out, progress=progress)
    first = [(n, n) for n in range(len(CODES) + 1)]
    assert seen[: len(first)] == first
    assert seen[len(first) :] == [(n, len(CODES) + n) for n in range(len(seen) - len(first))]


def test_a_file_written_by_to_csv_reads_back(tmp_path: Path, whole: cf.SurveyResult) -> None:
    path = tmp_path / "rows.csv"
    whole.write_csv(path)
    _same(cf.SurveyResult.read_csv(path), whole)


def test_a_file_of_an_earlier_version_still_reads(tmp_path: Path) -> None:
    # Written by version 0.1's SurveyResult.write_csv, with node_limit=100.
    path = Path(__file__).parent / "data" / "survey-0.1.csv"
    result = cf.SurveyResult.read_csv(path)
    assert [(r.code, r.status, r.rerun, r.limits) for r in result.rows[:3]] == [
        ("CF1-D3-AAAAACL", cf.SolveStatus.WIN, False, (None, None)),
        ("CF1-D1-AAAAACL", cf.SolveStatus.WIN, False, (None, None)),
        ("CF1-D3-AAAAAAB", cf.SolveStatus.UNKNOWN, False, (None, None)),
    ]
    assert result.reruns == ()
    now = cf.survey(CODES[:5], node_limit=100)
    assert [(r.code, r.status, r.moves) for r in result.rows] == [
        (r.code, r.status, r.moves) for r in now.rows
    ]
    # Its rows say nothing of their limits: it cannot be checked against a survey.
    copy = tmp_path / "old.csv"
    copy.write_bytes(path.read_bytes())
    with pytest.raises(cf.OptionError, match=r"earlier version.*not resumed"):
        cf.survey(CODES[:5], node_limit=100, out=copy, resume=True)
    assert copy.read_bytes() == path.read_bytes()


def test_a_file_without_the_build_reads_and_resumes_once_written_again(
    tmp_path: Path, whole: cf.SurveyResult
) -> None:
    # A file written before the rows recorded the search's build: eight columns.
    data = _whole_file(tmp_path).decode()
    lines = [",".join(line.split(",")[:8]) for line in data.splitlines()]
    path = tmp_path / "unbuilt.csv"
    path.write_text("\n".join(lines[:-2]) + "\n", "utf-8")
    old = cf.SurveyResult.read_csv(path)
    assert {row.build for row in old.rows} == {None}
    assert [r.limits for r in old.rows] == [r.limits for r in whole.rows]
    before = path.read_bytes()
    with pytest.raises(cf.OptionError, match=r"before survey files recorded the search's build"):
        cf.survey(CODES, **OPTIONS, out=path, resume=True)
    assert path.read_bytes() == before
    # The way out the message gives: the file in the current form, then resumed.
    cf.SurveyResult.read_csv(path).write_csv(path)
    executor = _Counting()
    result = cf.survey(CODES, **OPTIONS, out=path, resume=True, executor=executor)
    assert executor.tasks == 2
    assert [(r.code, r.status, r.positions) for r in result.answers] == [
        (r.code, r.status, r.positions) for r in whole.answers
    ]
    builds = [row.build for row in cf.SurveyResult.read_csv(path).reruns]
    assert builds[-2:] == [solver_build()] * 2
    assert set(builds[:-2]) == {None}


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("code,status\n", 1, "not the header of a survey file"),
        (",".join(CSV_FIELDS) + "\nCF1-D3-AAAAACL,win\n", 2, "2 fields where the header has 9"),
        (
            ",".join(CSV_FIELDS) + "\nCF1-D3-AAAAACL,win,1,2,0.1,first,,,\nnonsense,win,1,2,0.1,"
            "first,,,\n",
            3,
            "bad survey row",
        ),
        (",".join(CSV_FIELDS) + "\nCF1-D3-AAAAACL,win,1,2,0.1,second,,,\n", 2, "'first' or"),
        (",".join(CSV_FIELDS) + "\nCF1-D3-AAAAACL,win,1,2,0.1,first,x,,\n", 2, "bad survey row"),
        (
            ",".join(CSV_FIELDS) + "\nCF1-D3-AAAAACL,win,1,2,0.1,first,,,fast\n",
            2,
            "the build is 'native', 'compiled', 'interpreted' or empty",
        ),
        (
            ",".join(CSV_FIELDS[:8]) + "\nCF1-D3-AAAAACL,win,1,2,0.1,first,,,\n",
            2,
            "9 fields where the header has 8",
        ),
        (",".join(CSV_FIELDS) + "\nCF1-D3-AAAAACL,w\xefn\n", 2, "not UTF-8"),
    ],
)
def test_a_bad_line_is_named_by_its_number(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = tmp_path / "bad.csv"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(cf.OptionError, match=f"bad.csv, line {line}: .*{message}"):
        cf.SurveyResult.read_csv(path)


def test_reading_a_missing_file_fails(tmp_path: Path) -> None:
    with pytest.raises(cf.OptionError, match=r"cannot read .*missing.csv"):
        cf.SurveyResult.read_csv(tmp_path / "missing.csv")


def test_a_last_line_cut_short_is_left_out(tmp_path: Path, whole: cf.SurveyResult) -> None:
    path = tmp_path / "rows.csv"
    whole.write_csv(path)
    text = path.read_text("utf-8")
    path.write_text(text + "CF1-D3-AAAAA", "utf-8")
    assert read_survey_file(path).size == len(text.encode())
    _same(cf.SurveyResult.read_csv(path), whole)


def test_a_file_with_rows_is_not_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    cf.survey(CODES[:1], node_limit=FIRST, out=out)
    before = out.read_text("utf-8")
    with pytest.raises(cf.OptionError, match=r"rows.csv is not empty: continue the survey"):
        cf.survey(CODES[:1], node_limit=FIRST, out=out)
    assert out.read_text("utf-8") == before
    # A file with the header alone holds nothing to lose, in any form of the header.
    for header in (CSV_FIELDS, CSV_FIELDS[:8], CSV_FIELDS[:5]):
        for resume in (False, True):
            out.write_text(",".join(header) + "\n", "utf-8")
            assert cf.survey(CODES[:1], node_limit=FIRST, out=out, resume=resume).wins == 1
            assert out.read_text("utf-8").splitlines()[0] == ",".join(CSV_FIELDS)


# -- resuming --------------------------------------------------------------------------


class _Counting(concurrent.futures.Executor):
    """Runs each task at once here, and counts them."""

    def __init__(self) -> None:
        self.tasks = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        self.tasks += 1
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        future.set_result(fn(*args, **kwargs))
        return future


def _whole_file(tmp_path: Path) -> bytes:
    out = tmp_path / "whole.csv"
    cf.survey(CODES, **OPTIONS, out=out)
    return out.read_bytes()


def _cuts(data: bytes) -> list[tuple[int, bytes]]:
    """The file as a stop after each of its rows leaves it, and halfway through each."""
    lines = data.splitlines(keepends=True)
    cuts = []
    for k in range(1, len(lines)):
        kept = b"".join(lines[:k])
        cuts.append((k - 1, kept))
        cuts.append((k - 1, kept + lines[k][: len(lines[k]) // 2]))
    # A part of a line longer than the rows still to come.
    cuts.append((len(lines) - 2, b"".join(lines[:-1]) + b"CF1-D3-" * 100))
    return cuts


def test_a_survey_resumed_after_any_stop_gives_the_whole_surveys_result(
    tmp_path: Path, whole: cf.SurveyResult
) -> None:
    data = _whole_file(tmp_path)
    out = tmp_path / "rows.csv"
    for rows, kept in _cuts(data):
        out.write_bytes(kept)
        executor = _Counting()
        result = cf.survey(CODES, **OPTIONS, out=out, resume=True, executor=executor)
        _same(result, whole)
        assert [r.code for r in result.rows] == CODES
        # Only the deals the file did not answer were solved.
        assert executor.tasks == len(whole.rows) + len(whole.reruns) - rows
        again = cf.SurveyResult.read_csv(out)
        _same(again, whole)
        resumed = out.read_bytes()
        assert resumed.count(b"\n") == data.count(b"\n")
        assert resumed.endswith(b"\n")  # nothing is left of a line cut short


def test_resuming_a_finished_survey_solves_nothing(tmp_path: Path, whole: cf.SurveyResult) -> None:
    out = tmp_path / "rows.csv"
    out.write_bytes(_whole_file(tmp_path))
    executor = _Counting()
    _same(cf.survey(CODES, **OPTIONS, out=out, resume=True, executor=executor), whole)
    assert executor.tasks == 0


def test_resuming_a_missing_file_starts_the_survey(tmp_path: Path, whole: cf.SurveyResult) -> None:
    out = tmp_path / "new.csv"
    _same(cf.survey(CODES, **OPTIONS, out=out, resume=True), whole)
    _same(cf.SurveyResult.read_csv(out), whole)


def test_a_rerun_can_be_added_to_a_finished_first_pass(
    tmp_path: Path, whole: cf.SurveyResult
) -> None:
    out = tmp_path / "rows.csv"
    cf.survey(CODES, node_limit=FIRST, out=out)
    executor = _Counting()
    result = cf.survey(CODES, **OPTIONS, out=out, resume=True, executor=executor)
    _same(result, whole)
    assert executor.tasks == len(whole.reruns)


def test_a_survey_stopped_by_an_interrupt_resumes(tmp_path: Path, whole: cf.SurveyResult) -> None:
    out = tmp_path / "rows.csv"

    def stop_after(count: int) -> Callable[[int, int], None]:
        def progress(done: int, total: int) -> None:
            if done == count:
                raise KeyboardInterrupt

        return progress

    with pytest.raises(KeyboardInterrupt):
        cf.survey(CODES, **OPTIONS, out=out, progress=stop_after(4))
    assert len(read_survey_file(out).rows) == 4
    _same(cf.survey(CODES, **OPTIONS, out=out, resume=True), whole)


def _resume_error(tmp_path: Path, text: str, **options: Any) -> str:
    out = tmp_path / "rows.csv"
    out.write_text(",".join(CSV_FIELDS) + "\n" + text, "utf-8")
    before = out.read_bytes()
    with pytest.raises(cf.OptionError) as error:
        cf.survey(CODES, **(OPTIONS | options), out=out, resume=True)
    assert out.read_bytes() == before  # refused before anything is written
    return str(error.value)


WON = "CF1-D3-AAAAACL,win,219,78,0.0100,first,60.0,100,\n"
UNKNOWN = "CF1-D3-AAAAAAB,unknown,0,100,0.0100,first,60.0,100,compiled\n"
RERUN_ROW = "CF1-D3-AAAAAAB,win,214,132,0.0100,rerun,60.0,3000,interpreted\n"


@pytest.mark.parametrize(
    ("text", "options", "message"),
    [
        (
            WON + UNKNOWN,
            {"node_limit": 200},
            "line 2: CF1-D3-AAAAACL was solved with 60 s or "
            "100 positions a deal, and this survey's first pass has 60 s or 200 positions",
        ),
        (WON + UNKNOWN, {"time_limit": 30}, "line 2: .* first pass has 30 s or 100 positions"),
        (
            WON + "CF1-D3-AAAAAAC,win,1,1,0.1,first,60.0,100,\n",
            {},
            "line 3: CF1-D3-AAAAAAC is not one of this survey's deals",
        ),
        (WON + WON, {}, "line 3: CF1-D3-AAAAACL has been answered on an earlier line"),
        (UNKNOWN + RERUN_ROW, {"rerun_node_limit": None}, "line 3: .* this survey has no rerun"),
        (
            UNKNOWN + RERUN_ROW,
            {"rerun_node_limit": 4000},
            "line 3: .* was rerun with 60 s or "
            "3,000 positions a deal, and this survey's rerun has 60 s or 4,000 positions",
        ),
        (RERUN_ROW + UNKNOWN, {}, "line 2: .* no earlier line leaves it unknown"),
        (WON + WON.replace("ACL,", "AAB,") + RERUN_ROW, {}, "line 4: .* no earlier line"),
        (WON + "garbage\n", {}, "line 3: 1 fields where the header has 9"),
    ],
)
def test_a_file_of_another_survey_is_refused_at_its_first_wrong_line(
    tmp_path: Path, text: str, options: dict[str, Any], message: str
) -> None:
    error = _resume_error(tmp_path, text, **options)
    assert error.startswith(f"{tmp_path / 'rows.csv'}, line ")
    assert re.search(message, error), error


def test_the_deals_of_another_seed_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    cf.survey(2, seed=1, node_limit=FIRST, out=out)
    with pytest.raises(cf.OptionError, match=r"line 2: CF1-D3-.* not one of this survey's deals"):
        cf.survey(2, seed=2, node_limit=FIRST, out=out, resume=True)
    # The same deal numbers under other rules are other deals.
    out.unlink()
    cf.survey(2, seed=1, rules="rainbow", node_limit=FIRST, out=out)
    with pytest.raises(cf.OptionError, match=r"line 2: CRB-D1-.* not one of"):
        cf.survey(2, seed=1, node_limit=FIRST, out=out, resume=True)


# -- more than one rerun of a deal ------------------------------------------------------

ATTEMPTS: dict[str, Any] = OPTIONS | {"rerun_attempts": 3}


@pytest.fixture(scope="module")
def tried() -> cf.SurveyResult:
    """The survey with up to three reruns a deal, run without a stop."""
    return cf.survey(CODES, **ATTEMPTS)


def test_a_deal_left_unknown_is_rerun_up_to_the_attempts(
    tried: cf.SurveyResult, whole: cf.SurveyResult
) -> None:
    # The first rerun wins one deal and leaves two unknown: those two are rerun twice more.
    first = [r.code for r in whole.reruns]
    left = [r.code for r in whole.reruns if r.status is cf.SolveStatus.UNKNOWN]
    assert len(left) == 2 < len(first)
    assert [r.code for r in tried.reruns] == first + left + left
    assert all(r.rerun and r.limits == (60.0, RERUN) for r in tried.reruns)
    # Under a node limit each attempt searches alike, so each gives the first's answer.
    assert _verdicts(tried.last_reruns) == _verdicts(whole.reruns)
    assert _verdicts(tried.answers) == _verdicts(whole.answers)
    lines = tried.summary().splitlines()
    assert lines[1] == (
        "rerun of the 3 deals left unknown (60 s or 3,000 positions a deal), 7 runs in all: "
        "1 won, 0 cannot be won, 2 unknown"
    )
    assert lines[2:] == whole.summary().splitlines()[2:]


def test_no_deal_is_rerun_once_decided() -> None:
    # Every deal that the first pass leaves unknown is won by its first rerun.
    result = cf.survey(CODES[:3], node_limit=FIRST, rerun_node_limit=RERUN, rerun_attempts=5)
    assert [(r.code, r.status) for r in result.reruns] == [("CF1-D3-AAAAAAB", cf.SolveStatus.WIN)]


def test_the_last_rerun_is_the_answer() -> None:
    first = SurveyRow("CF1-D3-AAAAAAB", cf.SolveStatus.UNKNOWN, 0, 10, 0.1)
    tries = [
        SurveyRow("CF1-D3-AAAAAAB", status, 0, 99, 0.1, rerun=True)
        for status in (cf.SolveStatus.UNKNOWN, cf.SolveStatus.UNKNOWN, cf.SolveStatus.NO_WIN)
    ]
    result = cf.SurveyResult((first,), reruns=tuple(tries))
    assert result.last_reruns == (tries[-1],)
    assert result.answers == (tries[-1],)
    assert (result.no_wins, result.unknown, result.first.unknown) == (1, 0, 1)
    # A deal decided by a rerun is not rerun again.
    with pytest.raises(cf.OptionError, match="earlier reruns, leave unknown"):
        cf.SurveyResult((first,), reruns=(tries[2], tries[0]))
    assert cf.SurveyResult((first,)).last_reruns == ()


def test_the_file_keeps_every_attempt_and_resumes_after_any_stop(
    tmp_path: Path, tried: cf.SurveyResult
) -> None:
    whole_file = tmp_path / "whole.csv"
    _same(cf.survey(CODES, **ATTEMPTS, out=whole_file), tried)
    data = whole_file.read_bytes()
    assert data.count(b",rerun,") == len(tried.reruns) == 7
    _same(cf.SurveyResult.read_csv(whole_file), tried)
    out = tmp_path / "rows.csv"
    for rows, kept in _cuts(data):
        out.write_bytes(kept)
        executor = _Counting()
        _same(cf.survey(CODES, **ATTEMPTS, out=out, resume=True, executor=executor), tried)
        assert executor.tasks == len(tried.rows) + len(tried.reruns) - rows
        assert out.read_bytes().count(b"\n") == data.count(b"\n")


def test_more_attempts_try_the_deals_a_finished_rerun_left_unknown(
    tmp_path: Path, whole: cf.SurveyResult, tried: cf.SurveyResult
) -> None:
    out = tmp_path / "rows.csv"
    cf.survey(CODES, **OPTIONS, out=out)
    executor = _Counting()
    again = cf.survey(
        CODES, **(OPTIONS | {"rerun_attempts": 2}), out=out, resume=True, executor=executor
    )
    # Only the two deals the rerun left unknown are solved, once each.
    assert executor.tasks == 2
    assert len(again.reruns) == len(whole.reruns) + 2
    _same(cf.survey(CODES, **ATTEMPTS, out=out, resume=True), tried)


def test_each_pass_is_named_before_it_starts(tmp_path: Path) -> None:
    events: list[object] = []
    cf.survey(
        CODES,
        **ATTEMPTS,
        progress=lambda done, total: events.append((done, total)),
        stage=events.append,
    )
    starts = [(e, events[i + 1]) for i, e in enumerate(events) if isinstance(e, str)]
    assert starts == [
        ("first pass", (0, 6)),
        ("rerun 1 of 3", (0, 3)),
        ("rerun 2 of 3", (0, 2)),
        ("rerun 3 of 3", (0, 2)),
    ]
    # progress: once as each pass starts, then once a deal (6, 3, 2 and 2 deals).
    assert len(events) == len(starts) + (7 + 4 + 3 + 3)
    names: list[str] = []
    cf.survey(CODES, **OPTIONS, stage=names.append)
    assert names == ["first pass", "rerun"]
    # No deal left for a rerun: none is started, nor named.
    names.clear()
    cf.survey(CODES[:2], **ATTEMPTS, stage=names.append)
    assert names == ["first pass"]
    # A resumed survey names the passes it reads back too, each counted as answered.
    out = tmp_path / "rows.csv"
    cf.survey(CODES, **OPTIONS, out=out)
    events.clear()
    cf.survey(
        CODES,
        **OPTIONS,
        out=out,
        resume=True,
        progress=lambda done, total: events.append((done, total)),
        stage=events.append,
    )
    assert events == ["first pass", (6, 6), "rerun", (3, 3)]


@pytest.mark.parametrize(
    ("text", "attempts", "message"),
    [
        (
            UNKNOWN + RERUN_ROW.replace(",win,214,", ",unknown,0,") * 2,
            1,
            "line 4: CF1-D3-AAAAAAB has been rerun on an earlier line",
        ),
        (
            UNKNOWN + RERUN_ROW.replace(",win,214,", ",unknown,0,") * 3,
            2,
            "line 5: CF1-D3-AAAAAAB has been rerun 2 times on earlier lines, as often as this "
            "survey reruns a deal",
        ),
        (
            UNKNOWN + RERUN_ROW * 2,
            3,
            "line 4: CF1-D3-AAAAAAB was rerun, but an earlier rerun decides it",
        ),
    ],
)
def test_a_file_with_more_reruns_than_the_survey_asks_is_refused(
    tmp_path: Path, text: str, attempts: int, message: str
) -> None:
    error = _resume_error(tmp_path, text, rerun_attempts=attempts)
    assert error.endswith(f"{message}; resume a survey with the command that started it"), error


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"rerun_attempts": 0}, cf.OptionError, "at least 1, not 0"),
        ({"rerun_attempts": 2, "rerun_node_limit": None}, cf.OptionError, "need a rerun"),
        ({"rerun_attempts": "2"}, cf.WrongTypeError, "rerun_attempts"),
        ({"rerun_attempts": 1.0}, cf.WrongTypeError, "rerun_attempts"),
        ({"rerun_attempts": True}, cf.WrongTypeError, "rerun_attempts"),
    ],
)
def test_bad_rerun_attempts_raise(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        cf.survey(CODES[:1], **(OPTIONS | options))
