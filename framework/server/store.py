"""Where a server keeps its games: a table per game (its configuration and seats, each seat's
token hashed) and its action lines, one row each. A game's truth is its seed and its lines, so a
restart replays them; every change is committed before the server answers it.

`open_store(url)` (databases.py) gives the store a URL names: a file path (SQLite, the embedded default) or
`postgresql://...` (PostgreSQL, so that several server processes share the games; see
postgres.py). Both keep the same tables and answer the same calls:

    store.create(game)            # a new game (NewGame), its tokens already hashed
    store.load(game_id)           # -> Stored (config, lines, version) or None
    with store.change(game_id) as change:   # one game locked until commit (other games go on)
        change.version, change.lines       # what is stored now (another process may have moved)
        change.append([...]) / change.truncate(n)   # committed together at the end of `with`

A change that raises is rolled back whole.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..game import DockyardError

__all__ = ["Change", "NewGame", "SqliteStore", "Store", "Stored", "hash_token"]

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players TEXT NOT NULL,
        variants TEXT NOT NULL,
        seed BIGINT NOT NULL,
        bots TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        version BIGINT NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash)",
    """CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL REFERENCES games(id),
        n INTEGER NOT NULL,
        line TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    )""",
)


def hash_token(token: str) -> str:
    """What a store keeps of a seat's token: its SHA-256 (a token is 192 random bits, so a
    plain hash is enough; the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class NewGame:
    id: str
    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...]
    seed: int
    bots: dict[str, str]  # seat -> bot name
    token_hashes: dict[str, str]  # seat -> hash_token(token), for the human seats
    created: float = field(default_factory=time.time)


@dataclass(frozen=True)
class Stored:
    """A game as the store holds it."""

    id: str
    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...]
    seed: int
    bots: dict[str, str]
    token_hashes: dict[str, str]
    created: float
    version: int
    lines: list[str]


class Change(Protocol):
    version: int
    lines: list[str]

    def append(self, lines: list[str]) -> None: ...

    def truncate(self, n: int) -> None: ...


class Store(Protocol):
    url: str
    shared: bool  # other processes may change games (PostgreSQL): look before trusting memory

    def create(self, game: NewGame) -> None: ...

    def load(self, game_id: str) -> Stored | None: ...

    def version(self, game_id: str) -> int | None: ...

    def change(self, game_id: str) -> Any: ...  # a context manager yielding a Change

    def ids(self) -> list[str]: ...

    def close(self) -> None: ...


class _Change:
    """The pending change of one game inside a store's transaction."""

    def __init__(self, version: int, lines: list[str]) -> None:
        self.version = version
        self.lines = lines
        self.added: list[str] = []
        self.cut: int | None = None  # truncated to this many lines first

    def append(self, lines: list[str]) -> None:
        self.added.extend(lines)

    def truncate(self, n: int) -> None:
        if self.added:
            raise DockyardError("truncate before append, within one change")
        self.cut = n if self.cut is None else min(self.cut, n)

    @property
    def changed(self) -> bool:
        return bool(self.added) or (self.cut is not None and self.cut < len(self.lines))


def _row(row: Any, lines: list[str], seats: dict[str, str]) -> Stored:
    gid, game, players, variants, seed, bots, created, version = row
    return Stored(
        gid,
        game,
        tuple(json.loads(players)),
        tuple(json.loads(variants)),
        int(seed),
        dict(json.loads(bots)),
        seats,
        float(created),
        int(version),
        lines,
    )


