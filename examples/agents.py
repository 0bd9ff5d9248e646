"""Three Canfield bots compared on the same deals: random, greedy and solver-guided.

Every bot sees a state and the legal-action mask and answers with an action number, the
way a learning agent would.  Run::

    python examples/agents.py --deals 200
    python examples/agents.py --deals 50 --draw 1 --env   # through the Gymnasium env

For each bot it prints the win rate, the mean score (R30; random play scores well by
taking cards back and placing them again, which scores each time), the mean number of
cards on the foundations at the end (52 is a win) and the mean number of actions.
``--env`` plays through :class:`pycanfield.gym.CanfieldEnv` (needs the ``gym`` extra).
The solver-guided bot asks :func:`pycanfield.solve` for a winning line at the start of
each deal.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import Any, Protocol

import pycanfield as cf

Mask = Sequence[bool]


class Agent(Protocol):
    """A bot: told when a deal starts, then asked for one legal action at a time."""

    name: str

    def start(self, state: cf.GameState) -> None: ...

    def act(self, state: cf.GameState, mask: Mask) -> int: ...


class RandomAgent:
    """Any legal action, uniformly: the baseline every bot should beat."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def start(self, state: cf.GameState) -> None:
        pass

    def act(self, state: cf.GameState, mask: Mask) -> int:
        return self.rng.choice([a for a, ok in enumerate(mask) if ok])


def _value(state: cf.GameState, move: cf.Move) -> float | None:
    """How much the greedy bot likes ``move``; ``None`` for moves it never makes."""
    kind = move.kind
    if move.to_foundation:
        return 100.0 + (kind is cf.MoveKind.RESERVE_TO_FOUNDATION)
    if kind is cf.MoveKind.RESERVE_TO_COLUMN:
        return 50.0
    if kind is cf.MoveKind.WASTE_TO_COLUMN:
        return 20.0
    if kind is cf.MoveKind.COLUMN_TO_COLUMN:
        assert move.source is not None
        column = state.columns[move.source]
        if move.count == len(column) and state.reserve:
            return 40.0  # empties the column, so the reserve's top comes out (R16)
        # Only whole runs: moving part of one shows nothing new.
        return 1.0 if move.count == cf.run_length(column) else None
    if kind is cf.MoveKind.FOUNDATION_TO_COLUMN:
        return None
    return 0.0  # draw or recycle


class GreedyAgent:
    """The best-looking move by a fixed preference (foundations first, then the
    reserve, then the waste), never returning to a position seen in this deal."""

    name = "greedy"

    def __init__(self) -> None:
        self.seen: set[cf.Position] = set()

    def start(self, state: cf.GameState) -> None:
        self.seen = {state.position}

    def act(self, state: cf.GameState, mask: Mask) -> int:
        best: tuple[float, cf.Move, cf.Position] | None = None
        for move in cf.legal_moves(state):
            value = _value(state, move)
            if value is None or (best is not None and value <= best[0]):
                continue
            after = cf.play(state.position, move, state.draw)[0]
            if after not in self.seen:
                best = (value, move, after)
        if best is None:
            raise Stuck
        self.seen.add(best[2])
        return cf.move_to_action(best[1])


class Stuck(Exception):
    """A bot gives up: every move it would make leads back to a position it has seen."""


class SolverAgent:
    """Follows the solver's winning line when the solver finds one within its budget;
    otherwise plays greedily."""

    name = "solver"

    def __init__(self, *, node_limit: int, time_limit: float) -> None:
        self.node_limit = node_limit
        self.time_limit = time_limit
        self.plan: list[cf.Move] = []
        self.greedy = GreedyAgent()

    def start(self, state: cf.GameState) -> None:
        self.greedy.start(state)
        result = cf.solve(state, node_limit=self.node_limit, time_limit=self.time_limit)
        self.plan = list(result.moves) if result.status is cf.SolveStatus.WIN else []

    def act(self, state: cf.GameState, mask: Mask) -> int:
        if self.plan:
            action = cf.move_to_action(self.plan.pop(0))
            if mask[action]:
                return action
            self.plan = []  # the line no longer fits: play on greedily
        return self.greedy.act(state, mask)


# -- playing -----------------------------------------------------------------------------


def play_core(agent: Agent, state: cf.GameState, max_steps: int) -> tuple[cf.GameState, int]:
    """Play one deal with the core API; returns the last state and the steps taken."""
    agent.start(state)
    steps = 0
    while steps < max_steps and not cf.is_won(state):
        mask = cf.legal_action_mask(state)
        if not any(mask):
            break
        try:
            action = agent.act(state, mask)
        except Stuck:
            break
        # action_to_move raises IllegalMoveError if a bot ever picks an illegal action.
        state = cf.apply(state, cf.action_to_move(state, action))
        steps += 1
    return state, steps


