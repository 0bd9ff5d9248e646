"""A Gymnasium vector environment backed by the compiled rules.

Needs the ``jax`` and ``gym`` extras (``pip install "pycanfield[jax,gym]"``).
:class:`CanfieldVectorEnv` steps ``num_envs`` games at once in one compiled call and
speaks NumPy: observations, rewards and flags come back as NumPy arrays, ready for
PyTorch or Stable-Baselines3.  Each game is the game of
:class:`~pycanfield.gym.CanfieldEnv` with its default rewards.

>>> env = CanfieldVectorEnv(8, max_steps=100)
>>> obs, info = env.reset(seed=0)
>>> obs.shape, info["action_mask"].shape
((8, 225), (8, 644))
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
>>> obs, rewards, terminated, truncated, info = env.step(actions)
>>> bool(info["illegal"].any())
False
"""

from __future__ import annotations

from functools import partial
from typing import Any

import gymnasium
import jax
import jax.numpy as jnp
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from ._actions import ACTION_COUNT, OBSERVATION_HIGH
from ._errors import OptionError
from ._jax_core import is_won, observe
from ._jax_env import EnvState, env_reset, env_step, renew

__all__ = ["CanfieldVectorEnv"]

Observation = NDArray[np.int64]


def _reset_all(key: jax.Array, n: int, draw: int) -> EnvState:
    return jax.vmap(lambda k: env_reset(k, draw))(jax.random.split(key, n))


def _step_all(
    envs: EnvState,
    actions: jax.Array,
    autoreset: jax.Array,
    key: jax.Array,
    *,
    draw: int,
    max_steps: int | None,
    illegal_reward: float,
) -> tuple[EnvState, tuple[jax.Array, ...]]:
    stepped, out = jax.vmap(lambda e, a: env_step(e, a, max_steps, illegal_reward))(envs, actions)
    # Games that ended on the last step start again now (Gymnasium's "next step"
    # autoreset).
    envs = renew(stepped, autoreset, key, draw)
    observation = jnp.where(autoreset[:, None], jax.vmap(observe)(envs.game), out.observation)
    reward = jnp.where(autoreset, 0.0, out.reward)
    terminated = out.terminated & ~autoreset
    truncated = out.truncated & ~autoreset
    illegal = envs.game.illegal & ~autoreset
    won = jax.vmap(is_won)(envs.game)
    return envs, (observation, reward, terminated, truncated, illegal, won)


class CanfieldVectorEnv(gymnasium.vector.VectorEnv[Observation, NDArray[np.int64], NDArray[Any]]):
    """``num_envs`` games of Canfield stepped together by the compiled rules.

    Observations are the :data:`~pycanfield.OBSERVATION_SIZE` integers of
    :func:`~pycanfield.observe` per game (``int64``), actions the numbers of
    :func:`~pycanfield.move_to_action`.  ``info["action_mask"]`` (``int8``, shape
    ``(num_envs, 644)``) gives each game's legal actions, and ``info["illegal"]``,
    ``info["score"]`` and ``info["won"]`` what the step did.

    The reward of a step is the score it earned (R30); an illegal action leaves its
    game unchanged and gives ``illegal_reward``.  A game is ``terminated`` when won
    (R23) or when no action is legal, ``truncated`` after ``max_steps`` steps, and
    starts again on a new random deal at the following call of :meth:`step` (the
    ``NEXT_STEP`` autoreset of Gymnasium: that step ignores its action and gives reward
    0).

    Args:
        num_envs: how many games run at once.
        draw: the draw mode of the deals, 1 or 3 (R18).
        max_steps: steps per episode before truncation, or ``None`` for no limit.
        illegal_reward: the reward of an illegal action.

    Raises:
        OptionError: an option out of range.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        *,
        draw: int = 3,
        max_steps: int | None = 1000,
        illegal_reward: float = -1.0,
    ) -> None:
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise OptionError(f"num_envs must be a whole number >= 1, not {num_envs!r}")
        if draw not in (1, 3) or isinstance(draw, bool):
            raise OptionError(f"draw must be 1 or 3, not {draw!r}")
        if max_steps is not None and (
            not isinstance(max_steps, int) or isinstance(max_steps, bool) or max_steps < 1
        ):
            raise OptionError(f"max_steps must be a whole number >= 1 or None, not {max_steps!r}")
        self.num_envs = num_envs
        self.draw = draw
        self.max_steps = max_steps
        self.illegal_reward = float(illegal_reward)
        self.single_action_space = spaces.Discrete(ACTION_COUNT)
        self.single_observation_space = spaces.MultiDiscrete(
            np.array(OBSERVATION_HIGH, dtype=np.int64) + 1, dtype=np.int64
        )
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self._reset = jax.jit(_reset_all, static_argnums=(1, 2))
        self._step = jax.jit(
            partial(_step_all, draw=draw, max_steps=max_steps, illegal_reward=self.illegal_reward)
        )
        self._envs: EnvState | None = None
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)
        self._key = jax.random.key(int(np.random.default_rng().integers(2**31)))

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start every game on a new random deal; the same ``seed`` gives the same deals."""
        if options:
            raise OptionError(f"unknown reset options: {', '.join(sorted(map(str, options)))}")
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        if seed is not None:
            self._key = jax.random.key(seed)
        self._key, key = jax.random.split(self._key)
        self._envs = self._reset(key, self.num_envs, self.draw)
        self._autoreset[:] = False
        observation = np.asarray(jax.vmap(observe)(self._envs.game), dtype=np.int64)
        return observation, self._info(np.zeros(self.num_envs, np.bool_), None)

    def step(
        self, actions: NDArray[Any]
    ) -> tuple[
        Observation, NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]
    ]:
        """Take one action in every game."""
        if self._envs is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise OptionError(f"step() takes {self.num_envs} actions, not shape {actions.shape}")
        self._key, key = jax.random.split(self._key)
        self._envs, out = self._step(
            self._envs, jnp.asarray(actions, dtype=jnp.int32), jnp.asarray(self._autoreset), key
        )
        observation, reward, terminated, truncated, illegal, won = (np.asarray(a) for a in out)
        self._autoreset = terminated | truncated
        return (
            observation.astype(np.int64),
            reward.astype(np.float64),
            terminated,
            truncated,
            self._info(illegal, won),
        )

    def _info(self, illegal: NDArray[np.bool_], won: NDArray[np.bool_] | None) -> dict[str, Any]:
        assert self._envs is not None
        game = self._envs.game
        every = np.ones(self.num_envs, dtype=np.bool_)
        info: dict[str, Any] = {
            "action_mask": np.asarray(self._envs.mask, dtype=np.int8),
            "score": np.asarray(game.score, dtype=np.int64),
            "won": np.zeros(self.num_envs, np.bool_) if won is None else won,
            "illegal": illegal,
        }
        for name in list(info):
            info["_" + name] = every
        return info
