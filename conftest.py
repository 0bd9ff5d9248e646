"""Collection set-up for the doctests in ``src``.

A module that needs an optional extra is skipped at collection when that extra is not
installed, so that ``pip install -e '.[test]' && pytest`` passes with the core alone.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

_SRC = Path(__file__).parent / "src" / "pycanfield"

#: Module file name patterns under ``src/pycanfield`` and the imports each needs.
#: A new extra adds its line here.
EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "gym.py": ("gymnasium", "numpy"),
    "_gym_*.py": ("gymnasium", "numpy"),
    "widget.py": ("anywidget", "traitlets"),
    "jax.py": ("jax",),
    "_jax_*.py": ("jax",),
    "jax_gym.py": ("jax", "gymnasium"),
    "jax_pgx.py": ("jax", "pgx"),
}


def _missing(names: tuple[str, ...]) -> bool:
    return any(importlib.util.find_spec(name) is None for name in names)


collect_ignore = [
    str(path)
    for pattern, needs in EXTRA_MODULES.items()
    if _missing(needs)
    for path in sorted(_SRC.glob(pattern))
]
