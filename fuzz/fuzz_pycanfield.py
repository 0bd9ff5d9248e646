"""Coverage-guided fuzzing of every parser of pycanfield and of ``apply``.

Each input picks a target with its first byte and feeds it the rest:

0. ``Card.parse`` of the text;
1. ``Move.parse`` of the text;
2. ``decode`` (game codes) of the text;
3. ``from_json`` of the text;
4. ``from_json`` of the raw bytes;
5. a game: the bytes choose moves (legal or not) and undos from the reference deal.

Anything other than a correct result or one of the library's own errors
(``CanfieldError``) is a crash.  Accepted input is also checked: a parsed card, move or
code prints back to what was read, and a loaded save saves back to the same data.

Run (see README.md)::

    python fuzz/fuzz_pycanfield.py --make-corpus fuzz/corpus
    python fuzz/fuzz_pycanfield.py -max_total_time=60 fuzz/corpus
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["pycanfield"]):
    import pycanfield as cf

_START = cf.deal("CF1-D3-AAAAACL")
_MOVES: list[cf.Move] = [
    cf.DRAW,
    cf.RECYCLE,
    cf.Move.reserve_to_foundation(),
    cf.Move.waste_to_foundation(),
]
for _i in range(5):
    _MOVES += [
        cf.Move.column_to_foundation(_i),
        cf.Move.reserve_to_column(_i),
        cf.Move.waste_to_column(_i),
    ]
    _MOVES += [cf.Move.foundation_to_column(_s, _i) for _s in cf.Suit]
    for _j in range(5):
        if _i != _j:
            _MOVES += [cf.Move.column_to_column(_i, _j, count=_n) for _n in range(1, 15)]


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _card(data: bytes) -> None:
    text = _text(data)
    try:
        card = cf.Card.parse(text)
    except cf.CanfieldError:
        return
    assert cf.Card.parse(str(card)) is card
    assert cf.Card.parse(card.unicode) is card


def _move(data: bytes) -> None:
    text = _text(data)
    try:
        move = cf.Move.parse(text)
    except cf.CanfieldError:
        return
    assert cf.Move.parse(str(move)) == move


def _code(data: bytes) -> None:
    text = _text(data)
    try:
        deal = cf.decode(text)
    except cf.CanfieldError:
        return
    assert str(deal) == text.strip().upper(), (text, str(deal))
    assert len(cf.deal(deal).stock) == 34


def _load(source: str | bytes) -> None:
    try:
        state = cf.from_json(source)
    except cf.CanfieldError:
        return
    assert cf.to_dict(state) == json.loads(source)
    assert cf.from_json(cf.to_json(state)) == state


def _play(data: bytes) -> None:
    state = _START
    for byte in data[:150]:
        if byte >= 250:
            with contextlib.suppress(cf.UndoError):
                state = cf.undo(state)
            continue
        move = _MOVES[byte * len(_MOVES) // 250]
        legal = move in cf.legal_moves(state)
        try:
            state = cf.apply(state, move)
        except cf.IllegalMoveError:
            assert not legal, move
            continue
        assert legal, move
    cf.validate(state)


_TARGETS = [_card, _move, _code, lambda d: _load(_text(d)), _load, _play]


def test_one_input(data: bytes) -> None:
    if not data:
        return
    _TARGETS[data[0] % len(_TARGETS)](data[1:])


def make_corpus(folder: Path) -> None:
    """Write seed inputs for every target: real cards, moves, codes, saves and games."""
    folder.mkdir(parents=True, exist_ok=True)
    seeds: list[bytes] = [b"\x00" + str(c).encode() for c in cf.PACK[::5]]
    seeds += [b"\x00" + cf.PACK[9].unicode.encode(), b"\x00 10h "]
    seeds += [b"\x01" + str(m).encode() for m in _MOVES[:: len(_MOVES) // 20]]
    seeds += [b"\x02CF1-D3-AAAAACL", b"\x02 cf1-d1-zzzzzzz "]
    rng = random.Random(1)
    state = _START
    for steps in (0, 3, 40, 150):
        while state.actions < steps:
            state = cf.apply(state, rng.choice(cf.legal_moves(state)))
        seeds += [
            b"\x03" + cf.to_json(state).encode(),
            b"\x04" + cf.to_json(state, indent=1).encode(),
        ]
    seeds.append(b"\x05" + bytes(rng.randrange(256) for _ in range(200)))
    for i, seed in enumerate(seeds):
        (folder / f"seed-{i:03d}").write_bytes(seed)
    print(f"wrote {len(seeds)} seeds to {folder}")


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--make-corpus":
        make_corpus(Path(sys.argv[2]))
        return
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
