"""A game to play in a notebook: :class:`GameWidget` (the ``widget`` extra).

It is an `anywidget` widget, so it works in Jupyter, JupyterLab, VS Code and Colab.
The rules run in Python: the front end draws the picture it is sent and sends back
what the reader clicks.  Two clicks make any move; two on the same card tap it:

* a click on a card picks it up and outlines it; in a column it takes the cards on it
  too, the run it starts (R14);
* a click on a column (any of its cards, its number, or its place when empty) or on a
  foundation then moves the picked cards there.  A move the rules refuse leaves the
  game as it is, and the message says which rule refuses it;
* a second click on the picked card taps it (R25): it goes to its foundation if it
  can, else to the longest column that takes it.  So, with nothing picked up, a
  double click on a card taps it;
* a click on another card of the waste, the reserve or the same column picks that one
  instead; a click on the green table puts the picked card back;
* a click on the stock draws, or turns the waste over when the stock is empty.

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
        "picked": "Picked up: {card}. Click where it goes, or click it again to tap it.",
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
        "picked": (
            "Выбрано: {card}. Нажмите туда, куда положить карту, "
            "или ещё раз на карту, чтобы она пошла сама."
        ),
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
        "picked": (
            "Vybráno: {card}. Klikněte, kam má karta jít, "
            "nebo na ni klikněte znovu a zahraje se sama."
        ),
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
        "picked": (
            "Επιλέχθηκε: {card}. Κάντε κλικ εκεί όπου θα πάει, "
            "ή ξανά πάνω του για να παιχτεί μόνο του."
        ),
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
        "picked": (
            "Carte prise : {card}. Cliquez là où elle va, "
            "ou de nouveau sur elle pour la jouer d'office."
        ),
    },
}


@attrs.frozen
class _Pick:
    """The cards a click picked up: ``count`` cards of a pile, ``card`` the first."""

    pile: str  # "reserve", "waste", "column" or "foundation"
    index: int  # the column's index (0-based) or the foundation's
    count: int
    card: Card


class GameWidget(anywidget.AnyWidget):
    """A game of Canfield to play by clicks in a notebook.

    ``game`` is a :class:`~pycanfield.GameState`, a game code, or ``None`` for a
    random deal.  ``lang`` is the language of the messages (``en``, ``ru``, ``cs``,
    ``el``, ``fr``), which describe each move as :func:`~pycanfield.describe_move`
    does; ``width`` is the picture's width in pixels; ``seed`` makes the new deals
    of the *New deal* button reproducible; ``hint_time_limit`` bounds the solver's
    search for a hint, in seconds.

    :attr:`state` is the game at any moment; setting it shows another game.  The
    synchronised traits (``game``, the save format of :func:`~pycanfield.to_dict`,
    and ``svg``, ``score``, ``message``, ``can_undo``, ``picked``) are what the front
    end reads.  :meth:`click` does what a click on the table does.

    >>> widget = GameWidget("CF1-D3-AAAAACL")
    >>> widget.state.code, widget.score
    ('CF1-D3-AAAAACL', 0)
    >>> widget.click("QC")  # picks up the queen of clubs from the reserve
    >>> widget.picked
    'QC'
    >>> widget.click("3")  # column 3 ends with the queen of hearts: R12 refuses
    >>> widget.message
    'R>3: Q♣ cannot go on Q♥: a column builds down by one rank, with the king on the ace (R12)'
    >>> widget.click("QC")
    >>> widget.click("QC")  # two clicks on the same card tap it (R25)
    >>> widget.message
    'Queen of clubs from the reserve onto the king of hearts in column 2.'
    >>> str(widget.state.history[-1].move)
    'R>2'

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
    #: What the last click did, in words.
    message = traitlets.Unicode("").tag(sync=True)
    #: Whether there is an action to take back.
    can_undo = traitlets.Bool(False).tag(sync=True)
    #: The words of the buttons, in the widget's language.
    labels = traitlets.Dict().tag(sync=True)
    #: The card picked up by a click (the first of a run), such as ``"KH"``; or ``""``.
    picked = traitlets.Unicode("").tag(sync=True)

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
        self._pick: _Pick | None = None
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

    def play(self, where: str) -> None:
        """Tap (R25): ``where`` is a card string such as ``"QC"`` or ``"stock"`` (a draw
        or a recycle).  A card without a move, or one that cannot be tapped, leaves the
        game as it is and says why in :attr:`message`."""
        words = _WORDS[self._lang]
        try:
            move = tap(self._state, where)
        except TapError as error:
            self._show(self._state, str(error))
            return
        if move is None:
            name = describe_card(where, lang=self._lang) if where != "stock" else where
            self._show(self._state, words["nothing"].format(card=_capital(name)))
            return
        text = describe_move(self._state, move, lang=self._lang)
        after = apply(self._state, move)
        self._show(after, words["won"] if is_won(after) else text)

    def click(self, where: str) -> None:
        """Do what a click on the table does (see the module's description).

        ``where`` is what was clicked: a card string such as ``"QC"``, ``"stock"``, a
        column number (``"1"`` to ``"4"``), a foundation (``"FH"``, by its suit letter,
        or ``"F"`` for the picked card's own), ``"waste"`` or ``"reserve"`` (their
        places when empty), or ``""`` for the table around the piles.  What cannot
        be done leaves the game as it is and says why in :attr:`message`.
        """
        if not isinstance(where, str):
            raise wrong_type("GameWidget.click", "where", "a card, a pile name or ''", where)
        text = where.strip()
        try:
            self._click(text)
        except CanfieldError as error:
            self._show(self._state, str(error))

    def _click(self, text: str) -> None:
        pick = self._pick
        pos = self._state.position
        if text.lower() == "stock" or pos.pending:
            # Choosing the base card (Rules(base="choose")) is a tap on a dealt card.
            self.play(text)
        elif text.isdigit():
            if pick is not None:
                self._place(pick, column=int(text) - 1)
        elif text[:1].upper() == "F" and len(text) <= 2:
            if pick is not None:
                suit = Suit.parse(text[1:]) if len(text) == 2 else pick.card.suit
                self._place(pick, suit=suit)
        elif text.lower() in ("", "waste", "reserve"):
            self._show(self._state, "")
        else:
            card = Card.parse(text)
            pile, index, depth = _locate(pos, card)
            own_column = pick is not None and (pick.pile, pick.index) == ("column", index)
            if pick is not None and pick.card == card:
                self.play(str(card))  # a second click on the picked card taps it
            elif pick is not None and pile == "column" and not own_column:
                self._place(pick, column=index)
            elif pick is not None and pile == "foundation" and pick.pile != "foundation":
                self._place(pick, suit=pos.foundations[index].suit)
            else:
                self._pick_up(card, pile, index, depth)

    def _pick_up(self, card: Card, pile: str, index: int, depth: int) -> None:
        pos = self._state.position
        if pile == "column":
            column = pos.columns[index]
            pick = _Pick(pile, index, len(column) - depth, card)
            cards = list(column[depth:])
        else:
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
            pick, cards = _Pick(pile, index, 1, card), [card]
        name = describe_card(card, lang=self._lang)
        self._show(self._state, _WORDS[self._lang]["picked"].format(card=name), cards, pick)

    def _place(self, pick: _Pick, *, column: int | None = None, suit: Suit | None = None) -> None:
        """Move the picked cards onto ``column`` or onto the ``suit`` foundation."""
        state = self._state
        if column is None and pick.pile == "foundation":
            self._show(state, "")  # a foundation card put back on a foundation stays
            return
        if column is None:
            assert suit is not None
            if pick.pile == "column":
                move = Move.column_to_foundation(pick.index)
            elif pick.pile == "reserve":
                move = Move.reserve_to_foundation()
            else:
                move = Move.waste_to_foundation()
            if pick.count > 1:
                raise IllegalMoveError(
                    move,
                    f"a foundation takes one card at a time, not a run of {pick.count}",
                    rule="R9",
                )
            if suit is not pick.card.suit:
                raise IllegalMoveError(
                    move,
                    f"{pick.card.unicode} goes only onto the {pick.card.suit.name.lower()} "
                    "foundation",
                    rule="R8",
                )
        elif pick.pile == "column":
            move = Move.column_to_column(pick.index, column, count=pick.count)
        elif pick.pile == "foundation":
            move = Move.foundation_to_column(pick.card.suit, column)
        else:
            move = (Move.reserve_to_column if pick.pile == "reserve" else Move.waste_to_column)(
                column
            )
        after = apply(state, move)  # an illegal move raises, naming its rule
        text = describe_move(state, move, lang=self._lang)
        self._show(after, _WORDS[self._lang]["won"] if is_won(after) else text)

    def _show(
        self,
        state: GameState,
        message: str,
        highlight: Move | list[Card] | None = None,
        pick: _Pick | None = None,
    ) -> None:
        self._state = state
        self._pick = pick
        self._syncing = True
        try:
            self.game = to_dict(state)
        finally:
            self._syncing = False
        self.svg = _draw(state, width=self._width, highlight=highlight, piles=True)
        self.score = state.score
        self.can_undo = bool(state.history)
        self.picked = str(pick.card) if pick is not None else ""
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
        where = content.get("where")
        try:
            if kind == "click" and isinstance(where, str):
                self.click(where)
            elif kind == "tap" and isinstance(where, str):
                self.play(where)
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
