"""The rules compiled with JAX: thousands of games stepped at once.

Needs the ``jax`` extra (``pip install "pycanfield[jax]"``).  Every function of one game
below is pure and traceable: wrap it in :func:`jax.jit` and :func:`jax.vmap` to play a
batch of games on a CPU or a GPU.  The game is the standard one (R1-R32), in draw 3 or
draw 1, move for move the game of :func:`~pycanfield.apply`: the same action numbers
(:func:`~pycanfield.move_to_action`), the same mask (:func:`~pycanfield.legal_action_mask`),
observation (:func:`~pycanfield.observe`), refill (R16), score and win.

>>> import jax
>>> import pycanfield as cf
>>> from pycanfield import jax as cfj
>>> game = cfj.from_game_state(cf.deal("CF1-D3-AAAAACL"))
>>> [int(a) for a in jax.jit(cfj.legal_action_mask)(game).nonzero()[0]]
[0, 9, 287]
>>> game = jax.jit(cfj.step)(game, 9)  # R>2
>>> after = cf.apply(cf.deal("CF1-D3-AAAAACL"), cf.Move.parse("R>2"))
>>> cfj.to_game_state(game).position == after.position
True

A batch: ``jax.vmap`` over keys gives many deals, and over states and actions many steps.

>>> games = jax.jit(jax.vmap(cfj.init))(jax.random.split(jax.random.key(0), 256))
>>> games.piles.shape
(256, 7, 52)
>>> masks = jax.jit(jax.vmap(cfj.legal_action_mask))(games)
>>> games = jax.jit(jax.vmap(cfj.step))(games, masks.argmax(axis=1))
>>> int(games.illegal.sum())
0

An illegal action leaves its game unchanged and sets :attr:`State.illegal`; it never
stops a compiled batch.  :func:`to_game_state` and :func:`from_game_state` carry one
game to and from the rest of the library (:func:`~pycanfield.solve`,
:func:`~pycanfield.render_svg`, :func:`~pycanfield.describe`, ...).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ._cards import PACK, Card
from ._checks import wrong_type
from ._errors import OptionError
from ._jax_core import (
    PILE_ROWS,
    PILE_SLOTS,
    RESERVE,
    STOCK,
    WASTE,
    State,
    from_deck,
    init,
    is_won,
    legal_action_mask,
    observe,
    score,
    step,
)
from ._position import Foundation, Position, foundation_suits
from ._state import GameState

__all__ = [
    "State",
    "from_deck",
    "from_game_state",
    "init",
    "is_won",
    "legal_action_mask",
    "observe",
    "score",
    "step",
    "to_game_state",
]

#: A JAX array (of one game, or with a leading batch axis).
Array = jax.Array


def _single(state: State, function: str) -> None:
    if not isinstance(state, State):
        raise wrong_type(function, "state", "a pycanfield.jax.State", state)
    if np.ndim(state.piles) != 2:
        raise OptionError(
            f"{function}() takes one game; index the batch first (state of shape "
            f"{np.shape(state.piles)[:-2]})"
        )


def _pile(row: np.ndarray, length: int) -> tuple[Card, ...]:
    return tuple(PACK[int(code) - 1] for code in row[:length])


def to_game_state(state: State) -> GameState:
    """One game as a :class:`~pycanfield.GameState` (no code and no undo history).

    The draw mode, score and action count carry over.  A batch of games raises
    :class:`~pycanfield.OptionError`: pick one first, for example with
    ``jax.tree.map(lambda a: a[i], games)``.

    >>> import pycanfield as cf
    >>> game = to_game_state(init(jax.random.key(0)))
    >>> len(game.stock), len(game.reserve), game.score
    (34, 13, 0)
    """
    _single(state, "to_game_state")
    piles = np.asarray(state.piles)
    lengths = [int(n) for n in np.asarray(state.lengths)]
    sizes = [int(n) for n in np.asarray(state.foundations)]
    base = PACK[int(state.base) - 1]
    position = Position(
        stock=_pile(piles[STOCK], lengths[STOCK]),
        waste=_pile(piles[WASTE], lengths[WASTE]),
        reserve=_pile(piles[RESERVE], lengths[RESERVE]),
        foundations=tuple(
            Foundation(suit, base.rank, sizes[suit]) for suit in foundation_suits(base.suit)
        ),
        columns=tuple(_pile(piles[c], lengths[c]) for c in range(4)),
        fan=int(state.fan),
    )
    return GameState(position, int(state.draw), int(state.score), int(state.actions))


def from_game_state(game: GameState) -> State:
    """A :class:`~pycanfield.GameState` of the standard rules as a :class:`State`.

    Any position of the pack fits, reachable or not.  Other rules than R1-R32 raise
    :class:`~pycanfield.OptionError`.

    >>> import pycanfield as cf
    >>> game = from_game_state(cf.deal("CF1-D1-AAAAACL"))
    >>> int(game.draw), [int(n) for n in game.lengths]
    (1, [1, 1, 1, 1, 13, 0, 34])
    """
    if not isinstance(game, GameState):
        raise wrong_type("from_game_state", "game", "a GameState", game)
    if not game.rules.is_standard:
        raise OptionError(f"the compiled rules are the standard ones (R1-R32), not {game.rules}")
    pos = game.position
    piles = np.zeros((PILE_ROWS, PILE_SLOTS), dtype=np.int8)
    rows = [*pos.columns, pos.reserve, pos.waste, pos.stock]
    for r, pile in enumerate(rows):
        piles[r, : len(pile)] = [card.index + 1 for card in pile]
    sizes = [0, 0, 0, 0]
    for f in pos.foundations:
        sizes[f.suit] = f.size
    base = pos.foundations[0]
    return State(
        piles=jnp.asarray(piles),
        lengths=jnp.array([len(pile) for pile in rows], dtype=jnp.int32),
        foundations=jnp.array(sizes, dtype=jnp.int32),
        base=jnp.int32(base.suit * 13 + base.base),
        fan=jnp.int32(pos.fan),
        draw=jnp.int32(game.draw),
        score=jnp.int32(game.score),
        actions=jnp.int32(game.actions),
        illegal=jnp.bool_(False),
    )
