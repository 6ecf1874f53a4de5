"""`DOCKYARD_HISTORY` naming something that cannot be the history file (a folder, a FIFO, a
read-only or huge file): the REPL in a real terminal warns once and keeps the history in memory;
never "Unhandled exception in event loop", never a hang."""

from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path

import dockyard.cli.terminal as terminal
import pytest

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.timeout(120)

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\r")
PROMPT = r"tictactoe[^\n>]*>"


def play_in_a_terminal(history: Path) -> str:
    """x marks b2, o marks a1, show, quit, in a pseudo-terminal; the screen's text."""
    environ = {**os.environ, "TERM": "xterm-256color", "DOCKYARD_HISTORY": str(history)}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dockyard", "play", "tictactoe"],
        env=environ,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
    )
    seen = ""
    child.expect(PROMPT)
    seen += child.before
    for line in ("x: mark b2", "o: mark a1", "show"):
        child.sendline(line)
        child.expect(PROMPT)
        seen += child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    seen += child.before
    child.close()
    assert child.exitstatus == 0, seen[-2000:]
    return ANSI.sub("", seen)


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_history_that_cannot_be_a_file_warns_once_and_play_goes_on(
    tmp_path: Path, kind: str
) -> None:
    history = tmp_path / "history"
    if kind == "folder":
        history.mkdir()
    else:
        os.mkfifo(history)
    screen = play_in_a_terminal(history)
    assert "Unhandled exception" not in screen and "Traceback" not in screen
    why = "is a folder" if kind == "folder" else "is not a regular file"
    warning = f"dockyard: warning: history file {history} {why}: history is kept for this session"
    assert screen.count(warning) == 1, screen
    assert "x marks b2" in screen and "o marks a1" in screen
    assert "2 . x ." in screen  # `show` after both marks


def test_a_sound_history_file_is_used_without_a_word(tmp_path: Path) -> None:
    history = tmp_path / "history"
    screen = play_in_a_terminal(history)
    assert "warning" not in screen
    assert "+x: mark b2" in history.read_text()
    assert stat.S_IMODE(history.stat().st_mode) == 0o600


@pytest.mark.parametrize("kind", ["folder", "fifo", "huge", "read-only", "no-folder"])
def test_what_cannot_be_the_history_file_says_why(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "history"
    if kind == "folder":
        path.mkdir()
        why = "is a folder"
    elif kind == "fifo":
        os.mkfifo(path)
        why = "is not a regular file"
    elif kind == "huge":
        with open(path, "wb") as handle:
            handle.truncate(terminal.MAX_HISTORY_BYTES + 1)
        why = "is larger than 16 MiB"
    elif kind == "read-only":
        if os.geteuid() == 0:
            pytest.skip("root may write a read-only file")
        path.write_text("")
        path.chmod(0o400)
        why = "cannot be written (Permission denied)"
    else:
        (tmp_path / "a-file").write_text("")
        path = tmp_path / "a-file" / "history"
        why = f"cannot be made ({tmp_path / 'a-file'} is not a folder)"
    assert terminal._unusable(path) == why


def test_a_history_file_that_goes_bad_while_playing_warns_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "history"
    monkeypatch.setenv("DOCKYARD_HISTORY", str(path))
    warnings: list[str] = []
    history = terminal._history(warnings.append)
    history.append_string("x: mark a1")
    assert "+x: mark a1" in path.read_text() and warnings == []
    path.unlink()
    path.mkdir()  # now a folder
    history.append_string("o: mark b1")
    history.append_string("x: mark c1")
    assert len(warnings) == 1 and str(path) in warnings[0]
    assert list(history.get_strings()) == ["x: mark a1", "o: mark b1", "x: mark c1"]
