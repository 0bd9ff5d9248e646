"""Sub-commands ``canfield play`` (a game in the terminal) and ``canfield show``.

The game reads one command per line from standard input and writes to standard
output, so it works the same in a terminal, in a pipe and in a test.  It never
colours its output unless asked to (``--color``).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ._cards import Card
from ._cli_basic import write_file
from ._codes import Deal, decode
from ._describe import LANGUAGES, describe
from ._errors import (
    CanfieldError,
    CardParseError,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    TapError,
    UndoError,
)
from ._moves import RECYCLE, Move, MoveKind
from ._position import Position
from ._render_svg import render_svg
from ._render_text import render_text
from ._rules import apply, is_won, legal_moves, tap, undo
from ._state import GameState, deal, new_game
from ._variants import Rules

__all__ = ["simple_hint"]

HELP = """\
Commands (one per line; case does not matter):
  QC, tap QC        tap a card: to its foundation, else to the best column (R25)
  R>2, move R>2     an explicit move: R>F W>F 1>F R>2 W>3 1>4 1>4X2 FH>2 (columns 1-4)
  d, draw           tap the stock: draw, or turn the waste over when the stock is empty
  recycle           turn the waste over into the stock
  u, undo           take back the last action (up to 100)
  h, hint           suggest a move
  moves             list every legal move
  l, look           show the table again
  say [LANG]        describe the table in words (en, ru, cs, el, fr)
  code, score       show the game code, or the score
  new [CODE]        start a new game: random, or the deal of CODE
  help              this list
  q, quit           leave the game"""


def _play_moves(state: GameState) -> list[Move]:
    """Legal moves that make progress, by a fixed preference (see :func:`simple_hint`)."""
    moves = legal_moves(state)
    pos = state.position
    last = state.history[-1].move if state.history else None

    def reverses(move: Move) -> bool:
        # Moving a run straight back to where it came from only undoes the last move.
        return (
            last is not None
            and last.kind is MoveKind.COLUMN_TO_COLUMN
            and move.kind is MoveKind.COLUMN_TO_COLUMN
            and (move.source, move.target, move.count) == (last.target, last.source, last.count)
        )

    def uncovers_foundation_card(move: Move) -> bool:
        assert move.source is not None
        col = pos.columns[move.source]
        if move.count >= len(col):
            return False
        below = col[-move.count - 1]
        return any(f.next is below for f in pos.foundations)

    ranked: list[tuple[int, int, Move]] = []
    for order, move in enumerate(moves):
        kind = move.kind
        rank: int | None = None
        if move.to_foundation or kind is MoveKind.CHOOSE_BASE:
            rank = 0
        elif kind is MoveKind.RESERVE_TO_COLUMN:
            rank = 1
        elif kind is MoveKind.COLUMN_TO_COLUMN and not reverses(move):
            assert move.source is not None
            assert move.target is not None
            whole = move.count == len(pos.columns[move.source])
            if whole and pos.columns[move.target]:
                rank = 2  # frees a column, which the reserve then fills (R16)
            elif uncovers_foundation_card(move):
                rank = 4
        elif kind is MoveKind.WASTE_TO_COLUMN:
            rank = 3
        elif kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            rank = 5
        if rank is not None:
            ranked.append((rank, order, move))
    ranked.sort(key=lambda item: (item[0], item[1]))
    return [move for _, _, move in ranked]


def simple_hint(state: GameState) -> Move | None:
    """A legal move that makes progress, chosen by a simple fixed preference.

    The preference: a card to a foundation; the reserve's top to a column; a whole
    column onto another (which frees it for the reserve, R16); the waste's top to a
    column; a run that uncovers a card its foundation wants; then draw or recycle.
    A run moved straight back to where the last move took it from does not count.
    ``None`` when nothing qualifies (take-backs from foundations are never suggested).
    The terminal game uses this when no solver is available.

    >>> from pycanfield import deal
    >>> simple_hint(deal("CF1-D3-AAAAACL"))
    Move.parse('R>2')
    """
    moves = _play_moves(state)
    return moves[0] if moves else None


def _solver() -> Callable[..., Any] | None:
    """The library's solver hint, if this installation has one."""
    module = importlib.import_module("pycanfield")
    found: Callable[..., Any] | None = getattr(module, "hint", None)
    return found


