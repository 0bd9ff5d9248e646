"""The solver's exhaustive search in C, where the installed build has it.

:mod:`pycanfield._native` (``_native.c``, built into the compiled wheel only) searches
the positions of :class:`~pycanfield._solver_rules.RulesEngine` with the same moves and
shortcuts as its main search, and its dead-end tests (of locked cards and of frozen
foundations), each position once, about ten times as fast as the compiled Python search.
:class:`NativeProbe` puts it in the place of the main search of a
:class:`~pycanfield._solver_search.Search`, and shuffled (:func:`fresh`) in the place of
its fresh searches, beside the Python lean search and the native beam search
(:class:`NativeBeam`), under the rules it plays (:func:`plays`); without the extension
module the solver is all Python (docs/solver.rst, "The native search", "The beam
search").
"""

from __future__ import annotations

import importlib
import os
import time
from typing import Any

from ._solver_beam import (
    BEAM_FIRST,
    BEAM_GROWTH,
    BEAM_WIDEST,
    beam_cap,
    buried,
    line_of,
    tangled,
)
from ._solver_core import IMove
from ._solver_frozen import alike
from ._solver_rules import RState, RulesEngine
from ._solver_search import Search
from ._variants import Rules

__all__ = [
    "NATIVE",
    "NativeBeam",
    "NativeProbe",
    "available",
    "beam",
    "fresh",
    "fresh_share",
    "in_use",
    "plays",
    "proves",
    "rules_tuple",
]

# The extension module, None in the pure-Python build (typed Any: it has no stub).
native: Any
try:
    native = importlib.import_module("pycanfield._native")
except ImportError:
    native = None

# Whether the solver uses the native search where it can: the environment variable
# PYCANFIELD_NATIVE=0 switches it off, to compare (the tests switch it off but in
# their own module).
NATIVE = os.environ.get("PYCANFIELD_NATIVE", "1").strip() != "0"
# The bytes of the native table and path counted as one entry of a packed table
# against ``MAX_POSITIONS`` (16,000,000 entries took a peak of about 1.2 GB).
ENTRY_BYTES = 80
# Each turn the native main search gets this many times the Python main search's
# budget of positions (docs/solver.rst, "The native search").
MAIN_SHARE = 24
# With take-backs, where the searches beside it are Python's (about ten times slower a
# position), its share grows fourfold each turn up to this: the first turn, where they
# find the quick wins, is as before, and the later ones go mostly to the proofs of loss.
MAIN_SHARE_TAKEBACKS = 240
# Each turn the native fresh searches (shuffled, restarted) get this many quarters of
# the Python main search's budget of positions in all, and their budgets follow the Luby
# sequence in units of RESTART positions (docs/solver.rst, "The native search").  With
# redeals without end they get as many positions as the main search, for there they win
# many deals it leaves unknown and its proofs of loss still end well within a minute;
# with limited redeals the hardest proofs of loss need the main search's time; with
# no redeal the beam search wins more of the deals left unknown with half of what they
# had (``_solver_beam.BEAM_SHARE_ONE_PASS``).
FRESH_SHARE = 32
FRESH_SHARE_ENDLESS = 96
FRESH_SHARE_ONE_PASS = 16
RESTART = 10_000
# Whether a native table that the memory bound keeps from growing forgets positions off
# its path rather than stop the search (docs/solver.rst, "Forgetting").
FORGET = True
_RUNS = {"any": 0, "whole": 1, "top": 2}
# Which quick test of locked cards the native search runs (_native_locks.h): every
# column must hold a locked card, or any one column may (no column card ever enters
# an empty column).
_LOCK_ALL, _LOCK_ALONE = 1, 2
# Which of the further tests of locked cards follow the quick one: the largest locked
# set, also while the talon is recycled without end, and the locked cards behind a full
# reserve (as ``Locks.dead`` runs them).
_LOCK_FIX, _LOCK_ENDLESS, _LOCK_BEHIND = 1, 2, 4


def available() -> bool:
    """Whether the installed build has the native search."""
    return native is not None


def in_use() -> bool:
    """Whether the solver uses the native search where it can (``available`` and not
    switched off)."""
    return NATIVE and native is not None


