"""Replay pages: render_html and ``canfield replay``, read as text and parsed.

What the page does in a browser is tested in ``test_browser.py``; here the page's
structure, data, size and refusals are checked without one.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

import pycanfield as cf
from pycanfield._cli import main

REFERENCE = "CF1-D3-AAAAACL"
OPENING = ["R>2", "R>F", "2>4X2"]
SVG = "{http://www.w3.org/2000/svg}"


class _Page(HTMLParser):
    """The attributes of every element and the text of the data script."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.data = ""
        self._in_data = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.elements.append((tag, found))
        self._in_data = tag == "script" and found.get("data-role") == "data"

    def handle_endtag(self, tag: str) -> None:
        self._in_data = False

    def handle_data(self, data: str) -> None:
        if self._in_data:
            self.data += data


def _parse(page: str) -> tuple[_Page, dict[str, object]]:
    parsed = _Page()
    parsed.feed(page)
    return parsed, json.loads(parsed.data)


def _steps(page: str) -> list[dict[str, object]]:
    steps = _parse(page)[1]["steps"]
    assert isinstance(steps, list)
    return steps


def _highlighted(svg: object) -> set[str]:
    assert isinstance(svg, str)
    root = ET.fromstring(svg)
    return {
        g.attrib["data-card"]
        for g in root.iter(SVG + "g")
        if g.attrib.get("class") == "highlight" and "data-card" in g.attrib
    }


def test_controls_and_roles_have_their_stable_names() -> None:
    parsed, _ = _parse(cf.render_html(REFERENCE, OPENING))
    actions = [a["data-action"] for tag, a in parsed.elements if "data-action" in a]
    assert actions == ["first", "prev", "play", "next", "last"]
    assert all(tag == "button" for tag, a in parsed.elements if "data-action" in a)
    roles = {a["data-role"] for _, a in parsed.elements if "data-role" in a}
    assert {"step", "score", "caption", "table", "move"} <= roles


def test_steps_follow_the_game_r29() -> None:
    """R29: the reference opening's captions, scores and pictures, step by step."""
    steps = _steps(cf.render_html(REFERENCE, OPENING))
    state = cf.deal(REFERENCE)
    assert len(steps) == len(OPENING) + 1
    assert steps[0]["caption"] == cf.describe(state)
    assert steps[0]["move"] == ""
    for text, step in zip(OPENING, steps[1:], strict=True):
        move = cf.Move.parse(text)
        assert step["caption"] == cf.describe_move(state, move)
        state = cf.apply(state, move)
        assert step["move"] == str(move)
        assert step["score"] == state.score
    assert [s["score"] for s in steps] == [0, 0, 5, 5]


def test_moved_cards_are_outlined() -> None:
    steps = _steps(cf.render_html(REFERENCE, [*OPENING, "draw"]))
    assert _highlighted(steps[0]["svg"]) == set()
    assert _highlighted(steps[1]["svg"]) == {"QC"}
    assert _highlighted(steps[2]["svg"]) == {"8H"}
    # The run and the card the reserve put into the emptied column (R16).
    assert _highlighted(steps[3]["svg"]) == {"KH", "QC", "QS"}
    assert _highlighted(steps[4]["svg"]) == {"TS", "JH", "5D"}


@pytest.mark.parametrize("lang", cf.LANGUAGES)
def test_captions_in_each_language(lang: str) -> None:
    page = cf.render_html(REFERENCE, OPENING, lang=lang)
    assert f'<html lang="{lang}">' in page
    steps = _steps(page)
    state = cf.deal(REFERENCE)
    assert steps[1]["caption"] == cf.describe_move(state, cf.Move.parse("R>2"), lang=lang)


def test_moves_as_move_values_and_a_state() -> None:
    state = cf.apply(cf.deal(REFERENCE), cf.Move.parse("R>2"))
    page = cf.render_html(state, [cf.Move.parse("R>F")], title="Lesson <1>")
    assert "<h1>Lesson &lt;1&gt;</h1>" in page
    steps = _steps(page)
    assert [s["score"] for s in steps] == [0, 5]


