"""How fast the rules run: random games, legal_moves + apply steps per second.

Each round plays random games (a uniform choice among ``legal_moves``) from fixed
deals until it has taken a fixed number of steps; a game ends at a win, when no move
is left, or after 2,000 steps.  The figure is the median over rounds.

Two baselines are measured in the same run, from the same deals:

* ``naive``: the same steps, but the legal moves are found by trying every candidate
  move with ``is_legal``, as code without a move generator would;
* ``python loop``: a fixed pure-Python loop, to compare machines.

Run ``python benchmarks/random_play.py`` (``--smoke`` for a quick check).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import pycanfield as cf

TARGET = 50_000
GAME_LENGTH = 2_000


def _candidates() -> list[cf.Move]:
    moves = [cf.DRAW, cf.RECYCLE, cf.Move.reserve_to_foundation(), cf.Move.waste_to_foundation()]
    for i in range(4):
        moves += [
            cf.Move.column_to_foundation(i),
            cf.Move.reserve_to_column(i),
            cf.Move.waste_to_column(i),
        ]
        moves += [cf.Move.foundation_to_column(s, i) for s in cf.Suit]
        for j in range(4):
            if i != j:
                moves += [cf.Move.column_to_column(i, j, count=n) for n in range(1, 14)]
    return moves


CANDIDATES = _candidates()


def naive_moves(state: cf.GameState) -> list[cf.Move]:
    """Legal moves found by trying every candidate (the baseline)."""
    return [m for m in CANDIDATES if cf.is_legal(state, m)]


def play_round(steps: int, seed: int, generator: Callable[[cf.GameState], list[cf.Move]]) -> float:
    """Take ``steps`` random steps; return steps per second."""
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        state = cf.new_game(rng=rng)
        for _ in range(GAME_LENGTH):
            moves = generator(state)
            if not moves or done >= steps:
                break
            state = cf.apply(state, rng.choice(moves))
            done += 1
    return done / (time.perf_counter() - start)


def python_loop(n: int) -> float:
    """Iterations per second of a fixed loop of tuple and dict work."""
    table = {i: i * 7 for i in range(64)}
    start = time.perf_counter()
    total = 0
    for i in range(n):
        pair = (i & 63, table[i & 63])
        total += pair[1]
    assert total >= 0
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--steps", type=int, default=50_000, help="steps per round")
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    args = parser.parse_args()
    rounds, steps = (3, 2_000) if args.smoke else (args.rounds, args.steps)

    fast, naive, loop = [], [], []
    for r in range(rounds):
        fast.append(play_round(steps, r, cf.legal_moves))
        naive.append(play_round(max(steps // 10, 100), r, naive_moves))
        loop.append(python_loop(steps * 20))

    def show(name: str, values: list[float], unit: str) -> None:
        print(
            f"{name:<28} median {statistics.median(values):>12,.0f} {unit}"
            f"   (min {min(values):,.0f}, max {max(values):,.0f}, {len(values)} rounds)"
        )

    print(f"random play, {steps:,} steps per round, games of at most {GAME_LENGTH:,} steps")
    show("legal_moves + apply", fast, "steps/s")
    show("baseline: naive generator", naive, "steps/s")
    show("baseline: python loop", loop, "loops/s")
    median = statistics.median(fast)
    print(f"speed-up over the naive generator: {median / statistics.median(naive):.1f}x")
    verdict = "met" if median >= TARGET else "NOT met"
    print(f"target {TARGET:,} steps/s: {verdict}")


if __name__ == "__main__":
    main()
