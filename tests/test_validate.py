"""Tests of pycanfield.validate: every reachable game passes, every corruption is named."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pycanfield as cf
from builders import pile
from pycanfield._state import make_state, make_step
from pycanfield._validate import first_difference, is_deal_position, join
from strategies import deck_states, play_randomly, rules_states, states, variant_states

CODE = "CF1-D3-AAAAACL"


def _played(steps: int, *, seed: int = 7, undo_rate: float = 0.0) -> cf.GameState:
    return play_randomly(cf.deal(CODE), seed, steps, undo_rate=undo_rate)[-1]


@pytest.fixture(scope="module")
def short() -> cf.GameState:
    """A game whose history goes back to the deal."""
    state = _played(40)
    assert state.actions == len(state.history) == 40
    return state


@pytest.fixture(scope="module")
def long() -> cf.GameState:
    """A game whose oldest steps were dropped from the history (R27)."""
    state = _played(250, undo_rate=0.1)
    assert state.actions > len(state.history) > 0
    return state


def _error(game: cf.GameState | cf.Position) -> cf.ValidationError:
    with pytest.raises(cf.ValidationError) as info:
        cf.validate(game)
    return info.value


def _forced(state: cf.GameState, **changes: Any) -> cf.GameState:
    """``state`` with some fields changed, built past GameState's own type checks (as the
    rules build states), so that only validate() stands between the values and a game."""
    fields = {
        name: changes.get(name, getattr(state, name))
        for name in ("position", "draw", "score", "actions", "code", "history", "rules")
    }
    return make_state(
        fields["position"],
        fields["draw"],
        fields["score"],
        fields["actions"],
        fields["code"],
        fields["history"],
        fields["rules"],
    )


def _raw(pos: cf.Position, **changes: Any) -> cf.Position:
    """A copy of ``pos`` with some fields changed past the constructor's type checks."""
    copy = attrs.evolve(pos)
    for name, value in changes.items():
        object.__setattr__(copy, name, value)
    return copy


def _with_position(state: cf.GameState, **changes: Any) -> cf.GameState:
    return _forced(state, position=_raw(state.position, **changes))


# -- what passes --------------------------------------------------------------------------


@given(states())
def test_every_reachable_coded_state_is_valid_r1_r33(state: cf.GameState) -> None:
    assert cf.validate(state) is state
    assert cf.validate(state.position) is state.position


@given(deck_states())
def test_every_reachable_deck_state_is_valid_r1_r33(state: cf.GameState) -> None:
    assert cf.validate(state) is state


def test_fresh_deals_are_valid_r2() -> None:
    for code in (CODE, "CF1-D1-AAAAACL", "CF1-D3-ZZZZZZZ"):
        state = cf.deal(code)
        assert cf.validate(state) is state
        assert is_deal_position(state.position) is None


def test_long_game_with_dropped_history_is_valid_r27(long: cf.GameState) -> None:
    assert len(long.history) <= cf.HISTORY_LIMIT
    cf.validate(long)


def test_paths_join() -> None:
    assert join("", "score") == "score"
    assert join("position", "fan") == "position.fan"
    assert join("position.stock", "[3]") == "position.stock[3]"


# -- wrong types -------------------------------------------------------------------------


@pytest.mark.parametrize("value", [None, 3, "CF1-D3-AAAAACL", [], object()])
def test_validate_refuses_other_types(value: object) -> None:
    with pytest.raises(cf.WrongTypeError) as info:
        cf.validate(value)  # type: ignore[call-overload]
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, cf.CanfieldError)


def test_pile_must_be_a_tuple_of_cards(short: cf.GameState) -> None:
    bad = _with_position(short, stock=list(short.stock))
    assert _error(bad).field == "position.stock"
    bad = _with_position(short, waste=(*short.waste, "QC"))
    err = _error(bad)
    assert err.field == f"position.waste[{len(short.waste)}]"
    assert "must be a Card" in err.reason


