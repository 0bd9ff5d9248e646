"""The standard rules (R1-R32) as JAX functions on one game: see :mod:`pycanfield.jax`.

Every function here works on fixed-shape integer arrays and never branches in Python
on a traced value, so each one runs under ``jax.jit`` and ``jax.vmap``.

Cards are coded as in :func:`~pycanfield.observe`: ``card.index + 1`` (1..52), 0 for
no card.  For a card ``c``, ``rank = (c - 1) % 13 + 1`` and ``suit = (c - 1) // 13``.
"""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from ._actions import ACTION_COUNT, MAX_RUN
from ._errors import OptionError

__all__ = [
    "PILE_ROWS",
    "PILE_SLOTS",
    "RESERVE",
    "STOCK",
    "WASTE",
    "State",
    "apply_action",
    "from_deck",
    "init",
    "is_won",
    "legal_action_mask",
    "observe",
    "score",
    "step",
]

Array = jax.Array

PILE_SLOTS = 52
"""Card slots per pile row: any pile can hold the whole pack."""
RESERVE, WASTE, STOCK = 4, 5, 6
"""The rows of :attr:`State.piles` after the four columns (rows 0-3)."""
PILE_ROWS = 7

_ROWS = np.arange(PILE_ROWS, dtype=np.int32)
_SLOTS = np.arange(PILE_SLOTS, dtype=np.int32)
_DEPTHS = np.arange(1, MAX_RUN + 1, dtype=np.int32)  # how many cards a run move takes
# For each source column, the three other columns in action order (t < s first).
_OTHERS = np.array([[t for t in range(4) if t != s] for s in range(4)], dtype=np.int32)


class State(NamedTuple):
    """One game (or, with a leading batch axis, many) as a pytree of arrays.

    Cards are coded ``card.index + 1`` (1..52) and 0 is "no card".  Each pile is a row of
    ``piles``, bottom to top and padded with 0; its length is in ``lengths``.
    """

    #: ``int8 (7, 52)``: rows 0-3 the columns, 4 the reserve, 5 the waste, 6 the stock
    #: (the last card of a row is its top; the stock's top is drawn next).
    piles: Array
    #: ``int32 (7,)``: how many cards each row holds.
    lengths: Array
    #: ``int32 (4,)``: cards on the foundation of each suit, spades, hearts, diamonds, clubs.
    foundations: Array
    #: ``int32 ()``: the base card (R7), coded as a card; its rank is the base rank.
    base: Array
    #: ``int32 ()``: how many cards of the last draw are still on the waste (R21).
    fan: Array
    #: ``int32 ()``: the draw mode, 1 or 3 (R18).
    draw: Array
    #: ``int32 ()``: the score (R30-R32).
    score: Array
    #: ``int32 ()``: legal actions taken so far (an illegal one is not counted).
    actions: Array
    #: ``bool ()``: true when the last action given to :func:`step` was illegal (the
    #: game was left unchanged).
    illegal: Array


# -- card arithmetic --------------------------------------------------------------------


def _suit(c: Array) -> Array:
    # Comparisons, not a division: XLA's CPU code does not vectorise integer division.
    return (c > 13).astype(c.dtype) + (c > 26) + (c > 39)


def _rank(c: Array) -> Array:
    return c - 13 * _suit(c)


def _red(c: Array) -> Array:
    return (c > 13) & (c <= 39)


def _need(c: Array) -> Array:
    """The colour and rank a column's top must have to take ``c`` (R12, R13), as one
    integer; -1 for no card, so it never matches :func:`_have`."""
    rank = _rank(c)
    return jnp.where(c > 0, jnp.where(_red(c), 0, 16) + jnp.where(rank == 13, 1, rank + 1), -1)


def _have(c: Array) -> Array:
    """The colour and rank of ``c`` in the form of :func:`_need`; -2 for no card."""
    return jnp.where(c > 0, jnp.where(_red(c), 16, 0) + _rank(c), -2)


def _base_rank(state: State) -> Array:
    return _rank(state.base)


def _foundation_next(state: State) -> Array:
    """The card each foundation takes next (R9), by suit; -1 when full."""
    sizes = state.foundations
    suits = jnp.arange(4, dtype=jnp.int32)
    rank = (_base_rank(state) - 1 + sizes) % 13 + 1
    return jnp.where(sizes < 13, suits * 13 + rank, -1)


def _foundation_top(state: State) -> Array:
    """The top card of each foundation, by suit; 0 when empty."""
    sizes = state.foundations
    suits = jnp.arange(4, dtype=jnp.int32)
    rank = (_base_rank(state) - 2 + sizes) % 13 + 1
    return jnp.where(sizes > 0, suits * 13 + rank, 0)


