"""The tableau: building down, wrapping, runs, refills and empty columns (R12-R17)."""

from __future__ import annotations

import pytest

import pycanfield as cf
from builders import moves, pile, play, position, refused, state
from pycanfield import Card, Move

# 15 and 26 cards going down K, Q, … 2, A, K, … in alternating colours (R13, R14).
RUN_15 = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS KH QS"
RUN_26 = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS KD QC JD TC 9D 8C 7D 6C 5D 4C 3D 2C AD"


@pytest.mark.parametrize("target", ["7S", "7C"])
def test_red_six_goes_on_black_seven_r12(target: str) -> None:
    """R12: 6♥ goes on 7♠ or 7♣, from the reserve, the waste or a column."""
    from_reserve = state(columns=[target, "KD", "QC", "2D"], reserve="6H", base="AS")
    assert play(from_reserve, "R>1").columns[0] == pile(f"{target} 6H")
    from_waste = state(columns=[target, "KD", "QC", "2D"], reserve="3D", waste="6H", base="AS")
    assert play(from_waste, "W>1").columns[0] == pile(f"{target} 6H")
    from_column = state(columns=[target, "KD", "QC", "6H"], reserve="3D", base="AS")
    assert play(from_column, "4>1").columns[0] == pile(f"{target} 6H")


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("7D", "alternates red and black"),
        ("7H", "alternates red and black"),
        ("8S", "builds down by one rank"),
        ("5C", "builds down by one rank"),
        ("6S", "builds down by one rank"),
    ],
)
def test_wrong_colour_or_rank_is_refused_r12(target: str, why: str) -> None:
    """R12: opposite colour and exactly one rank lower, nothing else."""
    game = state(columns=[target, "KD", "QC", "2D"], reserve="6H", waste="6H", base="AS")
    refused(game, "R>1", "R12", f"6♥ cannot go on {Card.parse(target).unicode}: .*{why}")
    refused(game, "W>1", "R12", why)
    game = state(columns=[target, "KD", "QC", "6H"], reserve="3D", base="AS")
    refused(game, "4>1", "R12", why)


def test_king_goes_on_an_ace_of_the_other_colour_r13() -> None:
    """R13: K on A, and the cycle goes on: A on 2."""
    game = state(columns=["AS", "KH", "AH", "KS"], reserve="3D", base="5C")
    assert "2>1" in moves(game)
    assert "4>3" in moves(game)
    assert play(game, "2>1").columns[0] == pile("AS KH")
    refused(game, "4>1", "R12", "K♠ cannot go on A♠: a column alternates")
    refused(game, "2>3", "R12", "alternates")
    game = state(columns=["2H", "AS", "2C", "AH"], reserve="3D", base="5C")
    assert "2>1" in moves(game)
    assert "4>3" in moves(game)
    refused(game, "2>3", "R12")


def test_any_tail_of_a_run_moves_as_a_unit_r14() -> None:
    """R14: the whole run or any tail of it, and no more than the run."""
    game = state(columns=["9S 8H 7C 6D", "TD", "8D", "7S"], reserve="2C", base="AS")
    assert [m for m in moves(game) if m.startswith("1>")] == ["1>4", "1>3X2", "1>2X4"]
    assert play(game, "1>3X2").columns == (pile("9S 8H"), pile("TD"), pile("8D 7C 6D"), pile("7S"))
    assert play(game, "1>2X4").columns[1] == pile("TD 9S 8H 7C 6D")
    assert play(game, "1>2X4").columns[0] == pile("2C")  # refilled (R16)
    refused(game, "1>2X5", "R14", "top 5 cards of column 1 are not a run")
    refused(game, "1>2X3", "R12", "8♥ cannot go on 10♦")


def test_a_column_that_is_not_a_run_moves_only_its_run_r14() -> None:
    game = state(columns=["5C 9S 8H", "9H", "TD", "7S"], reserve="2C", base="AS")
    assert cf.run_length(game.columns[0]) == 2
    assert "1>3X2" in moves(game)
    refused(game, "1>2X3", "R14", "not a run")


@pytest.mark.parametrize("run", [RUN_15, RUN_26])
def test_runs_longer_than_13_move_as_a_unit_r14(run: str) -> None:
    """R14 (decided): the cycle repeats, so a run may be longer than 13 cards."""
    n = len(run.split())
    game = state(columns=[run, "AH", "", "5D"], reserve="", base="6C", stock="2D")
    assert cf.run_length(game.columns[0]) == n
    assert f"1>2X{n}" in moves(game)
    moved = play(game, f"1>2X{n}")
    assert moved.columns[1] == pile(f"AH {run}")
    assert moved.columns[0] == ()
    assert cf.run_length(moved.columns[1]) == n + 1
    # Onto the empty column every tail but the whole column may go (R14, R17).
    to_empty = [m for m in moves(game) if m.startswith("1>3")]
    assert to_empty == ["1>3"] + [f"1>3X{k}" for k in range(2, n)]