def test_columns_and_foundations_shapes(short: cf.GameState) -> None:
    assert _error(_with_position(short, columns=short.columns[:3])).field == "position.columns"
    found = (*short.position.foundations[:3], "x")
    assert _error(_with_position(short, foundations=found)).field == "position.foundations[3]"
    assert _error(_with_position(short, fan=True)).field == "position.fan"
    assert _error(_with_position(short, fan=10**5000)).field == "position.fan"


def test_history_types(short: cf.GameState) -> None:
    as_list: Any = list(short.history)
    assert _error(_forced(short, history=as_list)).field == "history"
    bad: Any = (*short.history[:-1], "step")
    assert _error(_forced(short, history=bad)).field == f"history[{len(bad) - 1}]"
    text: Any = "R>2"
    step = make_step(text, short.history[2].before, short.history[2].score)
    bad = (*short.history[:2], step, *short.history[3:])
    assert _error(_forced(short, history=bad)).field == "history[2].move"


# -- positions ---------------------------------------------------------------------------


def test_duplicate_card_is_named_r1(short: cf.GameState) -> None:
    reserve = short.reserve
    columns = list(short.columns)
    columns[0] = (reserve[0],)
    err = _error(_with_position(short, columns=tuple(columns)))
    assert err.field == "position.columns[0][0]"
    assert "also at position.reserve[0]" in err.reason


def test_missing_card_is_listed_r1(short: cf.GameState) -> None:
    stock = short.stock
    err = _error(_with_position(short, stock=stock[1:]))
    assert err.field == "position"
    assert "51 of the 52" in err.reason
    assert str(stock[0]) in err.reason


def test_foundations_in_r8_order_r8() -> None:
    pos = cf.deal(CODE).position
    f = pos.foundations
    swapped = attrs.evolve(pos, foundations=(f[0], f[2], f[1], f[3]))
    err = _error(swapped)
    assert err.field == "foundations[1]"
    assert "(R8)" in err.reason


def test_foundations_share_the_base_rank_r7() -> None:
    pos = cf.deal(CODE).position
    f = pos.foundations
    other = cf.Foundation(f[1].suit, cf.Rank.ACE, 0)
    err = _error(attrs.evolve(pos, foundations=(f[0], other, f[2], f[3])))
    assert err.field == "foundations[1]"
    assert "(R7)" in err.reason


def test_reserve_holds_at_most_13_r5() -> None:
    pos = cf.deal(CODE).position
    bad = attrs.evolve(pos, stock=pos.stock[:-1], reserve=(*pos.reserve, pos.stock[-1]))
    err = _error(bad)
    assert err.field == "reserve"
    assert "(R5)" in err.reason


def test_stock_and_waste_hold_at_most_34_r2() -> None:
    pos = cf.deal(CODE).position
    bad = attrs.evolve(pos, reserve=pos.reserve[:-1], waste=(pos.reserve[-1],))
    err = _error(bad)
    assert err.field == "stock"
    assert "34" in err.reason


def test_no_empty_column_while_reserve_has_cards_r16() -> None:
    pos = cf.deal(CODE).position
    # Column 1's card goes on the reserve and the reserve's bottom card on column 2.
    columns = ((), (*pos.columns[1], pos.reserve[0]), *pos.columns[2:])
    bad = attrs.evolve(pos, columns=columns, reserve=(*pos.reserve[1:], pos.columns[0][0]))
    err = _error(bad)
    assert err.field == "columns[0]"
    assert "(R16)" in err.reason


def test_every_column_is_a_run_r12_r13(short: cf.GameState) -> None:
    pos = cf.apply(cf.deal(CODE), cf.Move.parse("R>2")).position
    columns = list(pos.columns)
    assert columns[1] == pile("KH QC")
    columns[1] = pile("QC KH")
    err = _error(attrs.evolve(pos, columns=tuple(columns)))
    assert err.field == "columns[1][1]"
    assert "KH cannot lie on QC" in err.reason
    # Same colour: a red queen on a red king.
    columns = list(pos.columns)
    columns[1], columns[2] = pile("KH QH"), pile("QC")
    err = _error(attrs.evolve(pos, columns=tuple(columns)))
    assert err.field == "columns[1][1]"
    assert "alternates red and black" in err.reason


