"""One environment step on the compiled rules, shared by the pgx and Gymnasium
environments, the benchmark and the training example.

The rewards are those of :class:`~pycanfield.gym.CanfieldEnv`'s defaults: the score a
step earns (5 per card placed on a foundation, R30), and ``illegal_reward`` for an
illegal action, which leaves the game unchanged.  An episode is ``terminated`` when the
game is won (R23) or no action is legal, ``truncated`` after ``max_steps`` steps.
"""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp

from ._actions import ACTION_COUNT
from ._jax_core import State, apply_action, init, is_won, legal_action_mask, observe

__all__ = ["EnvState", "Outcome", "env_reset", "env_step", "random_actions", "renew"]

Array = jax.Array


class EnvState(NamedTuple):
    """A game, its legal actions (computed once per step) and the episode's step count."""

    game: State
    mask: Array
    steps: Array


class Outcome(NamedTuple):
    """What one step gives back besides the new state."""

    observation: Array
    reward: Array
    terminated: Array
    truncated: Array


def env_reset(key: Array, draw: int) -> EnvState:
    """A new episode on a uniformly random deal."""
    game = init(key, draw)
    return EnvState(game, legal_action_mask(game), jnp.zeros((), jnp.int32))


def renew(envs: EnvState, ended: Array, key: Array, draw: int) -> EnvState:
    """``envs`` (a batch) with every game flagged in ``ended`` on a new random deal.

    Games end a few at a time, so at most ``batch // 64`` (16 or more) new games are
    dealt, the n-th for the n-th game that ended; the whole batch is dealt afresh only
    when more ended at once, and nothing is dealt when none did.
    """
    batch = ended.shape[0]
    spare = min(batch, max(16, batch // 64))

    def deal(count: int) -> EnvState:
        return jax.vmap(lambda k: env_reset(k, draw))(jax.random.split(key, count))

    def pick(fresh: EnvState, envs: EnvState) -> EnvState:
        return jax.tree_util.tree_map(  # type: ignore[no-any-return]
            lambda a, b: jnp.where(ended.reshape((batch,) + (1,) * (a.ndim - 1)), a, b),
            fresh,
            envs,
        )

    def few(envs: EnvState) -> EnvState:
        which = jnp.clip(jnp.cumsum(ended) - 1, 0, spare - 1)
        return pick(jax.tree_util.tree_map(lambda a: a[which], deal(spare)), envs)

    count = ended.sum()
    branch = jnp.where(count == 0, 0, jnp.where(count <= spare, 1, 2))
    renewed: EnvState = jax.lax.switch(
        branch, [lambda e: e, few, lambda e: pick(deal(batch), e)], envs
    )
    return renewed


def env_step(
    env: EnvState, action: Array, max_steps: int | None, illegal_reward: float = -1.0
) -> tuple[EnvState, Outcome]:
    """Take ``action`` (any integer; out of range counts as illegal) in one game."""
    action = jnp.asarray(action, dtype=jnp.int32)
    inside = (action >= 0) & (action < ACTION_COUNT)
    action = jnp.clip(action, 0, ACTION_COUNT - 1)
    game = apply_action(env.game, action, env.mask[action] & inside)
    mask = legal_action_mask(game)
    steps = env.steps + 1
    reward = jnp.where(
        game.illegal, jnp.float32(illegal_reward), (game.score - env.game.score).astype(jnp.float32)
    )
    terminated = is_won(game) | ~mask.any()
    truncated = ~terminated & (steps >= max_steps) if max_steps is not None else terminated & False
    return EnvState(game, mask, steps), Outcome(observe(game), reward, terminated, truncated)


def random_actions(masks: Array, key: Array) -> Array:
    """A legal action of each game at random (0 when none is legal), for ``masks`` of
    shape ``(batch, 644)``.

    A hash of one random word per game and of the action number ranks the actions; the
    legal action ranked first is taken.  Packing the action into the low bits of the
    priority makes the choice one ``max``, which compiles to fast CPU code (an
    ``argmax`` or a cumulative sum over 644 actions does not).
    """
    words = jax.random.bits(key, masks.shape[:1], jnp.uint32)[:, None]
    numbers = jnp.arange(ACTION_COUNT, dtype=jnp.uint32)[None, :]
    h = (words ^ (numbers * jnp.uint32(0x9E3779B9))) * jnp.uint32(0x85EBCA6B)
    packed = ((h >> 11) << 10).astype(jnp.int32) | numbers.astype(jnp.int32)
    best = jnp.max(jnp.where(masks, packed, -1), axis=1)
    return jnp.where(best < 0, 0, best & 1023)
