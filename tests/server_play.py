"""Helpers of the server's tests (tests/test_server_*.py): a game made on a real `dockyard serve`
(`dockyard.testing.server.ServerProcess`), its seats' WebSockets, and the local `Session` that
replays what was played over the wire, to hold the server's answers to."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Iterable
from contextlib import ExitStack
from typing import Any

from dockyard.core import Event
from dockyard.saves import Record
from dockyard.seats import announced_log
from dockyard.session import Session
from dockyard.testing.server import ServerProcess

LONG = bool(os.environ.get("DOCKYARD_LONG"))


def jsonish(value: Any) -> Any:
    """`value` as it comes back from JSON (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(value))


class Net:
    """One game on the server, as its creator knows it: its id and its seats' tokens."""

    def __init__(
        self,
        server: ServerProcess,
        game: str,
        players: int | list[str] | None = None,
        seed: int = 1,
        bots: dict[str, str] | None = None,
        variants: Iterable[str] = (),
    ) -> None:
        request: dict[str, Any] = {"game": game, "seed": seed, "variants": list(variants)}
        if players is not None:
            request["players"] = players
        if bots:
            request["bots"] = bots
        status, body = server.call("POST", "/api/games", request)
        for _ in range(100):  # the server lets one address create 5 games a second (bursts of 25)
            if status != 429:
                break
            time.sleep(0.2)
            status, body = server.call("POST", "/api/games", request)
        assert status == 201, f"POST /api/games {request}: {status} {body!r}"
        self.server = server
        self.id: str = body["id"]
        self.tokens: dict[str, str] = body["seats"]
        self.created = body
        self.game, self.seed, self.variants = game, seed, tuple(variants)
        self.bots = dict(bots or {})
        self.players: list[str] = self.get()["players"]
        if self.bots:
            self.settle()

    def settle(self, timeout: float = 120) -> dict[str, Any]:
        """The game (as a spectator sees it) once no bot is to move: the server moves its
        bots after it has answered the request that made it their turn."""
        end = time.monotonic() + timeout
        while True:
            shown = self.get()
            if shown["over"] or not set(shown["to_act"]) & set(self.bots):
                return shown
            assert time.monotonic() < end, f"the bots did not move within {timeout} s: {shown}"
            time.sleep(0.05)

    @property
    def path(self) -> str:
        return f"/api/games/{self.id}"

    def get(self, seat: str | None = None, token: str | None = None) -> dict[str, Any]:
        status, body = self.server.call(
            "GET", self.path, token=token or self.tokens.get(seat or "")
        )
        assert status == 200, f"GET {self.path} as {seat or 'a spectator'}: {status} {body!r}"
        assert isinstance(body, dict)
        return body

    def act(self, seat: str, line: str, token: str | None = None) -> tuple[int, Any]:
        token = token or self.tokens[seat]
        return self.server.call("POST", f"{self.path}/actions", {"action": line}, token=token)

    def undo(self, seat: str, n: int | None = None) -> tuple[int, Any]:
        body = {} if n is None else {"n": n}
        return self.server.call("POST", f"{self.path}/undo", body, token=self.tokens[seat])

    def socket(self, seat: str | None = None, first: bool = False) -> Socket:
        """A socket of `seat` (None: a spectator's), its token in the query or, with `first`,
        in the first message (a spectator sends an empty one: no waiting for a token)."""
        url = f"ws://127.0.0.1:{self.server.port}{self.path}/ws"
        if seat is not None and not first:
            return Socket(f"{url}?token={self.tokens[seat]}")
        socket = Socket(url)
        socket.ws.send(json.dumps({} if seat is None else {"token": self.tokens[seat]}))
        return socket

    def replay(self, lines: Iterable[str]) -> Session:
        """A local session of the same game playing `lines` (canonical or announced)."""
        record = Record(
            self.game, self.seed, tuple(self.players), self.variants, (), None, tuple(lines)
        )
        return Session.from_record(record, where=f"the replay of {self.id}")


