"""Build positions and states by hand from card strings, for tests of single rules.

Piles are written bottom to top, blank-separated, as the library lists them:
``columns=["6C", "KH QC", "", "AS"]`` gives four columns, the third empty.  Nothing is
checked: a hand-built position may hold any subset of the pack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

import pycanfield as cf


def pile(text: str) -> cf.Pile:
    """The cards of ``text`` (``"KH QC"``), bottom to top."""
    return tuple(cf.Card.parse(word) for word in text.split())


def r8_order(base_suit: cf.Suit) -> tuple[cf.Suit, ...]:
    """The foundation order of R8, written out independently of the library."""
    return (
        base_suit,
        *(
            s
            for s in (cf.Suit.SPADES, cf.Suit.HEARTS, cf.Suit.DIAMONDS, cf.Suit.CLUBS)
            if s is not base_suit
        ),
    )


def foundations(
    base: str = "7H", sizes: Mapping[str, int] | None = None
) -> tuple[cf.Foundation, ...]:
    """Four foundations in R8 order for base card ``base``; ``sizes`` maps a suit letter
    to its number of cards (default: only the base card is up)."""
    card = cf.Card.parse(base)
    wanted = {card.suit.letter: 1} if sizes is None else dict(sizes)
    return tuple(
        cf.Foundation(suit, card.rank, wanted.get(suit.letter, 0)) for suit in r8_order(card.suit)
    )


def position(
    *,
    columns: Sequence[str] = ("", "", "", ""),
    reserve: str = "",
    stock: str = "",
    waste: str = "",
    base: str = "7H",
    sizes: Mapping[str, int] | None = None,
    fan: int = 0,
) -> cf.Position:
    """A position from piles written as text (bottom to top; the stock's last card is
    drawn first)."""
    return cf.Position(
        stock=pile(stock),
        waste=pile(waste),
        reserve=pile(reserve),
        foundations=foundations(base, sizes),
        columns=tuple(pile(c) for c in columns),
        fan=fan,
    )


def state(
    *,
    draw: int = 3,
    score: int = 0,
    columns: Sequence[str] = ("", "", "", ""),
    reserve: str = "",
    stock: str = "",
    waste: str = "",
    base: str = "7H",
    sizes: Mapping[str, int] | None = None,
    fan: int = 0,
) -> cf.GameState:
    """A fresh game state (no history) around :func:`position`."""
    pos = position(
        columns=columns, reserve=reserve, stock=stock, waste=waste, base=base, sizes=sizes, fan=fan
    )
    return cf.GameState(pos, draw=draw, score=score)


FULL = {"S": 13, "H": 13, "D": 13, "C": 13}
"""Sizes for four full foundations."""


def moves(state_: cf.GameState) -> list[str]:
    """The legal moves of ``state_`` in notation, in the library's order."""
    return [str(m) for m in cf.legal_moves(state_)]


def play(state_: cf.GameState, *notation: str) -> cf.GameState:
    """Apply moves given in notation, one after the other."""
    for text in notation:
        state_ = cf.apply(state_, cf.Move.parse(text))
    return state_


def refused(game: cf.GameState, text: str, rule: str, message: str | None = None) -> None:
    """Check that the move ``text`` is illegal in ``game`` under ``rule``: ``apply``
    raises IllegalMoveError naming the rule (and matching ``message``), ``is_legal``
    says no and ``legal_moves`` leaves it out."""
    move = cf.Move.parse(text)
    with pytest.raises(cf.IllegalMoveError, match=message) as info:
        cf.apply(game, move)
    assert info.value.rule == rule
    assert info.value.move == move
    assert f"({rule})" in str(info.value)
    assert not cf.is_legal(game, move)
    assert move not in cf.legal_moves(game)
