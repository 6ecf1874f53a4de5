"""The REPL's connection to a `dockyard serve` game: its JSON API over HTTP (the standard
library's urllib) and its WebSocket (the `websockets` package of the `server` extra), which
pushes a message after every change of the game.

Every failure is a `ServerError` in words: what the server refused (its own error and hint), or
that it could not be reached (`reached` False), never a traceback.
"""

from __future__ import annotations

import inspect
import ipaddress
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import DockyardError

__all__ = ["Address", "Connection", "Lost", "ServerError", "Watcher", "parse_address"]

TIMEOUT = 30.0  # seconds an HTTP request may take
RECONNECT = 15.0  # seconds the WebSocket keeps trying to come back (a restarting server)
MAX_MESSAGE = 16 << 20  # bytes in one WebSocket message
EXAMPLE = "http://HOST:PORT/games/ID, as `dockyard serve` links it"


class ServerError(DockyardError):
    """A request the server refused (`status`, its error and hint), or a server that could
    not be reached (`reached` False)."""

    def __init__(self, message: str, hint: str = "", status: int = 0) -> None:
        super().__init__(message)
        self.hint = hint
        self.status = status

    @property
    def reached(self) -> bool:
        return self.status != 0


class Lost(ServerError):
    """The WebSocket is gone for good (the shell has said why)."""


@dataclass(frozen=True)
class Address:
    """Where a game is: the server's base URL (scheme, host, port and any path before
    `/games/`), the game's id, and a token given in the URL's `#token=` fragment."""

    base: str
    game: str
    token: str | None = None

    @property
    def loopback(self) -> bool:
        host = urllib.parse.urlsplit(self.base).hostname or ""
        if host == "localhost":
            return True
        try:
            return ipaddress.ip_address(host).is_loopback
        except ValueError:
            return False

    def api(self, tail: str = "") -> str:
        return f"{self.base}/api/games/{urllib.parse.quote(self.game, safe='')}{tail}"

    def socket(self) -> str:
        url = self.api("/ws")
        return "ws" + url[len("http") :]  # http -> ws, https -> wss


def parse_address(url: str) -> Address:
    """The game at `url` (http[s]://HOST[:PORT][/PREFIX]/games/ID[#token=T]; /api/games/ID too)."""
    bad = f"--connect {url!r}: not a game's address ({EXAMPLE})"
    try:
        parts = urllib.parse.urlsplit(url.strip())
        port = parts.port  # a port that is not a number raises here
    except ValueError:
        raise DockyardError(bad) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise DockyardError(bad)
    path = parts.path.rstrip("/")
    head, sep, game = path.rpartition("/games/")
    if not sep or not game or "/" in game:
        raise DockyardError(bad)
    head = head.removesuffix("/api")
    token = urllib.parse.parse_qs(parts.fragment).get("token", [None])[0]
    netloc = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    if port is not None:
        netloc += f":{port}"
    base = f"{parts.scheme}://{netloc}{head}"
    return Address(base, urllib.parse.unquote(game), token)


