"""The solver: does a deal have a win, what is it, and what to play next.

:func:`solve` searches every position reachable from a state (see ``docs/solver.rst``
for the search and why each shortcut it takes cannot lose a win; the standard rules
have a move generator of their own, other rules a general one) and answers with a
:class:`SolveResult`: a winning line, a proof that there is none, or "unknown" when a
limit stopped it first.  :func:`hint` turns that into the next move to play.
"""

from __future__ import annotations

import enum
import importlib.machinery
import math
import time
from typing import Any, Literal, TypeVar

import attrs

from . import _solver_beam, _solver_native
from ._cards import Suit
from ._checks import OptionTypeError, shown, wrong_type
from ._errors import OptionError
from ._moves import DRAW, RECYCLE, Move, MoveKind
from ._position import Position
from ._rules import apply, is_won, legal_moves
from ._solver_core import CC, CF, FC, RC, RF, TC, TF, Engine, IMove
from ._solver_lines import passes, shorten, tidy
from ._solver_native import NativeProbe
from ._solver_rules import RulesEngine
from ._solver_search import Search
from ._state import GameState, deal
from ._variants import Rules, with_draw

__all__ = [
    "SolveLimit",
    "SolveResult",
    "SolveStatus",
    "hint",
    "python_build",
    "solve",
    "solver_build",
]


#: The builds of the search, as :func:`solver_build` names them.
Build = Literal["native", "compiled", "interpreted"]


def solver_build() -> Build:
    """How this installation runs the search: ``"native"`` when the compiled wheel's
    native main search is in use (``docs/solver.rst``, "The native search"; the
    environment variable ``PYCANFIELD_NATIVE=0`` turns it off), else ``"compiled"``
    when the search's modules were compiled to extension modules (the compiled wheel,
    "The compiled build"), else ``"interpreted"``.  The compiled and interpreted
    builds search the same positions.

    >>> solver_build() in ("native", "compiled", "interpreted")
    True
    """
    if _solver_native.in_use():
        return "native"
    return python_build()


def python_build() -> Literal["compiled", "interpreted"]:
    """Whether the search's Python modules were compiled to extension modules
    (``"compiled"``) or run as sources (``"interpreted"``), native search or not.

    >>> python_build() in ("compiled", "interpreted")
    True
    """
    from . import _solver_search

    path = _solver_search.__file__ or ""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return "compiled" if path.endswith(tuple(suffixes)) else "interpreted"


_E = TypeVar("_E", bound=enum.Enum)


def _member(cls: type[_E], text: str, kind: str, values: str) -> _E:
    """The member of ``cls`` whose value ``text`` names (case and ``_`` for ``-`` aside):
    the ``parse`` of the solver's enums."""
    # A reader of text: a value of the wrong type is unreadable, like bad text.
    if not isinstance(text, str):
        raise OptionError(f"{kind} must be given as a string, not {shown(text)}")
    wanted = text.strip().lower().replace("_", "-")
    for member in cls:
        if member.value == wanted:
            return member
    raise OptionError(f"{kind} is {values}, not {text!r}")


class SolveStatus(enum.Enum):
    """What the solver found out about a state."""

    #: A winning line was found.
    WIN = "win"
    #: Every reachable position was searched and none is won, so the game cannot be won.
    NO_WIN = "no-win"
    #: A limit stopped the search before it could tell.
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> SolveStatus:
        """The status named by ``text`` (``win``, ``no-win`` or ``unknown``).

        >>> SolveStatus.parse("no-win")
        <SolveStatus.NO_WIN: 'no-win'>
        """
        return _member(cls, text, "a solve status", "win, no-win or unknown")


