"""Tables of `dockyard serve`: a game that two requests ask for at once, when it is not yet in
memory (the first requests after a restart), is loaded as one table that both use; two
tables of one game would leave the later loaded one without the moves played on the other."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from dockyard.server.store import SqliteStore  # noqa: E402
from dockyard.server.tables import Tables  # noqa: E402


def test_a_game_asked_for_twice_at_once_is_one_table(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "games.sqlite")
    gid, tokens = Tables(store).create({"game": "tictactoe", "players": 2, "seed": 1})
    tables = Tables(store)  # a restarted server: nothing in memory yet
    both = threading.Barrier(2, timeout=10)
    load = store.load

    def slow_load(game_id: str) -> Any:  # both requests read the store before either is done
        stored = load(game_id)
        both.wait()
        return stored

    store.load = slow_load  # type: ignore[method-assign]
    with ThreadPoolExecutor(2) as pool:
        first, second = pool.map(tables.get, [gid, gid])
    store.load = load  # type: ignore[method-assign]
    assert first is second
    tables.act(gid, tokens["x"], "mark b2")
    assert tables.get(gid).snapshot(None)["log"] == ["x: mark b2"]
    assert tables.get(gid).version == 1
    store.close()


def test_what_is_shown_is_what_is_committed(tmp_path: Path) -> None:
    """A move is applied to the table's session before its commit returns: a GET (or a picture,
    or a socket's message) made meanwhile waits for it, and shows the version with its lines,
    never a move that may yet fail to be saved, under the version before it."""
    from contextlib import contextmanager

    store = SqliteStore(tmp_path / "games.sqlite")
    tables = Tables(store)
    gid, tokens = tables.create({"game": "tictactoe", "players": 2, "seed": 1})
    table = tables.get(gid)
    committing, go_on = threading.Event(), threading.Event()
    change = store.change

    @contextmanager
    def slow_change(game_id: str) -> Any:  # the commit (a slow disk) waits for the test
        with change(game_id) as pending:
            yield pending
            committing.set()
            assert go_on.wait(10)

    store.change = slow_change  # type: ignore[method-assign]
    with ThreadPoolExecutor(3) as pool:
        acted = pool.submit(tables.act, gid, tokens["x"], "mark b2")
        assert committing.wait(10)
        shown = pool.submit(table.snapshot, None)
        told = pool.submit(table.message, 0, "o")
        time.sleep(0.3)  # (time enough for a read that does not wait to be done)
        assert not shown.done() and not told.done(), "read while the move was being saved"
        go_on.set()
        acted.result(10)
        for body in (shown.result(10), told.result(10)):
            assert (body["version"], body["log"]) == (1, ["x: mark b2"])
        assert told.result()["events"] == ["x: mark b2", "x marks b2", "o to play"]
    store.change = change  # type: ignore[method-assign]
    store.close()


def test_a_socket_far_behind_is_told_by_the_log(tmp_path: Path, monkeypatch: Any) -> None:
    """A table keeps its latest RECENT moves for its sockets' messages: a message tells the
    events of every move since the version asked for, or none when some of them are no longer
    kept (the page then shows the log's new lines), never some of them."""
    from dockyard.server import tables as module

    monkeypatch.setattr(module, "RECENT", 2)
    store = SqliteStore(tmp_path / "games.sqlite")
    tables = Tables(store)
    gid, tokens = tables.create({"game": "tictactoe", "players": 2, "seed": 1})
    table = tables.get(gid)
    for seat, cell in [("x", "a1"), ("o", "b2"), ("x", "c3"), ("o", "a3")]:
        tables.act(gid, tokens[seat], f"mark {cell}")
    assert table.version == 4
    o_a3 = ["o: mark a3", "o marks a3", "round 3: play phase", "x to play"]
    assert table.message(3, "x")["events"] == o_a3
    assert table.message(2, "x")["events"] == ["x: mark c3", "x marks c3", "o to play", *o_a3]
    assert table.message(1, "x")["events"] == []  # o's b2 is no longer kept: none, not some
    assert table.message(None, "x")["events"] == []
    assert table.message(1, "x")["log"] == ["x: mark a1", "o: mark b2", "x: mark c3", "o: mark a3"]
    store.close()
