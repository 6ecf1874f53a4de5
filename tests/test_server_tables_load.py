"""Tables of `dockyard serve`: a game that two requests ask for at once, when it is not yet in
memory (the first requests after a restart), is loaded as one table that both use; two
tables of one game would leave the later loaded one without the moves played on the other."""

from __future__ import annotations

import threading
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
