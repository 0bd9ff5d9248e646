"""The text picture: render_text and str(state)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given

import builders as b
import pycanfield as cf
from strategies import states

REFERENCE = "CF1-D3-AAAAACL"
_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
_CELL = 6


def _columns_from_text(text: str) -> list[list[cf.Card]]:
    """Read the columns back from a picture: fixed-width cells under the number line."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("1 "))
    width = len(lines[start].split())
    columns: list[list[cf.Card]] = [[] for _ in range(width)]
    for line in lines[start + 1 :]:
        for i in range(width):
            cell = line[i * _CELL : (i + 1) * _CELL].strip()
            if cell and cell != "..":
                columns[i].append(cf.Card.parse(cell))
    return columns


def test_reference_deal_picture_r29(reference: dict[str, Any]) -> None:
    """R29, R6: the reference deal shows stock 34, reserve 13 with Q♣ on top, base 7♥
    on the first foundation and columns 6♣ K♥ Q♥ A♠."""
    text = cf.render_text(cf.deal(REFERENCE))
    assert text.split("\n") == [
        "CF1-D3-AAAAACL  draw 3  score 0  actions 0",
        f"Stock {len(reference['stock'])}   Waste 0: -",
        "Reserve 13: Q♣",
        "Foundations (base 7): 7♥  --♠  --♦  --♣",
        "  1     2     3     4",
        "  6♣    K♥    Q♥    A♠",
    ]


def test_reference_opening_picture_r29(reference: dict[str, Any]) -> None:
    """R29: after R>2, R>F, 2>4X2 the picture shows reserve 10 with J♠, hearts up to
    8♥, columns 6♣ | Q♠ | Q♥ | A♠ K♥ Q♣ and score 5."""
    after = reference["after_opening"]
    state = b.play(cf.deal(REFERENCE), "R>2", "R>F", "2>4X2")
    text = cf.render_text(state, unicode=False)
    lines = text.split("\n")
    assert lines[0] == "CF1-D3-AAAAACL  draw 3  score 5  actions 3"
    assert lines[1] == f"Stock {after['stock_size']}   Waste 0: -"
    assert lines[2] == f"Reserve {len(after['reserve'])}: {after['reserve'][-1]}"
    assert lines[3] == "Foundations (base 7): 8H  --S  --D  --C"
    columns = _columns_from_text(text)
    assert [[str(c) for c in col] for col in columns] == after["columns"]


def test_str_is_the_text_picture() -> None:
    state = b.play(cf.deal(REFERENCE), "R>2", "draw")
    assert str(state) == cf.render_text(state)


def test_waste_fan_r21() -> None:
    """R21: the waste line lists the fanned cards of the last draw, top card last, with
    '...' when older cards lie below them."""
    state = b.play(cf.deal(REFERENCE), "draw")
    fan = state.position.visible_waste
    assert len(fan) == 3
    line = cf.render_text(state, unicode=False).split("\n")[1]
    assert line == "Stock 31   Waste 3: " + " ".join(str(c) for c in fan)
    line = cf.render_text(b.play(state, "draw"), unicode=False).split("\n")[1]
    assert line.startswith("Stock 28   Waste 6: ... ")


def test_waste_fan_shrinks_as_cards_are_played_r21() -> None:
    """R21: once the fan's top card is played, the fan shows the two that are left."""
    state = cf.apply(b.state(stock="2C 5S 8H", columns=["3H", "KD", "QH", "JC"]), cf.DRAW)
    assert "Waste 3: 8H 5S 2C" in cf.render_text(state, unicode=False)
    state = cf.apply(state, cf.Move.waste_to_column(0))
    assert "Waste 2: 8H 5S" in cf.render_text(state, unicode=False)


def test_empty_piles_and_position() -> None:
    """An empty reserve, waste and column are shown as such (R17); a bare Position has no
    header line."""
    pos = b.position(columns=["9S", "", "", ""], sizes={"H": 3})
    text = cf.render_text(pos, unicode=False)
    assert text.split("\n") == [
        "Stock 0   Waste 0: -",
        "Reserve 0: -",
        "Foundations (base 7): 9H  --S  --D  --C",
        "  1     2     3     4",
        "  9S    ..    ..    ..",
    ]


def test_won_game_is_marked_r23() -> None:
    """R23: a game with four full foundations says WON in its header."""
    won = b.state(sizes=b.FULL, score=255)
    header = cf.render_text(won).split("\n")[0]
    assert header == "custom deal  draw 3  score 255  actions 0  WON"


def test_ten_is_written_10_or_t() -> None:
    state = b.state(columns=["TH", "", "", ""], reserve="TS")
    assert "Reserve 1: 10♠" in cf.render_text(state)
    assert "Reserve 1: TS" in cf.render_text(state, unicode=False)


def test_rejects_other_values() -> None:
    with pytest.raises(cf.WrongTypeError, match="GameState or a Position"):
        cf.render_text("CF1-D3-AAAAACL")  # type: ignore[arg-type]


@given(states(max_steps=150))
def test_columns_read_back_from_any_picture_r15(state: cf.GameState) -> None:
    """R15: every column card is shown, in order, in both Unicode and ASCII pictures."""
    for unicode in (True, False):
        columns = _columns_from_text(cf.render_text(state, unicode=unicode))
        assert [tuple(col) for col in columns] == list(state.columns)


@given(states(max_steps=150))
def test_piles_shown_in_any_picture_r6_r21(state: cf.GameState) -> None:
    """R6, R21: stock size, waste size and fan, reserve size and top, the foundation tops
    and the base rank are all on the picture."""
    pos = state.position
    lines = cf.render_text(state, unicode=False).split("\n")
    assert lines[0].startswith(f"{state.code}  draw {state.draw}  score {state.score}")
    waste = " ".join(str(c) for c in pos.visible_waste)
    assert lines[1].startswith(f"Stock {len(pos.stock)}   Waste {len(pos.waste)}: ")
    assert lines[1].endswith(waste if waste else "-")
    top = str(pos.reserve[-1]) if pos.reserve else "-"
    assert lines[2] == f"Reserve {len(pos.reserve)}: {top}"
    tops = [str(f.top) if f.top else f"--{f.suit.letter}" for f in pos.foundations]
    assert lines[3] == f"Foundations (base {pos.base_rank.letter}): " + "  ".join(tops)


@given(states(max_steps=100))
def test_ascii_and_colour_r12(state: cf.GameState) -> None:
    """ASCII pictures hold no other characters; colour only adds escape codes, around
    the red cards (R12's two colours) and the empty-pile marks."""
    plain = cf.render_text(state, unicode=False)
    assert plain.isascii()
    coloured = cf.render_text(state, color=True)
    assert _ESCAPE.sub("", coloured) == cf.render_text(state)
    red = re.findall(r"\x1b\[31m(.*?)\x1b\[0m", coloured)
    assert all(cf.Card.parse(text).is_red for text in red)
    assert "\x1b" not in cf.render_text(state)
