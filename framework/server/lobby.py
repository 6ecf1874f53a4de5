"""The lobby's side of `dockyard serve`: seats left open for anyone with the lobby to join, the
list of games waiting for players, and rematches.

    POST /api/lobby/games            as POST /api/games, plus "open": [SEAT, ...]: those seats'
                                     links are not given out; the lobby lists the game until
                                     someone joins each -> 201 {"id", "url", "links", "open"}
    GET  /api/lobby                  {"games": [{"id", "game", "title", "players", "open",
                                     "bots"}]}: the games with an open seat, newest first
    POST /api/lobby/{id}/join        {"seat"?: SEAT} -> {"id", "seat", "link"} (the link holds
                                     the seat's token: it is handed out once)
    POST /api/games/{id}/rematch     with a seat's token, once the game is over: a new game of
                                     the same game, seats, variants and bots (a new seed); every
                                     seat of the old game asking gets its own link to it
                                     -> {"id", "seat", "link"}

An open seat's token is held in this process's memory until it is joined (a restart forgets
it: the seat can no longer be joined, and the game is no longer listed); so are the rematches'
links. What a table is told of them (`seating`) rides on its state messages: the open seats,
the seats joined from the lobby, and the rematch's id once one is made.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .guard import Refused, bearer, body_of, client_of, foreign_origin
from .tables import TableError, Tables

__all__ = ["ROUTES", "Lobby"]

KEPT = 10_000  # games the lobby remembers (open seats, joins, rematches), the oldest forgotten
LISTED = 50  # games listed by GET /api/lobby at most


class Lobby:
    """Open seats, joins and rematches of one server process."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.lock = threading.Lock()
        self.open: OrderedDict[str, dict[str, str]] = OrderedDict()  # gid -> seat -> token
        self.joined: OrderedDict[str, list[str]] = OrderedDict()  # gid -> seats joined
        self.rematch: OrderedDict[str, tuple[str, dict[str, str]]] = OrderedDict()

    @staticmethod
    def _keep(d: OrderedDict[str, Any], key: str, value: Any) -> None:
        d[key] = value
        d.move_to_end(key)
        while len(d) > KEPT:
            d.popitem(last=False)

    def seating(self, gid: str) -> dict[str, Any]:
        """What a table's pages are told: open seats, seats joined, the rematch's id."""
        with self.lock:
            again = self.rematch.get(gid)
            return {
                "open": sorted(self.open.get(gid, {})),
                "joined": list(self.joined.get(gid, [])),
                "rematch": again[0] if again else None,
            }

    # ---- the work (in worker threads) --------------------------------------------------------
    def create(self, body: Any) -> tuple[str, dict[str, str], list[str]]:
        """A game with some seats left open: its id, the other seats' tokens, the open seats."""
        if not isinstance(body, dict):
            raise Refused(400, 'send a JSON object such as {"game": "tictactoe", "open": ["o"]}')
        request = dict(body)
        wanted = request.pop("open", [])
        if not isinstance(wanted, list) or not all(isinstance(s, str) for s in wanted):
            raise Refused(400, '"open" is a list of seats, such as ["o"]')
        gid, tokens = self.tables.create(request)
        unknown = [s for s in wanted if s not in tokens]
        if unknown:  # checked after the seats are known: the game stays, every seat a link
            raise Refused(
                400,
                f"no seat {unknown[0]!r} for a person to join "
                f"(seats: {', '.join(tokens) or 'none'}); open seats are the players' own",
            )
        with self.lock:
            if wanted:
                self._keep(self.open, gid, {s: tokens[s] for s in wanted})
        return gid, {s: t for s, t in tokens.items() if s not in wanted}, sorted(wanted)

    def listing(self) -> list[dict[str, Any]]:
        with self.lock:
            ids = [gid for gid, seats in reversed(self.open.items()) if seats][:LISTED]
            seats = {gid: sorted(self.open[gid]) for gid in ids}
        games = []
        for gid in ids:
            try:
                table = self.tables.get(gid)
            except TableError:
                continue
            session = table.session  # what everyone may know of it: no view is drawn
            if session.over:
                continue
            games.append(
                {
                    "id": gid,
                    "game": session.game.name,
                    "title": session.game.title,
                    "players": list(session.players),
                    "bots": {seat: bot.name for seat, bot in table.bots.items()},
                    "open": seats[gid],
                }
            )
        return games

    def join(self, gid: Any, body: Any) -> tuple[str, str]:
        """Take an open seat of game `gid` (the one named, or the first): (seat, token)."""
        if not isinstance(gid, str) or not isinstance(body, dict) or set(body) - {"seat"}:
            raise Refused(400, 'send {} or {"seat": "SEAT"}')
        seat = body.get("seat")
        if seat is not None and not isinstance(seat, str):
            raise Refused(400, '"seat" names a seat, such as "o"')
        self.tables.get(gid)  # 404 when there is no such game
        with self.lock:
            seats = self.open.get(gid) or {}
            if not seats:
                raise Refused(409, "no seat of this game is open any more")
            if seat is None:
                seat = sorted(seats)[0]
            if seat not in seats:
                raise Refused(409, f"seat {seat!r} is not open (open: {', '.join(sorted(seats))})")
            token = seats.pop(seat)
            self._keep(self.joined, gid, [*self.joined.get(gid, []), seat])
        return seat, token

    def again(self, gid: Any, token: str | None) -> tuple[str, str, str, bool]:
        """The rematch of `gid` for the seat `token` holds (made on the first ask): its id, the
        seat, the seat's token in it, and whether this ask made it."""
        table = self.tables.get(gid)
        seat = table.seat_of(token)
        if seat is None:
            raise Refused(401, "a seat's token is needed (Authorization: Bearer TOKEN)")
        made = False
        with self.lock:
            present = self.rematch.get(gid)
        if present is None:
            shown = table.snapshot(None)
            if not shown["over"]:
                raise Refused(409, "a rematch is offered once the game is over")
            with table.lock:  # one rematch per game, even when both seats ask at once
                with self.lock:
                    present = self.rematch.get(gid)
                if present is None:
                    bots = {s: b for s, b in shown["bots"].items()}
                    new, tokens = self.tables.create(
                        {
                            "game": shown["game"],
                            "players": shown["players"],
                            "variants": shown["variants"],
                            "bots": bots,
                        }
                    )
                    with self.lock:
                        still_open = self.open.get(gid, {})
                        if still_open:  # never joined: open again in the rematch
                            self._keep(self.open, new, {s: tokens[s] for s in still_open})
                        present = (new, tokens)
                        self._keep(self.rematch, gid, present)
                    made = True
        new, tokens = present
        if seat not in tokens:
            raise Refused(409, f"{seat} is played by a bot in the rematch")
        return new, seat, tokens[seat], made