class SqliteStore:
    """Games in one SQLite file (WAL, each commit synced), for one server process (several
    processes on one file also stay correct: a change holds SQLite's write lock).

    Group commit: a change is answered only once a commit that holds it is on disk, but the
    changes made while a commit is being synced (other games' actions) are committed together
    by the next one, one sync for them all; each change is a savepoint of that transaction,
    so one that fails is undone alone. A commit that fails loses its changes, and each change
    it held raises sqlite3.Error (its table is rebuilt from the store, as before)."""

    shared = False

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.url = str(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(
                str(self.path), check_same_thread=False, isolation_level=None, timeout=30
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")  # committed means on disk
            self._db.execute("PRAGMA foreign_keys=ON")
            for statement in SCHEMA:
                self._db.execute(statement)
        except (OSError, sqlite3.Error) as exc:
            raise DockyardError(f"{self.path}: cannot open the games database: {exc}") from None
        self._lock = threading.Lock()  # one connection: one statement at a time
        self._batch = 0  # the number of the transaction changes join now
        self._open = False  # that transaction is begun, not yet committed
        self._dirty = False  # it holds a change
        self._committed = -1  # the last transaction committed
        self._lost: dict[int, str] = {}  # transactions whose commit failed, and why

    # ---- group commit -------------------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """The block's statements as a savepoint of the open transaction (begun if none is),
        undone alone if the block raises; returns once a commit holding them is on disk."""
        with self._lock:
            db = self._db
            if not self._open:
                db.execute("BEGIN IMMEDIATE")
                self._open = True
            before = db.total_changes
            db.execute("SAVEPOINT change")
            try:
                yield db
            except BaseException:
                if not db.in_transaction:  # SQLite undid it all (a full disk, an I/O error)
                    self._lost[self._batch] = "SQLite rolled the transaction back"
                    self._batch += 1
                    self._open = self._dirty = False
                    raise
                db.execute("ROLLBACK TO change")
                db.execute("RELEASE change")
                if not self._dirty:  # nothing to keep: SQLite's write lock goes now
                    with suppress(sqlite3.Error):
                        self._commit_open()
                raise
            db.execute("RELEASE change")
            if db.total_changes == before:  # the block wrote nothing: nothing to wait for
                if not self._dirty:
                    with suppress(sqlite3.Error):
                        self._commit_open()
                return
            self._dirty = True
            batch = self._batch
        with self._lock:  # the first of a batch here commits it (the others waited meanwhile)
            if batch in self._lost:
                raise sqlite3.OperationalError(f"its commit failed: {self._lost[batch]}")
            if batch > self._committed:
                self._commit_open()

    def _commit_open(self) -> None:
        """Commit the open transaction (the lock held); if that fails, its changes are lost
        (sqlite3.Error: the tables that made them are rebuilt from the store)."""
        batch = self._batch
        self._batch += 1
        self._open = self._dirty = False
        try:
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._lost[batch] = str(exc)
            with suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            raise
        self._committed = batch

    def _settle(self) -> None:
        """Before reading (the lock held): commit what is pending, so no read sees a change
        that is not yet on disk."""
        if self._open:
            with suppress(sqlite3.Error):  # its writers are told
                self._commit_open()

    # ---- the store ----------------------------------------------------------------------------
    def create(self, game: NewGame) -> None:
        try:
            with self._write() as db:
                db.execute(
                    "INSERT INTO games (id, game, players, variants, seed, bots, created, version)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
                    (
                        game.id,
                        game.game,
                        json.dumps(list(game.players)),
                        json.dumps(list(game.variants)),
                        game.seed,
                        json.dumps(game.bots),
                        game.created,
                    ),
                )
                db.executemany(
                    "INSERT INTO seats (game_id, seat, token_hash) VALUES (?, ?, ?)",
                    [(game.id, seat, h) for seat, h in game.token_hashes.items()],
                )
        except sqlite3.IntegrityError:
            raise DockyardError(f"a game {game.id!r} is already stored") from None

    def load(self, game_id: str) -> Stored | None:
        with self._lock:
            self._settle()
            db = self._db
            row = db.execute(
                "SELECT id, game, players, variants, seed, bots, created, version FROM games"
                " WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            lines = [
                r[0]
                for r in db.execute(
                    "SELECT line FROM actions WHERE game_id = ? ORDER BY n", (game_id,)
                )
            ]
            seats = dict(
                db.execute("SELECT seat, token_hash FROM seats WHERE game_id = ?", (game_id,))
            )
        return _row(row, lines, seats)

    def version(self, game_id: str) -> int | None:
        with self._lock:
            self._settle()
            row = self._db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    @contextmanager
    def change(self, game_id: str) -> Iterator[_Change]:
        with self._write() as db:
            row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise DockyardError(f"no game {game_id!r}")
            lines = [
                r[0]
                for r in db.execute(
                    "SELECT line FROM actions WHERE game_id = ? ORDER BY n", (game_id,)
                )
            ]
            change = _Change(int(row[0]), lines)
            yield change
            if change.changed:
                n = len(lines)
                if change.cut is not None and change.cut < n:
                    db.execute(
                        "DELETE FROM actions WHERE game_id = ? AND n >= ?",
                        (game_id, change.cut),
                    )
                    n = change.cut
                db.executemany(
                    "INSERT INTO actions (game_id, n, line) VALUES (?, ?, ?)",
                    [(game_id, n + i, line) for i, line in enumerate(change.added)],
                )
                db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))

    def ids(self) -> list[str]:
        with self._lock:
            self._settle()
            return [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created")]

    def close(self) -> None:
        with self._lock:
            self._settle()
            self._db.close()
