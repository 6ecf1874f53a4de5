"""What stands between the open web and the tables: limits per address and per token, the
reading of a request's body (JSON only, bounded in size, depth and time, no lone surrogates),
the origin check, the security headers every answer carries, and a last guard that turns an
unexpected exception into one JSON 500 and one line of log (no traceback)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "Limits",
    "RateLimiter",
    "Refused",
    "SecurityHeaders",
    "Shield",
    "body_of",
    "client_of",
    "foreign_origin",
    "guessing_refused",
]

log = logging.getLogger("dockyard.serve")

MAX_DEPTH = 32  # nesting of a request's JSON


@dataclass
class Limits:
    """What one client may ask of the server."""

    body: int = 64 * 1024  # bytes in a request's body
    body_seconds: float = 5.0  # to send a whole body (a shorter one than announced: 408)
    rate: float = 20.0  # actions per second per token (a burst of twice as many)
    creates: float = 5.0  # games created per second per client address (a burst of 5x)
    guesses: float = 1.0  # wrong tokens per second per address (a burst of 20)
    spectators: int = 64  # spectators' sockets per game
    address_spectators: int = 16  # spectators' sockets per address
    pending_sockets: int = 32  # sockets per address that have sent no token yet
    seat_sockets: int = 4  # sockets per seat (one more closes its oldest)


class Refused(Exception):
    """An HTTP refusal of the request itself (its size, type, rate or origin)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class _Bucket:
    tokens: float
    at: float = field(default_factory=time.monotonic)


class RateLimiter:
    """A token bucket per key: `rate` a second, bursts of `burst`."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, _Bucket] = {}

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > 100_000:  # forget the idle ones
                self._buckets = {
                    k: b for k, b in self._buckets.items() if now - b.at < self.burst / self.rate
                }
            bucket = self._buckets[key] = _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True


def client_of(conn: HTTPConnection) -> str:
    """The client's address (a proxy's X-Forwarded-For only when --forwarded-allow-ips trusts
    the proxy: uvicorn has then put it in the scope)."""
    return conn.client.host if conn.client else "?"


def guessing_refused(state: Any, address: str) -> bool:
    """Count a wrong token from `address`: True once it has guessed too often (429)."""
    return not state.guessing.allow(address)


def foreign_origin(conn: HTTPConnection) -> bool:
    """True when the request says it comes from a page of another site (`Origin` naming
    another host than the one asked, or "null"); a request without Origin is no browser's."""
    origin = conn.headers.get("origin")
    if origin is None:
        return False
    host = conn.headers.get("host", "")
    try:
        return urlsplit(origin).netloc.lower() != host.lower() or not host
    except ValueError:
        return True


def _checked(value: Any, depth: int = 0) -> None:
    """Refuse JSON nested deeper than MAX_DEPTH or holding a lone surrogate."""
    if depth > MAX_DEPTH:
        raise Refused(400, f"the body's JSON is nested more than {MAX_DEPTH} deep")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise Refused(400, "the body holds a lone surrogate (\\ud800...): not text") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _checked(key, depth + 1)
            _checked(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _checked(item, depth + 1)


def bearer(request: Request) -> str | None:
    """The token of `Authorization: Bearer TOKEN` (None when there is none)."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


async def body_of(request: Request) -> Any:
    """The request's JSON body ({} when it has none): 415 when it is not sent as
    application/json, 413 past the size limit, 408 when it is not all sent in time, 400 when
    it is not JSON (or too deep, or not text)."""
    limits: Limits = request.app.state.limits
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > limits.body):
        raise Refused(413, f"a request's body is at most {limits.body} bytes")
    raw = b""

    async def read() -> None:
        nonlocal raw
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limits.body:
                raise Refused(413, f"a request's body is at most {limits.body} bytes")

    try:
        await asyncio.wait_for(read(), timeout=limits.body_seconds)
    except TimeoutError:
        raise Refused(408, f"the body did not come within {limits.body_seconds:g} s") from None
    if not raw.strip():
        return {}
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(415, "send the body as JSON, with Content-Type: application/json")
    try:
        body = json.loads(raw)
    except RecursionError:
        raise Refused(400, f"the body's JSON is nested more than {MAX_DEPTH} deep") from None
    except ValueError as exc:
        raise Refused(400, f"the body is not JSON: {str(exc)[:200]}") from None
    _checked(body)
    return body


# every answer tells the browser: nothing from elsewhere, no framing, no sniffing, no referrer
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        b"connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; "
        b"form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


class SecurityHeaders:
    """ASGI middleware: SECURITY_HEADERS on every HTTP answer (pages, 404s and JSON alike)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


class Shield:
    """ASGI middleware: an exception nothing else answered becomes a JSON 500 and one line of
    log (its kind and the path), never a traceback; the games are as they were."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as exc:  # noqa: BLE001 - the last guard
            log.error(
                "dockyard serve: %s %s: internal error %s",
                scope.get("method", "WS"),
                str(scope.get("path", ""))[:200],
                type(exc).__name__,
            )
            if scope["type"] != "http" or started:
                return
            body = json.dumps(
                {"error": f"internal error: {type(exc).__name__} (the games are as they were)"}
            ).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 500,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
