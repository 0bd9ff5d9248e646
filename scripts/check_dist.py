"""Check a built wheel and sdist before they are published.

Usage: ``python scripts/check_dist.py dist/pycanfield-*.whl dist/pycanfield-*.tar.gz``

It checks that the wheel ships ``py.typed`` and no tests, that its metadata has the
fields a package index shows (summary, licence, classifiers, project URLs, Python
requirement, a Markdown description), that the version is the one of
``src/pycanfield/_version.py``, and that the sdist carries the tests, docs and licence.
"""

from __future__ import annotations

import re
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _version() -> str:
    text = (ROOT / "src" / "pycanfield" / "_version.py").read_text("utf-8")
    match = re.search(r'__version__ = "([^"]+)"', text)
    if match is None:
        raise SystemExit("no __version__ in _version.py")
    return match.group(1)


def check_wheel(path: Path, version: str) -> list[str]:
    problems = []
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        meta_name = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        if meta_name is None:
            return [f"{path.name}: no METADATA"]
        meta = Parser().parsestr(wheel.read(meta_name).decode("utf-8"))
    if "pycanfield/py.typed" not in names:
        problems.append("the wheel lacks pycanfield/py.typed")
    for asset in ("replay.css", "replay.js", "widget.css", "widget.js"):
        if f"pycanfield/_web/{asset}" not in names:
            problems.append(f"the wheel lacks pycanfield/_web/{asset} (render_html, widget)")
    if any(n.startswith("tests/") for n in names):
        problems.append("the wheel ships the tests")
    if meta["Version"] != version:
        problems.append(f"wheel version {meta['Version']} is not {version}")
    for field in ("Summary", "Requires-Python", "Description-Content-Type"):
        if not meta[field]:
            problems.append(f"metadata lacks {field}")
    if not (meta["License-Expression"] or meta["License"]):
        problems.append("metadata lacks a licence")
    if "text/markdown" not in (meta["Description-Content-Type"] or ""):
        problems.append("the description is not Markdown")
    if len(meta.get_all("Classifier") or []) < 5:
        problems.append("too few classifiers")
    if not meta.get_all("Project-URL"):
        problems.append("no project URLs")
    if "attrs" not in " ".join(meta.get_all("Requires-Dist") or []):
        problems.append("attrs is not a requirement")
    print(
        f"{path.name}: version {meta['Version']}, {len(names)} files, "
        f"{len(meta.get_all('Classifier') or [])} classifiers"
    )
    return problems


def check_sdist(path: Path, version: str) -> list[str]:
    with tarfile.open(path) as sdist:
        names = sdist.getnames()
    root = f"pycanfield-{version}/"
    problems = [
        f"the sdist lacks {wanted}"
        for wanted in (
            "tests/conftest.py",
            "docs/index.rst",
            "LICENSE",
            "README.md",
            "src/pycanfield/py.typed",
            "tests/data/cf1-d3-aaaaacl.json",
        )
        if root + wanted not in names
    ]
    print(f"{path.name}: {len(names)} files")
    return problems


def main(argv: list[str]) -> int:
    version = _version()
    problems: list[str] = []
    for arg in argv:
        path = Path(arg)
        if path.suffix == ".whl":
            problems += check_wheel(path, version)
        elif path.name.endswith(".tar.gz"):
            problems += check_sdist(path, version)
        else:
            problems.append(f"not a wheel or an sdist: {arg}")
    for problem in problems:
        print("problem:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
