"""The Gymnasium environment (the ``gym`` extra: ``pip install pycanfield[gym]``).

This module imports NumPy and Gymnasium, so only :mod:`pycanfield.gym` imports it;
``import pycanfield`` never does.
"""

from __future__ import annotations

import math
import numbers
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from ._actions import (
    ACTION_COUNT,
    OBSERVATION_HIGH,
    decode_action,
    legal_action_mask,
    observe,
)
from ._codes import CODE_SPACE, Deal
from ._errors import IllegalMoveError, OptionError
from ._moves import Move
from ._render_svg import render_svg
from ._render_text import render_text
from ._rules import apply, has_legal_move, is_won
from ._state import GameState, deal

__all__ = ["ENV_ID", "CanfieldEnv", "action_mask_array", "observe_array"]

ENV_ID = "pycanfield/Canfield-v0"
"""The id under which :mod:`pycanfield.gym` registers :class:`CanfieldEnv`."""

Observation = NDArray[np.int64]


def observe_array(state: GameState) -> Observation:
    """:func:`~pycanfield.observe` as a NumPy array of ``int64``, shape ``(225,)``.

    >>> from pycanfield import deal
    >>> observe_array(deal("CF1-D3-AAAAACL"))[:4]
    array([ 3, 34,  0,  0])
    """
    return np.array(observe(state), dtype=np.int64)


def action_mask_array(state: GameState) -> NDArray[np.int8]:
    """:func:`~pycanfield.legal_action_mask` as an ``int8`` array of 0 and 1, the form
    that ``gymnasium.spaces.Discrete.sample(mask=...)`` takes."""
    return np.array(legal_action_mask(state), dtype=np.int8)