def _tops(state: State) -> Array:
    """The top card of every row, 0 for an empty row: ``int32 (7,)``."""
    lengths = state.lengths
    at = jnp.clip(lengths - 1, 0, PILE_SLOTS - 1)
    tops = jnp.take_along_axis(state.piles, at[:, None], axis=1)[:, 0].astype(jnp.int32)
    return jnp.where(lengths > 0, tops, 0)


# -- deal -------------------------------------------------------------------------------


def from_deck(deck: Array, draw: int | Array = 3) -> State:
    """The game of 52 cards in dealing order (R2, R3): ``deck[0]`` is dealt first.

    ``deck`` is an integer array of the 52 values :attr:`Card.index
    <pycanfield.Card.index>`, as ``[c.index for c in cf.Deal.parse(code).deck()]`` gives
    for any game code; ``draw`` is 3 or 1 (R18).  The deck is not checked: it must be a
    permutation of ``0..51``.  A ``draw`` given as a Python number other than 1 or 3
    raises :class:`~pycanfield.OptionError`.

    >>> import pycanfield as cf
    >>> from pycanfield.jax import to_game_state
    >>> deck = [c.index for c in cf.Deal.parse("CF1-D3-AAAAACL").deck()]
    >>> game = from_deck(jnp.array(deck), draw=3)
    >>> to_game_state(game).position == cf.deal("CF1-D3-AAAAACL").position
    True
    """
    if isinstance(draw, (int, float)) and draw not in (1, 3):
        raise OptionError(f"draw must be 1 or 3, not {draw!r}")
    codes = jnp.asarray(deck, dtype=jnp.int32) + 1
    piles = jnp.zeros((PILE_ROWS, PILE_SLOTS), dtype=jnp.int8)
    piles = piles.at[0:4, 0].set(codes[14:18].astype(jnp.int8))
    piles = piles.at[RESERVE, 0:13].set(codes[0:13].astype(jnp.int8))
    piles = piles.at[STOCK, 0:34].set(codes[18:][::-1].astype(jnp.int8))
    base = codes[13]
    zero = jnp.zeros((), dtype=jnp.int32)
    return State(
        piles=piles,
        lengths=jnp.array([1, 1, 1, 1, 13, 0, 34], dtype=jnp.int32),
        foundations=jnp.zeros(4, dtype=jnp.int32).at[_suit(base)].set(1),
        base=base,
        fan=zero,
        draw=jnp.asarray(draw, dtype=jnp.int32),
        score=zero,
        actions=zero,
        illegal=jnp.zeros((), dtype=jnp.bool_),
    )


def init(key: Array, draw: int | Array = 3) -> State:
    """A uniformly random deal: the pack shuffled with ``key``, dealt by R2.

    >>> game = init(jax.random.key(7), draw=1)
    >>> int(game.lengths[STOCK]), int(game.draw)
    (34, 1)
    """
    return from_deck(_shuffle(key), draw)


def _shuffle(key: Array) -> Array:
    """A uniformly random permutation of ``0..51`` by Fisher and Yates's shuffle.

    Swaps written as selections over the 52 slots compile to vector code, where
    :func:`jax.random.permutation` sorts, which is slow on a CPU.
    """
    slots = jnp.asarray(_SLOTS)
    top = jnp.arange(PILE_SLOTS - 1, 0, -1, dtype=jnp.int32)  # 51, 50, ..., 1
    picks = jax.random.randint(key, top.shape, 0, top + 1, dtype=jnp.int32)

    def swap(n: Array, deck: Array) -> Array:
        i, j = top[n], picks[n]
        here = slots == j
        card_j = jnp.sum(jnp.where(here, deck, 0))
        deck = jnp.where(here, deck[i], deck)
        return deck.at[i].set(card_j)

    deck: Array = jax.lax.fori_loop(0, PILE_SLOTS - 1, swap, slots)
    return deck


# -- legal actions ----------------------------------------------------------------------


