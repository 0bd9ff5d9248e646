"""The general solver's locked cards (``docs/solver.rst``): a column card that can
leave only to its foundation, above a card of its suit that must go up first, ends a
branch only where no win is lost.  The plain search over the public rules is the
oracle, on hand-built positions and on random late positions built to hold a lock."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import pycanfield as cf
from pycanfield._solver_core import Search
from pycanfield._solver_rules import RulesEngine
from strategies import locked_states
from test_solver_soundness import check_against_plain_search, solved_as_the_plain_search
from test_solver_variants import brute_force

_NO_TAKEBACKS = st.builds(
    cf.Rules,
    runs=st.sampled_from(["whole", "top"]),
    takebacks=st.just(False),
    fill=st.sampled_from(["auto", "auto-waste", "player", "player-reserve-waste", "none"]),
    redeals=st.sampled_from([None, 0, 1]),
    build=st.sampled_from(["alternate", "suit", "any"]),
    autocomplete=st.booleans(),
    draw=st.sampled_from([1, 3]),
)


def _position(
    columns: tuple[str, ...], reserve: str = "", spades: int = 11, hearts: int = 11
) -> cf.Position:
    """Ace base; spades and hearts up to ``spades`` and ``hearts`` cards, the rest
    complete."""
    card = cf.Card.parse
    return cf.Position(
        stock=(),
        waste=(),
        reserve=tuple(card(c) for c in reserve.split()),
        foundations=(
            cf.Foundation(cf.Suit.SPADES, cf.Rank.ACE, spades),
            cf.Foundation(cf.Suit.HEARTS, cf.Rank.ACE, hearts),
            cf.Foundation(cf.Suit.DIAMONDS, cf.Rank.ACE, 13),
            cf.Foundation(cf.Suit.CLUBS, cf.Rank.ACE, 13),
        ),
        columns=tuple(tuple(card(c) for c in col.split()) for col in columns),
    )


def _locked(position: cf.Position, rules: cf.Rules) -> bool:
    engine, root = RulesEngine.from_position(position, rules)
    return engine.locked(root)


def test_a_locked_column_card_is_a_dead_end_when_columns_never_reach_empty_ones() -> None:
    """K♠ above Q♠ goes only on an ace (all up) or to its foundation (after Q♠); under
    classic's fill a column card never enters an empty column: lost, and pruned."""
    position = _position(("QS KS", "QH", "KH", ""))
    rules = cf.Rules.parse("classic")
    assert _locked(position, rules)
    assert solved_as_the_plain_search(position, rules) is cf.SolveStatus.NO_WIN


def test_a_locked_card_escapes_into_an_empty_column() -> None:
    """The same cards where an empty column takes any card: K♠ leaves Q♠, and the
    game is won, so nothing is pruned."""
    position = _position(("QS KS", "QH", "KH", ""))
    for fill in ("auto", "player"):
        rules = cf.Rules.parse(f"classic fill={fill}")
        assert not _locked(position, rules)
        assert solved_as_the_plain_search(position, rules) is cf.SolveStatus.WIN


def test_every_column_frozen_is_a_dead_end_under_any_fill() -> None:
    """Each column holds a locked card above a card it needs and can never move whole:
    no column can empty, so even an empty-column fill saves nothing."""
    position = _position(("QS KS", "QH KH"))
    for fill in ("auto", "player", "auto-waste"):
        rules = cf.Rules.parse(f"pysol fill={fill} columns=2")
        assert _locked(position, rules)
        assert solved_as_the_plain_search(position, rules) is cf.SolveStatus.NO_WIN


def test_an_empty_column_beside_frozen_ones_leaves_the_lock_open() -> None:
    position = _position(("QS KS", ""), hearts=13)
    rules = cf.Rules.parse("pysol columns=2")
    assert not _locked(position, rules)
    assert solved_as_the_plain_search(position, rules) is cf.SolveStatus.WIN


def test_a_card_with_a_landing_place_is_not_locked() -> None:
    """J♠ above T♠ can go on Q♥, so T♠ goes up: won, nothing pruned; with Q♥ below
    J♠ in its own column, J♠ is locked."""
    rules = cf.Rules.parse("classic")
    free = _position(("TS JS", "KH QH", "", ""), reserve="KS QS", spades=9)
    assert not _locked(free, rules)
    assert solved_as_the_plain_search(free, rules) is cf.SolveStatus.WIN
    covered = _position(("KH QH TS JS", "", "", ""), reserve="KS QS", spades=9)
    assert _locked(covered, rules)
    assert solved_as_the_plain_search(covered, rules) is cf.SolveStatus.NO_WIN


def test_one_column_free_to_empty_leaves_the_lock_open() -> None:
    """K♥ goes up after Q♥ from the reserve, its column empties, and K♠ escapes into
    it: a lock in one column is no dead end while another column can empty."""
    position = _position(("QS KS", "KH"), reserve="QH")
    rules = cf.Rules.parse("pysol columns=2")
    assert not _locked(position, rules)
    assert solved_as_the_plain_search(position, rules) is cf.SolveStatus.WIN


