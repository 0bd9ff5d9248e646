"""Shared test set-up: hypothesis profiles and the reference deal's data.

Profiles: ``ci`` (the default: fast) and ``deep`` (many more examples, for local use:
``HYPOTHESIS_PROFILE=deep pytest``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Where the build has the native search, ``solve`` uses it under the rules it plays.
# The tests of the Python search's workings (its turns, tables and counts, and the
# surveys that count its positions) ask for that search, here for the whole session
# and for the worker processes it starts; ``test_solver_native.py`` switches the native
# search back on for its own tests.  Set before anything imports pycanfield.
os.environ["PYCANFIELD_NATIVE"] = "0"

settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "deep", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def reference() -> dict[str, Any]:
    """The reference deal CF1-D3-AAAAACL, every pile and its opening (R29)."""
    data: dict[str, Any] = json.loads((DATA / "cf1-d3-aaaaacl.json").read_text("utf-8"))
    return data
