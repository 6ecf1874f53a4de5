"""Hostile content folders: every one ends in one clear, located error, never a hang or a crash.

Each case is tried through `dockyard validate`, through `--content` of a session, and (where it
applies) through a script's `content` header: the same reader serves them all (files.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from dockyard import DockyardError, Session
from dockyard import files as files_mod
from dockyard.loader import ContentError

pytestmark = pytest.mark.timeout(60)

BOARD = '{"$schema": "urn:dockyard:tictactoe:board", "size": 4, "win": 3}'


def folder_with(tmp_path: Path, name: str, make) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    make(folder / "board.json")
    return folder


def fifo(path: Path) -> None:
    os.mkfifo(path)


def link_to_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def deep(path: Path) -> None:
    path.write_text("[" * 100_000 + "]" * 100_000)


def huge_number(path: Path) -> None:
    path.write_text('{"n": ' + "9" * 5000 + "}")


def too_big(path: Path) -> None:
    path.write_text('{"pad": "' + "x" * (files_mod.MAX_CONTENT_BYTES + 10) + '"}')


def duplicate_key(path: Path) -> None:
    path.write_text('{"$schema": "urn:dockyard:tictactoe:board", "size": 4, "size": 5}')


def nested_duplicate(path: Path) -> None:
    path.write_text('{"a": [1, {"b": 1, "c": {"d": 1, "d": 2}}]}')


def not_utf8(path: Path) -> None:
    path.write_bytes(b'{"size":\n \xff}')


CASES = {
    "a FIFO": (fifo, r"board.json: \$: is not a regular file \(a FIFO\)"),
    "a link to /dev/zero": (link_to_zero, r"board.json: \$: a link out of the content folder"),
    "100,000-deep nesting": (deep, r"board.json:1:65: nested deeper than 64 levels"),
    "a 5,000-digit number": (huge_number, r"board.json:1:7: a number longer than 100 characters"),
    "a file over the size limit": (too_big, r"board.json: \$: is larger than the limit"),
    "a duplicate key": (duplicate_key, r"board.json:1:56: \$: duplicate key 'size'"),
    "a duplicate key deep inside": (
        nested_duplicate,
        r"board.json:1:34: \$.a\[1\].c: duplicate key 'd'",
    ),
    "bytes that are not UTF-8": (not_utf8, r"board.json:2:2: not UTF-8 text"),
}


@pytest.mark.parametrize(("make", "message"), CASES.values(), ids=CASES.keys())
def test_validate_refuses_a_hostile_folder_with_one_located_message(
    dockyard, tmp_path, make, message
) -> None:
    folder = folder_with(tmp_path, "layer", make)
    code, out, err = dockyard("validate", str(folder))
    assert code == 1
    assert "Traceback" not in out + err and "internal error" not in out + err
    assert any(__import__("re").search(message, line) for line in out.splitlines()), out


@pytest.mark.parametrize(("make", "message"), CASES.values(), ids=CASES.keys())
def test_a_session_refuses_the_same_folder_as_content(tmp_path, make, message) -> None:
    if make in (nested_duplicate,):
        pytest.skip("not a board: validate alone reads files of any shape")
    folder = folder_with(tmp_path, "layer", make)
    with pytest.raises(ContentError, match=message):
        Session("tictactoe", content=[folder])


def test_validate_of_a_fifo_named_directly_does_not_hang(dockyard, tmp_path) -> None:
    os.mkfifo(tmp_path / "setup.json")
    code, out, _ = dockyard("validate", str(tmp_path / "setup.json"))
    assert code == 1 and "is not a regular file (a FIFO)" in out


def test_a_link_inside_the_folder_is_read_and_one_out_of_it_is_not(tmp_path) -> None:
    inner = tmp_path / "layer"
    inner.mkdir()
    (inner / "board.txt").write_text(BOARD)
    (inner / "board.json").symlink_to(inner / "board.txt")
    assert Session("tictactoe", content=[inner]).state.board.size == 4
    outside = tmp_path / "outside.json"
    outside.write_text(BOARD)
    (inner / "board.json").unlink()
    (inner / "board.json").symlink_to(outside)
    with pytest.raises(ContentError, match="a link out of the content folder"):
        Session("tictactoe", content=[inner])


def test_the_filesystem_root_is_refused_at_once(dockyard) -> None:
    with pytest.raises(DockyardError, match="the filesystem root is not a content folder"):
        Session("tictactoe", content=["/"])
    code, _, err = dockyard("play", "curious-cargo", "--content", "/", stdin="")
    assert code == 1 and "the filesystem root is not a content folder" in err


def test_a_folder_with_too_many_entries_is_refused(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(files_mod, "MAX_WALK_ENTRIES", 50)
    for i in range(60):
        (tmp_path / f"f{i}.txt").write_text("")
    with pytest.raises(ContentError, match="more than 50 files and folders"):
        Session("tictactoe", content=[tmp_path])


def test_a_missing_folder_and_a_file_are_not_content_folders(tmp_path) -> None:
    with pytest.raises(ContentError, match="no such content folder"):
        Session("tictactoe", content=[tmp_path / "missing"])
    (tmp_path / "file.json").write_text(BOARD)
    with pytest.raises(ContentError, match="not a content folder"):
        Session("tictactoe", content=[tmp_path / "file.json"])


def test_a_scripts_content_header_goes_through_the_same_checks(dockyard, tmp_path) -> None:
    folder = folder_with(tmp_path, "layer", duplicate_key)
    script = tmp_path / "s.dys"
    script.write_text("game tictactoe\ncontent layer\nx: mark a1\n")
    code, out, err = dockyard("run", str(script))
    assert code == 1 and "duplicate key 'size'" in err, (out, err)
    assert str(folder) in err


def test_validate_on_a_fifo_in_a_real_process_ends(tmp_path) -> None:
    """The way a user meets it: a separate process that would hang forever before."""
    (tmp_path / "fifo").mkdir()
    os.mkfifo(tmp_path / "fifo" / "setup.json")
    done = subprocess.run(
        [sys.executable, "-m", "dockyard", "validate", str(tmp_path / "fifo")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 1 and "a FIFO" in done.stdout + done.stderr
