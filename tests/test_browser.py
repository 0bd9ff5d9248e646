"""Replay pages and the widget's front end in a real browser.

Headless Chromium (the operating system's ``chromium``) is driven by Playwright.  Every
test records the page's requests, console errors and script errors: a request for
anything but a ``file:`` or ``data:`` address, or any error, fails it.

Without Playwright or Chromium these tests are skipped, unless the environment sets
``PYCANFIELD_REQUIRE_BROWSER=1`` (as ``.ci/run`` does): then they fail.
``PYCANFIELD_CHROMIUM`` names another browser binary.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import struct
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import pycanfield as cf
from pycanfield._cli import main

REQUIRED = os.environ.get("PYCANFIELD_REQUIRE_BROWSER") == "1"


def _unavailable(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"{reason}, and PYCANFIELD_REQUIRE_BROWSER=1", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def _need_widget() -> None:
    try:
        import anywidget  # noqa: F401
    except ImportError:
        _unavailable("the widget extra is not installed (pip install 'pycanfield[widget]')")


try:
    from playwright.sync_api import Browser, ConsoleMessage, Page, Request, sync_playwright
except ImportError:
    _unavailable("Playwright is not installed (pip install 'pycanfield[browser-test]')")

CHROMIUM = os.environ.get("PYCANFIELD_CHROMIUM") or shutil.which("chromium") or ""
if not CHROMIUM:
    _unavailable("no chromium browser on PATH (apt-get install chromium)")

REFERENCE = "CF1-D3-AAAAACL"
OPENING = ["R>2", "R>F", "2>4X2", "draw"]
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
]
# Colours of the picture (see _render_svg.py): the table, a card face, red and black ink.
TABLE, FACE, RED, BLACK = (0x2D, 0x6A, 0x3E), (0xFF, 0xFD, 0xF8), (0xC6, 0x28, 0x28), (0x1C,) * 3


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


class Watched:
    """A page, with what it asked the network for and the errors it raised."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", self._request)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        # Nothing may leave the machine, even if a page asked for it.
        page.route("**/*", self._route)

    def _request(self, request: Request) -> None:
        self.requests.append(request.url)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    @staticmethod
    def _route(route: Any) -> None:
        if route.request.url.startswith(("file:", "data:")):
            route.continue_()
        else:
            route.abort()

    def problems(self) -> list[str]:
        outside = [url for url in self.requests if not url.startswith(("file:", "data:"))]
        return [f"request to {url}" for url in outside] + self.errors

    def check(self) -> None:
        assert self.requests, "the page was never loaded"
        assert self.problems() == []


@pytest.fixture
def watched(browser: Browser) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 900, "height": 1000})
    try:
        yield Watched(context.new_page())
    finally:
        context.close()


def _rgb_rows(png: bytes) -> tuple[int, int, list[bytes], int]:
    """Width, height, unfiltered rows and bytes per pixel of an 8-bit RGB(A) PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, data = 8, b""
    width = height = channels = 0
    while at < len(png):
        (size,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + size]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8
            assert colour in (2, 6)
            assert interlace == 0
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += body
        at += 12 + size
    raw = zlib.decompress(data)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        method = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if method == 1:
                line[i] = (line[i] + left) & 255
            elif method == 2:
                line[i] = (line[i] + up) & 255
            elif method == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif method == 4:
                p = left + up - corner
                near = min((abs(p - left), 0), (abs(p - up), 1), (abs(p - corner), 2))[1]
                line[i] = (line[i] + (left, up, corner)[near]) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows, channels


def _shares(png: bytes, colours: dict[str, tuple[int, ...]]) -> dict[str, float]:
    """The share of the picture's pixels close to each colour."""
    width, height, rows, channels = _rgb_rows(png)
    counts = dict.fromkeys(colours, 0)
    for row in rows:
        for x in range(0, width * channels, channels):
            pixel = row[x : x + 3]
            for name, colour in colours.items():
                if all(abs(a - b) <= 12 for a, b in zip(pixel, colour, strict=True)):
                    counts[name] += 1
    return {name: count / (width * height) for name, count in counts.items()}


def _assert_shows_a_table(png: bytes) -> None:
    shares = _shares(png, {"table": TABLE, "face": FACE, "red": RED, "black": BLACK})
    assert shares["table"] > 0.35, shares  # the green baize
    assert shares["face"] > 0.08, shares  # card faces, drawn through <use>
    # Ranks and suits.
    assert shares["red"] > 0.002, shares
    assert shares["black"] > 0.002, shares


