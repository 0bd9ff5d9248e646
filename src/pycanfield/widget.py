"""A game to play in a notebook: :class:`GameWidget` (the ``widget`` extra).

It is an `anywidget` widget, so it works in Jupyter, JupyterLab, VS Code and Colab.
The rules run in Python: the front end draws the picture it is sent and sends back
what the reader does with the pointer:

* a click on a card taps it (R25): it goes to its foundation if it can, else to the
  longest column that takes it;
* a click on the stock draws, or turns the waste over when the stock is empty;
* a card dragged onto a pile (a column, its place when empty, or a foundation) makes
  that move; dragged from inside a column it takes the cards on it too, the run it
  starts (R14).  A foundation's top card can be dragged back onto a column (R22).  A
  move the rules refuse leaves the game as it is, and the message says which rule
  refuses it; released anywhere else, the cards go back.

Buttons undo, ask for a hint and deal anew.

.. code-block:: python

   from pycanfield.widget import GameWidget

   game = GameWidget("CF1-D3-AAAAACL")
   game                 # the last line of a cell shows the table
   game.state           # the GameState at this moment, as the reader plays

Install with ``pip install 'pycanfield[widget]'``.

.. versionadded:: 0.2
"""

from __future__ import annotations

import math
import random
from typing import Any

import anywidget
import attrs
import traitlets

from ._cards import Card, Suit
from ._checks import wrong_type
from ._describe import _capital, _language, describe_card, describe_move
from ._errors import CanfieldError, IllegalMoveError, OptionError, TapError
from ._moves import Move
from ._render_html import _asset
from ._render_svg import _draw
from ._rules import _locate, apply, is_won, tap, undo
from ._serialize import from_dict, to_dict
from ._solver import hint
from ._state import GameState, deal, new_game

__all__ = ["GameWidget"]

# The words of the widget's buttons and messages.
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "undo": "Undo",
        "hint": "Hint",
        "new": "New deal",
        "score": "Score",
        "hinted": "Hint: {move}",
        "won": "Won! All 52 cards are on the foundations.",
        "nothing": "{card} has no move.",
        "stuck": "No move is left.",
    },
    "ru": {
        "undo": "Отменить",
        "hint": "Подсказка",
        "new": "Новая раскладка",
        "score": "Очки",
        "hinted": "Подсказка: {move}",
        "won": "Победа! Все 52 карты на базах.",
        "nothing": "Карте «{card}» некуда пойти.",
        "stuck": "Ходов больше нет.",
    },
    "cs": {
        "undo": "Zpět",
        "hint": "Nápověda",
        "new": "Nové rozdání",
        "score": "Skóre",
        "hinted": "Nápověda: {move}",
        "won": "Výhra! Všech 52 karet je v základnách.",
        "nothing": "Karta „{card}“ nemá kam jít.",
        "stuck": "Žádný tah nezbývá.",
    },
    "el": {
        "undo": "Αναίρεση",
        "hint": "Υπόδειξη",
        "new": "Νέο μοίρασμα",
        "score": "Πόντοι",
        "hinted": "Υπόδειξη: {move}",
        "won": "Νίκη! Και τα 52 φύλλα είναι στις βάσεις.",
        "nothing": "Το φύλλο «{card}» δεν έχει κίνηση.",
        "stuck": "Δεν απομένει καμία κίνηση.",
    },
    "fr": {
        "undo": "Annuler",
        "hint": "Indice",
        "new": "Nouvelle donne",
        "score": "Score",
        "hinted": "Indice : {move}",
        "won": "Gagné ! Les 52 cartes sont sur les fondations.",
        "nothing": "« {card} » n'a aucun coup.",
        "stuck": "Il ne reste aucun coup.",
    },
}


@attrs.frozen
class _Lift:
    """The cards a drag takes: ``count`` cards of a pile, ``card`` the first."""

    pile: str  # "reserve", "waste", "column" or "foundation"
    index: int  # the column's index (0-based) or the foundation's
    count: int
    card: Card


