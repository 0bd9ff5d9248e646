"""The solver: does a deal have a win, what is it, and what to play next.

:func:`solve` searches every position reachable from a state (see ``docs/solver.rst``
for the searches and why each shortcut they take cannot lose a win; the standard rules
have a fast search of their own, other rules a generic one) and answers with a
:class:`SolveResult`: a winning line, a proof that there is none, or "unknown" when a
limit stopped it first.  :func:`hint` turns that into the next move to play.
"""

from __future__ import annotations

import enum
import math
import time

import attrs

from ._cards import Suit
from ._checks import OptionTypeError, shown, wrong_type
from ._errors import OptionError
from ._moves import DRAW, RECYCLE, Move
from ._rules import apply, is_won, legal_moves
from ._solver_core import CC, CF, FC, RC, RF, TC, TF, Engine, IMove, Search, shorten
from ._solver_generic import GenericSearch, order_moves
from ._solver_generic import shorten as shorten_generic
from ._state import GameState, deal

__all__ = ["SolveResult", "SolveStatus", "hint", "solve"]


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
        # A reader of text: a value of the wrong type is unreadable, like bad text.
        if not isinstance(text, str):
            raise OptionError(f"a solve status must be given as a string, not {shown(text)}")
        wanted = text.strip().lower().replace("_", "-")
        for status in cls:
            if status.value == wanted:
                return status
        raise OptionError(f"a solve status is win, no-win or unknown, not {text!r}")


@attrs.frozen(repr=False)
class SolveResult:
    """The answer of :func:`solve`.

    ``moves`` is the winning line for ``SolveStatus.WIN`` (every action, draws and
    recycles included, that :func:`~pycanfield.apply` replays from the solved state to
    a won game) and empty otherwise.  ``positions`` counts the positions searched,
    ``seconds`` the time taken.  Its ``repr`` shows these figures, not the moves.

    >>> SolveResult(SolveStatus.NO_WIN, positions=1200, seconds=0.25)
    <SolveResult no-win, 1200 positions, 0.250 s>
    """

    status: SolveStatus
    moves: tuple[Move, ...] = ()
    positions: int = 0
    seconds: float = 0.0

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.status, SolveStatus):
            raise wrong_type("SolveResult", "status", "a SolveStatus", self.status)
        if not isinstance(self.moves, tuple) or not all(isinstance(m, Move) for m in self.moves):
            raise wrong_type("SolveResult", "moves", "a tuple of moves", self.moves)
        if not _is_whole(self.positions):
            raise wrong_type("SolveResult", "positions", "a whole number", self.positions)
        if not _is_number(self.seconds):
            raise wrong_type("SolveResult", "seconds", "a number", self.seconds)

    @property
    def decided(self) -> bool:
        """True for a win or a proof that there is none."""
        return self.status is not SolveStatus.UNKNOWN

    def __str__(self) -> str:
        text = f"{self.status}, {self.positions} positions, {self.seconds:.3f} s"
        if self.status is SolveStatus.WIN:
            text += f", {len(self.moves)} moves"
        return text

    def __repr__(self) -> str:
        # A winning line has hundreds of moves: they stay behind ``moves``.
        return f"<SolveResult {self}>"


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_limits(function: str, node_limit: int | None, time_limit: float | None) -> None:
    """Refuse limits of the wrong type (OptionTypeError) or out of range (OptionError)."""
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


def _replayed(state: GameState, line: list[Move]) -> tuple[Move, ...]:
    end = state
    for move in line:
        end = apply(end, move)
    if not is_won(end):  # pragma: no cover - a bug in the search, never a user error
        raise AssertionError("the solver's line does not end in a won game")
    return tuple(line)


def _generic(state: GameState, node_limit: int | None, time_limit: float | None) -> GenericSearch:
    return GenericSearch(state.position, state.rules, node_limit=node_limit, time_limit=time_limit)


