"""The solver's beam search: it finds wins only, each line replays through the public
rules, it widens from beam to beam, resumes where it stopped, keeps to its budget and
its room, and takes its turn in ``solve`` where the native search plays."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import builders
import pycanfield as cf
from pycanfield import _solver_beam, _solver_native
from pycanfield._cards import PACK
from pycanfield._solver import _expand, _search
from pycanfield._solver_beam import BEAM_CAP, BEAM_GROWTH, BEAM_WEIGHT, Beam, promise, tangle
from pycanfield._solver_core import IMove
from pycanfield._solver_rules import RState, RulesEngine
from pycanfield._solver_search import Search
from strategies import late_states, play_rules
from test_solver_native import native_on, needs_native
from test_solver_variants import brute_force, replay

# Rules the beam search is made for: no take-backs, so that the native search plays them.
_NO_TAKEBACKS = play_rules.map(lambda rules: rules.evolve(takebacks=False, autocomplete=False))


def _beam(state: cf.GameState, *, first: int, widest: int, cap: int | None = None) -> Beam:
    """The Python beam search of ``state``, with the engine's successors as the native
    module makes them: without the engine's own tests of dead ends (the beam runs
    those of locked cards itself).  ``cap``: as the rules have it (``beam_cap``)."""
    search = _search(state, None, None)
    engine = search.engine
    assert isinstance(engine, RulesEngine)

    def children(st: RState) -> list[tuple[IMove, RState]]:
        lock, frozen = engine.lock, engine.frozen
        engine.lock = engine.frozen = None
        try:
            return engine.ordered(st)
        finally:
            engine.lock, engine.frozen = lock, frozen

    return Beam(search, children, first=first, widest=widest, cap=cap)


def test_promise_counts_foundations_reserve_spaces_tangles_and_the_buried_waste() -> None:
    """Four points a foundation card, minus two a reserve card, one an empty column,
    under limited redeals minus one a waste card, and with no redeal minus the tangle of
    each pile."""
    here = cf.GameState(
        builders.position(
            columns=["", "KD", "QC", "JH"],
            reserve="QH KH",
            waste="5S 6S",
            stock="KC KS QS JS 10S 9S 8S 7S",
            base="AS",
            sizes={"S": 4, "H": 10, "D": 12, "C": 11},
        ),
        rules=cf.Rules.parse("draw=1 redeals=0 runs=whole takebacks=no"),
    )
    search = _search(here, None, None)
    root, engine = search.root, search.engine
    assert isinstance(engine, RulesEngine)
    assert sum(root[1]) == 37
    # The waste's 6S lies above 5S, due up before it and next on its foundation (2);
    # the reserve's KH lies above QH (1); each column's one card is next up (0).
    tangles = 2 + 1
    assert promise(root, buried=False, tangles=None) == 4 * 37 - 2 * 2 + 1
    assert promise(root, buried=True, tangles=None) == 4 * 37 - 2 * 2 + 1 - 2
    assert promise(root, buried=False, tangles=engine) == 4 * 37 - 2 * 2 + 1 - tangles
    assert promise(root, buried=True, tangles=engine) == 4 * 37 - 2 * 2 + 1 - tangles - 2


def _cards(text: str) -> bytes:
    return bytes(PACK.index(cf.Card.parse(word)) for word in text.split())


@pytest.mark.parametrize(
    ("pile", "points"),
    [
        ("", 0),
        ("9S", 0),  # not next up, nothing above it
        ("5S", 0),  # next up, on top
        ("5S 9H 6S", 2 + 1),  # two cards above the next spade; 6S above 5S
        ("7S 6S 5S", 0),  # each card lies on cards of its suit due up after it
        ("6S 7S 8S", 2),  # 7S and 8S each lie above a spade due up before them
        ("8S 6H 9S 7S", 1),  # 9S lies above 8S; 7S only above spades due after it
        ("KH 2C 5S", 0),  # other suits do not tangle, the next spade on top
    ],
)
def test_tangle_counts_cards_in_the_way_of_their_own_suit(pile: str, points: int) -> None:
    """With four spades up (the next is 5S; ace base) and nothing else, a card that lies
    above a card of its suit due up before it counts one, and so does every card above
    the next card of a suit."""
    height = [(c.rank.value - 1) % 13 for c in PACK]
    assert tangle(_cards(pile), (4, 0, 0, 0), height) == points


@settings(max_examples=40)
@given(late_states(max_left=7, columns=4), _NO_TAKEBACKS)
def test_a_beam_as_wide_as_the_game_wins_where_the_plain_search_wins(
    start: cf.GameState, rules: cf.Rules
) -> None:
    """A beam that keeps every position (no cap on a rest) is a breadth-first search
    ordered by promise: it wins where the plain search over the public rules wins, and
    where that one proves the game lost it runs out without an answer, for it never
    proves a loss."""
    here = cf.GameState(start.position, rules=rules)
    expected = brute_force(here.position, here.rules, 3_000)
    beam = _beam(here, first=10**6, widest=10**6, cap=0)
    found, line = beam.advance(10**6)
    event(f"plain search: {expected}, beam: {found}")
    if expected is True:
        assert found is True
    if found:
        path = beam.search.path_states
        assert path[0] == beam.search.root
        assert len(path) == len(line) + 1
        assert cf.is_won(replay(here, _expand(here, line)))
    else:
        assert expected is not True
        assert (found, line) == (None, [])


@settings(max_examples=25)
@given(late_states(max_left=8, columns=4), _NO_TAKEBACKS, st.integers(1, 3), st.integers(0, 2))
def test_a_narrow_beam_only_ever_wins(
    start: cf.GameState, rules: cf.Rules, width: int, cap: int
) -> None:
    """However narrow, and whatever its cap on a rest, every answer is a win whose line
    replays, or none: what the beam leaves out proves nothing, and it never says a game
    is lost."""
    here = cf.GameState(start.position, rules=rules)
    beam = _beam(here, first=width, widest=width * BEAM_GROWTH, cap=cap)
    found, line = beam.advance(10**6)
    event(f"beam: {found}")
    assert found is not False
    if found:
        assert cf.is_won(replay(here, _expand(here, line)))
    else:
        assert line == []


def test_beams_widen_and_then_stop() -> None:
    """Each beam that runs out of positions gives way to one ``BEAM_GROWTH`` times as
    wide, up to the widest; after that one its turns search nothing."""
    beam = _beam(cf.deal("CRB-D1-AAAAACL"), first=2, widest=2 * BEAM_GROWTH**2)
    widths = [beam.width]
    while True:
        before = beam.search.nodes
        assert beam.advance(50) == (None, [])
        if widths[-1] != beam.width:
            widths.append(beam.width)
        if beam.search.nodes == before:
            break
    assert widths == [2, 2 * BEAM_GROWTH, 2 * BEAM_GROWTH**2]
    assert beam.size() == 0
    assert beam.advance(1_000) == (None, [])


def test_it_keeps_to_its_budget_and_counts_every_position() -> None:
    """A turn ends once its budget is spent, within the successors of one position."""
    beam = _beam(cf.deal("CRB-D1-AAAAACL"), first=1_000, widest=1_000)
    for budget in (1, 40, 300, 1_000):
        before = beam.search.nodes
        assert beam.advance(budget) == (None, [])
        spent = beam.search.nodes - before
        assert budget <= spent < budget + 60
    assert len(beam.seen) == beam.search.nodes + 1


def test_it_resumes_where_it_stopped() -> None:
    """Many short turns make the same positions, and find the same line, as one long
    one."""
    code = "CCL-D3-AAAAACL"
    whole = _beam(cf.deal(code), first=50, widest=200)
    found, line = whole.advance(10**9)
    assert found is True
    steps = _beam(cf.deal(code), first=50, widest=200)
    turns = 0
    while True:
        turns += 1
        got, got_line = steps.advance(97)
        if got is not None:
            break
    assert turns > 10
    assert (got, got_line) == (found, line)
    assert steps.search.nodes == whole.search.nodes
    assert steps.search.path_states == whole.search.path_states
    assert cf.is_won(replay(cf.deal(code), _expand(cf.deal(code), line)))


def test_it_starts_again_no_wider_when_its_room_is_full() -> None:
    beam = _beam(cf.deal("CRB-D1-AAAAACL"), first=100, widest=10_000)
    assert beam.advance(10**6, room=int(500 * BEAM_WEIGHT)) == (None, [])
    assert beam.width == 100
    # The positions of the beam that outgrew the room are gone.
    assert len(beam.seen) == 0
    with pytest.raises(ValueError, match="first <= widest"):
        _beam(cf.deal("CRB-D1-AAAAACL"), first=10, widest=5)
    with pytest.raises(ValueError, match="cap must be >= 0"):
        _beam(cf.deal("CRB-D1-AAAAACL"), first=10, widest=10, cap=-1)


@needs_native
@pytest.mark.parametrize(
    "code",
    ["CCL-D3-OUVIREV", "CRB-D1-TMTUIRQ", "CST-D1-AAAAACL", "CCH-D1-TXYCUHQ", "CSU-D3-LGENAQV"],
)
def test_the_native_beam_makes_the_positions_of_the_python_one(code: str) -> None:
    """Turn by turn, the native beam search (``Beamer``) makes as many new positions as
    the Python one, at the same widths, and ends with the same line and positions: the
    same successors, promise, order, tests of locked cards and keys."""
    ours, _ = _same_beams(code, cap=None)
    assert ours.beamer.done


def _same_beams(code: str, *, cap: int | None) -> tuple[_solver_native.NativeBeam, int]:
    """The native and Python beams of ``code``'s deal, 40 to 160 wide with ``cap``, go
    turn by turn alike (the same answers, positions made and widths) to the same line
    and positions.  Returns the native beam and the turns taken."""
    python = _beam(cf.deal(code), first=40, widest=160, cap=cap)
    ours = _solver_native.NativeBeam(
        _search(cf.deal(code), None, None), first=40, widest=160, cap=cap
    )
    turns = 0
    while turns < 400:
        turns += 1
        expected = python.advance(5_000)
        assert ours.advance(5_000) == expected
        assert ours.search.nodes == python.search.nodes
        assert ours.beamer.width == python.width
        if expected[0] or ours.beamer.done:
            break
    assert ours.search.path_states == python.search.path_states
    return ours, turns


@needs_native
@pytest.mark.parametrize("code", ["CRB-D1-CDBQJNA", "CRB-D1-WPEQOWD"])
@pytest.mark.parametrize("tangles", [False, True])
def test_with_no_redeal_the_tangles_lead_a_narrow_beam_to_a_win(
    monkeypatch: pytest.MonkeyPatch, code: str, tangles: bool
) -> None:
    """Two ``rainbow`` deals that the benchmark left unknown at 60 seconds: a beam
    1,000 wide with no cap on a rest wins each when its promise counts the piles'
    tangles (after about 300,000 positions), and runs out of new positions without a
    win when it does not."""
    state = cf.deal(code)
    search = _search(state, None, None)
    assert isinstance(search.engine, RulesEngine)
    assert _solver_beam.tangled(search.engine)
    monkeypatch.setattr(_solver_native, "tangled", lambda engine: tangles)
    _narrow_beam(state, search, cap=0, wins=tangles)


def _narrow_beam(state: cf.GameState, search: Search, *, cap: int, wins: bool) -> None:
    """A native beam 1,000 wide, no wider, runs out of new positions without a win or,
    with ``wins``, wins within 500,000 positions by a line that replays."""
    beam = _solver_native.NativeBeam(search, first=1_000, widest=1_000, cap=cap)
    won, line = beam.advance(10**7)
    assert beam.beamer.done
    assert won is (True if wins else None)
    if wins:
        assert search.nodes < 500_000
        assert cf.is_won(replay(state, _expand(state, line)))


def test_only_the_presets_with_no_redeal_count_tangles() -> None:
    """``rainbow`` and ``chameleon`` go through the talon once.  With redeals the
    tangles gained no deal of ``rainfall``'s benchmark, and left ``classic``'s
    ``FXUPVTY`` unknown under a node limit (docs/solver-measured.rst, "The tangles in
    the beam's promise")."""
    counted = set()
    for variant in cf.VARIANTS:
        engine = _search(cf.deal(f"{variant.prefix}-D1-AAAAACL"), None, None).engine
        if isinstance(engine, RulesEngine) and _solver_beam.tangled(engine):
            counted.add(variant.name)
    assert counted == {"rainbow", "chameleon"}


def test_only_the_presets_with_no_redeal_cap_a_rest() -> None:
    """The beams of ``rainbow`` and ``chameleon`` keep at most ``BEAM_CAP`` positions
    of one rest at each depth; those of every other preset keep the best, whatever
    their rests."""
    caps = {}
    for variant in cf.VARIANTS:
        engine = _search(cf.deal(f"{variant.prefix}-D1-AAAAACL"), None, None).engine
        if isinstance(engine, RulesEngine):
            caps[variant.name] = _solver_beam.beam_cap(engine)
    assert {name for name, cap in caps.items() if cap} == {"rainbow", "chameleon"}
    assert BEAM_CAP >= 1
    assert caps["rainbow"] == caps["chameleon"] == BEAM_CAP


def _ranked(*items: tuple[int, RState]) -> list[tuple[int, int, int, int, RState]]:
    """Successors as ``Beam`` ranks them: promise, order made (first made first among
    equals), parent and index."""
    return [(score, -at, 0, at, child) for at, (score, child) in enumerate(items)]


def test_a_cap_keeps_the_best_of_each_rest_in_the_order_ranked() -> None:
    """With a cap of one, the best position of each rest (all but the columns), best
    first; with two, the two best; with none, the best whatever their rests.  The
    width still counts."""
    beam = _beam(cf.deal("CRB-D1-AAAAACL"), first=10, widest=10)
    rest_a = ((1, 0, 0, 0), 5, b"ab", 1, 0)
    rest_b = ((1, 0, 0, 0), 5, b"ab", 2, 0)
    a1, a2, a3 = ((b"x",), *rest_a), ((b"y",), *rest_a), ((b"z",), *rest_a)
    b1 = ((b"x",), *rest_b)
    ranked = _ranked((9, a1), (9, a2), (8, a3), (7, b1))
    kept = {cap: [item[4] for item in _keep(beam, ranked, 10, cap)] for cap in (0, 1, 2)}
    assert kept[1] == [a1, b1]
    assert kept[2] == [a1, a2, b1]
    assert kept[0] == [a1, a2, a3, b1]
    assert [item[4] for item in _keep(beam, ranked, 1, 1)] == [a1]


def _keep(
    beam: Beam, ranked: list[tuple[int, int, int, int, RState]], width: int, cap: int
) -> list[tuple[int, int, int, int, RState]]:
    beam.cap = cap
    return beam._keep(ranked, width)


@needs_native
@pytest.mark.parametrize("code", ["CRB-D1-SNTORKO", "CRB-D1-TJTZQGP"])
@pytest.mark.parametrize("cap", [0, 1])
def test_a_cap_on_a_rest_leads_a_narrow_beam_to_a_win(code: str, cap: int) -> None:
    """Two ``rainbow`` deals that ``solve`` left unknown at 60 seconds in the family
    survey: a beam 1,000 wide that keeps one position of a rest at each depth wins each
    (after about 300,000 positions), and without the cap runs out of new positions
    without a win, its places taken by arrangements of a few rests."""
    state = cf.deal(code)
    _narrow_beam(state, _search(state, None, None), cap=cap, wins=cap > 0)


@needs_native
@pytest.mark.parametrize("code", ["CCL-D3-OUVIREV", "CST-D1-AAAAACL", "CRB-D1-TMTUIRQ"])
@pytest.mark.parametrize("cap", [1, 3])
def test_the_native_cap_keeps_the_positions_of_the_python_one(code: str, cap: int) -> None:
    """With a cap set under rules with redeals and without, the native beam makes the
    positions of the Python one, turn by turn, and ends with the same line: its rests
    are those of the Python ``_keep`` (the redeals used among them)."""
    ours, turns = _same_beams(code, cap=cap)
    plain = _solver_native.NativeBeam(
        _search(cf.deal(code), None, None), first=40, widest=160, cap=0
    )
    for _ in range(turns):
        plain.advance(5_000)
    # The cap left positions out here: without it the same turns went otherwise.
    assert (plain.search.nodes, plain.search.path_states) != (
        ours.search.nodes,
        ours.search.path_states,
    )


@needs_native
def test_the_native_beam_starts_again_no_wider_when_its_room_is_full() -> None:
    ours = _solver_native.NativeBeam(
        _search(cf.deal("CRB-D1-AAAAACL"), None, None), first=1_000, widest=16_000
    )
    assert ours.advance(10**7, room=100) == (None, [])
    assert ours.beamer.width == 1_000
    assert ours.beamer.seen == 1
    with pytest.raises(ValueError, match="first <= widest"):
        _solver_native.NativeBeam(_search(cf.deal("CRB-D1-AAAAACL"), None, None), first=0)
    with pytest.raises(ValueError, match="cap must be >= 0"):
        _solver_native.NativeBeam(_search(cf.deal("CRB-D1-AAAAACL"), None, None), cap=-1)


@needs_native
@pytest.mark.usefixtures(native_on.__name__)
def test_solve_gives_the_beam_its_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a node limit, where the depth-first searches alone leave a deal unknown,
    the beam search's turn wins it (after about 100,000 of its positions, in the
    third turn), and the line replays."""
    code = "CRF-D1-MXQAFUZ"
    limit = 2_000_000
    # A context of its own: ``monkeypatch.undo`` would also switch the native search off.
    with monkeypatch.context() as patch:
        patch.setattr(_solver_beam, "BEAM_SHARE", 0)
        assert cf.solve(code, node_limit=limit).status is cf.SolveStatus.UNKNOWN
    result = cf.solve(code, node_limit=limit)
    assert result.status is cf.SolveStatus.WIN
    assert result.positions < limit
    assert cf.is_won(replay(cf.deal(code), result.moves))


@needs_native
@pytest.mark.usefixtures(native_on.__name__)
@pytest.mark.parametrize(("share", "status"), [(16, "win"), (4, "unknown"), (0, "unknown")])
def test_with_redeals_without_end_the_beam_has_a_thirteenth(
    monkeypatch: pytest.MonkeyPatch, share: int, status: str
) -> None:
    """``CCL-D3-FXUPVTY`` was left unknown by the family survey after ten minutes
    (benchmarks/family.csv); a beam 4,000 wide wins it after about 320,000 positions.
    With ``BEAM_SHARE`` of 16 quarters (about a thirteenth of each turn under redeals
    without end) ``solve`` wins it within 2,500,000 positions, and the line replays;
    with the fiftieth it had before (4), or none, it does not."""
    code = "CCL-D3-FXUPVTY"
    limit = 2_500_000
    monkeypatch.setattr(_solver_beam, "BEAM_SHARE", share)
    result = cf.solve(code, node_limit=limit)
    assert result.status.value == status
    if status == "win":
        assert result.positions < limit
        assert cf.is_won(replay(cf.deal(code), result.moves))