class SolveLimit(enum.Enum):
    """What stopped a search that answered ``SolveStatus.UNKNOWN``.

    The time and node limits are the caller's; more of either may settle the deal.  The
    memory bound is the solver's own (its table of positions and its path, about 1.3
    GB): a search that reached it would reach it again with any longer limits.  It
    stops only a search without limits: under a limit, the complete search gives way
    at the bound to the searches beside it, which look for wins, and the limit ends
    them.
    """

    #: The time limit (``time_limit``) ran out.
    TIME = "time"
    #: The search reached its node limit (``node_limit``).
    NODES = "nodes"
    #: The table of positions and the path filled the room they are allowed.
    MEMORY = "memory"

    def __str__(self) -> str:
        return self.value

    @property
    def description(self) -> str:
        """The limit in words, as a result's text gives it.

        >>> SolveLimit.MEMORY.description
        'the memory bound'
        """
        return _LIMIT_TEXT[self]

    @classmethod
    def parse(cls, text: str) -> SolveLimit:
        """The limit named by ``text`` (``time``, ``nodes`` or ``memory``).

        >>> SolveLimit.parse("memory")
        <SolveLimit.MEMORY: 'memory'>
        """
        return _member(cls, text, "a solve limit", "time, nodes or memory")


_LIMIT_TEXT = {
    SolveLimit.TIME: "the time limit",
    SolveLimit.NODES: "the node limit",
    SolveLimit.MEMORY: "the memory bound",
}


@attrs.frozen(repr=False)
class SolveResult:
    """The answer of :func:`solve`.

    ``moves`` is the winning line for ``SolveStatus.WIN`` (every action, draws and
    recycles included, that :func:`~pycanfield.apply` replays from the solved state to
    a won game) and empty otherwise.  ``positions`` counts the positions searched,
    ``seconds`` the time taken.  For ``SolveStatus.UNKNOWN``, ``limit`` says what
    stopped the search (``None`` for a decided result, or where not recorded).  Its
    ``repr`` shows these figures, not the moves.

    >>> SolveResult(SolveStatus.NO_WIN, positions=1200, seconds=0.25)
    <SolveResult no-win, 1200 positions, 0.250 s>
    >>> SolveResult(SolveStatus.UNKNOWN, positions=9000, seconds=1.0, limit=SolveLimit.TIME)
    <SolveResult unknown, 9000 positions, 1.000 s, stopped by the time limit>
    """

    status: SolveStatus
    moves: tuple[Move, ...] = ()
    positions: int = 0
    seconds: float = 0.0
    limit: SolveLimit | None = attrs.field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.status, SolveStatus):
            raise wrong_type("SolveResult", "status", "a SolveStatus", self.status)
        if not isinstance(self.moves, tuple) or not all(isinstance(m, Move) for m in self.moves):
            raise wrong_type("SolveResult", "moves", "a tuple of moves", self.moves)
        if not _is_whole(self.positions):
            raise wrong_type("SolveResult", "positions", "a whole number", self.positions)
        if not _is_number(self.seconds):
            raise wrong_type("SolveResult", "seconds", "a number", self.seconds)
        if self.limit is not None:
            if not isinstance(self.limit, SolveLimit):
                raise wrong_type("SolveResult", "limit", "a SolveLimit or None", self.limit)
            if self.status is not SolveStatus.UNKNOWN:
                raise OptionError(
                    f"a {self.status} result has no limit that stopped it, not {self.limit}"
                )

    @property
    def decided(self) -> bool:
        """True for a win or a proof that there is none."""
        return self.status is not SolveStatus.UNKNOWN

    def __str__(self) -> str:
        text = f"{self.status}, {self.positions} positions, {self.seconds:.3f} s"
        if self.status is SolveStatus.WIN:
            text += f", {len(self.moves)} moves"
        if self.limit is not None:
            text += f", stopped by {self.limit.description}"
        return text

    def __repr__(self) -> str:
        # A winning line has hundreds of moves: they stay behind ``moves``.
        return f"<SolveResult {self}>"


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_limits(
    function: str, node_limit: int | None, time_limit: float | None, threads: int = 1
) -> None:
    """Refuse limits and threads of the wrong type (OptionTypeError) or out of range
    (OptionError)."""
    if not _is_whole(threads):
        raise wrong_type(function, "threads", "a whole number", threads, OptionTypeError)
    if threads < 1:
        raise OptionError(f"threads must be a positive whole number, not {threads!r}")
    if node_limit is not None:
        if not _is_whole(node_limit):
            raise wrong_type(
                function, "node_limit", "a whole number or None", node_limit, OptionTypeError
            )
        if node_limit < 1:
            raise OptionError(
                f"node_limit must be a positive whole number or None, not {node_limit!r}"
            )
    if time_limit is not None:
        if not _is_number(time_limit):
            raise wrong_type(
                function, "time_limit", "a number of seconds or None", time_limit, OptionTypeError
            )
        if not math.isfinite(time_limit) or time_limit <= 0:
            raise OptionError(
                f"time_limit must be a positive number of seconds or None, not {time_limit!r}"
            )