def _search(state: GameState, node_limit: int | None, time_limit: float | None) -> Search:
    engine, root = Engine.from_position(state.position, state.draw)
    return Search(engine, root, node_limit=node_limit, time_limit=time_limit)


def solve(
    state: GameState | str,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> SolveResult:
    """Find out whether ``state`` (a game, or a game code) can be won.

    The game's own rules apply (``state.rules``; a code names its rules): the standard
    rules R1-R32 get a fast specialised search, any other :class:`~pycanfield.Rules` a
    slower generic one over the public rules (``docs/solver.rst``).  Either way a win
    comes with its whole line, and ``NO_WIN`` means every reachable position was
    searched.

    The search stops after ``node_limit`` positions or ``time_limit`` seconds, if
    given, and then answers ``SolveStatus.UNKNOWN``.  Without limits it always
    decides, but may take a long time and much memory on a hard deal.

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
    _check_limits("solve", node_limit, time_limit)
    state = _as_state("solve", state)
    started = time.perf_counter()
    if not state.rules.is_standard:
        return attrs.evolve(
            _solve_generic(state, node_limit, time_limit), seconds=time.perf_counter() - started
        )
    search = _search(state, node_limit, time_limit)
    found, line = search.run()
    if found:
        line = shorten(search.engine, search.path_states, line)
        result = SolveResult(SolveStatus.WIN, _expand(state, line), search.nodes)
    elif found is None:
        result = SolveResult(SolveStatus.UNKNOWN, (), search.nodes)
    else:
        result = SolveResult(SolveStatus.NO_WIN, (), search.nodes)
    return attrs.evolve(result, seconds=time.perf_counter() - started)


def _solve_generic(
    state: GameState, node_limit: int | None, time_limit: float | None
) -> SolveResult:
    search = _generic(state, node_limit, time_limit)
    found, line = search.run()
    if found:
        line = shorten_generic(search.path_positions, line, state.rules)
        return SolveResult(SolveStatus.WIN, _replayed(state, line), search.nodes)
    status = SolveStatus.UNKNOWN if found is None else SolveStatus.NO_WIN
    return SolveResult(status, (), search.nodes)


def _hint_generic(
    state: GameState, node_limit: int | None, time_limit: float | None
) -> Move | None:
    search = _generic(state, node_limit, time_limit)
    found, line = search.run()
    if found and line:
        return line[0]
    first = search.best[1]
    if first:
        return first[0]
    options = order_moves(state.position, state.rules)
    return options[0] if options else None


def hint(
    state: GameState | str,
    *,
    time_limit: float | None = 1.0,
    node_limit: int | None = None,
) -> Move | None:
    """The move to play next in ``state`` (a game, or a game code).

    It is the first action of a winning line when the solver finds one within the
    limits.  Otherwise it is the first action of the line to the most advanced
    position the search reached: the most cards on the foundations, then the fewest
    in the reserve, then the fewest in the talon; and if the search found no better
    position than the present one, the first of :func:`~pycanfield.legal_moves` in
    the order the solver tries moves.  The move is always legal.  ``None`` means the
    game is already won or there is no legal move at all.

    >>> from pycanfield import deal, legal_moves
    >>> game = deal("CF1-D3-AAAAACL")
    >>> hint(game) in legal_moves(game)
    True
    """
    _check_limits("hint", node_limit, time_limit)
    state = _as_state("hint", state)
    if is_won(state):
        return None
    legal = legal_moves(state)
    if not legal:
        return None
    if not state.rules.is_standard:
        return _hint_generic(state, node_limit, time_limit)
    search = _search(state, node_limit, time_limit)
    found, line = search.run()
    if found and line:
        return _public(state, line[0])[1][0]
    first = search.best[1]
    if first:
        return _public(state, first[0])[1][0]
    options = search.engine.ordered(search.root)
    if options:
        return _public(state, options[0][0])[1][0]
    return legal[0]
