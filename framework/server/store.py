"""Where a server keeps its games: a table per game (its configuration and seats, each seat's
token hashed) and its action lines, one row each. A game's truth is its seed and its lines, so a
restart replays them; every change is committed before the server answers it.

`open_store(url)` gives the store a URL names: a file path (SQLite, the embedded default) or
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
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..game import DockyardError

__all__ = ["Change", "NewGame", "SqliteStore", "Store", "Stored", "hash_token", "open_store"]

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
    processes on one file also stay correct: a change holds SQLite's write lock)."""

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

    def create(self, game: NewGame) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
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
                db.execute("COMMIT")
            except sqlite3.IntegrityError:
                db.execute("ROLLBACK")
                raise DockyardError(f"a game {game.id!r} is already stored") from None
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def load(self, game_id: str) -> Stored | None:
        with self._lock:
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
            row = self._db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    @contextmanager
    def change(self, game_id: str) -> Iterator[_Change]:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
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
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def ids(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created")]

    def close(self) -> None:
        with self._lock:
            self._db.close()


def default_path() -> Path:
    """`$XDG_DATA_HOME/dockyard/games.sqlite` (XDG_DATA_HOME defaults to ~/.local/share)."""
    import os

    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dockyard" / "games.sqlite"


def open_store(url: str | Path | None = None) -> Store:
    """The store `url` names: None (the default SQLite file), a path, `sqlite:///PATH`, or
    `postgresql://...` (the `postgres` extra)."""
    if url is None:
        return SqliteStore(default_path())
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return PostgresStore(text)
    if text.startswith("sqlite:///"):
        text = text[len("sqlite:///") - 1 :]
    elif "://" in text:
        raise DockyardError(
            f"--db {text!r}: a file path (SQLite) or a postgresql://USER@HOST/DB URL"
        )
    return SqliteStore(text)
