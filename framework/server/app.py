"""The HTTP and WebSocket API of `dockyard serve` (an ASGI app, Starlette), and its pages.

    GET  /api/health                      {"ok": true}
    GET  /api/openapi.json                this API as an OpenAPI 3 document (openapi.py)
    GET  /api/games/catalog               the games, variants, player counts and bots
    POST /api/games                       {"game", "players", "variants"?, "seed"?, "bots"?}
                                          -> 201 {"id", "seats": {SEAT: TOKEN}, "url", "links"}
    GET  /api/games/{id}                  the game as the token's seat (or a spectator) sees it;
                                          ?format=svg: its picture
    POST /api/games/{id}/actions          {"action": "x: mark b2"} -> {"events": [...], "over"}
    POST /api/games/{id}/undo             {"n"?: 1} -> {"undone": [...]}
    GET  /api/games/{id}/save             once the game is over: its save (TOML, with the seed),
                                          for `dockyard replay` and the REPL's `load`
    WS   /api/games/{id}/ws               a JSON message after every change (the token as the
                                          first message, {"token": T}, or ?token=T): sockets.py
    GET  /games/{id}                      the page to play in (the token in #token=...)
    GET  /                                the lobby: create a game, copy each seat's link

A request is read from its path in the handlers below, each of which reads the server's parts
from `request.app.state` (tables, hub, robots, limits, the rate limiters); the rules run in
worker threads under the table's lock (tables.py), the bots after the answer (robots.py).
Every error is JSON, {"error": why} (and "hint" where a legal action helps): the tables' refusals
are mapped to their HTTP status by STATUS below, the request's own (size, type, rate, origin) by
guard.py. Every answer carries the security headers (guard.SECURITY_HEADERS).
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute

from ..core import DockyardError
from .guard import (
    Limits,
    RateLimiter,
    Refused,
    SecurityHeaders,
    Shield,
    bearer,
    body_of,
    client_of,
    foreign_origin,
    guessing_refused,
)
from .lobby import ROUTES as LOBBY_ROUTES
from .lobby import Lobby
from .openapi import document
from .robots import Robots
from .sockets import Hub, socket
from .store import Store, hash_token
from .tables import (
    BadRequest,
    NoGame,
    NoSeat,
    NotNow,
    NotYours,
    Table,
    TableError,
    Tables,
    Unresumable,
    Unsaved,
)

__all__ = ["Limits", "create_app"]

ASSETS = {"play.js": "text/javascript", "style.css": "text/css", "lobby.js": "text/javascript"}

# the tables' refusals as HTTP answers (any other DockyardError: 409, not legal now)
STATUS: dict[type[TableError], int] = {
    BadRequest: 400,
    NoSeat: 401,
    NotYours: 403,
    NoGame: 404,
    NotNow: 409,
    Unresumable: 500,
    Unsaved: 503,
}


def error(status: int, message: str, hint: str = "") -> JSONResponse:
    body: dict[str, Any] = {"error": message}
    if hint:
        body["hint"] = hint
    return JSONResponse(body, status_code=status)


def asset(name: str) -> str:
    return (resources.files("dockyard.server") / "static" / name).read_text(encoding="utf-8")


# ---- what every handler needs ----------------------------------------------------------------
def tables_of(request: Request) -> Tables:
    return request.app.state.tables  # type: ignore[no-any-return]


def seat_for(table: Table, request: Request) -> str | None:
    """The seat of the request's token (None: no token, a spectator); a wrong token is 401,
    and 429 once its address has guessed too often."""
    token = bearer(request)
    if token is None:
        return None
    seat = table.seat_of(token)
    if seat is None:
        refuse_guess(request)
        raise NoSeat("that token is not a seat of this game")
    return seat


def refuse_guess(request: Request) -> None:
    if guessing_refused(request.app.state, client_of(request)):
        raise Refused(429, "too many wrong tokens from this address; wait a moment")


def limited(request: Request, token: str | None) -> None:
    state = request.app.state
    if token and not state.acting.allow(hash_token(token)):
        raise Refused(429, f"at most {state.limits.rate:g} actions a second per seat; slow down")


def same_origin(request: Request) -> None:
    if foreign_origin(request):
        raise Refused(403, "a page of another site cannot change games here")


# ---- the API -----------------------------------------------------------------------------------
async def health(request: Request) -> Response:
    return JSONResponse({"ok": True})


async def openapi(request: Request) -> Response:
    return JSONResponse(document())


async def catalog(request: Request) -> Response:
    from ..bots import games_json

    return JSONResponse(await run_in_threadpool(games_json))


async def create(request: Request) -> Response:
    same_origin(request)
    state = request.app.state
    if not state.creating.allow(client_of(request)):
        raise Refused(429, "too many games created from this address; wait a moment")
    body = await body_of(request)
    gid, tokens = await run_in_threadpool(state.tables.create, body)
    state.robots.wake(gid, acted=True)  # the bots move after this answer
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
    table = await run_in_threadpool(tables_of(request).get, request.path_params["id"])
    seat = seat_for(table, request)
    shape = request.query_params.get("format", "json")
    if shape not in ("json", "svg"):
        raise BadRequest("?format= is json (the default) or svg (the picture)")
    if shape == "svg":
        svg = await run_in_threadpool(table.picture, seat)
        if svg is None:
            raise NoGame(f"{table.session.game.name} draws no pictures")
        return Response(svg, media_type="image/svg+xml")
    shown = await run_in_threadpool(table.snapshot, seat)
    return JSONResponse({**shown, "seating": request.app.state.lobby.seating(table.id)})


async def authorized(request: Request) -> str:
    """The request's token when it is a seat's of the game in the path (401 or 429 when not);
    its rate checked."""
    token = bearer(request)
    if token is None:
        raise NoSeat("a seat's token is needed (Authorization: Bearer TOKEN)")
    table = await run_in_threadpool(tables_of(request).get, request.path_params["id"])
    seat_for(table, request)
    limited(request, token)
    return token


async def act(request: Request) -> Response:
    same_origin(request)
    gid = request.path_params["id"]
    token = await authorized(request)
    body = await body_of(request)
    if not isinstance(body, dict) or set(body) - {"action"}:
        raise BadRequest('send {"action": "LINE"}, a line such as "x: mark b2"')
    state = request.app.state
    _, moves, answer = await run_in_threadpool(state.tables.act, gid, token, body.get("action"))
    state.robots.wake(gid, acted=True)  # (the sockets were told as it was committed)
    return JSONResponse(answer)


async def undo(request: Request) -> Response:
    same_origin(request)
    gid = request.path_params["id"]
    token = await authorized(request)
    body = await body_of(request)
    if not isinstance(body, dict) or set(body) - {"n"}:
        raise BadRequest('send {} or {"n": HOW_MANY}')
    state = request.app.state
    answer = await run_in_threadpool(state.tables.undo, gid, token, body.get("n", 1))
    return JSONResponse(answer)


async def save(request: Request) -> Response:
    table = await run_in_threadpool(tables_of(request).get, request.path_params["id"])
    text = await run_in_threadpool(table.save_text)
    return Response(
        text,
        media_type="application/toml",
        headers={"Content-Disposition": f'attachment; filename="{table.id}.toml"'},
    )


# ---- pages ---------------------------------------------------------------------------------------
async def page(request: Request) -> Response:
    try:
        await run_in_threadpool(tables_of(request).get, request.path_params["id"])
    except TableError as exc:
        return HTMLResponse(
            f"<!doctype html><title>dockyard</title><p>{html.escape(str(exc))}</p>", 404
        )
    return HTMLResponse(asset("page.html"))


async def lobby(request: Request) -> Response:
    return HTMLResponse(asset("lobby.html"))


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in ASSETS:
        raise NoGame("no such asset")
    return Response(asset(name), media_type=ASSETS[name])


# ---- errors as JSON ------------------------------------------------------------------------------
async def table_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, TableError)
    return error(STATUS.get(type(exc), 409), str(exc), exc.hint)


async def refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refused)
    return error(exc.status, str(exc))


async def dockyard_error(request: Request, exc: Exception) -> Response:
    return error(409, str(exc))


async def socket_over_http(request: Request) -> Response:
    """`GET /api/games/{id}/ws` as a plain request (no WebSocket upgrade): 426 (404 when
    there is no such game); another method there is a 405, as on every route."""
    await run_in_threadpool(tables_of(request).get, request.path_params["id"])
    return error(426, "this is the game's WebSocket: connect to it with ws:// (or wss://)")


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    answer = error(exc.status_code, str(exc.detail))
    answer.headers.update(exc.headers or {})  # (a 405's Allow)
    return answer


ROUTES = [
    Route("/api/health", health),
    Route("/api/openapi.json", openapi),
    Route("/api/games/catalog", catalog),
    Route("/api/games", create, methods=["POST"]),
    Route("/api/games/{id}", show),
    Route("/api/games/{id}/actions", act, methods=["POST"]),
    Route("/api/games/{id}/undo", undo, methods=["POST"]),
    Route("/api/games/{id}/save", save),
    WebSocketRoute("/api/games/{id}/ws", socket),
    Route("/api/games/{id}/ws", socket_over_http),  # (plain HTTP there: 426, other methods 405)
    Route("/games/{id}", page, name="page"),
    Route("/assets/{name}", static),
    Route("/", lobby),
    *LOBBY_ROUTES,  # open seats, joins, rematches
]


def create_app(
    store: Store, limits: Limits | None = None, capacity: int = 1024, bot_seconds: float = 10.0
) -> Starlette:
    """The server's ASGI application over `store`; its bots think at most `bot_seconds` a
    move."""
    limits = limits or Limits()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        state = app.state
        state.robots = Robots(state.tables, budget=bot_seconds)
        state.tables.wake = state.robots.wake
        state.tables.told = lambda gid, moves: loop.call_soon_threadsafe(state.hub.tell, gid, moves)
        try:
            yield
        finally:
            state.robots.close()

    app = Starlette(
        routes=ROUTES,
        middleware=[Middleware(SecurityHeaders), Middleware(Shield)],
        exception_handlers={
            TableError: table_error,
            Refused: refused,
            DockyardError: dockyard_error,
            HTTPException: http_error,
        },
        lifespan=lifespan,
    )
    app.state.limits = limits
    app.state.tables = Tables(store, capacity)
    app.state.lobby = Lobby(app.state.tables)
    app.state.hub = Hub(limits)
    app.state.acting = RateLimiter(limits.rate, 2 * limits.rate)
    app.state.creating = RateLimiter(limits.creates, 5 * limits.creates)
    app.state.guessing = RateLimiter(limits.guesses, 20)
    return app
