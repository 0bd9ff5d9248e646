"""The stock and the waste: drawing, recycling, the playable card and the fan (R18-R21)."""

from __future__ import annotations

import pytest

import pycanfield as cf
from builders import moves, pile, play, refused, state
from pycanfield import Card

STOCK = "AD 2C 3H 4S 5D 6C 7H"  # 7♥ is drawn first


def _fan(game: cf.GameState) -> str:
    return " ".join(str(c) for c in game.position.visible_waste)


def test_draw_3_turns_three_cards_the_last_on_top_r18() -> None:
    """R18: three at a time; the last one turned is the top and the only playable one."""
    game = play(state(columns=["KS", "KH", "KD", "KC"], stock=STOCK, draw=3), "draw")
    assert game.waste == pile("7H 6C 5D")
    assert game.stock == pile("AD 2C 3H 4S")
    assert game.waste[-1] is Card.parse("5D")
    game = play(game, "draw")
    assert game.waste == pile("7H 6C 5D 4S 3H 2C")
    assert game.stock == pile("AD")


@pytest.mark.parametrize(("left", "turned"), [(2, "7H 6C"), (1, "7H")])
def test_draw_3_with_fewer_left_turns_all_that_are_left_r18(left: int, turned: str) -> None:
    """R18: all that are left if fewer than three."""
    stock = " ".join(STOCK.split()[-left:])
    game = play(state(columns=["KS", "KH", "KD", "KC"], stock=stock, draw=3), "draw")
    assert game.waste == pile(turned)
    assert game.stock == ()
    assert game.position.fan == left


def test_draw_1_turns_one_card_r18() -> None:
    """R18: draw 1 turns one card at a time."""
    game = state(columns=["KS", "KH", "KD", "KC"], stock=STOCK, draw=1)
    for k in range(1, 8):
        game = play(game, "draw")
        assert len(game.waste) == k
        assert game.waste[-1] is pile(STOCK)[-k]
        assert game.position.fan == 1
    refused(game, "draw", "R19")


def test_the_next_waste_card_becomes_playable_when_the_top_is_played_r18_r20() -> None:
    """R18, R20: only the top card plays; the one under it is next."""
    game = play(state(columns=["6S", "KH", "KD", "KC"], stock="4S 4C 5H", base="4H"), "draw")
    assert game.waste == pile("5H 4C 4S")
    # 5♥ would fit on 6♠, but 4♠ is on top of it.
    refused(game, "W>1", "R12", "4♠ cannot go on 6♠")
    game = play(game, "W>F")  # 4♠ starts its foundation (base rank 4)
    assert game.waste[-1] is Card.parse("4C")
    game = play(game, "W>F", "W>1")
    assert game.columns[0] == pile("6S 5H")
    assert game.waste == ()
    refused(game, "W>F", "R20", "waste is empty")
    refused(game, "W>2", "R20", "waste is empty")


def test_recycle_turns_the_waste_back_in_the_same_order_r19() -> None:
    """R19: the next pass gives the cards in the same order; passes are unlimited and free."""
    for draw in (1, 3):
        game = state(columns=["KS", "KH", "KD", "KC"], stock=STOCK, draw=draw, score=20)
        first_pass = []
        while game.stock:
            game = play(game, "draw")
            first_pass.append(game.waste)
        assert moves(game) == ["recycle"]
        for _ in range(3):
            game = play(game, "recycle")
            assert game.stock == pile(STOCK)
            assert game.waste == ()
            assert game.position.fan == 0
            assert game.score == 20
            again = []
            while game.stock:
                game = play(game, "draw")
                again.append(game.waste)
            assert again == first_pass


def test_recycle_only_with_an_empty_stock_and_a_waste_r19() -> None:
    """R19 (decided): recycle only when the stock is empty and the waste is not; draw
    only when the stock is not empty."""
    game = state(columns=["KS", "KH", "KD", "KC"], stock="2C 3C", waste="4C")
    assert moves(game)[-1] == "draw"
    assert "recycle" not in moves(game)
    refused(game, "recycle", "R19", "only when the stock is empty")
    empty_stock = state(columns=["KS", "KH", "KD", "KC"], waste="4C")
    refused(empty_stock, "draw", "R19", "stock is empty; recycle the waste")
    assert moves(empty_stock) == ["recycle"]
    nothing = state(columns=["KS", "KH", "KD", "KC"])
    refused(nothing, "draw", "R19", "the stock is empty")
    refused(nothing, "recycle", "R19", "stock and the waste are both empty")
    assert moves(nothing) == []


def test_fan_follows_the_last_draw_r21() -> None:
    """R21: the fan shows the cards of the last draw still on the waste."""
    game = state(columns=["6S", "KH", "KD", "8C"], reserve="QC", stock="JD 7H 5H 2C", base="4S")
    game = play(game, "draw")
    assert (game.position.fan, _fan(game)) == (3, "2C 5H 7H")
    game = play(game, "W>4")  # 7♥ onto 8♣
    assert (game.position.fan, _fan(game)) == (2, "2C 5H")
    game = play(game, "R>2")  # Q♣ onto K♥: other moves leave the fan alone
    assert (game.position.fan, _fan(game)) == (2, "2C 5H")
    game = play(game, "W>1")  # 5♥ onto 6♠
    assert (game.position.fan, _fan(game)) == (1, "2C")
    game = play(game, "draw")  # one card left in the stock
    assert (game.position.fan, _fan(game)) == (1, "JD")
    game = play(game, "W>2")  # J♦ onto Q♣
    assert game.position.fan == 0
    assert _fan(game) == "2C"  # the top card stays visible
    game = play(game, "recycle")
    assert (game.position.fan, _fan(game)) == (0, "")


def test_fan_in_draw_1_is_the_top_card_r21() -> None:
    game = play(state(columns=["KS", "KH", "KD", "KC"], stock=STOCK, draw=1), "draw", "draw")
    assert game.position.fan == 1
    assert _fan(game) == "6C"
