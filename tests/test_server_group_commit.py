"""SQLite's group commit (dockyard.server.store.SqliteStore): a change returns only once it is
committed, changes made while a commit syncs share the next one, a change that fails is undone
alone, and a commit that fails loses every change it held, each of which raises."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from dockyard.server.store import NewGame, SqliteStore


def game(gid: str) -> NewGame:
    return NewGame(gid, "tictactoe", ("x", "o"), (), 1, {}, {"x": "h"})


class Connection:
    """The store's connection, its COMMITs counted, slowed (a slow disk) or made to fail."""

    def __init__(self, db: sqlite3.Connection, slow: float = 0.0) -> None:
        self.db, self.slow = db, slow
        self.commits = 0
        self.fail = False  # COMMIT fails
        self.full = False  # writing an action fails, and SQLite undoes the whole transaction

    def execute(self, sql: str, *args: Any) -> Any:
        if sql == "COMMIT":
            self.commits += 1
            time.sleep(self.slow)
            if self.fail:
                raise sqlite3.OperationalError("disk I/O error (as the test made it)")
        return self.db.execute(sql, *args)

    def executemany(self, sql: str, rows: Any) -> Any:
        if self.full and sql.startswith("INSERT INTO actions"):
            self.db.execute("ROLLBACK")
            raise sqlite3.OperationalError("database or disk is full (as the test made it)")
        return self.db.executemany(sql, rows)

    @property
    def total_changes(self) -> int:
        return self.db.total_changes

    @property
    def in_transaction(self) -> bool:
        return self.db.in_transaction

    def close(self) -> None:
        self.db.close()


def stored_versions(path: Path) -> dict[str, int]:
    """What another connection (another process, a restart) finds committed."""
    with sqlite3.connect(path) as other:
        return dict(other.execute("SELECT id, version FROM games"))


def test_changes_made_during_a_commit_share_the_next_and_each_is_committed_on_return(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.sqlite"
    store = SqliteStore(path)
    connection = store._db = Connection(store._db, slow=0.01)  # type: ignore[assignment]
    threads, each = 8, 10
    for t in range(threads):
        store.create(game(f"g{t}"))
    before = connection.commits
    seen: list[tuple[int, int]] = []

    def play(t: int) -> None:
        for i in range(each):
            with store.change(f"g{t}") as change:
                change.append([f"x: mark {i}"])
            seen.append((stored_versions(path)[f"g{t}"], i + 1))  # committed when it returns

    workers = [threading.Thread(target=play, args=(t,)) for t in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert all(found >= wanted for found, wanted in seen)
    assert stored_versions(path) == {f"g{t}": each for t in range(threads)}
    assert connection.commits - before < threads * each  # some commits held several changes
    store.close()


def test_a_change_that_fails_is_undone_alone(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite"
    store = SqliteStore(path)
    store.create(game("a"))
    store.create(game("b"))
    with pytest.raises(ValueError), store.change("a") as change:
        change.append(["x: mark a1"])
        raise ValueError("refused")
    with store.change("b") as change:
        change.append(["x: mark b2"])
    assert stored_versions(path) == {"a": 0, "b": 1}
    assert store.load("b").lines == ["x: mark b2"]  # type: ignore[union-attr]
    store.close()


@pytest.mark.parametrize("failing", ["commit", "b's write"])
def test_a_lost_transaction_loses_its_changes_and_each_raises(tmp_path: Path, failing: str) -> None:
    """a's change waits for its commit when b's change joins it; then the commit fails, or
    b's write fails and SQLite undoes the whole transaction: both raise, neither is stored."""
    path = tmp_path / "g.sqlite"
    store = SqliteStore(path)
    store.create(game("a"))
    store.create(game("b"))
    connection = store._db = Connection(store._db)  # type: ignore[assignment]
    lock, b_changed = store._lock, threading.Event()

    class Gate:
        """The store's lock; `a` waits, between its change and its commit, for `b`'s change
        to join the same transaction."""

        def __enter__(self) -> None:
            if threading.current_thread().name == "a" and store._dirty:
                b_changed.wait(10)
            lock.acquire()

        def __exit__(self, *exc: object) -> None:
            lock.release()

    store._lock = Gate()  # type: ignore[assignment]
    errors: dict[str, BaseException] = {}

    def play(gid: str) -> None:
        try:
            with store.change(gid) as change:
                change.append([f"x: mark {gid}"])
                if gid == "b":
                    b_changed.set()
                    connection.fail = failing == "commit"
                    connection.full = failing == "b's write"
        except BaseException as exc:
            errors[gid] = exc

    a = threading.Thread(target=play, args=("a",), name="a")
    a.start()
    while not store._dirty:  # a's change is in, not yet committed
        time.sleep(0.001)
    play("b")
    a.join(10)
    assert set(errors) == {"a", "b"}
    assert all(isinstance(e, sqlite3.Error) for e in errors.values()), errors
    assert stored_versions(path) == {"a": 0, "b": 0}
    connection.fail = connection.full = False  # the disk is back: the store goes on
    with store.change("a") as change:
        change.append(["x: mark b2"])
    assert stored_versions(path) == {"a": 1, "b": 0}
    store.close()