def legal_action_mask(state: State) -> Array:
    """``bool (644,)``: the legal actions, numbered as :func:`~pycanfield.move_to_action`."""
    lengths = state.lengths
    tops = _tops(state)
    col_len = lengths[:4]
    reserve_len = lengths[RESERVE]
    rtop, wtop = tops[RESERVE], tops[WASTE]
    wanted = _foundation_next(state)

    def to_foundation(c: Array) -> Array:
        return (c[..., None] == wanted).any(-1) & (c > 0)

    have = _have(tops[:4])
    # An empty column exists only once the reserve is empty (R16) and takes anything (R17).
    empty_ok = (col_len == 0) & (reserve_len == 0)

    def to_columns(c: Array) -> Array:
        return ((_need(c)[..., None] == have) | empty_ok) & (c > 0)[..., None]

    ftops = _foundation_top(state)

    # Runs (R14): the card ``k`` deep in each column, k = 1..64 (only 1..51 can move),
    # whether the top ``k`` cards alternate colour going down one rank at a time, and
    # which columns take it.  Powers of two for the array sizes let the CPU code
    # vectorise; the 51 counts of each (source, target) pair are sliced out at the end.
    depths = jnp.arange(1, 65, dtype=jnp.int32)
    at = col_len[:, None] - depths[None, :]
    deep = jnp.take_along_axis(state.piles[:4], jnp.clip(at, 0, PILE_SLOTS - 1), axis=1)
    deep = jnp.where(at >= 0, deep.astype(jnp.int32), 0)
    need = _need(deep)
    broken = need[:, :-1] != _have(deep[:, 1:])
    run = jnp.min(jnp.where(broken, depths[None, :-1], 64), axis=1)
    in_run = depths[None, :] <= jnp.minimum(run, col_len)[:, None]
    # A card outside the run needs nothing (-1), so it matches no column's top; an
    # empty column takes any part of the run but the whole column (no move).
    need = jnp.where(in_run, need, -1)
    to_empty = in_run & (depths[None, :] != col_len[:, None])
    fits = (need[:, None, :] == have[None, :, None]) | (
        empty_ok[None, :, None] & to_empty[:, None, :]
    )  # (source, target, depth)
    runs = [fits[s, t, :MAX_RUN] for s in range(4) for t in _OTHERS[s]]

    return jnp.concatenate(
        [
            (lengths[STOCK] > 0)[None],
            ((lengths[STOCK] == 0) & (lengths[WASTE] > 0))[None],
            to_foundation(rtop)[None],
            to_foundation(wtop)[None],
            to_foundation(tops[:4]),
            to_columns(rtop),
            to_columns(wtop),
            *to_columns(ftops),
            *runs,
        ]
    )


# -- actions ----------------------------------------------------------------------------

_DRAW, _RECYCLE, _TO_FOUNDATION, _TO_COLUMN, _TAKE_BACK = range(5)


def _action_tables() -> tuple[np.ndarray, ...]:
    kind = np.zeros(ACTION_COUNT, np.int32)
    source = np.zeros(ACTION_COUNT, np.int32)
    target = np.zeros(ACTION_COUNT, np.int32)
    count = np.ones(ACTION_COUNT, np.int32)
    kind[0], source[0], target[0] = _DRAW, STOCK, WASTE
    kind[1], source[1], target[1] = _RECYCLE, WASTE, STOCK
    kind[2:8] = _TO_FOUNDATION
    source[2:8] = [RESERVE, WASTE, 0, 1, 2, 3]
    target[2:8] = -1
    kind[8:16] = _TO_COLUMN
    source[8:16] = [RESERVE] * 4 + [WASTE] * 4
    target[8:16] = [0, 1, 2, 3] * 2
    kind[16:32] = _TAKE_BACK
    source[16:32] = np.repeat(np.arange(4), 4)  # the suit
    target[16:32] = np.tile(np.arange(4), 4)
    for s in range(4):
        for slot, t in enumerate(_OTHERS[s]):
            first = 32 + MAX_RUN * (3 * s + slot)
            kind[first : first + MAX_RUN] = _TO_COLUMN
            source[first : first + MAX_RUN] = s
            target[first : first + MAX_RUN] = t
            count[first : first + MAX_RUN] = _DEPTHS
    return kind, source, target, count


_KIND, _SOURCE, _TARGET, _COUNT = _action_tables()


