"""The compiled rules (``pycanfield.jax``) against the scalar library, step by step.

Batches of games are played in lockstep: the scalar library chooses each game's action
(masked random play, leaning towards foundation and reserve moves so that games go deep,
with now and then an illegal action), the compiled engine steps the whole batch at once,
and at every step the mask, observation, score, reward, illegal flag and termination of
every game are compared.  ``PYCANFIELD_JAX_STEPS`` sets how many game-steps the long
run compares (20,480 by default; ``HYPOTHESIS_PROFILE=deep`` makes it 1,000,000).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pycanfield as cf
from pycanfield._actions import decode_action
from strategies import late_states, table_states

jax = pytest.importorskip("jax")
np = pytest.importorskip("numpy")
jnp = jax.numpy
cfj = pytest.importorskip("pycanfield.jax")

_DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
STEPS = int(os.environ.get("PYCANFIELD_JAX_STEPS", 1_000_000 if _DEEP else 20_480))
BATCH = 64 if STEPS < 200_000 else 256
SMALL = 8  # the batch of the short runs: one more compiled shape, not one per test

_FOUNDATION_OR_RESERVE = frozenset(range(2, 12))


class Engine:
    """The batched, compiled functions, built once per test module."""

    def __init__(self) -> None:
        self.mask = jax.jit(jax.vmap(cfj.legal_action_mask))
        self.observe = jax.jit(jax.vmap(cfj.observe))
        self.step = jax.jit(jax.vmap(cfj.step))
        self.won = jax.jit(jax.vmap(cfj.is_won))
        self.step_one = jax.jit(cfj.step)
        self.deal = jax.jit(jax.vmap(cfj.init))


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def stack(states: Sequence[cf.GameState]) -> Any:
    return jax.tree.map(lambda *a: jnp.stack(a), *[cfj.from_game_state(s) for s in states])


def pick(states: Any, i: int) -> Any:
    return jax.tree.map(lambda a: a[i], states)


def choose(rng: random.Random, legal: list[int], illegal_rate: float) -> int:
    if not legal or rng.random() < illegal_rate:
        return rng.randrange(cf.ACTION_COUNT)
    eager = [a for a in legal if a in _FOUNDATION_OR_RESERVE]
    if eager and rng.random() < 0.6:
        return rng.choice(eager)
    return rng.choice(legal)


def lockstep(
    engine: Engine,
    states: list[cf.GameState],
    steps: int,
    rng: random.Random,
    *,
    illegal_rate: float = 0.03,
    restart: Callable[[random.Random], cf.GameState] | None = None,
) -> Counter[str]:
    """Play ``states`` for ``steps`` steps in both engines, comparing everything; returns
    what was seen (recycles, take-backs, empty reserves, long runs, wins, ...)."""
    seen: Counter[str] = Counter()
    games = stack(states)
    for _ in range(steps):
        masks = np.asarray(engine.mask(games))
        observations = np.asarray(engine.observe(games))
        actions = []
        for i, state in enumerate(states):
            mask = np.array(cf.legal_action_mask(state))
            np.testing.assert_array_equal(masks[i], mask, err_msg=f"mask of {state!r}")
            np.testing.assert_array_equal(
                observations[i], cf.observe(state), err_msg=f"observation of {state!r}"
            )
            actions.append(choose(rng, [int(a) for a in mask.nonzero()[0]], illegal_rate))
        before_scores = np.asarray(games.score)
        games = engine.step(games, jnp.array(actions, dtype=jnp.int32))
        illegal = np.asarray(games.illegal)
        scores = np.asarray(games.score)
        won = np.asarray(engine.won(games))
        after_masks = np.asarray(engine.mask(games))
        for i, (state, action) in enumerate(zip(states, actions, strict=True)):
            move = decode_action(action)
            try:
                after = cf.apply(state, move)
            except cf.IllegalMoveError:
                after = state
                seen["illegal"] += 1
                assert illegal[i], f"{move} is illegal in {state!r}"
            else:
                assert not illegal[i], f"{move} is legal in {state!r}"
                seen[move.kind.name] += 1
            seen["steps"] += 1
            # The reward of CanfieldEnv's defaults is the score earned (R30).
            assert int(scores[i] - before_scores[i]) == after.score - state.score
            assert int(scores[i]) == after.score
            assert bool(won[i]) == cf.is_won(after)
            terminated = cf.is_won(after) or not cf.has_legal_move(after)
            assert terminated == (bool(won[i]) or not after_masks[i].any())
            if not after.reserve:
                seen["empty reserve"] += 1
            if any(cf.run_length(col) > 13 for col in after.columns):
                seen["run longer than 13"] += 1
            if terminated:
                seen["won" if cf.is_won(after) else "stuck"] += 1
            states[i] = after
        if restart is not None and (won.any() or not after_masks.any(axis=1).all()):
            for i in range(len(states)):
                if cf.is_won(states[i]) or not cf.has_legal_move(states[i]):
                    states[i] = restart(rng)
            games = stack(states)
    for i, state in enumerate(states):
        back = cfj.to_game_state(pick(games, i))
        assert back.position == state.position
        assert (back.score, back.actions, back.draw) == (state.score, state.actions, state.draw)
    return seen


def random_game(rng: random.Random) -> cf.GameState:
    return cf.deal(cf.Deal(rng.randrange(cf.CODE_SPACE), draw=rng.choice([1, 3])))


def test_lockstep_random_deals_draw_1_and_3(engine: Engine) -> None:
    """R1-R32 in both engines, game-step for game-step: STEPS compared game-steps."""
    rng = random.Random(2026)
    states = [random_game(rng) for _ in range(BATCH)]
    seen = lockstep(engine, states, STEPS // BATCH, rng, restart=random_game)
    print(dict(seen))
    assert seen["steps"] >= STEPS - BATCH
    # The long run goes through recycles (R19), take-backs (R22), the refill (R16)
    # and illegal actions.
    for what in ("RECYCLE", "FOUNDATION_TO_COLUMN", "COLUMN_TO_COLUMN", "illegal"):
        assert seen[what] > 0, (what, seen)


@settings(
    max_examples=8 if not _DEEP else 200,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(st.lists(table_states(), min_size=SMALL, max_size=SMALL), st.randoms(use_true_random=False))
def test_lockstep_hand_built_tables(engine: Engine, states: list[cf.GameState], rng: Any) -> None:
    """Hand-built tables: empty reserves and columns (R17), runs longer than 13 (R14)."""
    seen = lockstep(engine, list(states), 12, rng, illegal_rate=0.1)
    assert seen["steps"] == SMALL * 12


@settings(
    max_examples=6 if not _DEEP else 100,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(st.lists(late_states(), min_size=SMALL, max_size=SMALL), st.randoms(use_true_random=False))
def test_lockstep_late_games_r23(engine: Engine, states: list[cf.GameState], rng: Any) -> None:
    """Late games, which the eager play often wins (R23)."""
    seen = lockstep(engine, list(states), 10, rng, illegal_rate=0.0)
    assert seen["steps"] == SMALL * 10


def test_long_runs_and_empty_reserve_are_compared(engine: Engine) -> None:
    """A table with a 20-card run and an empty reserve: the run's moves match (R14, R17)."""
    rng = random.Random(5)
    cards = cf.PACK
    run = [cf.Card.parse("KS")]
    while len(run) < 20:
        last = run[-1]
        down = cf.Rank(13 if last.rank == 1 else last.rank - 1)
        run.append(
            next(c for c in cards if c.rank == down and c.is_red != last.is_red and c not in run)
        )
    rest = [c for c in cards if c not in run]
    position = cf.Position(
        stock=tuple(rest[:20]),
        waste=tuple(rest[20:30]),
        reserve=(),
        foundations=tuple(cf.Foundation(cf.Suit(s), cf.Rank.SEVEN, 0) for s in (1, 0, 2, 3)),
        columns=(tuple(run), tuple(rest[30:31]), (), tuple(rest[31:])),
    )
    state = cf.GameState(position, draw=3)
    assert cf.run_length(state.columns[0]) == 20
    mask = np.asarray(engine.mask(stack([state] * SMALL)))[0]
    np.testing.assert_array_equal(mask, cf.legal_action_mask(state))
    assert mask[32 + 51 * 1 + 18]  # nineteen cards to the empty column 3
    assert not mask[32 + 51 * 1 + 19]  # not the whole column (R14)
    seen = lockstep(engine, [state] * SMALL, 40, rng, illegal_rate=0.0)
    assert seen["steps"] == SMALL * 40