class Socket:
    """A WebSocket of one seat (or a spectator) on a game: one JSON message per change."""

    def __init__(self, url: str) -> None:
        from websockets.sync.client import connect

        self._open = ExitStack()  # websockets >= 15 wants connect() as a context manager
        self.ws = self._open.enter_context(connect(url, open_timeout=20, close_timeout=2))
        self.messages: list[dict[str, Any]] = []

    def next(self, timeout: float = 20) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        assert isinstance(message, dict), message
        self.messages.append(message)
        return message

    def until(self, version: int, timeout: float = 60) -> dict[str, Any]:
        """The messages up to the game's `version` (a change by a seat, then the bots' moves,
        may come as several): the last, its "events" those of them all."""
        events: list[str] = []
        end = time.monotonic() + timeout
        while True:
            message = self.next(max(0.1, end - time.monotonic()))
            events += message.get("events", [])
            if message.get("version", version) >= version:
                return {**message, "events": events}

    def silent(self, wait: float = 0.3) -> bool:
        """No message comes within `wait` seconds."""
        try:
            message = self.ws.recv(timeout=wait)
        except TimeoutError:
            return True
        self.messages.append(json.loads(message))
        return False

    def close(self) -> None:
        self._open.close()


def shown_as_local(body: dict[str, Any], local: Session, viewer: str | None, where: str) -> None:
    """What the server showed `viewer` (a GET body, a WebSocket message) is what the local
    session shows it: its view, its log as announced to it, who acts, its own legal lines."""
    assert body["log"] == announced_log(local, viewer), f"{where}: the log as {viewer}"
    assert body["view"] == jsonish(local.view(viewer)), f"{where}: the view as {viewer}"
    assert body["to_act"] == local.actors(), f"{where}: to_act"
    assert body["over"] is local.over, f"{where}: over"
    if viewer is None:
        assert "legal" not in body, f"{where}: a spectator is shown legal lines"
    else:
        mine = local.legal_actions(viewer) if viewer in local.actors() else []
        assert body["legal"] == [local.format(a) for a in mine], f"{where}: {viewer}'s legal"
    outcome = local.outcome()
    if outcome is None:
        assert body["result"] is None, f"{where}: a result before the end"
    else:
        assert body["result"]["scores"] == jsonish(dict(outcome.scores)), f"{where}: scores"
        assert body["result"]["winners"] == list(outcome.winners), f"{where}: winners"


def events_as(local: Session, events: Iterable[Event], viewer: str | None) -> list[str]:
    """The lines of the last action's `events` that `viewer` may see: its own move in its
    canonical text, anything else as told."""
    mover = local.log[-1].player
    return [
        local.format(local.log[-1]) if e.kind == "move" and viewer == mover else e.text
        for e in events
        if e.seen_by(viewer)
    ]


def play_out(
    net: Net,
    seed: int,
    sockets: dict[str | None, Socket] | None = None,
    step: Callable[[int, str, str, Session], None] | None = None,
    until: int | None = None,
    local: Session | None = None,
) -> Session:
    """Play `net`'s game to its end (or `until` actions) over HTTP: each turn a seat to act GETs
    its own legal lines and POSTs one of them (seeded choices); every socket then gets one
    message, checked against the local session that plays the same. `step(i, seat, line,
    local)` runs after each action. The local session."""
    rng = random.Random(f"server-play:{seed}")
    local = local if local is not None else net.replay(())
    sockets = sockets or {}
    played = 0
    while not local.over and (until is None or played < until):
        seat = rng.choice(local.actors())
        mine = net.get(seat)
        assert mine["to_act"] == local.actors(), f"action {len(local.log)}: to_act"
        legal = [local.format(a) for a in local.legal_actions(seat)]
        assert mine["legal"] == legal and legal, f"action {len(local.log)}: {seat}'s legal lines"
        line = rng.choice(mine["legal"])
        assert line.startswith(f"{seat}:"), f"{seat}'s legal line {line!r} is not its own"
        status, answer = net.act(seat, line)
        assert status == 200, f"{line!r}: {status} {answer!r}"
        events = local.apply(local.parse(line))
        assert answer["events"] == events_as(local, events, seat), f"{line!r}: its events"
        assert answer["over"] is local.over
        for viewer, socket in sockets.items():
            message = socket.next()
            where = f"{viewer or 'the spectator'}'s message after {line!r}"
            assert message["type"] == "state", where
            assert message["events"] == events_as(local, events, viewer), f"{where}: events"
            shown_as_local(message, local, viewer, where)
        played += 1
        if step is not None:
            step(played, seat, line, local)
    return local
