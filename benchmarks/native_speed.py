"""How fast the native main search runs, against the Python main search it replaces.

Each round searches each game twice in this process, one search after the other: the
native main search (``pycanfield._native.Prober``, the compiled wheel only) and the
Python main search (``Probe`` of ``pycanfield._solver_search``, compiled or not as
installed, with its dead-end tests), each for ``--node-limit`` positions or to its
end.  It prints, for each, positions per second of processor time (the median of the
rounds), and the native table's bytes a position against the Python table's entries.
The two searches do not visit the same positions (only the Python one has dead-end
tests), so a game that one of them decides within the limit is named.

Run ``python benchmarks/native_speed.py`` with the compiled wheel installed
(``HATCH_BUILD_HOOK_ENABLE_CUSTOM=1 pip install .``); ``--smoke`` for a quick check.
The figures depend on the machine and its load.

``--against FILE`` compares the native search with another build of it instead of
the Python search: ``FILE`` is a shared object of ``pycanfield._native`` built from
other source (for example an earlier commit's, with the compiler line of
hatch_build.py).  The two then search the same positions, so each round also checks
that they agree on the answer, the positions searched and the line.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import pycanfield as cf
from pycanfield._solver import python_build
from pycanfield._solver_native import native, rules_tuple
from pycanfield._solver_probe import Probe
from pycanfield._solver_rules import RulesEngine
from pycanfield._solver_search import Search
from pycanfield._variants import with_draw

# Deals that the family's survey left unknown at 60 seconds, one of each preset
# without take-backs, so that no search ends early.
GAMES = (
    "CRB-D1-OUVIREV",
    "CCH-D1-TXYCUHQ",
    "CRF-D1-ERKYPZE",
    "CSU-D3-LGENAQV",
    "CPY-D3-PPUJVBZ",
    "CCL-D3-KVRFQEF",
)


def start(code: str) -> tuple[RulesEngine, Any]:
    state = cf.deal(code)
    return RulesEngine.from_position(state.position, with_draw(state.rules, state.draw))


def native_round(
    code: str, limit: int, module: Any = native
) -> tuple[int, float, int, bool | None, Any]:
    """Positions, processor seconds, bytes in use, answer, line."""
    engine, root = start(code)
    prober = module.Prober(rules_tuple(engine, root), root)
    began = time.process_time()
    found, line, _ = prober.advance(limit, -1.0, -1)
    return prober.nodes, time.process_time() - began, prober.bytes, found, line


def load_build(path: str) -> Any:
    """The native module built into the shared object at ``path``, beside the installed
    one (its name ends in ``_native``, which its initialiser is named after)."""
    spec = importlib.util.spec_from_file_location("against._native", path)
    if spec is None or spec.loader is None:
        sys.exit(f"{path}: not a module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compare(
    games: tuple[str, ...], rounds: int, one_round: Callable[[str], tuple[float, float, float, str]]
) -> Iterator[tuple[str, float, float, float, float, list[str]]]:
    """For each game, ``rounds`` of ``one_round`` (positions a second of the two
    searches, native bytes a position, a note or ""): the game, the two medians, the
    median ratio, the last bytes a position and the notes."""
    for code in games:
        fast: list[float] = []
        slow: list[float] = []
        notes: set[str] = set()
        per = 0.0
        for _ in range(rounds):
            first, second, per, note = one_round(code)
            fast.append(first)
            slow.append(second)
            notes.update(note.split("; ") if note else [])
        ratio = statistics.median(f / s for f, s in zip(fast, slow, strict=True))
        yield code, statistics.median(fast), statistics.median(slow), ratio, per, sorted(notes)


def against_main(games: tuple[str, ...], limit: int, rounds: int, path: str) -> None:
    """The installed native search against the build at ``path``, round by round."""
    other = load_build(path)
    print(
        f"positions per second of processor time, {len(games)} games, {limit:,} positions "
        f"each, median of {rounds} round(s); the installed native search against {path}"
    )
    print(f"{'game':<16} {'installed':>11} {'against':>11} {'ratio':>6}  notes")

    def one_round(code: str) -> tuple[float, float, float, str]:
        n, seconds, size, found, line = native_round(code, limit)
        m, other_seconds, _, other_found, other_line = native_round(code, limit, other)
        note = ""
        if (n, found, line) != (m, other_found, other_line):
            note = f"DIFFERENT: {n:,} {found} against {m:,} {other_found}"
        elif found is not None:
            note = f"{'won' if found else 'lost'} at {n:,}"
        return n / max(seconds, 1e-9), m / max(other_seconds, 1e-9), size / max(n, 1), note

    ratios = []
    for code, fast, slow, ratio, _, notes in compare(games, rounds, one_round):
        ratios.append(ratio)
        print(f"{code:<16} {fast:>9,.0f}/s {slow:>9,.0f}/s {ratio:>5.2f}x  {'; '.join(notes)}")
    print(f"median ratio {statistics.median(ratios):.2f}x")


def python_round(code: str, limit: int) -> tuple[int, float, int, bool | None]:
    """Positions, processor seconds, table size in packed entries, answer."""
    engine, root = start(code)
    search = Search(engine, root, node_limit=None, time_limit=None)
    probe = Probe(search, None, False)
    began = time.process_time()
    found = probe.advance(limit)[0]
    return search.nodes, time.process_time() - began, probe.size(), found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--node-limit", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="1 round, 2 games, 20,000")
    parser.add_argument("--against", metavar="FILE", help="another build of the native module")
    args = parser.parse_args()
    if native is None:
        sys.exit("the native search is not built: install the compiled wheel")
    games: tuple[str, ...] = GAMES
    limit, rounds = args.node_limit, args.rounds
    if args.smoke:
        games, limit, rounds = GAMES[:2], 20_000, 1
    if args.against:
        against_main(games, limit, rounds, args.against)
        return
    print(
        f"positions per second of processor time, {len(games)} games, {limit:,} positions "
        f"each, median of {rounds} round(s); Python search {python_build()}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}"
    )
    print(f"{'game':<16} {'native':>11} {'python':>9} {'ratio':>6}  {'native B/pos':>12}  notes")

    def one_round(code: str) -> tuple[float, float, float, str]:
        n, seconds, size, found, _ = native_round(code, limit)
        m, python_seconds, _, python_found = python_round(code, limit)
        notes = [f"native {'won' if found else 'lost'} at {n:,}"] if found is not None else []
        if python_found is not None:
            notes.append(f"python {'won' if python_found else 'lost'} at {m:,}")
        return (
            n / max(seconds, 1e-9),
            m / max(python_seconds, 1e-9),
            size / max(n, 1),
            "; ".join(notes),
        )

    ratios = []
    for code, fast, slow, ratio, per, notes in compare(games, rounds, one_round):
        ratios.append(ratio)
        print(
            f"{code:<16} {fast:>9,.0f}/s {slow:>7,.0f}/s"
            f" {ratio:>5.1f}x  {per:>12.1f}  {'; '.join(notes)}"
        )
    print(f"median ratio {statistics.median(ratios):.1f}x")


if __name__ == "__main__":
    main()
