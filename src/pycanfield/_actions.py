"""A fixed integer action space and a flat observation, for bots.

Learning libraries expect a game to number its actions ``0 .. N-1`` once and for all,
and to say which numbers are legal in a state with a mask.  A :class:`~pycanfield.Move`
names piles, not cards, so each move value gets one number that means the same action in
every state.  ``docs/bots.rst`` has the full tables.

Actions (``ACTION_COUNT`` = 644):

=========  ================================================================
0          ``draw``
1          ``recycle``
2          ``R>F``
3          ``W>F``
4-7        ``c>F``, column ``c`` = 0..3
8-11       ``R>c``
12-15      ``W>c``
16-31      ``F<suit>>c``: ``16 + 4 * suit + c`` (suit: S=0, H=1, D=2, C=3)
32-643     ``s>t`` with a count: ``32 + 51 * (3 * s + slot) + count - 1``,
           ``slot`` = ``t`` if ``t < s`` else ``t - 1``; count 1..51
=========  ================================================================

Under other rules (:class:`~pycanfield.Rules`) the same numbers serve every layout of at
most four columns; a game with more columns, or the choice of a base card (``base N``),
has no action number and raises :class:`~pycanfield.ActionError`.  The observation
needs a stock of at most 34 cards as well (a reserve and columns of 17 cards or more).

Why 51 is the largest count (:data:`MAX_RUN`): a column-to-column move of ``count``
cards takes them from one column, so ``count`` is at most that column's length, and the
position holds 52 cards.  If the target column is not empty it holds one of them, so the
source holds at most 51.  If the target is empty, R14 forbids moving the whole source
column, so ``count`` is below the source's length, which is at most 52.  Either way
``count <= 51``, in every position of the pack, reachable or not.
"""

from __future__ import annotations

import functools
import operator
from typing import SupportsIndex

from ._cards import Card, Suit
from ._checks import ActionTypeError, wrong_type
from ._errors import ActionError
from ._moves import DRAW, RECYCLE, Move, MoveKind, _intern
from ._rules import _play, _standard_moves
from ._rules_variant import variant_moves
from ._state import GameState

__all__ = [
    "ACTION_COUNT",
    "MAX_RUN",
    "OBSERVATION_HIGH",
    "OBSERVATION_SIZE",
    "action_to_move",
    "legal_action_mask",
    "legal_actions",
    "move_to_action",
    "observe",
]

COLUMNS = 4
"""The number of tableau columns the numbering covers."""

MAX_RUN = 51
"""The largest ``count`` of a legal column-to-column move (see the module docs)."""

_COLUMN_TO_COLUMN = 32

ACTION_COUNT = _COLUMN_TO_COLUMN + COLUMNS * (COLUMNS - 1) * MAX_RUN
"""How many actions there are: 644.  Actions are the integers ``0 .. ACTION_COUNT - 1``."""


def _build_actions() -> tuple[Move, ...]:
    moves: list[Move] = [
        DRAW,
        RECYCLE,
        _intern(MoveKind.RESERVE_TO_FOUNDATION),
        _intern(MoveKind.WASTE_TO_FOUNDATION),
    ]
    moves += [_intern(MoveKind.COLUMN_TO_FOUNDATION, c) for c in range(COLUMNS)]
    moves += [_intern(MoveKind.RESERVE_TO_COLUMN, None, c) for c in range(COLUMNS)]
    moves += [_intern(MoveKind.WASTE_TO_COLUMN, None, c) for c in range(COLUMNS)]
    moves += [
        _intern(MoveKind.FOUNDATION_TO_COLUMN, None, c, suit)
        for suit in Suit
        for c in range(COLUMNS)
    ]
    for s in range(COLUMNS):
        for t in range(COLUMNS):
            if t != s:
                moves += [
                    _intern(MoveKind.COLUMN_TO_COLUMN, s, t, None, n) for n in range(1, MAX_RUN + 1)
                ]
    return tuple(moves)


@functools.cache
def _tables() -> tuple[tuple[Move, ...], dict[Move, int]]:
    # The move of each action and its inverse, built on first use, not at import.  Moves
    # are interned, but a Move built directly (not through a constructor) is an equal,
    # distinct object, so the inverse is keyed by value.
    actions = _build_actions()
    numbers = {move: i for i, move in enumerate(actions)}
    assert len(actions) == ACTION_COUNT == len(numbers)
    return actions, numbers


