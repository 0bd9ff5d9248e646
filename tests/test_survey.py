"""Surveys: many deals solved, rows in order, totals and the Wilson interval."""

from __future__ import annotations

import concurrent.futures
import csv
import io
from pathlib import Path

import attrs
import pytest

import pycanfield as cf
from pycanfield._solver import Build, solver_build
from pycanfield._survey_rows import SurveyRow, wilson_interval

CODES = ["CF1-D3-AAAAACL", "CF1-D1-AAAAACL", "CF1-D3-AAAAAAB"]


def test_survey_of_codes_keeps_their_order() -> None:
    calls: list[tuple[int, int]] = []
    result = cf.survey(CODES, time_limit=30, progress=lambda d, t: calls.append((d, t)))
    assert [row.code for row in result.rows] == CODES
    assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]  # the pass starts, then each deal
    assert result.wins + result.no_wins + result.unknown == 3
    assert result.rows[0].status is cf.SolveStatus.WIN  # R29
    assert result.rows[0].moves > 0
    assert all(row.positions >= 0 and row.seconds >= 0 for row in result.rows)


def test_survey_through_an_executor_matches_the_plain_run() -> None:
    plain = cf.survey(CODES, node_limit=5_000)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        pooled = cf.survey(CODES, node_limit=5_000, executor=pool)
    assert [(r.code, r.status, r.moves) for r in pooled.rows] == [
        (r.code, r.status, r.moves) for r in plain.rows
    ]


def test_survey_of_a_count_is_repeatable_with_a_seed() -> None:
    first = cf.survey(3, draw=1, seed=7, node_limit=2_000)
    again = cf.survey(3, draw=1, seed=7, node_limit=2_000)
    assert [r.code for r in first.rows] == [r.code for r in again.rows]
    assert all(r.code.startswith("CF1-D1-") for r in first.rows)


def test_unknown_deals_are_left_out_of_the_share() -> None:
    rows = (
        SurveyRow("CF1-D3-AAAAACL", cf.SolveStatus.WIN, 10, 10, 0.1),
        SurveyRow("CF1-D3-AAAAAAB", cf.SolveStatus.NO_WIN, 0, 10, 0.1),
        SurveyRow("CF1-D3-AAAAAAC", cf.SolveStatus.UNKNOWN, 0, 10, 0.1),
    )
    result = cf.SurveyResult(rows)
    assert (result.wins, result.no_wins, result.unknown, result.decided) == (1, 1, 1, 2)
    assert result.winnability == 0.5
    low, high = result.interval
    assert 0 < low < 0.5 < high < 1
    assert "1 unknown" in result.summary()
    assert "95% CI" in result.summary()


def test_nothing_decided() -> None:
    rows = (SurveyRow("CF1-D3-AAAAAAC", cf.SolveStatus.UNKNOWN, 0, 1, 0.1),)
    result = cf.SurveyResult(rows)
    assert result.winnability is None
    assert "no deal decided" in result.summary()


def test_the_summary_names_the_build_of_the_rows() -> None:
    def rows(*builds: Build | None) -> tuple[SurveyRow, ...]:
        return tuple(
            SurveyRow(f"CF1-D3-AAAAAA{'BCDEFG'[i]}", cf.SolveStatus.WIN, 1, 1, 0.1, build=b)
            for i, b in enumerate(builds)
        )

    def last(*builds: Build | None) -> str:
        return cf.SurveyResult(rows(*builds)).summary().splitlines()[-1]

    assert last("compiled", "compiled") == "search: compiled"
    assert last("interpreted", None) == "search: interpreted for 1 row, not recorded for 1"
    assert last(None, "interpreted", "compiled", "interpreted") == (
        "search: compiled for 1 row, interpreted for 2, not recorded for 1"
    )
    assert last(None, None).startswith("winnable: ")  # nothing recorded, nothing said
    # The rerun's rows count as well as the first pass's.
    first = SurveyRow("CF1-D3-AAAAAAB", cf.SolveStatus.UNKNOWN, 0, 1, 0.1, build="interpreted")
    again = attrs.evolve(first, status=cf.SolveStatus.WIN, rerun=True, build="compiled")
    result = cf.SurveyResult((first,), reruns=(again,))
    assert result.summary().splitlines()[-1] == "search: compiled for 1 row, interpreted for 1"


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(700, 1000)
    assert low == pytest.approx(0.6710, abs=1e-3)
    assert high == pytest.approx(0.7275, abs=1e-3)
    low, high = wilson_interval(10, 10)
    assert high == 1.0
    assert low > 0.6
    with pytest.raises(cf.OptionError):
        wilson_interval(3, 2)


