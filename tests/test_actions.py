"""The integer action space and the flat observation (pycanfield._actions)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given

import builders
import pycanfield as cf
from pycanfield._actions import COLUMN_SLOTS, WASTE_SLOTS, decode_action
from pycanfield._position import foundation_suits
from strategies import candidate_moves, play_randomly, states

EVERY_ACTION = range(cf.ACTION_COUNT)


def _run(length: int) -> list[cf.Card]:
    """A run of ``length`` cards (at most 52) that alternates colour and goes down one
    rank at a time with the king below the ace (R13), bottom card first."""
    black, red = [cf.Suit.SPADES, cf.Suit.CLUBS], [cf.Suit.HEARTS, cf.Suit.DIAMONDS]
    cards = []
    for i in range(length):
        rank = cf.Rank((12 - i) % 13 + 1)  # K, Q, ..., A, K, ...
        suits = black if i % 2 == 0 else red
        cards.append(cf.Card(rank, suits[i // 26]))
    return cards


def _state(columns: list[list[cf.Card]], *, reserve: tuple[cf.Card, ...] = ()) -> cf.GameState:
    """A state whose columns and reserve hold every card of the pack; the foundations
    (base rank 7) are empty, so none of their cards is missing from the table."""
    placed = {c for col in columns for c in col} | set(reserve)
    assert len(placed) == sum(map(len, columns)) + len(reserve)
    stock = tuple(c for c in cf.PACK if c not in placed)
    foundations = tuple(
        cf.Foundation(s, cf.Rank.SEVEN, 0) for s in foundation_suits(cf.Suit.HEARTS)
    )
    position = cf.Position(stock, (), reserve, foundations, tuple(tuple(col) for col in columns))
    return cf.GameState(position)


# -- the numbering --------------------------------------------------------------------


def test_every_action_names_a_distinct_move_and_maps_back() -> None:
    moves = [decode_action(a) for a in EVERY_ACTION]
    assert len(set(moves)) == cf.ACTION_COUNT == 644
    assert [cf.move_to_action(m) for m in moves] == list(EVERY_ACTION)


def test_every_candidate_move_up_to_max_run_has_a_number() -> None:
    """The numbering covers every move value of a four-column table with a count up to
    MAX_RUN, and nothing else: the candidate moves are exactly the actions."""
    candidates = candidate_moves(max_count=cf.MAX_RUN)
    assert sorted(cf.move_to_action(m) for m in candidates) == list(EVERY_ACTION)


def test_fixed_numbers_of_documented_actions() -> None:
    """The table in docs/bots.rst, spot-checked."""
    expected = {
        "draw": 0,
        "recycle": 1,
        "R>F": 2,
        "W>F": 3,
        "1>F": 4,
        "4>F": 7,
        "R>1": 8,
        "W>4": 15,
        "FS>1": 16,
        "FH>2": 21,
        "FC>4": 31,
        "1>2": 32,
        "1>2X51": 82,
        "1>3": 83,
        "2>1": 32 + 3 * 51,
        "4>3X51": 643,
    }
    assert {text: cf.move_to_action(cf.Move.parse(text)) for text in expected} == expected


def test_moves_outside_the_numbering_raise_action_error() -> None:
    with pytest.raises(cf.ActionError, match="at most 51"):
        cf.move_to_action(cf.Move.column_to_column(0, 1, count=52))
    with pytest.raises(cf.ActionError, match="only 4 columns"):
        cf.move_to_action(cf.Move.reserve_to_column(4))
    with pytest.raises(cf.ActionError, match="needs a Move"):
        cf.move_to_action("draw")  # type: ignore[arg-type]


class _Index:
    """An integer-like object, as NumPy integers are."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_action_to_move_accepts_integer_like_values() -> None:
    state = cf.deal("CF1-D3-AAAAACL")
    assert cf.action_to_move(state, _Index(9)) == cf.Move.parse("R>2")


@pytest.mark.parametrize("bad", [-1, 644, 10**9, True, 1.0, "0", None])
def test_action_out_of_range_or_not_an_integer_raises_action_error(bad: object) -> None:
    state = cf.deal("CF1-D3-AAAAACL")
    with pytest.raises(cf.ActionError) as info:
        cf.action_to_move(state, bad)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, cf.CanfieldError)


