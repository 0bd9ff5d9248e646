"""The solver's shortcuts lose no win under any rules: for every preset and for random
options, its answers agree with plain exhaustive searches over the public rules, and
every winning line replays through ``apply`` under the game's rules."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import builders
import pycanfield as cf
from pycanfield._solver import _public
from pycanfield._solver_core import CC, TC, TF, Engine, unshuffled
from pycanfield._solver_generic import GenericSearch
from pycanfield._solver_probe import SET_WEIGHT, Probe, talon_up_late
from pycanfield._solver_rules import RulesEngine
from pycanfield._solver_search import Search
from strategies import late_states, play_rules, variant_states
from test_solver_variants import brute_force, replay


def check_against_plain_search(start: cf.GameState, rules: cf.Rules) -> None:
    """The breadth-first search over whole positions decides within its budget; the
    solver must give the same answer (NO_WIN only when no won position is reachable),
    and its win must replay.  The solver's limit leaves room for its own breadth-first
    search after the main search's first turn (20,000 positions): with take-backs the
    depth-first searches can wander past a win a few moves away, and the 5,000
    positions of the breadth-first search's first turn are more than it needs for any
    win that the plain search finds within 3,000 (``test_solver_breadth.py``)."""
    here = cf.GameState(start.position, rules=rules)
    expected = brute_force(here.position, rules, 3_000)
    result = cf.solve(here, node_limit=60_000)
    if result.status is cf.SolveStatus.WIN:
        end = replay(here, result.moves)
        assert cf.is_won(end)
        assert end.rules == here.rules
    if expected is False:
        assert result.status is cf.SolveStatus.NO_WIN
    elif expected is True:
        assert result.status is cf.SolveStatus.WIN


@settings(max_examples=25)
@given(late_states(max_left=7), st.sampled_from(cf.VARIANTS))
def test_every_preset_agrees_with_a_plain_search_on_late_positions(
    start: cf.GameState, variant: cf.Variant
) -> None:
    check_against_plain_search(start, cf.Rules.parse(f"{variant.name} draw={start.draw}"))


@settings(max_examples=40)
@given(st.integers(1, 6).flatmap(lambda n: late_states(max_left=7, columns=n)), play_rules)
def test_random_options_and_column_counts_agree_with_a_plain_search(
    start: cf.GameState, rules: cf.Rules
) -> None:
    check_against_plain_search(start, rules.evolve(columns=len(start.position.columns)))


def test_a_win_a_few_moves_away_is_found_with_take_backs() -> None:
    """With take-backs the main search's first turn wanders past this win (20,000
    positions); the lean search, next, finds it at once."""
    position = builders.position(
        columns=["TC JC", "QD", "", "9C", ""],
        reserve="KC KD QC",
        base="AS",
        sizes={"S": 13, "H": 13, "D": 11, "C": 8},
    )
    check_against_plain_search(
        cf.GameState(position, draw=1), cf.Rules.parse("draw=1 fill=none build=any columns=5")
    )


def random_position(variant: cf.Variant, seed: int, steps: int) -> cf.GameState:
    """A position ``steps`` random legal actions into a deal of ``variant``."""
    rng = random.Random(seed)
    game = cf.deal(cf.Deal(seed, rules=variant.rules))
    for _ in range(steps):
        moves = cf.legal_moves(game)
        if not moves:
            break
        # Foundation moves more often, so that some positions get near the end.
        ups = [m for m in moves if m.kind.name.endswith("FOUNDATION")]
        game = cf.apply(game, rng.choice(ups) if ups and rng.random() < 0.7 else rng.choice(moves))
    return game


@pytest.mark.parametrize("variant", cf.VARIANTS, ids=lambda v: v.name)
def test_every_preset_agrees_with_the_generic_search_on_random_positions(
    variant: cf.Variant,
) -> None:
    """Positions reached by random play: wherever the generic depth-first search (its
    own table, one draw at a time) decides, the solver never contradicts it."""
    for seed in range(6):
        game = random_position(variant, seed, 40 + 30 * seed)
        result = cf.solve(game, node_limit=4_000)
        if result.status is cf.SolveStatus.WIN:
            assert cf.is_won(replay(game, result.moves))
        if game.position.pending:
            continue
        found, _ = GenericSearch(game.position, game.rules, node_limit=4_000, time_limit=None).run()
        if found is False:
            assert result.status is not cf.SolveStatus.WIN
        if result.status is cf.SolveStatus.NO_WIN:
            assert found is not True


@pytest.mark.parametrize("variant", cf.VARIANTS, ids=lambda v: v.name)
def test_every_preset_deal_win_replays(variant: cf.Variant) -> None:
    """Deals of each preset: a win replays to a won game under the preset's rules, and
    the hint is the line's first action."""
    for number in (3, 4):
        start = cf.deal(cf.Deal(number, rules=variant.rules))
        result = cf.solve(start, node_limit=3_000)
        if result.status is cf.SolveStatus.WIN:
            end = replay(start, result.moves)
            assert cf.is_won(end)
            assert end.rules == start.rules
            assert cf.hint(start, node_limit=3_000, time_limit=None) == result.moves[0]


