"""The solver searches the same positions as before its speed-ups.

``tests/data/solver_fingerprint.json`` holds, for three deals under each of twenty
rule sets (both engines, every preset) and two node limits, what ``solve`` answered:
the status, the positions searched and a digest of the winning line.  Making the
engines or the search loop faster must change none of it; a change to the search
itself regenerates the file with ``python scripts/solver_fingerprint.py
--write-test-data`` (its docstring says more).
"""

from __future__ import annotations

import gc
import hashlib
import json
from pathlib import Path

import pytest

import pycanfield as cf

DATA = json.loads((Path(__file__).parent / "data" / "solver_fingerprint.json").read_text("utf-8"))


def test_fingerprint_covers_both_engines_and_every_status() -> None:
    statuses = {row[0] for row in DATA.values()}
    assert statuses == {"win", "no-win", "unknown"}
    prefixes = {key.split("-")[0] for key in DATA}
    assert {"CF1", "CPY", "CCH"} <= prefixes
    assert len(DATA) == 120


@pytest.mark.parametrize("entry", sorted(DATA))
def test_solve_searches_as_recorded(entry: str) -> None:
    code, limit = entry.rsplit("@", 1)
    result = cf.solve(code, node_limit=int(limit))
    line = " ".join(str(move) for move in result.moves)
    digest = hashlib.sha256(line.encode()).hexdigest()[:16]
    assert [str(result.status), result.positions, digest] == DATA[entry]


def test_solve_leaves_the_cycle_collector_as_it_found_it() -> None:
    assert gc.isenabled()
    cf.solve("CF1-D3-AAAAACL", node_limit=200)
    assert gc.isenabled()
    gc.disable()
    try:
        cf.solve("CF1-D3-AAAAACL", node_limit=200)
        assert not gc.isenabled()
    finally:
        gc.enable()