def test_cards_locked_across_columns_are_a_dead_end() -> None:
    """K♥ waits for Q♥, under K♠, which waits for Q♠, under K♥; kings go only on the
    aces, all up, and neither column is a run, so neither moves whole: lost, though
    no column holds a card above one of its own suit."""
    position = _position(("QS KH", "QH KS"))
    rules = cf.Rules.parse("pysol columns=2")
    engine, root = RulesEngine.from_position(position, rules)
    assert engine.lock is not None
    assert not any(engine.lock.column(col, root[1]) for col in root[0])
    assert engine.locked(root)
    assert solved_as_the_plain_search(position, rules) is cf.SolveStatus.NO_WIN


def test_a_way_out_in_another_column_unlocks_the_set() -> None:
    """J♠ is next on its foundation: it goes up, then Q♥, K♥, Q♠, and K♠ from the
    reserve: won, and nothing is pruned."""
    position = _position(("QS KH", "QH JS"), reserve="KS", spades=10)
    rules = cf.Rules.parse("pysol columns=2")
    assert not _locked(position, rules)
    assert solved_as_the_plain_search(position, rules) is cf.SolveStatus.WIN


def test_take_backs_or_moving_parts_of_runs_turn_the_test_off() -> None:
    position = _position(("QS KS", "QH", "KH", ""))
    assert _locked(position, cf.Rules.parse("classic"))
    assert not _locked(position, cf.Rules.parse("classic takebacks=yes"))
    assert not _locked(position, cf.Rules.parse("classic runs=any"))


@settings(max_examples=80)
@given(
    st.integers(1, 3).flatmap(lambda n: locked_states(max_left=7, columns=n)),
    _NO_TAKEBACKS,
)
def test_locked_states_are_never_won_and_the_solversolved_as_the_plain_search(
    start: cf.GameState, rules: cf.Rules
) -> None:
    """On late positions built to hold a locked card: whenever the test prunes, the
    plain search finds no win; and the solver agrees with the plain search."""
    rules = rules.evolve(columns=len(start.position.columns))
    locked = _locked(start.position, rules)
    event(f"locked={locked}")
    if locked:
        assert brute_force(start.position, rules, 20_000) is not True
    check_against_plain_search(start, rules)


def test_the_random_locked_states_exercise_the_pruning() -> None:
    """The strategy above reaches the pruning under every fill (not only by chance)."""
    seen: dict[str, int] = {}

    @settings(max_examples=150, database=None)
    @given(st.integers(1, 2).flatmap(lambda n: locked_states(columns=n)), _NO_TAKEBACKS)
    def count(start: cf.GameState, rules: cf.Rules) -> None:
        rules = rules.evolve(columns=len(start.position.columns))
        if _locked(start.position, rules):
            seen[rules.fill] = seen.get(rules.fill, 0) + 1

    count()
    assert set(seen) == {"auto", "auto-waste", "player", "player-reserve-waste", "none"}


def test_a_locked_card_on_a_run_keeps_its_column_movable() -> None:
    """2♠ A♥ K♠ under ``build=any`` is one run: K♠ (on the aces only) is locked above
    2♠, but the column may still move whole, so it is not frozen (an empty hearts
    foundation keeps A♥ out).  Built by suit, or with only top cards moving, it is."""
    position = _position(("2S AH KS",), spades=1, hearts=0)
    engine, root = RulesEngine.from_position(position, cf.Rules.parse("rainbow columns=1"))
    assert engine.lock is not None
    assert engine.lock.column(root[0][0], root[1]) == 1
    for text in ("classic build=suit columns=1", "rainbow runs=top columns=1"):
        engine, root = RulesEngine.from_position(position, cf.Rules.parse(text))
        assert engine.lock is not None
        assert engine.lock.column(root[0][0], root[1]) == 2


def _first_locked(rules: cf.Rules, seed: int) -> tuple[RulesEngine, Any] | None:
    """The first position of random play from a deal (foundation moves favoured,
    every fifth one looked at) where the test of locked cards fires, if any."""
    rng = random.Random(seed)
    game = cf.deal(cf.Deal(seed * 7919 + 11, rules=rules))
    for step in range(400):
        moves = cf.legal_moves(game)
        if not moves:
            break
        ups = [m for m in moves if m.kind.name.endswith("FOUNDATION")]
        game = cf.apply(game, rng.choice(ups) if ups and rng.random() < 0.7 else rng.choice(moves))
        if step % 5 or game.position.pending:
            continue
        engine, root = RulesEngine.from_position(game.position, game.rules)
        if engine.locked(root):
            return engine, root
    return None


@pytest.mark.parametrize(
    "text",
    [
        "rainbow",
        "chameleon",
        "rainfall",
        "storehouse",
        "pysol redeals=2",
        "rainbow runs=top fill=player",
    ],
)
def test_positions_of_real_deals_pruned_as_lost_are_lost(text: str) -> None:
    """Positions of random play under rules that fill empty columns, where the test
    of locked cards fires: the search without it never finds a win there, and proves
    most of them lost."""
    rules = cf.Rules.parse(text)
    pruned = proved = 0
    for seed in range(40):
        got = _first_locked(rules, seed)
        if got is None:
            continue
        engine, root = got
        pruned += 1
        engine.lock = None
        found, _ = Search(engine, root, node_limit=20_000, time_limit=None).run()
        assert found is not True
        proved += found is False
    assert pruned >= 3
    assert proved * 2 >= pruned
