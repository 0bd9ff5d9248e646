"""Rules values, their text form, variant codes, and how the rest of the library takes
other rules (pycanfield._variants and the rules hooks)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pycanfield as cf
from builders import moves, position

rules_values = st.builds(
    cf.Rules,
    draw=st.sampled_from([1, 3]),
    redeals=st.one_of(st.none(), st.integers(0, 5)),
    runs=st.sampled_from(["any", "whole", "top"]),
    takebacks=st.booleans(),
    fill=st.sampled_from(["auto", "auto-waste", "player", "player-reserve-waste", "none"]),
    base=st.sampled_from(["random", "choose", "2", "K", "T"]),
    build=st.sampled_from(["alternate", "suit", "any"]),
    undo=st.one_of(st.none(), st.integers(0, 200)),
    undo_counts=st.booleans(),
    autocomplete=st.booleans(),
    reserve=st.integers(0, 20),
    columns=st.integers(1, 8),
    reserve_open=st.booleans(),
    scoring=st.sampled_from(["standard", "casino"]),
)


def test_default_rules_are_r1_to_r32() -> None:
    rules = cf.Rules()
    assert (rules.draw, rules.redeals, rules.runs, rules.takebacks, rules.fill) == (
        3,
        None,
        "any",
        True,
        "auto",
    )
    assert (rules.base, rules.build, rules.undo, rules.undo_counts) == (
        "random",
        "alternate",
        cf.HISTORY_LIMIT,
        False,
    )
    assert (rules.autocomplete, rules.reserve, rules.columns, rules.reserve_open) == (
        False,
        13,
        4,
        False,
    )
    assert rules.scoring == "standard"
    assert rules.is_default
    assert rules.is_standard
    assert cf.Rules(draw=1).is_standard
    assert not cf.Rules(draw=1).is_default


def test_rules_are_keyword_only_and_immutable() -> None:
    with pytest.raises(TypeError):
        cf.Rules(1)  # type: ignore[call-arg]
    rules = cf.Rules()
    with pytest.raises(AttributeError):
        rules.draw = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("draw", 2),
        ("draw", True),
        ("redeals", -1),
        ("runs", "some"),
        ("takebacks", 1),
        ("fill", "auto-stock"),
        ("base", "1"),
        ("build", "colour"),
        ("undo", -5),
        ("reserve", 30),
        ("columns", 0),
        ("scoring", "vegas"),
    ],
)
def test_bad_option_values_raise_option_error(option: str, value: object) -> None:
    with pytest.raises(cf.OptionError, match=option):
        cf.Rules(**{option: value})  # type: ignore[arg-type]


@given(rules_values)
def test_rules_text_round_trips(rules: cf.Rules) -> None:
    assert cf.Rules.parse(str(rules)) == rules
    assert eval(repr(rules), {"Rules": cf.Rules}) == rules


def test_rules_text_names_a_preset_when_it_can() -> None:
    assert str(cf.find_variant("storehouse").rules) == "storehouse"
    assert str(cf.Rules.parse("storehouse draw=3")) == "storehouse draw=3"
    assert str(cf.Rules(undo=None, autocomplete=True)) == "undo=unlimited autocomplete=yes"
    assert cf.Rules.parse(" Classic , UNDO=Unlimited ").undo is None
    assert cf.Rules.parse("base=10").base == "T"
    assert cf.Rules(base=cf.Rank.TWO).base_rank is cf.Rank.TWO


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("nosuch", 0),
        ("draw=2", 0),
        ("runs=whole colour=red", 11),
        ("runs=whole runs=any", 11),
        ("classic rainbow", 8),
        ("takebacks=maybe", 10),
        ("undo=lots", 5),
    ],
)
def test_bad_rules_text_raises_rules_parse_error(text: str, at: int) -> None:
    with pytest.raises(cf.RulesParseError) as info:
        cf.Rules.parse(text)
    assert info.value.position == at
    assert isinstance(info.value, cf.ParseError)


def test_find_variant_refuses_unknown_names() -> None:
    with pytest.raises(cf.OptionError, match="rainbow"):
        cf.find_variant("klondike")
    with pytest.raises(cf.OptionError):
        cf.find_variant(3)  # type: ignore[arg-type]


# -- codes (R28 extended) -----------------------------------------------------------


def test_cf1_codes_mean_what_they_meant() -> None:
    deal = cf.decode("CF1-D1-AAAAACL")
    assert deal == cf.Deal(63, draw=1)
    assert deal.rules == cf.Rules(draw=1)
    assert repr(deal) == "Deal(number=63, draw=1)"
    assert cf.encode(cf.Deal(63)) == "CF1-D3-AAAAACL"


def test_each_preset_has_its_own_prefix() -> None:
    prefixes = [v.prefix for v in cf.VARIANTS]
    assert len(set(prefixes)) == len(prefixes)
    for variant in cf.VARIANTS:
        code = cf.encode(cf.Deal(63, rules=variant.rules))
        assert code == f"{variant.prefix}-D{variant.rules.draw}-AAAAACL"
        assert cf.decode(code).rules == variant.rules
        assert cf.deal(code).rules == variant.rules


def test_codes_carry_options_that_differ_from_the_preset() -> None:
    deal = cf.Deal(63, draw=3, rules="rainbow runs=any")
    code = cf.encode(deal)
    assert code == "CRB-D3-AAAAACL~RUNS=ANY"
    assert cf.decode(code) == deal
    assert cf.decode(code.lower()) == deal
    assert cf.deal(code).code == code


@given(st.integers(0, cf.CODE_SPACE - 1), rules_values)
def test_codes_round_trip_under_any_rules(number: int, rules: cf.Rules) -> None:
    deal = cf.Deal(number, rules=rules)
    assert deal.draw == rules.draw
    assert cf.decode(cf.encode(deal)) == deal


@pytest.mark.parametrize(
    ("code", "part", "at"),
    [
        ("CXX-D3-AAAAACL", "prefix", 1),
        ("CRB-D2-AAAAACL", "draw mode", 5),
        ("CF1-D3-AAAAACL~", "options", 15),
        ("CF1-D3-AAAAACL~RUNS", "options", 15),
        ("CF1-D3-AAAAACL~DRAW=1", "options", 15),
        ("CF1-D3-AAAAACL~RUNS=SOME", "options", 15),
        ("CF1-D3-AAAAACL~RUNS=ANY,BOGUS=1", "options", 24),
    ],
)
def test_bad_variant_codes_name_the_part(code: str, part: str, at: int) -> None:
    with pytest.raises(cf.GameCodeError) as info:
        cf.decode(code)
    assert info.value.part == part
    assert info.value.position == at


# -- starting games -----------------------------------------------------------------


def test_existing_ways_to_start_a_game_still_work() -> None:
    pos = cf.deal("CF1-D3-AAAAACL").position
    assert cf.GameState(pos, draw=1).rules == cf.Rules(draw=1)
    assert cf.GameState(pos).draw == 3
    assert cf.new_game(draw=1, rng=random.Random(1)).draw == 1
    assert cf.from_deck(cf.PACK, draw=1).rules.draw == 1
    assert cf.GameState(pos, 1, 0, 0, None, ()).draw == 1


def test_rules_and_draw_agree_in_every_state() -> None:
    pos = cf.deal("CF1-D3-AAAAACL").position
    rainbow = cf.find_variant("rainbow").rules
    assert cf.GameState(pos, rules=rainbow).draw == 1
    both = cf.GameState(pos, draw=3, rules=rainbow)
    assert both.draw == both.rules.draw == 3  # the draw mode wins
    with pytest.raises(cf.WrongTypeError):
        cf.GameState(pos, rules="rainbow")  # type: ignore[arg-type]


def test_new_game_and_from_deck_take_rules_by_name_or_value() -> None:
    a = cf.new_game(rng=random.Random(7), rules="chameleon")
    b = cf.new_game(rng=random.Random(7), rules=cf.find_variant("kansas"))
    assert a == b
    assert len(a.columns) == 3
    c = cf.from_deck(cf.PACK, rules=cf.Rules(reserve=10, columns=6))
    assert len(c.reserve) == 10
    assert len(c.columns) == 6
    assert len(c.stock) == 52 - 17
    assert c.code is None


def test_play_and_position_moves_take_rules() -> None:
    pos = position(columns=["7H", "6D", "KD", "AS"], reserve="2C")
    rainbow = cf.find_variant("rainbow").rules
    assert cf.Move.parse("2>1") in cf.position_moves(pos, rainbow)
    assert cf.Move.parse("2>1") not in cf.position_moves(pos)
    after, points = cf.play(pos, cf.Move.parse("2>1"), rules=rainbow)
    assert [str(c) for c in after.columns[0]] == ["7H", "6D"]
    assert points == 0


def test_undo_limit_and_counting_follow_the_rules() -> None:
    state = cf.deal(cf.Deal(3, rules="undo=2"))
    for _ in range(4):
        state = cf.apply(state, cf.DRAW)
    assert len(state.history) == 2
    state = cf.undo(cf.undo(state))
    with pytest.raises(cf.UndoError, match="last 2"):
        cf.undo(state)
    none = cf.apply(cf.deal(cf.Deal(3, rules="undo=0")), cf.DRAW)
    with pytest.raises(cf.UndoError, match="no undo"):
        cf.undo(none)


def test_fill_none_leaves_empty_columns_empty() -> None:
    state = cf.GameState(
        position(columns=["TD 9S", "", "KD", "AS"], waste="8D"), rules=cf.Rules(fill="none")
    )
    assert "W>2" not in moves(state)
    assert "1>2" not in moves(state)


def test_fill_player_reserve_waste_takes_only_those_cards() -> None:
    state = cf.GameState(
        position(columns=["TD 9S", "", "KD", "AS"], waste="8D", reserve="3C"),
        rules=cf.Rules(fill="player-reserve-waste"),
    )
    assert {"R>2", "W>2"} <= set(moves(state))
    assert "1>2" not in moves(state)


def test_top_card_only_runs() -> None:
    state = cf.GameState(
        position(columns=["9S 8H", "9C", "KD", "AS"], reserve="3C"), rules=cf.Rules(runs="top")
    )
    assert "1>2" in moves(state)
    assert "1>2X2" not in moves(state)


# -- the move notation and bots -----------------------------------------------------


def test_choose_base_move_notation() -> None:
    move = cf.Move.choose_base(2)
    assert str(move) == "base 3"
    assert cf.Move.parse(" BASE 3 ") is move
    assert move.kind is cf.MoveKind.CHOOSE_BASE
    assert int(move.kind) == 9
    with pytest.raises(cf.MoveParseError):
        cf.Move.parse("base 0")


def test_action_numbers_are_unchanged_and_cover_four_column_variants() -> None:
    assert cf.ACTION_COUNT == 644
    state = cf.deal(cf.Deal(63, rules="rainbow"))
    assert cf.legal_actions(state) == sorted(cf.move_to_action(m) for m in cf.legal_moves(state))
    for number in cf.legal_actions(state):
        assert cf.action_to_move(state, number) in cf.legal_moves(state)


def test_action_space_refuses_what_it_cannot_number() -> None:
    selective = cf.deal(cf.Deal(63, rules="selective"))
    with pytest.raises(cf.ActionError, match="base"):
        cf.legal_actions(selective)
    with pytest.raises(cf.ActionError, match="base"):
        cf.move_to_action(cf.Move.choose_base(0))
    wide = cf.from_deck(cf.PACK, rules="columns=5")
    with pytest.raises(cf.ActionError, match="columns"):
        cf.legal_action_mask(wide)
    with pytest.raises(cf.ActionError, match="observation"):
        cf.observe(cf.deal(cf.Deal(63, rules="chameleon")))
    assert len(cf.observe(cf.apply(selective, cf.Move.choose_base(0)))) == cf.OBSERVATION_SIZE