def test_from_deck_matches_the_scalar_deal_r2_r3() -> None:
    rng = random.Random(3)
    for draw in (1, 3):
        deck = list(cf.PACK)
        rng.shuffle(deck)
        game = cfj.from_deck(jnp.array([c.index for c in deck]), draw=draw)
        expected = cf.from_deck(deck, draw=draw)
        assert cfj.to_game_state(game).position == expected.position
        assert int(game.draw) == draw


def test_draw_is_1_or_3_r18() -> None:
    with pytest.raises(cf.OptionError, match="draw"):
        cfj.from_deck(jnp.arange(52), draw=2)
    with pytest.raises(cf.OptionError, match="draw"):
        cfj.init(jax.random.key(0), draw=0)


def test_code_deals_round_trip() -> None:
    state = cf.deal("CF1-D1-AAAAACL")
    deck = jnp.array([c.index for c in cf.Deal.parse("CF1-D1-AAAAACL").deck()])
    game = cfj.from_deck(deck, draw=1)
    assert cfj.to_game_state(game).position == state.position
    np.testing.assert_array_equal(np.asarray(cfj.observe(game)), cf.observe(state))
    again = cfj.from_game_state(state)
    for a, b in zip(jax.tree.leaves(again), jax.tree.leaves(game), strict=True):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))


