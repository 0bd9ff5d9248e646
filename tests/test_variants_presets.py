"""Each preset of the Canfield family plays by the rules its source states.

One test (or a few) per distinguishing rule; the names say which preset and option.
"""

from __future__ import annotations

import pytest

import pycanfield as cf
from builders import moves, play, position, refused


def game(variant: str, **piles: object) -> cf.GameState:
    """A hand-built state under the rules of ``variant``."""
    rules = cf.find_variant(variant).rules
    return cf.GameState(position(**piles), rules=rules)  # type: ignore[arg-type]


# -- standard -----------------------------------------------------------------------


def test_standard_preset_is_exactly_the_default_rules_r1_r32() -> None:
    assert cf.find_variant("standard").rules == cf.Rules()
    assert cf.find_variant("default").prefix == "CF1"
    assert cf.deal("CF1-D3-AAAAACL").rules == cf.Rules()


def test_standard_rules_keep_the_reference_opening_r29() -> None:
    state = play(cf.deal("CF1-D3-AAAAACL"), "R>2", "R>F", "2>4x2")
    assert [str(c) for c in state.columns[3]] == ["AS", "KH", "QC"]
    assert state.score == 5


# -- russian ------------------------------------------------------------------------


def test_russian_plays_the_standard_rules_r14_r22() -> None:
    rules = cf.find_variant("russian").rules
    assert rules.differences(cf.Rules()) == {"undo": "unlimited"}
    state = game("russian", columns=["9S 8H 7C", "9C", "KD", "AS"], reserve="2C")
    assert "1>2X2" in moves(state)  # any tail of a run moves (R14)
    taken = game("russian", columns=["8S", "QD", "KS", "AS"], reserve="KD")
    assert "FH>1" in moves(taken)  # take-backs (R22)


def test_russian_undo_is_unlimited() -> None:
    state = start = cf.deal(cf.Deal(5, rules="russian"))
    for _ in range(150):
        state = cf.apply(state, cf.legal_moves(state)[-1])
    assert len(state.history) == 150
    for _ in range(150):
        state = cf.undo(state)
    assert state == start


# -- french -------------------------------------------------------------------------


def test_french_undo_counts_as_a_move() -> None:
    start = cf.deal(cf.Deal(63, rules="french"))
    state = cf.undo(cf.apply(start, cf.Move.parse("R>2")))
    assert state.position == start.position
    assert state.actions == 2


def test_french_game_finishes_itself_once_stock_waste_and_reserve_are_empty() -> None:
    state = game(
        "french",
        columns=["6H", "", "", ""],
        waste="6C",
        sizes={"S": 13, "H": 12, "D": 13, "C": 12},
    )
    after = cf.apply(state, cf.Move.parse("W>F"))
    assert cf.is_won(after)
    assert after.score == 10
    assert cf.undo(after).position == state.position


def test_french_does_not_finish_while_the_waste_has_cards() -> None:
    state = game(
        "french",
        columns=["6H", "5H", "", ""],
        waste="6C 5C",
        sizes={"S": 13, "H": 11, "D": 13, "C": 11},
    )
    after = cf.apply(state, cf.Move.parse("W>F"))
    assert not cf.is_won(after)
    assert [str(c) for c in after.columns[0]] == ["6H"]


# -- classic ------------------------------------------------------------------------


def test_classic_moves_only_the_top_card_or_the_whole_column() -> None:
    state = game("classic", columns=["9S 8H 7C", "9C", "8D", "AS"], reserve="KD")
    assert "1>3" in moves(state)  # the top card
    refused(state, "1>2X2", "runs", "top card or the whole column")
    wide = game("classic", columns=["9S 8H 7C", "TD", "8C", "AS"], reserve="KD")
    assert "1>2X3" in moves(wide)  # the whole column


def test_classic_refuses_take_backs() -> None:
    state = game("classic", columns=["8S", "QD", "KS", "AS"], reserve="KD")
    refused(state, "FH>1", "takebacks")


