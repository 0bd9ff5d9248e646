"""The deal and the reference game (R1-R3, R6, R28, R29)."""

from __future__ import annotations

from typing import Any

from hypothesis import given

import pycanfield as cf
from builders import play
from pycanfield import Card, Move
from strategies import decks


def _words(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


@given(decks)
def test_from_deck_deals_in_the_order_of_r2_r3(deck: tuple[Card, ...]) -> None:
    """R2, R3: deck[0:13] the reserve bottom to top, deck[13] the base card, deck[14:18]
    the columns, the other 34 the stock with deck[18] drawn first; the rest empty."""
    state = cf.from_deck(deck)
    assert state.reserve == deck[:13]
    assert state.foundations[0].cards == (deck[13],)
    assert [f.size for f in state.foundations[1:]] == [0, 0, 0]
    assert state.columns == tuple((card,) for card in deck[14:18])
    assert len(state.stock) == 34
    assert state.stock[-1] is deck[18]
    assert tuple(reversed(state.stock)) == deck[18:]
    assert state.waste == ()
    assert state.position.fan == 0
    assert (state.score, state.actions, state.history, state.code) == (0, 0, (), None)
    assert sorted(c.index for c in state.position.cards()) == list(range(52))  # R1


@given(decks)
def test_draws_give_the_stock_in_deck_order_r3(deck: tuple[Card, ...]) -> None:
    """R3: deck[18] is the first card the stock gives; draw 3 turns deck[18:21] with
    deck[20] on top (R18)."""
    one = cf.apply(cf.from_deck(deck, draw=1), cf.DRAW)
    assert one.waste == (deck[18],)
    three = cf.apply(cf.from_deck(deck, draw=3), cf.DRAW)
    assert three.waste == deck[18:21]
    assert three.waste[-1] is deck[20]


def test_reserve_size_is_always_known_r6(reference: dict[str, Any]) -> None:
    """R6: a state exposes how many cards are left in the reserve."""
    state = cf.deal(reference["code"])
    assert len(state.reserve) == 13
    assert len(play(state, "R>2", "R>F").reserve) == 11


def test_reference_opening_move_by_move_r29(reference: dict[str, Any]) -> None:
    """R29: Q♣ onto K♥, 8♥ up, K♥ Q♣ onto A♠ with Q♠ refilling column 2; every pile and
    the score checked after each move."""
    state = cf.deal("CF1-D3-AAAAACL")
    assert [str(m) for m in cf.legal_moves(state)] == ["R>2", "2>4", "draw"]
    stock = reference["stock"]
    hearts = cf.Suit.HEARTS

    # 1. Q♣ from the reserve onto K♥ (column 2).
    state = cf.apply(state, Move.reserve_to_column(1))
    assert _words(state.reserve) == reference["reserve"][:12]
    assert [_words(c) for c in state.columns] == [["6C"], ["KH", "QC"], ["QH"], ["AS"]]
    assert _words(state.position.foundation(hearts).cards) == ["7H"]
    assert [f.size for f in state.foundations] == [1, 0, 0, 0]
    assert (_words(state.stock), state.waste, state.score) == (stock, (), 0)

    # 2. 8♥ from the reserve onto the hearts foundation.
    state = cf.apply(state, Move.reserve_to_foundation())
    assert _words(state.reserve) == reference["reserve"][:11]
    assert state.reserve[-1] is Card.parse("QS")
    assert [_words(c) for c in state.columns] == [["6C"], ["KH", "QC"], ["QH"], ["AS"]]
    assert _words(state.position.foundation(hearts).cards) == ["7H", "8H"]
    assert [f.size for f in state.foundations] == [2, 0, 0, 0]
    assert (_words(state.stock), state.waste, state.score) == (stock, (), 5)

    # 3. K♥ with Q♣ from column 2 onto A♠; the reserve refills column 2 with Q♠ (R16).
    state = cf.apply(state, Move.column_to_column(1, 3, count=2))
    after = reference["after_opening"]
    assert _words(state.reserve) == after["reserve"]
    assert len(state.reserve) == 10
    assert state.reserve[-1] is Card.parse("JS")
    assert [_words(c) for c in state.columns] == after["columns"]
    assert {f.suit.letter: _words(f.cards) for f in state.foundations} == after["foundations"]
    assert len(state.stock) == after["stock_size"] == 34
    assert _words(state.stock) == stock
    assert _words(state.waste) == after["waste"]
    assert state.score == after["score"] == 5
    assert state.actions == 3
    assert [str(step.move) for step in state.history] == ["R>2", "R>F", "2>4X2"]


def test_game_code_is_kept_through_moves_and_undo_r28() -> None:
    """R28: the code of a game is the code of its deal; moves made since do not change it."""
    state = cf.deal("cf1-d3-aaaaacl")
    assert state.code == "CF1-D3-AAAAACL"
    moved = play(state, "R>2", "R>F", "draw", "draw")
    assert moved.code == "CF1-D3-AAAAACL"
    assert cf.undo(moved).code == "CF1-D3-AAAAACL"
    assert cf.deal(moved.code) == state


def test_draw_mode_is_part_of_the_code_r28() -> None:
    one = cf.deal("CF1-D1-AAAAACL")
    three = cf.deal("CF1-D3-AAAAACL")
    assert one.position == three.position
    assert (one.draw, three.draw) == (1, 3)
    assert len(cf.apply(one, cf.DRAW).waste) == 1
    assert len(cf.apply(three, cf.DRAW).waste) == 3