class Connection:
    """The JSON API of one game, as one seat (a token) or a spectator (none)."""

    def __init__(self, address: Address, token: str | None, timeout: float = TIMEOUT) -> None:
        self.address = address
        self.token = token
        self.timeout = timeout
        handlers = [urllib.request.ProxyHandler({})] if address.loopback else []
        self._opener = urllib.request.build_opener(*handlers)

    def request(self, method: str, tail: str = "", body: Any = None) -> Any:
        """The JSON answer of one request to the game's API (ServerError when refused)."""
        url = self.address.api(tail)
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url, data=data, method=method)
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        try:
            with self._opener.open(req, timeout=self.timeout) as answer:
                raw = answer.read()
        except urllib.error.HTTPError as exc:
            raise self._refusal(exc) from None
        except TimeoutError:
            raise ServerError(
                f"the server at {self.address.base} did not answer within {self.timeout:g} s"
            ) from None
        except urllib.error.URLError as exc:
            why = exc.reason.strerror if isinstance(exc.reason, OSError) else exc.reason
            raise ServerError(
                f"cannot reach a server at {self.address.base} ({why or exc.reason})"
            ) from None
        except OSError as exc:  # reset, closed mid-answer, ...
            raise ServerError(
                f"lost the connection to the server at {self.address.base} "
                f"({exc.strerror or type(exc).__name__})"
            ) from None
        try:
            return json.loads(raw)
        except ValueError:
            raise ServerError(
                f"{self.address.base} answered something that is not JSON: "
                "is it a dockyard server?",
                status=200,
            ) from None

    def _refusal(self, exc: urllib.error.HTTPError) -> ServerError:
        try:
            body = json.loads(exc.read())
        except (ValueError, OSError):
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("error"), str):
            return ServerError(
                f"{self.address.base} answered {exc.code} {exc.reason}: is it a dockyard server?",
                status=exc.code,
            )
        message = body["error"]
        if exc.code == 404:
            message = f"no game {self.address.game!r} on the server at {self.address.base}"
        elif exc.code == 401 and self.token:
            message = f"the token is not a seat of game {self.address.game} ({message})"
        hint = body.get("hint") if isinstance(body.get("hint"), str) else ""
        return ServerError(message, hint or "", exc.code)

    def state(self) -> dict[str, Any]:
        """The game as this seat (or a spectator) sees it."""
        answer = self.request("GET")
        if not isinstance(answer, dict) or not {"version", "log", "players"} <= set(answer):
            raise ServerError(
                f"{self.address.base} answered something that is not a game: "
                "is it a dockyard server?",
                status=200,
            )
        return answer

    def act(self, line: str) -> dict[str, Any]:
        return dict(self.request("POST", "/actions", {"action": line}))

    def undo(self, n: int) -> dict[str, Any]:
        return dict(self.request("POST", "/undo", {"n": n}))


class Watcher(threading.Thread):
    """Reads the game's WebSocket in a thread of its own and hands each JSON message to
    `on_message`; if the socket drops it connects again (for up to RECONNECT seconds, as a
    server restarts), else it calls `on_lost` with why, once."""

    def __init__(
        self,
        connection: Connection,
        on_message: Callable[[dict[str, Any]], None],
        on_lost: Callable[[str], None],
    ) -> None:
        super().__init__(name="dockyard-watcher", daemon=True)
        self.connection = connection
        self.on_message = on_message
        self.on_lost = on_lost
        self.stopping = threading.Event()
        self._socket: Any = None

    def _connect(self) -> Any:
        from websockets.sync.client import connect

        options: dict[str, Any] = {"open_timeout": 10, "close_timeout": 1, "max_size": MAX_MESSAGE}
        if "proxy" in inspect.signature(connect).parameters and self.connection.address.loopback:
            options["proxy"] = None  # loopback: never through a proxy
        ws = connect(self.connection.address.socket(), **options)
        # the token as the first message, so that it is in no URL (and no server log)
        ws.send(json.dumps({"token": self.connection.token} if self.connection.token else {}))
        return ws

    def run(self) -> None:
        down_since: float | None = None  # when the socket last dropped (None: it is up)
        while not self.stopping.is_set():
            why = "the server closed the connection"
            try:
                self._socket = self._connect()
                down_since = None
                for raw in self._socket:
                    try:
                        message = json.loads(raw)
                    except ValueError:
                        continue
                    if not isinstance(message, dict):
                        continue
                    self.on_message(message)
                    if message.get("type") == "error":
                        self.stopping.set()
                        return
            except Exception as exc:  # refused, reset, closed, a bad handshake...
                why = _why(exc)
            if self.stopping.is_set():
                return
            now = time.monotonic()
            down_since = now if down_since is None else down_since
            if now - down_since > RECONNECT:
                self.stopping.set()
                self.on_lost(
                    f"lost the connection to the server at {self.connection.address.base} ({why})"
                )
                return
            self.stopping.wait(0.5)

    def stop(self) -> None:
        self.stopping.set()
        ws = self._socket
        if ws is not None:
            try:
                ws.close()
            except Exception:
                pass


def _why(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
