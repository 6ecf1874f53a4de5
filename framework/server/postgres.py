"""Games in PostgreSQL, so that several server processes share them (`dockyard serve --db
postgresql://USER:PASS@HOST/DB`, the `postgres` extra: psycopg 3 and its connection pool).

The tables are SQLite's (store.SCHEMA) and the calls the same (store.Store). A change takes its
game's row with `SELECT ... FOR UPDATE` inside a transaction: two processes changing one game
take turns, other games go on, and the change is committed (PostgreSQL's synchronous commit:
on disk) before `with store.change(...)` returns. Anything raised inside rolls the change back.
"""

from __future__ import annotations

import json
import re
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from ..game import DockyardError
from .store import SCHEMA, NewGame, Stored, _Change, _row

__all__ = ["PostgresStore", "hide_password"]

_SCHEMA_LOCK = 0x646F636B  # an advisory lock: two processes creating the tables take turns
_CONNECT_TIMEOUT = 10  # seconds, unless the URL says connect_timeout


def hide_password(url: str) -> str:
    """`url` with its password (in the user part or a `password=` parameter) shown as ***."""
    try:
        parts = urlsplit(url)
        netloc = parts.netloc
        if "@" in netloc:
            user, _, hosts = netloc.rpartition("@")
            if ":" in user:
                user = user.split(":", 1)[0] + ":***"
            netloc = f"{user}@{hosts}"
        query = parse_qsl(parts.query, keep_blank_values=True)
        if any(k == "password" for k, _ in query):
            query = [(k, "***" if k == "password" else v) for k, v in query]
            text = urlencode(query, safe="/*")
        else:
            text = parts.query
        return urlunsplit((parts.scheme, netloc, parts.path, text, parts.fragment))
    except ValueError:  # not a URL urllib reads: at least no password between : and @
        return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


