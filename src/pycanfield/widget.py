"""A game to play in a notebook: :class:`GameWidget` (the ``widget`` extra).

It is an `anywidget` widget, so it works in Jupyter, JupyterLab, VS Code and Colab.
The rules run in Python: the front end draws the picture it is sent and sends back
what the reader clicks.  A click on a card taps it (R25): the card goes to its
foundation if it can, else to the best column; a click on the stock draws, or turns
the waste over when the stock is empty.  Buttons undo, ask for a hint and deal anew.

.. code-block:: python

   from pycanfield.widget import GameWidget

   game = GameWidget("CF1-D3-AAAAACL")
   game                 # the last line of a cell shows the table
   game.state           # the GameState at this moment, as the reader plays

Install with ``pip install 'pycanfield[widget]'``.

.. versionadded:: 0.2
"""

from __future__ import annotations

import random
from typing import Any

import anywidget
import traitlets

from ._checks import wrong_type
from ._describe import _capital, _language, describe_card, describe_move
from ._errors import CanfieldError, TapError
from ._moves import Move
from ._render_html import _asset
from ._render_svg import _draw
from ._rules import apply, is_won, tap, undo
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
    and ``svg``, ``score``, ``message``, ``can_undo``) are what the front end reads.

    >>> widget = GameWidget("CF1-D3-AAAAACL")
    >>> widget.state.code, widget.score
    ('CF1-D3-AAAAACL', 0)
    >>> widget.play("QC")  # what a click on the queen of clubs does
    >>> widget.message
    'Queen of clubs from the reserve onto the king of hearts in column 2.'
    >>> str(widget.state.history[-1].move)
    'R>2'
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

    def play(self, where: str) -> None:
        """Do what a click does: ``where`` is a card string such as ``"QC"`` (a tap,
        R25) or ``"stock"`` (a draw or a recycle).  A card without a move, or one that
        cannot be tapped, leaves the game as it is and says why in :attr:`message`."""
        words = _WORDS[self._lang]
        try:
            move = tap(self._state, where)
        except TapError as error:
            self.message = str(error)
            return
        if move is None:
            name = describe_card(where, lang=self._lang) if where != "stock" else where
            self.message = words["nothing"].format(card=_capital(name))
            return
        text = describe_move(self._state, move, lang=self._lang)
        after = apply(self._state, move)
        self._show(after, words["won"] if is_won(after) else text)

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
                self.play(content["where"])
            elif kind == "undo":
                self._show(undo(self._state), "")
            elif kind == "hint":
                move = hint(self._state, time_limit=self._hint_time_limit)
                if move is None:
                    self.message = words["won"] if is_won(self._state) else words["stuck"]
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
            self.message = str(error)