def test_fan_is_bounded_by_draw_and_waste_r21(short: cf.GameState) -> None:
    state = cf.apply(cf.deal(CODE), cf.DRAW)
    assert state.position.fan == 3
    cf.validate(state)
    err = _error(attrs.evolve(state, draw=1, code=None))
    assert err.field == "position.fan"
    err = _error(_with_position(cf.deal(CODE), fan=1))
    assert err.field == "position.fan"
    assert _error(attrs.evolve(state.position, fan=4)).field == "fan"


# -- scores and counters ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "reason"),
    [
        (7, "multiple of 5"),
        (-5, "out of range"),
        (2**53 + 5, "out of range"),
        pytest.param(10**5000, "an integer of 16610 bits is out of range", id="huge"),
        (True, "must be an int"),
        (5.0, "must be an int"),
    ],
)
def test_score_range_r30_r31(long: cf.GameState, score: Any, reason: str) -> None:
    err = _error(_forced(long, score=score))
    assert err.field == "score"
    assert reason in err.reason


def test_score_covers_the_foundation_cards_r32(long: cf.GameState) -> None:
    placed = sum(f.size for f in long.foundations) - 1
    assert placed > 0
    err = _error(attrs.evolve(long, score=5 * placed - 5))
    assert err.field == "score"
    assert "(R30, R32)" in err.reason


def test_score_at_most_5_per_action_r30() -> None:
    state = cf.apply(cf.deal(CODE), cf.DRAW)
    err = _error(attrs.evolve(state, score=10))
    assert err.field == "score"
    assert "for each of the 1 actions" in err.reason


def test_score_must_match_the_history_r27(long: cf.GameState) -> None:
    err = _error(attrs.evolve(long, score=long.score + 5))
    assert err.field == "score"


@pytest.mark.parametrize("actions", [-1, True, 2**53, "3", pytest.param(-(10**5000), id="huge")])
def test_actions_range(long: cf.GameState, actions: Any) -> None:
    assert _error(_forced(long, actions=actions)).field == "actions"


def test_actions_at_least_the_history(short: cf.GameState) -> None:
    err = _error(attrs.evolve(short, actions=len(short.history) - 1))
    assert err.field == "history"


def test_history_at_most_100_r27(long: cf.GameState) -> None:
    full = _played(130)
    assert len(full.history) == cf.HISTORY_LIMIT
    err = _error(attrs.evolve(full, history=(*full.history[:1], *full.history)))
    assert err.field == "history"
    assert "(R27)" in err.reason


# -- the history ---------------------------------------------------------------------------


def test_complete_history_starts_at_the_deal_r2_r27(long: cf.GameState) -> None:
    err = _error(attrs.evolve(long, actions=len(long.history)))
    assert err.field == "history[0].before"
    assert "dealt position" in err.reason


def test_no_history_and_no_actions_means_the_deal_r2() -> None:
    state = cf.apply(cf.deal(CODE), cf.DRAW)
    err = _error(attrs.evolve(state, history=(), actions=0))
    assert err.field == "position"
    assert "dealt position" in err.reason


def test_complete_history_starts_at_score_0_r31(short: cf.GameState) -> None:
    first = attrs.evolve(short.history[0], score=5)
    err = _error(attrs.evolve(short, history=(first, *short.history[1:])))
    assert err.field == "history[0].score"