class PostgresStore:
    """Games in one PostgreSQL database, shared by every server process that names it."""

    shared = True

    def __init__(self, url: str, *, max_size: int = 10, timeout: float = 30.0) -> None:
        """`max_size` connections at most; `timeout` seconds to wait for one."""
        self.url = hide_password(url)
        try:
            import psycopg
            from psycopg.conninfo import conninfo_to_dict
            from psycopg_pool import ConnectionPool, PoolTimeout
        except ImportError:
            raise DockyardError(
                f"{self.url}: PostgreSQL needs its driver: pip install '.[postgres]'"
            ) from None
        self._psycopg = psycopg
        self._timeouts: tuple[type[Exception], ...] = (PoolTimeout, psycopg.OperationalError)
        try:
            info = conninfo_to_dict(url)
        except psycopg.Error as exc:
            reason = " ".join(str(exc).replace(url, "the URL").split())
            raise DockyardError(f"{self.url}: not a PostgreSQL URL ({reason})") from None
        self._password = str(info.get("password") or "")
        self.host = self._where(info)
        # text both ways in UTF-8, even from a database created SQL_ASCII (else bytes come back)
        kwargs: dict[str, Any] = {"autocommit": True, "client_encoding": "UTF8"}
        if "connect_timeout" not in info:
            kwargs["connect_timeout"] = _CONNECT_TIMEOUT
        try:  # one connection first: a clear message when the server is not there
            with psycopg.connect(url, **kwargs) as conn:
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                    for statement in SCHEMA:
                        conn.execute(statement)
        except psycopg.Error as exc:
            raise self._error("cannot open the games database", exc) from None
        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=max_size,
            timeout=timeout,
            kwargs=kwargs,
            check=ConnectionPool.check_connection,
            open=True,
            name="dockyard",
        )
        # A process's own changes of one game wait here, not each holding a pooled connection
        # while it waits for the row: one busy game cannot use up the pool of the others.
        self._games: weakref.WeakValueDictionary[str, threading.Lock]
        self._games = weakref.WeakValueDictionary()  # a lock lives while someone holds it
        self._games_lock = threading.Lock()

    @staticmethod
    def _where(info: dict[str, Any]) -> str:
        host = str(info.get("host") or info.get("hostaddr") or "the local socket")
        port = info.get("port")
        return f"{host}:{port}" if port else host

    def _error(self, what: str, exc: BaseException) -> DockyardError:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        if len(self._password) >= 4:  # libpq does not name it; if ever it did
            reason = reason.replace(self._password, "***")
        return DockyardError(f"{self.url}: {what} (PostgreSQL at {self.host}): {reason}")

    @contextmanager
    def _connection(self, what: str) -> Iterator[Any]:
        """A pooled connection; a server gone away is one clear DockyardError."""
        try:
            with self._pool.connection() as conn:
                yield conn
        except self._timeouts as exc:
            raise self._error(what, exc) from None

    def create(self, game: NewGame) -> None:
        with self._connection("cannot store a new game") as conn:
            try:
                with conn.transaction():
                    conn.execute(
                        "INSERT INTO games (id, game, players, variants, seed, bots, created,"
                        " version) VALUES (%s, %s, %s, %s, %s, %s, %s, 0)",
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
                    with conn.cursor() as cur:
                        cur.executemany(
                            "INSERT INTO seats (game_id, seat, token_hash) VALUES (%s, %s, %s)",
                            [(game.id, seat, h) for seat, h in game.token_hashes.items()],
                        )
            except self._psycopg.errors.UniqueViolation:
                raise DockyardError(f"a game {game.id!r} is already stored") from None

    def load(self, game_id: str) -> Stored | None:
        with self._connection("cannot read a game") as conn:
            with conn.transaction():  # one snapshot: the lines are those of the version read
                conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                row = conn.execute(
                    "SELECT id, game, players, variants, seed, bots, created, version FROM games"
                    " WHERE id = %s",
                    (game_id,),
                ).fetchone()
                if row is None:
                    return None
                lines = [
                    r[0]
                    for r in conn.execute(
                        "SELECT line FROM actions WHERE game_id = %s ORDER BY n", (game_id,)
                    )
                ]
                seats = dict(
                    conn.execute(
                        "SELECT seat, token_hash FROM seats WHERE game_id = %s", (game_id,)
                    ).fetchall()
                )
        return _row(row, lines, seats)

    def version(self, game_id: str) -> int | None:
        with self._connection("cannot read a game") as conn:
            row = conn.execute("SELECT version FROM games WHERE id = %s", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def _game_lock(self, game_id: str) -> threading.Lock:
        with self._games_lock:
            lock = self._games.get(game_id)
            if lock is None:
                lock = self._games[game_id] = threading.Lock()
            return lock

    @contextmanager
    def change(self, game_id: str) -> Iterator[_Change]:
        with self._game_lock(game_id), self._connection("cannot change a game") as conn:
            with conn.transaction():  # committed at the end, rolled back on any exception
                row = conn.execute(
                    "SELECT version FROM games WHERE id = %s FOR UPDATE", (game_id,)
                ).fetchone()
                if row is None:
                    raise DockyardError(f"no game {game_id!r}")
                lines = [
                    r[0]
                    for r in conn.execute(
                        "SELECT line FROM actions WHERE game_id = %s ORDER BY n", (game_id,)
                    )
                ]
                change = _Change(int(row[0]), lines)
                yield change
                if change.changed:
                    n = len(lines)
                    if change.cut is not None and change.cut < n:
                        conn.execute(
                            "DELETE FROM actions WHERE game_id = %s AND n >= %s",
                            (game_id, change.cut),
                        )
                        n = change.cut
                    with conn.cursor() as cur:
                        cur.executemany(
                            "INSERT INTO actions (game_id, n, line) VALUES (%s, %s, %s)",
                            [(game_id, n + i, line) for i, line in enumerate(change.added)],
                        )
                    conn.execute("UPDATE games SET version = version + 1 WHERE id = %s", (game_id,))

    def ids(self) -> list[str]:
        with self._connection("cannot list the games") as conn:
            return [r[0] for r in conn.execute("SELECT id FROM games ORDER BY created")]

    def close(self) -> None:
        self._pool.close()
