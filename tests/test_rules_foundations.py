"""The reserve, the foundations, take-backs, the end and the score
(R4, R5, R7-R11, R22, R23, R30-R32)."""

from __future__ import annotations

import pytest

import pycanfield as cf
from builders import FULL, moves, pile, play, refused, state
from pycanfield import Card

# A deck that wins in draw 1 by playing everything straight up: base A♠, the reserve
# holds A♥ under K♠ … 2♠ (2♠ on top), the columns 2♥-5♥, the stock 6♥-K♥, ♦, ♣.
EASY_DECK = pile(
    "AH KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS 2H 3H 4H 5H "
    "6H 7H 8H 9H TH JH QH KH AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD "
    "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
)


def test_only_the_reserve_top_card_plays_r4() -> None:
    """R4: the top card plays; then the next one becomes playable."""
    game = state(columns=["KS", "QD", "JS", "TD"], reserve="8H 5C", base="7H")
    refused(game, "R>F", "R9", "5♣ cannot go up")  # 8♥ is under 5♣
    game = state(columns=["KS", "QD", "JS", "6D"], reserve="8H 5C", base="7H")
    game = play(game, "R>4")
    assert game.reserve == (Card.parse("8H"),)
    assert "R>F" in moves(game)
    game = play(game, "R>F")
    assert game.reserve == ()
    refused(game, "R>F", "R4", "reserve is empty")
    refused(game, "R>1", "R4", "reserve is empty")


def test_no_move_places_a_card_on_the_reserve_r5() -> None:
    """R5: no kind of move has the reserve as its target, and no move makes it grow."""
    game = cf.deal("CF1-D1-AAAAACL")
    for _ in range(60):
        before = game.reserve
        game = cf.apply(game, cf.legal_moves(game)[0])
        assert game.reserve == before[: len(game.reserve)]
    targets = {str(kind) for kind in cf.MoveKind if kind.name.endswith("_TO_RESERVE")}
    assert targets == set()


def test_foundations_wrap_from_the_king_to_the_ace_r9_r10() -> None:
    """R9, R10: after the king the ace, up to the rank below the base."""
    game = state(
        columns=["AD", "2D", "6D", "5C"], reserve="", base="7D", sizes={"D": 6}, stock="3D 4D"
    )
    assert game.position.foundation(cf.Suit.DIAMONDS).top is Card.parse("QD")
    refused(game, "1>F", "R9", "diamonds foundation takes K♦ next")
    game = state(columns=["KD", "AD", "2D", "5C"], reserve="", base="7D", sizes={"D": 6}, stock="")
    game = play(game, "1>F", "2>F", "3>F")
    assert game.position.foundation(cf.Suit.DIAMONDS).size == 9
    assert game.score == 15


def test_a_full_foundation_takes_nothing_r10() -> None:
    """R10: 13 cards fill a foundation.  Only a hand-built position (here one that holds
    7♥ twice) can offer it another card, and the refusal names R10."""
    game = state(columns=["7H", "5C", "", ""], base="7H", sizes={"H": 13})
    refused(game, "1>F", "R10", "hearts foundation is full")


def test_empty_foundation_starts_only_with_the_base_rank_r9_r11() -> None:
    """R11: with base 7♥, A♠ cannot start the spades foundation; only 7♠ can."""
    game = cf.deal("CF1-D3-AAAAACL")
    assert game.columns[3] == (Card.parse("AS"),)
    refused(game, "4>F", "R9", "A♠ cannot go up: the spades foundation takes 7♠ next")
    game = state(columns=["AS", "7S", "KH", "QC"], reserve="2D", base="7H")
    assert moves(game)[0] == "2>F"
    assert play(game, "2>F").position.foundation(cf.Suit.SPADES).cards == (Card.parse("7S"),)


def test_base_rank_is_shared_by_all_foundations_r7_r8() -> None:
    """R7, R8: every foundation starts from the base rank, in R8 order."""
    game = cf.deal("CF1-D3-AAAAACL")
    assert game.base_rank is cf.Rank.SEVEN
    assert [f.next for f in game.foundations] == [Card.parse(c) for c in ("8H", "7S", "7D", "7C")]


def test_take_back_onto_a_fitting_column_scores_nothing_r22() -> None:
    """R22: a foundation's top card goes to a column where it fits; no points lost."""
    game = state(columns=["9S", "KD", "9H", "QC"], reserve="2D", base="7H", sizes={"H": 2}, score=5)
    assert moves(game) == ["3>F", "4>2", "FH>1"]
    taken = play(game, "FH>1")
    assert taken.columns[0] == (Card.parse("9S"), Card.parse("8H"))
    assert taken.position.foundation(cf.Suit.HEARTS).size == 1
    assert taken.score == 5
    refused(game, "FH>3", "R12", "8♥ cannot go on 9♥: a column alternates red and black")
    refused(game, "FS>1", "R22", "spades foundation is empty")


