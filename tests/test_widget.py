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
    with pytest.raises(cf.WrongTypeError, match=r"^GameWidget\(\) needs .* as width"):
        GameWidget(REFERENCE, width="wide")  # type: ignore[arg-type]
    with pytest.raises(cf.OptionError, match=r"^GameWidget\(\): width"):
        GameWidget(REFERENCE, width=0)
    with pytest.raises(cf.OptionError, match=r"^GameWidget\(\): hint_time_limit"):
        GameWidget(REFERENCE, hint_time_limit=float("nan"))
    with pytest.raises(cf.WrongTypeError, match=r"GameWidget\.click"):
        GameWidget(REFERENCE).click(None)  # type: ignore[arg-type]
    with pytest.raises(cf.OptionError):
        GameWidget(REFERENCE, lang="de")
    widget = GameWidget(REFERENCE)
    with pytest.raises(cf.WrongTypeError):
        widget.state = REFERENCE  # type: ignore[assignment]


def _click(widget: GameWidget, *where: str) -> None:
    for item in where:
        _send(widget, kind="click", where=item)


def test_pick_and_place_plays_any_move_r22() -> None:
    """Two clicks make any legal move, also the ones no tap makes (R22)."""
    widget = GameWidget(REFERENCE)
    _click(widget, "QC", "KH", "8H", "FH", "KH", "4")
    assert [str(a.move) for a in widget.state.history] == ["R>2", "R>F", "2>4X2"]
    # A take-back from the hearts foundation onto a column: no tap does this.
    state = widget.state
    assert cf.tap(state, "8H") is None
    _click(widget, "8H")
    assert widget.picked == "8H"
    assert 'class="highlight"' in widget.svg
    _click(widget, "QS")  # 8♥ on Q♠ is refused (R12)
    assert widget.message.startswith("FH>2: 8♥ cannot go on Q♠")
    assert "(R12)" in widget.message
    assert widget.state == state
    assert widget.picked == ""
    assert 'class="highlight"' not in widget.svg
    # The move of a reference deal's winning line that takes a card back (R22).
    line = cf.solve(REFERENCE).moves
    at = next(i for i, m in enumerate(line) if m.kind is cf.MoveKind.FOUNDATION_TO_COLUMN)
    before = cf.deal(REFERENCE)
    for move in line[:at]:
        before = cf.apply(before, move)
    take_back = line[at]
    assert take_back.suit is not None
    assert take_back.target is not None
    widget.state = before
    _click(widget, str(before.position.foundation(take_back.suit).top), str(take_back.target + 1))
    assert widget.state == cf.apply(before, take_back)
    assert widget.message == cf.describe_move(before, take_back)


def test_a_second_click_on_the_picked_card_taps_it_r25() -> None:
    widget = GameWidget(REFERENCE, lang="cs")
    _click(widget, "QC")
    assert widget.picked == "QC"
    assert widget.message.startswith(f"Vybráno: {cf.describe_card('QC', lang='cs')}.")
    assert widget.state == cf.deal(REFERENCE)
    _click(widget, "QC")
    assert str(widget.state.history[-1].move) == "R>2"
    assert widget.picked == ""


def test_clicks_that_pick_again_or_put_back() -> None:
    widget = GameWidget(REFERENCE)
    _click(widget, "QC", "")  # the table around the piles puts the card back
    assert widget.picked == ""
    assert widget.state == cf.deal(REFERENCE)
    _click(widget, "KH", "6C")  # K♥ on 6♣ is refused
    assert "(R12)" in widget.message
    _click(widget, "QC", "KH", "KH")  # after R>2, K♥ then picks up the run K♥ Q♣
    assert widget.picked == "KH"
    _click(widget, "QC")  # another card of the same column: picked instead
    assert widget.picked == "QC"
    _click(widget, "stock")  # a draw; the picked card is put back
    assert widget.picked == ""
    assert str(widget.state.history[-1].move) == "draw"
    waste = widget.state.position.waste
    _click(widget, str(waste[-1]), str(waste[-2]))  # under the waste's top card
    assert (
        widget.message
        == f"{waste[-2].unicode} is not the top card of the waste, the only one that moves (R20)"
    )
    _click(widget, "JS")  # under the reserve's top card, hidden
    assert "reserve" in widget.message
    _click(widget, "KH", "F")  # a run onto a foundation
    assert widget.message.endswith("a foundation takes one card at a time, not a run of 2 (R9)")
    _click(widget, "6C", "F")  # its own foundation, which waits for 7♣
    assert widget.message == "1>F: 6♣ cannot go up: the clubs foundation takes 7♣ next (R9)"
    _click(widget, "4", "FH", "ZZ")  # piles with nothing picked do nothing; a bad name says so
    assert "ZZ" in widget.message
    assert widget.state.actions == 2
    # A foundation's top card, picked up, goes back on a click on a foundation.
    _click(widget, "7H")
    assert widget.picked == "7H"
    _click(widget, "FS")
    assert widget.picked == ""
    assert widget.message == ""
    assert widget.state.actions == 2


def test_each_language_says_what_is_picked() -> None:
    for lang in cf.LANGUAGES:
        widget = GameWidget(REFERENCE, lang=lang)
        _click(widget, "QC")
        assert cf.describe_card("QC", lang=lang) in widget.message
        assert widget.picked == "QC"
