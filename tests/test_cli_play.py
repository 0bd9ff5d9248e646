"""The terminal game (``canfield play``) and ``canfield show``."""

from __future__ import annotations

import io
import os
import select
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given

import builders as b
import pycanfield as cf
from pycanfield._cli import main
from pycanfield._cli_play import Game, simple_hint
from strategies import states

REFERENCE = "CF1-D3-AAAAACL"
OPENING = ["R>2", "R>F", "2>4X2"]


def run_game(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lines: list[str],
    *args: str,
) -> tuple[int, str]:
    """Play ``canfield play ARGS`` in-process with ``lines`` on standard input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    status = main(["play", *args])
    return status, capsys.readouterr().out


def game(state: cf.GameState, **options: object) -> tuple[Game, io.StringIO]:
    out = io.StringIO()
    return Game(state, out=out, **options), out  # type: ignore[arg-type]


def without_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(cf, "hint", raising=False)
    monkeypatch.delitem(cf._LAZY, "hint")  # else the package loads it on first use


# -- through a pseudo-terminal ------------------------------------------------------


class Terminal:
    """A child process on a pseudo-terminal, read until expected text appears."""

    def __init__(self, *args: str) -> None:
        self.master, slave = os.openpty()
        env = dict(os.environ, PYTHONIOENCODING="utf-8", NO_COLOR="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pycanfield", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 30.0) -> str:
        """Read until ``text`` appears; return everything read up to and including it."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} did not appear; got:\n{self.seen}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"{text!r} did not appear before exit:\n{self.seen}")
                self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        end = self.seen.index(text) + len(text)
        found, self.seen = self.seen[:end], self.seen[end:]
        return found

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.master)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_pty_game_plays_the_reference_opening_r29_r27() -> None:
    """R29, R27: on a terminal, play the reference opening, undo its last move, quit."""
    try:
        term = Terminal("play", REFERENCE)
    except OSError as error:  # a sandbox without pseudo-terminals
        pytest.skip(f"no pseudo-terminal: {error}")
    try:
        start = term.expect("> ")
        assert "Reserve 13: Q♣" in start
        assert "6♣    K♥    Q♥    A♠" in start
        term.send("R>2")
        assert "R>2: Q♣ onto K♥" in term.expect("> ")
        term.send("R>F")
        assert "R>F: 8♥ to its foundation (+5)" in term.expect("> ")
        term.send("2>4x2")
        reply = term.expect("> ")
        assert "the reserve fills column 2 with Q♠" in reply
        assert "Reserve 10: J♠" in reply
        assert "score 5" in reply
        term.send("undo")
        reply = term.expect("> ")
        assert "Undone." in reply
        assert "Reserve 11: Q♠" in reply
        term.send("quit")
        assert "Bye." in term.expect("Bye.")
    finally:
        status = term.close()
    assert status == 0


# -- through plain standard input and output ---------------------------------------------


