"""`dockyard serve` facing the open web, over real HTTP and WebSockets (a server started by its
command): pages escape what they show and every answer carries the security headers; bots move
after the create is answered, under a budget, and what a create may buy is bounded; proxies are
believed only from --forwarded-allow-ips; hostile bodies (deep, not text, not JSON, cross-site,
cut short) are 4xx with no traceback; guessed tokens are limited; SIGTERM stops as Ctrl-C."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from dockyard.testing.server import ServerProcess  # noqa: E402
from server_play import Net  # noqa: E402

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("hostile")
    with ServerProcess(folder / "games.sqlite", "--rate", "100000") as running:
        yield running


def send(
    server: ServerProcess, method: str, path: str, body: bytes = b"", **headers: str
) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of a request sent exactly as given."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request(
            method, path, body=body, headers={k.replace("_", "-"): v for k, v in headers.items()}
        )
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


def json_error(status: int, raw: bytes, wanted: int) -> str:
    assert status == wanted, f"{status} {raw[:200]!r}, wanted {wanted}"
    body = json.loads(raw)
    assert isinstance(body, dict) and isinstance(body["error"], str) and body["error"]
    return str(body["error"])


NEW_GAME = json.dumps({"game": "tictactoe", "players": 2}).encode()


# ---- pages ---------------------------------------------------------------------------------------
def test_pages_escape_what_they_show_and_send_the_security_headers(server: ServerProcess) -> None:
    evil = "/games/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%22%27"
    status, headers, raw = send(server, "GET", evil)
    assert status == 404 and headers["content-type"].startswith("text/html")
    page = raw.decode()
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;&quot;" in page
    net = Net(server, "tictactoe", 2, 1)
    for path in (evil, "/", f"/games/{net.id}", "/games/nosuchgame", "/api/health", "/nothing"):
        status, headers, _ = send(server, "GET", path)
        csp = headers.get("content-security-policy", "")
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, (path, headers)
        assert headers.get("x-content-type-options") == "nosniff", path
        assert headers.get("referrer-policy") == "no-referrer", path


# ---- bots ------------------------------------------------------------------------------------------
def test_a_create_is_answered_before_its_bots_move(server: ServerProcess) -> None:
    """Two searching bots of Curious Cargo take minutes to play their game: the create answers
    while they play, and a game of people on the same server is played meanwhile."""
    request = {"game": "curious-cargo", "players": 2, "seed": 3}
    status, body = server.call(
        "POST", "/api/games", {**request, "bots": {"p1": "mcts", "p2": "mcts"}}
    )
    assert status == 201, body
    shown = server.call("GET", f"/api/games/{body['id']}")[1]
    assert not shown["over"] and len(shown["log"]) < 5, "the bots played inside the create"
    people = Net(server, "tictactoe", 2, 4)
    for seat, cell in zip("xoxox", ("a1", "b1", "a2", "b2", "a3"), strict=True):
        assert people.act(seat, f"mark {cell}")[0] == 200
    assert people.get()["over"]
    end = time.monotonic() + 60
    while len(server.call("GET", f"/api/games/{body['id']}")[1]["log"]) < 3:  # they do move
        assert time.monotonic() < end, "the bots did not move"
        time.sleep(0.5)


@pytest.mark.parametrize(
    ("bot", "why"),
    [("mcts:5s", "2 s a move"), ("mcts:100000", "playouts"), ("mcts:1e400s", "budget")],
)
def test_what_a_create_may_buy_is_bounded(server: ServerProcess, bot: str, why: str) -> None:
    request = {"game": "curious-cargo", "players": 2, "bots": {"p1": bot}}
    status, raw, _ = server.raw("POST", "/api/games", request)
    assert why in json_error(status, raw, 400)


def test_a_bot_over_its_budget_plays_at_random(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "g.sqlite", "--bot-seconds", "0.3") as quick:
        request = {"game": "curious-cargo", "players": 2, "seed": 5}
        status, body = quick.call(
            "POST", "/api/games", {**request, "bots": {"p2": "mcts:2s", "p1": "mcts:2s"}}
        )
        assert status == 201, body
        end = time.monotonic() + 90
        while len(quick.call("GET", f"/api/games/{body['id']}")[1]["log"]) < 4:
            assert time.monotonic() < end, quick.output()[-500:]
            time.sleep(0.3)
        assert "did not move within 0.3 s; it plays at random" in quick.output()


# ---- proxies ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("trusted", "believed"), [("10.9.9.9", False), ("127.0.0.1", True)])
def test_forwarded_for_is_believed_only_from_a_trusted_proxy(
    tmp_path: Path, trusted: str, believed: bool
) -> None:
    args = ("--proxy-headers", "--forwarded-allow-ips", trusted)
    with ServerProcess(tmp_path / "g.sqlite", *args) as proxied:
        statuses = [
            send(
                proxied,
                "POST",
                "/api/games",
                NEW_GAME,
                Content_Type="application/json",
                X_Forwarded_For=f"10.8.{i}.1",
            )[0]
            for i in range(40)
        ]
    if believed:  # forty addresses, one game each
        assert set(statuses) == {201}, statuses
    else:  # one address (the test's), past its burst of 25
        assert 429 in statuses and statuses[0] == 201, statuses


# ---- hostile bodies --------------------------------------------------------------------------------
def test_hostile_bodies_are_4xx_without_a_traceback(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "g.sqlite", "--rate", "100000") as fresh:
        net = Net(fresh, "tictactoe", 2, 2)
        auth = f"Bearer {net.tokens['x']}"
        actions = f"{net.path}/actions"
        deep = b"[" * 1500 + b"]" * 1500
        shallow_but_deep = b'{"action": ' + b"[" * 40 + b"]" * 40 + b"}"  # json reads it
        for path, body, wanted in (
            (actions, deep, 400),
            (actions, shallow_but_deep, 400),
            (actions, b'{"action": "x: mark \\ud800"}', 400),
            (actions, b'{"action": ["x: mark a1"]}', 400),
            ("/api/games", deep, 400),
            ("/api/games", b'{"game": "tictactoe", "players": ["\\udfff", "o"]}', 400),
            ("/api/games", b'{"game": {"a": 1}}', 400),
        ):
            status, _, raw = send(
                fresh, "POST", path, body, Content_Type="application/json", Authorization=auth
            )
            json_error(status, raw, wanted)
        for _ in range(200):  # junk before any authentication: a small log
            send(fresh, "POST", "/api/games", deep, Content_Type="application/json")
        assert net.get()["log"] == []
        log = fresh.output()
        assert "Traceback" not in log and "internal error" not in log
        assert len(log) < 2000, log[-500:]


def test_bodies_are_json_from_this_site_only(server: ServerProcess) -> None:
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        status, _, raw = send(server, "POST", "/api/games", NEW_GAME, Content_Type=kind)
        assert "application/json" in json_error(status, raw, 415)
    status, _, raw = send(
        server,
        "POST",
        "/api/games",
        NEW_GAME,
        Content_Type="application/json",
        Origin="http://evil.example",
    )
    assert "another site" in json_error(status, raw, 403)
    host = f"127.0.0.1:{server.port}"
    status, _, raw = send(
        server,
        "POST",
        "/api/games",
        NEW_GAME,
        Content_Type="application/json",
        Origin=f"http://{host}",
    )
    assert status == 201, raw  # the page's own origin


def test_long_seat_names_are_refused(server: ServerProcess) -> None:
    status, raw, _ = server.raw(
        "POST", "/api/games", {"game": "tictactoe", "players": ["x" * 65000, "o"]}
    )
    assert "32 characters" in json_error(status, raw, 400)
    assert (
        server.call("POST", "/api/games", {"game": "tictactoe", "players": ["x" * 32, "o"]})[0]
        == 201
    )


def test_a_body_shorter_than_announced_times_out(server: ServerProcess) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as conn:
        conn.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"game"'
        )
        start = time.monotonic()
        answer = conn.recv(4096)
        took = time.monotonic() - start
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert took < 20  # (5 s by default; the test's own timeout is far above it)


def test_guessed_tokens_are_limited_per_address(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "g.sqlite") as fresh:
        net = Net(fresh, "tictactoe", 2, 3)
        statuses = [net.act("x", "mark a1", token=f"guess{i:027d}")[0] for i in range(40)]
        assert statuses[0] == 401 and 429 in statuses, statuses
        status, body = net.act("x", "mark a1", token="another-guess-still-too-many")
        assert status == 429 and "wrong tokens" in body["error"]


# ---- stopping -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_stops_as_ctrl_c_does(tmp_path: Path, signum: int) -> None:
    running = ServerProcess(tmp_path / "g.sqlite").start()
    try:
        net = Net(running, "tictactoe", 2, 9)
        assert net.act("x", "mark b2")[0] == 200
        assert running.stop(signum) == 0
        assert "dockyard serve: stopped" in running.output()
        assert "Traceback" not in running.output()
        running.start()
        assert net.get()["log"] == ["x: mark b2"]
    finally:
        running.kill()