def test_whole_column_onto_an_empty_column_is_never_legal_r14() -> None:
    """R14 (decided): it changes nothing."""
    game = state(columns=["9S 8H", "", "KD", "QC"], reserve="", base="AS", stock="2D")
    assert "1>2" in moves(game)
    assert "1>2X2" not in moves(game)
    refused(game, "1>2X2", "R14", "whole column onto an empty column")
    single = state(columns=["9S", "", "KD", "QC"], reserve="", base="AS", stock="2D")
    refused(single, "1>2", "R14", "whole column onto an empty column")
    assert not any(m.startswith("1>2") for m in moves(single))


def test_run_length() -> None:
    assert cf.run_length(()) == 0
    assert cf.run_length(pile("5C")) == 1
    assert cf.run_length(pile("5C 9S 8H")) == 2
    assert cf.run_length(pile("9S 8H 8C")) == 1
    assert cf.run_length(pile("2H AS KD")) == 3
    assert cf.run_length(pile(RUN_26)) == 26


def test_all_cards_are_face_up_in_the_tableau_r15() -> None:
    """R15: every column card is a known card, and tapping one never says it is hidden."""
    game = state(columns=["5C 9S 8H", "9H", "TD", "7S"], reserve="2C", base="AS")
    for column in game.columns:
        for card in column:
            assert isinstance(card, Card)
            cf.tap(game, card)  # no TapError


def test_reserve_refills_a_column_emptied_by_a_run_r16() -> None:
    """R16: the reserve's top card goes into the emptied column as part of the move."""
    game = state(columns=["9S 8H", "TD", "KC", "QH"], reserve="2C 3D", base="AS", score=10)
    after = play(game, "1>2X2")
    assert after.columns == (pile("3D"), pile("TD 9S 8H"), pile("KC"), pile("QH"))
    assert after.reserve == pile("2C")
    assert (after.score, after.actions, len(after.history)) == (10, 1, 1)


def test_reserve_refills_a_column_emptied_to_a_foundation_r16() -> None:
    """R16: it earns nothing itself: only the card to the foundation scores (R30)."""
    game = state(columns=["7S", "TD", "KC", "QH"], reserve="2C 3D", base="7H")
    after = play(game, "1>F")
    assert after.columns[0] == pile("3D")
    assert after.reserve == pile("2C")
    assert (after.score, after.actions) == (5, 1)
    assert after.position.foundation(cf.Suit.SPADES).size == 1


def test_last_reserve_card_refills_and_then_columns_stay_empty_r16_r17() -> None:
    game = state(columns=["7S", "8S", "KC", "QH"], reserve="3D", base="7H")
    game = play(game, "1>F")
    assert (game.columns[0], game.reserve) == (pile("3D"), ())
    game = play(game, "2>F")
    assert game.columns[1] == ()
    assert game.reserve == ()


def test_empty_column_with_cards_in_the_reserve_takes_nothing_r16() -> None:
    """R16: while the reserve has cards no column is empty, so a hand-built empty column
    is never a target."""
    game = state(columns=["", "TD", "KC", "KS QH"], reserve="2C 3D", waste="5S", base="AS")
    assert not any(m.endswith(">1") for m in moves(game))
    refused(game, "W>1", "R16", "column 1 is empty but the reserve fills it first")
    refused(game, "R>1", "R16")
    refused(game, "4>1", "R16")


def test_empty_column_takes_any_card_or_run_once_the_reserve_is_empty_r17() -> None:
    """R17: from the waste, from a column (a run or part of one), from a foundation."""
    game = state(
        columns=["", "TD 9S 8H", "KC", "QH"],
        reserve="",
        waste="5S",
        base="AS",
        sizes={"S": 3},
        fan=1,
    )
    assert [m for m in moves(game) if m.endswith(">1") or ">1X" in m] == [
        "W>1",
        "2>1",
        "2>1X2",
        "FS>1",
    ]
    assert play(game, "W>1").columns[0] == pile("5S")
    assert play(game, "2>1X2").columns[0] == pile("9S 8H")
    assert play(game, "FS>1").columns[0] == pile("3S")
    assert "2>1X3" not in moves(game)  # not a run
    assert "3>1" not in moves(game)  # a whole column onto an empty one (R14)
    emptied = play(game, "4>3")
    assert emptied.columns[3] == ()  # stays empty: nothing refills it
    assert "4>1" not in moves(emptied)


def test_position_level_play_returns_the_points() -> None:
    pos = position(columns=["7S", "TD", "KC", "QH"], reserve="2C 3D", base="7H")
    after, points = cf.play(pos, Move.parse("1>F"), 3)
    assert points == 5
    assert after.columns[0] == pile("3D")
    assert cf.play(pos, Move.parse("4>3"), 3)[1] == 0
    assert [str(m) for m in cf.position_moves(pos)] == moves(cf.GameState(pos))
