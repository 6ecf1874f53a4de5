"""The PostgreSQL store (dockyard.server.postgres) against a throwaway cluster: initdb into a
temporary folder, `postgres` on a Unix socket only (no TCP), stopped at the end of the session.
Without PostgreSQL's programs the tests that need a cluster are skipped, except under CI (`CI`
set), where they fail: CI installs PostgreSQL (.ci/run) and must never skip them silently.

The behaviour tests SQLite passes run here too (test_server_store.py, parametrized over both
stores); this file adds what only a shared store has: two stores (as two server processes would)
changing one game take turns and lose nothing, and one game's lock does not hold up another."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest
from dockyard.game import DockyardError
from dockyard.server.databases import open_store
from dockyard.server.store import NewGame

PROGRAMS = ("initdb", "postgres")


def _missing(reason: str) -> NoReturn:
    """Skip, or fail under CI (where PostgreSQL is installed and nothing may skip silently)."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: PostgreSQL must be there, see .ci/run)")
    pytest.skip(reason)


def _programs() -> dict[str, Path] | None:
    """initdb and postgres: on PATH, else in Debian's /usr/lib/postgresql/*/bin."""
    found = {p: shutil.which(p) for p in PROGRAMS}
    if all(found.values()):
        return {p: Path(str(path)) for p, path in found.items()}
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if all(Path(folder, p).exists() for p in PROGRAMS):
            return {p: Path(folder, p) for p in PROGRAMS}
    return None


def _driver() -> None:
    """psycopg and its pool, or a skip (a failure under CI)."""
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        _missing("psycopg is not installed: pip install '.[postgres]'")


class Cluster:
    """One throwaway PostgreSQL cluster for the test session (started once, stopped at exit)."""

    def __init__(self, programs: dict[str, Path]) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="dockyard-pg-"))
        self.data, self.sockets = self.root / "data", self.root / "sock"
        self.sockets.mkdir()
        self.port = 5432
        as_user: dict[str, Any] = {}
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root: an unprivileged user
            name = "postgres" if _has_user("postgres") else "nobody"
            entry = pwd.getpwnam(name)
            for path in (self.root, self.sockets):
                os.chown(path, entry.pw_uid, entry.pw_gid)
            as_user = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
        env = {**os.environ, "LC_ALL": "C"}
        subprocess.run(
            [programs["initdb"], "-D", self.data, "-U", "postgres", "-A", "trust", "--no-sync"],
            check=True,
            capture_output=True,
            env=env,
            cwd=self.root,
            **as_user,
        )
        self.log = open(self.root / "log", "wb")  # noqa: SIM115 (closed by stop)
        self.process = subprocess.Popen(
            [programs["postgres"], "-D", self.data, "-k", self.sockets, "-p", str(self.port)]
            + ["-c", "listen_addresses=", "-c", "fsync=off", "-c", "max_connections=60"],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=self.root,
            **as_user,
        )
        self.url = f"postgresql://postgres@/postgres?host={self.sockets}&port={self.port}"
        self._wait()

    def _wait(self) -> None:
        import psycopg

        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"postgres stopped: {(self.root / 'log').read_text()}")
            try:
                psycopg.connect(self.url, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # fast shutdown
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.root, ignore_errors=True)


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


_cluster: list[Cluster] = []  # one per session (test_server_store.py imports the fixture too)


@pytest.fixture(scope="session")
def pg_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """The URL of a throwaway PostgreSQL database (a fresh cluster for the test session)."""
    _driver()
    if not _cluster:
        programs = _programs()
        if programs is None:
            _missing("no PostgreSQL programs (initdb, postgres): apt-get install postgresql")
        _cluster.append(Cluster(programs))
        request.addfinalizer(lambda: _cluster.pop().stop() if _cluster else None)
    yield _cluster[0].url


def new_game(gid: str = "g1", **fields: Any) -> NewGame:
    values: dict[str, Any] = {
        "id": gid,
        "game": "tic-tac-toe",
        "players": ("x", "o"),
        "variants": (),
        "seed": 7,
        "bots": {},
        "token_hashes": {"x": "hx", "o": "ho"},
    }
    values.update(fields)
    return NewGame(**values)