def test_csv_round_trip(tmp_path: Path) -> None:
    result = cf.survey(CODES[:2], node_limit=2_000)
    path = tmp_path / "out.csv"
    result.write_csv(path)
    lines = list(csv.reader(io.StringIO(path.read_text("utf-8"))))
    header = ["code", "status", "moves", "positions", "seconds", "pass", "time_limit"]
    assert lines[0] == [*header, "node_limit", "build"]
    assert [SurveyRow.parse(line) for line in lines[1:]] == [
        attrs.evolve(r, seconds=round(r.seconds, 4)) for r in result.rows
    ]
    build = solver_build()
    assert all(line[5:] == ["first", "60.0", "2000", build] for line in lines[1:])


def test_a_row_records_the_build_of_the_search() -> None:
    row = SurveyRow("CF1-D3-AAAAACL", cf.SolveStatus.WIN, 1, 2, 0.1)
    assert row.build is None  # not recorded
    assert SurveyRow.parse(row.as_csv()) == row
    compiled = attrs.evolve(row, build="compiled")
    assert compiled.as_csv()[8] == "compiled"
    assert SurveyRow.parse(compiled.as_csv()) == compiled
    # A row of a file written before the build was recorded: eight fields.
    assert SurveyRow.parse(compiled.as_csv()[:8]) == row
    with pytest.raises(cf.OptionError, match="build is 'native', 'compiled' or 'interpreted'"):
        attrs.evolve(row, build="fast")  # type: ignore[arg-type]
    with pytest.raises(cf.WrongTypeError, match="as build"):
        attrs.evolve(row, build=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "fields",
    [
        ["CF1-D3-AAAAACL", "win", "1", "2"],
        ["CF1-D3-AAAAACL", "maybe", "1", "2", "0.1"],
        ["CF1-D3-AAAAACL", "win", "x", "2", "0.1"],
        ["CF1-D3-AAAAACL", "win", "1", "2", "0.1", "first", "", "", "fast"],
        ["CF1-D3-AAAAACL", "win", "1", "2", "0.1", "first", "", "", "", ""],
        ["nonsense", "win", "1", "2", "0.1"],
    ],
)
def test_bad_rows_raise(fields: list[str]) -> None:
    with pytest.raises(cf.OptionError):
        SurveyRow.parse(fields)


@pytest.mark.parametrize(
    ("deals", "options"),
    [
        (0, {}),
        (True, {}),
        ("CF1-D3-AAAAACL", {}),
        ([], {}),
        (["CF1-D3-AAAAACL", "cf1-d3-aaaaacl"], {}),  # the same deal twice
        (2, {"draw": 2}),
        (2, {"time_limit": -1}),
        (2, {"node_limit": 0}),
    ],
)
def test_bad_survey_options_raise(deals: object, options: dict[str, object]) -> None:
    with pytest.raises(cf.OptionError):
        cf.survey(deals, **options)  # type: ignore[arg-type]


def test_bad_code_raises() -> None:
    with pytest.raises(cf.GameCodeError):
        cf.survey(["CF1-D3-AAAAACL", "CF1-D5-AAAAACL"])