def move_to_action(move: Move) -> int:
    """The action number of ``move``.

    Every move that can be legal in a game has a number, legal in the state at hand or
    not.  A move that no game can make (a column index above 3, or a run of more than
    :data:`MAX_RUN` cards) raises :class:`~pycanfield.ActionError`.

    >>> from pycanfield import Move
    >>> move_to_action(Move.parse("draw")), move_to_action(Move.parse("1>4x2"))
    (0, 135)
    """
    if not isinstance(move, Move):
        raise wrong_type("move_to_action", "move", "a Move", move, ActionTypeError)
    number = _tables()[1].get(move)
    if number is None:
        if move.kind is MoveKind.CHOOSE_BASE:
            why = "choosing the base card is not in the action space"
        elif move.kind is MoveKind.COLUMN_TO_COLUMN and move.count > MAX_RUN:
            why = f"a run moves at most {MAX_RUN} cards"
        else:
            why = f"there are only {COLUMNS} columns"
        raise ActionError(f"{move} has no action number: {why}")
    return number


def _check_action(action: object, function: str) -> int:
    if isinstance(action, bool):
        raise wrong_type(function, "action", "an integer", action, ActionTypeError)
    try:
        number = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise wrong_type(function, "action", "an integer", action, ActionTypeError) from None
    if not 0 <= number < ACTION_COUNT:
        raise ActionError(f"actions run from 0 to {ACTION_COUNT - 1}, not {number}")
    return number


def action_to_move(state: GameState, action: SupportsIndex) -> Move:
    """The move of ``action`` in ``state``; it must be legal there.

    ``action`` is any integer (NumPy integers too) in ``0 .. ACTION_COUNT - 1``; another
    value raises :class:`~pycanfield.ActionError`.  An action in range that the rules
    refuse in ``state`` raises the :class:`~pycanfield.IllegalMoveError` that
    :func:`~pycanfield.apply` would raise, naming the rule; so a move returned here can
    always be applied.  To test an action without an exception, read
    :func:`legal_action_mask`.

    >>> from pycanfield import deal
    >>> state = deal("CF1-D3-AAAAACL")
    >>> action_to_move(state, 9)
    Move.parse('R>2')
    >>> from pycanfield import IllegalMoveError
    >>> try:
    ...     action_to_move(state, 2)
    ... except IllegalMoveError as error:
    ...     print(error.rule, error.move)
    R9 R>F

    A ``state`` that is not a :class:`~pycanfield.GameState` raises
    :class:`~pycanfield.WrongTypeError`; an ``action`` that is not an integer raises an
    error that is both a :class:`~pycanfield.WrongTypeError` and an
    :class:`~pycanfield.ActionError`.
    """
    if not isinstance(state, GameState):
        raise wrong_type("action_to_move", "state", "a GameState", state)
    move = _tables()[0][_check_action(action, "action_to_move")]
    _check_layout(state)
    _play(state.position, move, state.draw, state.rules)
    return move


def decode_action(action: SupportsIndex) -> Move:
    """The move of ``action`` without a legality check (used by the environment)."""
    return _tables()[0][_check_action(action, "CanfieldEnv.step")]


def _check_layout(state: GameState) -> None:
    """Raise unless the action numbers cover the game's layout (see the module docs)."""
    rules = state.rules
    if rules.is_standard:
        return
    if rules.columns > COLUMNS:
        raise ActionError(
            f"the action space covers at most {COLUMNS} columns; these rules have {rules.columns}"
        )
    if state.position.pending:
        raise ActionError(
            "choosing the base card has no action number: apply a 'base N' move first"
        )


def _legal_numbers(state: GameState, function: str) -> list[int]:
    if not isinstance(state, GameState):
        raise wrong_type(function, "state", "a GameState", state)
    numbers = _tables()[1]
    if state.rules.is_standard:
        return [numbers[move] for move in _standard_moves(state.position)]
    _check_layout(state)
    return [numbers[move] for move in variant_moves(state.position, state.rules)]


def legal_actions(state: GameState) -> list[int]:
    """The numbers of the legal actions in ``state``, in increasing order.

    >>> from pycanfield import deal
    >>> legal_actions(deal("CF1-D3-AAAAACL"))
    [0, 9, 287]
    """
    return sorted(_legal_numbers(state, "legal_actions"))