def test_illegal_action_raises_the_error_apply_would_raise() -> None:
    """R9: the reserve's Q♣ cannot go up on the reference deal; apply and
    action_to_move refuse it with the same rule."""
    state = cf.deal("CF1-D3-AAAAACL")
    with pytest.raises(cf.IllegalMoveError) as from_apply:
        cf.apply(state, cf.Move.reserve_to_foundation())
    with pytest.raises(cf.IllegalMoveError) as from_action:
        cf.action_to_move(state, 2)
    assert from_action.value.rule == from_apply.value.rule == "R9"


# -- MAX_RUN is the bound (R14) ----------------------------------------------------------


def test_r14_a_51_card_run_onto_a_card_is_legal_and_numbered() -> None:
    """R14: with 51 cards in one column and the 52nd in another, the whole 51-card run
    can go onto that card: the largest count with a non-empty target."""
    run = _run(52)
    state = _state([run[1:], [run[0]], [], []])
    move = cf.Move.column_to_column(0, 1, count=51)
    assert move in cf.legal_moves(state)
    assert cf.action_to_move(state, cf.move_to_action(move)) == move


def test_r14_r17_a_52_card_column_splits_into_every_count_below_52() -> None:
    """R14, R17: a column holding the whole pack as one run may move any tail of up to
    51 cards to an empty column, but not all 52 (that would change nothing)."""
    state = _state([_run(52), [], [], []])
    runs = [m for m in cf.legal_moves(state) if m.kind is cf.MoveKind.COLUMN_TO_COLUMN]
    assert max(m.count for m in runs) == cf.MAX_RUN == 51
    assert len(runs) == 3 * 51
    mask = cf.legal_action_mask(state)
    assert sorted(i for i, ok in enumerate(mask) if ok) == sorted(
        cf.move_to_action(m) for m in cf.legal_moves(state)
    )
    assert not cf.is_legal(state, cf.Move.column_to_column(0, 1, count=52))


def test_r14_no_count_above_max_run_is_ever_legal() -> None:
    """R14: runs of 52 or more cards are refused even where the column would allow the
    longest imaginable run."""
    for state in (_state([_run(52), [], [], []]), _state([_run(51)[1:], _run(1), [], []])):
        for count in (52, 53, 60):
            for target in (1, 2, 3):
                assert not cf.is_legal(state, cf.Move.column_to_column(0, target, count=count))


# -- legal moves, mask and round trip on played games ------------------------------------


def _check_state(state: cf.GameState) -> None:
    legal = cf.legal_moves(state)
    numbers = [cf.move_to_action(m) for m in legal]
    assert len(set(numbers)) == len(legal)
    for move, number in zip(legal, numbers, strict=True):
        assert cf.action_to_move(state, number) == move
    mask = cf.legal_action_mask(state)
    assert len(mask) == cf.ACTION_COUNT
    assert [i for i, ok in enumerate(mask) if ok] == sorted(numbers) == cf.legal_actions(state)


@given(states())
def test_mask_is_exactly_the_legal_moves_and_numbers_round_trip(state: cf.GameState) -> None:
    _check_state(state)


@given(states())
def test_every_masked_out_action_is_refused(state: cf.GameState) -> None:
    mask = cf.legal_action_mask(state)
    for action in EVERY_ACTION:
        if mask[action]:
            continue
        with pytest.raises(cf.IllegalMoveError):
            cf.action_to_move(state, action)


@pytest.mark.parametrize("seed", range(6))
def test_round_trip_on_every_state_of_random_games(seed: int) -> None:
    start = cf.new_game(draw=random.Random(seed).choice([1, 3]), rng=random.Random(seed))
    for state in play_randomly(start, seed, 400):
        _check_state(state)


@pytest.mark.parametrize(
    "columns",
    [["6C", "", "", ""], ["", "", "", ""], ["6C", "5C", "", ""]],
)
def test_r10_r23_mask_near_the_end_names_only_playable_moves(columns: list[str]) -> None:
    """R10, R23: with full foundations nothing is wanted from an empty reserve, waste
    or column; every masked action is accepted by apply, every other one refused."""
    sizes = {"H": 13, "S": 13, "D": 13, "C": 13 - sum(1 for c in columns if c)}
    state = builders.state(columns=columns, sizes=sizes)
    _check_state(state)
    mask = cf.legal_action_mask(state)
    for action in EVERY_ACTION:
        assert mask[action] == cf.is_legal(state, decode_action(action))