def _text(page: Page, role: str) -> str:
    return page.locator(f'[data-role="{role}"]').inner_text()


def _write_page(tmp_path: Path, moves: list[str], *, lang: str = "en") -> str:
    path = tmp_path / f"replay-{lang}.html"
    path.write_text(cf.render_html(REFERENCE, moves, lang=lang), encoding="utf-8")
    return path.as_uri()


def test_the_watch_sees_requests_and_errors(watched: Watched, tmp_path: Path) -> None:
    """The checks of every other test can fail: a page that asks the network, and one
    that raises, are caught."""
    path = tmp_path / "bad.html"
    path.write_text(
        '<!doctype html><img src="http://example.invalid/x.png">'
        "<script>undefinedFunction()</script>",
        encoding="utf-8",
    )
    watched.page.goto(path.as_uri())
    problems = watched.problems()
    assert any(p.startswith("request to http://example.invalid/") for p in problems), problems
    assert any("undefinedFunction" in p for p in problems), problems


def test_controls_and_keys_step_through_the_game_r29(watched: Watched, tmp_path: Path) -> None:
    page = watched.page
    page.goto(_write_page(tmp_path, OPENING))
    states = [cf.deal(REFERENCE)]
    for text in OPENING:
        states.append(cf.apply(states[-1], cf.Move.parse(text)))
    captions = [cf.describe(states[0])] + [
        cf.describe_move(s, cf.Move.parse(m)) for s, m in zip(states, OPENING, strict=False)
    ]
    n = len(OPENING)

    def shows(k: int) -> None:
        assert _text(page, "step") == f"{k} / {n}"
        assert _text(page, "score") == str(states[k].score)
        assert _text(page, "caption") == captions[k]
        assert _text(page, "move") == (f"{k}. {cf.Move.parse(OPENING[k - 1])}" if k else "")

    def press(action: str) -> None:
        page.locator(f'[data-action="{action}"]').click()

    shows(0)
    assert page.locator('[data-action="prev"]').is_disabled()
    assert page.locator('[data-action="first"]').is_disabled()
    press("next")
    shows(1)
    assert page.locator('[data-role="table"] [data-card="QC"].highlight').count() == 1
    page.keyboard.press("ArrowRight")
    shows(2)
    press("last")
    shows(n)
    assert page.locator('[data-action="next"]').is_disabled()
    page.keyboard.press("ArrowLeft")
    shows(n - 1)
    press("prev")
    shows(n - 2)
    page.keyboard.press("Home")
    shows(0)
    page.keyboard.press("End")
    shows(n)
    press("first")
    shows(0)
    page.keyboard.press("ArrowLeft")  # nothing before the start
    shows(0)
    # After the opening's third move the reserve has filled column 2 with Q♠ (R16).
    press("next")
    press("next")
    press("next")
    shows(3)
    column_cards = page.locator('[data-role="table"] [data-card]')
    assert "QS" in column_cards.evaluate_all("els => els.map(e => e.dataset.card)")
    watched.check()


def test_play_and_pause(watched: Watched, tmp_path: Path) -> None:
    page = watched.page
    page.goto(_write_page(tmp_path, OPENING))
    play = page.locator('[data-action="play"]')
    n = len(OPENING)
    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    page.wait_for_function(
        f"document.querySelector('[data-role=step]').textContent === '{n} / {n}'",
        timeout=15_000,
    )
    assert play.get_attribute("aria-pressed") == "false"  # it stops at the end
    play.click()  # from the end, play starts again at the beginning
    page.wait_for_function(
        "document.querySelector('[data-role=step]').textContent !== '0 / 4'", timeout=5_000
    )
    play.click()
    assert play.get_attribute("aria-pressed") == "false"
    paused = _text(page, "step")
    page.wait_for_timeout(2_000)
    assert _text(page, "step") == paused != f"{n} / {n}"
    watched.check()


@pytest.mark.parametrize("lang", cf.LANGUAGES)
def test_each_language(watched: Watched, tmp_path: Path, lang: str) -> None:
    page = watched.page
    page.goto(_write_page(tmp_path, OPENING[:2], lang=lang))
    assert page.evaluate("document.documentElement.lang") == lang
    page.keyboard.press("ArrowRight")
    state = cf.deal(REFERENCE)
    assert _text(page, "caption") == cf.describe_move(state, cf.Move.parse("R>2"), lang=lang)
    watched.check()


