"""The pgx environment: pgx's conventions, and the game and rewards of CanfieldEnv.

pgx's own ``api_test`` cannot be run as it is (it accepts only pgx's built-in
environment ids, and plays until ``terminated``, which a Canfield game cut by
``truncated`` may never reach), so its checks are made here one by one.
"""

from __future__ import annotations

from typing import Any

import pytest

import pycanfield as cf

jax = pytest.importorskip("jax")
np = pytest.importorskip("numpy")
pgx = pytest.importorskip("pgx")
pytest.importorskip("gymnasium")
cfj = pytest.importorskip("pycanfield.jax")
jax_pgx = pytest.importorskip("pycanfield.jax_pgx")
from pgx.experimental.utils import act_randomly  # type: ignore[import-untyped]  # noqa: E402

from pycanfield.gym import CanfieldEnv  # noqa: E402

jnp = jax.numpy
B = 4
PUBLIC = {"current_player", "observation", "rewards", "terminated", "truncated"}


@pytest.fixture(scope="module")
def env() -> Any:
    return jax_pgx.Canfield(max_steps=30)


@pytest.fixture(scope="module")
def fns(env: Any) -> Any:
    return (
        jax.jit(jax.vmap(env.init)),
        jax.jit(jax.vmap(env.step)),
        jax.jit(act_randomly),
    )


def check_state(state: Any) -> None:
    """pgx's checks of a state's fields and dtypes."""
    assert state.current_player.dtype == jnp.int32
    assert (np.asarray(state.current_player) >= 0).all()
    assert state.terminated.dtype == jnp.bool_
    assert state.truncated.dtype == jnp.bool_
    assert state.rewards.dtype == jnp.float32
    assert state.legal_action_mask.dtype == jnp.bool_
    public = {k for k in state.__dict__ if not k.startswith("_")}
    assert public <= PUBLIC | {"legal_action_mask"}
    # At a terminal state every action is allowed (and changes nothing).
    done = np.asarray(state.terminated)
    assert np.asarray(state.legal_action_mask)[done].all()


def test_is_a_pgx_env(env: Any) -> None:
    assert isinstance(env, pgx.Env)
    assert env.num_players == 1
    assert env.num_actions == cf.ACTION_COUNT
    assert env.observation_shape == (cf.OBSERVATION_SIZE,)
    assert isinstance(env.version, str)


def test_random_play_in_a_batch(env: Any, fns: Any) -> None:
    init, step, act = fns
    key = jax.random.key(3)
    key, sub = jax.random.split(key)
    state = init(jax.random.split(sub, B))
    assert (np.asarray(state.rewards) == 0).all()
    assert np.asarray(state.legal_action_mask).any(axis=1).all()
    assert (np.asarray(state._step_count) == 0).all()
    check_state(state)
    for count in range(1, 40):
        key, a, b = jax.random.split(key, 3)
        before = state
        state = step(state, act(a, state.legal_action_mask), jax.random.split(b, B))
        check_state(state)
        finished = np.asarray(before.terminated | before.truncated)
        # A finished episode stays as it is, with zero reward.
        assert (np.asarray(state.rewards)[finished] == 0).all()
        assert (
            np.asarray(state._step_count)[~finished]
            == np.asarray(before._step_count)[~finished] + 1
        ).all()
        if count == 30:
            assert np.asarray(state.terminated | state.truncated).all()


def test_same_game_and_rewards_as_canfield_env(env: Any, fns: Any) -> None:
    _, step, _ = fns
    state = fns[0](jax.random.split(jax.random.key(11), B))
    scalars = []
    for i in range(B):
        game = cfj.to_game_state(jax.tree.map(lambda a, i=i: a[i], state._game))
        scalar = CanfieldEnv(max_steps=30)
        scalar.reset(options={"state": game})
        scalars.append(scalar)
    rng = np.random.default_rng(1)
    for _ in range(30):
        masks = np.asarray(state.legal_action_mask)
        actions = np.array(
            [rng.choice(np.flatnonzero(m)) if rng.random() > 0.1 else 2 for m in masks]
        )
        state = step(state, jnp.asarray(actions), jax.random.split(jax.random.key(0), B))
        for i, scalar in enumerate(scalars):
            obs, reward, terminated, truncated, info = scalar.step(actions[i])
            np.testing.assert_array_equal(np.asarray(state.observation[i]), obs)
            assert float(state.rewards[i, 0]) == reward
            assert bool(state.terminated[i]) == terminated
            assert bool(state.truncated[i]) == truncated
            if not terminated:
                np.testing.assert_array_equal(
                    np.asarray(state.legal_action_mask[i]), info["action_mask"].astype(bool)
                )
        if np.asarray(state.terminated | state.truncated).any():
            break


def test_illegal_action_costs_one_and_changes_nothing(env: Any) -> None:
    state = env.init(jax.random.key(0))
    illegal = int(np.flatnonzero(~np.asarray(state.legal_action_mask))[0])
    after = jax.jit(env.step)(state, illegal, jax.random.key(1))
    assert float(after.rewards[0]) == -1.0
    assert not bool(after.terminated)
    np.testing.assert_array_equal(np.asarray(after.observation), np.asarray(state.observation))


def test_a_won_game_terminates_r23(env: Any) -> None:
    base = cf.Card.parse("7H")
    foundations = tuple(
        cf.Foundation(s, base.rank, 12 if s == cf.Suit.CLUBS else 13)
        for s in (cf.Suit.HEARTS, cf.Suit.SPADES, cf.Suit.DIAMONDS, cf.Suit.CLUBS)
    )
    position = cf.Position((), (), (cf.Card.parse("6C"),), foundations, ((), (), (), ()), 0)
    game = cfj.from_game_state(cf.GameState(position, draw=3, score=250))
    state = jax_pgx.CanfieldState(legal_action_mask=cfj.legal_action_mask(game), _game=game)
    state = jax.jit(env.step)(state, 2, jax.random.key(0))  # R>F
    assert bool(state.terminated)
    assert float(state.rewards[0]) == 5.0
    check_state(state)


def test_options_are_checked() -> None:
    with pytest.raises(cf.OptionError):
        jax_pgx.Canfield(draw=2)
    with pytest.raises(cf.OptionError):
        jax_pgx.Canfield(max_steps=0)
