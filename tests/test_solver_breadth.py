"""The solver's breadth-first search: it finds the wins a few moves away that
take-backs hide from the depth-first searches, agrees with a plain search over the
public rules, resumes where it stopped, and keeps to its cap, its budget and its room."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings

import builders
import pycanfield as cf
from pycanfield import _solver_breadth, _solver_search
from pycanfield._solver import _expand, _search
from pycanfield._solver_breadth import BREADTH_WEIGHT, Breadth
from strategies import late_states, play_rules
from switches import interpreted_only
from test_solver_soundness import _NEEDS_A_SHUFFLE
from test_solver_variants import brute_force, replay

# Two positions the property tests found (R22 take-backs, build=any): the plain search
# wins them within 3,000 positions, the depth-first searches wander for hundreds of
# thousands.  In the first, Q♦ and K♥ leave the reserve for empty columns and the
# eleven hearts come back onto Q♦ so that K♣ can leave Q♣; in the second, the eleven
# hearts come back onto K♥ so that A♦ can leave K♠.
NEAR_WINS = {
    "reserve": cf.GameState(
        builders.position(
            columns=["", "", "KD", "QC KC", ""],
            reserve="QH KH QD",
            base="AS",
            sizes={"S": 13, "H": 11, "D": 11, "C": 11},
        ),
        rules=cf.Rules.parse(
            "draw=1 runs=top fill=player-reserve-waste build=any autocomplete=yes columns=5"
        ),
    ),
    "take-backs": cf.GameState(
        builders.position(
            columns=["", "", "AH KH", "KD KS AD", ""],
            waste="AS",
            base="2C",
            sizes={"C": 13, "S": 11, "H": 11, "D": 11},
        ),
        rules=cf.Rules.parse(
            "draw=1 redeals=2 runs=top fill=player-reserve-waste build=any autocomplete=yes "
            "columns=5"
        ),
        draw=3,
    ),
}


@pytest.mark.parametrize("name", NEAR_WINS)
def test_a_near_win_is_found_by_the_breadth_first_search(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = NEAR_WINS[name]
    assert brute_force(here.position, here.rules, 3_000) is True
    # Without the breadth-first search the depth-first ones wander past it.
    monkeypatch.setattr(_solver_search, "BREADTH_SHARE", 0)
    assert cf.solve(here, node_limit=60_000).status is cf.SolveStatus.UNKNOWN
    monkeypatch.undo()
    result = cf.solve(here, node_limit=60_000)
    assert result.status is cf.SolveStatus.WIN
    # Right after the main search's first turn of 20,000 positions.
    assert result.positions < 25_000
    end = replay(here, result.moves)
    assert cf.is_won(end)
    assert end.rules == here.rules


def _breadth(state: cf.GameState) -> Breadth:
    return Breadth(_search(state, None, None))


@settings(max_examples=40)
@given(late_states(max_left=7, columns=5), play_rules)
def test_it_agrees_with_the_plain_search(start: cf.GameState, rules: cf.Rules) -> None:
    """Alone, with the budget of its first turn in a solve, it wins where the plain
    search over the public rules wins within 3,000 positions and runs out where that
    one does: it prunes nothing that matters (docs/solver.rst, "The breadth-first
    search"), so its end is a proof.  (Over 3,317 such positions, drawn with six seeds,
    it never needed more positions than the plain search: macro-moves and
    interchangeable columns make its graph smaller.)"""
    here = cf.GameState(start.position, rules=rules.evolve(columns=5))
    expected = brute_force(here.position, here.rules, 3_000)
    breadth = _breadth(here)
    found, line = breadth.advance(5_000)
    if expected is not None:
        assert found is expected
    if found:
        assert breadth.search.path_states[0] == breadth.search.root
        assert len(breadth.search.path_states) == len(line) + 1
        end = replay(here, _expand(here, line))
        assert cf.is_won(end)
    else:
        assert expected is not True
        assert line == []


@pytest.mark.parametrize("name", NEAR_WINS)
def test_it_resumes_where_it_stopped(name: str) -> None:
    """Many short turns enter the same positions, in the same order, as one long one."""
    whole = _breadth(NEAR_WINS[name])
    found, line = whole.advance(10**9)
    assert found is True
    steps = _breadth(NEAR_WINS[name])
    turns = 0
    while True:
        turns += 1
        got, got_line = steps.advance(7)
        if got is not None:
            break
    assert turns > 10
    assert (got, got_line) == (found, line)
    assert steps.states == whole.states
    assert steps.search.nodes == whole.search.nodes == len(whole.states) - 1


def test_it_keeps_to_its_budget_and_counts_every_position() -> None:
    breadth = _breadth(cf.deal("CF1-D3-AAAAACL"))
    for budget in (1, 5, 300, 1_000):
        before = breadth.search.nodes
        assert breadth.advance(budget) == (None, [])
        assert breadth.search.nodes - before == budget
    assert len(breadth.states) == 1 + 1 + 5 + 300 + 1_000


def test_it_stops_at_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_solver_breadth, "BREADTH_CAP", 500)
    breadth = _breadth(cf.deal("CF1-D3-AAAAACL"))
    assert breadth.advance(10_000) == (None, [])
    assert breadth.full
    assert len(breadth.states) == 500


@interpreted_only
def test_a_search_drops_it_at_its_cap_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once full, the breadth-first search gets no more turns, and the other searches
    go on.  Under ``runs=whole`` (no lean search) the first turns take 30,000 and
    60,000 positions; the breadth-first search gets 5,000 of the first and would get
    10,000 of the second, but fills its cap (here 12,000) on the way."""
    entered: list[int] = []
    advance = Breadth.advance

    def counted(self: Breadth, budget: int, *, room: int | None = None) -> Any:
        got = advance(self, budget, room=room)
        entered.append(len(self.states))
        return got

    monkeypatch.setattr(Breadth, "advance", counted)
    monkeypatch.setattr(_solver_breadth, "BREADTH_CAP", 12_000)
    # A deal that no search settles within 150,000 positions.
    result = cf.solve(cf.deal("CF1-D3-MQDIZBO~RUNS=WHOLE"), node_limit=150_000)
    assert result.status is cf.SolveStatus.UNKNOWN
    assert result.positions == 150_000
    assert entered == [5_001, 12_000]


