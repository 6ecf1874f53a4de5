"""`dockyard bench --server`: the game server measured over real HTTP (printed figures; tests
never assert timings).

A real `dockyard serve` is started on a free loopback port over a SQLite file in a temporary
folder, in a process of its own (process.py), its per-token and per-address limits lifted (the
bench is one client playing every seat of every game). For each game (tic-tac-toe, then Curious
Cargo) `tables` games are created and played at once: one thread and one keep-alive connection
(http.client) per table, each move chosen at random among the legal lines the seat to act is
sent by `GET /api/games/{id}`, then played with `POST /api/games/{id}/actions`. Each game is
played twice: at an offered rate (OFFERED actions a second in all, the tables' turns spread
evenly over each interval) and flat out (every table acting as fast as its answers come). A game
that ends is replaced by a new one (`POST /api/games`) on the spot.

Each row: the POSTs sent within the row's `seconds` and answered 200 (actions), their number a
second, and their latency (sent to answered: the action judged, played, committed to disk and
acknowledged) at the median, the 99th percentile and the worst; errors are requests of any kind
not answered 2xx (the first one is quoted below the table); ended: games played to their end.
The target of issue 35: p99 under 100 ms at 200 actions/s, for every game.
"""

from __future__ import annotations

import http.client
import json
import math
import os
import random
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, Any

from ..core import DockyardError
from .process import ServerProcess

__all__ = ["GAMES", "OFFERED", "Row", "bench_server"]

GAMES = ("tictactoe", "curious-cargo")  # each played by 2 seats, both driven by the bench
OFFERED = 200.0  # actions a second in all, the target's rate
TARGET_P99_MS = 100.0
MAX_TABLES = 500  # one thread each
MAX_SECONDS = 600.0
TIMEOUT = 30.0  # seconds one request may take before it counts as an error
LIFTED = "1000000"  # the server's --rate and --create-rate while it is measured
HEADER = (
    f"{'game':<14} {'tables':>6} {'offered/s':>9} {'actions':>8} {'actions/s':>9} "
    f"{'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'errors':>6} {'ended':>6}"
)


@dataclass
class Tally:
    """What one table's driver saw (merged into its row at the end)."""

    latencies: list[float] = field(default_factory=list)  # seconds, of the POSTs answered 200
    errors: int = 0
    ended: int = 0
    first_error: str = ""

    def error(self, what: str) -> None:
        self.errors += 1
        if not self.first_error:
            self.first_error = what


@dataclass
class Row:
    """One measurement: a game, its tables, an offered rate (None: flat out)."""

    game: str
    tables: int
    offered: float | None
    seconds: float
    latencies: list[float]
    errors: int
    ended: int
    first_error: str

    @property
    def actions(self) -> int:
        return len(self.latencies)

    @property
    def rate(self) -> float:
        return self.actions / self.seconds

    def ms(self, q: float) -> float:
        """The latency at quantile `q` (nearest rank; 1.0 is the worst), in ms."""
        ordered = sorted(self.latencies)
        if not ordered:
            return math.nan
        return 1000.0 * ordered[max(0, math.ceil(q * len(ordered)) - 1)]

    def line(self) -> str:
        offered = "flat out" if self.offered is None else f"{self.offered:g}"
        return (
            f"{self.game:<14} {self.tables:>6} {offered:>9} {self.actions:>8} "
            f"{self.rate:>9.1f} {_shown(self.ms(0.5))} {_shown(self.ms(0.99))} "
            f"{_shown(self.ms(1.0))} {self.errors:>6} {self.ended:>6}"
        )

    def meets_target(self) -> bool:
        """p99 under the target, the offered rate achieved (within 5%), and no errors."""
        return (
            self.offered is not None
            and self.ms(0.99) < TARGET_P99_MS
            and self.rate >= 0.95 * self.offered
            and self.errors == 0
        )


def _shown(ms: float) -> str:
    return f"{'-':>7}" if math.isnan(ms) else f"{ms:>7.1f}"


