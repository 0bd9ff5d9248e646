"""Hypothesis strategies shared by the test modules."""

from __future__ import annotations

import itertools
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


@st.composite
def deck_states(draw: st.DrawFn, max_steps: int = 300) -> cf.GameState:
    """A state reached by random legal play, with undos, from a deal of a random deck
    (no game code)."""
    start = cf.from_deck(draw(decks), draw=draw(st.sampled_from([1, 3])))
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_steps))
    return play_randomly(start, seed, steps)[-1]


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([2**53, -(2**63)])
    | st.integers(4300, 5000).map(lambda e: (-1) ** e * 10**e)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=12), inner, max_size=6)
    ),
    max_leaves=30,
)
"""Any plain JSON value (what ``json.loads`` can return), huge integers included."""


def _r8_order(base_suit: cf.Suit) -> tuple[cf.Suit, ...]:
    return (base_suit, *(s for s in cf.Suit if s is not base_suit))


@st.composite
def table_positions(
    draw: st.DrawFn, *, min_on_foundations: int = 0, max_reserve: int = 13
) -> cf.Position:
    """A hand-built position holding all 52 cards, not necessarily reachable by play.

    Each foundation holds ``min_on_foundations`` to 13 cards (the base suit may hold
    none: its base card was taken back); columns are runs, sometimes long (R14), often
    with a few unrelated cards under the run; the rest is spread over the reserve, the
    stock and the waste.  While the reserve has cards no column is empty (R16); with an
    empty reserve columns may be empty (R17).
    """
    base = draw(cards)
    sizes = {s: draw(st.integers(min_on_foundations, 13)) for s in cf.Suit}
    foundations = tuple(cf.Foundation(s, base.rank, sizes[s]) for s in _r8_order(base.suit))
    placed = {card for f in foundations for card in f.cards}
    rest = list(draw(st.permutations([c for c in cf.PACK if c not in placed])))
    reserve = rest[: draw(st.integers(0, min(max_reserve, len(rest))))]
    rest = rest[len(reserve) :]
    if len(rest) < 8:
        rest, reserve = rest + reserve, []
    bottoms = []
    for _ in range(4):
        bottoms.append(rest[: draw(st.integers(1 if reserve else 0, 2))])
        rest = rest[len(bottoms[-1]) :]
    columns: list[cf.Pile] = []
    for column in bottoms:
        for _ in range(draw(st.integers(0, 30)) if column else 0):
            # Extend the run with a card that fits on its top (R12, R13), if one is left.
            fitting = [c for c in rest if column[-1] in _onto(c)]
            if not fitting:
                break
            column.append(fitting[0])
            rest.remove(fitting[0])
        columns.append(tuple(column))
    split = draw(st.integers(0, len(rest)))
    return cf.Position(
        stock=tuple(rest[:split]),
        waste=tuple(rest[split:]),
        reserve=tuple(reserve),
        foundations=foundations,
        columns=tuple(columns),
    )


def _onto(card: cf.Card) -> frozenset[cf.Card]:
    """The two cards ``card`` may be placed on (R12, R13), worked out from the rule."""
    up = card.rank.next_up()
    return frozenset(cf.Card(up, s) for s in cf.Suit if (s.color is cf.Color.RED) != card.is_red)


@st.composite
def table_states(
    draw: st.DrawFn, *, min_on_foundations: int = 0, max_reserve: int = 13
) -> cf.GameState:
    """A fresh game state (no history, score 0) around :func:`table_positions`, in either
    draw mode, with a fan that a last draw could have left (R21)."""
    pos = draw(table_positions(min_on_foundations=min_on_foundations, max_reserve=max_reserve))
    mode = draw(st.sampled_from([1, 3]))
    fan = draw(st.integers(0, min(mode, len(pos.waste))))
    return cf.GameState(
        cf.Position(pos.stock, pos.waste, pos.reserve, pos.foundations, pos.columns, fan), draw=mode
    )


endgame_states = table_states(min_on_foundations=9, max_reserve=2)
"""Hand-built states near the end of a game: most cards up, little or no reserve."""