def test_take_back_of_the_base_card_then_only_the_base_rank_fits_r22_r9() -> None:
    """R22: the base card may come back too; the foundation then takes only its
    base-rank card again (R9), and placing it earns again (R32)."""
    game = state(columns=["8S", "KD", "8H", "QC"], reserve="2D", base="7H", score=0)
    assert "FH>1" in moves(game)
    taken = play(game, "FH>1")
    hearts = taken.position.foundation(cf.Suit.HEARTS)
    assert (hearts.size, hearts.next) == (0, Card.parse("7H"))
    assert taken.foundations[0] is hearts  # R8: the base suit stays first
    assert taken.base_rank is cf.Rank.SEVEN
    refused(taken, "3>F", "R9", "8♥ cannot go up: the hearts foundation takes 7♥ next")
    back = play(taken, "1>F")
    assert back.position.foundation(cf.Suit.HEARTS).size == 1
    assert back.score == 5
    assert back.columns[0] == (Card.parse("8S"),)


def test_take_back_onto_an_empty_column_needs_an_empty_reserve_r22_r17() -> None:
    game = state(columns=["KD", "", "QC", "5S"], reserve="", base="7H", sizes={"H": 3})
    assert "FH>2" in moves(game)
    assert play(game, "FH>2").columns[1] == (Card.parse("9H"),)
    blocked = state(columns=["KD", "", "QC", "5S"], reserve="2D", base="7H", sizes={"H": 3})
    refused(blocked, "FH>2", "R16", "reserve fills it first")


def test_every_foundation_top_can_be_taken_back_r22() -> None:
    game = state(
        columns=["", "", "", ""], base="AS", sizes={"S": 13, "H": 5, "D": 1, "C": 0}, reserve=""
    )
    listed = [m for m in moves(game) if m.startswith("F")]
    assert listed == [f"F{s}>{c}" for s in "SHD" for c in "1234"]
    game = play(game, "FS>1", "FH>2", "FD>3")
    assert [str(col[0]) for col in game.columns[:3]] == ["KS", "5H", "AD"]
    assert game.score == 0


def test_is_won_when_all_foundations_hold_13_cards_r23() -> None:
    """R23."""
    assert cf.is_won(state(base="9C", sizes=FULL))
    nearly = state(
        columns=["", "8C", "", ""], base="9C", sizes={"S": 13, "H": 13, "D": 13, "C": 12}
    )
    assert not cf.is_won(nearly)
    assert not cf.is_won(cf.deal("CF1-D3-AAAAACL"))
    won = play(nearly, "2>F")
    assert cf.is_won(won)
    assert won.score == 5


def _easy_win(each_card: list[str], *, take_back: bool) -> cf.GameState:
    game = cf.from_deck(EASY_DECK, draw=1)
    game = play(game, "R>F")
    if take_back:
        game = play(game, "FS>2", "2>F")  # 2♠ onto 3♥ and straight back up
    game = play(game, *["R>F"] * 12, "1>F", "2>F", "3>F", "4>F")
    for _ in range(34):
        game = play(game, *each_card)
    return game


def test_a_won_game_without_take_back_scores_255_r32_r30() -> None:
    """R32: 51 cards to place, 5 points each (R30)."""
    game = _easy_win(["draw", "W>F"], take_back=False)
    assert cf.is_won(game)
    assert game.score == 51 * 5 == 255
    assert cf.score(game) == 255
    assert game.actions == 13 + 4 + 68


def test_a_card_taken_back_and_placed_again_earns_again_r32() -> None:
    """R32: the 2♠ goes up twice, so the win scores 260."""
    game = _easy_win(["draw", "W>F"], take_back=True)
    assert cf.is_won(game)
    assert game.score == 260


@pytest.mark.parametrize(
    ("sequence", "points"),
    [
        (["R>2"], [0]),
        (["R>2", "R>F"], [0, 5]),
        (["R>2", "R>F", "2>4X2"], [0, 5, 5]),
        (["draw", "draw"], [0, 0]),
    ],
)
def test_only_cards_placed_on_foundations_score_r30_r31(
    sequence: list[str], points: list[int]
) -> None:
    """R30: +5 for a card placed on a foundation, 0 for everything else; R31: from 0."""
    game = cf.deal("CF1-D3-AAAAACL")
    assert game.score == 0
    seen = []
    for text in sequence:
        game = play(game, text)
        seen.append(game.score)
    assert seen == points


def test_draws_and_recycles_score_nothing_r30() -> None:
    game = cf.deal("CF1-D1-AAAAACL")
    for _ in range(34):
        game = play(game, "draw")
    game = play(game, "recycle", "draw")
    assert game.score == 0


def test_waste_and_column_cards_to_foundation_score_r30() -> None:
    game = state(columns=["7S", "KD", "QC", "5S"], waste="3D 7D", reserve="2D", base="7H", fan=2)
    game = play(game, "W>F")
    assert game.score == 5
    game = play(game, "1>F")
    assert game.score == 10
