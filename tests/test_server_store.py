"""The server's stores (dockyard.server.store): the same behaviour from SQLite and PostgreSQL
(each test runs on both; PostgreSQL's cluster comes from test_server_postgres.py), and SQLite's
durability: a change committed by a process killed at once (SIGKILL) is there on reopening."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from dockyard.game import DockyardError
from dockyard.server.databases import open_store
from dockyard.server.store import SqliteStore, hash_token
from test_server_postgres import new_game, pg, pg_url  # noqa: F401 (fixtures, used by name)


class Opened:
    """A store under test and how to open the same games again (a restarted server)."""

    def __init__(self, opener: Callable[[], Any]) -> None:
        self.opener = opener
        self.stores = [opener()]

    @property
    def store(self) -> Any:
        return self.stores[-1]

    def reopen(self) -> Any:
        self.store.close()
        self.stores.append(self.opener())
        return self.store


@pytest.fixture(params=["sqlite", "postgres"])
def opened(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opened]:
    if request.param == "sqlite":
        opened = Opened(lambda: SqliteStore(tmp_path / "games.sqlite"))
    else:
        url = request.getfixturevalue("pg_url")
        request.getfixturevalue("pg")  # the tables emptied
        opened = Opened(lambda: open_store(url))
    yield opened
    opened.store.close()


def test_a_created_game_loads_as_it_was_stored(opened: Opened) -> None:
    store = opened.store
    game = new_game(
        "g1",
        game="curious-cargo",
        players=("ann", "bob", "cy"),
        variants=("night-shift",),
        seed=2**40 + 3,
        bots={"cy": "greedy"},
        token_hashes={"ann": hash_token("t-ann"), "bob": hash_token("t-bob")},
        created=1234.5,
    )
    store.create(game)
    for loaded in (store.load("g1"), opened.reopen().load("g1")):
        assert loaded is not None
        assert (loaded.id, loaded.game, loaded.players, loaded.variants) == (
            "g1",
            "curious-cargo",
            ("ann", "bob", "cy"),
            ("night-shift",),
        )
        assert (loaded.seed, loaded.bots, loaded.created) == (2**40 + 3, {"cy": "greedy"}, 1234.5)
        assert loaded.token_hashes == {"ann": hash_token("t-ann"), "bob": hash_token("t-bob")}
        assert (loaded.version, loaded.lines) == (0, [])
    assert hash_token("t-ann") != "t-ann" and len(hash_token("t-ann")) == 64


def test_an_unknown_game(opened: Opened) -> None:
    store = opened.store
    assert store.load("nope") is None and store.version("nope") is None
    with pytest.raises(DockyardError, match="no game 'nope'"):
        with store.change("nope"):
            pass
    assert store.ids() == []


def test_ids_in_the_order_created(opened: Opened) -> None:
    for n, gid in enumerate(["c", "a", "b"]):
        opened.store.create(new_game(gid, created=100.0 + n))
    assert opened.store.ids() == ["c", "a", "b"]
    assert opened.reopen().ids() == ["c", "a", "b"]


def test_changes_append_truncate_and_bump_the_version(opened: Opened) -> None:
    store = opened.store
    store.create(new_game("g1"))
    store.create(new_game("g2"))
    with store.change("g1") as change:
        assert (change.version, change.lines) == (0, [])
        change.append(["x: mark b2", "o: mark a1"])
        change.append(['x: say "é ✓ 🚢"'])
    assert store.version("g1") == 1
    with store.change("g1") as change:
        assert (change.version, change.lines) == (
            1,
            ["x: mark b2", "o: mark a1", 'x: say "é ✓ 🚢"'],
        )
        change.truncate(2)
        change.truncate(1)  # the smaller cut wins
        change.append(["o: mark c1"])
    with store.change("g1") as change:  # nothing changed: no new version
        assert change.version == 2
    with store.change("g1") as change:
        change.truncate(5)  # past the end: nothing to cut
    assert (store.version("g1"), store.load("g1").lines) == (2, ["x: mark b2", "o: mark c1"])
    with store.change("g1") as change:
        change.truncate(0)
    assert (store.version("g1"), store.load("g1").lines) == (3, [])
    assert (store.version("g2"), store.load("g2").lines) == (0, [])  # the other game untouched
    reopened = opened.reopen()
    assert (reopened.version("g1"), reopened.load("g1").lines) == (3, [])


def test_a_change_that_raises_is_rolled_back_whole(opened: Opened) -> None:
    store = opened.store
    store.create(new_game("g1"))
    with store.change("g1") as change:
        change.append(["x: mark b2"])
    with pytest.raises(RuntimeError, match="boom"):
        with store.change("g1") as change:
            change.truncate(0)
            change.append(["o: mark a1", "x: mark a2"])
            raise RuntimeError("boom")
    with pytest.raises(DockyardError, match="truncate before append"):
        with store.change("g1") as change:
            change.append(["o: mark a1"])
            change.truncate(0)
    assert (store.version("g1"), store.load("g1").lines) == (1, ["x: mark b2"])
    with store.change("g1") as change:  # the store goes on after a rollback
        change.append(["o: mark a1"])
    assert opened.reopen().load("g1").lines == ["x: mark b2", "o: mark a1"]


def test_threads_changing_games_of_one_store(opened: Opened) -> None:
    """Four threads, two games, one store: every change of a game saw the one before it."""
    store = opened.store
    for gid in ("g1", "g2"):
        store.create(new_game(gid))
    errors: list[BaseException] = []

    def work(gid: str, tag: str) -> None:
        try:
            for _ in range(15):
                with store.change(gid) as change:
                    change.append([f"{tag} {len(change.lines)} {change.version}"])
                store.load(gid)
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [
        threading.Thread(target=work, args=(gid, f"{gid}-{i}"))
        for gid in ("g1", "g2")
        for i in (0, 1)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors
    for gid in ("g1", "g2"):
        stored = store.load(gid)
        assert stored.version == 30
        assert [tuple(line.split()[1:]) for line in stored.lines] == [
            (str(n), str(n)) for n in range(30)
        ]
        assert {line.split()[0] for line in stored.lines} == {f"{gid}-0", f"{gid}-1"}


def test_the_store_a_url_names(tmp_path: Path) -> None:
    for url in (
        tmp_path / "a.sqlite",
        str(tmp_path / "b.sqlite"),
        f"sqlite:///{tmp_path}/c.sqlite",
    ):
        store = open_store(url)
        assert isinstance(store, SqliteStore) and not store.shared
        store.close()
    assert sorted(p.name for p in tmp_path.glob("*.sqlite")) == ["a.sqlite", "b.sqlite", "c.sqlite"]
    with pytest.raises(DockyardError, match="a file path .SQLite. or a postgresql://"):
        open_store("mysql://db/games")
    (tmp_path / "folder.sqlite").mkdir()
    with pytest.raises(DockyardError, match="folder.sqlite: cannot open the games database"):
        open_store(tmp_path / "folder.sqlite")


KILLED = """
import os, sys, time
from dockyard.server.store import NewGame, SqliteStore
store = SqliteStore(sys.argv[1])
store.create(NewGame("g1", "tic-tac-toe", ("x", "o"), (), 7, {}, {"x": "hx", "o": "ho"}))
with store.change("g1") as change:
    change.append(["x: mark b2"])
print("committed", flush=True)
time.sleep(60)
"""


def test_a_committed_change_outlives_sigkill(tmp_path: Path) -> None:
    """What a change committed is on disk when the process dies at once (kill -9)."""
    path = tmp_path / "games.sqlite"
    process = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(KILLED), str(path)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "committed\n"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(30)
    assert process.returncode == -signal.SIGKILL
    store = SqliteStore(path)
    try:
        stored = store.load("g1")
        assert stored is not None and (stored.version, stored.lines) == (1, ["x: mark b2"])
    finally:
        store.close()