@pytest.fixture
def pg(pg_url: str) -> Iterator[Any]:
    """A PostgresStore on an empty database."""
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS actions, seats, games")
    store = open_store(pg_url)
    yield store
    store.close()


def test_open_store_names_postgres_and_hides_the_password(pg_url: str) -> None:
    from dockyard.server.postgres import PostgresStore

    url = pg_url.replace("postgresql://postgres@", "postgresql://postgres:s3cret-pw@")
    store = open_store(url)  # trust authentication: the password is not checked
    try:
        assert isinstance(store, PostgresStore) and store.shared
        assert "s3cret-pw" not in store.url and "postgres:***@" in store.url
    finally:
        store.close()
    query = open_store(pg_url + "&password=s3cret-pw")
    try:
        assert "s3cret-pw" not in query.url and "password=***" in query.url
    finally:
        query.close()


def test_a_refused_connection_names_the_host_not_the_password() -> None:
    _driver()
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(DockyardError) as caught:
        open_store(f"postgresql://ann:s3cret-pw@127.0.0.1:{port}/games")
    message = str(caught.value)
    assert f"127.0.0.1:{port}" in message and "cannot open the games database" in message
    assert "s3cret-pw" not in message and "\n" not in message


def test_a_url_that_cannot_be_read_is_a_clear_error() -> None:
    _driver()
    with pytest.raises(DockyardError, match="not a PostgreSQL URL") as caught:
        open_store("postgresql://ann:s3cret-pw@[::1/games")
    assert "s3cret-pw" not in str(caught.value) and "ann:***@" in str(caught.value)


def test_a_missing_driver_says_which_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg -> ImportError
    with pytest.raises(DockyardError, match=r"pip install '\.\[postgres\]'") as caught:
        open_store("postgresql://ann:s3cret-pw@db.example/games")
    assert "s3cret-pw" not in str(caught.value)


def test_a_game_stored_twice_is_a_clear_error(pg: Any) -> None:
    pg.create(new_game("g1"))
    with pytest.raises(DockyardError, match="'g1' is already stored"):
        pg.create(new_game("g1", seed=8))
    assert pg.load("g1").seed == 7


def test_two_stores_changing_one_game_take_turns(pg_url: str, pg: Any) -> None:
    """Two stores (two server processes), two threads each, 25 changes per thread on one game:
    every change saw the lines of the one before it (nothing lost, no two at one version)."""
    pg.create(new_game("g1"))
    other = open_store(pg_url)
    seen: list[int] = []
    errors: list[BaseException] = []

    def work(store: Any, tag: str) -> None:
        try:
            for _ in range(25):
                with store.change("g1") as change:
                    seen.append(change.version)
                    change.append([f"{tag} {len(change.lines)} {change.version}"])
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [
        threading.Thread(target=work, args=(store, f"{name}{i}"))
        for name, store in (("a", pg), ("b", other))
        for i in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    other.close()
    assert not errors
    stored = pg.load("g1")
    assert stored.version == 100 and len(stored.lines) == 100
    for n, line in enumerate(stored.lines):  # each change saw exactly the n lines before it
        _, count, version = line.split()
        assert (int(count), int(version)) == (n, n)
    assert sorted(seen) == list(range(100))
    assert {line.split()[0] for line in stored.lines} == {"a0", "a1", "b0", "b1"}


def test_one_games_lock_holds_up_that_game_only(pg_url: str, pg: Any) -> None:
    pg.create(new_game("g1"))
    pg.create(new_game("g2"))
    other = open_store(pg_url)
    inside, release = threading.Event(), threading.Event()
    order: list[str] = []

    def hold() -> None:
        with pg.change("g1") as change:
            inside.set()
            release.wait(30)
            change.append(["first"])
            order.append("first")

    def same_game() -> None:
        with other.change("g1") as change:
            order.append(f"second saw {change.lines}")
            change.append(["second"])

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert inside.wait(30)
        waiter = threading.Thread(target=same_game)
        waiter.start()
        started = time.monotonic()
        with other.change("g2") as change:  # another game: not held up by g1's lock
            change.append(["elsewhere"])
        assert time.monotonic() - started < 5 and other.load("g2").lines == ["elsewhere"]
        waiter.join(0.5)
        assert waiter.is_alive() and order == []  # the same game waits for the lock
    finally:
        release.set()
        holder.join(30)
    waiter.join(30)
    other.close()
    assert order == ["first", "second saw ['first']"]
    assert pg.load("g1").lines == ["first", "second"]


def test_a_connection_the_server_dropped_is_replaced(pg_url: str) -> None:
    """The store outlives its connections (a database restart, an idle timeout)."""
    import psycopg

    store = open_store(pg_url)
    try:
        store.create(new_game("gone"))
        with psycopg.connect(pg_url, autocommit=True) as conn:  # drop every other connection
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE pid <> pg_backend_pid() AND datname = current_database()"
            )
        assert store.version("gone") == 0  # a fresh connection from the pool
    finally:
        store.close()
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("DROP TABLE IF EXISTS actions, seats, games")