def _number(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise OptionError(f"{name} must be a finite number, not {value!r}")
    return float(value)


class CanfieldEnv(gymnasium.Env[Observation, np.int64]):
    """Canfield as a Gymnasium environment: one episode is one deal.

    Actions are the :data:`~pycanfield.ACTION_COUNT` integers of
    :func:`~pycanfield.move_to_action`; observations are the integers of
    :func:`~pycanfield.observe` as an ``int64`` array.  The legal actions are given
    as ``info["action_mask"]`` (``int8``, ready for ``action_space.sample(mask=...)``)
    and by :meth:`action_masks` (``bool``).

    An episode ends (``terminated``) when the game is won, or when no legal action is
    left (``info["stuck"]``); it is cut (``truncated``) after ``max_steps`` steps.

    The reward of a step is ``score_weight`` times the score it earned (5 points per
    card placed on a foundation, R30), plus ``foundation_weight`` times the change in
    the number of cards on the foundations (a take-back counts -1), plus
    ``step_reward``, plus ``win_bonus`` on the winning step.  With the score alone a
    card can be taken back and placed again for 5 points each time (R32); set
    ``score_weight=0`` and ``foundation_weight=5`` for a reward that such a loop cannot
    raise.  An illegal action leaves the game unchanged and gives ``illegal_reward``
    (``info["illegal"]`` is true), or raises :class:`~pycanfield.IllegalMoveError`
    with ``illegal_action="raise"``.

    Args:
        draw: the draw mode of the random deals, 1 or 3 (R18).
        max_steps: steps per episode before truncation, or ``None`` for no limit.
        score_weight, foundation_weight, win_bonus, step_reward, illegal_reward: the
            reward terms above.
        illegal_action: ``"penalize"`` or ``"raise"``.
        render_mode: ``None``, ``"ansi"`` (the table as text) or ``"svg"`` (an SVG
            picture, as a string).

    >>> env = CanfieldEnv()
    >>> obs, info = env.reset(options={"code": "CF1-D3-AAAAACL"})
    >>> info["code"], [int(a) for a in info["action_mask"].nonzero()[0]]
    ('CF1-D3-AAAAACL', [0, 9, 287])
    >>> obs, reward, terminated, truncated, info = env.step(9)  # R>2
    >>> str(info["move"]), reward, terminated, truncated
    ('R>2', 0.0, False, False)
    """

    # Gymnasium reads this class attribute before making an instance, and types it as
    # an instance variable, so it cannot be a ClassVar.
    metadata: dict[str, Any] = {"render_modes": ["ansi", "svg"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        *,
        draw: int = 3,
        max_steps: int | None = 1000,
        score_weight: float = 1.0,
        foundation_weight: float = 0.0,
        win_bonus: float = 0.0,
        step_reward: float = 0.0,
        illegal_reward: float = -1.0,
        illegal_action: Literal["penalize", "raise"] = "penalize",
        render_mode: str | None = None,
    ) -> None:
        if draw not in (1, 3) or isinstance(draw, bool):
            raise OptionError(f"draw must be 1 or 3, not {draw!r}")
        if max_steps is not None and (
            not isinstance(max_steps, int) or isinstance(max_steps, bool) or max_steps < 1
        ):
            raise OptionError(f"max_steps must be a whole number >= 1 or None, not {max_steps!r}")
        if illegal_action not in ("penalize", "raise"):
            raise OptionError(
                f"illegal_action must be 'penalize' or 'raise', not {illegal_action!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError(f"render_mode must be None, 'ansi' or 'svg', not {render_mode!r}")
        self.draw = draw
        self.max_steps = max_steps
        self.score_weight = _number("score_weight", score_weight)
        self.foundation_weight = _number("foundation_weight", foundation_weight)
        self.win_bonus = _number("win_bonus", win_bonus)
        self.step_reward = _number("step_reward", step_reward)
        self.illegal_reward = _number("illegal_reward", illegal_reward)
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_space = spaces.MultiDiscrete(
            np.array(OBSERVATION_HIGH, dtype=np.int64) + 1, dtype=np.int64
        )
        self._state: GameState | None = None
        self._steps = 0

    @property
    def state(self) -> GameState:
        """The current game; :meth:`reset` must have been called."""
        if self._state is None:
            raise gymnasium.error.ResetNeeded("call reset() before using the environment")
        return self._state

    @property
    def steps(self) -> int:
        """Steps taken in the current episode, illegal ones included."""
        return self._steps

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions of the current state as a ``bool`` array."""
        return np.array(legal_action_mask(self.state), dtype=np.bool_)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start an episode: a random deal, the same for the same ``seed``.

        ``options`` may hold ``"code"`` (a game code or :class:`~pycanfield.Deal`; its
        own draw mode is used) or ``"state"`` (a :class:`~pycanfield.GameState` to
        continue from).
        """
        super().reset(seed=seed)
        options = dict(options or {})
        code = options.pop("code", None)
        start = options.pop("state", None)
        if options:
            raise OptionError(f"unknown reset options: {', '.join(sorted(map(str, options)))}")
        if code is not None and start is not None:
            raise OptionError("give a code or a state, not both")
        if start is not None:
            if not isinstance(start, GameState):
                raise OptionError(f"options['state'] must be a GameState, not {start!r}")
            state = start
        elif code is not None:
            if not isinstance(code, (str, Deal)):
                raise OptionError(f"options['code'] must be a code or a Deal, not {code!r}")
            state = deal(code)
        else:
            number = int(self.np_random.integers(CODE_SPACE))
            state = deal(Deal(number, draw=self.draw))
        self._state = state
        self._steps = 0
        return observe_array(state), self._info(state)

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Take ``action``; returns observation, reward, terminated, truncated, info."""
        before = self.state
        move: Move = decode_action(action)
        self._steps += 1
        try:
            after = apply(before, move)
        except IllegalMoveError:
            if self.illegal_action == "raise":
                raise
            after = None
        if after is None:
            state, reward, illegal = before, self.illegal_reward, True
        else:
            state, illegal = after, False
            placed = sum(f.size for f in after.foundations) - sum(
                f.size for f in before.foundations
            )
            reward = (
                self.score_weight * (after.score - before.score)
                + self.foundation_weight * placed
                + self.step_reward
            )
        self._state = state
        won = is_won(state)
        if won and not illegal:
            reward += self.win_bonus
        stuck = not won and not has_legal_move(state)
        terminated = won or stuck
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        info = self._info(state)
        info.update(move=move, illegal=illegal, stuck=stuck)
        return observe_array(state), float(reward), terminated, truncated, info

    def render(self) -> str | None:
        """The table as text (``"ansi"``) or as an SVG document (``"svg"``); ``None``
        without a render mode."""
        if self.render_mode == "ansi":
            return render_text(self.state) + "\n"
        if self.render_mode == "svg":
            return render_svg(self.state)
        return None

    def _info(self, state: GameState) -> dict[str, Any]:
        return {
            "code": state.code,
            "score": state.score,
            "won": is_won(state),
            "steps": self._steps,
            "action_mask": action_mask_array(state),
        }
