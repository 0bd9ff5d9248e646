"""The solver: wins replay to won games, proofs of no win agree with a plain search."""

from __future__ import annotations

import os
from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pycanfield as cf
from builders import FULL, state
from pycanfield import _solver, _solver_native
from pycanfield._solver import solver_build
from pycanfield._solver_search import Search
from strategies import deals, late_states


def replay(game: cf.GameState, moves: tuple[cf.Move, ...]) -> cf.GameState:
    for move in moves:
        game = cf.apply(game, move)
    return game


def brute_force(game: cf.GameState, limit: int) -> bool | None:
    """Breadth-first search over whole positions with the public rules only (no
    macro-moves, no symmetry): True / False, or None past ``limit`` positions."""
    root = game.position
    seen = {root}
    queue = deque([root])
    while queue:
        pos = queue.popleft()
        if all(f.size == 13 for f in pos.foundations):
            return True
        for move in cf.position_moves(pos):
            child, _ = cf.play(pos, move, game.draw)
            if child not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(child)
                queue.append(child)
    return False


def test_reference_deal_is_won_and_its_line_replays_r29() -> None:
    """R29: the reference deal can be won in draw 3."""
    game = cf.deal("CF1-D3-AAAAACL")
    result = cf.solve(game, time_limit=60)
    assert result.status is cf.SolveStatus.WIN
    assert result.decided
    assert result.positions > 0
    assert result.seconds >= 0
    end = replay(game, result.moves)
    assert cf.is_won(end)
    assert end.score >= 255  # R32: every card went up at least once


def test_solve_takes_a_code() -> None:
    assert cf.solve("CF1-D3-AAAAACL", time_limit=60).status is cf.SolveStatus.WIN


def test_already_won_r23() -> None:
    result = cf.solve(state(sizes=FULL))
    assert result.status is cf.SolveStatus.WIN
    assert result.moves == ()


def test_one_move_from_a_win() -> None:
    game = state(base="7H", sizes={"S": 13, "H": 12, "D": 13, "C": 13}, reserve="6H")
    result = cf.solve(game)
    assert result.status is cf.SolveStatus.WIN
    assert [str(m) for m in result.moves] == ["R>F"]


def test_win_through_the_reserve_filling_an_emptied_column_r16() -> None:
    """KS goes up, the reserve's KH fills the emptied column (R16); then QH, KH."""
    game = state(
        base="AS",
        sizes={"S": 12, "H": 11, "D": 13, "C": 13},
        reserve="QH KH",
        columns=["KS", "", "", ""],
    )
    result = cf.solve(game)
    assert result.status is cf.SolveStatus.WIN
    assert cf.is_won(replay(game, result.moves))


def test_win_needs_the_talon_in_draw_3_r18_r19() -> None:
    """The needed card is second of three in the talon: draws and recycles are in the
    line, and it replays (R18, R19)."""
    game = state(
        base="AS",
        sizes={"S": 13, "H": 10, "D": 13, "C": 13},
        stock="KH JH QH",  # drawn first: QH, JH, KH; the waste's top is then KH
        draw=3,
    )
    result = cf.solve(game)
    assert result.status is cf.SolveStatus.WIN
    assert cf.DRAW in result.moves
    assert cf.is_won(replay(game, result.moves))


def test_dead_end_is_proved_lost_r16_r17() -> None:
    """KH tops the reserve over QH and JH; QH fills the column emptied by KS, and
    nothing can ever move KH: no column empties again, no ace comes back (R16, R17)."""
    game = state(
        base="AS",
        sizes={"S": 12, "H": 10, "D": 13, "C": 13},
        reserve="JH KH QH",
        columns=["KS", "", "", ""],
    )
    assert cf.has_legal_move(game)
    assert brute_force(game, 10_000) is False
    result = cf.solve(game)
    assert result.status is cf.SolveStatus.NO_WIN
    assert result.moves == ()


