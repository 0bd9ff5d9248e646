"""The Gymnasium environment (pycanfield._gym_env, public as pycanfield.gym)."""

from __future__ import annotations

import random
import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import pycanfield as cf  # noqa: E402
from builders import position  # noqa: E402
from pycanfield.gym import (  # noqa: E402
    ENV_ID,
    CanfieldEnv,
    action_mask_array,
    observe_array,
)


def test_registered_id_makes_the_environment_with_options() -> None:
    env = gymnasium.make(ENV_ID, draw=1, max_steps=5)
    assert env.spec is not None
    assert env.spec.id == ENV_ID
    _, info = env.reset(seed=3)
    assert info["code"].startswith("CF1-D1-")
    assert env.unwrapped.max_steps == 5


def test_masked_random_agent_never_plays_an_illegal_action() -> None:
    """Thousands of masked random steps over many episodes: every action is legal."""
    env = CanfieldEnv(max_steps=300)
    steps = episodes = 0
    obs, info = env.reset(seed=11)
    env.action_space.seed(11)
    while steps < 3000:
        mask = info["action_mask"]
        np.testing.assert_array_equal(mask, env.action_masks().astype(np.int8))
        state = env.state
        action = env.action_space.sample(mask=mask)
        assert cf.action_to_move(state, action) in cf.legal_moves(state)
        obs, _reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert not info["illegal"]
        assert obs in env.observation_space
        if terminated or truncated:
            episodes += 1
            obs, info = env.reset()
    assert episodes >= 9


def test_reset_with_a_seed_is_reproducible() -> None:
    env = CanfieldEnv()
    codes = [env.reset(seed=seed)[1]["code"] for seed in (1, 2, 1)]
    assert codes[0] == codes[2] != codes[1]
    obs_a, _ = env.reset(seed=5)
    obs_b, _ = CanfieldEnv().reset(seed=5)
    np.testing.assert_array_equal(obs_a, obs_b)


def test_reset_options_code_and_state() -> None:
    env = CanfieldEnv(draw=3)
    _, info = env.reset(options={"code": "CF1-D1-AAAAACL"})
    assert info["code"] == "CF1-D1-AAAAACL"
    assert env.state == cf.deal("CF1-D1-AAAAACL")
    later = cf.apply(cf.deal("CF1-D3-AAAAACL"), cf.Move.parse("R>2"))
    obs, info = env.reset(options={"state": later})
    assert env.state is later
    assert env.steps == 0
    np.testing.assert_array_equal(obs, cf.observe(later))
    assert info["score"] == 0
    _, info = env.reset(options={"code": cf.Deal(63)})
    assert info["code"] == "CF1-D3-AAAAACL"


@pytest.mark.parametrize(
    "options",
    [
        {"seed": 1},
        {"code": 63},
        {"state": "CF1-D3-AAAAACL"},
        {"code": "CF1-D3-AAAAACL", "state": cf.deal("CF1-D3-AAAAACL")},
    ],
)
def test_bad_reset_options_raise_option_error(options: dict[str, object]) -> None:
    with pytest.raises(cf.OptionError):
        CanfieldEnv().reset(options=options)


def test_bad_code_raises_game_code_error() -> None:
    with pytest.raises(cf.GameCodeError):
        CanfieldEnv().reset(options={"code": "CF1-D3-AAAA"})


@pytest.mark.parametrize(
    "kwargs",
    [
        {"draw": 2},
        {"max_steps": 0},
        {"max_steps": 1.5},
        {"win_bonus": float("nan")},
        {"score_weight": "1"},
        {"illegal_action": "ignore"},
        {"render_mode": "human"},
    ],
)
def test_bad_constructor_options_raise_option_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(cf.OptionError):
        CanfieldEnv(**kwargs)  # type: ignore[arg-type]


def test_step_before_reset_asks_for_a_reset() -> None:
    with pytest.raises(gymnasium.error.ResetNeeded):
        CanfieldEnv().step(0)


def test_step_returns_the_five_values_and_info() -> None:
    env = CanfieldEnv()
    env.reset(options={"code": "CF1-D3-AAAAACL"})
    obs, reward, terminated, truncated, info = env.step(cf.move_to_action(cf.Move.parse("R>2")))
    assert isinstance(obs, np.ndarray)
    assert obs.dtype == np.int64
    assert obs.shape == (225,)
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert info["move"] == cf.Move.parse("R>2")
    assert info["code"] == "CF1-D3-AAAAACL"
    assert info["steps"] == 1
    assert not info["illegal"]
    assert not info["stuck"]
    # R29: 8♥ from the reserve onto the hearts foundation earns 5 points (R30).
    _, reward, *_, info = env.step(cf.move_to_action(cf.Move.parse("R>F")))
    assert reward == 5.0
    assert info["score"] == 5