def test_it_stops_when_its_room_is_full() -> None:
    """Every 256 positions it looks at its room: it stops within one such stretch."""
    breadth = _breadth(cf.deal("CF1-D3-AAAAACL"))
    room = 2_000 * BREADTH_WEIGHT
    assert breadth.advance(100_000, room=int(room)) == (None, [])
    assert breadth.size() > room
    assert len(breadth.states) <= 2_000 + 256


@pytest.mark.parametrize("name", NEAR_WINS)
def test_its_line_is_one_of_the_shortest(name: str) -> None:
    """Breadth first: no line of fewer engine moves wins, as a depth-limited search over
    the same moves confirms."""
    here = NEAR_WINS[name]
    breadth = _breadth(here)
    found, line = breadth.advance(10**9)
    assert found is True
    engine = breadth.search.engine
    # Per key, the most moves left with which it was searched and not won.
    tried: dict[bytes, int] = {}

    def wins_within(state: Any, depth: int) -> bool:
        if sum(state[1]) == 52 and engine.won(state):
            return True
        k = engine.key(state)
        if depth == 0 or tried.get(k, -1) >= depth:
            return False
        tried[k] = depth
        return any(wins_within(child, depth - 1) for _, child in engine.ordered(state))

    assert wins_within(breadth.search.root, len(line))
    tried.clear()
    assert not wins_within(breadth.search.root, len(line) - 1)


@interpreted_only
@pytest.mark.parametrize(
    ("code", "runs"),
    [("CF1-D3-AAAAACL", True), ("CF1-D3-AAAAACL~TAKEBACKS=NO", False), ("CCL-D3-AAAAACL", False)],
)
def test_it_runs_only_with_take_backs(
    code: str, runs: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without take-backs the depth-first searches find a near win at once (over 4,628
    late positions drawn with eight seeds, the solver without the breadth-first search
    never needed more than 70 positions), so it would only cost."""
    made: list[Breadth] = []
    init = Breadth.__init__

    def counted(self: Breadth, search: Any) -> None:
        init(self, search)
        made.append(self)

    monkeypatch.setattr(Breadth, "__init__", counted)
    cf.solve(cf.deal(code), node_limit=2_000)
    assert bool(made) is runs


def test_it_keeps_the_moves_that_the_pruning_searches_leave_out() -> None:
    """Its ``NO_WIN`` is final only if it prunes nothing: it enters exactly the
    positions of a plain breadth-first search over the engine's whole order, take-backs
    and shuffles of runs included (the greedy and the lean searches leave those out),
    in the same order."""
    for here in (_NEEDS_A_SHUFFLE, NEAR_WINS["take-backs"], cf.deal("CF1-D3-AAAAACL")):
        breadth = _breadth(here)
        breadth.advance(3_000)
        engine = breadth.search.engine
        root = breadth.search.root
        seen = {engine.key(root)}
        queue = deque([root])
        entered = [root]
        while queue and len(entered) < len(breadth.states):
            for _, child in engine.ordered(queue.popleft()):
                if engine.key(child) not in seen:
                    seen.add(engine.key(child))
                    queue.append(child)
                    entered.append(child)
        assert breadth.states == entered[: len(breadth.states)]


@pytest.mark.parametrize("name", NEAR_WINS)
def test_hint_follows_the_near_win(name: str) -> None:
    """``hint`` plays the first action of the line the breadth-first search found, and
    the game stays won."""
    here = NEAR_WINS[name]
    result = cf.solve(here, node_limit=60_000)
    move = cf.hint(here, time_limit=None, node_limit=60_000)
    assert result.moves
    assert move == result.moves[0]
    after = cf.apply(here, move)
    assert brute_force(after.position, after.rules, 3_000) is True
