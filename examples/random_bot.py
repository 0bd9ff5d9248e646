"""A bot that plays random legal moves: the simplest possible player.

It shows the core loop of every bot: ask :func:`pycanfield.legal_moves`, pick one,
:func:`pycanfield.apply` it, repeat.  Run::

    python examples/random_bot.py                    # a random deal
    python examples/random_bot.py CF1-D3-AAAAACL --actions 500 --seed 7

It prints the table at the end and how many cards reached the foundations.
"""

from __future__ import annotations

import argparse
import random

import pycanfield as cf


def play_randomly(state: cf.GameState, rng: random.Random, actions: int) -> cf.GameState:
    """Play up to ``actions`` random legal moves; stop early on a win or a dead end."""
    for _ in range(actions):
        if cf.is_won(state):
            break
        moves = cf.legal_moves(state)
        if not moves:
            break
        state = cf.apply(state, rng.choice(moves))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("code", nargs="?", help="a game code (default: a random deal)")
    parser.add_argument("--actions", type=int, default=1000, help="how many moves at most")
    parser.add_argument("--seed", type=int, default=None, help="seed for a repeatable run")
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    args = parser.parse_args()

    rng = random.Random(args.seed if args.seed is not None else (1 if args.smoke else None))
    start = cf.deal(args.code) if args.code else cf.new_game(rng=rng)
    end = play_randomly(start, rng, 200 if args.smoke else args.actions)

    print(end)  # the text picture of the table
    up = sum(f.size for f in end.foundations)
    print(f"\n{end.actions} actions, {up} of 52 cards on the foundations, score {end.score}.")
    if cf.is_won(end):
        print("The random bot won!")


if __name__ == "__main__":
    main()
