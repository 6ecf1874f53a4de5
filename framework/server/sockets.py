"""The WebSocket of a game, `WS /api/games/{id}/ws`: a JSON message of the game as the socket's
seat (or a spectator) sees it on connecting and after every change.

Sockets are counted by kind, so that strangers cannot lock the players out:
- a seat's socket (its token in `?token=` or in the first message, `{"token": T}`) is always
  taken; a seat holds at most `Limits.seat_sockets` at once, and one more closes its oldest
  (code 4409);
- a socket with no token yet (it has FIRST_MESSAGE seconds to send one) counts against its
  address (`Limits.pending_sockets`, refused at the handshake past it);
- a spectator's counts against its address (`Limits.address_spectators`) and its game
  (`Limits.spectators`), closed with 4429 past either.

Close codes: 4400 a token that is not a string (or sent as a binary frame), 4401 a token that is
no seat of the game, 4403 a page of another origin, 4404 no such game, 4409 replaced by a newer
socket of the same seat, 4429 too many spectators.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from .guard import Limits, foreign_origin, guessing_refused
from .tables import Move, TableError

__all__ = ["Hub", "socket"]

FIRST_MESSAGE = 2.0  # seconds a socket with no ?token= has to send its token


@dataclass(eq=False)
class Listener:
    """One open socket: its seat (None: a spectator), its address, its queue of changes (None
    in the queue: close, a newer socket of the seat took its place)."""

    seat: str | None
    address: str
    queue: asyncio.Queue[list[Move] | None] = field(default_factory=asyncio.Queue)


class Hub:
    """The open WebSockets of each game in this process, told of every change."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.games: dict[str, list[Listener]] = {}
        self.pending: dict[str, int] = {}  # address -> sockets that have sent no token yet
        self.watching: dict[str, int] = {}  # address -> spectators' sockets

    # ---- counting ------------------------------------------------------------------------------
    def admit_pending(self, address: str) -> bool:
        """Count one more socket with no token yet from `address`; False when it holds its
        limit already."""
        held = self.pending.get(address, 0)
        if held >= self.limits.pending_sockets:
            return False
        self.pending[address] = held + 1
        return True

    def release_pending(self, address: str) -> None:
        _less(self.pending, address)

    def join(self, gid: str, seat: str | None, address: str) -> Listener | None:
        """The listener of a new socket (None: a spectator past the game's limit). A seat's
        socket past the seat's limit closes that seat's oldest."""
        listeners = self.games.setdefault(gid, [])
        if seat is None:
            if (
                sum(1 for x in listeners if x.seat is None) >= self.limits.spectators
                or self.watching.get(address, 0) >= self.limits.address_spectators
            ):
                if not listeners:
                    del self.games[gid]
                return None
            self.watching[address] = self.watching.get(address, 0) + 1
        else:
            own = [x for x in listeners if x.seat == seat]
            for old in own[: max(0, len(own) - self.limits.seat_sockets + 1)]:
                listeners.remove(old)
                old.queue.put_nowait(None)
        listener = Listener(seat, address)
        listeners.append(listener)
        return listener

    def leave(self, gid: str, listener: Listener) -> None:
        listeners = self.games.get(gid)
        if listeners is not None and listener in listeners:
            listeners.remove(listener)
            if not listeners:
                del self.games[gid]
        if listener.seat is None:
            _less(self.watching, listener.address)

    def tell(self, gid: str, moves: list[Move]) -> None:
        for listener in self.games.get(gid, ()):
            listener.queue.put_nowait(moves)


def _less(counts: dict[str, int], key: str) -> None:
    held = counts.get(key, 0) - 1
    if held > 0:
        counts[key] = held
    else:
        counts.pop(key, None)


async def _refuse(websocket: WebSocket, code: int, message: str) -> None:
    await websocket.send_json({"type": "error", "error": message})
    await websocket.close(code=code, reason=message[:120])


