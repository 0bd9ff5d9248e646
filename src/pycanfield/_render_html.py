"""Replay pages: one self-contained HTML file that steps through a game.

The page carries everything it shows: the 52 faces and the card back are drawn once,
in a hidden ``<defs>``, and each step's picture refers to them with ``<use>``; the
pictures, captions and scores of all steps are a JSON document in the page, and a
short script (``_web/replay.js``) swaps them in.  Nothing is fetched, so the page
works from a file, a USB stick or inside another page.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from html import escape
from importlib.resources import files

from ._cards import Card
from ._checks import wrong_type
from ._describe import _language, describe, describe_move
from ._moves import Move
from ._position import Position
from ._render_svg import _draw, shared_defs
from ._rules import apply
from ._state import GameState, deal

__all__ = ["render_html"]

#: Width of each picture in pixels; the page scales it to the window.
_WIDTH = 720
#: Milliseconds between two steps while the page plays the game by itself.
_DELAY = 900

# The words of the page around the descriptions, in every language of describe().
_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "first": "First",
        "prev": "Back",
        "next": "Forward",
        "last": "Last",
        "play": "Play",
        "pause": "Pause",
        "score": "Score",
        "controls": "Replay controls",
        "keys": "The arrow keys step back and forward; Home and End go to the start and the end.",
    },
    "ru": {
        "first": "В начало",
        "prev": "Назад",
        "next": "Вперёд",
        "last": "В конец",
        "play": "Воспроизвести",
        "pause": "Пауза",
        "score": "Очки",
        "controls": "Управление просмотром",
        "keys": "Стрелки листают партию назад и вперёд; Home и End ведут к началу и к концу.",
    },
    "cs": {
        "first": "Na začátek",
        "prev": "Zpět",
        "next": "Vpřed",
        "last": "Na konec",
        "play": "Přehrát",
        "pause": "Pozastavit",
        "score": "Skóre",
        "controls": "Ovládání přehrávání",
        "keys": "Šipky posouvají hru zpět a vpřed; Home a End skočí na začátek a na konec.",
    },
    "el": {
        "first": "Αρχή",
        "prev": "Πίσω",
        "next": "Μπροστά",
        "last": "Τέλος",
        "play": "Αναπαραγωγή",
        "pause": "Παύση",
        "score": "Πόντοι",
        "controls": "Χειριστήρια αναπαραγωγής",
        "keys": "Τα βέλη πάνε πίσω και μπροστά· τα Home και End στην αρχή και στο τέλος.",
    },
    "fr": {
        "first": "Début",
        "prev": "Précédent",
        "next": "Suivant",
        "last": "Fin",
        "play": "Lecture",
        "pause": "Pause",
        "score": "Score",
        "controls": "Commandes de la partie",
        "keys": (
            "Les flèches reculent et avancent d'un coup ; Début et Fin vont au début et à la fin."
        ),
    },
}

# Button icons in a 24 x 24 box, drawn as shapes so that no font is needed.
_ICONS = {
    "first": "M5 4h3v16H5zM20 4v16L9 12z",
    "prev": "M19 4v16L7 12z",
    "next": "M5 4v16l12-8z",
    "last": "M16 4h3v16h-3zM4 4v16l11-8z",
}
_PLAY_ICONS = (
    '<svg class="pcf-play" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 4v16l13-8z"/></svg>'
    '<svg class="pcf-pause" viewBox="0 0 24 24" aria-hidden="true">'
    '<path d="M6 4h4v16H6zM14 4h4v16h-4z"/></svg>'
)


@cache
def _asset(name: str) -> str:
    return files("pycanfield").joinpath("_web").joinpath(name).read_text(encoding="utf-8")


def _visible(pos: Position) -> dict[Card, str]:
    """Where each face-up card lies: the piles a move can change."""
    where: dict[Card, str] = dict.fromkeys(pos.visible_waste, "waste")
    if pos.reserve:
        where[pos.reserve[-1]] = "reserve"
    for f in pos.foundations:
        if f.top is not None:
            where[f.top] = "foundation"
    for i, column in enumerate(pos.columns):
        for card in column:
            where[card] = f"column {i}"
    return where


def _moved(before: Position, after: Position) -> list[Card]:
    """The cards a move put somewhere new: they are outlined on the step's picture.

    A card that only comes to light (the reserve's next card, the foundation card
    under the one taken) has not moved; a card drawn from the stock has."""
    old = _visible(before)
    return [
        card
        for card, pile in _visible(after).items()
        if old.get(card, pile if pile != "waste" else None) != pile
    ]


def _script_json(value: object) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``</`` or ``<!--`` in it."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\u0021--")


def render_html(
    state: GameState | str,
    moves: Iterable[Move | str] = (),
    *,
    lang: str = "en",
    title: str | None = None,
) -> str:
    """A self-contained HTML page that replays ``moves`` from ``state``.

    ``state`` is a :class:`~pycanfield.GameState` or a game code; ``moves`` are
    :class:`~pycanfield.Move` values or move texts such as ``"R>2"``.  Each step shows
    the table, with the cards the last move put somewhere new outlined, that move in
    notation and in words (:func:`~pycanfield.describe_move` in ``lang``: ``en``,
    ``ru``, ``cs``, ``el`` or ``fr``), the score and the step number ``k / n``; step 0
    describes the table as dealt.

    The controls go to the first step, back, forward, to the last step, and play or
    pause the game; the left and right arrow keys step back and forward, Home and End
    go to either end.  For style sheets and scripts, the buttons carry
    ``data-action`` = ``first``, ``prev``, ``next``, ``last``, ``play``, and the
    step, score and caption ``data-role`` = ``step``, ``score``, ``caption``.

    The page fetches nothing: cards are drawn once and reused, and the pictures,
    words, style and script are all in the file (about 1.4 MB for 300 moves).
    ``title`` is the page's heading (by default the game code).  An illegal move
    raises :class:`~pycanfield.IllegalMoveError`, an unknown ``lang``
    :class:`~pycanfield.OptionError`.

    .. versionadded:: 0.2

    >>> page = render_html("CF1-D3-AAAAACL", ["R>2", "R>F"], lang="fr")
    >>> page.startswith("<!doctype html>"), 'data-action="next"' in page
    (True, True)
    >>> "Dame de trèfle de la réserve sur le roi de cœur dans la colonne 2." in page
    True
    """
    language = _language(lang, "render_html")
    if isinstance(state, str):
        state = deal(state)
    elif not isinstance(state, GameState):
        raise wrong_type("render_html", "state", "a GameState or a game code", state)
    if title is not None and not isinstance(title, str):
        raise wrong_type("render_html", "title", "a string or None", title)
    if isinstance(moves, (str, Move)) or not isinstance(moves, Iterable):
        raise wrong_type("render_html", "moves", "an iterable of moves or move texts", moves)
    code = language.code
    words = _LABELS[code]
    heading = title if title is not None else f"Canfield {state.code or 'custom deal'}"

    def picture(game: GameState, marks: list[Card] | None = None) -> str:
        return _draw(game, width=_WIDTH, highlight=marks, shared=True, piles=True)

    steps = [
        {
            "svg": picture(state),
            "score": state.score,
            "move": "",
            "caption": describe(state, lang=code),
        }
    ]
    for item in moves:
        if isinstance(item, str):
            move = Move.parse(item)
        elif isinstance(item, Move):
            move = item
        else:
            raise wrong_type("render_html", "moves", "moves or move texts", item)
        caption = describe_move(state, move, lang=code)
        after = apply(state, move)
        steps.append(
            {
                "svg": picture(after, _moved(state.position, after.position)),
                "score": after.score,
                "move": str(move),
                "caption": caption,
            }
        )
        state = after

    first = steps[0]
    buttons = "".join(
        f'<button type="button" data-action="{action}" title="{words[action]}" '
        f'aria-label="{words[action]}"'
        + (
            f' aria-pressed="false">{_PLAY_ICONS}'
            if action == "play"
            else f'><svg viewBox="0 0 24 24" aria-hidden="true"><path d="{_ICONS[action]}"/></svg>'
        )
        + "</button>"
        for action in ("first", "prev", "play", "next", "last")
    )
    data = {"steps": steps, "delay": _DELAY, "pause": words["pause"]}
    return "".join(
        [
            f'<!doctype html>\n<html lang="{code}">\n<head>\n<meta charset="utf-8">\n',
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
            f"<title>{escape(heading)}</title>\n<style>{_asset('replay.css')}</style>\n",
            "</head>\n<body>\n",
            f'<main class="pcf-replay" data-pcf-replay lang="{code}" tabindex="-1">\n',
            f"<h1>{escape(heading)}</h1>\n",
            '<svg class="pcf-defs" aria-hidden="true" focusable="false" '
            f'xmlns="http://www.w3.org/2000/svg">{shared_defs()}</svg>\n',
            f'<div class="pcf-table" data-role="table">{first["svg"]}</div>\n',
            f'<div class="pcf-bar" role="toolbar" aria-label="{words["controls"]}">',
            # The buttons in their order on the bar: first, back, play, forward, last.
            buttons,
            f'<span class="pcf-status"><span data-role="step">0 / {len(steps) - 1}</span>'
            f' · {words["score"]} <span data-role="score">{first["score"]}</span></span>',
            "</div>\n",
            '<p class="pcf-caption" aria-live="polite"><span data-role="move"></span>'
            f'<span data-role="caption">{escape(str(first["caption"]))}</span></p>\n',
            f'<p class="pcf-keys">{escape(words["keys"])}</p>\n',
            f'<script type="application/json" data-role="data">{_script_json(data)}</script>\n',
            f"<script>\n{_asset('replay.js')}</script>\n",
            "</main>\n</body>\n</html>\n",
        ]
    )