def test_no_legal_move_at_all_is_lost() -> None:
    game = state(base="AS", sizes={"S": 13, "H": 11, "D": 13, "C": 13}, reserve="QH KH")
    assert not cf.has_legal_move(game)
    assert cf.solve(game).status is cf.SolveStatus.NO_WIN
    assert cf.hint(game) is None


def test_take_back_is_needed_r22() -> None:
    """JS tops the reserve over TS: it can only leave onto QH, which must first come
    back off the hearts foundation onto KS (R22)."""
    game = state(
        base="AS",
        sizes={"S": 9, "H": 12, "D": 13, "C": 13},
        reserve="KH TS JS",
        columns=["KS", "QS", "", ""],
    )
    assert brute_force(game, 10_000) is True
    result = cf.solve(game)
    assert result.status is cf.SolveStatus.WIN
    assert any(m.kind is cf.MoveKind.FOUNDATION_TO_COLUMN for m in result.moves)
    assert cf.is_won(replay(game, result.moves))


def test_limits_give_unknown() -> None:
    result = cf.solve("CF1-D3-AAAAACL", node_limit=1)
    assert result.status is cf.SolveStatus.UNKNOWN
    assert not result.decided
    assert result.moves == ()
    assert result.limit is cf.SolveLimit.NODES
    assert str(result).endswith(", stopped by the node limit")


def test_an_unknown_answer_names_the_time_limit() -> None:
    """A deal that needs millions of positions, stopped by a short time limit (and by
    it, not by a node limit far away)."""
    result = cf.solve("CPY-D3-PPUJVBZ", time_limit=0.3, node_limit=10**9)
    assert result.status is cf.SolveStatus.UNKNOWN
    assert result.limit is cf.SolveLimit.TIME
    assert result.positions < 10**9
    assert repr(result).endswith(", stopped by the time limit>")


def test_the_node_limit_reached_first_is_named() -> None:
    result = cf.solve("CPY-D3-PPUJVBZ", time_limit=600, node_limit=2_000)
    assert result.limit is cf.SolveLimit.NODES
    assert result.positions >= 2_000


def _small_room(monkeypatch: pytest.MonkeyPatch, room: int) -> list[Search]:
    """Every search of ``solve`` is the Python search, with a memory bound of ``room``
    entries of a packed table instead of about 1.3 GB (the native search's bound is
    tested in ``test_native_table.py``); the searches made, in order."""
    monkeypatch.setattr(_solver_native, "NATIVE", False)
    made = _solver._search
    searches: list[Search] = []

    def search(*args: Any, **options: Any) -> Any:
        found = made(*args, **options)
        found.max_positions = room
        searches.append(found)
        return found

    monkeypatch.setattr(_solver, "_search", search)
    return searches


def test_a_full_table_is_named_the_memory_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no limit given, a search that fills its room answers unknown and says so:
    more time would not help it."""
    searches = _small_room(monkeypatch, 10_000)
    result = cf.solve("CPY-D3-PPUJVBZ")
    assert result.status is cf.SolveStatus.UNKNOWN
    assert result.limit is cf.SolveLimit.MEMORY
    assert "stopped by the memory bound" in str(result)
    assert searches[0].gave_way is None


def test_under_a_limit_the_others_go_on_at_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a limit, the main search that fills its room gives way to the searches
    beside it, which win this deal after it; a node limit they reach first is named."""
    searches = _small_room(monkeypatch, 10_000)
    start = cf.deal("CPY-D3-PPUJVBZ")
    result = cf.solve(start, time_limit=600)
    assert result.status is cf.SolveStatus.WIN
    assert cf.is_won(replay(start, result.moves))
    gave_way = searches[0].gave_way
    assert gave_way is not None
    assert 0 < gave_way < result.positions
    # The same search, stopped by a node limit soon after the main search gave way.
    result = cf.solve(start, node_limit=gave_way + 100)
    assert (result.status, result.limit) == (cf.SolveStatus.UNKNOWN, cf.SolveLimit.NODES)
    assert searches[1].gave_way == gave_way


