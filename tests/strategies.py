"""Hypothesis strategies shared by the test modules."""

from __future__ import annotations

import random

from hypothesis import strategies as st

import pycanfield as cf

cards = st.sampled_from(cf.PACK)
"""Any card."""

deals = st.builds(
    cf.Deal,
    st.integers(min_value=0, max_value=cf.CODE_SPACE - 1),
    draw=st.sampled_from([1, 3]),
)
"""Any deal named by a CF1 code."""

decks = st.permutations(cf.PACK).map(tuple)
"""Any ordering of the pack, in dealing order."""

columns = st.integers(min_value=0, max_value=3)

any_moves = st.one_of(
    st.just(cf.DRAW),
    st.just(cf.RECYCLE),
    st.just(cf.Move.reserve_to_foundation()),
    st.just(cf.Move.waste_to_foundation()),
    st.builds(cf.Move.column_to_foundation, columns),
    st.builds(cf.Move.reserve_to_column, columns),
    st.builds(cf.Move.waste_to_column, columns),
    st.builds(
        lambda s, d, n: cf.Move.column_to_column(s, (s + d) % 4, count=n),
        columns,
        st.integers(1, 3),
        st.integers(1, 20),
    ),
    st.builds(cf.Move.foundation_to_column, st.sampled_from(list(cf.Suit)), columns),
)
"""Any move value, legal or not in a given state."""


def candidate_moves(columns: int = 4, max_count: int = 52) -> list[cf.Move]:
    """Every move value a position with ``columns`` columns could ever take: a superset
    of the legal moves of any state, used to check that nothing else is accepted."""
    moves = [
        cf.DRAW,
        cf.RECYCLE,
        cf.Move.reserve_to_foundation(),
        cf.Move.waste_to_foundation(),
    ]
    for i in range(columns):
        moves += [
            cf.Move.column_to_foundation(i),
            cf.Move.reserve_to_column(i),
            cf.Move.waste_to_column(i),
        ]
        moves += [cf.Move.foundation_to_column(s, i) for s in cf.Suit]
        for j in range(columns):
            if i != j:
                moves += [cf.Move.column_to_column(i, j, count=n) for n in range(1, max_count + 1)]
    return moves


def play_randomly(
    state: cf.GameState, seed: int, steps: int, *, undo_rate: float = 0.1
) -> list[cf.GameState]:
    """Play ``steps`` random actions (legal moves, with undos mixed in) from ``state``;
    returns every state visited, ``state`` first."""
    rng = random.Random(seed)
    seen = [state]
    for _ in range(steps):
        if state.history and rng.random() < undo_rate:
            state = cf.undo(state)
        else:
            moves = cf.legal_moves(state)
            if not moves:
                break
            state = cf.apply(state, rng.choice(moves))
        seen.append(state)
    return seen


@st.composite
def states(draw: st.DrawFn, max_steps: int = 300) -> cf.GameState:
    """A state reached by random legal play, with undos, from a random deal."""
    start = cf.deal(draw(deals))
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_steps))
    return play_randomly(start, seed, steps)[-1]
