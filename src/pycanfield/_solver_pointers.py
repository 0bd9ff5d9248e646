"""Talon pointers that draws reach: under a draw of more than one card and endless
redeals, draws alone take an unaligned pointer to the later ones of its residue and to
the aligned one, so a search may skip a position when it has entered the same position
with a pointer that reaches this one (docs/solver.rst, "Talon pointers that draws
reach").

A search that skips them keeps, instead of a set of keys, one entry per position but
for its pointer: the key of that position with the aligned pointer, mapped to the bit
mask of the pointers it was entered with.  One look then says whether a position was
seen or is covered, where a look in the set and one per covering pointer were needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["Pointers"]


def _below(p: int, draw: int) -> int:
    """The bit mask of the pointers whose draws alone reach pointer ``p``, itself left
    out: for an unaligned ``p``, ``p - draw``, ``p - 2 * draw``, ... while above 0; for
    the aligned pointer 0, every unaligned one."""
    if not p:
        return ((1 << 53) - 1) & ~1
    mask = 0
    q = p - draw
    while q > 0:
        mask |= 1 << q
        q -= draw
    return mask


class Pointers:
    """What a search needs to skip covered pointers under ``draw``: ``key`` gives the
    key of a position with its pointer (at index 4, 0 for the aligned pointers) made
    aligned, ``bit[p]`` the bit of pointer ``p``, and ``hit[p]`` the bits of the
    pointers that make a position with pointer ``p`` seen or covered."""

    def __init__(self, draw: int, key: Callable[[Any], bytes]) -> None:
        self.key = key
        self.bit = [1 << p for p in range(53)]
        self.hit = [1 << p | _below(p, draw) for p in range(53)]

    def enter(self, st: Any, marks: dict[bytes, int]) -> bool:
        """Enter ``st`` in ``marks`` unless it was seen there or is covered (then say
        False): what :meth:`pycanfield._solver_probe.Probe.advance` does inline.

        >>> import pycanfield as cf
        >>> from pycanfield._solver_rules import RulesEngine
        >>> engine = RulesEngine(b"", 1, cf.Rules(runs="whole", takebacks=False))
        >>> pointers = Pointers(3, engine.aligned_key)
        >>> st = ((b"\\x01",), (1, 0, 0, 0), 0, bytes(range(20, 30)), 7, 0)
        >>> def at(p):
        ...     return st[:4] + (p, 0)
        >>> marks = {}
        >>> pointers.enter(at(1), marks)
        True
        >>> [pointers.enter(at(p), dict(marks)) for p in (1, 0, 7, 8, 4)]
        [False, False, False, True, False]
        """
        k = self.key(st)
        mark = marks.get(k, 0)
        if mark & self.hit[st[4]]:
            return False
        marks[k] = mark | self.bit[st[4]]
        return True
