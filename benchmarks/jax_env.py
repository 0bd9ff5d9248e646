"""How fast the compiled rules step games: env steps per second, by batch size.

Each JAX round runs a compiled loop of environment steps over a batch of games: a
masked random action chosen on the device, the step (rules, mask of the new state,
observation, reward, termination) and the automatic reset of finished games on new
random deals.  Compile time is measured apart, once per batch size.

Two baselines run in the same rounds, interleaved with the JAX ones so that the
machine's load weighs on all alike:

* ``CanfieldEnv``: the scalar Gymnasium environment with a masked random agent;
* ``legal_moves + apply``: the scalar rules, a random legal move a step.

Every figure is the median over rounds.  Run ``python benchmarks/jax_env.py`` (needs
the ``jax`` and ``gym`` extras; ``--smoke`` for a quick check).  The target: at batch
4,096, at least 40 times the steps per second of ``CanfieldEnv``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

import pycanfield as cf
from pycanfield._jax_env import EnvState, env_reset, env_step, random_actions, renew
from pycanfield.gym import CanfieldEnv

TARGET_RATIO = 40
MAX_STEPS = 1000  # CanfieldEnv's default episode length


def make_loop(batch: int, steps: int, draw: int = 3) -> Callable[[EnvState, jax.Array], Any]:
    """A compiled loop of ``steps`` environment steps on ``batch`` games."""

    def one(carry: tuple[EnvState, jax.Array], key: jax.Array) -> Any:
        envs, total = carry
        choose, deal = jax.random.split(key)
        actions = random_actions(envs.mask, choose)
        envs, out = jax.vmap(lambda e, a: env_step(e, a, MAX_STEPS))(envs, actions)
        done = out.terminated | out.truncated

        # New deals only for the games that ended.
        envs = renew(envs, done, deal, draw)
        # Everything a learner would read is consumed, so none of it is optimised away.
        total = total + out.reward.sum() + out.observation.sum() + done.sum()
        return (envs, total), None

    def loop(envs: EnvState, key: jax.Array) -> tuple[EnvState, jax.Array]:
        (envs, total), _ = jax.lax.scan(one, (envs, jnp.float32(0)), jax.random.split(key, steps))
        return envs, total

    return loop


class JaxRunner:
    """One batch size: compiled once, then timed round after round."""

    def __init__(self, batch: int, steps: int) -> None:
        self.batch, self.steps = batch, steps
        key = jax.random.key(batch)
        # Episodes start at spread-out step counts, as in a long run, so that games
        # end (and new ones are dealt) every step at the steady rate from the start.
        start_key, key = jax.random.split(key)
        envs = jax.jit(lambda k: jax.vmap(lambda kk: env_reset(kk, 3))(jax.random.split(k, batch)))(
            key
        )
        self.envs = envs._replace(
            steps=jax.random.randint(start_key, (batch,), 0, MAX_STEPS, dtype=jnp.int32)
        )
        loop = jax.jit(make_loop(batch, steps))
        start = time.perf_counter()
        self.compiled = loop.lower(self.envs, key).compile()
        self.compile_seconds = time.perf_counter() - start
        self.key = key
        self.rates: list[float] = []

    def round(self) -> None:
        self.key, key = jax.random.split(self.key)
        start = time.perf_counter()
        self.envs, total = self.compiled(self.envs, key)
        total.block_until_ready()
        self.rates.append(self.batch * self.steps / (time.perf_counter() - start))


def canfield_env_rate(steps: int, seed: int) -> float:
    """Steps per second of CanfieldEnv with a masked random agent."""
    env = CanfieldEnv(max_steps=MAX_STEPS)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    start = time.perf_counter()
    for _ in range(steps):
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            _, info = env.reset()
    return steps / (time.perf_counter() - start)


def rules_rate(steps: int, seed: int) -> float:
    """Steps per second of legal_moves + apply with random legal moves."""
    rng = random.Random(seed)
    state = cf.new_game(rng=rng)
    taken = 0
    start = time.perf_counter()
    for _ in range(steps):
        moves = cf.legal_moves(state)
        if not moves or taken == MAX_STEPS:
            state, taken = cf.new_game(rng=rng), 0
            continue
        state = cf.apply(state, rng.choice(moves))
        taken += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="a quick check for CI")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 64, 1024, 4096, 16384, 65536])
    args = parser.parse_args()
    batches = [64] if args.smoke else args.batches
    rounds = 1 if args.smoke else args.rounds
    scalar_steps = 300 if args.smoke else 10_000
    per_round = 2_000 if args.smoke else 400_000  # game-steps per JAX round

    print(f"JAX {jax.__version__}, backend {jax.default_backend()}, devices {jax.devices()}")
    print(f"{os.cpu_count()} CPUs; load average before: {os.getloadavg()[0]:.2f}")
    runners = []
    for batch in batches:
        steps = max(20, min(2_000, per_round // batch))
        runner = JaxRunner(batch, steps)
        runners.append(runner)
        print(
            f"batch {batch:>6}: {steps} steps a round, compiled in {runner.compile_seconds:.1f} s"
        )

    env_rates: list[float] = []
    rules_rates: list[float] = []
    for r in range(rounds):
        env_rates.append(canfield_env_rate(scalar_steps, seed=r))
        rules_rates.append(rules_rate(scalar_steps, seed=r))
        for runner in runners:
            runner.round()
    env_median = statistics.median(env_rates)
    print(f"load average after: {os.getloadavg()[0]:.2f}; medians of {rounds} round(s):")
    print(f"  CanfieldEnv (scalar, masked random)  {env_median:>12,.0f} steps/s")
    print(
        f"  legal_moves + apply (scalar)         {statistics.median(rules_rates):>12,.0f} steps/s"
    )
    for runner in runners:
        rate = statistics.median(runner.rates)
        print(
            f"  JAX batch {runner.batch:>6}                    {rate:>12,.0f} steps/s"
            f"  {rate / env_median:7.1f}x CanfieldEnv"
        )
    by_batch = {runner.batch: statistics.median(runner.rates) for runner in runners}
    if 4096 in by_batch:
        ratio = by_batch[4096] / env_median
        verdict = "met" if ratio >= TARGET_RATIO else "NOT met"
        print(f"target {TARGET_RATIO}x CanfieldEnv at batch 4096: {ratio:.1f}x, {verdict}")


if __name__ == "__main__":
    main()
