"""Replay a game and write one SVG picture per move, plus a page that shows them all.

Each frame shows the table before a move with that move highlighted (the cards it
takes outlined in amber, where they go in blue); the last frame shows the end.  Run::

    python examples/svg_frames.py                         # the reference opening
    python examples/svg_frames.py frames/ --code CF1-D3-AAAAACL R>2 R>F 2>4x2 draw

The first argument is the directory to write into (default: a new temporary
directory).  Open its ``index.html`` in a browser to step through the game.
"""

from __future__ import annotations

import argparse
import html
import tempfile
from pathlib import Path

import pycanfield as cf

OPENING = ["R>2", "R>F", "2>4X2", "draw", "R>3"]
"""The reference deal's opening (R29), a draw, and one more move."""


def write_frames(code: str, moves: list[str], out: Path, *, width: int = 640) -> list[Path]:
    """Write ``frame-000.svg`` … into ``out`` and return their paths, in order."""
    out.mkdir(parents=True, exist_ok=True)
    state = cf.deal(code)
    frames: list[tuple[Path, str]] = []
    for i, text in enumerate(moves):
        move = cf.Move.parse(text)
        path = out / f"frame-{i:03d}.svg"
        path.write_text(cf.render_svg(state, width=width, highlight=move), encoding="utf-8")
        frames.append((path, f"{i + 1}. {move}"))
        state = cf.apply(state, move)  # an illegal move stops here with its reason
    last = out / f"frame-{len(moves):03d}.svg"
    last.write_text(cf.render_svg(state, width=width), encoding="utf-8")
    frames.append((last, f"after {len(moves)} moves: score {state.score}"))

    items = "\n".join(
        f'<figure><img src="{p.name}" width="{width}" alt="{html.escape(c)}">'
        f"<figcaption>{html.escape(c)}</figcaption></figure>"
        for p, c in frames
    )
    page = f"<!doctype html><meta charset='utf-8'><title>{code}</title>\n<h1>{code}</h1>\n"
    (out / "index.html").write_text(page + items + "\n", encoding="utf-8")
    return [p for p, _ in frames]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", help="directory for the frames (default: a temp dir)")
    parser.add_argument("moves", nargs="*", help="moves to replay (default: the opening)")
    parser.add_argument("--code", default="CF1-D3-AAAAACL", help="the game code to replay")
    parser.add_argument("--width", type=int, default=640, help="picture width in pixels")
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    args = parser.parse_intermixed_args()
    moves = args.moves or OPENING

    if args.out:
        report(write_frames(args.code, moves, Path(args.out), width=args.width))
    elif args.smoke:
        with tempfile.TemporaryDirectory() as scratch:  # a check only: leave nothing behind
            report(write_frames(args.code, moves, Path(scratch), width=args.width), keep=False)
    else:
        out = Path(tempfile.mkdtemp(prefix="canfield-frames-"))
        report(write_frames(args.code, moves, out, width=args.width))


def report(frames: list[Path], *, keep: bool = True) -> None:
    folder = frames[0].parent
    print(f"{len(frames)} frames written to {folder}")
    if keep:
        print(f"open {folder / 'index.html'} to step through them")
    else:
        print("(a check run: the folder is removed again)")


if __name__ == "__main__":
    main()