def test_scripted_game_in_a_subprocess_r29() -> None:
    """Piped input (not a terminal) plays the opening and exits cleanly at the end."""
    result = subprocess.run(
        [sys.executable, "-m", "pycanfield", "play", REFERENCE, "--ascii"],
        input="\n".join([*OPENING, "score", "u", "q"]) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Reserve 10: JS" in result.stdout
    assert "Score 5 after 3 actions." in result.stdout
    assert "\x1b" not in result.stdout  # no colour unless asked
    assert result.stdout.rstrip().endswith("Bye.")


def test_opening_and_undo_r29_r27(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R29: the opening ends with reserve J♠ (10), hearts up to 8♥, score 5; R27: undo
    takes back the last move and its points."""
    status, out = run_game(monkeypatch, capsys, [*OPENING, "u", "u", "score"], REFERENCE)
    assert status == 0
    assert "CF1-D3-AAAAACL  draw 3  score 5  actions 3" in out
    assert "Foundations (base 7): 8♥  --♠  --♦  --♣" in out
    assert "Score 0 after 1 actions." in out


def test_end_of_input_exits_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run_game(monkeypatch, capsys, ["R>2"], REFERENCE)
    assert status == 0
    assert out.endswith("> \n")


def test_tap_plays_a_card_r25(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R25: tapping Q♣ (with or without 'tap') sends it to the longest column that
    takes it; tapping the stock draws."""
    _, out = run_game(monkeypatch, capsys, ["QC", "tap 8h", "tap stock", "d"], REFERENCE)
    assert "R>2: Q♣ onto K♥" in out
    assert "R>F: 8♥ to its foundation (+5)" in out
    assert "draw: turned 10♠ J♥ 5♦" in out
    assert "Stock 28   Waste 6" in out


def test_tap_without_target_says_so_r25(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R25: a tap that finds no target does nothing and says why."""
    _, out = run_game(monkeypatch, capsys, ["6C", "7H", "tap 6S", "look"], REFERENCE)
    assert "Nothing happens: 6♣ has nowhere to go" in out
    assert "Nothing happens: 7♥ is on a foundation" in out
    assert "Cannot tap that: 6♠ is face down in the stock" in out
    assert out.count("actions 0") == 2  # the start and 'look': nothing moved


def test_tap_inside_a_column_without_a_run_r14() -> None:
    """R14, R25: a card under a card that does not continue its run cannot be tapped away."""
    play, out = game(b.state(columns=["9S 4D", "TH", "", ""], reserve="2C"))
    play.handle("9S")
    assert "do not form a run" in out.getvalue()


def test_illegal_and_unknown_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused moves quote the rule that refuses them; junk gets a pointer to help."""
    lines = ["1>3", "move R>9", "R>>2", "move", "tap XX", "tap", "frobnicate", "recycle", "u"]
    _, out = run_game(monkeypatch, capsys, lines, REFERENCE)
    assert "Not allowed: 1>3: 6♣ cannot go on Q♥" in out
    assert "(R12)" in out
    assert "Not allowed: R>9: there is no column 9" in out
    assert out.count("Not a move:") == 2
    assert "Not a card:" in out
    assert "Tap what?" in out
    assert "Unknown command 'frobnicate'. Type 'help'" in out
    assert "the waste is turned over only when the stock is empty (R19)" in out
    assert "Cannot undo: nothing to undo" in out


def test_help_code_score_moves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out = run_game(monkeypatch, capsys, ["help", "code", "score", "moves", ""], REFERENCE)
    assert "Commands (one per line" in out
    assert "> CF1-D3-AAAAACL\n" in out
    assert "Score 0 after 0 actions." in out
    assert "R>2 2>4 draw" in out


def test_new_game(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run_game(monkeypatch, capsys, ["new CF1-D1-AAAAACL", "new CF1-X", "new"], REFERENCE)
    assert "New game CF1-D1-AAAAACL." in out
    assert "Not a game code:" in out
    # A random new game keeps the draw mode of the current one.
    assert out.count("New game CF1-D1-") == 2


def test_draw_option_with_a_code_r28(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R28: --draw 1 plays the same cards in draw 1, a game with its own D1 code."""
    _, out = run_game(monkeypatch, capsys, ["d"], REFERENCE, "--draw", "1")
    assert "CF1-D1-AAAAACL  draw 1" in out
    assert "draw: turned 10♠\n" in out


def test_random_game_and_ascii(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out = run_game(monkeypatch, capsys, ["code"], "--draw", "1", "--ascii")
    assert "draw 1" in out
    assert out.isascii()


def test_colour_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, plain = run_game(monkeypatch, capsys, [], REFERENCE)
    _, coloured = run_game(monkeypatch, capsys, [], REFERENCE, "--color")
    assert "\x1b" not in plain
    assert "\x1b[31mK♥\x1b[0m" in coloured


def test_no_double_click_r25(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R25: with double-click off, a tap only goes to a foundation."""
    _, out = run_game(monkeypatch, capsys, ["QC"], REFERENCE, "--no-double-click")
    assert "Nothing happens" in out
    assert "actions 1" not in out


def test_bad_hint_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", REFERENCE, "--hint-time", "0"]) == 2
    assert "--hint-time must be positive" in capsys.readouterr().err


def test_win_message_r23_r32() -> None:
    """R23, R32: the last card up wins; the message gives the final score."""
    near = b.state(columns=["6H", "", "", ""], sizes={"S": 13, "H": 12, "D": 13, "C": 13})
    near = cf.GameState(near.position, score=250)
    play, out = game(near)
    play.handle("6H")
    text = out.getvalue()
    assert "1>F: 6♥ to its foundation (+5)" in text
    assert "You won! Final score 255 in 1 actions." in text
    assert "WON" in text


def test_say_describes_the_table_r33() -> None:
    """R33: 'say' reads the table out in one line, in any of the five languages."""
    state = cf.deal(REFERENCE)
    play, out = game(state)
    for command in ("say", "say cs", "say xx"):
        play.handle(command)
    lines = out.getvalue().splitlines()
    assert lines[0] == cf.describe(state)
    assert lines[1] == cf.describe(state, lang="cs")
    assert lines[2].startswith("No such language: 'xx'")


def test_quit_stops_reading() -> None:
    play, out = game(cf.deal(REFERENCE))
    lines = iter(["R>2", "quit", "R>F"])
    assert play.run(lambda: next(lines)) == 0
    assert play.state.actions == 1
    assert out.getvalue().endswith("Bye.\n")


# -- hints --------------------------------------------------------------------------------


def test_hint_without_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no solver installed the game suggests a move by the simple rule."""
    without_solver(monkeypatch)
    play, out = game(cf.deal(REFERENCE))
    play.handle("hint")
    assert "Hint: R>2: Q♣ onto K♥" in out.getvalue()


def test_hint_uses_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[float] = []

    def fake_hint(state: cf.GameState, *, time_limit: float) -> cf.Move | None:
        calls.append(time_limit)
        return cf.Move.parse("2>4")

    monkeypatch.setattr(cf, "hint", fake_hint, raising=False)
    play, out = game(cf.deal(REFERENCE), hint_time=0.5)
    play.handle("h")
    assert "Hint: 2>4: K♥ onto A♠; the reserve fills column 2 with Q♣" in out.getvalue()
    assert calls == [0.5]


def test_a_draw_hint_keeps_the_stock_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stock is face down (R18): hinting a draw must not name the cards it turns."""
    monkeypatch.setattr(cf, "hint", lambda state, **_: cf.DRAW, raising=False)
    state = cf.deal(REFERENCE)
    play, out = game(state)
    play.handle("hint")
    text = out.getvalue()
    assert "Hint: draw" in text
    turned = cf.apply(state, cf.DRAW).waste
    assert not any(card.unicode in text for card in turned)


def test_hint_when_the_solver_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cf, "hint", lambda state, **_: None, raising=False)
    play, out = game(cf.deal(REFERENCE))
    play.handle("hint")
    assert "Hint: R>2: Q♣ onto K♥" in out.getvalue()


def test_hint_from_the_real_solver() -> None:
    """When the library has a solver, the hint is a legal move it chose."""
    if not hasattr(cf, "hint"):
        pytest.skip("this version of the library has no solver")
    state = b.play(cf.deal(REFERENCE), *OPENING)
    play, out = game(state, hint_time=0.3)
    play.handle("hint")
    text = out.getvalue().strip()
    assert text.startswith("Hint: ")
    notation = text.removeprefix("Hint: ").split(":")[0]
    assert cf.Move.parse(notation) in cf.legal_moves(state)


def test_hint_when_won_r23(monkeypatch: pytest.MonkeyPatch) -> None:
    without_solver(monkeypatch)
    play, out = game(b.state(sizes=b.FULL))
    play.handle("hint")
    assert "The game is won" in out.getvalue()


def test_hint_with_nothing_to_do_r24(monkeypatch: pytest.MonkeyPatch) -> None:
    """R24: no loss is declared; the game suggests undo or a new game."""
    without_solver(monkeypatch)
    stuck = b.state(columns=["9S", "9C", "9D", "9H"], reserve="2C 3C")
    play, out = game(stuck)
    play.handle("hint")
    assert "No useful move is left" in out.getvalue()


def test_simple_hint_prefers_foundations_r30() -> None:
    """A card that can score (R30) is suggested before anything else."""
    state = b.play(cf.deal(REFERENCE), "R>2")
    assert simple_hint(state) == cf.Move.reserve_to_foundation()


def test_simple_hint_does_not_undo_the_last_move_r17() -> None:
    """R17: with the reserve empty a run may go to an empty column; moving it straight
    back (a whole column onto a card, otherwise a favoured move) is not suggested."""
    state = b.play(b.state(columns=["AS KH QC", "9D", "9H", ""], stock="2C"), "1>4X2")
    assert cf.Move.parse("4>1X2") in cf.legal_moves(state)
    assert simple_hint(state) == cf.DRAW
    fresh = b.state(columns=["AS", "9D", "9H", "KH QC"], stock="2C")
    assert simple_hint(fresh) == cf.Move.parse("4>1X2")


@given(states(max_steps=200))
def test_simple_hint_is_legal(state: cf.GameState) -> None:
    """The simple hint is always a legal move, never a take-back (R22)."""
    move = simple_hint(state)
    if move is not None:
        assert move in cf.legal_moves(state)
        assert move.kind is not cf.MoveKind.FOUNDATION_TO_COLUMN
    else:
        assert cf.DRAW not in cf.legal_moves(state)
        assert cf.RECYCLE not in cf.legal_moves(state)


# -- canfield show -------------------------------------------------------------------------


def test_show_prints_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", REFERENCE, "--ascii"]) == 0
    assert capsys.readouterr().out == cf.render_text(cf.deal(REFERENCE), unicode=False) + "\n"


def test_show_after_moves_with_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "table.svg"
    status = main(["show", REFERENCE, *OPENING, "--svg", str(target), "--highlight", "R>3"])
    assert status == 0
    out = capsys.readouterr().out
    assert "Reserve 10: J♠" in out
    state = b.play(cf.deal(REFERENCE), *OPENING)
    assert target.read_text("utf-8") == cf.render_svg(
        state, width=720, highlight=cf.Move.parse("R>3")
    )
    ET.fromstring(target.read_text("utf-8"))


def test_show_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "CF1-D3-AAAAAC"]) == 2
    assert main(["show", REFERENCE, "1>3"]) == 2
    err = capsys.readouterr().err
    assert "canfield:" in err
    assert "(R12)" in err
