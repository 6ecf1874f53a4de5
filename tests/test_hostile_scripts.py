"""Hostile scripts and REPL lines: a line ends only at \\n or \\r\\n; control characters, bytes
that are not UTF-8 and over-long lines are refused at their line:col; a BOM is fine. Fuzzed
text never lets anything but a DockyardError escape, and a refused line changes nothing."""

from __future__ import annotations

import io
import time

import pytest
from dockyard import DockyardError, Session
from dockyard.cli.repl import MAX_LINE, Output, Shell
from dockyard.testing import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.timeout(120)


def write(tmp_path, name: str, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\u0085", "\x0b", "\x0c", "\x1c", "\r"])
def test_a_unicode_line_break_does_not_start_a_hidden_statement(dockyard, tmp_path, sep) -> None:
    text = f"game tictactoe\nx: mark a1\n# note{sep}o: mark c3\nexpect cell.c3 == none\n"
    path = write(tmp_path, "sep.dys", text.encode())
    code, out, err = dockyard("run", path)
    assert code == 1, out
    assert f"sep.dys:3:7: error: a control character (U+{ord(sep):04X}) in the line" in err
    assert "o marks c3" not in out


def test_crlf_line_ends_are_fine_and_line_numbers_hold(dockyard, tmp_path) -> None:
    path = write(
        tmp_path, "crlf.dys", b"game tictactoe\r\nx: mark a1\r\n\r\nexpect cell.a1 == o\r\n"
    )
    code, _, err = dockyard("run", path)
    assert code == 1 and "crlf.dys:4:1: error: expect failed" in err


def test_a_bom_at_the_start_is_accepted(dockyard, tmp_path) -> None:
    path = write(
        tmp_path, "bom.dys", b"\xef\xbb\xbfgame tictactoe\nx: mark a1\nexpect cell.a1 == x\n"
    )
    code, out, err = dockyard("run", path)
    assert code == 0, err


def test_bytes_that_are_not_utf8_are_an_error_with_the_line(dockyard, tmp_path) -> None:
    path = write(tmp_path, "bin.dys", b"game tictactoe\nx: mark a1\no: mark \xff\n")
    code, _, err = dockyard("run", path)
    assert code == 1 and "bin.dys:3:9: not UTF-8 text" in err


def test_a_control_character_is_located(dockyard, tmp_path) -> None:
    path = write(tmp_path, "nul.dys", b"game tictactoe\nx: mark\x00 a1\n")
    code, _, err = dockyard("run", path)
    assert code == 1 and "nul.dys:2:8: error: a control character (U+0000)" in err


def test_a_tab_is_fine(dockyard, tmp_path) -> None:
    path = write(tmp_path, "tab.dys", b"game tictactoe\nx:\tmark a1\nexpect\tcell.a1 == x\n")
    assert dockyard("run", path)[0] == 0


def test_a_one_megabyte_line_is_refused_fast_with_a_short_message(dockyard) -> None:
    start = time.perf_counter()
    code, out, err = dockyard("play", "tictactoe", stdin="x: mark " + "a" * 1_000_000 + "\nshow\n")
    assert time.perf_counter() - start < 3
    assert code == 1
    assert f"the line is 1,000,008 characters long; the limit is {MAX_LINE:,}" in err
    assert len(err) < 500
    assert "1 . . ." in out  # the board is shown after it: the REPL went on


def test_piped_bytes_that_are_not_utf8_are_refused_and_play_goes_on() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "dockyard", "play", "tictactoe"],
        input=b"x: mark \xff\xfe\nx: mark a1\n",
        capture_output=True,
        timeout=30,
    )
    assert done.returncode == 1
    assert b"<stdin>:1:9: error: a character that is not UTF-8" in done.stderr
    assert b"x marks a1" in done.stdout and b"Traceback" not in done.stderr


# ---- fuzzing ----------------------------------------------------------------------------------

SESSIONS = {
    "tictactoe": Session("tictactoe", seed=1),
    "curious-cargo": Session("curious-cargo", seed=7),
    "pack-and-stack": Session("pack-and-stack", seed=3),
}
ALPHABET = st.characters(codec=None, exclude_categories=("Cs",))  # any Unicode at all
WORDS = st.sampled_from(
    [
        "mark",
        "a1",
        "place",
        "t12",
        "c4",
        "east",
        "save",
        "load",
        "undo",
        "expect",
        "claim",
        "put",
        "at",
        "level",
        "x:",
        "p1:",
        "#",
        "legal",
        "show",
        "redo",
        "--force",
        "\u2028",
        "\x00",
    ]
)


def lines():
    words = st.lists(st.one_of(WORDS, st.text(ALPHABET, max_size=8)), max_size=8)
    return st.one_of(st.text(ALPHABET, max_size=80), words.map(" ".join))


@pytest.mark.parametrize("game", sorted(SESSIONS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=lines())
def test_fuzzed_lines_raise_only_dockyard_errors_and_refused_ones_change_nothing(
    game, line, tmp_path_factory
) -> None:
    shell = Shell(SESSIONS[game], Output(io.StringIO(), io.StringIO()))
    shell.write_root = tmp_path_factory.getbasetemp()
    if line.lstrip().startswith(("save", "load", "quit", "undo", "redo")):
        line = "# " + line  # these change the session on purpose
    before = snapshot(shell.session, renders=False)
    try:
        shell.run_line(line)
    except DockyardError:
        assert snapshot(shell.session, renders=False) == before
        return
    if shell.session.log != before["log"]:  # an action that happened to be legal
        shell.session.undo(len(shell.session.log) - len(before["log"]), force=True)


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300))
def test_fuzzed_script_bytes_end_in_a_clean_exit(tmp_path_factory, data) -> None:
    from dockyard import cli

    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "f.dys"
    path.write_bytes(b"game tictactoe\n" + data)
    out, err = io.StringIO(), io.StringIO()
    import contextlib

    with contextlib.chdir(folder), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["run", str(path)])
    assert code in (0, 1), err.getvalue()
    assert "internal error" not in err.getvalue()
