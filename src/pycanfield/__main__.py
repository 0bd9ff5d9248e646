"""``python -m pycanfield`` runs the ``canfield`` command."""

from __future__ import annotations

import sys

from ._cli import main

if __name__ == "__main__":
    sys.exit(main())