def test_classic_fills_spaces_from_the_waste_only_once_the_reserve_is_empty() -> None:
    state = game("classic", columns=["TD 9S", "", "KD", "AS"], waste="3D 8D")
    assert "W>2" in moves(state)
    refused(state, "1>2", "fill", "waste")


def test_classic_scores_in_dollars_52_for_the_pack_5_a_card() -> None:
    start = cf.deal(cf.Deal(63, rules="classic"))
    assert start.score == -52 + 5
    assert play(start, "R>2", "R>F").score == -52 + 10


# -- superior -----------------------------------------------------------------------


def test_superior_shows_the_whole_reserve() -> None:
    state = cf.deal(cf.Deal(63, rules="superior"))
    text = cf.render_text(state, unicode=False)
    assert "Reserve 13: 5C JD 9C 3C TC 4C 2H 7S 7C JS QS 8H QC" in text
    assert cf.tap(state, "JD") is None  # seen, but not playable
    svg = cf.render_svg(state)
    assert all(f'data-card="{card}"' in svg for card in state.reserve)


def test_superior_never_fills_a_column_by_itself() -> None:
    state = game("superior", columns=["9S", "TD", "KD", "AS"], reserve="2C 3H")
    after = cf.apply(state, cf.Move.parse("1>2"))
    assert after.columns[0] == ()
    assert len(after.reserve) == 2
    assert {"R>1", "2>1"} <= set(moves(after))


# -- rainbow ------------------------------------------------------------------------


def test_rainbow_builds_down_regardless_of_colour() -> None:
    state = game("rainbow", columns=["7H", "6D", "KD", "AS"], reserve="2C")
    assert "2>1" in moves(state)
    refused(state, "1>3", "build")


def test_rainbow_has_no_redeal() -> None:
    state = game("rainbow", columns=["7H", "6D", "KD", "AS"], waste="2C", reserve="3C")
    assert "recycle" not in moves(state)
    refused(state, "recycle", "redeals")


def test_rainbow_draws_one_card() -> None:
    state = cf.deal(cf.Deal(63, rules="rainbow"))
    assert state.draw == 1
    assert len(cf.apply(state, cf.DRAW).waste) == 1


# -- storehouse ---------------------------------------------------------------------


def test_storehouse_starts_the_foundations_with_the_four_twos() -> None:
    state = cf.deal(cf.Deal(63, rules="storehouse"))
    assert [str(f.top) for f in state.foundations] == ["2S", "2H", "2D", "2C"]
    assert len(state.stock) == 31
    assert len(state.reserve) == 13
    rest = [c for c in cf.Deal(63).deck() if c.rank is not cf.Rank.TWO]
    assert state.reserve == tuple(rest[:13])
    assert state.columns == tuple((c,) for c in rest[13:17])


def test_storehouse_builds_down_in_suit() -> None:
    state = game("storehouse", base="2S", columns=["7H", "6H", "6S", "AS"], reserve="KC")
    assert "2>1" in moves(state)
    refused(state, "3>1", "build", "in suit")


def test_storehouse_allows_two_redeals() -> None:
    state = game("storehouse", base="2S", columns=["7H", "6H", "6S", "AS"], waste="KC")
    for _ in range(2):
        state = play(state, "recycle", "draw")
    refused(state, "recycle", "redeals")
    assert state.position.passes == 2


# -- rainfall -----------------------------------------------------------------------


def test_rainfall_draws_one_and_allows_two_redeals() -> None:
    rules = cf.find_variant("rainfall").rules
    assert (rules.draw, rules.redeals, rules.build) == (1, 2, "alternate")
    state = game("rainfall", columns=["7H", "6C", "KD", "AS"], waste="2C")
    state = play(state, "recycle", "draw", "recycle", "draw")
    refused(state, "recycle", "redeals")