class Client:
    """One keep-alive HTTP connection to the server, as one table's driver uses it."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any, float]:
        """(status, JSON answer, seconds taken); status 0 when the connection failed."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as exc:
            self.conn.close()  # the next request connects anew
            return 0, f"{method} {path}: {type(exc).__name__}: {exc}", time.perf_counter() - start
        taken = time.perf_counter() - start
        try:
            return response.status, json.loads(raw), taken
        except ValueError:
            return response.status, raw[:200].decode(errors="replace"), taken

    def close(self) -> None:
        self.conn.close()


def _failed(method: str, path: str, status: int, answer: Any) -> str:
    why = answer.get("error", answer) if isinstance(answer, dict) else answer
    return f"{method} {path}: {status} {why}" if status else str(answer)


class Player:
    """One table's driver: it plays every seat of its game, one action per turn it is given."""

    def __init__(self, port: int, game: str, rng: random.Random, tally: Tally) -> None:
        self.client = Client(port)
        self.game = game
        self.rng = rng
        self.tally = tally
        self.gid: str | None = None
        self.tokens: dict[str, str] = {}
        self.seats: list[str] = []
        self.next = 0  # the seat most likely to act next (the one after the last to act)

    def create(self) -> bool:
        status, answer, _ = self.client.call(
            "POST", "/api/games", {"game": self.game, "players": 2}
        )
        gid = answer.get("id") if isinstance(answer, dict) else None
        tokens = answer.get("seats") if isinstance(answer, dict) else None
        if status != 201 or not isinstance(gid, str) or not isinstance(tokens, dict) or not tokens:
            self.tally.error(_failed("POST", "/api/games", status, answer))
            return False
        self.gid, self.tokens = gid, tokens
        self.seats, self.next = list(self.tokens), 0
        return True

    def look(self, seat: str) -> dict[str, Any] | None:
        path = f"/api/games/{self.gid}"
        status, answer, _ = self.client.call("GET", path, token=self.tokens[seat])
        if status != 200 or not isinstance(answer, dict):
            self.tally.error(_failed("GET", path, status, answer))
            return None
        return answer

    def choose(self) -> tuple[str, str] | None:
        """(seat, legal line) for the seat to act, a new game begun if this one ended; None
        when the server did not answer as it should (counted as an error)."""
        for _ in range(3):
            if self.gid is None and not self.create():
                return None
            seat = self.seats[self.next % len(self.seats)]
            shown = self.look(seat)
            if shown is None:
                return None
            if not shown.get("legal") and not shown["over"]:
                acting = [s for s in shown["to_act"] if s in self.tokens]
                if not acting:
                    self.tally.error(f"game {self.gid}: no seat of the bench's is to act")
                    return None
                seat = acting[0]
                shown = self.look(seat)
                if shown is None:
                    return None
            if shown["over"]:
                self.tally.ended += 1
                self.gid = None
                continue
            if not shown.get("legal"):
                self.tally.error(f"game {self.gid}: {seat} is to act with no legal line")
                return None
            return seat, self.rng.choice(shown["legal"])
        self.tally.error(f"{self.game}: games end as soon as they begin")
        return None

    def turn(self) -> None:
        """One action: chosen from the seat's GET, sent, its latency kept."""
        chosen = self.choose()
        if chosen is None:
            return
        seat, line = chosen
        path = f"/api/games/{self.gid}/actions"
        status, answer, taken = self.client.call(
            "POST", path, {"action": line}, token=self.tokens[seat]
        )
        if status != 200:
            self.tally.error(_failed("POST", path, status, answer))
            return
        self.tally.latencies.append(taken)
        self.next = self.seats.index(seat) + 1


def _drive(player: Player, first: float, interval: float | None, end: float, stop: Any) -> None:
    """Play turns until `end`: one each `interval` seconds from `first` (None: flat out)."""
    try:
        due = first
        while not stop.is_set():
            if interval is not None:
                now = time.perf_counter()
                if due > now and stop.wait(min(due, end) - now):
                    return
                due = max(due + interval, time.perf_counter() - interval)  # no bursts after a stall
            if time.perf_counter() >= end:
                return
            player.turn()
    except Exception as exc:  # a bug of the bench's: counted and quoted, never a traceback
        player.tally.error(f"the bench's driver failed: {type(exc).__name__}: {exc}")
    finally:
        player.client.close()


