"""Canfield as a pgx environment (single player).

Needs the ``pgx`` extra (``pip install "pycanfield[pgx]"``, which brings JAX and pgx).
:class:`Canfield` is a :class:`pgx.Env`: ``init``, ``step`` and ``observe`` are pure
and run under ``jax.jit`` and ``jax.vmap``, and the state carries ``observation``,
``rewards``, ``terminated``, ``truncated`` and ``legal_action_mask`` as every pgx state
does, so pgx's training code works unchanged.

>>> import jax
>>> env = Canfield()
>>> keys = jax.random.split(jax.random.key(0), 4)
>>> state = jax.jit(jax.vmap(env.init))(keys)
>>> state.observation.shape, state.legal_action_mask.shape
((4, 225), (4, 644))
>>> state = jax.jit(jax.vmap(env.step))(state, state.legal_action_mask.argmax(axis=1))
>>> state.rewards.shape
(4, 1)

The rewards are those of :class:`~pycanfield.gym.CanfieldEnv`'s defaults: the score a
step earns (R30), and -1 for an illegal action, which leaves the game unchanged (pgx's
own games end the episode instead).  An episode is ``terminated`` when the game is won
(R23) or no action is legal, and ``truncated`` after ``max_steps`` steps.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import pgx  # type: ignore[import-untyped]  # pgx ships no type information

from ._actions import ACTION_COUNT, OBSERVATION_SIZE
from ._errors import OptionError
from ._jax_core import State as Game
from ._jax_core import apply_action, init, is_won, legal_action_mask, observe

__all__ = ["Canfield", "CanfieldState"]

Array = jax.Array


def _no_game() -> Game:
    """An all-zero game: the default of a state built by hand."""
    zero = jnp.int32(0)
    return Game(
        piles=jnp.zeros((7, 52), jnp.int8),
        lengths=jnp.zeros(7, jnp.int32),
        foundations=jnp.zeros(4, jnp.int32),
        base=zero,
        fan=zero,
        draw=zero,
        score=zero,
        actions=zero,
        illegal=jnp.bool_(False),
    )


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class CanfieldState(pgx.State):  # type: ignore[misc]
    """A pgx state: pgx's public fields, and the game as a :class:`pycanfield.jax.State`
    in ``_game`` (hand it to :func:`pycanfield.jax.to_game_state` to leave JAX)."""

    current_player: Array = dataclasses.field(default_factory=lambda: jnp.int32(0))
    observation: Array = dataclasses.field(
        default_factory=lambda: jnp.zeros(OBSERVATION_SIZE, jnp.int32)
    )
    rewards: Array = dataclasses.field(default_factory=lambda: jnp.zeros(1, jnp.float32))
    terminated: Array = dataclasses.field(default_factory=lambda: jnp.bool_(False))
    truncated: Array = dataclasses.field(default_factory=lambda: jnp.bool_(False))
    legal_action_mask: Array = dataclasses.field(
        default_factory=lambda: jnp.ones(ACTION_COUNT, jnp.bool_)
    )
    _step_count: Array = dataclasses.field(default_factory=lambda: jnp.int32(0))
    _game: Game = dataclasses.field(default_factory=_no_game)

    @property
    def env_id(self) -> str:
        """The environment's id, ``"pycanfield/canfield"``."""
        return "pycanfield/canfield"

    def replace(self, **changes: Any) -> CanfieldState:
        """A copy with ``changes``, as pgx's states have."""
        return dataclasses.replace(self, **changes)


class Canfield(pgx.Env):  # type: ignore[misc]
    """Canfield under the standard rules (R1-R32) as a single-player pgx environment.

    Args:
        draw: the draw mode of the deals, 1 or 3 (R18).
        max_steps: steps per episode before ``truncated``, or ``None`` for no limit.

    Raises:
        OptionError: an option out of range.
    """

    def __init__(self, *, draw: int = 3, max_steps: int | None = 1000) -> None:
        super().__init__()
        if draw not in (1, 3) or isinstance(draw, bool):
            raise OptionError(f"draw must be 1 or 3, not {draw!r}")
        if max_steps is not None and (
            not isinstance(max_steps, int) or isinstance(max_steps, bool) or max_steps < 1
        ):
            raise OptionError(f"max_steps must be a whole number >= 1 or None, not {max_steps!r}")
        self.draw = draw
        self.max_steps = max_steps

    def _init(self, key: Array) -> CanfieldState:
        game = init(key, self.draw)
        return CanfieldState(legal_action_mask=legal_action_mask(game), _game=game)

    def _step(self, state: pgx.State, action: Array, key: Array | None) -> CanfieldState:
        assert isinstance(state, CanfieldState)
        before = state._game
        action = jnp.clip(jnp.asarray(action, jnp.int32), 0, ACTION_COUNT - 1)
        game = apply_action(before, action, state.legal_action_mask[action])
        mask = legal_action_mask(game)
        reward = jnp.where(game.illegal, -1.0, (game.score - before.score).astype(jnp.float32))
        terminated = is_won(game) | ~mask.any()
        truncated = (
            ~terminated & (state._step_count >= self.max_steps)
            if self.max_steps is not None
            else jnp.bool_(False)
        )
        return state.replace(
            _game=game,
            legal_action_mask=mask,
            rewards=reward.astype(jnp.float32)[None],
            terminated=terminated,
            truncated=truncated,
        )

    def _step_with_illegal_action(self, state: pgx.State, loser: Array) -> pgx.State:
        # _step has left the game unchanged and given the penalty, as CanfieldEnv does.
        return state

    def _observe(self, state: pgx.State, player_id: Array) -> Array:
        assert isinstance(state, CanfieldState)
        return observe(state._game)

    @property
    def id(self) -> Any:
        """``"pycanfield/canfield"``."""
        return "pycanfield/canfield"

    @property
    def version(self) -> str:
        """The version of the environment's behaviour."""
        return "v0"

    @property
    def num_players(self) -> int:
        """The number of players, 1 (Canfield is a solitaire)."""
        return 1