def test_threads_waiting_for_one_game_leave_the_pool_to_others(pg: Any, pg_url: str) -> None:
    """A pool of two connections: one change holds g1 and three more threads want g1; they wait
    without a connection each, so a change of g2 still gets one at once."""
    from dockyard.server.postgres import PostgresStore

    small = PostgresStore(pg_url, max_size=2)
    small.create(new_game("g1"))
    small.create(new_game("g2"))
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        with small.change("g1") as change:
            inside.set()
            release.wait(60)
            change.append(["held"])

    def wait_for_g1(n: int) -> None:
        with small.change("g1") as change:
            change.append([f"waited {n}"])

    threads = [threading.Thread(target=hold)]
    threads[0].start()
    try:
        assert inside.wait(30)
        threads += [threading.Thread(target=wait_for_g1, args=(n,)) for n in range(3)]
        for t in threads[1:]:
            t.start()
        time.sleep(0.3)  # the waiters are queued on g1
        started = time.monotonic()
        with small.change("g2") as change:
            change.append(["elsewhere"])
        assert time.monotonic() - started < 5
    finally:
        release.set()
        for t in threads:
            t.join(60)
    assert small.load("g1").lines[0] == "held" and len(small.load("g1").lines) == 4
    small.close()


def test_a_database_gone_away_is_one_clear_line(pg_url: str) -> None:
    """A store whose database stops taking connections: each call is a DockyardError naming
    where and why (no traceback, no hang), and the store works again once it is back."""
    import psycopg
    from dockyard.server.postgres import PostgresStore

    admin = psycopg.connect(pg_url, autocommit=True)
    admin.execute("DROP DATABASE IF EXISTS gone")
    admin.execute("CREATE DATABASE gone")
    url = pg_url.replace("/postgres?", "/gone?")
    store = PostgresStore(url, max_size=1, timeout=1.5)
    try:
        store.create(new_game("g1"))
        admin.execute("ALTER DATABASE gone ALLOW_CONNECTIONS false")
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'gone'"
        )
        for call in (lambda: store.version("g1"), lambda: store.change("g1").__enter__()):
            with pytest.raises(DockyardError) as caught:
                call()
            message = str(caught.value)
            assert message.startswith(f"{url}: cannot ") and "(PostgreSQL at " in message
            assert "\n" not in message, message
        admin.execute("ALTER DATABASE gone ALLOW_CONNECTIONS true")
        deadline = time.monotonic() + 20
        while True:  # the pool connects again (in the background, within its timeout)
            try:
                assert store.version("g1") == 0
                break
            except DockyardError:
                if time.monotonic() > deadline:
                    raise
    finally:
        store.close()
        admin.execute("DROP DATABASE IF EXISTS gone WITH (FORCE)")
        admin.close()
