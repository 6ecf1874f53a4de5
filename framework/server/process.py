"""A real `dockyard serve` in its own process (uvicorn, a SQLite file of the caller's), driven
over real HTTP, killed with SIGKILL or stopped: for tests (dockyard.testing re-exports it) and
`dockyard bench --server`.

    with ServerProcess(tmp_path / "g.sqlite") as server:
        status, body = server.call("POST", "/api/games", {"game": "tictactoe", "players": 2})
        server.kill()      # kill -9, as a crash
        server.start()     # the same database: every game resumes
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

__all__ = ["ServerProcess", "free_port"]

_http = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: no proxy


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _command() -> list[str]:
    found = shutil.which("dockyard", path=os.path.dirname(sys.executable)) or shutil.which(
        "dockyard"
    )
    return [found] if found else [sys.executable, "-m", "dockyard"]


class ServerProcess:
    """`dockyard serve --port P --db DB` in a process group of its own."""

    def __init__(self, db: str | Path, *args: str, port: int | None = None) -> None:
        self.db = str(db)
        self.args = args
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = Path(f"{self.db}.serve.log") if "://" not in self.db else None

    def start(self, wait: float = 60.0) -> ServerProcess:
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [*_command(), "serve", "--port", str(self.port), "--db", self.db, *self.args],
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        end = time.monotonic() + wait
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"dockyard serve exited: {self.output()[-500:]}")
            try:
                status, body = self.call("GET", "/api/health", timeout=2)
                if status == 200 and body == {"ok": True}:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"dockyard serve did not answer within {wait} s: {self.output()[-500:]}")

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log and self.log.exists() else ""

    def kill(self) -> None:
        """kill -9 the server's process group, as a crash."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self, signum: int = signal.SIGINT) -> int | None:
        """Ctrl-C (or another signal, such as SIGTERM): the server finishes what it is doing
        and ends; its exit status (None: it had to be killed)."""
        code = None
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signum)
            try:
                code = self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc = None
        return code

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()

    def raw(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        timeout: float = 30,
        data: bytes | None = None,
    ) -> tuple[int, bytes, str]:
        """(status, body bytes, content type) of one request."""
        if data is None and body is not None:
            data = json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with _http.open(req, timeout=timeout) as r:
                return r.status, r.read(), r.headers.get("Content-Type", "")
        except urllib.error.HTTPError as e:
            return e.code, e.read(), e.headers.get("Content-Type", "")

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        timeout: float = 30,
    ) -> tuple[int, Any]:
        """(status, JSON body) of one request."""
        status, raw, _ = self.raw(method, path, body, token, timeout)
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode(errors="replace")