def proves(rules: Rules) -> bool:
    """Whether the solver's main search, the one that proves deals lost, is native
    under ``rules``: under any rules without the finish of ``autocomplete`` (which the
    native search does not play).  With take-backs the fresh searches stay in Python
    beside it, with the breadth-first search that finds the wins a depth-first search
    wanders past (docs/solver.rst, "The native search")."""
    return in_use() and not rules.autocomplete


def plays(engine: object) -> bool:
    """Whether the solver's fresh and beam searches are native too under ``engine``'s
    rules: the rules of a :class:`~pycanfield._solver_rules.RulesEngine` without
    take-backs or the finish of ``autocomplete``."""
    return (
        in_use()
        and isinstance(engine, RulesEngine)
        and not engine.takebacks
        and not engine.autocomplete
    )


def fresh_share(engine: RulesEngine) -> int:
    """The native fresh searches' share of each turn under ``engine``'s rules, in
    quarters of the Python main search's budget: ``FRESH_SHARE_ENDLESS`` with redeals
    without end, ``FRESH_SHARE_ONE_PASS`` with no redeal, else ``FRESH_SHARE``."""
    if engine.redeals is None:
        return FRESH_SHARE_ENDLESS
    return FRESH_SHARE_ONE_PASS if engine.redeals == 0 else FRESH_SHARE


def beam(search: Search) -> NativeBeam:
    """The native beam search of ``search``."""
    return NativeBeam(search)


def rules_tuple(engine: RulesEngine, root: RState) -> tuple[Any, ...]:
    """What the native module reads of ``engine``'s rules, with the root's talon and
    number of columns (a position may have other columns than its rules deal)."""
    nxt = bytes(255 if card < 0 else card for row in engine.next for card in row)
    lock = engine.lock
    deep = 0
    if lock is not None:
        deep = (
            (_LOCK_FIX if not lock.alone or lock.fix_alone else 0)
            | (_LOCK_ENDLESS if lock.fix_endless else 0)
            | (_LOCK_BEHIND if lock.behind is not None else 0)
        )
    return (
        engine.draw,
        -1 if engine.redeals is None else engine.redeals,
        _RUNS[engine.runs],
        int(engine.takebacks),
        int(engine.autofill),
        int(engine.safe),
        len(root[0]),
        int(engine.open_column[0]),
        int(engine.open_column[1]),
        int(engine.open_reserve),
        int(engine.open_waste[0]),
        int(engine.open_waste[1]),
        tuple(bytes(cards) for cards in engine.accept),
        nxt,
        bytes(engine.height),
        engine.reserve,
        root[3],
        0 if lock is None else _LOCK_ALONE if lock.alone else _LOCK_ALL,
        deep,
        bytes(alike(engine.rules.build)),
        0 if engine.frozen is None else engine.frozen.budget,
    )


def _limits(search: Search, room: int | None) -> tuple[float, int]:
    """The seconds to ``search``'s deadline and the bytes of ``room`` entries, as the
    native module takes them (< 0: no limit)."""
    seconds = -1.0
    if search.deadline is not None:
        seconds = max(0.0, search.deadline - time.perf_counter())
    return seconds, -1 if room is None else room * ENTRY_BYTES