@pytest.mark.parametrize("deals", [None, object(), 1.5])
def test_deals_of_the_wrong_type_raise(deals: object) -> None:
    with pytest.raises(cf.WrongTypeError, match=r"survey\(\) needs .* as deals,"):
        cf.survey(deals)  # type: ignore[arg-type]


def test_a_deal_of_the_wrong_type_is_named_by_its_index() -> None:
    with pytest.raises(cf.WrongTypeError, match=r"as deals\[1\], not 5"):
        cf.survey(["CF1-D3-AAAAACL", 5])  # type: ignore[list-item]


@pytest.mark.parametrize(
    "options",
    [
        {"draw": "3"},
        {"seed": "x"},
        {"executor": object()},
        {"progress": 1},
        {"stage": "rerun"},
        {"time_limit": "1"},
        {"node_limit": 2.5},
    ],
)
def test_options_of_the_wrong_type_raise(options: dict[str, object]) -> None:
    name = next(iter(options))
    with pytest.raises(cf.WrongTypeError, match=f"as {name},"):
        cf.survey(2, **options)  # type: ignore[arg-type]


def test_rows_and_results_check_their_fields() -> None:
    with pytest.raises(cf.WrongTypeError, match="SurveyRow"):
        SurveyRow("CF1-D3-AAAAACL", "win", 1, 2, 0.1)  # type: ignore[arg-type]
    with pytest.raises(cf.WrongTypeError, match="SurveyResult"):
        cf.SurveyResult([])  # type: ignore[arg-type]
    with pytest.raises(cf.OptionError):
        SurveyRow.parse("CF1-D3-AAAAACL")


def _rows(count: int) -> tuple[SurveyRow, ...]:
    statuses = [cf.SolveStatus.WIN, cf.SolveStatus.NO_WIN, cf.SolveStatus.UNKNOWN]
    return tuple(
        SurveyRow(str(cf.Deal(n)), statuses[n % 3], 100 if n % 3 == 0 else 0, 10 * n, 0.5)
        for n in range(count)
    )


def test_survey_result_repr_shows_the_totals_not_the_rows() -> None:
    result = cf.SurveyResult(_rows(30))
    text = repr(result)
    assert text == (
        "<SurveyResult 30 deals: 10 won, 10 cannot be won, 10 unknown; "
        "winnable 50.0% of decided (95% CI 29.9% to 70.1%)>"
    )
    assert "CF1-" not in text
    assert len(result.rows) == 30  # the rows are still there


def test_survey_result_repr_does_not_grow_with_the_deals() -> None:
    # Only the numbers' digits grow: four counts of three more digits, and the interval.
    assert len(repr(cf.SurveyResult(_rows(3000)))) <= len(repr(cf.SurveyResult(_rows(3)))) + 14


def test_survey_result_repr_with_nothing_decided() -> None:
    rows = (SurveyRow("CF1-D3-AAAAACL", cf.SolveStatus.UNKNOWN, 0, 10, 0.1),)
    assert repr(cf.SurveyResult(rows)) == (
        "<SurveyResult 1 deal: 0 won, 0 cannot be won, 1 unknown; no deal decided>"
    )


class _Source:
    """Hands out an executor, as a Dask client does with ``get_executor()``."""

    def __init__(self, executor: concurrent.futures.Executor) -> None:
        self.executor = executor
        self.calls = 0

    def get_executor(self) -> concurrent.futures.Executor:
        self.calls += 1
        return self.executor


def test_survey_through_an_executor_source_matches_the_plain_run() -> None:
    plain = cf.survey(CODES, node_limit=5_000)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        source = _Source(pool)
        pooled = cf.survey(CODES, node_limit=5_000, executor=source)
    assert source.calls == 1
    assert [(r.code, r.status, r.moves) for r in pooled.rows] == [
        (r.code, r.status, r.moves) for r in plain.rows
    ]