def test_init_deals_the_whole_pack(engine: Engine) -> None:
    games = engine.deal(jax.random.split(jax.random.key(1), 50))
    for i in range(50):
        state = cfj.to_game_state(pick(games, i))
        assert sorted(c.index for c in state.position.cards()) == list(range(52))
        assert cf.validate(state) is state
    # Different keys, different deals.
    assert len({cfj.to_game_state(pick(games, i)).position for i in range(50)}) == 50


def test_an_illegal_or_out_of_range_action_changes_nothing(engine: Engine) -> None:
    game = cfj.from_game_state(cf.deal("CF1-D3-AAAAACL"))
    for action in (2, 643, -1, 644, 10_000):
        after = engine.step_one(game, action)
        assert bool(after.illegal)
        for a, b in zip(
            jax.tree.leaves(after._replace(illegal=game.illegal)),
            jax.tree.leaves(game),
            strict=True,
        ):
            np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    assert not bool(engine.step_one(after, 0).illegal)


def test_score_and_win_on_the_last_card_r23_r30(engine: Engine) -> None:
    base = cf.Card.parse("7H")
    foundations = tuple(
        cf.Foundation(s, base.rank, 12 if s == cf.Suit.CLUBS else 13)
        for s in (cf.Suit.HEARTS, cf.Suit.SPADES, cf.Suit.DIAMONDS, cf.Suit.CLUBS)
    )
    position = cf.Position((), (), (cf.Card.parse("6C"),), foundations, ((), (), (), ()), 0)
    game = cfj.from_game_state(cf.GameState(position, draw=3, score=250))
    assert not bool(cfj.is_won(game))
    game = engine.step_one(game, 2)  # R>F
    assert bool(cfj.is_won(game))
    assert int(cfj.score(game)) == 255


def test_to_game_state_takes_one_game(engine: Engine) -> None:
    games = engine.deal(jax.random.split(jax.random.key(0), 50))
    with pytest.raises(cf.OptionError, match="one game"):
        cfj.to_game_state(games)
    with pytest.raises(cf.WrongTypeError):
        cfj.to_game_state("game")


def test_from_game_state_refuses_other_rules() -> None:
    with pytest.raises(cf.OptionError, match="standard"):
        cfj.from_game_state(cf.new_game(rules="rainbow", rng=random.Random(1)))
    with pytest.raises(cf.WrongTypeError):
        cfj.from_game_state(cf.deal("CF1-D3-AAAAACL").position)
