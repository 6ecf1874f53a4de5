"""The HTTP and WebSocket API of `dockyard serve` (an ASGI app, Starlette), and its pages.

    GET  /api/health                      {"ok": true}
    GET  /api/games/catalog               the games, variants, player counts and bots
    POST /api/games                       {"game", "players", "variants"?, "seed"?, "bots"?}
                                          -> 201 {"id", "seats": {SEAT: TOKEN}, "url", "links"}
    GET  /api/games/{id}                  the game as the token's seat (or a spectator) sees it;
                                          ?format=svg: its picture
    POST /api/games/{id}/actions          {"action": "x: mark b2"} -> {"events": [...]}
    POST /api/games/{id}/undo             {"n"?: 1} -> {"undone": [...]}
    GET  /api/games/{id}/save             once the game is over: its save (TOML, with the seed),
                                          for `dockyard replay` and the REPL's `load`
    WS   /api/games/{id}/ws?token=T       a JSON message after every change (or the token as
                                          the first message: {"token": T})
    GET  /games/{id}                      the page to play in (the token in #token=...)
    GET  /                                the lobby: create a game, copy each seat's link
    (open seats, the games waiting for players, joining and rematches: lobby.py)

Every error is JSON: {"error": why} (and "hint" where a legal action helps). The work of the
rules runs in worker threads (one lock per table; see tables.py), so one slow game never
holds up another.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..core import DockyardError
from .lobby import Lobby
from .store import Store, hash_token
from .tables import Move, Refused, Table, Tables, lines_for

__all__ = ["Limits", "create_app"]

ASSETS = {"play.js": "text/javascript", "style.css": "text/css", "lobby.js": "text/javascript"}


@dataclass
class Limits:
    """What one client may ask of the server."""

    body: int = 64 * 1024  # bytes in a request's body
    rate: float = 20.0  # actions per second per token (a burst of twice as many)
    sockets: int = 64  # open WebSockets per game
    creates: float = 5.0  # games created per second per client address (a burst of 5x)


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


class Hub:
    """The open WebSockets of each game in this process, told of every change."""

    def __init__(self) -> None:
        self.sockets: dict[str, set[asyncio.Queue[list[Move]]]] = {}

    def count(self, gid: str) -> int:
        return len(self.sockets.get(gid, ()))

    def join(self, gid: str) -> asyncio.Queue[list[Move]]:
        queue: asyncio.Queue[list[Move]] = asyncio.Queue()
        self.sockets.setdefault(gid, set()).add(queue)
        return queue

    def leave(self, gid: str, queue: asyncio.Queue[list[Move]]) -> None:
        queues = self.sockets.get(gid)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.sockets[gid]

    def tell(self, gid: str, moves: list[Move]) -> None:
        for queue in self.sockets.get(gid, ()):
            queue.put_nowait(moves)


def error(status: int, message: str, hint: str = "") -> JSONResponse:
    body: dict[str, Any] = {"error": message}
    if hint:
        body["hint"] = hint
    return JSONResponse(body, status_code=status)


def bearer(request: Request) -> str | None:
    """The token of `Authorization: Bearer TOKEN` (None when there is none)."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def asset(name: str) -> str:
    return (resources.files("dockyard.server") / "static" / name).read_text(encoding="utf-8")