def test_a_full_table_stops_the_search_with_unknown() -> None:
    """The table's bound (2 GB in all) stops a search that has no other limit."""
    state = cf.deal("CF1-D3-PBTONTH")
    engine, root = Engine.from_position(state.position, state.draw)
    # The bound counts entries of a packed table; these tables stay sets.
    room = int(4_000 * SET_WEIGHT)
    search = Search(engine, root, node_limit=None, time_limit=None, max_positions=room)
    assert search.run() == (None, [])
    assert search.stop == "memory"
    # The complete and the lean search's tables hold 4,000 positions at most between
    # them; each fresh search in between (its table then goes) at most the room left.
    # Unbounded, the search goes on for millions of positions.
    assert 3_000 <= search.nodes < 20_000


_NO_TAKEBACKS = st.builds(
    cf.Rules,
    runs=st.sampled_from(["any", "whole", "top"]),
    takebacks=st.just(False),
    fill=st.sampled_from(["auto", "auto-waste", "player", "player-reserve-waste", "none"]),
    redeals=st.sampled_from([None, 0, 1]),
    build=st.sampled_from(["alternate", "suit", "any"]),
    draw=st.sampled_from([1, 3]),
)


def forced_child(state: cf.GameState) -> cf.GameState | None:
    """The position after the safe move to the foundations the general search plays
    without trying anything else, or None when it tries every move."""
    engine, root = RulesEngine.from_position(state.position, state.rules)
    forced = engine.children(root)
    engine.safe = False
    every = engine.children(root)
    if len(forced) == 1 and len(every) > 1:
        assert forced[0] in every
        return _public(state, forced[0][0])[0]
    return None


@settings(max_examples=60)
@given(late_states(max_left=8), _NO_TAKEBACKS)
def test_a_safe_move_to_the_foundations_keeps_every_win(
    start: cf.GameState, rules: cf.Rules
) -> None:
    """Without take-backs, when the search plays a card up at once, the position after
    it can still be won whenever the position before it can (plain search for both)."""
    here = cf.GameState(start.position, rules=rules)
    child = forced_child(here)
    if child is None:
        return
    before = brute_force(here.position, rules, 3_000)
    if before is True:
        assert brute_force(child.position, rules, 3_000) is not False


def test_a_card_goes_up_when_the_cards_it_could_take_can_go_up_themselves() -> None:
    """Q♠ next with J♥ and J♦ not up but next and dead (both black tens up): the
    search plays Q♠ up at once, and still agrees with the plain search."""
    f = cf.Foundation
    foundations = (
        f(cf.Suit.SPADES, cf.Rank.ACE, 11),
        f(cf.Suit.HEARTS, cf.Rank.ACE, 10),
        f(cf.Suit.DIAMONDS, cf.Rank.ACE, 10),
        f(cf.Suit.CLUBS, cf.Rank.ACE, 12),
    )
    card = cf.Card.parse
    position = cf.Position(
        stock=(),
        waste=(),
        reserve=(card("JH"), card("KH")),
        foundations=foundations,
        columns=(
            (card("KS"), card("QD")),
            (card("KC"), card("JD"), card("QS")),
            (card("QH"),),
            (card("KD"),),
        ),
    )
    rules = cf.Rules(takebacks=False)
    state = cf.GameState(position, rules=rules)
    engine, root = RulesEngine.from_position(position, rules)
    queen = card("QS").index
    assert not engine._dead(queen, root[1])
    child = forced_child(state)
    assert child is not None
    assert child.position.foundations[0].size == 12
    solved_as_the_plain_search(position, rules)


def solved_as_the_plain_search(position: cf.Position, rules: cf.Rules) -> cf.SolveStatus:
    """The solver's answer on ``position`` under ``rules``, checked against the plain
    search, which must decide within its budget; a win must replay."""
    state = cf.GameState(position, rules=rules)
    expected = brute_force(position, rules, 20_000)
    assert expected is not None
    result = cf.solve(state, node_limit=20_000)
    assert result.status is (cf.SolveStatus.WIN if expected else cf.SolveStatus.NO_WIN)
    if expected:
        assert cf.is_won(replay(state, result.moves))
    return result.status