def play_env(env: Any, agent: Agent, code: str) -> tuple[cf.GameState, int]:
    """Play one deal through the Gymnasium environment."""
    _, info = env.reset(options={"code": code})
    agent.start(env.unwrapped.state)
    done = False
    while not done:
        try:
            action = agent.act(env.unwrapped.state, info["action_mask"].astype(bool).tolist())
        except Stuck:
            break
        _, _, terminated, truncated, info = env.step(action)
        if info["illegal"]:
            raise AssertionError(f"{agent.name} played an illegal action {action}")
        done = terminated or truncated
    return env.unwrapped.state, int(env.unwrapped.steps)


class Progress:
    """A one-line progress bar on standard error."""

    def __init__(self, label: str, total: int, *, width: int = 30) -> None:
        self.label, self.total, self.width = label, total, width
        self.shown = -1

    def update(self, done: int, note: str = "") -> None:
        filled = self.width * done // self.total if self.total else self.width
        if filled == self.shown and done != self.total:
            return
        self.shown = filled
        bar = "#" * filled + "." * (self.width - filled)
        sys.stderr.write(f"\r{self.label:<8} [{bar}] {done}/{self.total} {note}")
        if done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=100, help="deals per bot (default 100)")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3, help="draw mode")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and of the bots")
    parser.add_argument("--max-steps", type=int, default=1000, help="actions per deal at most")
    parser.add_argument(
        "--agents", default="random,greedy,solver", help="comma-separated bots to run"
    )
    parser.add_argument("--node-limit", type=int, default=100_000, help="solver nodes per deal")
    parser.add_argument("--time-limit", type=float, default=2.0, help="solver seconds per deal")
    parser.add_argument("--env", action="store_true", help="play through the Gymnasium env")
    parser.add_argument("--smoke", action="store_true", help="a few short deals, for CI")
    args = parser.parse_args(argv)
    if args.smoke:
        args.deals, args.max_steps = 3, 500
        args.node_limit, args.time_limit = 20_000, 1.0
    if args.deals < 1 or args.max_steps < 1:
        parser.error("--deals and --max-steps must be at least 1")

    deal_rng = random.Random(args.seed)
    codes = [str(cf.Deal.random(draw=args.draw, rng=deal_rng)) for _ in range(args.deals)]

    env = None
    if args.env:
        try:
            from pycanfield.gym import CanfieldEnv
        except ImportError:
            parser.error('--env needs the gym extra: pip install "pycanfield[gym]"')
        env = CanfieldEnv(draw=args.draw, max_steps=args.max_steps)

    agents: list[Agent] = []
    for name in args.agents.split(","):
        name = name.strip()
        if name == "random":
            agents.append(RandomAgent(args.seed))
        elif name == "greedy":
            agents.append(GreedyAgent())
        elif name == "solver":
            agents.append(SolverAgent(node_limit=args.node_limit, time_limit=args.time_limit))
        else:
            parser.error(f"unknown agent {name!r}: choose from random, greedy, solver")

    mode = "Gymnasium env" if env is not None else "core API"
    print(f"{args.deals} deals, draw {args.draw}, seed {args.seed}, {mode}")
    rows: list[tuple[str, int, int, float, float, float, float]] = []
    for agent in agents:
        progress = Progress(agent.name, len(codes))
        wins = total_score = total_steps = total_cards = 0
        started = time.perf_counter()
        for i, code in enumerate(codes):
            if env is not None:
                state, steps = play_env(env, agent, code)
            else:
                state, steps = play_core(agent, cf.deal(code), args.max_steps)
            wins += cf.is_won(state)
            total_score += state.score
            total_steps += steps
            total_cards += sum(f.size for f in state.foundations)
            progress.update(i + 1, f"wins {wins}")
        seconds = time.perf_counter() - started
        n = len(codes)
        rows.append(
            (agent.name, n, wins, total_score / n, total_cards / n, total_steps / n, seconds)
        )

    header = ("agent", "deals", "wins", "win rate", "score", "cards", "steps", "time")
    print("{:<8} {:>6} {:>5} {:>9} {:>7} {:>6} {:>7} {:>7}".format(*header))
    for name, n, wins, mean_score, cards, mean_steps, seconds in rows:
        print(
            f"{name:<8} {n:>6} {wins:>5} {wins / n:>9.1%} {mean_score:>7.1f} {cards:>6.1f} "
            f"{mean_steps:>7.1f} "
            f"{seconds:>6.1f}s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
