"""The languages of the plain-language descriptions (R33), one module each."""

from __future__ import annotations

from . import cs, el, en, fr, ru
from ._base import Language

__all__ = ["LANGUAGES", "TABLES", "Language"]

TABLES: dict[str, Language] = {m.LANGUAGE.code: m.LANGUAGE for m in (en, ru, cs, el, fr)}
"""Every language by its code."""

LANGUAGES: tuple[str, ...] = tuple(TABLES)
"""The codes of the supported languages: ``en``, ``ru``, ``cs``, ``el``, ``fr``."""