def test_two_replays_in_one_page(watched: Watched, tmp_path: Path) -> None:
    """Pasted into one page, each replay keeps to itself; keys go to the focused one."""
    pages = [cf.render_html(REFERENCE, OPENING, lang=lang) for lang in ("en", "fr")]
    style = pages[0][pages[0].index("<style>") : pages[0].index("</style>") + 8]
    bodies = [p[p.index("<main") : p.index("</main>") + 7] for p in pages]
    path = tmp_path / "two.html"
    path.write_text(f"<!doctype html><meta charset='utf-8'>{style}{''.join(bodies)}", "utf-8")
    page = watched.page
    page.goto(path.as_uri())
    first, second = page.locator("[data-pcf-replay]").all()

    def step(root: Any) -> str:
        return str(root.locator('[data-role="step"]').inner_text())

    page.keyboard.press("ArrowRight")  # no replay has the focus
    assert (step(first), step(second)) == ("0 / 4", "0 / 4")
    second.locator('[data-action="next"]').click()
    page.keyboard.press("ArrowRight")
    assert (step(first), step(second)) == ("0 / 4", "2 / 4")
    first.locator('[data-action="last"]').click()
    page.keyboard.press("ArrowLeft")
    assert (step(first), step(second)) == ("3 / 4", "2 / 4")
    assert first.locator('[data-role="caption"]').inner_text() == cf.describe_move(
        cf.apply(cf.apply(cf.deal(REFERENCE), cf.Move.parse("R>2")), cf.Move.parse("R>F")),
        cf.Move.parse("2>4X2"),
    )
    watched.check()