@st.composite
def late_states(draw: st.DrawFn, max_left: int = 6, columns: int = 4) -> cf.GameState:
    """A hand-built late-game state: all but a few cards (at most ``max_left``) on the
    foundations, the rest spread at random over the reserve, ``columns`` columns, the
    stock and the waste.  Such states have few enough positions that a plain search
    can visit them all."""
    base = draw(cards)
    counts = _split(draw, draw(st.integers(1, max_left)))
    foundations, missing = _suit_tails(base, counts)
    reserve, stock, waste, *tableau = _spread(
        draw, list(itertools.chain.from_iterable(missing)), columns
    )
    return _late_state(draw, foundations, reserve, stock, waste, tableau)


def _split(draw: st.DrawFn, total: int) -> list[int]:
    """How many cards of each suit are still to go up: four counts summing to ``total``."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=3, max_size=3)))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def _suit_tails(
    base: cf.Card, counts: list[int]
) -> tuple[list[cf.Foundation], list[list[cf.Card]]]:
    """The foundations (R8 order from ``base``) when suit ``k`` still misses the last
    ``counts[k]`` cards of its sequence, and those cards per suit, lowest first."""
    suits = [base.suit, *(s for s in cf.Suit if s is not base.suit)]  # R8 order
    foundations = []
    missing = []
    for suit, count in zip(suits, counts, strict=True):
        size = 13 - count
        foundations.append(cf.Foundation(suit, base.rank, size))
        missing.append(
            [cf.Card(cf.Rank((base.rank - 1 + h) % 13 + 1), suit) for h in range(size, 13)]
        )
    return foundations, missing


def _spread(draw: st.DrawFn, loose: list[cf.Card], columns: int) -> list[list[cf.Card]]:
    """``loose`` shuffled and dealt at random to the reserve, the stock, the waste and
    ``columns`` columns, in that order."""
    loose = draw(st.permutations(loose))
    places = draw(st.lists(st.integers(0, 2 + columns), min_size=len(loose), max_size=len(loose)))
    piles: list[list[cf.Card]] = [[] for _ in range(3 + columns)]
    for card, place in zip(loose, places, strict=True):
        piles[place].append(card)
    return piles


def _late_state(
    draw: st.DrawFn,
    foundations: list[cf.Foundation],
    reserve: list[cf.Card],
    stock: list[cf.Card],
    waste: list[cf.Card],
    tableau: list[list[cf.Card]],
) -> cf.GameState:
    """The game state of these piles, in either draw mode."""
    position = cf.Position(
        stock=tuple(stock),
        waste=tuple(waste),
        reserve=tuple(reserve),
        foundations=tuple(foundations),
        columns=tuple(tuple(c) for c in tableau),
    )
    return cf.GameState(position, draw=draw(st.sampled_from([1, 3])))


variants = st.sampled_from(cf.VARIANTS)
"""Any preset of the Canfield family (see ``docs/variants.rst``)."""

variant_deals = st.builds(
    lambda number, variant, draw: cf.Deal(number, draw=draw, rules=variant.rules),
    st.integers(min_value=0, max_value=cf.CODE_SPACE - 1),
    variants,
    st.sampled_from([1, 3]),
)
"""Any deal under any preset, in either draw mode."""


@st.composite
def variant_states(draw: st.DrawFn, max_steps: int = 200) -> cf.GameState:
    """A state reached by random legal play, with undos, from a deal under any preset."""
    start = cf.deal(draw(variant_deals))
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_steps))
    return play_randomly(start, seed, steps)[-1]


rules_values = st.builds(
    cf.Rules,
    draw=st.sampled_from([1, 3]),
    redeals=st.one_of(st.none(), st.integers(0, 3)),
    runs=st.sampled_from(["any", "whole", "top"]),
    takebacks=st.booleans(),
    fill=st.sampled_from(["auto", "auto-waste", "player", "player-reserve-waste", "none"]),
    base=st.sampled_from(["random", "choose", "A", "2", "K"]),
    build=st.sampled_from(["alternate", "suit", "any"]),
    undo=st.one_of(st.none(), st.integers(0, 120)),
    undo_counts=st.booleans(),
    autocomplete=st.booleans(),
    reserve=st.integers(0, 26),
    columns=st.integers(1, 8),
    reserve_open=st.booleans(),
    scoring=st.sampled_from(["standard", "casino"]),
)
"""Any rules, every option varied (not only the presets)."""

play_rules = st.builds(
    cf.Rules,
    runs=st.sampled_from(["any", "whole", "top"]),
    takebacks=st.booleans(),
    fill=st.sampled_from(["auto", "auto-waste", "player", "player-reserve-waste", "none"]),
    redeals=st.sampled_from([None, 0, 1, 2]),
    build=st.sampled_from(["alternate", "suit", "any"]),
    autocomplete=st.booleans(),
    draw=st.sampled_from([1, 3]),
)
"""Rules that vary the options of play only, so that they apply to any standard table."""


@st.composite
def rules_states(draw: st.DrawFn, max_steps: int = 200) -> cf.GameState:
    """A state reached by random legal play, with undos, under any rules (see
    :data:`rules_values`), from a coded deal or from a random deck."""
    rules = draw(rules_values)
    if draw(st.booleans()):
        start = cf.deal(cf.Deal(draw(st.integers(0, cf.CODE_SPACE - 1)), rules=rules))
    else:
        start = cf.from_deck(draw(decks), rules=rules)
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_steps))
    return play_randomly(start, seed, steps, undo_rate=draw(st.sampled_from([0.0, 0.1, 0.3])))[-1]


@st.composite
def locked_states(draw: st.DrawFn, max_left: int = 7, columns: int = 4) -> cf.GameState:
    """A late-game state (as :func:`late_states`) in which the first column holds the
    last card of a suit above another card of that suit still to go up.  The last card
    goes only on base-rank cards, which are up, so the solver's test of locked cards
    (``docs/solver.rst``) applies whenever no column card can reach an empty column."""
    base = draw(cards)
    counts = _split(draw, draw(st.integers(2, max_left)) - 2)
    locked_suit = draw(st.integers(0, 3))
    counts[locked_suit] += 2
    foundations, missing = _suit_tails(base, counts)
    mine = missing[locked_suit]
    # The last card of the suit, and one below it in the suit's order.
    pair = [mine.pop(draw(st.integers(0, len(mine) - 2))), mine.pop()]
    loose = list(itertools.chain.from_iterable(missing))
    reserve, stock, waste, *tableau = _spread(draw, loose, columns)
    first = tableau[0]
    low = draw(st.integers(0, len(first)))
    high = draw(st.integers(low, len(first)))
    tableau[0] = [*first[:low], pair[0], *first[low:high], pair[1], *first[high:]]
    return _late_state(draw, foundations, reserve, stock, waste, tableau)


@st.composite
def reserve_locked_states(draw: st.DrawFn, max_left: int = 5, columns: int = 3) -> cf.GameState:
    """A late-game state (as :func:`late_states`) with a card of some suit at the bottom
    of a column and two or three later cards of that suit at the bottom of the reserve,
    every column holding a card: the case of the solver's test of locked cards behind
    a full reserve (``docs/solver.rst``)."""
    base = draw(cards)
    counts = _split(draw, draw(st.integers(0, max_left)))
    held_suit = draw(st.integers(0, 3))
    kept = draw(st.integers(2, 3))
    counts[held_suit] += kept + 1
    foundations, missing = _suit_tails(base, counts)
    mine = missing[held_suit]
    # One card of the suit for a column, later ones for the reserve.
    low = [mine.pop(draw(st.integers(0, len(mine) - kept - 1)))]
    high = draw(st.permutations(mine[len(mine) - kept :]))
    del mine[len(mine) - kept :]
    loose = draw(st.permutations(list(itertools.chain.from_iterable(missing))))
    # Every column holds a card: the first ones dealt go one to each column.
    columns = min(columns, len(loose) + 1)
    firsts = draw(st.permutations([*low, *loose[: columns - 1]]))
    reserve, stock, waste, *tableau = _spread(draw, loose[columns - 1 :], columns)
    for col, card in zip(tableau, firsts, strict=False):
        # The card of the suit goes under the others of its column.
        col.insert(0 if card in low else draw(st.integers(0, len(col))), card)
    return _late_state(draw, foundations, [*high, *reserve], stock, waste, tableau)
