"""dockyard's cache between runs (diskcache.py): content files found valid are not checked by
jsonschema again, lark's grammar analysis is kept; a changed file is checked again, and a cache
that is off, missing or broken changes nothing but the time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import dockyard.language as language
import dockyard.loader as loader
import pytest
from dockyard.loader import ContentError, load

BOARD = "urn:dockyard:tictactoe:board"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv("DOCKYARD_CACHE", str(where))
    return where


def layer(folder: Path, size: int, win: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "board.json").write_text(json.dumps({"$schema": BOARD, "size": size, "win": win}))
    return folder


def no_validator(schema_id: str) -> None:
    raise AssertionError(f"{schema_id} validated again")


def test_a_file_found_valid_is_not_validated_again(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = layer(tmp_path / "layer", 4, 3)
    first = load("tictactoe", "tictactoe", [ours])
    assert list((cache / loader.VALID_MARKS).iterdir())
    monkeypatch.setattr(loader, "validator", no_validator)
    again = load("tictactoe", "tictactoe", [ours])
    assert {k: d.data for k, d in again.documents.items()} == {
        k: d.data for k, d in first.documents.items()
    }


def test_a_changed_file_is_validated_again_and_its_problems_reported(
    cache: Path, tmp_path: Path
) -> None:
    ours = layer(tmp_path / "layer", 4, 3)
    load("tictactoe", "tictactoe", [ours])
    layer(ours, 4, 30)  # now broken: win above the maximum
    with pytest.raises(ContentError) as caught:
        load("tictactoe", "tictactoe", [ours])
    assert ":1:56: $.win: win must be at most 9, not 30" in str(caught.value)
    with pytest.raises(ContentError):  # and a file with problems is never marked valid
        load("tictactoe", "tictactoe", [ours])


def test_changed_schemas_check_every_file_again(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = layer(tmp_path / "layer", 4, 3)
    load("tictactoe", "tictactoe", [ours])
    schemas, digest = loader.schema_documents()
    monkeypatch.setattr(loader, "schema_documents", lambda: (schemas, "other " + digest))
    calls: list[str] = []
    real = loader.validator
    monkeypatch.setattr(loader, "validator", lambda sid: calls.append(sid) or real(sid))
    load("tictactoe", "tictactoe", [ours])
    assert BOARD in calls


@pytest.mark.parametrize("setting", ["off", "file"])
def test_no_cache_or_one_that_cannot_be_written_changes_nothing_but_the_time(
    setting: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DOCKYARD_CACHE", "off" if setting == "off" else str(blocker))
    ours = layer(tmp_path / "layer", 4, 3)
    calls: list[str] = []
    real = loader.validator
    monkeypatch.setattr(loader, "validator", lambda sid: calls.append(sid) or real(sid))
    for _ in range(2):
        assert load("tictactoe", "tictactoe", [ours]).documents
    assert calls.count(BOARD) == 2  # validated both times
    assert blocker.read_text() == "not a folder"


def test_lark_keeps_its_grammar_analysis_and_a_damaged_one_is_rebuilt(cache: Path) -> None:
    def parser_now() -> object:
        language._parser.cache_clear()
        return language._parser(None, (), "dockyard")

    first = parser_now()
    kept = list((cache / "grammars").iterdir())
    assert len(kept) == 1
    again = parser_now()
    assert again is not first
    line = "p1: pass"
    assert again.parse(line) == first.parse(line)  # type: ignore[attr-defined]
    kept[0].write_bytes(b"damaged")
    rebuilt = parser_now()
    assert rebuilt.parse(line) == first.parse(line)  # type: ignore[attr-defined]
    language._parser.cache_clear()


def test_a_warm_cache_reports_the_same_errors_and_plays_the_same(cache: Path) -> None:
    """Two fresh processes, the first making the cache and the second reading it, print the same
    error for a broken line and the same game."""
    code = (
        "from dockyard import Session\n"
        "s = Session('curious-cargo', seed=4)\n"
        "for bad in ('p1: place T01 z9 east', 'p1: plase', 'p1: trade 3'):\n"
        "    try:\n"
        "        s.apply(s.parse(bad))\n"
        "    except Exception as exc:\n"
        "        print(type(exc).__name__, exc)\n"
        "for _ in range(30):\n"
        "    s.apply(s.legal_actions()[-1])\n"
        "print([s.format(a) for a in s.log])\n"
    )
    env = {**os.environ, "DOCKYARD_CACHE": str(cache)}
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
        for _ in range(2)
    ]
    assert list((cache / "grammars").iterdir()) and list((cache / loader.VALID_MARKS).iterdir())
    assert runs[0].returncode == runs[1].returncode == 0, runs[0].stderr + runs[1].stderr
    assert runs[0].stdout == runs[1].stdout
    lines = runs[0].stdout.splitlines()
    assert sum(line.startswith(("IllegalAction", "ParseError")) for line in lines) == 3
    assert "ParseError <input>:1:5: error: unexpected 'plase'" in runs[0].stdout
