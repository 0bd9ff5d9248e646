"""The packed tables and the short keys (docs/solver.rst, "Memory").

The packed set and map are checked against a ``set`` and a ``dict`` on random keys,
with the hash forced to collide (same slot, same tag) so that only the byte compare
keeps keys apart; the keys with the talon as a bit mask against the positions they
stand for on random walks of every engine; and searches whose tables spill into the
packed form almost at once against the same searches that never spill; and the time
limit, which a search keeps by stopping before a pass over its table that it could not
finish in time.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import pycanfield as cf
from pycanfield import _solver_probe, _solver_table
from pycanfield._solver import _search
from pycanfield._solver_probe import Probe
from pycanfield._solver_search import Search
from pycanfield._solver_table import PackedMap, PackedSet, TalonBits, slots_for
from switches import interpreted_only


def random_keys(rng: random.Random, count: int) -> list[bytes]:
    """Short keys over a small alphabet: many repeats, prefixes of each other and
    keys of every length from 0 up."""
    return [
        bytes(rng.choice(b"\x00\x01\xff") for _ in range(rng.randrange(7))) for _ in range(count)
    ]


@pytest.mark.parametrize("collide", [False, True])
def test_the_packed_set_agrees_with_a_set(monkeypatch: pytest.MonkeyPatch, collide: bool) -> None:
    if collide:
        # Every key in the same slot with the same tag: only the compare tells them apart.
        monkeypatch.setattr(_solver_table, "hash", lambda k: 5 << 56 | 3, raising=False)
    rng = random.Random(7)
    table, model = PackedSet(4), set[bytes]()
    for k in random_keys(rng, 3_000 if collide else 20_000):
        assert table.add(k) == (k not in model)
        model.add(k)
        assert len(table) == len(model)
    assert len(table.index) > 4  # it grew
    assert sorted(table.keys()) == sorted(model)
    for k in random_keys(rng, 500):
        assert (k in table) == (k in model)


@pytest.mark.parametrize("collide", [False, True])
def test_the_packed_map_agrees_with_a_dict(monkeypatch: pytest.MonkeyPatch, collide: bool) -> None:
    if collide:
        monkeypatch.setattr(_solver_table, "hash", lambda k: -1 << 60 | 9, raising=False)
    rng = random.Random(11)
    table, model = PackedMap(4), dict[bytes, int]()
    for k in random_keys(rng, 3_000 if collide else 20_000):
        value = rng.randrange(1, 1 << 53)
        got = table.get_or_add(k, value)
        if k in model:
            assert got == model[k]
            if rng.random() < 0.5:
                model[k] = got | value
                table.set_last(got | value)
        else:
            assert got == -1
            model[k] = value
        assert len(table) == len(model)
    assert len(table.index) > 4
    assert sorted(table.items()) == sorted(model.items())
    for k in random_keys(rng, 500):
        assert table.get(k) == model.get(k)


def test_the_packed_forms_take_far_less_memory_than_a_set() -> None:
    rng = random.Random(3)
    keys = {rng.randbytes(32) for _ in range(50_000)}
    table = PackedSet()
    for k in keys:
        table.add(k)
    # 33 bytes of arena, the rest index and tags at a load between 1/3 and 2/3.
    assert 33 * len(keys) < table.nbytes() < 50 * len(keys)


def test_the_talon_bits_are_the_talon_in_the_roots_order() -> None:
    rng = random.Random(5)
    for _ in range(200):
        root = bytes(rng.sample(range(52), rng.randrange(0, 40)))
        bits = TalonBits(root)
        kept = sorted(rng.sample(range(len(root)), rng.randrange(len(root) + 1)))
        talon = bytes(root[i] for i in kept)
        mask = int.from_bytes(bits(talon), "little")
        assert [i for i in range(len(root)) if mask >> i & 1] == kept
        assert len(bits(talon)) == (len(root) + 7) // 8


def walk_states(code: str, walks: int, seed: int) -> tuple[Any, list[Any]]:
    """The engine of a deal and every state met on random walks from its root (each
    state with all its children), deep enough to empty much of the talon."""
    search = _search(cf.deal(code), None, None)
    engine, root = search.engine, search.root
    rng = random.Random(seed)
    states = [root]
    for _ in range(walks):
        st = root
        for _ in range(150):
            kids = [child for _, child in engine.children(st)]
            if not kids:
                break
            states += kids
            st = rng.choice(kids)
    return engine, states


def canonical(st: Any) -> tuple[Any, ...]:
    """Everything a state says that the search tells apart: its columns in any order."""
    return (tuple(sorted(st[0])), *st[1:])


@pytest.mark.parametrize(
    "code",
    [
        "CF1-D1-EUWCTZA",
        "CF1-D3-NQBEJJX",
        "CCL-D3-KVRFQEF",
        "CRB-D1-TMTUIRQ",
        "CF1-D3-OUVIREV~REDEALS=2",
    ],
)
def test_keys_are_exact_and_split_states_as_the_talons_bytes_did(code: str) -> None:
    engine, states = walk_states(code, 40, 1)
    assert engine.talon_bits.width == (len(states[0][3]) + 7) // 8
    by_key: dict[bytes, tuple[Any, ...]] = {}
    for st in states:
        assert by_key.setdefault(engine.key(st), canonical(st)) == canonical(st)
    # Both ways: a different state has a different key.
    assert len(by_key) == len({canonical(st) for st in states})
    assert len({len(st[3]) for st in states}) > 5  # the walks took many talon cards
    raw = TalonBits(None)
    old = engine.talon_bits
    engine.talon_bits = raw
    try:
        before = {engine.key(st) for st in states}
    finally:
        engine.talon_bits = old
    assert len(before) == len(by_key)
    pointers = getattr(engine, "pointers", None)
    if pointers is not None:
        aligned: dict[bytes, tuple[Any, ...]] = {}
        for st in states:
            bare = canonical(st)[:4] + canonical(st)[5:]
            assert aligned.setdefault(pointers.key(st), bare) == bare


def main_probe(code: str) -> Probe:
    """A main search of the deal ``code`` (no limits), to be advanced by hand."""
    search = _search(cf.deal(code), None, None)
    assert isinstance(search, Search)
    return Probe(search, None, False)


def run(code: str, limit: int, time_limit: float | None = None) -> tuple[Any, ...]:
    search = _search(cf.deal(code), limit, time_limit)
    found, line = search.run()
    return found, line, search.nodes, search.skipped, search.best


@interpreted_only
@pytest.mark.parametrize(
    ("code", "limit"),
    [
        ("CF1-D1-EUWCTZA", 30_000),  # unknown at the limit
        ("CF1-D3-ERKYPZE", 30_000),  # won after 3,588 positions
        ("CF1-D3-OUVIREV~REDEALS=2", 3_000),  # lost: no win in 2,600 positions
        ("CRB-D1-TMTUIRQ", 20_000),  # won after 10,200
        ("CCL-D3-ERKYPZE", 30_000),  # won after 22,420, with the pointer table
        ("CPY-D3-LTTNCCJ", 20_000),  # unknown, with the pointer table
        ("CSU-D3-LHFGUMI", 20_000),  # won after 7,000, with the pointer table
    ],
)
def test_a_search_that_spills_early_searches_as_one_that_never_does(
    monkeypatch: pytest.MonkeyPatch, code: str, limit: int
) -> None:
    monkeypatch.setattr(_solver_table, "SPILL", 10**9)
    plain = run(code, limit)
    spilled: list[Probe] = []
    spill = Probe.spill

    def noted(probe: Probe) -> None:
        spilled.append(probe)
        spill(probe)

    monkeypatch.setattr(_solver_table, "SPILL", 1_000)
    monkeypatch.setattr(Probe, "spill", noted)
    assert run(code, limit) == plain
    assert spilled  # the packed form was used
    marks = [probe.pointers is not None for probe in spilled]
    expected = code.startswith(("CCL", "CPY", "CSU"))
    assert all(probe.pointers is None for probe in spilled) == (not expected)
    assert any(marks) == expected


def test_size_follows_the_form_of_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's entries by their form's weight, and the path's steps."""
    monkeypatch.setattr(_solver_table, "SPILL", 500)
    step = _solver_probe.STEP_WEIGHT
    for code, weight in (("CF1-D1-EUWCTZA", 1.0), ("CCL-D3-KVRFQEF", _solver_probe.MAP_WEIGHT)):
        probe = main_probe(code)
        probe.advance(300)
        entries = len(probe.seen) + len(probe.marks)
        set_weight = (
            _solver_probe.SET_WEIGHT if probe.pointers is None else _solver_probe.DICT_WEIGHT
        )
        assert len(probe.states) > 1
        assert probe.size() == int(entries * set_weight + len(probe.states) * step)
        probe.advance(1_000)
        assert not probe.seen
        assert not probe.marks
        packed = probe.packed if probe.pointers is None else probe.packed_marks
        assert packed is not None
        assert probe.size() == int(len(probe.states) * step + len(packed) * weight)
        assert len(packed) > 1_000 - 300


