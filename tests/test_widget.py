"""The notebook widget's Python side: the messages its front end sends, and its traits.

The front end itself, in a browser, is tested in ``test_browser.py``.
"""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget", reason="the widget extra is not installed")

import pycanfield as cf
from pycanfield.widget import GameWidget

REFERENCE = "CF1-D3-AAAAACL"


def _send(widget: GameWidget, **content: object) -> None:
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
    with pytest.raises(cf.WrongTypeError, match=r"GameWidget\.tap"):
        GameWidget(REFERENCE).tap(None)  # type: ignore[arg-type]
    with pytest.raises(cf.WrongTypeError, match=r"GameWidget\.drop\(\) needs .* as target"):
        GameWidget(REFERENCE).drop("QC", 2)  # type: ignore[arg-type]
    with pytest.raises(cf.OptionError):
        GameWidget(REFERENCE, lang="de")
    widget = GameWidget(REFERENCE)
    with pytest.raises(cf.WrongTypeError):
        widget.state = REFERENCE  # type: ignore[assignment]


def test_drop_plays_any_move_r14_r22() -> None:
    """A drag and drop makes any legal move, also the ones no tap makes (R22)."""
    widget = GameWidget(REFERENCE)
    widget.tap("QC")
    _send(widget, kind="drop", source="8H", target="FH")
    _send(widget, kind="drop", source="KH", target="4")  # the run K♥ Q♣ (R14)
    assert [str(a.move) for a in widget.state.history] == ["R>2", "R>F", "2>4X2"]
    assert widget.message == cf.describe_move(
        cf.apply(cf.apply(cf.deal(REFERENCE), cf.Move.parse("R>2")), cf.Move.parse("R>F")),
        cf.Move.parse("2>4X2"),
    )
    # A take-back from the hearts foundation onto a column: no tap does this.
    state = widget.state
    assert cf.tap(state, "8H") is None
    widget.drop("8H", "QS")  # onto Q♠, named by the card, is refused (R12)
    assert widget.message.startswith("FH>2: 8♥ cannot go on Q♠")
    assert "(R12)" in widget.message
    assert widget.state == state
    # The move of the reference deal's winning line that takes a card back (R22).
    line = cf.solve(REFERENCE).moves
    at = next(i for i, m in enumerate(line) if m.kind is cf.MoveKind.FOUNDATION_TO_COLUMN)
    before = cf.deal(REFERENCE)
    for move in line[:at]:
        before = cf.apply(before, move)
    take_back = line[at]
    assert take_back.suit is not None
    assert take_back.target is not None
    widget.state = before
    top = before.position.foundation(take_back.suit).top
    widget.drop(str(top), str(take_back.target + 1))
    assert widget.state == cf.apply(before, take_back)
    assert widget.message == cf.describe_move(before, take_back)


def test_drops_that_are_refused_or_change_nothing() -> None:
    widget = GameWidget(REFERENCE)
    start = widget.state
    widget.drop("KH", "1")  # K♥ on 6♣ is refused
    assert "(R12)" in widget.message
    widget.drop("QC", "FS")
    assert widget.message == "R>F: Q♣ goes only onto the clubs foundation (R8)"
    widget.drop("6C", "F")  # its own foundation, which waits for 7♣
    assert widget.message == "1>F: 6♣ cannot go up: the clubs foundation takes 7♣ next (R9)"
    for target in ("", "waste", "reserve", "stock", "QC"):
        widget.drop("6C", target)  # off the piles, or on a pile no card goes to
        assert widget.message == ""
    widget.drop("6C", "1")  # its own column
    widget.drop("7H", "FS")  # a foundation's card onto a foundation
    widget.drop("7H", "7H")
    assert widget.message == ""
    widget.drop("6C", "5")
    assert widget.message == "GameWidget.drop(): there is no column 5, only 1 to 4"
    widget.drop("ZZ", "1")
    assert "ZZ" in widget.message
    widget.drop(str(start.position.stock[0]), "1")  # face down
    assert "stock" in widget.message
    widget.drop("JS", "1")  # under the reserve's top card, hidden
    assert "reserve" in widget.message
    assert widget.state == start
    widget.tap("QC")
    widget.drop("KH", "F")  # a run onto a foundation
    assert widget.message.endswith("a foundation takes one card at a time, not a run of 2 (R9)")
    widget.tap("stock")
    waste = widget.state.position.waste
    widget.drop(str(waste[-2]), "1")  # under the waste's top card
    assert (
        widget.message
        == f"{waste[-2].unicode} is not the top card of the waste, the only one that moves (R20)"
    )
    assert widget.state.actions == 2
    _send(widget, kind="drop", source="QC")  # an incomplete message is ignored
    _send(widget, kind="drop", source="QC", target=4)
    assert widget.state.actions == 2


def test_drop_wins_the_game() -> None:
    line = cf.solve(REFERENCE).moves
    before = cf.deal(REFERENCE)
    for move in line[:-1]:
        before = cf.apply(before, move)
    last = line[-1]
    pos = before.position
    if last.kind is cf.MoveKind.RESERVE_TO_FOUNDATION:
        card = pos.reserve[-1]
    elif last.kind is cf.MoveKind.WASTE_TO_FOUNDATION:
        card = pos.waste[-1]
    else:
        assert last.kind is cf.MoveKind.COLUMN_TO_FOUNDATION
        assert last.source is not None
        card = pos.columns[last.source][-1]
    widget = GameWidget(before, lang="el")
    widget.drop(str(card), "F")
    assert widget.state == cf.apply(before, last)
    assert cf.is_won(widget.state)
    assert widget.message == "Νίκη! Και τα 52 φύλλα είναι στις βάσεις."