def _untappable(pos: Position, card: Card, name: Callable[[Card], str]) -> str:
    """Why a tap on a visible card found no target (R25 says a tap must say so)."""
    text = name(card)
    for f in pos.foundations:
        if card in f.cards:
            return (
                f"{text} is on a foundation: foundation cards move only by an explicit "
                f"move such as F{card.suit.letter}>2 (R25)"
            )
    if card in pos.waste and card is not pos.waste[-1]:
        return f"{text} is not the waste's top card; only the top card can be played (R20)"
    for i, col in enumerate(pos.columns):
        if card in col and card is not col[-1]:
            return (
                f"the cards on {text} in column {i + 1} do not form a run with it, "
                "so they cannot move together (R14)"
            )
    return f"{text} has nowhere to go: neither its foundation nor any column takes it (R25)"


def _summary(before: Position, after: Position, move: Move, name: Callable[[Card], str]) -> str:
    """A short account of what a move did, for the line printed after it."""
    kind = move.kind
    if kind is MoveKind.DRAW:
        turned = after.waste[len(before.waste) :]
        return "turned " + " ".join(name(c) for c in turned)
    if kind is MoveKind.RECYCLE:
        return "the waste goes back into the stock"
    if kind is MoveKind.CHOOSE_BASE:
        assert move.source is not None
        return f"{name(before.pending[move.source])} is the base card"
    if kind is MoveKind.FOUNDATION_TO_COLUMN:
        assert move.suit is not None
        top = before.foundation(move.suit).top
        cards: tuple[Card, ...] = (top,) if top is not None else ()
    elif kind in (MoveKind.RESERVE_TO_FOUNDATION, MoveKind.RESERVE_TO_COLUMN):
        cards = before.reserve[-1:]
    elif kind in (MoveKind.WASTE_TO_FOUNDATION, MoveKind.WASTE_TO_COLUMN):
        cards = before.waste[-1:]
    else:
        assert move.source is not None
        cards = before.columns[move.source][-move.count :]
    moved = " ".join(name(c) for c in cards)
    if move.to_foundation:
        text = f"{moved} to its foundation"
    else:
        assert move.target is not None
        target = before.columns[move.target]
        text = f"{moved} onto {name(target[-1])}" if target else f"{moved} to empty column"
        if not target:
            text += f" {move.target + 1}"
    if len(after.reserve) < len(before.reserve) and move.source is not None:
        # The reserve filled the column the move emptied (R16).
        text += f"; the reserve fills column {move.source + 1} with {name(before.reserve[-1])}"
    return text