# Won only through a move that shuffles a run between columns: the lean search, which
# never makes one, finds no win here, yet the game is won.
_NEEDS_A_SHUFFLE = cf.GameState(
    builders.position(
        columns=["QS", "KC", "", ""],
        reserve="QC TS 9S JS JD KD KS KH QD",
        base="AC",
        sizes={"C": 11, "S": 8, "H": 12, "D": 10},
    ),
    draw=3,
)


def test_a_win_the_lean_search_cannot_see_is_still_found() -> None:
    """The lean search prunes without a guarantee: when its tree runs out, the
    complete search still decides, and finds the win that needs a shuffle."""
    engine, root = Engine.from_position(_NEEDS_A_SHUFFLE.position, 3)
    search = Search(engine, root, node_limit=None, time_limit=None)
    assert Probe(search, None, False, lean=True).advance(100_000) == (False, [])
    result = cf.solve(_NEEDS_A_SHUFFLE, node_limit=100_000)
    assert result.status is cf.SolveStatus.WIN
    assert cf.is_won(replay(_NEEDS_A_SHUFFLE, result.moves))


def both_engines(start: cf.GameState, rules: cf.Rules) -> list[tuple[Any, Any]]:
    """The general engine and, with four columns, the standard one, each with its root
    state for ``start`` under ``rules`` (the draw and column count taken from
    ``start``)."""
    own = rules.evolve(draw=start.draw, columns=len(start.position.columns))
    engines: list[tuple[Any, Any]] = [RulesEngine.from_position(start.position, own)]
    if len(start.position.columns) == 4:
        engines.append(Engine.from_position(start.position, start.draw))
    return engines


@settings(max_examples=60)
@given(variant_states(), play_rules)
def test_the_lean_search_leaves_out_only_shuffles(start: cf.GameState, rules: cf.Rules) -> None:
    """Every move the lean search leaves out moves part of a run off a card that holds
    it, and leaves on top a card that can neither go up nor take the reserve's top; the
    engines' lean order is their full order without those moves."""
    assume(not start.position.pending)
    for engine, root in both_engines(start, rules):
        kids = engine.ordered(root)
        kept = unshuffled(engine, root, kids)
        assert engine.ordered(root, lean=True) == kept
        cols, fnd, rlen = root[0], root[1], root[2]
        rtop = engine.reserve[rlen - 1] if rlen else -1
        for move, _ in (k for k in kids if k not in kept):
            assert move[0] == CC
            col = cols[move[1]]
            under, bottom = col[-move[3] - 1], col[-move[3]]
            assert bottom in engine.accept[under]
            assert engine.next[under // 13][fnd[under // 13]] != under
            assert rtop not in engine.accept[under]


@settings(max_examples=60)
@given(variant_states(), play_rules)
def test_the_lean_search_sends_talon_cards_up_after_those_to_columns_r18(
    start: cf.GameState, rules: cf.Rules
) -> None:
    """The lean search's order is the engines' lean order with every talon card to a
    foundation moved right after the last talon card to a column (first when there is
    none); the other moves keep their order."""
    assume(not start.position.pending)
    for engine, root in both_engines(start, rules):
        kids = engine.ordered(root, lean=True)
        search = Search(engine, root, node_limit=None, time_limit=None)
        late = Probe(search, None, False, lean=True, late=True).moves(root)
        assert late == talon_up_late(kids)
        kinds = [move[0] for move, _ in late]
        assert [k for k in late if k[0][0] != TF] == [k for k in kids if k[0][0] != TF]
        assert [k for k in late if k[0][0] == TF] == [k for k in kids if k[0][0] == TF]
        up = kinds.count(TF)
        if TC in kinds:
            last = len(kinds) - 1 - kinds[::-1].index(TC)
            assert kinds[last + 1 : last + 1 + up] == [TF] * up
        else:
            assert kinds[:up] == [TF] * up


@pytest.mark.parametrize("rules", ["", "takebacks=no"])
def test_a_win_that_keeps_a_card_in_the_talon_is_found_soon_r18(rules: str) -> None:
    """``CF1-D3-KJMPYMV``: its win needs the talon's king of clubs kept back while
    other talon cards go to the columns.  In the engines' order, which sends it up at
    once, the lean search found the win only after about 3.4 million positions (none
    within 2 million with take-backs off); in its own order, within the first turn."""
    code = "CF1-D3-KJMPYMV"
    if rules:
        code = str(cf.Deal(cf.Deal.parse(code).number, rules=cf.Rules.parse(rules)))
    game = cf.deal(code)
    result = cf.solve(game, node_limit=100_000)
    assert result.status is cf.SolveStatus.WIN
    assert result.positions < 30_000
    assert cf.is_won(replay(game, result.moves))
