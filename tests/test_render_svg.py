"""The SVG picture: render_svg and the Jupyter hook."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import builders as b
import pycanfield as cf
from strategies import states

REFERENCE = "CF1-D3-AAAAACL"
SVG = "{http://www.w3.org/2000/svg}"
FIGURES = Path(__file__).parent.parent / "docs" / "_static"


def _tree(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def _shown_cards(root: ET.Element) -> list[str]:
    return [g.attrib["data-card"] for g in root.iter(SVG + "g") if "data-card" in g.attrib]


def _highlighted(root: ET.Element) -> set[str]:
    return {
        g.attrib["data-card"]
        for g in root.iter(SVG + "g")
        if "data-card" in g.attrib and g.attrib.get("class") == "highlight"
    }


def _classes(root: ET.Element) -> list[str]:
    return [el.attrib["class"] for el in root.iter() if "class" in el.attrib]


def _visible(state: cf.GameState | cf.Position) -> list[str]:
    """The face-up cards a player sees, in the order the picture draws them (R15, R21)."""
    pos = state.position if isinstance(state, cf.GameState) else state
    cards = list(pos.visible_waste)
    cards += [f.top for f in pos.foundations if f.top is not None]
    cards += pos.reserve[-1:]
    for col in pos.columns:
        cards += col
    return [str(c) for c in cards]


def test_reference_deal_r29() -> None:
    """R29: the reference deal shows Q♣ on the reserve, 7♥ on a foundation, the four
    columns, the stock and reserve sizes and the game code."""
    state = cf.deal(REFERENCE)
    svg = cf.render_svg(state)
    root = _tree(svg)
    assert _shown_cards(root) == ["7H", "QC", "6C", "KH", "QH", "AS"]
    for label in ("Stock 34", "Waste 0", "Reserve 13", "base 7", REFERENCE, "score 0"):
        assert label in svg


def test_reference_opening_r29() -> None:
    """R29: after the opening the picture holds 8♥ on hearts, J♠ on the reserve (10
    left), A♠ K♥ Q♣ in column 4 and score 5."""
    state = b.play(cf.deal(REFERENCE), "R>2", "R>F", "2>4X2")
    svg = cf.render_svg(state)
    assert _shown_cards(_tree(svg)) == ["8H", "JS", "6C", "QS", "QH", "AS", "KH", "QC"]
    assert "Reserve 10" in svg
    assert "score 5" in svg


def test_width_scales_the_picture() -> None:
    root = _tree(cf.render_svg(cf.deal(REFERENCE), width=400))
    _, _, vw, vh = (float(v) for v in root.attrib["viewBox"].split())
    assert float(root.attrib["width"]) == 400
    assert float(root.attrib["height"]) == pytest.approx(400 * vh / vw, abs=0.01)


@pytest.mark.parametrize("width", [0, -5, float("nan"), float("inf")])
def test_bad_width(width: float) -> None:
    with pytest.raises(cf.OptionError, match="width"):
        cf.render_svg(cf.deal(REFERENCE), width=width)


@pytest.mark.parametrize("width", [True, "800", None])
def test_width_of_the_wrong_type(width: object) -> None:
    with pytest.raises(cf.WrongTypeError, match="width"):
        cf.render_svg(cf.deal(REFERENCE), width=width)  # type: ignore[arg-type]


def test_highlight_reserve_move() -> None:
    """A move highlight outlines the card that moves, the target and an arrow (R25's
    R>2 opening move of the reference deal)."""
    root = _tree(cf.render_svg(cf.deal(REFERENCE), highlight=cf.Move.parse("R>2")))
    assert _highlighted(root) == {"QC"}
    assert _classes(root).count("target") == 1
    assert _classes(root).count("arrow") == 1


def test_highlight_run_r14() -> None:
    """R14: a run move is outlined as one block around its cards."""
    state = b.play(cf.deal(REFERENCE), "R>2", "R>F")
    root = _tree(cf.render_svg(state, highlight=cf.Move.parse("2>4X2")))
    assert _classes(root).count("highlight") == 1
    assert _classes(root).count("target") == 1


def test_highlight_cards() -> None:
    state = cf.deal(REFERENCE)
    root = _tree(cf.render_svg(state, highlight=["KH", cf.Card.parse("AS")]))
    assert _highlighted(root) == {"KH", "AS"}
    assert "arrow" not in _classes(root)
    root = _tree(cf.render_svg(state, highlight=cf.Card.parse("6C")))
    assert _highlighted(root) == {"6C"}


def test_highlighted_cards_that_end_a_column_share_one_outline_r14() -> None:
    state = b.play(cf.deal(REFERENCE), "R>2")  # column 2: K♥ Q♣
    root = _tree(cf.render_svg(state, highlight=["KH", "QC", "QH"]))
    assert _highlighted(root) == {"KH", "QC", "QH"}
    outlines = [el for el in root.iter(SVG + "rect") if el.attrib.get("class") == "highlight"]
    assert len(outlines) == 2  # the run K♥ Q♣, and Q♥ alone
    run = max(outlines, key=lambda el: float(el.attrib["height"]))
    single = min(outlines, key=lambda el: float(el.attrib["height"]))
    assert float(run.attrib["height"]) > float(single.attrib["height"])
    # One card at a column's end keeps an outline of its own.
    root = _tree(cf.render_svg(state, highlight=["QC"]))
    assert _classes(root).count("highlight") == 2  # the card's group and its outline


def test_highlight_draw_and_foundation_moves() -> None:
    """Draw outlines the stock and points at the waste; a foundation move targets the
    foundation slot of the card's suit."""
    state = cf.deal(REFERENCE)
    root = _tree(cf.render_svg(state, highlight=cf.DRAW))
    assert _classes(root).count("highlight") == 1
    assert "arrow" in _classes(root)
    state = b.play(state, "R>2")
    root = _tree(cf.render_svg(state, highlight=cf.Move.reserve_to_foundation()))
    assert _highlighted(root) == {"8H"}
    assert "arrow" in _classes(root)