def legal_action_mask(state: GameState) -> tuple[bool, ...]:
    """A tuple of :data:`ACTION_COUNT` flags: ``True`` where the action is legal.

    The ``True`` entries are exactly the actions of :func:`~pycanfield.legal_moves`.

    >>> from pycanfield import deal
    >>> mask = legal_action_mask(deal("CF1-D3-AAAAACL"))
    >>> len(mask), [i for i, ok in enumerate(mask) if ok]
    (644, [0, 9, 287])
    """
    mask = [False] * ACTION_COUNT
    for number in _legal_numbers(state, "legal_action_mask"):
        mask[number] = True
    return tuple(mask)


# -- observation ----------------------------------------------------------------------

WASTE_SLOTS = 3
"""How many visible waste cards the observation shows (a draw turns at most three)."""
COLUMN_SLOTS = 52
"""Card slots per column: a column can hold at most the whole pack."""

_HEAD = (
    # (name, inclusive upper bound)
    ("draw", 3),
    ("stock size", 34),
    ("waste size", 34),
    *((f"waste card {i + 1}", 52) for i in range(WASTE_SLOTS)),
    ("reserve size", 13),
    ("reserve top", 52),
    ("base rank", 13),
    *((f"{suit} foundation size", 13) for suit in "SHDC"),
    *((f"column {c + 1} size", 52) for c in range(COLUMNS)),
)

OBSERVATION_SIZE = len(_HEAD) + COLUMNS * COLUMN_SLOTS
"""How many integers :func:`observe` returns: 225."""

OBSERVATION_HIGH: tuple[int, ...] = tuple(high for _, high in _HEAD) + (52,) * (
    COLUMNS * COLUMN_SLOTS
)
"""The largest value of each slot of the observation; the smallest is always 0.  The
bounds hold in every game started from a deal: the stock and the waste share the 34
cards dealt to the stock, the reserve starts with 13 and never grows (R5)."""


def card_code(card: Card | None) -> int:
    """A card as an observation value: ``card.index + 1`` (1..52), 0 for no card."""
    return 0 if card is None else card.index + 1


def observe(state: GameState) -> tuple[int, ...]:
    """What a player sees, as :data:`OBSERVATION_SIZE` integers (all between 0 and 52).

    Cards are coded ``card.index + 1``: 1-13 spades ace to king, 14-26 hearts, 27-39
    diamonds, 40-52 clubs; 0 is "no card".  Slots, in order: draw mode (1 or 3); stock
    size; waste size; the visible waste cards (R21), top first, 3 slots; reserve size;
    reserve top; base rank (1-13); the foundation sizes of spades, hearts, diamonds and
    clubs (a foundation's cards follow from its size and the base rank); the four column
    sizes; then four blocks of 52 slots, one per column, its cards bottom to top and
    padded with 0.  Face-down stock cards and waste cards under the fan are not shown.

    >>> from pycanfield import deal
    >>> obs = observe(deal("CF1-D3-AAAAACL"))
    >>> len(obs), obs[:17]
    (225, (3, 34, 0, 0, 0, 0, 13, 51, 7, 0, 1, 0, 0, 1, 1, 1, 1))

    Under other rules the columns past the last are empty; a layout whose stock can
    exceed 34 cards, or a reserve of more than 13, raises :class:`~pycanfield.ActionError`.
    """
    if not isinstance(state, GameState):
        raise wrong_type("observe", "state", "a GameState", state)
    pos = state.position
    rules = state.rules
    if not rules.is_standard:
        _check_layout(state)
        if rules.reserve > 13 or rules.reserve + rules.columns < 17:
            raise ActionError(
                "the observation covers a reserve of at most 13 cards and a stock of at "
                f"most 34; these rules deal {rules.reserve} and {rules.columns} columns"
            )
    visible = pos.visible_waste[::-1]
    waste = [card_code(visible[i]) if i < len(visible) else 0 for i in range(WASTE_SLOTS)]
    sizes = [0, 0, 0, 0]
    for f in pos.foundations:
        sizes[f.suit] = f.size
    columns = pos.columns
    out = [
        state.draw,
        len(pos.stock),
        len(pos.waste),
        *waste,
        len(pos.reserve),
        card_code(pos.reserve[-1]) if pos.reserve else 0,
        int(pos.base_rank),
        *sizes,
        *(len(columns[c]) if c < len(columns) else 0 for c in range(COLUMNS)),
    ]
    for col in columns:
        out += [c.index + 1 for c in col]
        out += [0] * (COLUMN_SLOTS - len(col))
    out += [0] * (COLUMN_SLOTS * (COLUMNS - len(columns)))
    return tuple(out)