async def _first_token(websocket: WebSocket) -> tuple[Any, str | None]:
    """The token a socket sends as its first message (None: none within FIRST_MESSAGE s, or
    not an object with one: a spectator), or a refusal's words."""
    try:
        first = await asyncio.wait_for(websocket.receive(), timeout=FIRST_MESSAGE)
    except TimeoutError:
        return None, None
    if first["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(first.get("code", 1000))
    if first.get("text") is None:
        return None, 'send the token as text, {"token": "TOKEN"}, not as bytes'
    try:
        sent = json.loads(first["text"]) if first["text"].strip() else None
    except ValueError:
        return None, None
    return (sent.get("token") if isinstance(sent, dict) else None), None


async def socket(websocket: WebSocket) -> None:
    """WS /api/games/{id}/ws: see the module's text."""
    state = websocket.app.state
    hub: Hub = state.hub
    address = websocket.client.host if websocket.client else "?"
    if foreign_origin(websocket):
        await websocket.close(code=4403)  # before accepting: the handshake is refused (403)
        return
    gid = websocket.path_params["id"]
    token = websocket.query_params.get("token")
    counted = [token is None]  # no token yet: until its first message (or none) comes
    if counted[0] and not hub.admit_pending(address):
        await websocket.close(code=4429)  # refused at the handshake: too many from here
        return

    def seated() -> None:
        if counted[0]:
            counted[0] = False
            hub.release_pending(address)

    try:
        await _serve(websocket, gid, token, address, seated)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        seated()


async def _serve(
    websocket: WebSocket, gid: str, token: str | None, address: str, seated: Any
) -> None:
    state = websocket.app.state
    hub: Hub = state.hub
    await websocket.accept()
    try:
        table = await run_in_threadpool(state.tables.get, gid)
    except TableError:
        await _refuse(websocket, 4404, "not found: no such game")
        return
    if token is None:
        token, refusal = await _first_token(websocket)
        if refusal is not None:
            await _refuse(websocket, 4400, refusal)
            return
    if token is not None and not isinstance(token, str):
        await _refuse(websocket, 4400, 'send the token as {"token": "TOKEN"}, a string')
        return
    seat = table.seat_of(token) if token else None
    if token and seat is None:
        if guessing_refused(state, address):
            await _refuse(websocket, 4429, "too many wrong tokens from this address; wait")
        else:
            await _refuse(websocket, 4401, "that token is not a seat of this game")
        return
    seated()  # a seat's socket or a spectator's: no longer waiting for a token
    listener = hub.join(gid, seat, address)
    if listener is None:
        await _refuse(websocket, 4429, "too many spectators (on this game or from here)")
        return
    try:
        await _follow(websocket, gid, listener)
    finally:
        hub.leave(gid, listener)


async def _follow(websocket: WebSocket, gid: str, listener: Listener) -> None:
    """Send the game on connecting and after every change, until the socket goes."""
    state = websocket.app.state
    tables, store = state.tables, state.tables.store
    seat, queue = listener.seat, listener.queue

    async def message(since: int | None) -> dict[str, Any]:
        current = await run_in_threadpool(tables.get, gid)
        shown = await run_in_threadpool(current.message, since, seat)
        return {**shown, "seating": state.lobby.seating(gid)}  # open seats, joins (lobby.py)

    async def listen() -> None:  # until the client goes; what it sends is not needed
        try:  # (text or bytes alike)
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass
        except (WebSocketDisconnect, RuntimeError):
            return

    listener_task = asyncio.ensure_future(listen())
    try:
        first = await message(None)
        version = first["version"]
        await websocket.send_json(first)
        while not listener_task.done():
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait(
                {getter, listener_task},
                timeout=1.0 if store.shared else None,
                return_when=asyncio.FIRST_COMPLETED,
            )
            # the queue only wakes the socket: what changed is read from the table with the
            # game (a change told after the message that showed it is not shown again)
            if getter in done:
                told = [getter.result()]
                while not queue.empty():  # several changes at once: one message
                    told.append(queue.get_nowait())
                if any(moves is None for moves in told):
                    await _refuse(websocket, 4409, "this seat opened another socket; closed")
                    return
                seating = any(not moves for moves in told)  # (the lobby's: seats, a rematch)
                if not seating and all(m.version <= version for ms in told for m in ms or ()):
                    continue  # shown already
            else:
                getter.cancel()
                if listener_task.done():
                    break
                current = await run_in_threadpool(tables.get, gid)  # another process?
                if current.version == version:
                    continue
            msg = await message(version)
            version = msg["version"]
            await websocket.send_json(msg)
    except (WebSocketDisconnect, RuntimeError, TableError):
        pass
    finally:
        listener_task.cancel()
