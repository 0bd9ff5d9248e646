"""The Gymnasium vector environment on the compiled rules, against CanfieldEnv."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import pycanfield as cf

jax = pytest.importorskip("jax")
np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
cfj = pytest.importorskip("pycanfield.jax")
jax_gym = pytest.importorskip("pycanfield.jax_gym")
from gymnasium.wrappers.vector import RecordEpisodeStatistics  # noqa: E402

from pycanfield.gym import CanfieldEnv  # noqa: E402

N = 8


@pytest.fixture(scope="module")
def env() -> Any:
    return jax_gym.CanfieldVectorEnv(N, max_steps=25)


def games_of(env: Any) -> list[cf.GameState]:
    return [cfj.to_game_state(jax.tree.map(lambda a, i=i: a[i], env._envs.game)) for i in range(N)]


def test_spaces_and_reset(env: Any) -> None:
    obs, info = env.reset(seed=1)
    assert obs.dtype == np.int64
    assert env.observation_space.contains(obs)
    assert env.single_observation_space.contains(obs[0])
    assert info["action_mask"].shape == (N, cf.ACTION_COUNT)
    assert info["action_mask"].dtype == np.int8
    assert env.action_space.shape == (N,)
    assert env.action_space.contains(env.action_space.sample())


def test_same_seed_same_games(env: Any) -> None:
    other = jax_gym.CanfieldVectorEnv(N, max_steps=25)
    a, _ = env.reset(seed=7)
    b, _ = other.reset(seed=7)
    np.testing.assert_array_equal(a, b)
    c, _ = env.reset(seed=8)
    assert not np.array_equal(a, c)


def test_lockstep_with_canfield_env_and_autoreset(env: Any) -> None:
    """Each game steps as CanfieldEnv does, through truncation and the next-step reset."""
    obs, info = env.reset(seed=3)
    scalars = [CanfieldEnv(max_steps=25) for _ in range(N)]
    for scalar, game in zip(scalars, games_of(env), strict=True):
        scalar.reset(options={"state": game})
    rng = np.random.default_rng(0)
    autoreset = np.zeros(N, dtype=bool)
    resets = 0
    for _ in range(60):
        actions = np.array(
            [
                rng.choice(np.flatnonzero(m)) if rng.random() > 0.05 else rng.integers(644)
                for m in info["action_mask"]
            ]
        )
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert env.observation_space.contains(obs)
        games = games_of(env)
        for i, scalar in enumerate(scalars):
            if autoreset[i]:
                # The game started again: nothing happened this step.
                assert rewards[i] == 0
                assert not terminated[i]
                assert not truncated[i]
                scalar.reset(options={"state": games[i]})
                np.testing.assert_array_equal(obs[i], cf.observe(games[i]))
                resets += 1
                continue
            s_obs, s_reward, s_term, s_trunc, s_info = scalar.step(actions[i])
            np.testing.assert_array_equal(obs[i], s_obs)
            assert rewards[i] == s_reward
            assert (terminated[i], truncated[i]) == (s_term, s_trunc)
            assert info["illegal"][i] == s_info["illegal"]
            assert info["score"][i] == s_info["score"]
            assert info["won"][i] == s_info["won"]
            np.testing.assert_array_equal(info["action_mask"][i], s_info["action_mask"])
        autoreset = terminated | truncated
    assert resets >= N  # every game was cut at 25 steps and dealt again


def test_record_episode_statistics_wrapper(env: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        wrapped = RecordEpisodeStatistics(env)
        _, info = wrapped.reset(seed=0)
        for _ in range(30):
            actions = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
            _, _, _, truncated, info = wrapped.step(actions)
            if truncated.any():
                assert "episode" in info
                break
        else:
            pytest.fail("no episode ended in 30 steps")


def test_options_are_checked() -> None:
    with pytest.raises(cf.OptionError):
        jax_gym.CanfieldVectorEnv(0)
    with pytest.raises(cf.OptionError):
        jax_gym.CanfieldVectorEnv(2, draw=2)
    with pytest.raises(cf.OptionError):
        jax_gym.CanfieldVectorEnv(2, max_steps=0)


def test_step_needs_reset_and_one_action_per_game(env: Any) -> None:
    fresh = jax_gym.CanfieldVectorEnv(2)
    with pytest.raises(Exception, match="reset"):
        fresh.step(np.zeros(2, dtype=np.int64))
    env.reset(seed=0)
    with pytest.raises(cf.OptionError):
        env.step(np.zeros(N + 1, dtype=np.int64))