def create_app(store: Store, limits: Limits | None = None, capacity: int = 1024) -> Starlette:
    """The server's ASGI application over `store`."""
    limits = limits or Limits()
    tables = Tables(store, capacity)
    hub = Hub()
    acting = RateLimiter(limits.rate, 2 * limits.rate)
    creating = RateLimiter(limits.creates, 5 * limits.creates)
    lobby_ = Lobby(tables, lambda gid: hub.tell(gid, []))  # open seats, joins, rematches

    async def body_of(request: Request) -> Any:
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > limits.body):
            raise Refused(413, f"a request's body is at most {limits.body} bytes")
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limits.body:
                raise Refused(413, f"a request's body is at most {limits.body} bytes")
        if not raw.strip():
            return {}
        try:
            return json.loads(raw)
        except ValueError as exc:
            raise Refused(400, f"the body is not JSON: {exc}") from None

    def seat_for(table: Table, request: Request) -> str | None:
        token = bearer(request)
        if token is None:
            return None
        seat = table.seat_of(token)
        if seat is None:
            raise Refused(401, "that token is not a seat of this game")
        return seat

    def limited(token: str | None) -> None:
        if token and not acting.allow(hash_token(token)):
            raise Refused(429, f"at most {limits.rate:g} actions a second per seat; slow down")

    # ---- the API ---------------------------------------------------------------------------------
    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True})

    async def catalog(request: Request) -> Response:
        from ..bots import games_json

        return JSONResponse(await run_in_threadpool(games_json))

    async def create(request: Request) -> Response:
        client = request.client.host if request.client else "?"
        if not creating.allow(client):
            raise Refused(429, "too many games created from this address; wait a moment")
        body = await body_of(request)
        gid, tokens, moves = await run_in_threadpool(tables.create, body)
        url = str(request.url_for("page", id=gid))
        return JSONResponse(
            {
                "id": gid,
                "seats": tokens,
                "url": url,
                "links": {seat: f"{url}#token={token}" for seat, token in tokens.items()},
            },
            status_code=201,
        )

    async def show(request: Request) -> Response:
        gid = request.path_params["id"]
        table = await run_in_threadpool(tables.get, gid)
        seat = seat_for(table, request)
        if request.query_params.get("format") == "svg":
            svg = await run_in_threadpool(table.picture, seat)
            if svg is None:
                raise Refused(404, f"{table.session.game.name} draws no pictures")
            return Response(svg, media_type="image/svg+xml")
        shown = await run_in_threadpool(table.snapshot, seat)
        return JSONResponse({**shown, "seating": lobby_.seating(gid)})

    async def act(request: Request) -> Response:
        gid = request.path_params["id"]
        token = bearer(request)
        limited(token)
        body = await body_of(request)
        if not isinstance(body, dict) or set(body) - {"action"}:
            raise Refused(400, 'send {"action": "LINE"}, a line such as "x: mark b2"')
        table, seat, moves = await run_in_threadpool(tables.act, gid, token, body.get("action"))
        hub.tell(gid, moves)
        events = lines_for(table.session, moves, seat)
        return JSONResponse({"events": events, "over": table.session.over})

    async def undo(request: Request) -> Response:
        gid = request.path_params["id"]
        token = bearer(request)
        limited(token)
        body = await body_of(request)
        if not isinstance(body, dict) or set(body) - {"n"}:
            raise Refused(400, 'send {} or {"n": HOW_MANY}')
        table, seat, taken = await run_in_threadpool(tables.undo, gid, token, body.get("n", 1))
        hub.tell(gid, [])
        # as the seat was told them: a bot's secret action (a sealed bid) only as announced
        session = table.session
        undone = [session.format(a) if a.player == seat else session.announce(a) for a in taken]
        return JSONResponse({"undone": undone[::-1]})

    async def save(request: Request) -> Response:
        table = await run_in_threadpool(tables.get, request.path_params["id"])
        text = await run_in_threadpool(table.save_text)
        return Response(
            text,
            media_type="application/toml",
            headers={"Content-Disposition": f'attachment; filename="{table.id}.toml"'},
        )

    async def socket(websocket: WebSocket) -> None:
        gid = websocket.path_params["id"]
        try:
            table = await run_in_threadpool(tables.get, gid)
        except Refused as exc:
            await websocket.close(code=4404, reason=str(exc)[:120])
            return
        await websocket.accept()
        token = websocket.query_params.get("token")
        if token is None:  # the token as the first message ({"token": T}; none: a spectator)
            try:
                first = await asyncio.wait_for(websocket.receive_text(), timeout=2.0)
                token = json.loads(first).get("token") if first.strip() else None
            except (TimeoutError, ValueError, AttributeError, KeyError):  # KeyError: bytes
                token = None
            except WebSocketDisconnect:
                return
        if token is not None and not isinstance(token, str):
            await websocket.send_json(
                {"type": "error", "error": 'send the token as {"token": "TOKEN"}, a string'}
            )
            await websocket.close(code=4400)
            return
        seat = table.seat_of(token) if token else None
        if token and seat is None:
            await websocket.send_json(
                {"type": "error", "error": "that token is not a seat of this game"}
            )
            await websocket.close(code=4401)
            return
        if hub.count(gid) >= limits.sockets:
            await websocket.send_json(
                {"type": "error", "error": "too many open sockets on this game"}
            )
            await websocket.close(code=4429)
            return
        queue = hub.join(gid)

        async def message(moves: list[Move]) -> dict[str, Any]:
            current = await run_in_threadpool(tables.get, gid)
            shown = await run_in_threadpool(current.snapshot, seat)
            events = lines_for(current.session, moves, seat)
            return {"type": "state", "events": events, **shown, "seating": lobby_.seating(gid)}

        async def listen() -> None:  # until the client goes; what it sends is not needed
            try:  # (text or bytes alike)
                while (await websocket.receive())["type"] != "websocket.disconnect":
                    pass
            except (WebSocketDisconnect, RuntimeError):
                return

        listener = asyncio.ensure_future(listen())
        try:
            await websocket.send_json(await message([]))
            version = table.version
            while not listener.done():
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait(
                    {getter, listener},
                    timeout=1.0 if store.shared else None,
                    return_when=asyncio.FIRST_COMPLETED,
                )
                if getter in done:
                    moves = getter.result()
                    while not queue.empty():  # several changes at once: one message
                        moves = moves + queue.get_nowait()
                else:
                    getter.cancel()
                    if listener.done():
                        break
                    current = await run_in_threadpool(tables.get, gid)  # another process?
                    if current.version == version:
                        continue
                    moves = []
                msg = await message(moves)
                version = msg["version"]
                await websocket.send_json(msg)
        except (WebSocketDisconnect, RuntimeError, Refused):
            pass
        finally:
            listener.cancel()
            hub.leave(gid, queue)

    # ---- pages -----------------------------------------------------------------------------------
    async def page(request: Request) -> Response:
        gid = request.path_params["id"]
        try:
            await run_in_threadpool(tables.get, gid)
        except Refused as exc:
            return HTMLResponse(f"<!doctype html><title>dockyard</title><p>{exc}</p>", 404)
        return HTMLResponse(asset("page.html"), headers=PAGE_HEADERS)

    async def lobby(request: Request) -> Response:
        return HTMLResponse(asset("lobby.html"), headers=PAGE_HEADERS)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            raise Refused(404, f"no asset {name!r}")
        return Response(asset(name), media_type=ASSETS[name])

    # ---- errors as JSON ----------------------------------------------------------------------------
    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return error(exc.status, str(exc), exc.hint)

    async def dockyard_error(request: Request, exc: Exception) -> Response:
        return error(409, str(exc))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return error(exc.status_code, str(exc.detail))

    async def internal(request: Request, exc: Exception) -> Response:
        return error(500, f"internal error: {type(exc).__name__} (the games are as they were)")

    routes = [
        Route("/api/health", health),
        Route("/api/games/catalog", catalog),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{id}", show),
        Route("/api/games/{id}/actions", act, methods=["POST"]),
        Route("/api/games/{id}/undo", undo, methods=["POST"]),
        Route("/api/games/{id}/save", save),
        WebSocketRoute("/api/games/{id}/ws", socket),
        Route("/games/{id}", page, name="page"),
        Route("/assets/{name}", static),
        Route("/", lobby),
        *lobby_.routes(body_of, lambda address: creating.allow(address), bearer),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            Refused: refused,
            DockyardError: dockyard_error,
            HTTPException: http_error,
            Exception: internal,
        },
    )
    app.state.tables = tables
    app.state.hub = hub
    return app


# the pages load nothing from elsewhere, and tell the browser so
PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "connect-src 'self' ws: wss:; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