def test_the_choice_of_base_card_names_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the base card is chosen (``base="choose"``) the solver searches each of
    the five choices in turn: a node limit stops it as one, a full table after every
    choice as the other; with no limit, a choice whose main search filled its room is
    not tried again, so that the search ends."""
    code = "CSE-D3-VJUPJUW"
    assert cf.deal(code).position.pending
    result = cf.solve(code, node_limit=500)
    assert (result.status, result.limit) == (cf.SolveStatus.UNKNOWN, cf.SolveLimit.NODES)
    searches = _small_room(monkeypatch, 10_000)
    result = cf.solve(code)
    assert (result.status, result.limit) == (cf.SolveStatus.UNKNOWN, cf.SolveLimit.MEMORY)
    # One search a choice: four choices are lost within a few hundred positions, and
    # the fifth's main search gave way to the others, which went on to its budget.
    assert len(searches) == 5
    assert [search.gave_way is not None for search in searches].count(True) == 1
    assert result.positions < 21_000


def test_a_decided_answer_has_no_limit() -> None:
    assert cf.solve("CF1-D3-AAAAACL", time_limit=60).limit is None
    with pytest.raises(cf.OptionError, match="a win result has no limit"):
        cf.SolveResult(cf.SolveStatus.WIN, limit=cf.SolveLimit.TIME)
    with pytest.raises(cf.WrongTypeError, match="limit"):
        cf.SolveResult(cf.SolveStatus.UNKNOWN, limit="time")  # type: ignore[arg-type]


def test_limit_parse_and_str() -> None:
    for limit in cf.SolveLimit:
        assert cf.SolveLimit.parse(str(limit)) is limit
        assert cf.SolveLimit.parse(f" {str(limit).upper()} ") is limit
    with pytest.raises(cf.OptionError, match="time, nodes or memory, not 'space'"):
        cf.SolveLimit.parse("space")
    with pytest.raises(cf.OptionError, match="as a string"):
        cf.SolveLimit.parse(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"node_limit": 0}, "node_limit"),
        ({"node_limit": 2.5}, "node_limit"),
        ({"node_limit": True}, "node_limit"),
        ({"time_limit": 0}, "time_limit"),
        ({"time_limit": float("nan")}, "time_limit"),
        ({"time_limit": "1"}, "time_limit"),
        ({"threads": 0}, "threads must be a positive whole number, not 0"),
        ({"threads": True}, "threads"),
        ({"threads": 2.0}, "threads"),
    ],
)
def test_bad_limits_raise(options: dict[str, object], message: str) -> None:
    with pytest.raises(cf.OptionError, match=message):
        cf.solve("CF1-D3-AAAAACL", **options)  # type: ignore[arg-type]
    with pytest.raises(cf.OptionError, match=message):
        cf.hint(cf.deal("CF1-D3-AAAAACL"), **options)  # type: ignore[arg-type]


def test_bad_state_raises() -> None:
    with pytest.raises(cf.WrongTypeError):
        cf.solve(42)  # type: ignore[arg-type]
    with pytest.raises(cf.GameCodeError):
        cf.solve("CF9-D3-AAAAACL")


def test_status_parse_and_str() -> None:
    for status in cf.SolveStatus:
        assert cf.SolveStatus.parse(str(status)) is status
    with pytest.raises(cf.OptionError):
        cf.SolveStatus.parse("maybe")


def test_result_is_immutable() -> None:
    result = cf.solve("CF1-D3-AAAAACL", time_limit=60)
    with pytest.raises(AttributeError):
        result.status = cf.SolveStatus.NO_WIN  # type: ignore[misc]
    assert "win" in str(result)


def test_hint_starts_a_winning_line() -> None:
    game = cf.deal("CF1-D3-AAAAACL")
    move = cf.hint(game, time_limit=60)
    assert move is not None
    after = cf.apply(game, move)
    assert cf.solve(after, time_limit=60).status is cf.SolveStatus.WIN


def test_hint_is_legal_even_when_the_search_is_cut_short() -> None:
    game = cf.deal("CF1-D3-AAAAACL")
    move = cf.hint(game, node_limit=1)
    assert move is not None
    assert cf.is_legal(game, move)


def test_hint_in_a_lost_position_is_legal() -> None:
    game = state(
        base="AS",
        sizes={"S": 12, "H": 10, "D": 13, "C": 13},
        reserve="JH KH QH",
        columns=["KS", "", "", ""],
    )
    move = cf.hint(game)
    assert move is not None
    assert cf.is_legal(game, move)


def test_hint_in_a_won_game_is_none() -> None:
    assert cf.hint(state(sizes=FULL)) is None


@settings(max_examples=10)
@given(deals, st.integers(1, 3000))
def test_every_win_replays_to_a_won_game(deal: cf.Deal, limit: int) -> None:
    game = cf.deal(deal)
    result = cf.solve(game, node_limit=limit)
    if result.status is cf.SolveStatus.WIN:
        assert cf.is_won(replay(game, result.moves))
    else:
        assert result.moves == ()
    move = cf.hint(game, node_limit=limit)
    assert move is not None
    assert cf.is_legal(game, move)


@settings(max_examples=60)
@given(late_states())
def test_solver_agrees_with_a_plain_search(game: cf.GameState) -> None:
    """Every decided answer matches a breadth-first search over the public rules
    (R9-R22): NO_WIN only where no won position is reachable at all."""
    expected = brute_force(game, 3_000)
    result = cf.solve(game, node_limit=200_000)
    assert result.decided
    if result.status is cf.SolveStatus.WIN:
        assert cf.is_won(replay(game, result.moves))
    if expected is not None:
        assert (result.status is cf.SolveStatus.WIN) is expected


def test_wrong_types_name_the_function() -> None:
    with pytest.raises(cf.WrongTypeError, match=r"solve\(\) needs a GameState or a game code"):
        cf.solve(None)  # type: ignore[arg-type]
    with pytest.raises(cf.WrongTypeError, match=r"hint\(\) needs a GameState or a game code"):
        cf.hint([1])  # type: ignore[arg-type]
    # A limit of the wrong type is an OptionError too, as it was before WrongTypeError.
    with pytest.raises(cf.WrongTypeError, match=r"hint\(\) .* as node_limit") as caught:
        cf.hint(cf.deal("CF1-D3-AAAAACL"), node_limit="5")  # type: ignore[arg-type]
    assert isinstance(caught.value, cf.OptionError)
    with pytest.raises(cf.WrongTypeError, match="SolveResult"):
        cf.SolveResult(cf.SolveStatus.WIN, [cf.DRAW])  # type: ignore[arg-type]


def test_solve_result_repr_shows_the_figures_not_the_line_r29() -> None:
    result = cf.solve("CF1-D3-AAAAACL", time_limit=30)
    assert len(result.moves) > 100
    text = repr(result)
    assert text.startswith("<SolveResult win, ")
    assert text.endswith(f", {len(result.moves)} moves>")
    assert "Move" not in text
    assert len(text) < 80


def test_the_search_runs_as_built() -> None:
    """``PYCANFIELD_BUILD`` (set by .ci/run for the compiled wheel's tests) names the
    build that the tests must find: a wheel that lost its extension modules would
    otherwise pass every test, interpreted."""
    wanted = os.environ.get("PYCANFIELD_BUILD")
    if wanted is None:
        pytest.skip("PYCANFIELD_BUILD is not set")
    # The native search is switched off here (tests/conftest.py): the Python modules
    # of the native build are the compiled ones.
    assert solver_build() == ("compiled" if wanted == "native" else wanted)
    assert _solver_native.available() is (wanted == "native")
