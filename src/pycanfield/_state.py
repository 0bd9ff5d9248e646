"""The game state and the ways to start a game.

A :class:`GameState` wraps a :class:`~pycanfield.Position` with what the position alone
does not say: the draw mode, the score, how many actions were taken, the game code and
the undo history.  Every function of the library returns a new state; none changes one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs

from ._cards import Card, Rank, check_deck
from ._codes import Deal, decode
from ._errors import OptionError
from ._moves import Move
from ._position import Foundation, Pile, Position, foundation_suits

__all__ = ["HISTORY_LIMIT", "GameState", "Step", "deal", "from_deck", "new_game"]

HISTORY_LIMIT = 100
"""How many actions can be undone (R27)."""


@attrs.frozen
class Step:
    """One entry of the undo history: a move and what the game was before it."""

    move: Move
    #: The position before the move.
    before: Position
    #: The score before the move.
    score: int


def _check_draw(instance: object, attribute: object, value: int) -> None:
    if value not in (1, 3) or isinstance(value, bool):
        raise OptionError(f"draw must be 1 or 3, not {value!r}")


@attrs.frozen(repr=False)
class GameState:
    """A game in progress.  Immutable; equal states compare equal.

    The undo history holds the last :data:`HISTORY_LIMIT` actions (R27), oldest first.
    Start a game with :func:`deal`, :func:`new_game` or :func:`from_deck`.

    >>> state = deal("CF1-D3-AAAAACL")
    >>> state.code, state.draw, state.score, len(state.stock)
    ('CF1-D3-AAAAACL', 3, 0, 34)
    """

    position: Position
    draw: int = attrs.field(default=3, validator=_check_draw)
    score: int = 0
    #: How many actions (moves, draws, recycles) were taken; an undo takes one back.
    actions: int = 0
    #: The CF1 code of the deal, or ``None`` for a deal built from an explicit deck.
    code: str | None = None
    history: tuple[Step, ...] = ()

    # Shortcuts to the position's piles, so that ``state.reserve`` reads naturally.
    @property
    def stock(self) -> Pile:
        """The stock, bottom to top; the top card is drawn next."""
        return self.position.stock

    @property
    def waste(self) -> Pile:
        """The waste, bottom to top."""
        return self.position.waste

    @property
    def reserve(self) -> Pile:
        """The reserve, bottom to top; its size is always known (R6)."""
        return self.position.reserve

    @property
    def foundations(self) -> tuple[Foundation, ...]:
        """The four foundations in R8 order."""
        return self.position.foundations

    @property
    def columns(self) -> tuple[Pile, ...]:
        """The tableau columns, left to right."""
        return self.position.columns

    @property
    def base_rank(self) -> Rank:
        """The base rank of the foundations (R7)."""
        return self.position.base_rank

    def __repr__(self) -> str:
        name = self.code if self.code is not None else "custom deal"
        return f"<GameState {name}, {self.actions} actions, score {self.score}>"


def _deal_position(deck: tuple[Card, ...]) -> Position:
    """Lay out a deck in dealing order as R2 and R3 say."""
    base = deck[13]
    foundations = tuple(
        Foundation(suit, base.rank, 1 if suit is base.suit else 0)
        for suit in foundation_suits(base.suit)
    )
    return Position(
        stock=tuple(reversed(deck[18:])),
        waste=(),
        reserve=deck[:13],
        foundations=foundations,
        columns=tuple((card,) for card in deck[14:18]),
    )


def from_deck(deck: Iterable[Card | str], *, draw: int = 3) -> GameState:
    """Start a game from 52 cards in dealing order (R3): ``deck[0]`` is dealt first.

    Cards may be :class:`~pycanfield.Card` values or strings such as ``"QC"``.  The game
    has no code (``code`` is ``None``).  A deck that is not 52 distinct cards raises
    :class:`~pycanfield.DeckError`.
    """
    return GameState(_deal_position(check_deck(deck)), draw=draw)


def deal(code: str | Deal) -> GameState:
    """Start the game of a code (R28), such as ``"CF1-D3-AAAAACL"``."""
    chosen = code if isinstance(code, Deal) else decode(code)
    return GameState(_deal_position(chosen.deck()), draw=chosen.draw, code=str(chosen))


def new_game(*, draw: int = 3, rng: random.Random | None = None) -> GameState:
    """Start a random game, drawn uniformly from all CF1 codes.

    Pass ``rng`` (a :class:`random.Random`) for a reproducible choice.
    """
    return deal(Deal.random(draw=draw, rng=rng))
