"""The SVG picture of a game, written with the standard library only.

The table is laid out as players know it: stock and waste fan at the top left, the
four foundations at the top right, the reserve below the stock and the four columns
below the foundations, cascading downwards.  Suit symbols are drawn as paths, so the
picture does not depend on the fonts of the viewer; only the ranks and labels are text.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ._cards import PACK, Card, Rank, Suit
from ._checks import OptionTypeError, wrong_type
from ._describe import describe
from ._errors import OptionError
from ._moves import Move, MoveKind
from ._position import Position
from ._rules import is_won
from ._state import GameState, split_game

__all__ = ["render_svg"]

# Local, because xml.sax.saxutils imports urllib and http.client: a third of the
# package's import time for one replacement.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def escape(text: str) -> str:
    """``text`` made safe for SVG character data and double-quoted attributes.

    >>> escape('<b class="x">A & B</b>')
    '&lt;b class=&quot;x&quot;&gt;A &amp; B&lt;/b&gt;'
    """
    return text.translate(_ESCAPES)


# Geometry in user units; the picture is scaled to ``width`` pixels by its viewBox.
_W, _H, _R = 60.0, 84.0, 5.0  # card width, height, corner radius
_GAP = 12.0  # between piles
_SPLIT = 10.0  # extra room between the stock side and the foundation side
_M = 16.0  # outer margin
_LABEL = 17.0  # band above each row for its labels
_CASCADE = 22.0  # vertical step between cards of a column
_FAN = 20.0  # horizontal step between fanned waste cards
_CAPTION = 22.0  # band at the bottom for the code, draw mode and score

_TABLE = "#2d6a3e"
_TABLE_EDGE = "#1f4d2c"
_INK = "#eef5ee"
_RED = "#c62828"
_BLACK = "#1c1c1c"
_FACE = "#fffdf8"
_SOURCE = "#ffb300"
_TARGET = "#4fc3f7"
_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

# Suit shapes in a 100 x 100 box.
_SUIT_PATHS: dict[Suit, str] = {
    Suit.HEARTS: (
        "M50 92C34 76 2 58 2 30C2 13 14 3 28 3C39 3 47 10 50 20C53 10 61 3 72 3"
        "C86 3 98 13 98 30C98 58 66 76 50 92Z"
    ),
    Suit.DIAMONDS: "M50 2L88 50L50 98L12 50Z",
    Suit.SPADES: (
        "M50 2C40 22 4 40 4 64C4 80 16 89 29 89C38 89 44 85 47 79C46 89 41 95 33 99"
        "H67C59 95 54 89 53 79C56 85 62 89 71 89C84 89 96 80 96 64C96 40 60 22 50 2Z"
    ),
    Suit.CLUBS: (
        "M50 4A22 22 0 0 0 33 40A22 22 0 1 0 46 72C45 86 40 93 32 99H68C60 93 55 86 54 72"
        "A22 22 0 1 0 67 40A22 22 0 0 0 50 4Z"
    ),
}

_BACK_DEFS = (
    '<defs><pattern id="pcf-back" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" fill="#24509c"/>'
    '<path d="M0 0H6M0 0V6" stroke="#6f95d8" stroke-width="1.2"/></pattern>'
    '<marker id="pcf-arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="5" '
    f'markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="{_TARGET}"/>'
    "</marker></defs>"
)


def _num(value: float) -> str:
    """A coordinate without needless decimals, to keep the file small."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _ink(card: Card) -> str:
    return _RED if card.is_red else _BLACK


def _pip(suit: Suit, x: float, y: float, size: float, fill: str, opacity: float = 1.0) -> str:
    """A suit shape of ``size`` units with its top-left corner at (x, y)."""
    extra = f' fill-opacity="{_num(opacity)}"' if opacity < 1 else ""
    return (
        f'<path d="{_SUIT_PATHS[suit]}" fill="{fill}"{extra} '
        f'transform="translate({_num(x)} {_num(y)}) scale({_num(size / 100)})"/>'
    )