# ---- the routes (module level, as app.py's: the lobby is request.app.state.lobby) -------------
def _limit(request: Request) -> None:
    if foreign_origin(request):
        raise Refused(403, "a page of another site cannot create or join games here")
    if not request.app.state.creating.allow(client_of(request)):
        raise Refused(429, "too many games created or joined from this address; wait")


def _link(request: Request, gid: str, token: str | None = None) -> str:
    url = str(request.url_for("page", id=gid))
    return f"{url}#token={token}" if token else url


def _tell(request: Request, gid: str) -> None:
    """Push a state message to the game's sockets (the table's pages hear who joined)."""
    request.app.state.hub.tell(gid, [])


async def create(request: Request) -> Response:
    _limit(request)
    body = await body_of(request)
    lobby: Lobby = request.app.state.lobby
    gid, tokens, open_ = await run_in_threadpool(lobby.create, body)
    request.app.state.robots.wake(gid, acted=True)  # the bots move after this answer
    return JSONResponse(
        {
            "id": gid,
            "seats": tokens,
            "url": _link(request, gid),
            "links": {s: _link(request, gid, t) for s, t in tokens.items()},
            "open": open_,
        },
        status_code=201,
    )


async def listing(request: Request) -> Response:
    games = await run_in_threadpool(request.app.state.lobby.listing)
    return JSONResponse({"games": games, "at": int(time.time())})


async def join(request: Request) -> Response:
    _limit(request)
    body = await body_of(request)
    gid = request.path_params["id"]
    seat, token = await run_in_threadpool(request.app.state.lobby.join, gid, body)
    _tell(request, gid)
    return JSONResponse({"id": gid, "seat": seat, "link": _link(request, gid, token)})


async def rematch(request: Request) -> Response:
    _limit(request)
    body = await body_of(request)
    if body not in ({}, None):
        raise Refused(400, "send {} (the seat is the token's)")
    gid = request.path_params["id"]
    token = bearer(request)
    lobby: Lobby = request.app.state.lobby
    new, seat, token, made = await run_in_threadpool(lobby.again, gid, token)
    if made:
        request.app.state.robots.wake(new, acted=True)
        _tell(request, gid)  # the other seats' pages hear of it
    return JSONResponse(
        {"id": new, "seat": seat, "token": token, "link": _link(request, new, token)}
    )


ROUTES = [
    Route("/api/lobby", listing),
    Route("/api/lobby/games", create, methods=["POST"]),
    Route("/api/lobby/{id}/join", join, methods=["POST"]),
    Route("/api/games/{id}/rematch", rematch, methods=["POST"]),
]
