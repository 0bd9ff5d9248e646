"""The notebook widget's Python side: the messages its front end sends, and its traits.

The front end itself, in a browser, is tested in ``test_browser.py``.
"""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget", reason="the widget extra is not installed")

import pycanfield as cf
from pycanfield.widget import GameWidget

REFERENCE = "CF1-D3-AAAAACL"


def _send(widget: GameWidget, **content: str) -> None:
    # The path a message from the front end takes through ipywidgets.
    widget._handle_custom_msg(content, [])


def test_taps_play_the_opening_r25_r29() -> None:
    """R25: a click taps the card; the reference opening (R29) by three clicks."""
    widget = GameWidget(REFERENCE)
    for card, move in [("QC", "R>2"), ("8H", "R>F"), ("KH", "2>4X2")]:
        before = widget.state
        _send(widget, kind="tap", where=card)
        assert widget.state.history[-1].move == cf.Move.parse(move)
        assert widget.message == cf.describe_move(before, cf.Move.parse(move))
    assert widget.score == widget.state.score == 5
    assert widget.game == cf.to_dict(widget.state)
    assert 'data-card="QS"' in widget.svg
    assert widget.can_undo


def test_stock_undo_and_cards_without_a_move() -> None:
    widget = GameWidget(REFERENCE, lang="fr")
    _send(widget, kind="tap", where="stock")
    assert widget.state.position.waste[-3:] == tuple(cf.Card.parse(c) for c in ("TS", "JH", "5D"))
    _send(widget, kind="undo")
    assert widget.state == cf.deal(REFERENCE)
    assert not widget.can_undo
    _send(widget, kind="undo")
    assert widget.state == cf.deal(REFERENCE)
    assert "undo" in widget.message.lower()
    _send(widget, kind="tap", where="6C")
    assert widget.message == "« Six de trèfle » n'a aucun coup."
    assert widget.labels["undo"] == "Annuler"


def test_hint_highlights_a_legal_move() -> None:
    widget = GameWidget(REFERENCE)
    _send(widget, kind="hint")
    assert widget.message.startswith("Hint: ")
    assert 'class="arrow"' in widget.svg or 'class="highlight"' in widget.svg
    assert widget.state == cf.deal(REFERENCE)


def test_new_deal_is_reproducible_with_a_seed() -> None:
    first, second = GameWidget(seed=4), GameWidget(seed=4)
    assert first.state == second.state
    _send(first, kind="new")
    _send(second, kind="new")
    assert first.state == second.state
    assert first.state.code != GameWidget(seed=4).state.code


def test_state_can_be_set_from_python_and_from_the_front_end() -> None:
    widget = GameWidget(REFERENCE)
    later = cf.apply(cf.deal(REFERENCE), cf.Move.parse("R>2"))
    widget.state = later
    assert widget.game == cf.to_dict(later)
    assert "Reserve 12" in widget.svg
    # The front end sets the game trait to a saved game.
    widget.game = cf.to_dict(cf.deal("CF1-D1-AAAAACL"))
    assert widget.state == cf.deal("CF1-D1-AAAAACL")
    assert "draw 1" in widget.svg


def test_unknown_messages_and_bad_cards_leave_the_game() -> None:
    widget = GameWidget(REFERENCE)
    _send(widget, kind="fly")
    _send(widget, kind="tap", where="ZZ")
    assert widget.state == cf.deal(REFERENCE)
    assert "ZZ" in widget.message
    _send(widget, kind="tap", where=str(widget.state.position.stock[0]))  # face down
    assert "stock" in widget.message
    _send(widget, kind="tap", where="JS")  # under the reserve's top card
    assert "reserve" in widget.message
    assert widget.state == cf.deal(REFERENCE)


def test_wrong_arguments() -> None:
    with pytest.raises(cf.WrongTypeError, match="GameWidget"):
        GameWidget(7)  # type: ignore[arg-type]
    with pytest.raises(cf.OptionError):
        GameWidget(REFERENCE, lang="de")
    widget = GameWidget(REFERENCE)
    with pytest.raises(cf.WrongTypeError):
        widget.state = REFERENCE  # type: ignore[assignment]