def test_the_winning_line_from_the_command_line(
    watched: Watched, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "won.html"
    assert main(["replay", REFERENCE, "-o", str(out)]) == 0
    capsys.readouterr()
    line = cf.solve(REFERENCE).moves
    game = cf.deal(REFERENCE)
    for move in line:
        game = cf.apply(game, move)
    page = watched.page
    page.goto(out.as_uri())
    table = page.locator('[data-role="table"]')
    box = table.bounding_box()
    assert box is not None
    assert box["width"] > 600
    assert box["height"] > 300
    _assert_shows_a_table(table.screenshot())
    page.keyboard.press("End")
    assert _text(page, "step") == f"{len(line)} / {len(line)}"
    assert _text(page, "score") == str(game.score)
    assert "Won!" in table.inner_text()
    page.screenshot(path=str(tmp_path / "won.png"), full_page=True)
    watched.check()


# -- the widget's front end, in a page that stands in for the notebook -------------------

SYNCED = ("game", "svg", "score", "message", "can_undo", "labels")

HOST = """<!doctype html>
<html><head><meta charset="utf-8"><style>{css}</style></head>
<body><div id="host"></div>
<script type="application/json" id="state">{state}</script>
<script type="module">
// A model with the calls an anywidget front end makes; every change goes to Python
// (window.pcfSend, window.pcfSave) and the traits that Python changed come back.
const state = JSON.parse(document.getElementById("state").textContent);
const listeners = {{}};
let unsaved = {{}};
window.pcfPending = 0;
function receive(changes) {{
  for (const [name, value] of Object.entries(changes)) state[name] = value;
  for (const name of Object.keys(changes)) {{
    for (const callback of listeners["change:" + name] || []) callback();
  }}
}}
async function call(python, text) {{
  window.pcfPending += 1;
  try {{ receive(JSON.parse(await python(text))); }} finally {{ window.pcfPending -= 1; }}
}}
const model = {{
  get: (name) => state[name],
  set: (name, value) => {{ state[name] = value; unsaved[name] = value; }},
  save_changes: () => {{
    const text = JSON.stringify(unsaved);
    unsaved = {{}};
    return call(window.pcfSave, text);
  }},
  send: (content) => call(window.pcfSend, JSON.stringify(content)),
  on: (event, callback) => {{ (listeners[event] ||= []).push(callback); }},
  off: (event, callback) => {{
    listeners[event] = (listeners[event] || []).filter((c) => c !== callback);
  }},
}};
window.pcfModel = model;
window.pcfPush = receive;
const widget = (await import("data:text/javascript;base64,{esm}")).default;
widget.render({{ model, el: document.getElementById("host") }});
window.pcfReady = true;
</script></body></html>
"""


class Notebook:
    """A GameWidget on the Python side and its front end in a page."""

    def __init__(self, watched: Watched, tmp_path: Path) -> None:
        from pycanfield.widget import GameWidget

        self.widget = GameWidget(REFERENCE, seed=7)
        self.page = watched.page
        self.page.expose_function("pcfSend", self._changes(self._send))
        self.page.expose_function("pcfSave", self._changes(self.widget.set_state))
        state = json.dumps(self.widget.get_state(SYNCED)).replace("</", "<\\/")
        esm = base64.b64encode(self.widget._esm.encode("utf-8")).decode("ascii")
        path = tmp_path / "notebook.html"
        path.write_text(HOST.format(css=self.widget._css, state=state, esm=esm), "utf-8")
        self.page.goto(path.as_uri())
        self.page.wait_for_function("window.pcfReady === true")
        self.sent: list[dict[str, Any]] = []

    def _send(self, content: dict[str, Any]) -> None:
        self.sent.append(content)
        self.widget._handle_custom_msg(content, [])

    def _changes(self, handle: Callable[[dict[str, Any]], None]) -> Callable[[str], str]:
        def run(text: str) -> str:
            before = self.widget.get_state(SYNCED)
            handle(json.loads(text))
            after = self.widget.get_state(SYNCED)
            return json.dumps({k: v for k, v in after.items() if before[k] != v})

        return run

    def settle(self) -> None:
        self.page.wait_for_function("window.pcfPending === 0")

    def click(self, selector: str, **options: Any) -> None:
        self.page.locator(selector).click(**options)
        self.settle()

    def card_point(self, card: object) -> tuple[float, float]:
        # Near the card's top left corner, the part of it that stays in sight when
        # other cards lie on it.
        box = self.page.locator(f'#host [data-card="{card}"]').bounding_box()
        assert box is not None, card
        return box["x"] + 14, box["y"] + 8

    def pile_point(self, pile: str) -> tuple[float, float]:
        box = self.page.locator(f'#host [data-pile="{pile}"]').bounding_box()
        assert box is not None, pile
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def click_card(self, card: object) -> None:
        self.click(f'#host [data-card="{card}"]', position={"x": 14, "y": 8})

    def drag(
        self,
        card: object,
        to: tuple[float, float],
        *,
        before_release: Callable[[], None] | None = None,
    ) -> None:
        """Press on ``card``, move the mouse to ``to`` in steps, release it there."""
        mouse = self.page.mouse
        mouse.move(*self.card_point(card))
        mouse.down()
        mouse.move(*to, steps=6)
        if before_release is not None:
            before_release()
        mouse.up()
        self.settle()

    def drag_to_pile(self, card: object, pile: str, **options: Any) -> None:
        self.drag(card, self.pile_point(pile), **options)

    def text(self, role: str) -> str:
        return _text(self.page, role)

    def cards(self) -> list[str]:
        return list(
            self.page.locator("#host [data-card]").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
        )

    def lifted(self) -> list[str]:
        return list(
            self.page.locator("#host .pcf-lifted").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
        )


def test_widget_plays_by_clicks_r25(watched: Watched, tmp_path: Path) -> None:
    """One click on a card taps it (R25); one click on the stock draws."""
    _need_widget()
    nb = Notebook(watched, tmp_path)
    start = cf.deal(REFERENCE)
    assert nb.cards() == ["7H", "QC", "6C", "KH", "QH", "AS"]
    assert nb.text("score") == "0"
    assert nb.page.locator('[data-action="undo"]').is_disabled()
    _assert_shows_a_table(nb.page.locator("#host [data-role=table]").screenshot())

    # The reference opening (R29), one click a move: each tap goes through cf.tap and
    # cf.apply in Python.
    nb.click_card("QC")
    assert nb.sent[-1] == {"kind": "tap", "where": "QC"}
    assert nb.widget.state == cf.apply(start, cf.Move.parse("R>2"))
    assert nb.text("message") == cf.describe_move(start, cf.Move.parse("R>2"))
    nb.click_card("8H")
    assert nb.text("score") == "5"
    # K♥ lies under Q♣: a click on its visible strip moves the run (R25).
    nb.click('[data-card="KH"]', position={"x": 30, "y": 8})
    assert str(nb.widget.state.history[-1].move) == "2>4X2"
    assert "QS" in nb.cards()
    nb.click('[data-pile="stock"]')
    assert nb.sent[-1] == {"kind": "tap", "where": "stock"}
    assert {"TS", "JH", "5D"} <= set(nb.cards())
    assert nb.widget.state.actions == 4
    nb.click('[data-action="undo"]')
    assert "5D" not in nb.cards()
    assert nb.widget.state.actions == 3
    nb.click_card("6C")  # a card with no move leaves the game as it is
    assert nb.text("message") == "Six of clubs has no move."
    assert nb.widget.state.actions == 3
    nb.click('[data-action="hint"]')
    assert nb.text("message").startswith("Hint: ")
    assert nb.page.locator("#host .arrow, #host .highlight").count() > 0
    nb.page.screenshot(path=str(tmp_path / "widget.png"), full_page=True)

    nb.click('[data-action="new"]')
    assert nb.widget.state.code != REFERENCE
    assert nb.text("score") == "0"
    assert nb.page.locator('[data-action="undo"]').is_disabled()
    assert all(m["kind"] != "drop" for m in nb.sent)  # no click became a drag
    watched.check()


def test_widget_state_set_from_either_side(watched: Watched, tmp_path: Path) -> None:
    _need_widget()
    nb = Notebook(watched, tmp_path)
    # Python sets the state; the traits it changes reach the front end.
    before = nb.widget.get_state(SYNCED)
    later = cf.apply(cf.deal(REFERENCE), cf.Move.parse("R>2"))
    nb.widget.state = cf.apply(later, cf.Move.parse("R>F"))
    after = nb.widget.get_state(SYNCED)
    nb.page.evaluate(
        "changes => window.pcfPush(changes)", {k: v for k, v in after.items() if before[k] != v}
    )
    assert nb.text("score") == "5"
    assert "8H" in nb.cards()
    # The front end sets the game, as the save format; Python plays on from it.
    nb.page.evaluate(
        "game => { window.pcfModel.set('game', game); return window.pcfModel.save_changes(); }",
        cf.to_dict(later),
    )
    assert nb.widget.state == later
    nb.settle()
    assert nb.text("score") == "0"
    nb.click_card("8H")
    assert nb.widget.state == cf.apply(later, cf.Move.parse("R>F"))
    watched.check()


def test_widget_moves_by_drag_and_drop_r8_r12_r14(watched: Watched, tmp_path: Path) -> None:
    """A card or a run dragged onto a pile makes that move; what the rules refuse
    changes nothing and the message cites the rule."""
    _need_widget()
    nb = Notebook(watched, tmp_path)
    start = cf.deal(REFERENCE)
    home = nb.card_point("QC")
    nb.drag_to_pile("QC", "3")  # onto the queen of hearts in column 3
    assert nb.sent[-1] == {"kind": "drop", "source": "QC", "target": "3"}
    assert nb.text("message") == str(_refusal(start, "R>3"))
    assert "(R12)" in nb.text("message")
    assert nb.widget.state == start
    assert nb.lifted() == []  # the card went back
    assert nb.card_point("QC") == home
    nb.drag_to_pile("QC", "FS")  # the spades foundation, not the clubs one
    assert nb.text("message") == "R>F: Q♣ goes only onto the clubs foundation (R8)"
    assert nb.widget.state == start
    box = nb.page.locator("#host [data-role=table] svg").bounding_box()
    assert box is not None
    # Released on the green table between the waste and the foundations, off the piles.
    nb.drag("QC", (box["x"] + box["width"] * 0.35, box["y"] + box["height"] * 0.6))
    assert nb.sent[-1] == {"kind": "drop", "source": "QC", "target": ""}
    assert nb.widget.state == start
    assert nb.text("message") == ""
    # A short wobble is still a click: a tap.
    x, y = nb.card_point("QC")
    nb.page.mouse.move(x, y)
    nb.page.mouse.down()
    nb.page.mouse.move(x + 2, y + 1)
    nb.page.mouse.up()
    nb.settle()
    assert nb.sent[-1] == {"kind": "tap", "where": "QC"}
    assert str(nb.widget.state.history[-1].move) == "R>2"
    nb.drag_to_pile("8H", "FH")
    assert nb.text("score") == "5"

    # The run K♥ Q♣, dragged by its first card: both cards follow the pointer, and the
    # pile under the pointer is outlined.
    seen: dict[str, Any] = {}

    def look() -> None:
        seen["lifted"] = nb.lifted()
        seen["dragging"] = nb.page.locator("#host [data-role=table]").get_attribute("data-dragging")
        seen["outlines"] = nb.page.locator("#host .pcf-drop").count()
        seen["moved"] = nb.page.locator('#host [data-card="KH"]').get_attribute("transform")
        nb.page.screenshot(path=str(tmp_path / "dragging.png"), full_page=True)

    # Released below the last card of column 4, which still counts as the column.
    column = nb.page.locator('#host [data-pile="4"]').bounding_box()
    assert column is not None
    below = (column["x"] + column["width"] / 2, column["y"] + column["height"] + 25)
    nb.drag("KH", below, before_release=look)
    assert sorted(seen["lifted"]) == ["KH", "QC"]
    assert seen["dragging"] == "KH"
    assert seen["outlines"] == 1
    assert str(seen["moved"]).startswith("translate(")
    assert str(nb.widget.state.history[-1].move) == "2>4X2"
    assert nb.lifted() == []
    assert nb.page.locator("#host .pcf-drop").count() == 0
    # A run does not go onto a foundation (R9); a foundation's top card can come back
    # (R22), but 8♥ does not go on Q♠ (R12).
    nb.drag_to_pile("KH", "FH")
    assert nb.text("message").endswith("a foundation takes one card at a time, not a run of 2 (R9)")
    nb.drag_to_pile("8H", "2")
    assert nb.text("message").startswith("FH>2: 8♥ cannot go on Q♠")
    assert nb.widget.state.score == 5
    assert [str(a.move) for a in nb.widget.state.history] == ["R>2", "R>F", "2>4X2"]
    watched.check()


def _refusal(state: cf.GameState, move: str) -> cf.IllegalMoveError:
    with pytest.raises(cf.IllegalMoveError) as caught:
        cf.apply(state, cf.Move.parse(move))
    return caught.value


def test_widget_plays_the_reference_deal_to_a_win_r29(watched: Watched, tmp_path: Path) -> None:
    """The solver's whole winning line, played with the mouse in the page: a click where
    a tap makes the line's move (the stock too), a drag and drop otherwise, such as the
    take-backs from a foundation (R22)."""
    _need_widget()
    nb = Notebook(watched, tmp_path)
    line = cf.solve(REFERENCE).moves
    game = cf.deal(REFERENCE)
    clicks = drags = 0
    for number, move in enumerate(line, 1):
        pos = game.position
        kind = move.kind
        if kind in (cf.MoveKind.DRAW, cf.MoveKind.RECYCLE):
            nb.click('#host [data-pile="stock"]')
            clicks += 1
        else:
            if kind in (cf.MoveKind.RESERVE_TO_FOUNDATION, cf.MoveKind.RESERVE_TO_COLUMN):
                card = pos.reserve[-1]
            elif kind in (cf.MoveKind.WASTE_TO_FOUNDATION, cf.MoveKind.WASTE_TO_COLUMN):
                card = pos.waste[-1]
            elif kind is cf.MoveKind.FOUNDATION_TO_COLUMN:
                assert move.suit is not None
                top = pos.foundation(move.suit).top
                assert top is not None
                card = top
            else:
                assert move.source is not None
                card = pos.columns[move.source][-move.count]
            if cf.tap(game, card) == move:
                nb.click_card(card)
                clicks += 1
            else:
                if move.to_foundation:
                    pile = "F" + card.suit.letter
                else:
                    assert move.target is not None
                    pile = str(move.target + 1)
                nb.drag_to_pile(card, pile)
                drags += 1
        game = cf.apply(game, move)
        assert nb.widget.state == game, (number, move, nb.text("message"))
    assert clicks + drags == len(line)
    assert drags >= sum(m.kind is cf.MoveKind.FOUNDATION_TO_COLUMN for m in line) > 0
    assert cf.is_won(nb.widget.state)
    assert nb.text("message") == "Won! All 52 cards are on the foundations."
    assert nb.text("score") == str(game.score)
    assert "Won!" in nb.page.locator("#host [data-role=table]").inner_text()
    print(f"{len(line)} moves: {clicks} clicks, {drags} drags")
    watched.check()
