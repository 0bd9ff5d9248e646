"""The Canfield family side by side: how often a simple player wins under each preset.

Each preset (see ``docs/variants.rst``) plays the same deal numbers with the same
greedy player: a card to a foundation first, then a column move, then the stock, never a
take-back, never the same position twice.  The table shows how the rules change the
game: Rainbow and Chameleon build regardless of suit, Storehouse starts from the twos,
Selective lets the player choose the base card (this player takes the first one).
Run::

    python examples/variants.py --deals 200
"""

from __future__ import annotations

import argparse
import random

import pycanfield as cf


def greedy(state: cf.GameState, seen: set[cf.Position]) -> cf.Move | None:
    """The first legal move, in order of preference, that leads somewhere new."""

    def rank(move: cf.Move) -> int:
        if move.kind is cf.MoveKind.CHOOSE_BASE or move.to_foundation:
            return 0
        if move.kind in (cf.MoveKind.RESERVE_TO_COLUMN, cf.MoveKind.WASTE_TO_COLUMN):
            return 1
        if move.kind is cf.MoveKind.COLUMN_TO_COLUMN:
            return 2
        if move.kind is cf.MoveKind.FOUNDATION_TO_COLUMN:
            return 9
        return 3

    for move in sorted(cf.legal_moves(state), key=rank):
        if rank(move) == 9:
            continue
        after, _ = cf.play(state.position, move, rules=state.rules)
        if after not in seen:
            return move
    return None


def play_out(state: cf.GameState, limit: int) -> cf.GameState:
    seen = {state.position}
    for _ in range(limit):
        move = greedy(state, seen)
        if move is None:
            break
        state = cf.apply(state, move)
        seen.add(state.position)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals per preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    args = parser.parse_args()
    deals = 3 if args.smoke else args.deals
    limit = 300 if args.smoke else 3000
    numbers = [random.Random(args.seed + i).randrange(cf.CODE_SPACE) for i in range(deals)]

    print(f"{'preset':<12} {'code of the first deal':<28} {'won':>5} {'cards up':>9}")
    for variant in cf.VARIANTS:
        won = up = 0
        for number in numbers:
            end = play_out(cf.deal(cf.Deal(number, rules=variant.rules)), limit)
            won += cf.is_won(end)
            up += sum(f.size for f in end.foundations)
        code = cf.encode(cf.Deal(numbers[0], rules=variant.rules))
        print(f"{variant.name:<12} {code:<28} {won:>5} {up / deals:>9.1f}")
    print(f"{deals} deals per preset; a greedy player, not the best one.")


if __name__ == "__main__":
    main()