class Game:
    """One terminal game session: reads commands, keeps the state, writes replies.

    ``run(read)`` calls ``read()`` for each command line until a ``quit`` command, or
    until ``read`` raises :class:`EOFError` at the end of the input; ``handle(line)``
    carries out a single line.
    """

    def __init__(
        self,
        state: GameState,
        *,
        out: TextIO,
        unicode: bool = True,
        color: bool = False,
        double_click: bool = True,
        hint_time: float = 2.0,
    ) -> None:
        self.state = state
        self.out = out
        self.unicode = unicode
        self.color = color
        self.double_click = double_click
        self.hint_time = hint_time

    # -- output -------------------------------------------------------------------
    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def show(self) -> None:
        self.say(render_text(self.state, unicode=self.unicode, color=self.color))

    def card(self, card: Card) -> str:
        return card.unicode if self.unicode else str(card)

    # -- actions ------------------------------------------------------------------
    def play(self, move: Move) -> None:
        before = self.state
        try:
            after = apply(before, move)
        except IllegalMoveError as error:
            self.say(f"Not allowed: {error}")
            return
        self.state = after
        points = after.score - before.score
        summary = _summary(before.position, after.position, move, self.card)
        self.say(f"{move}: {summary}" + (f" (+{points})" if points else ""))
        self.show()
        if is_won(after) and not is_won(before):
            self.say(
                f"You won! Final score {after.score} in {after.actions} actions. "
                "Type 'new' for another game or 'quit' to leave."
            )

    def tap(self, what: str) -> None:
        try:
            move = tap(self.state, what, double_click=self.double_click)
        except TapError as error:
            self.say(f"Cannot tap that: {error}")
            return
        if move is not None:
            self.play(move)
        elif what.strip().lower() == "stock":
            self.say("The stock and the waste are both empty: nothing to draw (R19).")
        else:
            why = _untappable(self.state.position, Card.parse(what), self.card)
            self.say(f"Nothing happens: {why}.")

    def hint(self) -> None:
        solver = _solver()
        move = solver(self.state, time_limit=self.hint_time) if solver is not None else None
        if not isinstance(move, Move):
            move = simple_hint(self.state)
        if move is not None and move.kind is MoveKind.DRAW:
            # The stock is face down: a hint must not show what a draw would turn up.
            self.say(f"Hint: {move}: turn cards from the stock")
        elif move is not None:
            after = apply(self.state, move).position
            self.say(f"Hint: {move}: {_summary(self.state.position, after, move, self.card)}")
        elif is_won(self.state):
            self.say("The game is won: nothing is left to play. Type 'new' or 'quit'.")
        else:
            self.say("No useful move is left: try undo, or start a new game (R24).")

    def new(self, code: str | None) -> None:
        if code is None:
            self.state = new_game(rules=self.state.rules)
        else:
            try:
                self.state = deal(code)
            except CanfieldError as error:
                self.say(f"Not a game code: {error}")
                return
        self.say(f"New game {self.state.code}.")
        self.show()

    # -- the command loop -----------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Carry out one command line; False when the player quits."""
        text = line.strip()
        if not text:
            return True
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("q", "quit", "exit"):
            self.say("Bye.")
            return False
        if word in ("help", "?"):
            self.say(HELP)
        elif word in ("l", "look", "show"):
            self.show()
        elif word in ("d", "draw", "stock", "s") and not rest:
            self.tap("stock")
        elif word == "recycle" and not rest:
            self.play(RECYCLE)
        elif word in ("u", "undo") and not rest:
            self.undo()
        elif word in ("h", "hint") and not rest:
            self.hint()
        elif word == "moves" and not rest:
            self.say(" ".join(str(m) for m in legal_moves(self.state)) or "No legal move.")
        elif word == "code" and not rest:
            code = self.state.code
            self.say(code if code is not None else "This game was dealt from a deck: no code.")
        elif word == "score" and not rest:
            self.say(f"Score {self.state.score} after {self.state.actions} actions.")
        elif word == "new":
            self.new(rest or None)
        elif word == "say":
            self.describe(rest or "en")
        elif word == "tap":
            self.tap_text(rest)
        elif word == "move":
            self.move_text(rest)
        elif word == "base":
            self.move_text(text)  # "base 2": the choice of the base card (Selective)
        else:
            self.guess(text)
        return True

    def describe(self, lang: str) -> None:
        try:
            self.say(describe(self.state, lang=lang))
        except OptionError:
            self.say(f"No such language: {lang!r}; choose one of {', '.join(LANGUAGES)}.")

    def undo(self) -> None:
        try:
            self.state = undo(self.state)
        except UndoError as error:
            self.say(f"Cannot undo: {error}")
            return
        self.say("Undone.")
        self.show()

    def tap_text(self, text: str) -> None:
        if not text:
            self.say("Tap what? Name a card, such as 'tap QC', or 'tap stock'.")
            return
        if text.lower() != "stock":
            try:
                Card.parse(text)
            except CardParseError as error:
                self.say(f"Not a card: {error}")
                return
        self.tap(text)

    def move_text(self, text: str) -> None:
        try:
            move = Move.parse(text)
        except MoveParseError as error:
            self.say(f"Not a move: {error}. Moves look like R>2, W>F, 1>4X2 or FH>3.")
            return
        self.play(move)

    def guess(self, text: str) -> None:
        """A line that is not a command word: a move, or a card to tap."""
        if ">" in text:
            self.move_text(text)
            return
        try:
            Card.parse(text)
        except CardParseError:
            self.say(f"Unknown command {text!r}. Type 'help' for the list of commands.")
            return
        self.tap(text)

    def run(self, lines: Callable[[], str]) -> int:
        """Read commands with ``lines()`` until ``quit`` or end of input (EOFError)."""
        self.say("Canfield. Type 'help' for the commands, 'quit' to leave.")
        self.show()
        while True:
            try:
                line = lines()
            except EOFError:
                self.say("")
                return 0
            if not self.handle(line):
                return 0