def _as_state(function: str, state: GameState | str) -> GameState:
    if isinstance(state, str):
        state = deal(state)
    elif not isinstance(state, GameState):
        raise wrong_type(function, "state", "a GameState or a game code", state)
    return state


def _public(state: GameState, move: IMove) -> tuple[GameState, list[Move]]:
    """Play one internal move on ``state``; returns the new state and the public
    actions it took, draws and recycles first for a talon card."""
    kind = move[0]
    actions: list[Move] = []
    if kind in (TF, TC):
        # Bring the card to the top of the waste: at most two passes over the talon.
        for _ in range(2 * (len(state.stock) + len(state.waste)) + 2):
            waste = state.waste
            if waste and waste[-1].index == move[1]:
                break
            action = DRAW if state.stock else RECYCLE
            state = apply(state, action)
            actions.append(action)
        public = Move.waste_to_foundation() if kind == TF else Move.waste_to_column(move[2])
    elif kind == RF:
        public = Move.reserve_to_foundation()
    elif kind == RC:
        public = Move.reserve_to_column(move[1])
    elif kind == CF:
        public = Move.column_to_foundation(move[1])
    elif kind == CC:
        public = Move.column_to_column(move[1], move[2], count=move[3])
    else:
        assert kind == FC
        public = Move.foundation_to_column(Suit(move[1]), move[2])
    state = apply(state, public)
    actions.append(public)
    return state, actions


def _expand(state: GameState, line: list[IMove]) -> tuple[Move, ...]:
    moves: list[Move] = []
    for move in line:
        state, actions = _public(state, move)
        moves += actions
    if not is_won(state):  # pragma: no cover - a bug in the search, never a user error
        raise AssertionError("the solver's line does not end in a won game")
    return tuple(moves)


def _plays_standard(rules: Rules, pos: Position) -> bool:
    """Whether every move is as under R1-R32, but for the finish of ``autocomplete``,
    which the standard engine plays too: the options that differ, if any, change no move
    (undo, scoring, an open reserve, the reserve's size, how the base is set)."""
    return (
        rules.redeals is None
        and rules.runs == "any"
        and rules.takebacks
        and rules.fill == "auto"
        and rules.build == "alternate"
        and len(pos.columns) == 4
    )


def _search(
    state: GameState, node_limit: int | None, time_limit: float | None, *, threads: int = 1
) -> Search:
    rules = with_draw(state.rules, state.draw)
    native_main = _solver_native.proves(rules)
    # The standard engine is the Python search's fastest, but the native main search
    # plays the general engine's positions, and proves losses far sooner.
    if _plays_standard(rules, state.position) and not native_main:
        engine, root = Engine.from_position(
            state.position, state.draw, autocomplete=rules.autocomplete
        )
        return Search(engine, root, node_limit=node_limit, time_limit=time_limit)
    general, start = RulesEngine.from_position(state.position, rules)
    if not native_main:
        return Search(general, start, node_limit=node_limit, time_limit=time_limit)
    others: dict[str, Any]
    if _solver_native.plays(general):
        others = {
            "fresh": _solver_native.fresh,
            "fresh_share": _solver_native.fresh_share(general),
            "restart": _solver_native.RESTART,
            "beam": _solver_native.beam,
            "beam_share": _solver_beam.beam_share(general),
        }
    else:
        # With take-backs only the main search is native: the Python breadth-first
        # search beside it finds the wins a few moves away that a depth-first search
        # wanders past, mostly in the first turns, after which the main search's share
        # grows and they give it their room before it would fill it.
        others = {"main_share_most": _solver_native.MAIN_SHARE_TAKEBACKS, "main_first": True}
    return Search(
        general,
        start,
        node_limit=node_limit,
        time_limit=time_limit,
        main=NativeProbe,
        main_share=_solver_native.MAIN_SHARE,
        threads=threads,
        **others,
    )


