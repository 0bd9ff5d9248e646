"""The solver's search: searches taking turns over an engine's moves.

The engines (:class:`~pycanfield._solver_core.Engine` for the standard rules,
:class:`~pycanfield._solver_rules.RulesEngine` for any rules) make the successors of a
state in search order; :class:`Search` runs the main, lean and fresh searches over them
(docs/solver.rst), each a resumable depth-first
:class:`~pycanfield._solver_probe.Probe`, and with take-backs a breadth-first
:class:`~pycanfield._solver_breadth.Breadth`.
"""

from __future__ import annotations

import gc
import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeAlias, cast

from ._solver_breadth import BREADTH_SHARE, Breadth
from ._solver_core import MACRO, EngineLike, IMove
from ._solver_probe import Probe, progress

__all__ = [
    "Concurrent",
    "Resumable",
    "Search",
]

# The tables and paths of one search take at most the room of this many entries of a
# packed table (a peak of 1,272 MiB at 18,000,000 on a standard draw-1 search,
# docs/solver.rst), so that a search stays within 2 GB; past it the search stops and
# answers "unknown".
MAX_POSITIONS = 16_000_000
# The moves between columns that the complete searches postpone (docs/solver.rst):
# "shuffles" (only those that shuffle a run), "all" (every one that leaves its source
# and target non-empty) or "none".
POSTPONE = "none"
# Each turn, the lean search and the fresh ones get these quarters of the main search's
# budget.
LEAN_SHARE = 48
FRESH_SHARE = 1
# The order of the searches in a turn.  The breadth-first search comes right after the
# main one, so that its first turn falls within the first 25,000 positions
# (``tests/test_solver_breadth.py``); the beam search (where there is one) and the
# fresh searches come last (docs/solver.rst, "The breadth-first search", "The beam
# search").
TURN = ("main", "breadth", "lean", "beam", "fresh")
# Whether the fresh searches pass over the positions that the main search has finished
# (``Search._finished_test``).
SKIP_FINISHED = True
# ... unless the main search's path is longer than this: its keys are made for the test.
SKIP_PATH = 4096
# With two threads, the share of the room kept for the searches that run beside the
# main search (the lean and fresh ones): the main search's table is bounded to the
# rest, so that the two together stay within ``MAX_POSITIONS``.
BESIDE_ROOM = 1 / 4
# The room a bounded main search (the native one) may take for each new position, in
# entries of a packed table: its keys take 20 to 55 bytes a position against the 80 of
# an entry (``_solver_native.ENTRY_BYTES``), so a turn that could fill the room asks
# the other searches for theirs first.
MAIN_ROOM_PER_POSITION = 0.5


