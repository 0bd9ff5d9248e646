"""What ``import pycanfield`` costs and what the test set-up skips.

The import's time is measured by ``benchmarks/import_time.py``; here, that it does not
pull in the network stack (``xml.sax.saxutils`` once brought ``urllib.request`` and
``http.client`` for one escape function) nor modules only some functions need.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: The standard library's network stack and what it drags along.
NETWORK = ("urllib", "urllib.request", "http", "http.client", "socket", "ssl", "email")
#: Imported where used: saving, surveys, CSV and secure randomness.
DEFERRED = ("json", "concurrent.futures", "csv", "pathlib", "secrets", "hashlib", "xml")

_PROBE = """
import json, sys
before = set(sys.modules)
import pycanfield
print(json.dumps(sorted(set(sys.modules) - before)))
"""


@pytest.fixture(scope="module")
def imported() -> set[str]:
    """The modules that ``import pycanfield`` adds, in a fresh interpreter."""
    out = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True
    ).stdout
    return set(json.loads(out))


def test_import_adds_the_package(imported: set[str]) -> None:
    assert "pycanfield" in imported
    assert "pycanfield._rules" in imported


@pytest.mark.parametrize("name", NETWORK)
def test_import_leaves_the_network_stack_alone(imported: set[str], name: str) -> None:
    assert name not in imported


@pytest.mark.parametrize("name", DEFERRED)
def test_import_defers_what_few_programs_need(imported: set[str], name: str) -> None:
    assert name not in imported


def test_the_deferred_modules_load_when_used() -> None:
    probe = (
        "import sys, pycanfield as cf\n"
        "cf.from_json(cf.to_json(cf.deal('CF1-D3-AAAAACL')))\n"
        "cf.render_svg(cf.deal('CF1-D3-AAAAACL'))\n"
        "print('json' in sys.modules, 'urllib' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["True", "False"]


# -- the root conftest.py: doctests of modules whose extra is missing are skipped ------

_needs_source = pytest.mark.skipif(
    not (ROOT / "conftest.py").is_file() or not (ROOT / "src" / "pycanfield").is_dir(),
    reason="needs the source tree (the tests run here from an installed wheel)",
)

_COLLECT = """
import sys
for name in sys.argv[1:]:
    sys.modules[name] = None  # as if the extra were not installed
import pytest
sys.exit(pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", "src"]))
"""


def _collect(*hidden: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _COLLECT, *hidden],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@_needs_source
def test_doctests_of_a_missing_extra_are_skipped_at_collection() -> None:
    run = _collect("gymnasium")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "error" not in run.stdout.lower()
    assert "_gym_env.py" not in run.stdout
    assert "gym.py" not in run.stdout
    assert "_rules.py::" in run.stdout  # the others are still collected


@_needs_source
def test_doctests_of_an_installed_extra_are_collected() -> None:
    pytest.importorskip("gymnasium")
    run = _collect()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "_gym_env.py::" in run.stdout


@_needs_source
def test_every_extra_pattern_names_a_module() -> None:
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    assert spec is not None
    assert spec.loader is not None
    root_conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(root_conftest)
    src = ROOT / "src" / "pycanfield"
    for pattern in root_conftest.EXTRA_MODULES:
        assert sorted(src.glob(pattern)), pattern


# -- the parts that load on first use -----------------------------------------------------

LAZY_MODULES = (
    "pycanfield._actions",
    "pycanfield._describe",
    "pycanfield._render_svg",
    "pycanfield._serialize",
    "pycanfield._solver",
    "pycanfield._survey",
    "pycanfield._survey_rows",
    "pycanfield._validate",
)


@pytest.mark.parametrize("name", LAZY_MODULES)
def test_import_leaves_the_optional_parts_for_later(imported: set[str], name: str) -> None:
    assert name not in imported


def test_every_public_name_is_there_for_the_asking() -> None:
    probe = (
        "import json, sys, pycanfield as cf\n"
        "names = {name: hasattr(cf, name) for name in cf.__all__}\n"
        "star = {}\n"
        "exec('from pycanfield import *', star)\n"
        "print(json.dumps([names, sorted(set(cf.__all__) - set(star)), sorted(dir(cf))]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    names, missing_from_star, listed = json.loads(out)
    assert all(names.values()), [name for name, found in names.items() if not found]
    assert missing_from_star == []
    assert set(listed) >= set(names)
    # Nothing else public shows in dir(): the helpers the package imports are private.
    public = {name for name in listed if not name.startswith("_")}
    assert public == {name for name in names if not name.startswith("_")}


def test_a_lazy_name_loads_its_module_once() -> None:
    import pycanfield as cf

    assert cf.solve is cf.solve
    assert cf.SolveResult.__module__ == "pycanfield._solver"
    assert "solve" in vars(cf)  # kept, so later lookups are plain


def test_an_unknown_name_is_an_attribute_error() -> None:
    import pycanfield as cf

    with pytest.raises(AttributeError, match="no attribute 'solver'"):
        getattr(cf, "solver")  # noqa: B009


def test_the_command_lines_help_leaves_the_network_stack_alone() -> None:
    probe = (
        "import json, sys\n"
        "from pycanfield._cli import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(out.splitlines()[-1]))
    assert "pycanfield._cli_solve" in loaded  # every command was registered
    assert not loaded & {"urllib", "http", "socket", "ssl", "email", "concurrent.futures"}