def test_illegal_action_is_penalized_and_changes_nothing() -> None:
    env = CanfieldEnv(illegal_reward=-2.5)
    obs, _ = env.reset(options={"code": "CF1-D3-AAAAACL"})
    before = env.state
    after_obs, reward, terminated, truncated, info = env.step(2)  # R>F: refused by R9
    assert info["illegal"]
    assert reward == -2.5
    assert env.state is before
    assert env.steps == 1
    assert not terminated
    assert not truncated
    np.testing.assert_array_equal(obs, after_obs)


def test_illegal_action_raises_when_asked() -> None:
    env = CanfieldEnv(illegal_action="raise")
    env.reset(options={"code": "CF1-D3-AAAAACL"})
    with pytest.raises(cf.IllegalMoveError) as info:
        env.step(2)
    assert info.value.rule == "R9"


def test_action_out_of_range_raises_action_error() -> None:
    env = CanfieldEnv()
    env.reset(seed=0)
    with pytest.raises(cf.ActionError):
        env.step(cf.ACTION_COUNT)


def test_truncation_after_max_steps() -> None:
    env = CanfieldEnv(max_steps=3)
    env.reset(options={"code": "CF1-D3-AAAAACL"})
    flags = [env.step(0)[2:4] for _ in range(3)]  # draw three times
    assert flags == [(False, False), (False, False), (False, True)]


def _one_card_from_winning() -> cf.GameState:
    """Every foundation full but clubs, whose 6♣ (base rank 7) lies on column 1."""
    pos = position(columns=["6C", "", "", ""], sizes={"H": 13, "S": 13, "D": 13, "C": 12})
    return cf.GameState(pos, score=250)


def test_r23_winning_step_terminates_with_the_win_bonus() -> None:
    env = CanfieldEnv(win_bonus=100.0, score_weight=0.2, step_reward=-0.01)
    env.reset(options={"state": _one_card_from_winning()})
    _, reward, terminated, truncated, info = env.step(cf.move_to_action(cf.Move.parse("1>F")))
    assert terminated
    assert not truncated
    assert info["won"]
    assert reward == pytest.approx(0.2 * 5 + 100.0 - 0.01)


def test_r22_take_back_costs_the_foundation_weight_but_no_score() -> None:
    """R22: a take-back loses no points; the foundation term counts it as -1 card."""
    env = CanfieldEnv(score_weight=1.0, foundation_weight=5.0)
    env.reset(options={"state": _one_card_from_winning()})
    take_back = cf.move_to_action(cf.Move.parse("FH>2"))
    _, reward, terminated, _, info = env.step(take_back)
    assert reward == -5.0
    assert info["score"] == 250
    assert not terminated
    # Putting it back earns the score again (R32) but no net foundation progress.
    _, reward, *_ = env.step(cf.move_to_action(cf.Move.parse("2>F")))
    assert reward == 5.0 + 5.0


def _stuck_state() -> cf.GameState:
    """A position with no legal action at all (R24): found by shuffling the pack into
    four columns until nothing can move."""
    rng = random.Random(2024)
    cards = list(cf.PACK)
    for _ in range(1000):
        rng.shuffle(cards)
        cols = [" ".join(str(c) for c in cards[i::4]) for i in range(4)]
        pos = position(columns=cols, sizes={})
        if not cf.position_moves(pos):
            return cf.GameState(pos)
    raise AssertionError("no stuck position found")  # pragma: no cover


def test_r24_no_legal_action_terminates_the_episode() -> None:
    env = CanfieldEnv()
    _, info = env.reset(options={"state": _stuck_state()})
    assert not info["action_mask"].any()
    _, _reward, terminated, truncated, info = env.step(0)
    assert info["illegal"]
    assert info["stuck"]
    assert terminated
    assert not truncated


def test_render_ansi_draws_the_table() -> None:
    env = CanfieldEnv(render_mode="ansi")
    env.reset(options={"code": "CF1-D3-AAAAACL"})
    text = env.render()
    assert isinstance(text, str)
    assert "CF1-D3-AAAAACL" in text
    assert "Q♣" in text
    assert CanfieldEnv().render() is None


def test_render_svg_draws_the_current_state() -> None:
    env = CanfieldEnv(render_mode="svg")
    env.reset(options={"code": "CF1-D3-AAAAACL"})
    env.step(cf.move_to_action(cf.Move.parse("R>2")))
    assert env.render() == cf.render_svg(env.state)


def test_environment_passes_the_gymnasium_checker_in_every_render_mode() -> None:
    for mode in CanfieldEnv.metadata["render_modes"]:
        env = gymnasium.make(ENV_ID, render_mode=mode)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(env.unwrapped)


def test_array_helpers_match_the_core() -> None:
    state = cf.apply(cf.deal("CF1-D3-AAAAACL"), cf.DRAW)
    assert observe_array(state).tolist() == list(cf.observe(state))
    mask = action_mask_array(state)
    assert mask.dtype == np.int8
    assert mask.tolist() == [int(x) for x in cf.legal_action_mask(state)]