def test_cards_are_drawn_once() -> None:
    page = cf.render_html(REFERENCE, OPENING)
    for card in cf.PACK:
        assert page.count(f'id="pcf-{card}"') == 1
    # Every picture refers to the faces rather than drawing them (#fffdf8: a face).
    for step in _steps(page):
        svg = step["svg"]
        assert isinstance(svg, str)
        assert "#fffdf8" not in svg
        assert svg.count('<use href="#pcf-') >= svg.count("data-card=") > 0
    assert page.count("#fffdf8") == 52


def _random_line(length: int, seed: int) -> tuple[cf.GameState, list[cf.Move]]:
    rng = random.Random(seed)
    start = cf.deal(REFERENCE)
    state, line = start, list[cf.Move]()
    while len(line) < length:
        move = rng.choice(cf.legal_moves(state))
        line.append(move)
        state = cf.apply(state, move)
    return start, line


def test_a_300_move_page_is_under_3_mb() -> None:
    start, line = _random_line(300, seed=3)
    page = cf.render_html(start, line)
    assert len(_steps(page)) == 301
    assert len(page.encode("utf-8")) < 3_000_000


def test_nothing_is_fetched() -> None:
    page = cf.render_html(REFERENCE, OPENING)
    # The SVG namespace is a name, not an address the page loads.
    addresses = set(re.findall(r"(?:https?:)?//[\w.-]+[^\s\"'<>\\]*", page))
    assert addresses <= {"http://www.w3.org/2000/svg"}
    assert not re.search(r"(?<![\w-])(src|srcset|action|formaction)=", page)
    for loader in ("<link", "@import", "url(http", "fetch(", "XMLHttpRequest", "import("):
        assert loader not in page


def test_the_data_cannot_close_its_script() -> None:
    page = cf.render_html(REFERENCE, OPENING, title="</script><script>alert(1)</script>")
    data = page.split('<script type="application/json" data-role="data">', 1)[1]
    assert data.index("</script>") == data.index("</script>\n<script>")
    assert page.count("<script") == 2


def test_an_illegal_move_is_refused_with_its_rule() -> None:
    with pytest.raises(cf.IllegalMoveError, match=r"\(R12\)"):
        cf.render_html(REFERENCE, ["R>3"])


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(cf.OptionError, match="supported languages"):
        cf.render_html(REFERENCE, lang="de")


def test_a_move_text_alone_is_refused() -> None:
    with pytest.raises(cf.WrongTypeError, match="render_html"):
        cf.render_html(REFERENCE, "R>2")


def test_cli_replay_default_is_the_winning_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "replay.html"
    assert main(["replay", REFERENCE, "-o", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    steps = _steps(out.read_text(encoding="utf-8"))
    game = cf.deal(REFERENCE)
    for step in steps[1:]:
        assert isinstance(step["move"], str)
        game = cf.apply(game, cf.Move.parse(step["move"]))
    assert cf.is_won(game)
    assert steps[-1]["score"] == game.score


def test_cli_replay_given_moves_and_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", REFERENCE, "--moves", "R>2 R>F 2>4x2", "--lang", "cs", "-o", "-"]) == 0
    steps = _steps(capsys.readouterr().out)
    assert [s["move"] for s in steps] == ["", "R>2", "R>F", "2>4X2"]
    assert steps[1]["caption"] == cf.describe_move(
        cf.deal(REFERENCE), cf.Move.parse("R>2"), lang="cs"
    )


def test_cli_replay_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "replay.html")
    assert main(["replay", REFERENCE, "--moves", "R>3", "-o", out]) == 2
    assert "(R12)" in capsys.readouterr().err
    assert main(["replay", REFERENCE, "--node-limit", "1", "-o", out]) == 1
    assert "no winning line" in capsys.readouterr().err
    assert main(["replay", REFERENCE, "--moves", "R>2", "-o", str(tmp_path)]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert not Path(out).exists()
