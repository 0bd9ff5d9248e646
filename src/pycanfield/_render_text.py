"""The text picture of a game: the whole table in a few lines of plain text.

The picture shows what a player sees (R6, R15, R21): the stock's size, the fanned
waste cards, the reserve's top card and size, the four foundations with their base
rank, the four columns card by card, and for a :class:`~pycanfield.GameState` the
game code, draw mode and score.  Cards are written ``Q♣`` with Unicode suit symbols,
or ``QC`` with ``unicode=False`` for terminals without them; ``color=True`` paints the
red suits with ANSI escape codes.
"""

from __future__ import annotations

from ._cards import Card
from ._checks import wrong_type
from ._position import Position
from ._rules import is_won
from ._state import GameState, split_game

__all__ = ["render_text"]

_RED = "\x1b[31m"
_DIM = "\x1b[2m"
_RESET = "\x1b[0m"
# Width of one tableau column: the widest card ("10♥") plus room to breathe.
_CELL = 6


def _card(card: Card, *, unicode: bool, color: bool, width: int = 0) -> str:
    """A card, padded to ``width`` before any colour so that columns stay aligned."""
    text = card.unicode if unicode else str(card)
    padded = text.ljust(width)
    if color and card.is_red:
        return _RED + text + _RESET + padded[len(text) :]
    return padded


def _cards(cards: tuple[Card, ...], *, unicode: bool, color: bool) -> str:
    return " ".join(_card(c, unicode=unicode, color=color) for c in cards)


def _empty(text: str, *, color: bool) -> str:
    return _DIM + text + _RESET if color else text


def render_text(game: GameState | Position, *, unicode: bool = True, color: bool = False) -> str:
    """Draw the table as text: a header, three lines of piles, then the columns.

    ``game`` is a :class:`~pycanfield.GameState` or a bare
    :class:`~pycanfield.Position` (which has no code, draw mode or score, so the
    header line is left out).  The last card written on a pile is its top card.  An
    empty foundation shows its suit after ``--``; every foundation starts at the base
    rank given on its line (R7).  ``str(state)`` is ``render_text(state)``.

    Under other rules (:class:`~pycanfield.Rules`) the header names them, a face-up
    reserve shows all its cards, a limited stock shows the redeals left, and before the
    player chooses the base card the cards to choose from are listed instead of the
    foundations and columns.

    >>> from pycanfield import deal
    >>> print(render_text(deal("CF1-D3-AAAAACL"), unicode=False))
    CF1-D3-AAAAACL  draw 3  score 0  actions 0
    Stock 34   Waste 0: -
    Reserve 13: QC
    Foundations (base 7): 7H  --S  --D  --C
      1     2     3     4
      6C    KH    QH    AS
    """
    state, pos = split_game("render_text", "game", game)
    if not isinstance(unicode, bool):
        raise wrong_type("render_text", "unicode", "True or False", unicode)
    if not isinstance(color, bool):
        raise wrong_type("render_text", "color", "True or False", color)
    opts = {"unicode": unicode, "color": color}
    lines: list[str] = []
    if state is not None:
        name = state.code if state.code is not None else "custom deal"
        header = f"{name}  draw {state.draw}  score {state.score}  actions {state.actions}"
        if is_won(state):
            header += "  WON"
        lines.append(header)
        rules = state.rules
        if not rules.is_standard:
            redeals = rules.redeals
            left = "" if redeals is None else f"  redeals left {max(redeals - pos.passes, 0)}"
            lines.append(f"Rules: {rules}{left}")
        open_reserve = rules.reserve_open
    else:
        open_reserve = False

    fan = pos.visible_waste
    if fan:
        hidden = "... " if len(pos.waste) > len(fan) else ""
        waste = hidden + _cards(fan, **opts)
    else:
        waste = _empty("-", color=color)
    lines.append(f"Stock {len(pos.stock)}   Waste {len(pos.waste)}: {waste}")

    if pos.reserve and open_reserve:
        lines.append(f"Reserve {len(pos.reserve)}: {_cards(pos.reserve, **opts)}")
    elif pos.reserve:
        top = _card(pos.reserve[-1], **opts)
        lines.append(f"Reserve {len(pos.reserve)}: {top}")
    else:
        lines.append(f"Reserve 0: {_empty('-', color=color)}")

    if pos.pending:
        choices = "  ".join(f"{i + 1}:{_card(c, **opts)}" for i, c in enumerate(pos.pending))
        lines.append(f"Choose the base card: {choices}")
        return "\n".join(lines)
    piles = []
    for f in pos.foundations:
        if f.top is None:
            piles.append(_empty("--" + (f.suit.symbol if unicode else f.suit.letter), color=color))
        else:
            piles.append(_card(f.top, **opts))
    base = pos.base_rank.label if unicode else pos.base_rank.letter
    lines.append(f"Foundations (base {base}): " + "  ".join(piles))

    columns = pos.columns
    lines.append("".join(f"  {i + 1}".ljust(_CELL) for i in range(len(columns))).rstrip())
    depth = max((len(c) for c in columns), default=0)
    for row in range(max(depth, 1)):
        cells = []
        for col in columns:
            if row < len(col):
                cells.append("  " + _card(col[row], width=_CELL - 2, **opts))
            elif row == 0:
                cells.append("  " + _empty("..", color=color) + " " * (_CELL - 4))
            else:
                cells.append(" " * _CELL)
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)