def test_illegal_move_in_history_r27(short: cf.GameState) -> None:
    i = 5
    illegal = next(
        m
        for m in (cf.RECYCLE, cf.Move.reserve_to_foundation(), cf.Move.waste_to_column(0))
        if not cf.is_legal(attrs.evolve(short, position=short.history[i].before), m)
    )
    step = attrs.evolve(short.history[i], move=illegal)
    err = _error(attrs.evolve(short, history=(*short.history[:i], step, *short.history[i + 1 :])))
    assert err.field == f"history[{i}].move"
    assert "cannot be played" in err.reason


def test_step_position_must_follow_r27(long: cf.GameState) -> None:
    h = long.history
    i = len(h) // 2
    step = attrs.evolve(h[i], before=h[i - 1].before)
    if h[i].before == h[i - 1].before:  # pragma: no cover - a draw never leaves it equal
        pytest.skip("equal positions")
    err = _error(attrs.evolve(long, history=(*h[:i], step, *h[i + 1 :])))
    # Either the changed step no longer follows, or its move no longer fits.
    assert err.field in (f"history[{i}].before", f"history[{i}].move")


def test_step_score_must_follow_r27(long: cf.GameState) -> None:
    h = long.history
    i = len(h) - 3
    step = attrs.evolve(h[i], score=h[i].score + 5)
    err = _error(attrs.evolve(long, history=(*h[:i], step, *h[i + 1 :])))
    assert err.field == f"history[{i}].score"


def test_position_must_follow_the_history_r27(long: cf.GameState) -> None:
    other = long.history[-1].before
    err = _error(attrs.evolve(long, position=other))
    assert err.field in ("position", "score")


# -- codes ---------------------------------------------------------------------------------


def test_code_must_parse_r28(short: cf.GameState) -> None:
    err = _error(attrs.evolve(short, code="CF1-D3-AAAA"))
    assert err.field == "code"
    number: Any = 63
    err = _error(_forced(short, code=number))
    assert err.field == "code"


def test_code_must_be_canonical_r28(short: cf.GameState) -> None:
    err = _error(attrs.evolve(short, code=CODE.lower()))
    assert err.field == "code"
    assert repr(CODE) in err.reason


def test_code_draw_mode_must_match_r28(short: cf.GameState) -> None:
    err = _error(attrs.evolve(short, code="CF1-D1-AAAAACL"))
    assert err.field == "code"
    assert "draw 1" in err.reason


def test_fresh_deal_must_be_the_codes_deal_r28() -> None:
    state = attrs.evolve(cf.deal("CF1-D3-AAAAACM"), code=CODE)
    err = _error(state)
    assert err.field.startswith("position")


def test_reserve_and_base_must_match_the_code_r28(long: cf.GameState) -> None:
    other = attrs.evolve(long, code="CF1-D3-AAAAACM")
    assert _error(other).field.startswith("position.")


def test_stock_keeps_the_dealt_order_r19_r28() -> None:
    state = cf.deal(CODE)
    stock = state.stock
    swapped = (stock[1], stock[0], *stock[2:])
    err = _error(_with_position(state, stock=swapped))
    assert err.field.startswith("position.stock[")
    assert "order" in err.reason
    # Without a code the deck is unknown, so only the deal layout is checked.
    assert cf.validate(_with_position(attrs.evolve(state, code=None), stock=swapped))


def test_first_difference_names_the_field() -> None:
    a = cf.deal(CODE).position
    b = cf.apply(cf.deal(CODE), cf.DRAW).position
    assert first_difference(a, b) == "stock"
    assert first_difference(a, attrs.evolve(a, fan=1)) == "fan"


def test_code_of_a_variant_on_a_standard_game_r28() -> None:
    variant_code = CODE.replace("CF1", "CRB")
    try:
        cf.decode(variant_code)
    except cf.GameCodeError:  # pragma: no cover - a version without rule variants
        pytest.skip("no variant codes")
    err = _error(attrs.evolve(cf.deal(CODE), code=variant_code))
    assert err.field == "code"
    assert "variant" in err.reason


# -- other rules ---------------------------------------------------------------------------


