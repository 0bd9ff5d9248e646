"""Sphinx configuration of the pycanfield documentation."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pycanfield import __version__

project = "pycanfield"
author = "The pycanfield developers"
copyright = "2026, The pycanfield developers"
version = release = __version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
templates_path: list[str] = []
html_static_path = ["_static"]
html_theme = "alabaster"
html_theme_options = {"description": "Canfield solitaire for Python", "fixed_sidebar": True}

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
myst_heading_anchors = 2

# References to the standard library and to attrs cannot be resolved without
# network inventories, which the build does not fetch.
nitpick_ignore_regex = [
    (
        "py:class",
        r"(random|collections\.abc|typing|concurrent\.futures|enum|argparse|pathlib|io|os)\..*",
    ),
    ("py:class", r"attr(s)?\..*"),
    ("py:class", r"(numpy|gymnasium|np)\..*"),
    ("py:class", r"(anywidget|traitlets|ipywidgets)\..*"),
    ("py:class", r"(jax|pgx)\..*"),
    ("py:class", r"(Iterable|Iterator|Sequence|Mapping|Callable|Any|Path|Random|Executor)"),
    ("py:class", r"(int|str|bool|float|object|None|tuple|list|dict|bytes|type)"),
    ("py:obj", r"(typing|collections\.abc)\..*"),
    ("py:class", r"ExecutorSource"),  # survey's executor: anything with get_executor()
]

# Docstring examples run under pytest (--doctest-modules); the doctest builder runs the
# ``.. doctest::`` blocks of these pages.
doctest_test_doctest_blocks = ""


def _write_replay(app: Any, exception: Exception | None) -> None:
    """Write the replay page that ``replays.rst`` shows in a frame: the reference deal
    and the solver's winning line, made by the code being documented."""
    if exception is not None or app.builder.format != "html":
        return
    from pycanfield import render_html, solve

    page = render_html("CF1-D3-AAAAACL", solve("CF1-D3-AAAAACL", time_limit=60).moves)
    static = Path(app.outdir) / "_static"
    static.mkdir(exist_ok=True)
    (static / "replay-reference.html").write_text(page, encoding="utf-8")


def setup(app: Any) -> None:
    app.connect("build-finished", _write_replay)
