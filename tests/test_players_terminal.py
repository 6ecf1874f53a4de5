"""`dockyard play` as a person meets it: in a real pseudo-terminal (pexpect), for every game and
variant; colours only on a TTY and never with NO_COLOR; history kept across sessions; Tab
completion; and, piped, the same commands as plain text."""

from __future__ import annotations

import os
import re
import sys
import time

import pytest
from conftest import game_and_variants
from dockyard import Session

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.timeout(120)

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\r")
SGR_COLOR = re.compile(r"\x1b\[[0-9;]*3[0-7](;[0-9]+)*m|\x1b\[[0-9;]*38;[0-9;]+m")


def spawn(args: list[str], tmp_path, **env: str):
    environ = {
        **os.environ,
        "TERM": "xterm-256color",
        "DOCKYARD_HISTORY": str(tmp_path / "history"),
        "COLUMNS": "200",
        "LINES": "50",
        **env,
    }
    environ.pop("NO_COLOR", None) if "NO_COLOR" not in env else None
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dockyard", "play", *args],
        env=environ,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
    )
    return child


def prompt_of(game: str) -> str:
    return rf"{re.escape(game)}[^\n>]*>"  # the space after '>' is drawn by moving the cursor


def screen(child) -> str:
    return ANSI.sub("", child.before or "")


@pytest.mark.parametrize(("game", "variants"), game_and_variants(), ids=lambda t: str(t))
def test_play_in_a_real_terminal(tmp_path, game, variants) -> None:
    args = [game, "--seed", "3", *[f"--variant={v}" for v in variants]]
    first = Session(game, seed=3, variants=variants).legal_actions()[0]
    line = Session(game, seed=3, variants=variants).format(first)
    child = spawn(args, tmp_path)
    seen = ""
    child.expect(prompt_of(game))
    seen += child.before
    for typed in ("legal", "show", line, "undo", "log"):
        child.sendline(typed)
        child.expect(prompt_of(game))
        seen += child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    seen += child.before
    child.close()
    text = ANSI.sub("", seen)
    assert child.exitstatus == 0, text[-2000:]
    assert "internal error" not in text and "Traceback" not in text
    assert line in text  # `legal` listed it, and it was played
    assert "`help` lists the commands" in text


def test_colours_on_a_terminal_and_none_with_no_color(tmp_path) -> None:
    outputs = {}
    for name, env in (("color", {}), ("plain", {"NO_COLOR": "1"})):
        child = spawn(["tictactoe"], tmp_path, **env)
        child.expect(prompt_of("tictactoe"))
        child.sendline("mark b2")
        child.expect("o to play")
        outputs[name] = child.before + child.after
        child.sendline("quit")
        child.expect(pexpect.EOF)
    assert "x marks b2" in ANSI.sub("", outputs["color"])
    assert SGR_COLOR.search(outputs["color"]), "events are coloured on a terminal"
    assert not SGR_COLOR.search(outputs["plain"]), "NO_COLOR: no colour at all"


def test_history_is_kept_across_sessions_in_the_data_folder(tmp_path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    child = spawn(["tictactoe"], tmp_path, **env)
    child.expect(prompt_of("tictactoe"))
    child.sendline("legal x")
    child.expect(prompt_of("tictactoe"))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    # the default place, when DOCKYARD_HISTORY is not set
    environ = {k: v for k, v in os.environ.items() if k != "DOCKYARD_HISTORY"}
    environ.update(env, TERM="xterm-256color")
    child = pexpect.spawn(
        sys.executable, ["-m", "dockyard", "play", "tictactoe"], env=environ, encoding="utf-8"
    )
    child.expect(prompt_of("tictactoe"))
    child.sendline("mark a1")
    child.expect(prompt_of("tictactoe"))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    history = (tmp_path / "data" / "dockyard" / "history").read_text()
    assert "mark a1" in history
    # and the next session can recall it with the up arrow
    child = pexpect.spawn(
        sys.executable, ["-m", "dockyard", "play", "tictactoe"], env=environ, encoding="utf-8"
    )
    child.expect(prompt_of("tictactoe"))
    child.send("\x1b[A")  # up: the last line typed, "quit"; again: "mark a1"
    child.send("\x1b[A")
    child.send("\r")
    child.expect("x marks a1")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_tab_completes_commands_and_legal_actions(tmp_path) -> None:
    child = spawn(["tictactoe"], tmp_path)
    child.expect(prompt_of("tictactoe"))
    for keys in ("mark b", "\t", "\t", "\r"):  # Tab: the menu b1 b2 b3; Tab: take b1
        child.send(keys)
        time.sleep(0.3)
    child.expect("x marks b1")
    child.expect(prompt_of("tictactoe"))
    for keys in ("resu", "\t", "\r"):  # one way to go on: Tab writes it
        child.send(keys)
        time.sleep(0.3)
    child.expect("not over after 1 action")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_bot_answers_in_the_terminal(tmp_path) -> None:
    child = spawn(["tictactoe", "--bot", "o", "--seed", "2"], tmp_path)
    child.expect(prompt_of("tictactoe"))
    child.sendline("mark b2")
    child.expect(r"o: mark [a-c][1-3]")
    child.expect(prompt_of("tictactoe"))
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_seated_prompt_says_whose_turn_it_is(tmp_path) -> None:
    child = spawn(["curious-cargo", "--seed", "7", "--as", "p1", "--bot", "p2"], tmp_path)
    child.expect(r"curious-cargo p1>")
    child.sendline("show p2 hand")
    child.expect("refused: what only p2 may see is hidden from you")
    child.expect(r"curious-cargo p1>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