def test_bad_highlight() -> None:
    state = cf.deal(REFERENCE)
    with pytest.raises(cf.OptionError, match="column 7"):
        cf.render_svg(state, highlight=cf.Move.parse("R>7"))
    with pytest.raises(cf.OptionError, match="string"):
        cf.render_svg(state, highlight="R>2")
    with pytest.raises(cf.CardParseError):
        cf.render_svg(state, highlight=["XX"])
    with pytest.raises(cf.WrongTypeError, match="highlight"):
        cf.render_svg(state, highlight=5)  # type: ignore[arg-type]


def test_position_has_no_caption() -> None:
    pos = b.play(cf.deal(REFERENCE), "R>2").position
    svg = cf.render_svg(pos)
    assert REFERENCE not in svg
    assert _shown_cards(_tree(svg)) == _visible(pos)
    with pytest.raises(cf.WrongTypeError, match="GameState or a Position"):
        cf.render_svg(REFERENCE)  # type: ignore[arg-type]


def test_jupyter_hook() -> None:
    state = cf.deal(REFERENCE)
    assert state._repr_svg_() == cf.render_svg(state)
    assert state.position._repr_svg_() == cf.render_svg(state.position)


def test_description_for_screen_readers_r33() -> None:
    """R33: the picture carries the one-line description of the table."""
    state = cf.deal(REFERENCE)
    desc = _tree(cf.render_svg(state)).find(SVG + "desc")
    assert desc is not None
    assert desc.text == cf.describe(state)


def test_won_game_r23() -> None:
    """R23: four full foundations show their top cards and the caption says so."""
    won = b.state(sizes=b.FULL, score=255)
    svg = cf.render_svg(won)
    assert "Won!" in svg
    assert sorted(_shown_cards(_tree(svg))) == ["6C", "6D", "6H", "6S"]


@given(states(max_steps=150), st.data())
def test_any_state_r15_r21(state: cf.GameState, data: st.DataObject) -> None:
    """R15, R21: for any state the picture is well-formed XML showing exactly the
    face-up cards; any legal move can be highlighted."""
    moves = cf.legal_moves(state)
    move = data.draw(st.sampled_from(moves)) if moves else None
    root = _tree(cf.render_svg(state, highlight=move))
    assert _shown_cards(root) == _visible(state)
    if move is not None and move.kind not in (cf.MoveKind.DRAW, cf.MoveKind.RECYCLE):
        assert "arrow" in _classes(root)


@pytest.mark.parametrize(
    ("name", "moves", "highlight"),
    [
        ("reference-deal", [], None),
        ("reference-highlight", ["R>2", "R>F"], "2>4X2"),
        ("reference-opening", ["R>2", "R>F", "2>4X2"], None),
    ],
)
def test_documentation_figures_are_current_r29(
    name: str, moves: list[str], highlight: str | None
) -> None:
    """R29: the figures in the documentation are what the renderer draws today.  After a
    change to the picture, rewrite them with ``canfield show CF1-D3-AAAAACL MOVES
    [--highlight MOVE] --width 800 --svg docs/_static/NAME.svg`` and redo the PNG files."""
    path = FIGURES / f"{name}.svg"
    if not path.exists():
        pytest.skip("the documentation is not part of this installation")
    state = b.play(cf.deal(REFERENCE), *moves)
    mark = cf.Move.parse(highlight) if highlight else None
    assert path.read_text("utf-8") == cf.render_svg(state, width=800, highlight=mark)