class NativeProbe:
    """The native main search, in the place of the Python main search's
    :class:`~pycanfield._solver_probe.Probe` within a
    :class:`~pycanfield._solver_search.Search`: resumed by :meth:`advance`, its size
    counted against the same room."""

    # It stops at the room it is given, and then reports more than that room (``size``).
    bounded = True
    # Its search may run in a thread of its own (``Concurrent``).
    concurrent = True

    def __init__(self, search: Search, *, shuffle: int = 0) -> None:
        engine = search.engine
        assert native is not None
        assert isinstance(engine, RulesEngine)
        self.owner = search
        # A fresh search (``shuffle`` > 0, its number) tries each position's moves in
        # an order drawn from that number, the same each time; it is short, and stops
        # rather than forget at the room it is given.
        seed = (shuffle * 0x9E3779B97F4A7C15) % (1 << 64) | 1 if shuffle else 0
        self.prober = native.Prober(
            rules_tuple(engine, search.root), search.root, forget=FORGET and not shuffle, seed=seed
        )
        # Whether the last advance stopped for want of room.
        self.full = False

    def size(self) -> int:
        """Its table and path, in entries of a packed table (see ``MAX_POSITIONS``);
        once it has stopped for want of room, at least the room it was given (what
        growing its table needs), so that the search sees it has none left: it gives
        way to the other searches, or stops by the memory bound (``Search._give_way``)."""
        prober = self.prober
        size: int = (prober.need if self.full else prober.bytes) // ENTRY_BYTES
        return size

    @property
    def crowded(self) -> bool:
        """Whether its table has filled the room it was given: it has forgotten
        positions, or stopped for want of room."""
        return self.full or self.prober.forgotten > 0

    def advance(self, budget: int, *, room: int | None = None) -> tuple[bool | None, list[IMove]]:
        """As :meth:`pycanfield._solver_probe.Probe.advance`."""
        return self.settle(self.search(self.search_request(budget, room=room)))

    def search_request(self, budget: int, *, room: int | None = None) -> tuple[int, float, int]:
        """The arguments of ``Prober.advance`` for a step of ``budget`` positions within
        ``room`` entries, to the search's deadline."""
        return (budget, *_limits(self.owner, room))

    def search(self, request: tuple[int, float, int]) -> tuple[bool | None, Any, Any, int]:
        """The step: ``Prober.advance``'s answer, and the positions searched before it.
        It may run in a thread of its own: the Prober lets go of the GIL meanwhile."""
        before = self.prober.nodes
        found, line, states = self.prober.advance(*request)
        return found, line, states, before

    def settle(self, outcome: tuple[bool | None, Any, Any, int]) -> tuple[bool | None, list[IMove]]:
        """The step's answer, its positions counted in the search."""
        search = self.owner
        prober = self.prober
        found, line, states, before = outcome
        search.nodes += prober.nodes - before
        self.full = found is None and prober.stop == "memory"
        best = prober.best
        if best is not None and best[0] > search.best[0]:
            search.best = (best[0], [best[1]])
        if found:
            search.path_states = states
        return found, line

    def halt(self) -> None:
        """Stop a running step within about a thousand positions, and every later one."""
        self.prober.halt()


def fresh(search: Search, number: int) -> NativeProbe:
    """The native fresh search ``number`` of ``search``: the main search's moves and
    tests, each position's moves shuffled by ``number``."""
    return NativeProbe(search, shuffle=number)


class NativeBeam:
    """The native beam search (``Beamer``, ``_native_beam.h``): the positions of
    :class:`~pycanfield._solver_beam.Beam`, in the same order, about ten times as
    fast; resumable like a :class:`~pycanfield._solver_probe.Probe`, its size counted
    against the same room.  Its answers are wins only."""

    # Its turns are cut to the room left (see ``Resumable.bounded``).
    bounded = False

    def __init__(
        self,
        search: Search,
        *,
        first: int = BEAM_FIRST,
        widest: int = BEAM_WIDEST,
        growth: int = BEAM_GROWTH,
        cap: int | None = None,
    ) -> None:
        engine = search.engine
        assert native is not None
        assert isinstance(engine, RulesEngine)
        self.search = search
        self.rules = rules_tuple(engine, search.root)
        self.beamer = native.Beamer(
            self.rules,
            search.root,
            first=first,
            widest=widest,
            growth=growth,
            buried=buried(engine),
            tangled=tangled(engine),
            cap=beam_cap(engine) if cap is None else cap,
        )

    def size(self) -> int:
        """What it holds, in entries of a packed table (see ``MAX_POSITIONS``)."""
        size: int = self.beamer.bytes // ENTRY_BYTES
        return size

    def advance(self, budget: int, *, room: int | None = None) -> tuple[bool | None, list[IMove]]:
        """As :meth:`pycanfield._solver_beam.Beam.advance`."""
        search = self.search
        made, picks = self.beamer.advance(budget, *_limits(search, room))
        search.nodes += made
        if picks is None:
            return None, []
        rules = self.rules
        return True, line_of(search, lambda st: native.children(rules, st), picks)