def measure(
    server: ServerProcess, game: str, tables: int, offered: float | None, seconds: float
) -> Row:
    """One row: `tables` games of `game` played at once for `seconds`."""
    stop = threading.Event()
    tallies = [Tally() for _ in range(tables)]
    players = [
        Player(server.port, game, random.Random(f"{game}/{i}"), tallies[i]) for i in range(tables)
    ]
    for player in players:  # the games exist before the clock starts
        player.create()
    interval = None if offered is None else tables / offered
    start = time.perf_counter()
    end = start + seconds
    threads = [
        threading.Thread(
            target=_drive,
            args=(player, start + i * (interval or 0) / tables, interval, end, stop),
            daemon=True,
        )
        for i, player in enumerate(players)
    ]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            while thread.is_alive():
                thread.join(0.2)
                if server.proc is None or server.proc.poll() is not None:
                    raise DockyardError(f"the server stopped: {server.output()[-500:]}")
    finally:
        stop.set()
    first = next((t.first_error for t in tallies if t.first_error), "")
    return Row(
        game,
        tables,
        offered,
        seconds,
        [x for t in tallies for x in t.latencies],
        sum(t.errors for t in tallies),
        sum(t.ended for t in tallies),
        first,
    )


def target_line(rows: list[Row]) -> str:
    """'p99 < 100 ms at 200 actions/s: met' (every game's row at the offered rate) or 'not
    met', with each game's figures."""
    paced = [r for r in rows if r.offered is not None]
    met = bool(paced) and all(r.meets_target() for r in paced)
    figures = ", ".join(
        f"{r.game} {_shown(r.ms(0.99)).strip()} ms at {r.rate:.0f}/s" for r in paced
    )
    errors = sum(r.errors for r in paced)
    more = f"; {errors} errors" if errors else ""
    return (
        f"p99 < {TARGET_P99_MS:g} ms at {OFFERED:g} actions/s: {'met' if met else 'not met'} "
        f"({figures}{more})"
    )


@contextmanager
def _running_server() -> Iterator[ServerProcess]:
    """`dockyard serve` on a free loopback port over a temporary SQLite file, stopped (killed
    if it must be) whatever happens, a Ctrl-C or a SIGTERM included."""

    def terminated(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, terminated)
    try:
        with tempfile.TemporaryDirectory(prefix="dockyard-bench-") as folder:
            server = ServerProcess(
                f"{folder}/bench.sqlite", "--rate", LIFTED, "--create-rate", LIFTED
            )
            try:
                server.start()
            except (RuntimeError, OSError) as exc:  # it exited, never answered, or cannot run
                server.kill()
                raise DockyardError(f"bench --server: {exc}") from None
            try:
                yield server
            except BaseException:
                server.kill()
                raise
            server.stop()
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def machine() -> str:
    """The cores and the load average before the bench (the server and the bench share them
    with whatever else runs: its figures are this machine's at this moment)."""
    cores = os.cpu_count() or 1
    try:
        load = f", load average {os.getloadavg()[0]:.1f}"
    except OSError:  # no load average on this platform
        load = ""
    return f"{cores} cores{load}"


def bench_server(tables: int, seconds: float, out: IO[str]) -> int:
    """Print the table of rows and the target line; 1 when a row had errors."""
    if not 1 <= tables <= MAX_TABLES:
        raise DockyardError(f"--tables {tables}: from 1 to {MAX_TABLES}")
    if not 0 < seconds <= MAX_SECONDS:
        raise DockyardError(f"--seconds {seconds:g}: more than 0, at most {MAX_SECONDS:g}")

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    say(
        f"dockyard bench --server ({tables} tables per game, {seconds:g} s per row; "
        f"python {sys.version.split()[0]}; HTTP on loopback, SQLite committed per action; "
        f"{machine()})"
    )
    rows: list[Row] = []
    with _running_server() as server:
        say(HEADER)
        for game in GAMES:
            for offered in (OFFERED, None):
                row = measure(server, game, tables, offered, seconds)
                rows.append(row)
                say(row.line())
    quoted: set[str] = set()
    for row in rows:
        if row.first_error and row.first_error not in quoted:
            quoted.add(row.first_error)
            say(f"first error ({row.game}): {row.first_error}")
    say(target_line(rows))
    return 1 if any(r.errors for r in rows) else 0
