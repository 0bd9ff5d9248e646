"""A greedy bot: it always plays the move it likes best, foundation moves first.

The bot never looks ahead.  It ranks the legal moves (a card to a foundation scores
and comes first, then moves that bring reserve cards into play, then the waste, then
drawing) and plays the best one that leads to a position it has not seen yet, so it
cannot go round in circles.  Run::

    python examples/greedy_bot.py                 # 20 random deals
    python examples/greedy_bot.py CF1-D3-AAAAACL  # one deal, with its final table
    python examples/greedy_bot.py --deals 100 --draw 1
"""

from __future__ import annotations

import argparse
import random

import pycanfield as cf


def preference(state: cf.GameState, move: cf.Move) -> int | None:
    """Lower is better; ``None`` for moves the bot never makes."""
    kind = move.kind
    if move.to_foundation:
        return 0
    if kind is cf.MoveKind.RESERVE_TO_COLUMN:
        return 1
    if kind is cf.MoveKind.COLUMN_TO_COLUMN:
        assert move.source is not None
        # Emptying a column lets the reserve fill it (R16): a reserve card comes into play.
        emptied = move.count == len(state.columns[move.source])
        return 2 if emptied and state.reserve else None
    if kind is cf.MoveKind.WASTE_TO_COLUMN:
        return 3
    if kind in (cf.MoveKind.DRAW, cf.MoveKind.RECYCLE):
        return 4
    return None  # take-backs (R22) and other shuffles between columns


def play_greedily(state: cf.GameState, max_actions: int = 2000) -> cf.GameState:
    """Play the preferred move to an unseen position until none is left."""
    seen = {state.position}
    for _ in range(max_actions):
        if cf.is_won(state):
            break
        ranked = sorted(
            (rank, order, move)
            for order, move in enumerate(cf.legal_moves(state))
            if (rank := preference(state, move)) is not None
        )
        for _, _, move in ranked:
            after = cf.apply(state, move)
            if after.position not in seen:
                seen.add(after.position)
                state = after
                break
        else:
            break  # every preferred move leads somewhere already visited
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("code", nargs="?", help="play only this game code")
    parser.add_argument("--deals", type=int, default=20, help="how many random deals")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3, help="draw mode")
    parser.add_argument("--seed", type=int, default=2024, help="seed for the random deals")
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    args = parser.parse_args()

    if args.code:
        end = play_greedily(cf.deal(args.code))
        print(end)
        print(f"\nScore {end.score} after {end.actions} actions; won: {cf.is_won(end)}.")
        return

    rng = random.Random(args.seed)
    deals = 3 if args.smoke else args.deals
    wins = total = 0
    for _ in range(deals):
        start = cf.new_game(draw=args.draw, rng=rng)
        end = play_greedily(start)
        wins += cf.is_won(end)
        total += end.score
        print(f"{start.code}: score {end.score:3d}" + ("  won" if cf.is_won(end) else ""))
    print(f"\n{wins} of {deals} deals won, mean score {total / deals:.1f}.")


if __name__ == "__main__":
    main()
