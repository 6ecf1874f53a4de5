"""`GET /api/openapi.json` of a real `dockyard serve`: an OpenAPI 3 document that describes every
route the app has (each method, its body and its answers), and that schemathesis, fuzzing the
server from it, finds no server error (nor any answer the document does not describe). A short
run by default; a longer one (every phase, more examples) with DOCKYARD_LONG=1."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from dockyard.testing.server import ServerProcess  # noqa: E402
from server_play import LONG  # noqa: E402

pytestmark = pytest.mark.timeout(1800 if LONG else 300)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("openapi")
    args = ("--rate", "100000", "--create-rate", "1000")
    with ServerProcess(folder / "games.sqlite", *args) as running:
        yield running


def test_the_document_describes_every_route(server: ServerProcess) -> None:
    from dockyard.server.app import ROUTES
    from dockyard.server.openapi import document
    from starlette.routing import Route

    status, served = server.call("GET", "/api/openapi.json")
    assert status == 200 and served == document()
    assert served["openapi"].startswith("3.")
    paths = served["paths"]
    for route in ROUTES:
        assert route.path in paths, f"{route.path} is not described"
        if isinstance(route, Route):
            methods = {m.lower() for m in route.methods or {"GET"}} - {"head"}
            assert methods == set(paths[route.path]), (route.path, methods)
        else:  # a WebSocket: its handshake is a GET
            assert set(paths[route.path]) == {"get"}
    assert set(paths) == {route.path for route in ROUTES}, "a described path the app lacks"
    for path, operations in paths.items():
        for method, operation in operations.items():
            answers = operation["responses"]
            assert any(code.startswith(("2", "1")) for code in answers), (path, method)
            if method == "post":  # a body: its errors are described too
                assert {"400", "413", "415", "429"} <= set(answers), (path, answers)
    schemas = served["components"]["schemas"]
    assert set(schemas["NewGame"]["properties"]) == {"game", "players", "variants", "seed", "bots"}


@pytest.mark.parametrize("who", ["a stranger", "a seat"])
def test_the_fuzzer_finds_no_server_error(server: ServerProcess, tmp_path: Path, who: str) -> None:
    """A stranger's requests name games at random (most are refused: no such game, no token);
    a seat's carry a real game's id in every path and its seat's token, so the fuzzed bodies
    reach the rules themselves (actions, undo, save, rematch)."""
    pytest.importorskip("schemathesis")
    if who == "a seat":
        status, body = server.call("POST", "/api/games", {"game": "tictactoe", "players": 2})
        assert status == 201, body
        token = body["seats"]["x"]
        (tmp_path / "schemathesis.toml").write_text(
            f'headers = {{ Authorization = "Bearer {token}" }}\n\n'
            f'[parameters]\nid = "{body["id"]}"\n'
        )
    if LONG:
        phases, examples = "examples,coverage,fuzzing,stateful", "100"
    else:
        phases, examples = "examples,fuzzing", "5"
    command = [
        sys.executable,
        "-c",
        "import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())",
        "run",
        f"{server.base}/api/openapi.json",
        "--checks",
        "all",
        # a request the schema allows may still name no game, player count or variant there is
        # (or, seated, a move that is not legal now)
        "--exclude-checks",
        "positive_data_acceptance",
        "--phases",
        phases,
        "--max-examples",
        examples,
        "--seed",
        "1",
        "--workers",
        "1",
        "--no-color",
    ]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=1500 if LONG else 240,
        env={**os.environ, "NO_COLOR": "1"},
        cwd=tmp_path,  # (its cache folder, .schemathesis/; its schemathesis.toml)
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "Traceback" not in server.output() and "internal error" not in server.output()
    if who == "a seat":  # the fuzzer's requests reached the game (not all refused unread)
        status, state = server.call("GET", f"/api/games/{body['id']}", token=token)
        assert status == 200, state
        assert state["version"] > 0  # its example move was played (and perhaps taken back)


def test_the_socket_s_address_over_plain_http(server: ServerProcess) -> None:
    """A plain request to a game's WebSocket address: GET is told to upgrade (426), another
    method is not allowed there (405, as on every route), no such game is a 404."""
    status, body = server.call("POST", "/api/games", {"game": "tictactoe", "players": 2})
    assert status == 201, body
    path = f"/api/games/{body['id']}/ws"
    assert server.call("GET", path)[0] == 426
    assert server.call("DELETE", path)[0] == 405
    assert server.call("GET", "/api/games/no-such-game/ws")[0] == 404