def solve(
    state: GameState | str,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    fewest_passes: bool = False,
    threads: int = 1,
) -> SolveResult:
    """Find out whether ``state`` (a game, or a game code) can be won.

    The game's own rules apply (``state.rules``; a code names its rules): one search
    serves every :class:`~pycanfield.Rules`, with a move generator of its own for the
    standard rules R1-R32 (``docs/solver.rst``).  A win comes with its whole line, and
    ``NO_WIN`` means every reachable position was searched.

    A winning line never comes back to a position it has been in, and no single
    action can be left out of it with the rest still winning.  With
    ``fewest_passes`` the solver goes on searching, within the same limits, for a
    line with fewer passes through the stock (fewer recycles), and answers the one
    with the fewest it finds.

    The search stops after ``node_limit`` positions or ``time_limit`` seconds, if
    given, and then answers ``SolveStatus.UNKNOWN``; with a time limit it may stop a
    little sooner, rather than start a pass over its table (seconds, with millions of
    positions) that would end past the limit.  Without limits it decides unless
    its table of positions and its path fill their room (about 1.3 GB; then
    ``UNKNOWN`` too); the native search of the compiled build forgets positions
    rather than stop there, so that it decides given time (``docs/solver.rst``,
    "Forgetting").  Under a limit, a search whose table and path fill their room goes
    on to the limit with the searches beside its main one, which look for wins and
    need less room.  An unknown result's ``limit`` says which of the three stopped it
    (:class:`SolveLimit`): after the memory bound, more time would not help.  The
    cycle collector (``gc``) is paused while the search runs, and restored after.

    With ``threads=2`` the compiled build's native search (rules without
    ``autocomplete``) runs its main search in a thread of its own beside the other
    searches, so that one deal takes two cores; under a node limit the answer is still
    the same from run to run.  More than two give no more, and the other searches
    ignore it (``docs/solver.rst``, "Two threads").

    >>> result = solve("CF1-D3-AAAAACL", time_limit=30)
    >>> result.status
    <SolveStatus.WIN: 'win'>
    >>> from pycanfield import apply, deal, is_won
    >>> game = deal("CF1-D3-AAAAACL")
    >>> for move in result.moves:
    ...     game = apply(game, move)
    >>> is_won(game)
    True
    """
    _check_limits("solve", node_limit, time_limit, threads)
    if not isinstance(fewest_passes, bool):
        raise wrong_type("solve", "fewest_passes", "True or False", fewest_passes, OptionTypeError)
    state = _as_state("solve", state)
    started = time.perf_counter()
    if state.position.pending:
        result = _solve_choice(state, node_limit, time_limit, threads=threads)
    else:
        result = _solve_here(state, node_limit, time_limit, threads=threads)[0]
    if fewest_passes and result.status is SolveStatus.WIN:
        result = _fewer_passes(state, result, node_limit, time_limit, started, threads=threads)
    return attrs.evolve(result, seconds=time.perf_counter() - started)


def _solve_here(
    state: GameState,
    node_limit: int | None,
    time_limit: float | None,
    *,
    tidy_line: bool = True,
    threads: int = 1,
) -> tuple[SolveResult, Search]:
    search = _search(state, node_limit, time_limit, threads=threads)
    found, line = search.run()
    if found:
        line = shorten(search.engine, search.path_states, line)
        moves = _expand(state, line)
        if tidy_line:
            moves = _tidy(state, moves)
        return SolveResult(SolveStatus.WIN, moves, search.nodes), search
    if found is None:
        limit = SolveLimit(search.stop) if search.stop is not None else None
        return SolveResult(SolveStatus.UNKNOWN, (), search.nodes, limit=limit), search
    return SolveResult(SolveStatus.NO_WIN, (), search.nodes), search