def _text(
    x: float,
    y: float,
    content: str,
    *,
    size: float,
    fill: str = _INK,
    anchor: str = "start",
    weight: str = "normal",
    extra: str = "",
) -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" fill="{fill}" '
        f'text-anchor="{anchor}" font-weight="{weight}"{extra}>{escape(content)}</text>'
    )


def _rect(x: float, y: float, w: float, h: float, attrs: str, r: float = _R) -> str:
    return (
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
        f'rx="{_num(r)}" {attrs}/>'
    )


def _face(card: Card, x: float, y: float) -> list[str]:
    """A face-up card with its rank and suit in the corners and a large centre."""
    ink = _ink(card)
    label = card.rank.label
    squeeze = ' letter-spacing="-1.5"' if len(label) > 1 else ""
    parts = [
        _rect(x, y, _W, _H, f'fill="{_FACE}" stroke="#6b6b6b" stroke-width="0.8"'),
        _text(x + 4, y + 15, label, size=14, fill=ink, weight="bold", extra=squeeze),
        _pip(card.suit, x + _W - 16, y + 4, 12, ink),
    ]
    cx, cy = x + _W / 2, y + _H / 2 + 3
    if card.rank >= Rank.JACK:
        # The frame starts below the strip a column shows of a covered card.
        parts.append(
            _rect(
                cx - 17,
                y + _CASCADE + 3,
                34,
                42,
                f'fill="none" stroke="{ink}" stroke-width="0.8"',
                3,
            )
        )
        parts.append(_text(cx, cy + 4, label, size=22, fill=ink, anchor="middle", weight="bold"))
        parts.append(_pip(card.suit, cx - 6, cy + 8, 12, ink))
    else:
        size = 30 if card.rank is Rank.ACE else 24
        parts.append(_pip(card.suit, cx - size / 2, cy - size / 2, size, ink))
    # The lower corner, turned upside down as on a real card.
    parts.append(
        f'<g transform="rotate(180 {_num(x + _W / 2)} {_num(y + _H / 2)})">'
        + _text(x + 4, y + 15, label, size=14, fill=ink, weight="bold", extra=squeeze)
        + _pip(card.suit, x + _W - 16, y + 4, 12, ink)
        + "</g>"
    )
    return parts


def _back(x: float, y: float) -> list[str]:
    return [
        _rect(x, y, _W, _H, 'fill="#f4f4f4" stroke="#6b6b6b" stroke-width="0.8"'),
        _rect(x + 4, y + 4, _W - 8, _H - 8, 'fill="url(#pcf-back)"', 3),
    ]


def _slot(x: float, y: float) -> str:
    return _rect(
        x,
        y,
        _W,
        _H,
        'fill="#ffffff" fill-opacity="0.06" stroke="#ffffff" stroke-opacity="0.45" '
        'stroke-width="1.2" stroke-dasharray="4 3"',
    )


def _outline(x: float, y: float, color: str, *, dashed: bool = False, name: str = "") -> str:
    extra = ' stroke-dasharray="6 3"' if dashed else ""
    if name:
        extra += f' class="{name}"'
    return _rect(
        x - 2,
        y - 2,
        _W + 4,
        _H + 4,
        f'fill="none" stroke="{color}" stroke-width="3"{extra}',
        _R + 2,
    )


