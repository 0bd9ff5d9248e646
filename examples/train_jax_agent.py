"""Train a small masked policy-gradient agent on the compiled rules, in JAX alone.

Hundreds of games are played at once by :mod:`pycanfield.jax`; a two-layer network
reads the observation and the mask of legal actions and picks an action (illegal ones
are masked out).  Training is REINFORCE with a per-step mean baseline and a hand-written
Adam.  The reward is the change in the number of cards on the foundations (a take-back
costs what the card earned, so the agent cannot farm points by taking a card back and
placing it again, R32).

Every few iterations the agent plays a fixed set of deals (sampling its actions) and
the script prints the cards on the foundations per game and the win rate, beside the
same figures for a random bot and a greedy bot (foundation moves first, then reserve
cards into play, then anything but a take-back) on the same deals.  Run::

    python examples/train_jax_agent.py                  # minutes on a laptop CPU
    python examples/train_jax_agent.py --iterations 500 --draw 1
    python examples/train_jax_agent.py --smoke          # a quick run for CI

Needs the ``jax`` extra: ``pip install "pycanfield[jax]"``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp

from pycanfield import ACTION_COUNT, OBSERVATION_SIZE
from pycanfield import jax as cfj

Params = dict[str, jax.Array]
Policy = Callable[[jax.Array, jax.Array, jax.Array], jax.Array]


# The network sees the observation and which of the first 32 actions (every move but
# those between columns) are legal.
FEATURES = OBSERVATION_SIZE + 32


def init_params(key: jax.Array, hidden: int) -> Params:
    k1, k2 = jax.random.split(key)
    inputs = FEATURES
    return {
        "w1": jax.random.normal(k1, (inputs, hidden)) / jnp.sqrt(inputs),
        "b1": jnp.zeros(hidden),
        "w2": jax.random.normal(k2, (hidden, ACTION_COUNT)) * 0.01,
        "b2": jnp.zeros(ACTION_COUNT),
    }


def logits(params: Params, obs: jax.Array, mask: jax.Array) -> jax.Array:
    """Masked action logits for a batch of observations and masks."""
    x = jnp.concatenate([obs / 52.0, mask[..., :32].astype(jnp.float32)], axis=-1)
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    out = h @ params["w2"] + params["b2"]
    return jnp.where(mask, out, -1e9)


def foundation_cards(games: cfj.State) -> jax.Array:
    return games.foundations.sum(axis=-1)


def play(
    policy: Policy, games: cfj.State, key: jax.Array, steps: int
) -> tuple[cfj.State, dict[str, jax.Array]]:
    """Play ``steps`` steps of every game with ``policy``; returns the games and the
    trajectory (observations, masks, actions, rewards)."""
    step = jax.vmap(cfj.step)
    mask_of = jax.vmap(cfj.legal_action_mask)
    observe = jax.vmap(cfj.observe)

    def one(games: cfj.State, key: jax.Array) -> tuple[cfj.State, dict[str, jax.Array]]:
        obs, mask = observe(games), mask_of(games)
        action = policy(obs, mask, key)
        after = step(games, action)
        reward = (foundation_cards(after) - foundation_cards(games)).astype(jnp.float32)
        return after, {"obs": obs, "mask": mask, "action": action, "reward": reward}

    return jax.lax.scan(one, games, jax.random.split(key, steps))


def random_policy(obs: jax.Array, mask: jax.Array, key: jax.Array) -> jax.Array:
    return jax.random.categorical(key, jnp.where(mask, 0.0, -1e9))


def greedy_policy(obs: jax.Array, mask: jax.Array, key: jax.Array) -> jax.Array:
    # Foundation moves (actions 2-7), then reserve cards into play (8-11), then the rest
    # but take-backs (16-31); ties at random.
    rank = jnp.zeros(ACTION_COUNT).at[2:8].set(3.0).at[8:12].set(2.0).at[16:32].set(-1.0)
    noise = jax.random.uniform(key, mask.shape)
    return jnp.argmax(jnp.where(mask, rank + noise, -1e9), axis=-1)


def agent_policy(params: Params) -> Policy:
    def policy(obs: jax.Array, mask: jax.Array, key: jax.Array) -> jax.Array:
        return jax.random.categorical(key, logits(params, obs, mask))

    return policy


def make_train_step(steps: int, lr: float, gamma: float) -> Any:
    def loss(params: Params, traj: dict[str, jax.Array]) -> jax.Array:
        def back(later: jax.Array, reward: jax.Array) -> tuple[jax.Array, jax.Array]:
            ret = reward + gamma * later
            return ret, ret

        # Discounted rewards to go, from the last step back.
        _, returns = jax.lax.scan(back, jnp.zeros_like(traj["reward"][0]), traj["reward"][::-1])
        returns = returns[::-1]
        advantage = returns - returns.mean(axis=1, keepdims=True)
        logp = jax.nn.log_softmax(logits(params, traj["obs"], traj["mask"]))
        chosen = jnp.take_along_axis(logp, traj["action"][..., None], axis=-1)[..., 0]
        return -(chosen * advantage).mean()

    def train_step(
        params: Params, adam: tuple[Params, Params, jax.Array], games: cfj.State, key: jax.Array
    ) -> tuple[Params, tuple[Params, Params, jax.Array], jax.Array]:
        _, traj = play(agent_policy(params), games, key, steps)
        grads = jax.grad(loss)(params, jax.lax.stop_gradient(traj))
        m, v, t = adam
        t = t + 1
        m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, grads)
        v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, grads)
        params = jax.tree.map(
            lambda p, m, v: p - lr * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8),
            params,
            m,
            v,
        )
        return params, (m, v, t), traj["reward"].sum(axis=0).mean()

    return jax.jit(train_step)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--games", type=int, default=256, help="games per iteration")
    parser.add_argument("--steps", type=int, default=100, help="steps per game")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-2)
    parser.add_argument("--gamma", type=float, default=0.95, help="discount")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    args = parser.parse_args()
    if args.smoke:
        args.iterations, args.games, args.steps, args.hidden = 2, 16, 20, 16

    deal = jax.jit(jax.vmap(lambda k: cfj.init(k, args.draw)))
    key = jax.random.key(args.seed)
    key, k_params, k_eval = jax.random.split(key, 3)
    params = init_params(k_params, args.hidden)
    adam = (jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params), 0)
    train_step = make_train_step(args.steps, args.lr, args.gamma)
    eval_deals = deal(jax.random.split(k_eval, args.games))

    @jax.jit
    def evaluate(params: Params, key: jax.Array) -> tuple[jax.Array, jax.Array]:
        end, _ = play(agent_policy(params), eval_deals, key, args.steps)
        return foundation_cards(end).mean(), jax.vmap(cfj.is_won)(end).mean()

    def bot(policy: Policy) -> tuple[float, float]:
        end, _ = jax.jit(lambda k: play(policy, eval_deals, k, args.steps))(jax.random.key(1))
        return float(foundation_cards(end).mean()), float(jax.vmap(cfj.is_won)(end).mean())

    print(f"{args.games} games x {args.steps} steps per iteration, draw {args.draw}")
    for name, policy in (("random bot", random_policy), ("greedy bot", greedy_policy)):
        cards, wins = bot(policy)
        print(f"{name:>14}: {cards:5.1f} cards on the foundations per game, {wins:6.1%} won")

    start = time.perf_counter()
    every = max(1, args.iterations // 10)
    for it in range(1, args.iterations + 1):
        key, k_deal, k_play = jax.random.split(key, 3)
        games = deal(jax.random.split(k_deal, args.games))
        params, adam, reward = train_step(params, adam, games, k_play)
        if it % every == 0 or it == args.iterations:
            cards, wins = evaluate(params, jax.random.key(2))
            print(
                f"iteration {it:4d}: {float(cards):5.1f} cards on the foundations per game,"
                f" {float(wins):6.1%} won  (training reward {float(reward):5.1f},"
                f" {time.perf_counter() - start:5.0f} s)"
            )


if __name__ == "__main__":
    main()