# -- observation ---------------------------------------------------------------------


def _card(code: int) -> cf.Card:
    return cf.PACK[code - 1]


def _decode(obs: tuple[int, ...]) -> dict[str, object]:
    """Read an observation back by the documented slot table."""
    head = 17
    columns = []
    for c in range(4):
        block = obs[head + c * COLUMN_SLOTS : head + (c + 1) * COLUMN_SLOTS]
        size = obs[13 + c]
        assert all(v == 0 for v in block[size:])
        columns.append(tuple(_card(v) for v in block[:size]))
    return {
        "draw": obs[0],
        "stock": obs[1],
        "waste": obs[2],
        "fan": tuple(_card(v) for v in obs[3:6] if v),
        "reserve": obs[6],
        "reserve top": _card(obs[7]) if obs[7] else None,
        "base": obs[8],
        "foundations": obs[9:13],
        "columns": tuple(columns),
    }


@given(states())
def test_observation_shows_what_a_player_sees(state: cf.GameState) -> None:
    """R6, R15, R21: stock size, visible waste, reserve top and size, foundations
    and every column card."""
    obs = cf.observe(state)
    assert len(obs) == cf.OBSERVATION_SIZE == len(cf.OBSERVATION_HIGH) == 225
    assert all(0 <= v <= high for v, high in zip(obs, cf.OBSERVATION_HIGH, strict=True))
    pos = state.position
    seen = _decode(obs)
    assert seen == {
        "draw": state.draw,
        "stock": len(pos.stock),
        "waste": len(pos.waste),
        "fan": pos.visible_waste[::-1],
        "reserve": len(pos.reserve),
        "reserve top": pos.reserve[-1] if pos.reserve else None,
        "base": pos.base_rank,
        "foundations": tuple(pos.foundation(s).size for s in cf.Suit),
        "columns": pos.columns,
    }


def test_observation_of_the_reference_deal(reference: dict[str, object]) -> None:
    """R29: reserve of 13 with Q♣ on top, base 7♥, columns 6♣ K♥ Q♥ A♠, stock 34."""
    obs = cf.observe(cf.deal("CF1-D3-AAAAACL"))
    code = {str(c): c.index + 1 for c in cf.PACK}
    assert obs[:17] == (3, 34, 0, 0, 0, 0, 13, code["QC"], 7, 0, 1, 0, 0, 1, 1, 1, 1)
    assert [obs[17 + 52 * c] for c in range(4)] == [code[t] for t in ("6C", "KH", "QH", "AS")]


def test_observation_shows_the_fan_top_first_r21() -> None:
    """R18, R21: after a draw of three, the three turned cards are visible, top first;
    playing the top one leaves two."""
    state = cf.apply(cf.deal("CF1-D3-AAAAACL"), cf.DRAW)
    fan = state.position.visible_waste
    assert len(fan) == WASTE_SLOTS
    assert cf.observe(state)[3:6] == tuple(c.index + 1 for c in reversed(fan))


def test_observation_hides_the_stock_order() -> None:
    """Face-down cards are not observed: reordering the stock changes nothing."""
    state = cf.deal("CF1-D3-AAAAACL")
    pos = state.position
    shuffled = cf.GameState(
        cf.Position(pos.stock[::-1], pos.waste, pos.reserve, pos.foundations, pos.columns), draw=3
    )
    assert cf.observe(shuffled) == cf.observe(state)


def test_observation_fits_a_whole_pack_column() -> None:
    obs = cf.observe(_state([_run(52), [], [], []]))
    assert obs[13:17] == (52, 0, 0, 0)
    assert all(1 <= v <= 52 for v in obs[17 : 17 + 52])


@pytest.mark.parametrize("code", ["CF1-D1-AAAAAAA", "CF1-D3-ZZZZZZZ"])
def test_observation_records_the_draw_mode(code: str) -> None:
    state = cf.deal(code)
    assert cf.observe(state)[0] == state.draw


def test_importing_pycanfield_imports_neither_numpy_nor_gymnasium() -> None:
    code = (
        "import sys, pycanfield\n"
        "pycanfield.observe(pycanfield.deal('CF1-D3-AAAAACL'))\n"
        "print(sorted({'numpy', 'gymnasium'} & set(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
