"""dockyard's cache between runs (diskcache.py) trusts nothing because it is there: a crafted
pickle never runs, a forged "valid" mark never makes invalid content trusted, a folder others
may write (or that is not the user's) is ignored with one warning and never written, and an
entry that is a FIFO, a link or too large is a miss, never a hang."""

from __future__ import annotations

import json
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import dockyard.language as language
import dockyard.loader as loader
import dockyard.speed.diskcache as diskcache
import pytest
from dockyard.loader import ContentError, load
from dockyard.speed.diskcache import entry_key, mark, marked, read_entry, write_entry

BOARD = "urn:dockyard:tictactoe:board"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv("DOCKYARD_CACHE", str(where))
    return where


class Trap:
    """Unpickling it writes the file it names."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


def fresh_parser() -> object:
    language._parser.cache_clear()
    try:
        return language._parser(None, (), "dockyard")
    finally:
        language._parser.cache_clear()


def snapshot(folder: Path) -> dict[str, bytes | None]:
    return {
        str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


def test_the_folder_and_key_are_private_and_entries_carry_an_hmac(cache: Path) -> None:
    write_entry("grammars", "x", b"payload")
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    assert stat.S_IMODE((cache / "grammars").stat().st_mode) == 0o700
    assert stat.S_IMODE((cache / diskcache.KEY_FILE).stat().st_mode) == 0o600
    assert read_entry("grammars", "x") == b"payload"
    kept = (cache / "grammars" / "x").read_bytes()
    assert kept.endswith(b"payload") and len(kept) == len(b"payload") + diskcache.MAC_BYTES
    (cache / "grammars" / "x").write_bytes(kept[:-1] + b"!")  # one byte changed
    assert read_entry("grammars", "x") is None
    (cache / "grammars" / "y").write_bytes(kept)  # a sound entry under another name
    assert read_entry("grammars", "y") is None


def test_a_crafted_pickle_in_the_grammar_cache_never_runs(cache: Path, tmp_path: Path) -> None:
    first = fresh_parser()
    entries = list((cache / "grammars").iterdir())
    assert len(entries) == 1
    marker = tmp_path / "pwned"
    blob = pickle.dumps(Trap(marker))
    for entry in entries:  # lark's own cache format: a hash line, then pickles
        entry.write_bytes(b"0" * 64 + b"\n" + blob + blob)
    rebuilt = fresh_parser()
    assert not marker.exists()
    line = "p1: pass"
    assert rebuilt.parse(line) == first.parse(line)  # type: ignore[attr-defined]
    # the bad entry was written again, and is read (not rebuilt) next time
    assert read_entry(language.GRAMMARS, entries[0].name) is not None


def test_a_crafted_key_file_makes_every_entry_a_miss(cache: Path, tmp_path: Path) -> None:
    fresh_parser()
    marker = tmp_path / "pwned"
    for entry in cache.rglob("*"):
        if entry.is_file():
            entry.write_bytes(pickle.dumps(Trap(marker)))
    diskcache._keys.clear()  # as a new process
    fresh_parser()
    assert not marker.exists()
    assert len((cache / diskcache.KEY_FILE).read_bytes()) == diskcache.KEY_BYTES


def layer(folder: Path, size: int, win: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "board.json").write_text(json.dumps({"$schema": BOARD, "size": size, "win": win}))
    return folder


def test_a_forged_valid_mark_does_not_make_invalid_content_trusted(
    cache: Path, tmp_path: Path
) -> None:
    ours = layer(tmp_path / "layer", 4, 30)  # win above the maximum
    text = (ours / "board.json").read_text()
    _, digest = loader.schema_documents()
    name = entry_key(digest, BOARD, text)
    marks = cache / loader.VALID_MARKS
    marks.mkdir(parents=True, mode=0o700)
    (marks / name).touch()  # the old cache's mark: an empty file
    with pytest.raises(ContentError, match="win must be at most 9, not"):
        load("tictactoe", "tictactoe", [ours])
    (marks / name).write_bytes(b"\0" * diskcache.MAC_BYTES)  # a guessed HMAC
    with pytest.raises(ContentError, match="win must be at most 9, not"):
        load("tictactoe", "tictactoe", [ours])
    assert not marked(loader.VALID_MARKS, name)


@pytest.mark.parametrize("how", ["others-write", "group-write", "not-yours"])
def test_a_folder_others_may_write_or_not_ours_is_ignored_with_one_warning(
    how: str,
    cache: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fresh_parser()
    ours = layer(tmp_path / "layer", 4, 3)
    load("tictactoe", "tictactoe", [ours])
    capsys.readouterr()
    if how == "not-yours":
        other = os.getuid() + 1
        monkeypatch.setattr(diskcache.os, "getuid", lambda: other)
    else:
        cache.chmod(0o777 if how == "others-write" else 0o770)
    diskcache._warned.clear()
    diskcache._keys.clear()
    before = snapshot(cache)
    calls: list[str] = []
    real = loader.validator
    monkeypatch.setattr(loader, "validator", lambda sid: calls.append(sid) or real(sid))
    for _ in range(2):
        fresh_parser()
        load("tictactoe", "tictactoe", [ours])
        mark("valid", "something")
        assert not marked(loader.VALID_MARKS, entry_key("x"))
    assert calls.count(BOARD) == 2  # a mark in that folder is not believed
    assert snapshot(cache) == before  # never written
    err = capsys.readouterr().err
    assert err.count("warning") == 1 and str(cache) in err, err
    assert "not yours" in err if how == "not-yours" else "written by others" in err


def test_a_kind_folder_others_may_write_is_ignored(cache: Path) -> None:
    write_entry("grammars", "x", b"payload")
    (cache / "grammars").chmod(0o777)
    assert read_entry("grammars", "x") is None
    write_entry("grammars", "y", b"payload")
    assert not (cache / "grammars" / "y").exists()
    assert read_entry("valid", "x") is None  # the other kinds are still used
    write_entry("valid", "x", b"")
    assert marked("valid", "x")


def test_a_link_as_an_entry_is_not_followed_and_is_replaced(cache: Path, tmp_path: Path) -> None:
    write_entry("grammars", "sound", b"payload")
    outside = tmp_path / "outside"
    outside.write_bytes((cache / "grammars" / "sound").read_bytes())
    (cache / "grammars" / "linked").symlink_to(outside)
    (cache / "grammars" / "sound").unlink()
    (cache / "grammars" / "sound").symlink_to(outside)
    assert read_entry("grammars", "sound") is None  # the right bytes, through a link: a miss
    write_entry("grammars", "sound", b"new")
    assert not (cache / "grammars" / "sound").is_symlink()
    assert read_entry("grammars", "sound") == b"new"
    assert outside.read_bytes().endswith(b"payload")  # the link's target is untouched


def test_an_entry_over_the_limit_is_a_miss(cache: Path) -> None:
    write_entry("grammars", "big", b"x" * 1000)
    assert read_entry("grammars", "big", limit=999) is None
    assert read_entry("grammars", "big", limit=1000) == b"x" * 1000


def test_fifos_as_entries_and_as_key_are_a_miss_not_a_hang(cache: Path) -> None:
    """In a fresh process: a FIFO opened for reading would wait for a writer forever."""
    code = (
        "from dockyard import Session\n"
        "s = Session('tictactoe', seed=1)\n"
        "s.apply_text('x: mark a1')\n"
        "print(s.format(s.legal_actions()[0]))\n"
    )
    env = {**os.environ, "DOCKYARD_CACHE": str(cache)}
    run = [sys.executable, "-c", code]
    first = subprocess.run(run, capture_output=True, text=True, env=env, timeout=60)
    entries = [p for p in cache.rglob("*") if p.is_file()]
    assert len(entries) >= 3  # the key, a grammar, marks
    for entry in entries:
        entry.unlink()
        os.mkfifo(entry)
    again = subprocess.run(run, capture_output=True, text=True, env=env, timeout=60)
    assert again.returncode == 0 and again.stdout == first.stdout, again.stderr
    assert all(p.is_file() for p in entries)  # written again as regular files