def _tidy(state: GameState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    rules = with_draw(state.rules, state.draw)
    return tuple(tidy(state.position, list(moves), state.draw, rules))


def _fewer_passes(
    state: GameState,
    result: SolveResult,
    node_limit: int | None,
    time_limit: float | None,
    started: float,
    *,
    threads: int = 1,
) -> SolveResult:
    """Search again with one recycle fewer than the best line so far allows, as long
    as a line is found and the limits allow."""
    best, nodes = result.moves, result.positions
    rules = with_draw(state.rules, state.draw)
    choice = best[:1] if best and best[0].kind is MoveKind.CHOOSE_BASE else ()
    start = apply(state, choice[0]) if choice else state
    while passes(best) > 1:
        left = None if node_limit is None else node_limit - nodes
        seconds = None if time_limit is None else time_limit - (time.perf_counter() - started)
        if (left is not None and left <= 0) or (seconds is not None and seconds <= 0):
            break
        # The same game, allowed one redeal fewer than the best line makes.
        fewer = rules.evolve(redeals=start.position.passes + passes(best) - 2)
        trial = GameState(start.position, rules=fewer)
        found, _ = _solve_here(trial, left, seconds, tidy_line=False, threads=threads)
        nodes += found.positions
        if found.status is not SolveStatus.WIN:
            break
        best = choice + _tidy(start, found.moves)
    return SolveResult(SolveStatus.WIN, best, nodes)


def _solve_choice(
    state: GameState, node_limit: int | None, time_limit: float | None, *, threads: int = 1
) -> SolveResult:
    """Before the base card is chosen: one search after each choice, in rounds of
    growing budgets so that an easy choice is not kept waiting by a hard one.  With
    no limit given, a choice whose main search filled its room is not searched again:
    the others beside it, which went on to its budget, would go on without end."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    endless = node_limit is None and time_limit is None
    waiting = [(move, apply(state, move)) for move in legal_moves(state)]
    nodes, budget, stuck = 0, 20_000, False
    while waiting:
        left = []
        for move, child in waiting:
            limit = budget if node_limit is None else min(budget, node_limit - nodes)
            seconds = None if deadline is None else deadline - time.perf_counter()
            if limit <= 0 or (seconds is not None and seconds <= 0):
                ended = SolveLimit.NODES if limit <= 0 else SolveLimit.TIME
                return SolveResult(SolveStatus.UNKNOWN, (), nodes, limit=ended)
            result, search = _solve_here(child, limit, seconds, threads=threads)
            nodes += result.positions
            if result.status is SolveStatus.WIN:
                return SolveResult(SolveStatus.WIN, (move, *result.moves), nodes)
            if result.status is SolveStatus.UNKNOWN:
                if endless and search.gave_way is not None:
                    stuck = True  # no proof can come, and no limit would end its search
                else:
                    left.append((move, child))
        waiting = left
        budget *= 4
    if stuck:
        return SolveResult(SolveStatus.UNKNOWN, (), nodes, limit=SolveLimit.MEMORY)
    return SolveResult(SolveStatus.NO_WIN, (), nodes)


def hint(
    state: GameState | str,
    *,
    time_limit: float | None = 1.0,
    node_limit: int | None = None,
    threads: int = 1,
) -> Move | None:
    """The move to play next in ``state`` (a game, or a game code).

    It is the first action of the winning line :func:`solve` gives with the same
    limits, when it finds one.  Otherwise it is the first action of the line to the most advanced
    position the search reached: the most cards on the foundations, then the fewest
    in the reserve, then the fewest in the talon; and if the search found no better
    position than the present one, the first of :func:`~pycanfield.legal_moves` in
    the order the solver tries moves.  The move is always legal.  ``None`` means the
    game is already won or there is no legal move at all.  ``threads`` is
    :func:`solve`'s.

    >>> from pycanfield import deal, legal_moves
    >>> game = deal("CF1-D3-AAAAACL")
    >>> hint(game) in legal_moves(game)
    True
    """
    _check_limits("hint", node_limit, time_limit, threads)
    state = _as_state("hint", state)
    if is_won(state):
        return None
    legal = legal_moves(state)
    if not legal:
        return None
    if state.position.pending:
        result = _solve_choice(state, node_limit, time_limit, threads=threads)
        return result.moves[0] if result.moves else legal[0]
    result, search = _solve_here(state, node_limit, time_limit, threads=threads)
    if result.moves:
        return result.moves[0]
    first = search.best[1]
    if first:
        return _public(state, first[0])[1][0]
    options = search.engine.ordered(search.root)
    if options:
        return _public(state, options[0][0])[1][0]
    return legal[0]