@given(variant_states())
def test_every_reachable_state_of_every_preset_is_valid(state: cf.GameState) -> None:
    assert cf.validate(state) is state
    assert cf.validate(state.position, rules=state.rules) is state.position
    for step in state.history:
        cf.validate(step.before, rules=state.rules)


@given(rules_states())
def test_every_reachable_state_under_any_rules_is_valid(state: cf.GameState) -> None:
    assert cf.validate(state) is state


@pytest.mark.parametrize("variant", cf.VARIANTS, ids=lambda v: v.name)
def test_deals_of_every_preset_are_valid_r2(variant: cf.Variant) -> None:
    for number in (0, 63, cf.CODE_SPACE - 1):
        state = cf.deal(cf.Deal(number, rules=variant.rules))
        assert cf.validate(state) is state
        assert is_deal_position(state.position, state.rules) is None


@pytest.mark.parametrize("variant", cf.VARIANTS, ids=lambda v: v.name)
def test_long_games_of_every_preset_are_valid(variant: cf.Variant) -> None:
    start = cf.deal(cf.Deal(7, rules=variant.rules))
    for state in play_randomly(start, 3, 300, undo_rate=0.1)[::30]:
        cf.validate(state)


@given(variant_states(), st.integers(0, 2**32 - 1))
def test_corrupted_variant_states_are_refused(state: cf.GameState, seed: int) -> None:
    rng = random.Random(seed)
    # A card in two places (R1).
    cards = [c for column in state.columns for c in column] + list(state.stock)
    if cards and state.reserve:
        card = rng.choice(cards)
        bad = _raw(state.position, reserve=(*state.reserve[:-1], card))
        assert _error(_forced(state, position=bad)).field.startswith("position.")
    # A score the game cannot have, in either scoring: never one off a multiple of 5
    # (R30); 5 more whenever the history replays to the score or, without take-backs,
    # the foundations fix it.  Undone back to an empty history under take-backs, 5 more
    # is what a game that put a card up and took it back would show (R22, R30).
    if state.history or not state.rules.takebacks or state.actions == 0:
        assert _error(attrs.evolve(state, score=state.score + 5)).field == "score"
    assert _error(attrs.evolve(state, score=state.score + 1)).field == "score"
    # One redeal more than the rules allow.
    limit = state.rules.redeals
    if limit is not None:
        bad = _raw(state.position, passes=limit + 1)
        assert _error(_forced(state, position=bad)).field == "position.passes"


def _variant(rules: str, number: int = 63) -> cf.GameState:
    return cf.deal(cf.Deal(number, rules=rules))


def _vpos(rules: str) -> cf.VariantPosition:
    pos = _variant(rules).position
    assert isinstance(pos, cf.VariantPosition)
    return pos


def _position_error(pos: cf.Position, rules: str) -> cf.ValidationError:
    with pytest.raises(cf.ValidationError) as info:
        cf.validate(pos, rules=rules)
    return info.value


def test_validate_takes_rules_only_for_a_bare_position() -> None:
    with pytest.raises(cf.OptionError):
        cf.validate(cf.deal(CODE), rules="rainbow")  # type: ignore[call-overload]
    pos = _variant("rainbow").position
    assert cf.validate(pos, rules=cf.find_variant("rainbow")) is pos


def test_position_type_follows_the_rules() -> None:
    """Games under other rules have VariantPosition values, standard games plain ones."""
    variant = _variant("rainbow")
    plain = cf.Position(
        variant.stock, variant.waste, variant.reserve, variant.foundations, variant.columns
    )
    assert _error(_forced(variant, position=plain)).field == "position"
    standard = cf.deal(CODE)
    p = standard.position
    fancy = cf.VariantPosition(p.stock, p.waste, p.reserve, p.foundations, p.columns)
    err = _error(_forced(standard, position=fancy))
    assert err.field == "position"
    assert "plain Position" in err.reason


