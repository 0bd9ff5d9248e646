"""GameState and the ways to start a game (R2, R6, R18, R28)."""

from __future__ import annotations

import attrs
import pytest

import pycanfield as cf
from builders import play


def test_shortcuts_read_the_position() -> None:
    game = cf.deal("CF1-D3-AAAAACL")
    pos = game.position
    assert (game.stock, game.waste, game.reserve) == (pos.stock, pos.waste, pos.reserve)
    assert (game.foundations, game.columns) == (pos.foundations, pos.columns)
    assert game.base_rank is pos.base_rank is cf.Rank.SEVEN
    assert len(game.reserve) == 13  # R6


def test_repr_names_the_game() -> None:
    game = play(cf.deal("CF1-D3-AAAAACL"), "R>2", "R>F")
    assert repr(game) == "<GameState CF1-D3-AAAAACL, 2 actions, score 5>"
    assert repr(cf.from_deck(cf.PACK)) == "<GameState custom deal, 0 actions, score 0>"


@pytest.mark.parametrize("draw", [0, 2, 4, True, 3.0, "1"])
def test_draw_mode_is_1_or_3_r18(draw: object) -> None:
    """R18: two draw modes."""
    pos = cf.deal("CF1-D3-AAAAACL").position
    with pytest.raises(cf.OptionError, match="draw must be 1 or 3"):
        cf.GameState(pos, draw=draw)  # type: ignore[arg-type]
    with pytest.raises(cf.OptionError):
        cf.from_deck(cf.PACK, draw=draw)  # type: ignore[arg-type]


def test_draw_3_is_the_default_r18() -> None:
    assert cf.from_deck(cf.PACK).draw == 3
    assert cf.new_game().draw == 3
    assert cf.GameState(cf.from_deck(cf.PACK).position).draw == 3


def test_states_are_immutable_and_compare_by_value() -> None:
    a = cf.deal("CF1-D3-AAAAACL")
    b = cf.deal(cf.Deal(63))
    assert a == b
    assert a != cf.deal("CF1-D1-AAAAACL")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.score = 5  # type: ignore[misc]
    moved = cf.apply(a, cf.Move.parse("R>2"))
    assert a == b  # apply left its input alone
    assert moved != a


def test_from_deck_has_no_code_r28() -> None:
    game = cf.from_deck(list(reversed(cf.PACK)), draw=1)
    assert game.code is None
    assert game.draw == 1
    assert game.foundations[0].cards == (cf.PACK[51 - 13],)  # R2: deck[13] is the base card
