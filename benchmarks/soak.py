"""Soak test: a long run of random actions, with undos, checking every invariant and
watching memory.

Plays ``--actions`` random actions (default 1,000,000): legal moves chosen at random,
an undo instead with probability ``--undo-rate``, a new deal when a game is won or
stuck.  After every action it checks what the action must have done (counters, score,
history length, the new history step, or for an undo the restored step) and every
position invariant of :func:`pycanfield.validate`; every ``--full-every`` actions it
validates the whole game (replaying its history) and checks a save round trip.

Every ``--report-every`` actions it prints the memory figures: memory traced by
:mod:`tracemalloc` (current and peak), the resident set size, and the number of objects
the garbage collector tracks.  Flat figures show that nothing accumulates: the undo
history is bounded at 100 steps (R27).

Run: ``python benchmarks/soak.py [--actions N]``.  Timings vary with the machine's load.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from pathlib import Path

import pycanfield as cf
from pycanfield import _moves, _position
from pycanfield._validate import check_position, check_score

MIB = 1024 * 1024


def rss_bytes() -> int:
    """The resident set size of this process, or -1 where /proc is not available."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return -1


class Failure(AssertionError):
    pass


def check(condition: bool, what: str) -> None:
    if not condition:
        raise Failure(what)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--undo-rate", type=float, default=0.15)
    parser.add_argument("--report-every", type=int, default=100_000)
    parser.add_argument("--full-every", type=int, default=1000)
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3)
    parser.add_argument(
        "--no-tracemalloc", action="store_true", help="skip tracemalloc (runs faster)"
    )
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    trace = not args.no_tracemalloc
    if trace:
        tracemalloc.start()

    def fresh() -> tuple[cf.GameState, tuple[cf.Card, ...]]:
        state = cf.new_game(draw=args.draw, rng=rng)
        assert state.code is not None
        return state, cf.decode(state.code).deck()

    state, deck = fresh()
    games, wins, undos, moves, stuck = 1, 0, 0, 0, 0
    position_checks = full_checks = round_trips = 0
    longest_game = game_actions = 0
    max_history = 0
    start = time.perf_counter()
    rows: list[tuple[int, float, float, float, float]] = []

    print(
        f"soak: {args.actions:,} actions, undo rate {args.undo_rate}, draw {args.draw}, "
        f"seed {args.seed}, tracemalloc {'on' if trace else 'off'}"
    )
    print(
        f"{'actions':>10} {'seconds':>8} {'games':>6} {'wins':>5} {'undos':>8} "
        f"{'traced MiB':>11} {'peak MiB':>9} {'RSS MiB':>8} {'gc objects':>11} "
        f"{'moves':>6} {'fdns':>5}"
    )
    snapshots: list[tracemalloc.Snapshot] = []

    def report(done: int) -> None:
        gc.collect()
        current, peak = tracemalloc.get_traced_memory() if trace else (0, 0)
        rss = rss_bytes()
        objects = len(gc.get_objects())
        elapsed = time.perf_counter() - start
        rows.append((done, current / MIB, peak / MIB, rss / MIB, objects))
        # The library interns moves and foundations: bounded caches that fill up slowly.
        print(
            f"{done:>10,} {elapsed:>8.1f} {games:>6,} {wins:>5,} {undos:>8,} "
            f"{current / MIB:>11.3f} {peak / MIB:>9.3f} {rss / MIB:>8.1f} {objects:>11,} "
            f"{len(_moves._CACHE):>6} {len(_position._FOUNDATIONS):>5}",
            flush=True,
        )
        if trace and len(rows) in (2, 1 + args.actions // args.report_every):
            snapshots.append(tracemalloc.take_snapshot())

    report(0)
    for done in range(1, args.actions + 1):
        before = state
        if before.history and rng.random() < args.undo_rate:
            state = cf.undo(before)
            undos += 1
            last = before.history[-1]
            check(state.position == last.before, "undo restores the position (R27)")
            check(state.score == last.score, "undo takes back the points (R27)")
            check(state.actions == before.actions - 1, "undo takes back one action")
            check(state.history == before.history[:-1], "undo drops the last step")
            game_actions -= 1
        else:
            legal = cf.legal_moves(before)
            if legal:
                move = rng.choice(legal)
                state = cf.apply(before, move)
                moves += 1
                game_actions += 1
                earned = 5 if move.to_foundation else 0
                check(state.score == before.score + earned, "a foundation move scores 5 (R30)")
                check(state.actions == before.actions + 1, "an action counts one")
                expected = min(len(before.history) + 1, cf.HISTORY_LIMIT)
                check(len(state.history) == expected, "the history grows up to 100 (R27)")
                check(
                    state.history[-1] == cf.Step(move, before.position, before.score),
                    "the new step records the move and what came before",
                )
                if len(before.history) == cf.HISTORY_LIMIT:
                    check(
                        state.history[:-1] == before.history[1:],
                        "the oldest step is dropped (R27)",
                    )
            else:
                # No legal move at all: undo if possible, else deal again.
                stuck += 1
                if before.history:
                    state = cf.undo(before)
                    undos += 1
                    game_actions -= 1
                else:
                    state, deck = fresh()
                    games += 1
                    game_actions = 0
        longest_game = max(longest_game, game_actions)
        max_history = max(max_history, len(state.history))
        check(len(state.history) <= cf.HISTORY_LIMIT, "at most 100 steps of history (R27)")
        check_position(state.position, draw=state.draw, where="position", deck=deck)
        check_score(state.score, state.position, "score")
        position_checks += 1
        if done % args.full_every == 0:
            cf.validate(state)
            full_checks += 1
            check(cf.from_json(cf.to_json(state)) == state, "save and load are lossless")
            round_trips += 1
        if cf.is_won(state):
            wins += 1
            state, deck = fresh()
            games += 1
            game_actions = 0
        if done % args.report_every == 0:
            report(done)
    if args.actions % args.report_every:
        report(args.actions)

    elapsed = time.perf_counter() - start
    print()
    print(
        f"done: {args.actions:,} actions in {elapsed:.1f} s "
        f"({args.actions / elapsed:,.0f} actions/s, machine shared, timings noisy)"
    )
    print(
        f"actions: {moves:,} moves, {undos:,} undos, {stuck:,} stuck positions; "
        f"{games:,} games, {wins:,} won; longest game {longest_game:,} actions net; "
        f"largest history {max_history}"
    )
    print(
        f"checks passed: {position_checks:,} per-action invariant checks, "
        f"{full_checks:,} full validations with history replay, {round_trips:,} save round trips"
    )
    if len(rows) >= 3:
        # Compare the second report with the last, after the first games warmed caches.
        early, late = rows[1], rows[-1]
        print(
            f"memory from {early[0]:,} to {late[0]:,} actions: traced {early[1]:.3f} -> "
            f"{late[1]:.3f} MiB ({late[1] - early[1]:+.3f}), RSS {early[3]:.1f} -> "
            f"{late[3]:.1f} MiB ({late[3] - early[3]:+.1f}), gc objects {early[4]:,.0f} -> "
            f"{late[4]:,.0f} ({late[4] - early[4]:+,.0f})"
        )
    if len(snapshots) == 2:
        print("largest changes in traced memory between those reports (by line):")
        keep = [tracemalloc.Filter(False, tracemalloc.__file__)]
        older, newer = (snap.filter_traces(keep) for snap in snapshots)
        for stat in newer.compare_to(older, "lineno")[:6]:
            print(f"  {stat}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as exc:
        print(f"INVARIANT FAILED: {exc}", file=sys.stderr)
        sys.exit(1)