def apply_action(state: State, action: Array, legal: Array) -> State:
    """The state after ``action``, which ``legal`` says is legal; else ``state`` itself,
    flagged :attr:`State.illegal`."""
    action = jnp.asarray(action, dtype=jnp.int32)
    kind = jnp.asarray(_KIND)[action]
    source = jnp.asarray(_SOURCE)[action]
    target = jnp.asarray(_TARGET)[action]
    lengths = state.lengths
    piles = state.piles
    take_back = kind == _TAKE_BACK
    row = jnp.where(take_back, 0, source)  # the row cards leave (none for a take-back)
    source_len = lengths[row]
    count = jnp.where(
        kind == _DRAW,
        jnp.minimum(state.draw, lengths[STOCK]),
        jnp.where(kind == _RECYCLE, lengths[WASTE], jnp.asarray(_COUNT)[action]),
    )
    # Draws and recycles turn the cards over (R18, R19); other moves keep their order.
    turned = kind <= _RECYCLE
    onto_row = kind != _TO_FOUNDATION
    target_row = jnp.where(onto_row, target, -1)
    target_len = lengths[jnp.maximum(target, 0)]
    slots = jnp.asarray(_SLOTS)
    j = slots - target_len  # place of each target slot in the moving cards
    taken = jnp.where(turned, source_len - 1 - j, source_len - count + j)
    moving = piles[row, jnp.clip(taken, 0, PILE_SLOTS - 1)]
    ftop = _foundation_top(state)[source & 3]
    moving = jnp.where(take_back, ftop.astype(jnp.int8), moving)
    rows = jnp.asarray(_ROWS)[:, None]
    write = (rows == target_row) & (j[None, :] >= 0) & (j[None, :] < count)
    new_piles = jnp.where(write, moving[None, :], piles)
    leaving = jnp.where(take_back, 0, count)
    new_lengths = (
        lengths
        - jnp.where(jnp.asarray(_ROWS) == row, leaving, 0)
        + jnp.where(jnp.asarray(_ROWS) == target_row, count, 0)
    )

    # A card onto its foundation scores 5 (R30); a take-back lowers its pile (R22).
    placed = piles[row, jnp.maximum(source_len - 1, 0)].astype(jnp.int32)
    to_foundation = kind == _TO_FOUNDATION
    suits = jnp.arange(4, dtype=jnp.int32)
    foundations = (
        state.foundations
        + jnp.where(to_foundation & (suits == _suit(placed)), 1, 0)
        - jnp.where(take_back & (suits == source), 1, 0)
    )

    # The reserve refills a column that the move emptied (R16).
    rtop = piles[RESERVE, jnp.maximum(lengths[RESERVE] - 1, 0)]
    refill = ((kind >= _TO_FOUNDATION) & ~take_back & (source < 4) & (new_lengths[row] == 0)) & (
        lengths[RESERVE] > 0
    )
    new_piles = jnp.where(refill & (rows == row) & (slots[None, :] == 0), rtop, new_piles)
    new_lengths = new_lengths + jnp.where(
        refill, jnp.where(jnp.asarray(_ROWS) == row, 1, 0) - jnp.where(_ROWS == RESERVE, 1, 0), 0
    )
    new_piles = jnp.where(slots[None, :] < new_lengths[:, None], new_piles, jnp.int8(0))

    fan = jnp.where(
        kind == _DRAW,
        count,
        jnp.where(
            kind == _RECYCLE,
            0,
            jnp.where(source == WASTE, jnp.maximum(state.fan - 1, 0), state.fan),
        ),
    )
    moved = State(
        piles=new_piles,
        lengths=new_lengths,
        foundations=foundations,
        base=state.base,
        fan=fan,
        draw=state.draw,
        score=state.score + jnp.where(to_foundation, 5, 0),
        actions=state.actions + 1,
        illegal=jnp.zeros((), dtype=jnp.bool_),
    )
    kept = state._replace(illegal=jnp.ones((), dtype=jnp.bool_))
    chosen: State = jax.tree_util.tree_map(lambda a, b: jnp.where(legal, a, b), moved, kept)
    return chosen


def step(state: State, action: Array) -> State:
    """The state after ``action``; an illegal action leaves the game as it is, flagged."""
    action = jnp.asarray(action, dtype=jnp.int32)
    in_range = (action >= 0) & (action < ACTION_COUNT)
    legal = legal_action_mask(state)[jnp.clip(action, 0, ACTION_COUNT - 1)] & in_range
    return apply_action(state, jnp.clip(action, 0, ACTION_COUNT - 1), legal)


# -- what a player sees -----------------------------------------------------------------


def observe(state: State) -> Array:
    """``int32 (225,)``: the observation of :func:`~pycanfield.observe`, slot for slot."""
    lengths = state.lengths
    tops = _tops(state)
    waste_len = lengths[WASTE]
    shown = jnp.where(waste_len > 0, jnp.minimum(waste_len, jnp.maximum(state.fan, 1)), 0)
    i = jnp.arange(3, dtype=jnp.int32)
    waste = state.piles[WASTE, jnp.clip(waste_len - 1 - i, 0, PILE_SLOTS - 1)]
    waste = jnp.where(i < shown, waste.astype(jnp.int32), 0)
    return jnp.concatenate(
        [
            jnp.stack(
                [state.draw, lengths[STOCK], waste_len, *waste, lengths[RESERVE], tops[RESERVE]]
            ),
            _base_rank(state)[None],
            state.foundations,
            lengths[:4],
            state.piles[:4].reshape(4 * PILE_SLOTS).astype(jnp.int32),
        ]
    )


def score(state: State) -> Array:
    """``int32 ()``: the score, 5 points per card placed on a foundation (R30-R32)."""
    return state.score


def is_won(state: State) -> Array:
    """``bool ()``: all four foundations hold 13 cards (R23)."""
    return jnp.all(state.foundations == 13)
