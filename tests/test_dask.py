"""Surveys on a real Dask cluster of worker processes give the verdicts of a plain run.

Needs the ``dask`` extra (Dask's ``distributed``); skipped without it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pycanfield as cf
from pycanfield._cli import main
from pycanfield._solver import solver_build

distributed: Any = pytest.importorskip("distributed")

# A node limit, not a time limit: the verdicts must not depend on the machine's load.
CODES = ["CF1-D3-AAAAACL", "CF1-D1-AAAAACL", "CF1-D3-AAAAAAB", "CRB-D1-AAAAACL", "CF1-D3-ZZZZZZZ"]
LIMIT = 3_000


def _verdicts(result: cf.SurveyResult) -> list[tuple[str, cf.SolveStatus, int]]:
    return [(row.code, row.status, row.moves) for row in result.rows]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A client of a local cluster: two worker processes of one thread each."""
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as made,
    ):
        yield made


@pytest.fixture(scope="module")
def plain() -> cf.SurveyResult:
    return cf.survey(CODES, node_limit=LIMIT)


def test_the_verdicts_are_not_all_alike(plain: cf.SurveyResult) -> None:
    # A comparison of all-equal verdicts would prove little.
    assert len({row.status for row in plain.rows}) >= 2


def test_a_survey_through_a_dask_client_matches_the_plain_run(
    client: Any, plain: cf.SurveyResult
) -> None:
    progress: list[tuple[int, int]] = []
    result = cf.survey(
        CODES, node_limit=LIMIT, executor=client, progress=lambda d, t: progress.append((d, t))
    )
    assert _verdicts(result) == _verdicts(plain)
    assert progress[-1] == (len(CODES), len(CODES))
    # Each row names the build of the worker that solved it (here, this environment's).
    assert {row.build for row in result.rows} == {solver_build()}
    # The deals were solved in the workers, not here.
    assert len(client.scheduler_info()["workers"]) == 2


def test_a_survey_through_the_clients_executor_matches_the_plain_run(
    client: Any, plain: cf.SurveyResult
) -> None:
    result = cf.survey(CODES, node_limit=LIMIT, executor=client.get_executor())
    assert _verdicts(result) == _verdicts(plain)


def test_random_deals_on_the_cluster_are_the_seeds_deals(client: Any) -> None:
    here = cf.survey(3, seed=11, node_limit=500)
    there = cf.survey(3, seed=11, node_limit=500, executor=client)
    assert _verdicts(there) == _verdicts(here)


def test_the_command_line_uses_a_cluster_at_an_address(
    client: Any, plain: cf.SurveyResult, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = tmp_path / "codes.txt"
    codes.write_text("\n".join(CODES) + "\n", "utf-8")
    out = tmp_path / "rows.csv"
    address = client.scheduler.address
    args = ["survey", "--codes", str(codes), "--node-limit", str(LIMIT), "--quiet"]
    assert main([*args, "--dask", address, "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"{len(CODES)} deals: {plain.wins} won, ")
    rows = out.read_text("utf-8").splitlines()[1:]
    # Each row is written as its deal finishes: the file is in the order they finished.
    assert sorted(row.split(",")[:3] for row in rows) == sorted(
        [code, str(status), str(moves)] for code, status, moves in _verdicts(plain)
    )


def test_the_command_line_starts_a_local_cluster(
    plain: cf.SurveyResult, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = tmp_path / "codes.txt"
    codes.write_text("\n".join(CODES[:2]) + "\n", "utf-8")
    args = ["survey", "--codes", str(codes), "--node-limit", str(LIMIT), "--quiet"]
    assert main([*args, "--dask", "local", "--jobs", "2"]) == 0
    won = sum(row.status is cf.SolveStatus.WIN for row in plain.rows[:2])
    assert capsys.readouterr().out.startswith(f"2 deals: {won} won, ")


def test_jobs_do_not_apply_to_a_remote_cluster(
    client: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    address = client.scheduler.address
    assert main(["survey", "--deals", "1", "--dask", address, "--jobs", "2"]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_a_malformed_scheduler_address_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["survey", "--deals", "1", "--dask", "nonsense:::", "--quiet"]) == 2
    assert capsys.readouterr().err.startswith(
        "canfield: cannot reach the Dask scheduler at nonsense:::: "
    )


def test_a_survey_on_a_cluster_resumes_from_its_file(
    client: Any, plain: cf.SurveyResult, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rows.csv"
    options: dict[str, Any] = {"node_limit": 100, "rerun_node_limit": LIMIT}
    whole = cf.survey(CODES, **options, executor=client, out=out)
    # After the rerun at the node limit of the plain survey, its verdicts.
    assert _verdicts(cf.SurveyResult(whole.answers)) == _verdicts(plain)
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:3]) + lines[3][:5])  # two rows and a part of one
    codes = tmp_path / "codes.txt"
    codes.write_text("\n".join(CODES) + "\n", "utf-8")
    args = ["survey", "--codes", str(codes), "--node-limit", "100", "--quiet", "--resume"]
    args += ["--rerun-node-limit", str(LIMIT), "--out", str(out)]
    assert main([*args, "--dask", client.scheduler.address]) == 0
    assert capsys.readouterr().out == whole.summary() + "\n"
    result = cf.SurveyResult.read_csv(out)
    assert sorted(_verdicts(cf.SurveyResult(result.answers))) == sorted(_verdicts(plain))