def test_reserve_size_follows_the_rules_r5() -> None:
    pos = _variant("chameleon").position
    assert len(pos.reserve) == 12
    bad = attrs.evolve(pos, stock=pos.stock[:-1], reserve=(*pos.reserve, pos.stock[-1]))
    err = _position_error(bad, "chameleon")
    assert err.field == "reserve"
    assert "gives it 12" in err.reason


def test_column_count_follows_the_rules() -> None:
    pos = _variant("chameleon").position
    bad = attrs.evolve(pos, stock=pos.stock[:-1], columns=(*pos.columns, (pos.stock[-1],)))
    err = _position_error(bad, "chameleon")
    assert err.field == "columns"
    assert "3 columns" in err.reason


def test_fixed_base_rank_starts_the_foundations() -> None:
    pos = _variant("storehouse").position
    assert [str(f.top) for f in pos.foundations] == ["2S", "2H", "2D", "2C"]
    hearts_first = tuple(cf.Foundation(cf.Suit(s), cf.Rank.TWO, 1) for s in (1, 0, 2, 3))
    err = _position_error(attrs.evolve(pos, foundations=hearts_first), "storehouse")
    assert err.field == "foundations[0]"
    assert "base=2" in err.reason
    # The same layout is fine where the base rank is free.
    assert cf.validate(attrs.evolve(pos, foundations=hearts_first), rules="storehouse base=random")


def test_build_rule_decides_what_a_run_is_r12() -> None:
    pos = _variant("storehouse").position
    # A stock card one rank below a column's card, in the other colour: a run in
    # alternate colours, not in suit.
    i, card = next(
        (i, card)
        for i, column in enumerate(pos.columns)
        for card in pos.stock
        if card.rank.next_up() is column[-1].rank and card.is_red != column[-1].is_red
    )
    columns = list(pos.columns)
    columns[i] = (*columns[i], card)
    bad = attrs.evolve(
        pos, stock=tuple(c for c in pos.stock if c is not card), columns=tuple(columns)
    )
    err = _position_error(bad, "storehouse")
    assert err.field == f"columns[{i}][1]"
    assert "in suit" in err.reason
    assert cf.validate(bad, rules="storehouse build=alternate") is bad


def test_empty_columns_follow_the_fill_rule_r16() -> None:
    # Superior never fills a column by itself: a space may wait while the reserve lasts.
    spaced = next(
        state
        for seed in range(50)
        for state in play_randomly(_variant("superior"), seed, 60, undo_rate=0.0)
        if state.reserve and not all(state.columns)
    )
    cf.validate(spaced)
    i = spaced.columns.index(())
    err = _position_error(spaced.position, "superior fill=auto")
    assert err.field == f"columns[{i}]"
    assert "(R16)" in err.reason


def test_redeal_count_follows_the_rules_r19() -> None:
    pos = _vpos("rainfall")
    assert cf.validate(attrs.evolve(pos, passes=2), rules="rainfall") is not None
    err = _position_error(attrs.evolve(pos, passes=3), "rainfall")
    assert err.field == "passes"
    assert "2 redeal(s)" in err.reason
    # Unlimited redeals are not counted.
    pysol = _vpos("pysol")
    err = _position_error(attrs.evolve(pysol, passes=1), "pysol")
    assert err.field == "passes"


def test_cards_wait_for_the_base_card_only_at_the_deal() -> None:
    fresh = _variant("selective")
    pos = _vpos("selective")
    assert len(pos.pending) == 5
    # Under rules that deal the base card nothing waits to be chosen.
    random_base = _vpos("pysol")
    stock = random_base.stock
    bad = attrs.evolve(random_base, stock=stock[:-1], pending=stock[-1:])
    err = _position_error(bad, "pysol")
    assert err.field == "pending"
    assert "base=random" in err.reason
    # After a draw the choice is long past.
    drawn = attrs.evolve(pos, stock=pos.stock[:-3], waste=pos.stock[-3:][::-1], fan=3)
    err = _position_error(drawn, "selective")
    assert err.field == "pending"
    assert "waste" in err.reason
    # The code deals the cards to choose from, in order.
    swapped = attrs.evolve(pos, pending=(pos.pending[1], pos.pending[0], *pos.pending[2:]))
    err = _error(_forced(fresh, position=swapped))
    assert err.field == "position.pending[0]"