class Search:
    """The whole search: searches taking turns (docs/solver.rst).

    The main search (complete, resumed at each turn) can prove a deal lost, and so can
    the breadth-first search (with take-backs, until its cap) and a shuffled fresh
    search that prunes nothing; the lean search (resumed too) and the greedy fresh
    searches prune without a guarantee and only ever contribute wins.
    """

    def __init__(
        self,
        engine: EngineLike,
        root: Any,
        *,
        node_limit: int | None,
        time_limit: float | None,
        max_positions: int = MAX_POSITIONS,
        main: Callable[[Search], Resumable] | None = None,
        main_share: int = 1,
        main_share_most: int | None = None,
        main_first: bool = False,
        fresh: Callable[[Search, int], Resumable] | None = None,
        fresh_share: int = FRESH_SHARE,
        restart: int = 1_000,
        beam: Callable[[Search], Resumable] | None = None,
        beam_share: int = 0,
        threads: int = 1,
    ) -> None:
        self.engine = engine
        # What makes the main search (by default a ``Probe``), and how many times the
        # budget of positions a ``Probe`` would get it gets each turn.
        self.make_main = main
        self.main_share = main_share
        # If given, the main search's share grows fourfold each turn up to this: the
        # searches beside it find the quick wins in the first turns, and the later
        # turns go mostly to the proofs of loss.
        self.main_share_most = max(main_share, main_share_most or 0)
        # Whether the other searches give their room up once the main search has
        # filled its own or a turn of it could, rather than only when it has none
        # left (see ``_crowded``).
        self.main_first = main_first
        # What makes the fresh search of a number (by default a ``Probe``, shuffled
        # but for the first; one it makes prunes only what the main search prunes, so
        # its end is a proof), and the quarters of a turn's budget they get in all.
        self.make_fresh = fresh
        self.fresh_share = fresh_share
        # What makes the beam search (``_solver_beam``), which only ever finds wins, and
        # its quarters of each turn's budget (none: no beam search).
        self.make_beam = beam if beam_share else None
        self.beam_share = beam_share
        self.root = root
        self.node_limit = node_limit
        self.started = time.perf_counter()
        self.deadline = None if time_limit is None else self.started + time_limit
        self.nodes = 0
        # The positions skipped as covered by a talon pointer (see ``Probe.advance``).
        self.skipped = 0
        self.first_budget = 20_000
        # The unit of the fresh searches' budgets.
        self.restart = restart
        self.best: tuple[tuple[int, int, int], list[IMove]] = ((0, 0, 0), [])
        self.path_states: list[Any] = []
        self.max_positions = max_positions
        self.lean = engine.shuffles
        # Which moves between columns the searches that prune nothing postpone.
        self.postpone = POSTPONE if engine.postpone else "none"
        self.live: dict[str, _Live] = {}
        # How many fresh searches have started.
        self.fresh = 0
        # What stopped a search that answers unknown: "nodes", "time" or "memory"
        # (``SolveLimit`` in ``pycanfield._solver``); None until then.
        self.stop: str | None = None
        # The positions searched when the main search gave way (``_give_way``), if it
        # did.
        self.gave_way: int | None = None
        # With two threads or more, a main search that can run in a thread of its own
        # (``Concurrent``) does, while the other searches take their turn here
        # (``_together``).  Meanwhile ``held`` is the room it may take and ``pending``
        # the positions it may search, which the others' steps keep clear of; ``beside``
        # is the search running here, which a decisive main search halts.
        self.threads = threads
        self.held = 0
        self.pending = 0
        self.beside: _Live | None = None
        self.main_done = threading.Event()

    def run(self) -> tuple[bool | None, list[IMove]]:
        """``(True, line)`` on a win, ``(False, [])`` when a complete search has
        searched every reachable state, ``(None, [])`` when a limit stopped it.

        The cycle collector is paused meanwhile: the search makes no cycles, and each
        full collection would walk its tables, millions of entries (docs/solver.rst)."""
        enabled = gc.isenabled()
        gc.disable()
        try:
            found, line = self._turns()
        finally:
            # The tables go now, not with the search: the line is written out first.
            self.live = {}
            if enabled:
                gc.enable()
        if found and any(move[0] == MACRO for move in line):
            from ._solver_postpone import unfold

            self.path_states, line = unfold(self.engine, self.path_states, line)
        return found, line

    def _turns(self) -> tuple[bool | None, list[IMove]]:
        self.best = (progress(self.root), [])
        if self.engine.won(self.root):
            self.path_states = [self.root]
            return True, []
        budget = self.first_budget
        # The searches with a table that lives from turn to turn, by name; a search
        # that ends without a proof, or whose room is taken, leaves it.
        self.live = {
            "main": Probe(self, None, False) if self.make_main is None else self.make_main(self),
            **self._beside(),
        }
        # Fresh searches are short and many: a win missed by one order is often found
        # within a few thousand positions by another, so their budgets follow the
        # Luby sequence (1, 1, 2, 1, 1, 2, 4, ... times ``restart``) instead of growing
        # with the complete search's.
        luby = _luby()
        # Each turn, in the order of TURN: the complete search for ``budget``
        # positions, the breadth-first one for BREADTH_SHARE quarters of that, the lean
        # one for LEAN_SHARE quarters, the beam search for ``beam_share``, fresh ones for
        # FRESH_SHARE quarters in all.  The live tables share ``max_positions``; the
        # complete, breadth-first, lean and beam searches may each take half of the
        # room left, a fresh search (whose table then goes) all of it.
        quarters = {
            "main": 4 * self.main_share,
            "breadth": BREADTH_SHARE,
            "lean": LEAN_SHARE,
            "beam": self.beam_share,
            "fresh": self.fresh_share,
        }
        together = self.threads > 1 and getattr(self.live["main"], "concurrent", False)
        if together and self.make_fresh is not None:
            # The fresh searches have a core of their own: as many positions as the
            # main search, rather than a part of its time (when they are as fast: the
            # Python fresh searches beside a native main search keep their share).
            quarters["fresh"] = max(quarters["fresh"], quarters["main"])
        while True:
            # A main search that gave way (``_give_way``) leaves the turns to the others.
            together = together and "main" in self.live
            if together:
                answer = self._together(budget, quarters, luby)
            else:
                answer = self._one_by_one(budget, quarters, luby)
            if answer is not None:
                return answer
            budget *= 2
            quarters["main"] = min(4 * quarters["main"], 4 * self.main_share_most)

    def _beside(self) -> dict[str, _Live]:
        """The searches that resume turn by turn beside the main one, new, by name."""
        beside: dict[str, _Live] = {}
        if self.lean:
            # The lean search never shuffles a run between columns: no proof, but a
            # far smaller tree, in which most wins lie.  It sends talon cards to the
            # foundations after the talon cards to the columns
            # (``_solver_probe.talon_up_late``).
            beside["lean"] = Probe(self, None, False, lean=True, late=True)
        if BREADTH_SHARE and self.engine.takebacks:
            # The breadth-first search finds the wins a few moves away that take-backs
            # can hide from the depth-first ones; without take-backs they find them at
            # once (``_solver_breadth``).
            beside["breadth"] = Breadth(self)
        if self.make_beam is not None:
            beside["beam"] = self.make_beam(self)
        return beside

    def _one_by_one(
        self, budget: int, quarters: dict[str, int], luby: Iterator[int]
    ) -> tuple[bool | None, list[IMove]] | None:
        """A turn: each search in the order of TURN, for its quarters of ``budget``;
        the answer that ends the whole search, else None."""
        for name in TURN:
            answer = self._turn_of(name, budget, quarters, luby)
            if answer is not None:
                return answer
            if self._stopped():
                return self._unknown("time")
        return None

    def _turn_of(
        self, name: str, budget: int, quarters: dict[str, int], luby: Iterator[int]
    ) -> tuple[bool | None, list[IMove]] | None:
        """The turn of the search ``name``, for its quarters of ``budget``: the answer
        that ends the whole search, else None."""
        share = budget * quarters[name] // 4
        return self._fresh(share, luby) if name == "fresh" else self._resume(name, share)

    def _together(
        self, budget: int, quarters: dict[str, int], luby: Iterator[int]
    ) -> tuple[bool | None, list[IMove]] | None:
        """A turn with the main search in a thread of its own and the others here,
        each for its quarters of ``budget``.  The answers are taken in the order of
        TURN, as in :meth:`_one_by_one`: a win or proof of the main search's turn comes
        first, and halts the others (whose answers it would overrule); theirs does not
        halt it.  With a node limit the steps are fixed at the start of the turn, so
        that the answer does not hang on which thread is faster."""
        live = self.live["main"]
        main = cast(Concurrent, live)
        # Its room is the whole room's less the share kept for the others.
        beside = int(self.max_positions * BESIDE_ROOM)
        step = self._main_step(live, budget * quarters["main"] // 4, bounded=True, kept=beside)
        if step <= 0:
            return None if self._give_way() else self._unknown("memory")
        room = self._room(live) - beside
        request = main.search_request(step, room=room)
        raw: list[tuple[bool | None, Any, Any, int] | BaseException] = []
        self.main_done.clear()

        def run_main() -> None:
            try:
                outcome = main.search(request)
            except BaseException as error:  # handed to the search's own thread
                raw.append(error)
                return
            raw.append(outcome)
            if outcome[0] is not None:  # a win or a proof: the others' answers are overruled
                self.main_done.set()
                beside = self.beside
                halt = getattr(beside, "halt", None)
                if halt is not None:
                    halt()

        worker = threading.Thread(target=run_main, name="pycanfield-main-search", daemon=True)
        # Meanwhile the main search is not live here: its size is not read while it runs.
        del self.live["main"]
        self.held, self.pending = room, step
        answers: list[tuple[bool | None, list[IMove]]] = []
        worker.start()
        try:
            for name in TURN[1:]:
                if self.main_done.is_set():
                    break
                answer = self._turn_of(name, budget, quarters, luby)
                if answer is not None:
                    answers.append(answer)
                    break
        except BaseException:
            main.halt()  # an error here (such as KeyboardInterrupt) ends the whole search
            raise
        finally:
            worker.join()
            self.live = {"main": live, **self.live}
            self.held = self.pending = 0
            self.beside = None
        if isinstance(raw[0], BaseException):
            raise raw[0]
        found, line = main.settle(raw[0])
        if found is not None:
            return found, line
        for found, line in answers:
            if found is not None:
                return found, line
        if answers or self._stopped():
            return self._unknown("time")
        return None

    def _resume(self, name: str, share: int) -> tuple[bool | None, list[IMove]] | None:
        """Resume the live search ``name`` for ``share`` positions: its answer if it
        ends the whole search, else None."""
        probe = self.live.get(name)
        if probe is None:
            return None
        if name == "main":
            step = self._main_step(probe, share, bounded=probe.bounded)
        else:
            step = self._step(share, 2, bounded=probe.bounded)
        if step <= 0:
            if name == "main":
                return None if self._give_way() else self._unknown("memory")
            del self.live[name]  # its table gives way to the complete search's
            return None
        found, line = probe.advance(step, room=self._room(probe))
        # The main and the breadth-first search prune nothing: either one's end is a
        # proof.  The lean tree searched proves nothing (the beam never ends so).
        if found or (found is False and name != "lean"):
            return found, line
        if found is False or (isinstance(probe, Breadth) and probe.full):
            del self.live[name]
        return None

    def _main_step(self, main: _Live, share: int, *, bounded: bool, kept: int = 0) -> int:
        """The main search's step for ``share`` positions (``_step``, ``kept`` entries
        of the room kept back from it), after the searches beside it have given their
        room to the complete search where ``_crowded`` says so, rather than have it
        stop (or, with ``main_first``, forget positions): in its turn of one thread and
        of two alike."""
        step = self._step(share, 2, bounded=bounded, kept=kept)
        if len(self.live) > 1 and self._crowded(main, step):
            self.live = {"main": main}
            step = self._step(share, 2, bounded=bounded, kept=kept)
        return step

    def _give_way(self) -> bool:
        """Whether the main search, alone and with no room left for a step, gives way
        to the others: it can prove nothing more, but they can still find a win.  They
        start again (their tables went to give it room) and have the whole room, and
        the turns go on to the time or node limit.  With neither, the search stops by
        the memory bound, as it would otherwise never end."""
        if self.deadline is None and self.node_limit is None:
            return False
        self.live = self._beside()
        self.gave_way = self.nodes
        return True

    def _crowded(self, main: _Live, step: int) -> bool:
        """Whether the main search has no room left for a step (``step`` is 0), or,
        with ``main_first``, has filled its room (the native one forgets positions
        then) or may fill it in a turn of ``step`` positions (a native table takes
        about half an entry a position, ``MAIN_ROOM_PER_POSITION``; a Python search's
        turn is cut to the room left)."""
        if step <= 0:
            return True
        if not self.main_first:
            return False
        if getattr(main, "crowded", False):
            return True
        return main.bounded and main.size() + step * MAIN_ROOM_PER_POSITION > self._room(main)

    def _fresh(self, share: int, luby: Iterator[int]) -> tuple[bool | None, list[IMove]] | None:
        """Fresh searches for ``share`` positions in all, each with the next budget of
        ``luby``: the answer of one that ends the whole search, else None."""
        spent = 0
        # The main search does not move meanwhile: one test serves the turn (its path
        # can be long, see "The path" in docs/solver.rst).  A fresh search made by
        # ``make_fresh`` does not ask it.
        finished = self._finished_test() if SKIP_FINISHED and self.make_fresh is None else None
        while spent < share:
            step = min(next(luby) * self.restart, share - spent)
            spent += step
            self.fresh += 1
            step = self._step(step, 1)
            if step <= 0:
                return None
            fresh = self.fresh
            probe: _Live
            if self.make_fresh is not None:
                probe = self.make_fresh(self, fresh)
            else:
                rng = None if fresh == 1 else random.Random(fresh)
                probe = Probe(self, rng, fresh % 2 == 1, lean=self.lean)
                probe.finished = finished
            # Named before the main search's end is looked at, so that a main search
            # ending in between halts it (``_together``).
            self.beside = probe
            if self.main_done.is_set():
                return None
            found, line = probe.advance(step, room=self._room(probe))
            # A fresh search that prunes nothing beyond what the main search prunes, and
            # finds nothing, is a proof too.
            proof = not isinstance(probe, Probe) or not (probe.greedy or probe.lean or probe.passed)
            if found or (found is False and proof):
                return found, line
            if self._stopped():
                return self._unknown("time")
        return None

    def _finished_test(self) -> Callable[[bytes, int], bool] | None:
        """A test of a key (and pointer) of a fresh search: whether the main search has
        searched through that position, which is in its table and off its path; None
        when there is no main search to ask.

        Every position in the main search's table but those on its path has been
        searched through without a win, so a fresh search, which is there to find
        wins sooner, looks elsewhere.  A position on the path may still lead to a win
        the main search has not reached, and so may a position that shares a key but
        for the pointer with one on the path: neither is passed over."""
        main = self.live.get("main")
        if not isinstance(main, Probe) or main.every is not None:
            return None
        if len(main.states) > SKIP_PATH:
            return None  # the keys of a long path would cost more than the test saves
        key = main.table_key
        on_path = {key(st) for st in main.states}
        holds = main.holds

        def finished(k: bytes, p: int) -> bool:
            return k not in on_path and holds(k, p)

        return finished

    def _step(self, step: int, part: int, *, bounded: bool = False, kept: int = 0) -> int:
        """``step``, cut to the node limit and to a ``part``-th of the room that the
        live searches' tables leave, less ``kept`` entries kept back from it; for a
        search ``bounded`` by that room as it goes, not cut, but 0 when no room is
        left."""
        if self.node_limit is not None:
            step = min(step, self.node_limit - self.nodes - self.pending)
        used = sum(p.size() for p in self.live.values()) + self.held + kept
        left = (self.max_positions - used) // part
        if bounded:
            # Cut, the steps would shrink without end as its table neared the room.
            return step if left > 0 else 0
        return min(step, left)

    def _room(self, probe: _Live) -> int:
        """The most that ``probe``'s table and path may take: ``max_positions`` less
        what the other live searches take (a turn's budget keeps most turns well
        inside it, but one turn may deepen the path by its whole budget)."""
        others = sum(p.size() for p in self.live.values() if p is not probe) + self.held
        return self.max_positions - others

    def _unknown(self, cause: str) -> tuple[bool | None, list[IMove]]:
        """The answer "unknown", noting in ``stop`` what stopped the search: the node
        limit when it is reached, else ``cause`` (the time limit, or the room)."""
        reached = self.node_limit is not None and self.nodes >= self.node_limit
        self.stop = "nodes" if reached else cause
        return None, []

    def _stopped(self) -> bool:
        return (self.node_limit is not None and self.nodes >= self.node_limit) or (
            self.deadline is not None and time.perf_counter() > self.deadline
        )


def _luby() -> Iterator[int]:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ..."""
    i = 1
    while True:
        k = i.bit_length()
        j = i
        while j != (1 << k) - 1:
            j -= (1 << (k - 1)) - 1
            k = j.bit_length()
        yield 1 << (k - 1)
        i += 1


class Resumable(Protocol):
    """What :class:`Search` asks of a search that takes turns and holds a table."""

    # Whether it stops by itself at the ``room`` given to ``advance`` and then reports,
    # through ``size``, more than that room: a turn's budget is then not cut to the
    # room left, and once no room is left, a main search gives way or the whole search
    # stops by the memory bound (``Search._give_way``).
    bounded: bool

    def size(self) -> int:
        """Its table and path, in entries of a packed table (see ``MAX_POSITIONS``)."""
        ...

    def advance(
        self, budget: int, *, room: int | None = None
    ) -> tuple[bool | None, list[IMove]]: ...


class Concurrent(Protocol):
    """A :class:`Resumable` whose search can run in a thread of its own, beside the
    others (the native search, which lets go of the GIL while it searches); it says so
    with a true ``concurrent``.

    ``advance(budget, room=room)`` is ``settle(search(search_request(budget,
    room=room)))``: :meth:`search` may run in another thread and touches nothing of
    the :class:`Search`; :meth:`settle` counts what it did, in the search's own thread.
    """

    concurrent: bool

    def search_request(self, budget: int, *, room: int | None = None) -> Any:
        """What :meth:`search` needs for a step of ``budget`` positions within ``room``."""
        ...

    def search(self, request: Any) -> tuple[bool | None, Any, Any, int]:
        """The step itself; its outcome goes to :meth:`settle`, and its first item is
        what the answer's ``found`` will be (None: no win and no proof yet)."""
        ...

    def settle(self, outcome: tuple[bool | None, Any, Any, int]) -> tuple[bool | None, list[IMove]]:
        """The step's answer, as :meth:`Resumable.advance` gives it."""
        ...

    def halt(self) -> None:
        """Stop a running :meth:`search` soon (from another thread), and every later one."""
        ...


# A search that takes turns and holds a table.
_Live: TypeAlias = "Probe | Breadth | Resumable"