def _layers(size: int) -> int:
    """How many card edges to draw under a face-down pile: a hint of its depth."""
    return 0 if size <= 1 else min(1 + (size - 1) // 8, 5)


# Moves that take a single card from the reserve, the waste or a foundation.
_CARD_MOVES = frozenset(
    {
        MoveKind.RESERVE_TO_FOUNDATION,
        MoveKind.RESERVE_TO_COLUMN,
        MoveKind.WASTE_TO_FOUNDATION,
        MoveKind.WASTE_TO_COLUMN,
        MoveKind.FOUNDATION_TO_COLUMN,
    }
)


class _Highlight:
    """Which cards and piles to outline, worked out from the caller's option."""

    def __init__(self, pos: Position, option: Move | Card | Iterable[Card | str] | None) -> None:
        self.cards: set[Card] = set()
        self.source: str | None = None  # "stock", "waste", "reserve", "F<suit>", "C<i>"
        self.target: str | None = None
        self.count = 1
        #: Cards outlined together as one run rather than one by one.
        self.run: set[Card] = set()
        if option is None:
            return
        if isinstance(option, Move):
            self._move(pos, option)
        elif isinstance(option, Card):
            self.cards.add(option)
        elif isinstance(option, str):
            raise OptionTypeError(
                "render_svg(): highlight takes a Move, a Card or an iterable of cards, not a "
                "string; use Move.parse() or [Card.parse()]"
            )
        elif not isinstance(option, Iterable):
            raise wrong_type(
                "render_svg", "highlight", "a Move, a Card or an iterable of cards", option
            )
        else:
            for item in option:
                self.cards.add(item if isinstance(item, Card) else Card.parse(item))

    def _move(self, pos: Position, move: Move) -> None:
        kind = move.kind
        for column in (move.source, move.target):
            if column is not None and column >= len(pos.columns):
                raise OptionError(f"highlight names column {column + 1}, which does not exist")
        card: Card | None = None
        if kind is MoveKind.DRAW:
            self.source, self.target = "stock", "waste"
        elif kind is MoveKind.RECYCLE:
            self.source, self.target = "waste", "stock"
            self.cards.update(pos.visible_waste)
        elif kind in (MoveKind.RESERVE_TO_FOUNDATION, MoveKind.RESERVE_TO_COLUMN):
            self.source = "reserve"
            card = pos.reserve[-1] if pos.reserve else None
        elif kind in (MoveKind.WASTE_TO_FOUNDATION, MoveKind.WASTE_TO_COLUMN):
            self.source = "waste"
            card = pos.waste[-1] if pos.waste else None
        elif kind is MoveKind.FOUNDATION_TO_COLUMN:
            assert move.suit is not None
            self.source = "F" + move.suit.letter
            card = pos.foundation(move.suit).top
        else:
            assert move.source is not None
            self.source = f"C{move.source}"
            col = pos.columns[move.source]
            self.count = min(move.count, len(col))
            self.run.update(col[len(col) - self.count :])
            self._target(move, col[-self.count] if col else None)
        if kind in _CARD_MOVES:
            if card is not None:
                self.cards.add(card)
            self._target(move, card)

    def _target(self, move: Move, card: Card | None) -> None:
        if move.to_foundation:
            self.target = "F" + card.suit.letter if card is not None else None
        else:
            self.target = f"C{move.target}"


def render_svg(
    game: GameState | Position,
    *,
    width: float = 720,
    highlight: Move | Card | Iterable[Card | str] | None = None,
) -> str:
    """Draw the table as an SVG document (a string), using the standard library only.

    ``game`` is a :class:`~pycanfield.GameState` or a bare :class:`~pycanfield.Position`
    (then the caption with code, draw mode and score is left out).  ``width`` is the
    picture's width in pixels; the height follows from the longest column.

    ``highlight`` outlines cards: a :class:`~pycanfield.Card`, an iterable of cards or
    card strings such as ``["KH", "QC"]`` (outlined cards that end a column, two or
    more, share one outline, as a run), or a :class:`~pycanfield.Move`, which
    outlines the cards the move takes in amber, the pile they go to in blue, and draws
    an arrow between them, as in a figure of the rules.  The move is drawn as named,
    legal or not, so a figure can show a refused move too.

    Jupyter shows a :class:`~pycanfield.GameState` as this picture.

    >>> from pycanfield import Move, deal
    >>> svg = render_svg(deal("CF1-D3-AAAAACL"), width=400, highlight=Move.parse("R>2"))
    >>> svg.startswith("<svg") and 'width="400"' in svg
    True
    """
    return _draw(game, width=width, highlight=highlight)


def shared_defs() -> str:
    """The ``<defs>`` that pictures drawn with ``shared=True`` refer to: the pattern of
    the card back, the arrow head, one back and the 52 faces, each drawn once at (0, 0)."""
    faces = "".join(f'<g id="pcf-{card}">{"".join(_face(card, 0, 0))}</g>' for card in PACK)
    return _BACK_DEFS[:-7] + f'<g id="pcf-b">{"".join(_back(0, 0))}</g>{faces}</defs>'


def _use(ref: str, x: float, y: float) -> str:
    return f'<use href="#pcf-{ref}" x="{_num(x)}" y="{_num(y)}"/>'


def _draw(
    game: GameState | Position,
    *,
    width: float,
    highlight: Move | Card | Iterable[Card | str] | None,
    shared: bool = False,
    piles: bool = False,
) -> str:
    """The picture of :func:`render_svg`.  With ``shared`` the faces and backs are
    references to :func:`shared_defs` (which the page holding the picture must carry)
    and the description is left to the page: the compact form for pages that show
    many pictures.  With ``piles`` each pile, which a click may aim at, is a group
    ``<g data-pile="...">``: ``stock``, ``waste``, ``reserve``, the foundations ``FH``,
    ``FS``, ``FD``, ``FC`` (by suit letter) and the columns ``1``, ``2``, ...."""
    state, pos = split_game("render_svg", "game", game)
    if isinstance(width, bool) or not isinstance(width, (int, float)):
        raise wrong_type("render_svg", "width", "a number of pixels", width)
    if not (width > 0 and math.isfinite(width)):
        raise OptionError(f"width must be a positive, finite number of pixels, not {width!r}")
    choosing = bool(pos.pending)
    if choosing:
        # Before the player chooses the base card (Rules(base="choose")) the dealt cards
        # lie where the columns will be, one of them to go up as the base card.
        cols = tuple((c,) for c in pos.pending)
        pos = Position(pos.stock, pos.waste, pos.reserve, pos.foundations, cols, pos.fan)
    marks = _Highlight(pos, highlight)

    ncols = len(pos.columns)
    slots = 3 + max(ncols, 4)

    def slot_x(i: int) -> float:
        return _M + i * (_W + _GAP) + (_SPLIT if i >= 3 else 0)

    row1 = _M + _LABEL
    row2 = row1 + _H + 10 + _LABEL
    # A face-up reserve (Rules(reserve_open=True)) cascades like a column.
    open_reserve = state is not None and state.rules.reserve_open
    deepest = max((len(c) for c in pos.columns), default=0)
    if open_reserve:
        deepest = max(deepest, len(pos.reserve))
    table_w = slot_x(slots - 1) + _W + _M
    table_h = row2 + max(deepest - 1, 0) * _CASCADE + _H + _M
    table_h = max(table_h, row2 + _H + _M)
    caption_y = table_h
    if state is not None:
        table_h += _CAPTION

    body: list[str] = []
    later: list[str] = []  # drawn on top: target outlines and the arrow
    anchors: dict[str, tuple[float, float]] = {}  # pile name -> centre of its top card

    def face(card: Card, x: float, y: float) -> list[str]:
        return [_use(str(card), x, y)] if shared else _face(card, x, y)

    def back(x: float, y: float) -> list[str]:
        return [_use("b", x, y)] if shared else _back(x, y)

    def card_at(card: Card, x: float, y: float, *, outline: bool = True) -> None:
        # Each face-up card is a group named after it, for scripts and style sheets.
        picked = card in marks.cards
        body.append(f'<g data-card="{card}"' + (' class="highlight">' if picked else ">"))
        body.extend(face(card, x, y))
        if picked and outline:
            body.append(_outline(x, y, _SOURCE, name="highlight"))
        body.append("</g>")

    def open_pile(name: str) -> None:
        if piles:
            body.append(f'<g data-pile="{name}">')

    def close_pile() -> None:
        if piles:
            body.append("</g>")

    def mark_pile(name: str, x: float, y: float) -> None:
        anchors[name] = (x + _W / 2, y + _H / 2)
        if name == marks.target:
            later.append(_outline(x, y, _TARGET, dashed=True, name="target"))
        if name == marks.source and name in ("stock", "waste") and not marks.cards:
            body.append(_outline(x, y, _SOURCE, name="highlight"))

    # Stock: face-down, with edges hinting at its depth.
    x, y = slot_x(0), row1
    body.append(_text(x, row1 - 5, f"Stock {len(pos.stock)}", size=11))
    open_pile("stock")
    if pos.stock:
        for k in range(_layers(len(pos.stock)), 0, -1):
            body.extend(back(x + 1.5 * k, y + 1.5 * k))
        body.extend(back(x, y))
    else:
        body.append(_slot(x, y))
    close_pile()
    mark_pile("stock", x, y)

    # Waste: the fan of the last draw (R21), over an edge when older cards lie below.
    x = slot_x(1)
    body.append(_text(x, row1 - 5, f"Waste {len(pos.waste)}", size=11))
    fan = pos.visible_waste
    open_pile("waste")
    if not fan:
        body.append(_slot(x, y))
        mark_pile("waste", x, y)
    else:
        if len(pos.waste) > len(fan):
            body.append(
                _rect(x - 2, y + 1.5, _W, _H, 'fill="#e6e2d8" stroke="#6b6b6b" stroke-width="0.8"')
            )
        for i, card in enumerate(fan):
            card_at(card, x + i * _FAN, y)
        mark_pile("waste", x + (len(fan) - 1) * _FAN, y)
    close_pile()

    # Foundations, base suit first (R8); an empty one shows the base rank it waits for.
    base = "?" if choosing else pos.base_rank.label
    title = "base to choose" if choosing else f"base {base}"
    body.append(_text(slot_x(3), row1 - 5, f"Foundations · {title}", size=11))
    for i, f in enumerate(pos.foundations):
        x = slot_x(3 + i)
        open_pile("F" + f.suit.letter)
        if f.top is None:
            body.append(_slot(x, y))
            body.append(
                _text(
                    x + _W / 2,
                    y + 30,
                    base,
                    size=18,
                    anchor="middle",
                    weight="bold",
                    extra=' fill-opacity="0.55"',
                )
            )
            body.append(_pip(f.suit, x + _W / 2 - 12, y + 40, 24, "#ffffff", 0.45))
        else:
            if f.size > 1:
                body.append(
                    _rect(
                        x + 1.5,
                        y + 1.5,
                        _W,
                        _H,
                        'fill="#e6e2d8" stroke="#6b6b6b" stroke-width="0.8"',
                    )
                )
            card_at(f.top, x, y)
        close_pile()
        mark_pile("F" + f.suit.letter, x, y)

    # Reserve: its size (R6), face-down depth and the playable top card.
    x, y = slot_x(0), row2
    body.append(_text(x, row2 - 5, f"Reserve {len(pos.reserve)}", size=11))
    open_pile("reserve")
    if pos.reserve and open_reserve:
        for k, card in enumerate(pos.reserve):
            card_at(card, x, row2 + k * _CASCADE)
        y = row2 + (len(pos.reserve) - 1) * _CASCADE
    elif pos.reserve:
        for k in range(_layers(len(pos.reserve)), 0, -1):
            body.extend(back(x + 1.5 * k, y + 1.5 * k))
        card_at(pos.reserve[-1], x, y)
    else:
        body.append(_slot(x, y))
    close_pile()
    mark_pile("reserve", x, y)

    # Columns, cascading down; all cards face up (R15).
    for i, col in enumerate(pos.columns):
        x = slot_x(3 + i)
        # The column's number belongs to its group: a click on it aims at the column.
        open_pile(str(i + 1))
        body.append(
            _text(x + _W / 2, row2 - 5, str(i + 1), size=11, anchor="middle", weight="bold")
        )
        if not col:
            body.append(_slot(x, row2))
            close_pile()
            mark_pile(f"C{i}", x, row2)
            continue
        # Outlined cards that end a column, two or more, share one outline: a run.
        tail = 0
        while tail < len(col) and col[-1 - tail] in marks.cards:
            tail += 1
        shared_outline = tail > 1
        for k, card in enumerate(col):
            card_at(
                card, x, row2 + k * _CASCADE, outline=not (shared_outline and k >= len(col) - tail)
            )
        top_y = row2 + (len(col) - 1) * _CASCADE
        mark_pile(f"C{i}", x, top_y)
        run = marks.count if marks.source == f"C{i}" and marks.run else 0
        if run or shared_outline:
            first = row2 + (len(col) - (run or tail)) * _CASCADE
            if run:
                # The arrow leaves from the run's first card rather than the column's top.
                anchors[f"C{i}"] = (x + _W / 2, first + _CASCADE / 2)
            body.append(
                _rect(
                    x - 2,
                    first - 2,
                    _W + 4,
                    top_y - first + _H + 4,
                    f'class="highlight" fill="none" stroke="{_SOURCE}" stroke-width="3"',
                    _R + 2,
                )
            )
        close_pile()

    start = anchors.get(marks.source or "")
    end = anchors.get(marks.target or "")
    if start is not None and end is not None and start != end:
        (x1, y1), (x2, y2) = start, end
        # A gentle curve that bows upwards, like a hand-drawn arrow in a figure.
        mx, my = (x1 + x2) / 2, min(y1, y2) - 0.25 * abs(x2 - x1) - 10
        later.append(
            f'<path d="M{_num(x1)} {_num(y1)}Q{_num(mx)} {_num(my)} {_num(x2)} {_num(y2)}" '
            f'fill="none" stroke="{_TARGET}" stroke-width="3" stroke-linecap="round" '
            'marker-end="url(#pcf-arrow)" stroke-opacity="0.9" class="arrow"/>'
        )

    if state is not None:
        # The caption a player would read off the screen.
        name = state.code if state.code is not None else "custom deal"
        body.append(_rect(0, caption_y - 4, table_w, _CAPTION + 4, f'fill="{_TABLE_EDGE}"', 0))
        info = f"{name}  ·  draw {state.draw}  ·  score {state.score}  ·  {state.actions} actions"
        body.append(_text(_M, caption_y + 12, info, size=11, weight="bold"))
        if is_won(state):
            body.append(
                _text(
                    table_w - _M,
                    caption_y + 12,
                    "Won!",
                    size=12,
                    weight="bold",
                    fill="#ffe082",
                    anchor="end",
                )
            )

    title = (
        f"Canfield {state.code or 'custom deal'}, score {state.score}"
        if state is not None
        else "Canfield position"
    )
    height = width * table_h / table_w
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" '
        f'height="{_num(height)}" viewBox="0 0 {_num(table_w)} {_num(table_h)}" '
        f'font-family="{_FONT}" role="img" aria-label="{escape(title)}">'
    )
    return "".join(
        [
            head,
            f"<title>{escape(title)}</title>",
            # The table in words (R33), for screen readers and search.
            "" if shared else f"<desc>{escape(describe(pos))}</desc>",
            "" if shared else _BACK_DEFS,
            _rect(
                0,
                0,
                table_w,
                table_h,
                f'fill="{_TABLE}" stroke="{_TABLE_EDGE}" stroke-width="2"',
                8,
            ),
            *body,
            *later,
            "</svg>\n",
        ]
    )