def test_chosen_base_card_is_one_of_the_dealt_ones_r28() -> None:
    state = cf.apply(_variant("selective"), cf.Move.parse("base 2"))
    cf.validate(state)
    other = _forced(state, code="CSE-D3-AAAAACM", history=(), actions=5)
    assert _error(other).field.startswith("position.")


def test_casino_score_starts_at_minus_52() -> None:
    state = _variant("classic")
    assert state.score == -47  # -52 for the pack, 5 for the base card
    assert cf.validate(state) is state
    err = _error(attrs.evolve(state, score=0))
    assert err.field == "score"
    err = _error(attrs.evolve(state, score=-45))
    assert "casino" in err.reason
    err = _error(attrs.evolve(state, score=-57))
    assert "out of range -52" in err.reason


def test_without_take_backs_the_score_is_what_the_foundations_show_r30() -> None:
    state = _forced(_variant("pysol"), score=5, actions=1)
    err = _error(state)
    assert err.field == "score"
    assert "exactly 0" in err.reason
    # With take-backs a card may have gone up twice, so 5 points are possible.
    assert cf.validate(_forced(cf.deal(CODE), score=5, actions=1, code=None))


def test_history_length_follows_the_undo_limit_r27() -> None:
    state = play_randomly(_variant("pysol undo=5"), 4, 30, undo_rate=0.0)[-1]
    assert len(state.history) == 5
    cf.validate(state)
    longer = play_randomly(_variant("pysol"), 4, 30, undo_rate=0.0)[-1]
    err = _error(_forced(longer, rules=state.rules, code=None))
    assert err.field == "history"
    assert "last 5" in err.reason


def test_complete_history_starts_at_the_variant_deal_r2_r27() -> None:
    state = play_randomly(_variant("classic takebacks=yes"), 6, 20, undo_rate=0.0)[-1]
    assert state.actions == len(state.history)
    cf.validate(state)
    first = attrs.evolve(state.history[0], score=-42)
    err = _error(attrs.evolve(state, history=(first, *state.history[1:])))
    assert err.field == "history[0].score"
    assert "-47" in err.reason
    err = _error(attrs.evolve(state, history=state.history[1:], actions=len(state.history) - 1))
    assert err.field == "history[0].before"
    assert "dealt position" in err.reason


@pytest.mark.parametrize("variant", cf.VARIANTS, ids=lambda v: v.name)
def test_positions_keep_the_deal_of_their_code_under_every_layout_r28(
    variant: cf.Variant,
) -> None:
    fresh = cf.deal(cf.Deal(63, rules=variant.rules))
    other = cf.encode(cf.Deal(64, rules=variant.rules))
    assert _error(attrs.evolve(fresh, code=other)).field.startswith("position")
    # Later in the game, without the history to replay, the deck still tells.
    played = play_randomly(fresh, 9, 40, undo_rate=0.0)[-1]
    assert played.actions == 40
    cf.validate(_forced(played, history=()))
    assert _error(_forced(played, history=(), code=other)).field.startswith("position.")


def test_code_must_name_the_game_rules_r28() -> None:
    state = _variant("rainbow")
    err = _error(attrs.evolve(state, code="CRF-D1-AAAAACL"))
    assert err.field == "code"
    assert "rainfall" in err.reason


def test_draw_mode_must_be_the_rules_r18() -> None:
    state = _variant("rainbow")
    err = _error(_forced(state, draw=3, code=None))
    assert err.field == "draw"