class GameWidget(anywidget.AnyWidget):
    """A game of Canfield to play with the pointer in a notebook.

    ``game`` is a :class:`~pycanfield.GameState`, a game code, or ``None`` for a
    random deal.  ``lang`` is the language of the messages (``en``, ``ru``, ``cs``,
    ``el``, ``fr``), which describe each move as :func:`~pycanfield.describe_move`
    does; ``width`` is the picture's width in pixels; ``seed`` makes the new deals
    of the *New deal* button reproducible; ``hint_time_limit`` bounds the solver's
    search for a hint, in seconds.

    :attr:`state` is the game at any moment; setting it shows another game.  The
    synchronised traits (``game``, the save format of :func:`~pycanfield.to_dict`,
    and ``svg``, ``score``, ``message``, ``can_undo``) are what the front end reads.
    :meth:`tap` does what a click does, :meth:`drop` what a drag and drop does.

    >>> widget = GameWidget("CF1-D3-AAAAACL")
    >>> widget.state.code, widget.score
    ('CF1-D3-AAAAACL', 0)
    >>> widget.drop("QC", "3")  # column 3 ends with the queen of hearts: R12 refuses
    >>> widget.message
    'R>3: Q♣ cannot go on Q♥: a column builds down by one rank, with the king on the ace (R12)'
    >>> widget.tap("QC")  # a click on the queen of clubs taps it (R25)
    >>> widget.message
    'Queen of clubs from the reserve onto the king of hearts in column 2.'
    >>> widget.drop("KH", "4")  # the run K♥ Q♣ dragged onto column 4
    >>> [str(action.move) for action in widget.state.history]
    ['R>2', '2>4X2']

    Raises:
        WrongTypeError: ``game``, ``width`` or ``hint_time_limit`` has the wrong type.
        OptionError: ``lang`` is not a language of the messages, or ``width`` or
            ``hint_time_limit`` is not a positive, finite number.
    """

    _esm = _asset("widget.js")
    _css = _asset("widget.css")

    #: The game, in the save format of :func:`~pycanfield.to_dict`.
    game = traitlets.Dict().tag(sync=True)
    #: The picture of the table, as :func:`~pycanfield.render_svg` draws it.
    svg = traitlets.Unicode("").tag(sync=True)
    #: The score of the game (R30).
    score = traitlets.Int(0).tag(sync=True)
    #: What the last click or drop did, in words.
    message = traitlets.Unicode("").tag(sync=True)
    #: Whether there is an action to take back.
    can_undo = traitlets.Bool(False).tag(sync=True)
    #: The words of the buttons, in the widget's language.
    labels = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        game: GameState | str | None = None,
        *,
        lang: str = "en",
        width: float = 640,
        seed: int | None = None,
        hint_time_limit: float = 1.0,
    ) -> None:
        self._lang = _language(lang, "GameWidget").code
        for name, value in (("width", width), ("hint_time_limit", hint_time_limit)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                what = "a number of pixels" if name == "width" else "a number of seconds"
                raise wrong_type("GameWidget", name, what, value)
            if not (value > 0 and math.isfinite(value)):
                raise OptionError(
                    f"GameWidget(): {name} must be a positive, finite number, not {value!r}"
                )
        self._width = width
        self._rng = random.Random(seed)
        self._hint_time_limit = hint_time_limit
        self._syncing = False
        if game is None:
            start = new_game(rng=self._rng)
        elif isinstance(game, str):
            start = deal(game)
        elif isinstance(game, GameState):
            start = game
        else:
            raise wrong_type("GameWidget", "game", "a GameState, a game code or None", game)
        self._state = start
        super().__init__()
        self.labels = _WORDS[self._lang]
        self._show(start, "")
        self.on_msg(self._on_message)

    @property
    def state(self) -> GameState:
        """The game being played; set it to show another game."""
        return self._state

    @state.setter
    def state(self, value: GameState) -> None:
        if not isinstance(value, GameState):
            raise wrong_type("GameWidget.state", "value", "a GameState", value)
        self._show(value, "")

    def tap(self, where: str) -> None:
        """Do what a click does: tap the card ``where`` (R25), a card string such as
        ``"QC"``, or draw with ``"stock"`` (or turn the waste over when the stock is
        empty).  A card without a move, or one that cannot be tapped, leaves the game
        as it is and says why in :attr:`message`."""
        if not isinstance(where, str):
            raise wrong_type("GameWidget.tap", "where", "a card or 'stock'", where)
        where = where.strip()
        words = _WORDS[self._lang]
        try:
            move = tap(self._state, where)
        except CanfieldError as error:
            self._show(self._state, str(error))
            return
        if move is None:
            name = describe_card(where, lang=self._lang) if where != "stock" else where
            self._show(self._state, words["nothing"].format(card=_capital(name)))
            return
        text = describe_move(self._state, move, lang=self._lang)
        after = apply(self._state, move)
        self._show(after, words["won"] if is_won(after) else text)

    def drop(self, source: str, target: str) -> None:
        """Do what a drag and drop does: move the card ``source`` (a card string such
        as ``"KH"``), with the cards on it when it lies in a column (R14), onto the
        pile ``target``.

        ``target`` is a column number (``"1"`` to ``"4"``), a foundation by its suit
        letter (``"FH"``) or ``"F"`` for the card's own, or a card of a column or of a
        foundation, standing for its pile.  A move the rules refuse leaves the game as
        it is and says which rule refuses it in :attr:`message`; a drop on the card's
        own pile, or on any other place (``"waste"``, ``"reserve"``, ``"stock"``,
        ``""``), changes nothing.
        """
        for name, value in (("source", source), ("target", target)):
            if not isinstance(value, str):
                raise wrong_type("GameWidget.drop", name, "a card or a pile name", value)
        try:
            self._drop(source.strip(), target.strip())
        except CanfieldError as error:
            self._show(self._state, str(error))

    def _drop(self, source: str, target: str) -> None:
        lift = self._lift(Card.parse(source))
        pos = self._state.position
        column: int | None = None
        suit: Suit | None = None
        if target.isdigit():
            column = int(target) - 1
            if not 0 <= column < len(pos.columns):
                last = len(pos.columns)
                raise OptionError(
                    f"GameWidget.drop(): there is no column {target}, only 1 to {last}"
                )
        elif target[:1].upper() == "F" and len(target) <= 2:
            suit = Suit.parse(target[1:]) if len(target) == 2 else lift.card.suit
        elif target.lower() not in ("", "stock", "waste", "reserve"):
            pile, index, _ = _locate(pos, Card.parse(target))
            if pile == "column":
                column = index
            elif pile == "foundation":
                suit = pos.foundations[index].suit
        if column is not None and (lift.pile, lift.index) != ("column", column):
            self._place(lift, column=column)
        elif suit is not None and lift.pile != "foundation":
            self._place(lift, suit=suit)
        else:
            self._show(self._state, "")  # released where it came from, or off the piles

    def _lift(self, card: Card) -> _Lift:
        """The cards a drag from ``card`` takes, or the rule that keeps it in place."""
        pos = self._state.position
        pile, index, depth = _locate(pos, card)
        if pile == "column":
            return _Lift(pile, index, len(pos.columns[index]) - depth, card)
        size = {
            "stock": len(pos.stock),
            "waste": len(pos.waste),
            "reserve": len(pos.reserve),
            "foundation": pos.foundations[index].size,
        }[pile]
        if pile == "stock" or depth != size - 1:
            tap(self._state, card)  # its refusal: face down, or hidden under the top card
            rule = {"waste": "R20", "reserve": "R4", "foundation": "R22"}[pile]
            raise TapError(
                f"{card.unicode} is not the top card of the {pile}, the only one that "
                f"moves ({rule})"
            )
        return _Lift(pile, index, 1, card)

    def _place(self, lift: _Lift, *, column: int | None = None, suit: Suit | None = None) -> None:
        """Move the lifted cards onto ``column`` or onto the ``suit`` foundation."""
        state = self._state
        if column is None:
            assert suit is not None
            if lift.pile == "column":
                move = Move.column_to_foundation(lift.index)
            elif lift.pile == "reserve":
                move = Move.reserve_to_foundation()
            else:
                move = Move.waste_to_foundation()
            if lift.count > 1:
                raise IllegalMoveError(
                    move,
                    f"a foundation takes one card at a time, not a run of {lift.count}",
                    rule="R9",
                )
            if suit is not lift.card.suit:
                raise IllegalMoveError(
                    move,
                    f"{lift.card.unicode} goes only onto the {lift.card.suit.name.lower()} "
                    "foundation",
                    rule="R8",
                )
        elif lift.pile == "column":
            move = Move.column_to_column(lift.index, column, count=lift.count)
        elif lift.pile == "foundation":
            move = Move.foundation_to_column(lift.card.suit, column)
        else:
            move = (Move.reserve_to_column if lift.pile == "reserve" else Move.waste_to_column)(
                column
            )
        after = apply(state, move)  # an illegal move raises, naming its rule
        text = describe_move(state, move, lang=self._lang)
        self._show(after, _WORDS[self._lang]["won"] if is_won(after) else text)

    def _show(self, state: GameState, message: str, highlight: Move | None = None) -> None:
        self._state = state
        self._syncing = True
        try:
            self.game = to_dict(state)
        finally:
            self._syncing = False
        self.svg = _draw(state, width=self._width, highlight=highlight, piles=True)
        self.score = state.score
        self.can_undo = bool(state.history)
        self.message = message

    @traitlets.observe("game")
    def _game_changed(self, change: dict[str, Any]) -> None:
        # The front end, or a caller, set the game as a dict of the save format.
        if not self._syncing:
            self._show(from_dict(change["new"]), "")

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        words = _WORDS[self._lang]
        kind = content.get("kind")
        try:
            if kind == "tap" and isinstance(content.get("where"), str):
                self.tap(content["where"])
            elif kind == "drop":
                source, target = content.get("source"), content.get("target")
                if isinstance(source, str) and isinstance(target, str):
                    self.drop(source, target)
            elif kind == "undo":
                self._show(undo(self._state), "")
            elif kind == "hint":
                move = hint(self._state, time_limit=self._hint_time_limit)
                if move is None:
                    self._show(self._state, words["won"] if is_won(self._state) else words["stuck"])
                else:
                    text = words["hinted"].format(
                        move=describe_move(self._state, move, lang=self._lang)
                    )
                    self._show(self._state, text, highlight=move)
            elif kind == "new":
                self._show(
                    new_game(draw=self._state.draw, rng=self._rng, rules=self._state.rules), ""
                )
        except CanfieldError as error:
            self._show(self._state, str(error))