# -- chameleon ----------------------------------------------------------------------


def test_chameleon_deals_a_reserve_of_12_and_three_columns() -> None:
    state = cf.deal(cf.Deal(63, rules="chameleon"))
    deck = cf.Deal(63).deck()
    assert state.reserve == deck[:12]
    assert state.foundations[0].top is deck[12]
    assert state.columns == tuple((c,) for c in deck[13:16])
    assert len(state.stock) == 36


def test_chameleon_builds_regardless_of_suit_and_has_three_columns() -> None:
    state = game("chameleon", columns=["7H", "6D", "KD"], reserve="2C")
    assert "2>1" in moves(state)
    with pytest.raises(cf.IllegalMoveError) as info:
        cf.apply(state, cf.Move.parse("R>4"))
    assert info.value.rule == "columns"


# -- selective ----------------------------------------------------------------------


def test_selective_deals_five_cards_to_choose_the_base_from() -> None:
    state = cf.deal(cf.Deal(63, rules="selective"))
    deck = cf.Deal(63).deck()
    assert state.position.pending == deck[13:18]
    assert state.columns == ()
    assert moves(state) == ["base 1", "base 2", "base 3", "base 4", "base 5"]
    refused(state, "draw", "base")


def test_selective_choice_puts_the_card_up_and_the_rest_in_the_columns() -> None:
    start = cf.deal(cf.Deal(63, rules="selective"))
    state = play(start, "base 2")
    deck = cf.Deal(63).deck()
    assert state.foundations[0].top is deck[14]
    assert state.base_rank is deck[14].rank
    assert state.columns == tuple((c,) for c in (deck[13], *deck[15:18]))
    refused(state, "base 1", "base")
    assert cf.undo(state) == start


def test_selective_tap_on_a_dealt_card_chooses_it() -> None:
    start = cf.deal(cf.Deal(63, rules="selective"))
    card = start.position.pending[3]
    assert cf.tap(start, card) == cf.Move.choose_base(3)
    assert "Base card to choose among: seven of hearts, six of clubs" in cf.describe(start)
    assert cf.describe_move(start, cf.Move.choose_base(3)).endswith("becomes the base card.")


def test_pysol_moves_the_top_card_or_the_whole_column_and_fills_from_the_reserve() -> None:
    state = game("pysol", columns=["9S 8H 7C", "9C", "8D", "AS"], reserve="KD 2C")
    refused(state, "1>2X2", "runs")
    after = play(game("pysol", columns=["9S", "TD", "KD", "AS"], reserve="KD 2C"), "1>2")
    assert after.columns[0] == (cf.Card.parse("2C"),)  # R16, as in the standard rules
    refused(game("pysol", columns=["8S", "QD", "KS", "AS"], reserve="KD"), "FH>1", "takebacks")


def test_no_take_backs_in_pysol_based_presets() -> None:
    for name in ("superior", "rainbow", "storehouse", "rainfall", "chameleon", "selective"):
        assert cf.find_variant(name).rules.takebacks is False
        assert cf.find_variant(name).rules.runs == "whole"


def test_presets_state_a_source() -> None:
    for variant in cf.VARIANTS:
        assert variant.source
        assert variant.summary
        assert cf.find_variant(variant.name) is variant
        for alias in variant.aliases:
            assert cf.find_variant(alias.upper().replace("-", " ")) is variant


def test_french_finish_leaves_a_take_back_in_place() -> None:
    """A take-back is not played straight back up by the finish (autocomplete)."""
    state = game(
        "french",
        columns=["6H", "6C", "", ""],
        sizes={"S": 13, "H": 12, "D": 13, "C": 12},
    )
    after = cf.apply(state, cf.Move.parse("FC>1"))
    assert [str(c) for c in after.columns[0]] == ["6H", "5C"]
    assert not cf.is_won(after)
    assert cf.is_won(cf.apply(after, cf.Move.parse("1>F")))