# Two deals still unknown after 3,000 positions: one with a set of keys, one with the
# pointer table.
UNDECIDED = ["CF1-D1-EUWCTZA", "CPY-D3-LTTNCCJ"]


@pytest.mark.parametrize("code", UNDECIDED)
def test_a_long_time_limit_changes_nothing(monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    # The table spills and doubles its index within the node limit; with an hour to
    # go none of those passes is near the deadline, so the search is the untimed one.
    monkeypatch.setattr(_solver_table, "SPILL", 1_000)
    assert run(code, 12_000, 3_600.0) == run(code, 12_000)


@pytest.mark.parametrize("code", UNDECIDED)
def test_a_timed_search_stops_before_a_spill_it_cannot_finish(
    monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    # Moving an entry is made to look endless: the search must stop before the spill,
    # at once and for good, rather than overrun its time limit.
    monkeypatch.setattr(_solver_table, "SPILL", 2_000)
    monkeypatch.setattr(_solver_probe, "GROWTH_SHARE", 1e12)
    spilled: list[Probe] = []
    monkeypatch.setattr(Probe, "spill", spilled.append)
    search = _search(cf.deal(code), None, 3_600.0)
    started = time.perf_counter()
    assert search.run() == (None, [])
    assert not spilled  # which the 2,000th entry would have set off
    assert search.nodes >= 2_000 - 512  # it went on until the spill was near
    assert search.deadline is not None
    assert search.deadline <= time.perf_counter()
    assert time.perf_counter() - started < 600  # nowhere near the hour


@pytest.mark.parametrize("code", UNDECIDED)
def test_growth_names_the_pass_that_the_next_positions_may_start(
    monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    # Checked every 16 positions while the table spills at 1,000 entries and then
    # doubles its index (from 4,096 slots, two thirds full) twice.
    monkeypatch.setattr(_solver_table, "SPILL", 1_000)
    probe = main_probe(code)
    seen_growth = []
    while True:
        packed = probe.packed if probe.pointers is None else probe.packed_marks
        if packed is None:
            entries = len(probe.seen) + len(probe.marks)
            expected = entries if entries + 256 >= 1_000 else 0
        else:
            entries, at = len(packed), packed.grows_at()
            assert at in (int(slots_for(1_000) * k * 2 / 3) for k in (1, 2, 4))
            expected = entries if entries + 256 > at else 0
            if at == int(slots_for(1_000) * 4 * 2 / 3):
                break
        assert probe._growth() == expected
        seen_growth.append((packed is None, expected > 0))
        assert probe.advance(16) == (None, [])
    # Both passes were seen coming, and not before the last 256 positions.
    assert {(True, False), (True, True), (False, False), (False, True)} <= set(seen_growth)


@pytest.mark.parametrize("code", UNDECIDED)
def test_a_turn_that_starts_next_to_a_spill_looks_at_the_clock_first(
    monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    monkeypatch.setattr(_solver_table, "SPILL", 2_000)
    probe = main_probe(code)
    while len(probe.seen) + len(probe.marks) + 256 < 2_000:
        assert probe.advance(16) == (None, [])
    monkeypatch.setattr(_solver_probe, "GROWTH_SHARE", 1e12)
    search = probe.search
    search.deadline = time.perf_counter() + 3_600
    nodes = search.nodes
    assert probe.advance(1_000) == (None, [])
    assert search.nodes == nodes  # not one position more
    assert probe.packed is None
    assert probe.packed_marks is None
