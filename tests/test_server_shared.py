"""Two `dockyard serve` processes sharing one PostgreSQL database: a game made on one is played
on both, each sees the other's moves (its GETs and its WebSockets), two exclusive moves sent to
both at once are judged one after the other (one wins, the other is refused), and killing one
server loses nothing the other goes on with. The cluster is test_server_postgres.py's."""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from dockyard.testing.server import ServerProcess
from test_server_postgres import pg_url  # noqa: F401  (the session's throwaway cluster)

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def servers(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:  # noqa: F811
    import psycopg

    name = f"shared_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    url = pg_url.replace("/postgres?", f"/{name}?")
    a, b = ServerProcess(url), ServerProcess(url)
    a.start()
    b.start()
    try:
        yield a, b
    finally:
        a.kill()
        b.kill()


def test_a_game_made_on_one_server_is_played_on_both(servers: Any) -> None:
    a, b = servers
    status, game = a.call("POST", "/api/games", {"game": "tictactoe", "players": 2, "seed": 1})
    assert status == 201
    gid, x, o = game["id"], game["seats"]["x"], game["seats"]["o"]
    assert a.call("POST", f"/api/games/{gid}/actions", {"action": "mark b2"}, x)[0] == 200
    status, seen = b.call("GET", f"/api/games/{gid}", token=o)
    assert status == 200 and seen["log"] == ["x: mark b2"] and seen["to_act"] == ["o"]
    assert b.call("POST", f"/api/games/{gid}/actions", {"action": "mark a1"}, o)[0] == 200
    status, seen = a.call("GET", f"/api/games/{gid}", token=x)
    assert seen["log"] == ["x: mark b2", "o: mark a1"] and "x: mark a1" not in seen["legal"]


def test_a_websocket_on_one_server_hears_a_move_made_on_the_other(servers: Any) -> None:
    from websockets.sync.client import connect

    a, b = servers
    _, game = a.call("POST", "/api/games", {"game": "tictactoe", "players": 2, "seed": 2})
    gid, x, o = game["id"], game["seats"]["x"], game["seats"]["o"]
    with connect(f"ws://127.0.0.1:{a.port}/api/games/{gid}/ws", open_timeout=10) as ws:
        ws.send(json.dumps({"token": o}))
        first = json.loads(ws.recv(timeout=10))
        assert first["seat"] == "o" and first["log"] == []
        assert b.call("POST", f"/api/games/{gid}/actions", {"action": "mark c3"}, x)[0] == 200
        message = json.loads(ws.recv(timeout=10))  # the other server's move, within its poll
        assert message["log"] == ["x: mark c3"] and message["legal"]


def test_one_exclusive_move_sent_to_both_servers_at_once_is_played_once(servers: Any) -> None:
    a, b = servers
    for seed in range(3):
        _, game = a.call("POST", "/api/games", {"game": "tictactoe", "players": 2, "seed": seed})
        gid, x = game["id"], game["seats"]["x"]
        b.call("GET", f"/api/games/{gid}")  # both servers hold the table in memory
        answers: list[int] = []
        go = threading.Barrier(2)

        def send(server: ServerProcess, cell: str, gid: str, x: str, go: Any, answers: Any) -> None:
            go.wait()
            line = {"action": f"mark {cell}"}
            answers.append(server.call("POST", f"/api/games/{gid}/actions", line, x)[0])

        threads = [
            threading.Thread(target=send, args=(s, c, gid, x, go, answers))
            for s, c in ((a, "a1"), (b, "c3"))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(answers) == [200, 409]  # x moves once: the second is not x's turn
        logs = [s.call("GET", f"/api/games/{gid}")[1]["log"] for s in (a, b)]
        assert logs[0] == logs[1] and len(logs[0]) == 1


def test_a_killed_server_loses_nothing_the_other_goes_on_with(servers: Any) -> None:
    a, b = servers
    _, game = a.call("POST", "/api/games", {"game": "tictactoe", "players": 2, "seed": 4})
    gid, x, o = game["id"], game["seats"]["x"], game["seats"]["o"]
    assert a.call("POST", f"/api/games/{gid}/actions", {"action": "mark a1"}, x)[0] == 200
    a.kill()
    assert b.call("POST", f"/api/games/{gid}/actions", {"action": "mark b1"}, o)[0] == 200
    a.start()
    deadline = time.monotonic() + 5
    status, seen = a.call("GET", f"/api/games/{gid}", token=x)
    while seen.get("log") != ["x: mark a1", "o: mark b1"] and time.monotonic() < deadline:
        time.sleep(0.1)
        status, seen = a.call("GET", f"/api/games/{gid}", token=x)
    assert status == 200 and seen["log"] == ["x: mark a1", "o: mark b1"]
    assert a.call("POST", f"/api/games/{gid}/actions", {"action": "mark c1"}, x)[0] == 200
