"""No automatic play, and undo (R26, R27)."""

from __future__ import annotations

import attrs
import pytest

import pycanfield as cf
from builders import moves, pile, play, state


def _cycle(game: cf.GameState, actions: int) -> cf.GameState:
    """Take ``actions`` draws and recycles (always possible with cards in stock or waste)."""
    for _ in range(actions):
        game = cf.apply(game, cf.DRAW if game.stock else cf.RECYCLE)
    return game


def test_nothing_is_played_automatically_r26() -> None:
    """R26: a card that could go up stays where it is; only the player moves it."""
    game = play(cf.deal("CF1-D3-AAAAACL"), "R>2")
    assert game.reserve[-1] is cf.Card.parse("8H")
    assert "R>F" in moves(game)
    assert [f.size for f in game.foundations] == [1, 0, 0, 0]
    game = play(game, "draw", "draw")
    assert [f.size for f in game.foundations] == [1, 0, 0, 0]


def test_the_game_does_not_finish_itself_r26() -> None:
    """R26: with every remaining card playable straight up, nothing moves by itself."""
    game = state(
        columns=["KC", "QC", "", ""],
        reserve="",
        base="AS",
        sizes={"S": 13, "H": 13, "D": 13, "C": 11},
    )
    game = play(game, "2>F")
    assert not cf.is_won(game)
    assert game.columns[0] == pile("KC")
    assert cf.is_won(play(game, "1>F"))


def test_undo_at_the_start_raises_undo_error_r27() -> None:
    with pytest.raises(cf.UndoError, match="nothing to undo") as info:
        cf.undo(cf.deal("CF1-D3-AAAAACL"))
    assert "R27" in str(info.value)
    assert isinstance(info.value, cf.CanfieldError)


def test_undo_reverts_the_move_its_points_and_the_refill_together_r27() -> None:
    """R27: undoing a move takes back its points; the reserve's auto-fill (R16) is undone
    with the move that caused it."""
    start = cf.deal("CF1-D3-AAAAACL")
    one = play(start, "R>2")
    two = play(one, "R>F")
    three = play(two, "2>4X2")
    assert three.columns[1] == pile("QS")
    back = cf.undo(three)
    assert back == two
    assert back.columns[1] == pile("KH QC")
    assert back.reserve[-1] is cf.Card.parse("QS")
    assert back.score == 5
    back = cf.undo(back)
    assert back == one
    assert back.score == 0
    assert back.reserve[-1] is cf.Card.parse("8H")
    assert cf.undo(back) == start
    assert cf.undo(back).actions == 0


def test_draws_and_recycles_are_undone_too_r27() -> None:
    """R27: draws and recycles are actions; the fan comes back with them (R21)."""
    game = state(columns=["KS", "KH", "KD", "KC"], stock="2C 3C 4C 5C", draw=3)
    drawn = play(game, "draw")
    fanned = play(drawn, "draw")
    assert fanned.position.fan == 1
    assert cf.undo(fanned) == drawn
    assert cf.undo(fanned).position.fan == 3
    recycled = play(fanned, "recycle")
    assert cf.undo(recycled) == fanned
    assert cf.undo(cf.undo(cf.undo(recycled))) == game


def test_undo_reaches_back_exactly_100_actions_r27() -> None:
    """R27: the last 100 actions; then a clear UndoError."""
    start = cf.deal("CF1-D1-AAAAACL")
    states = [start]
    for _ in range(150):
        states.append(_cycle(states[-1], 1))
    game = states[-1]
    assert game.actions == 150
    assert len(game.history) == cf.HISTORY_LIMIT == 100
    for k in range(1, 101):
        game = cf.undo(game)
        assert game.position == states[150 - k].position
        assert game.actions == 150 - k
    assert game.history == ()
    with pytest.raises(cf.UndoError, match="only the last 100 actions") as info:
        cf.undo(game)
    assert "R27" in str(info.value)
    # Playing on after that makes undo possible again.
    again = _cycle(game, 1)
    assert cf.undo(again) == game


def test_undo_of_apply_with_a_full_history_drops_the_oldest_step_r27() -> None:
    """R27: with 100 actions in the history, apply drops the oldest step; undo gives the
    state back except for that step."""
    game = _cycle(cf.deal("CF1-D3-AAAAACL"), 100)
    assert len(game.history) == 100
    after = _cycle(game, 1)
    assert len(after.history) == 100
    assert after.history[:-1] == game.history[1:]
    back = cf.undo(after)
    assert back != game
    assert back == attrs.evolve(game, history=game.history[1:])
    short = _cycle(cf.deal("CF1-D3-AAAAACL"), 99)
    assert cf.undo(_cycle(short, 1)) == short


def test_undo_keeps_the_code_and_the_draw_mode_r27() -> None:
    game = play(cf.deal("CF1-D1-AAAAACL"), "draw", "R>2")
    back = cf.undo(cf.undo(game))
    assert (back.code, back.draw) == ("CF1-D1-AAAAACL", 1)


def test_history_records_the_move_the_position_and_the_score_before() -> None:
    start = cf.deal("CF1-D3-AAAAACL")
    game = play(start, "R>2", "R>F")
    first, second = game.history
    assert first == cf.Step(cf.Move.parse("R>2"), start.position, 0)
    assert second.move == cf.Move.parse("R>F")
    assert second.score == 0
    assert game.score == 5


def test_the_history_repr_names_moves_not_positions_r27() -> None:
    game = cf.deal("CF1-D3-AAAAACL")
    for _ in range(60):  # draws, and a recycle when the stock runs out
        game = cf.apply(game, cf.DRAW if game.stock else cf.RECYCLE)
    text = repr(game.history)
    assert len(game.history) == 60
    assert text.startswith("(<Step draw, score before 0>, ")
    assert "Card" not in text
    assert "Position" not in text
    assert len(text) < 40 * len(game.history)