def _start_state(code: str | None, draw: int | None, rules: str | None = None) -> GameState:
    if code is None:
        return new_game(draw=draw, rules=rules)
    chosen = decode(code)
    if rules is not None:
        chosen = Deal(chosen.number, draw=chosen.draw, rules=Rules.parse(rules))
    if draw is not None and draw != chosen.draw:
        # The same cards in the other draw mode: a different game with its own code.
        chosen = Deal(chosen.number, draw=draw, rules=chosen.rules)
    return deal(chosen)


def _can_write_suits(out: TextIO) -> bool:
    """False for a terminal whose encoding has no suit symbols: then the game writes QC."""
    try:
        "♠♥♦♣".encode(out.encoding or "ascii")
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def _read_line(stdin: TextIO, out: TextIO) -> Callable[[], str]:
    def read() -> str:
        out.write("> ")
        out.flush()
        line = stdin.readline()
        if not line:
            raise EOFError
        return line

    return read


def _play(args: argparse.Namespace) -> int:
    if args.hint_time <= 0:
        raise OptionError(f"--hint-time must be positive, not {args.hint_time}")
    state = _start_state(args.code, args.draw, args.rules)
    game = Game(
        state,
        out=sys.stdout,
        unicode=not args.ascii and _can_write_suits(sys.stdout),
        color=args.color,
        double_click=not args.no_double_click,
        hint_time=args.hint_time,
    )
    return game.run(_read_line(sys.stdin, sys.stdout))


def _show(args: argparse.Namespace) -> int:
    state = deal(args.code)
    for text in args.moves:
        state = apply(state, Move.parse(text))
    highlight = Move.parse(args.highlight) if args.highlight else None
    unicode = not args.ascii and _can_write_suits(sys.stdout)
    print(render_text(state, unicode=unicode, color=args.color))
    if args.svg is not None:
        svg = render_svg(state, width=args.width, highlight=highlight)
        write_file(args.svg, svg)
        print(f"SVG picture written to {args.svg}")
    return 0


def register(subparsers: Any) -> None:
    """Add ``play`` and ``show`` to the ``canfield`` parser."""
    p = subparsers.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play Canfield in the terminal. Type 'help' in the game for its commands.",
    )
    p.add_argument("code", nargs="?", help="a game code such as CF1-D3-AAAAACL (default: random)")
    p.add_argument(
        "--draw",
        type=int,
        choices=(1, 3),
        help="draw mode; with a code, the same cards in this mode (default: 3, or the code's)",
    )
    p.add_argument(
        "--rules",
        metavar="RULES",
        help="a variant or rules such as 'rainbow' or 'classic draw=1' (docs: variants); "
        "with a code, the same cards under these rules (default: standard, or the code's)",
    )
    p.add_argument("--ascii", action="store_true", help="write suits as letters (QC, not Q♣)")
    p.add_argument("--color", action="store_true", help="paint red suits with ANSI colour")
    p.add_argument(
        "--no-double-click",
        action="store_true",
        help="a tap only sends cards to the foundations, never to a column (R25)",
    )
    p.add_argument(
        "--hint-time",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="time the solver may spend on a hint (default: 2)",
    )
    p.set_defaults(run=_play)

    s = subparsers.add_parser(
        "show",
        help="print the table of a deal, optionally after some moves",
        description="Print the text picture of a deal; optionally write an SVG picture too.",
    )
    s.add_argument("code", help="a game code such as CF1-D3-AAAAACL")
    # A default keeps argparse from listing MOVE among the missing arguments.
    s.add_argument(
        "moves", nargs="*", default=[], metavar="MOVE", help="moves to play first, such as R>2"
    )
    s.add_argument("--ascii", action="store_true", help="write suits as letters (QC, not Q♣)")
    s.add_argument("--color", action="store_true", help="paint red suits with ANSI colour")
    s.add_argument("--svg", metavar="FILE", help="also write the SVG picture to FILE")
    s.add_argument("--width", type=float, default=720, help="SVG width in pixels (default: 720)")
    s.add_argument("--highlight", metavar="MOVE", help="outline the cards of MOVE in the SVG")
    s.set_defaults(run=_show)
