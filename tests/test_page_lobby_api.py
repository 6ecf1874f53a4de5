"""The lobby's API (dockyard/server/lobby.py) over real HTTP against `dockyard serve`: open seats
are listed until joined, a join hands the seat's link out once, a rematch is one new game that
every seat of the old one gets its own link to, and every malformed request is a JSON 4xx (never a
500), with the game as it was."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from dockyard.testing.server import ServerProcess  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("lobby") / "games.sqlite"
    with ServerProcess(db, "--create-rate", "1000") as running:  # the limit: its own test
        yield running


def open_game(server: ServerProcess, **fields: Any) -> dict[str, Any]:
    body = {"game": "tictactoe", "players": 2, "open": ["o"], **fields}
    status, made = server.call("POST", "/api/lobby/games", body)
    assert status == 201, made
    return dict(made)


def listed(server: ServerProcess) -> list[str]:
    status, body = server.call("GET", "/api/lobby")
    assert status == 200
    return [g["id"] for g in body["games"]]


def test_an_open_seat_is_listed_then_joined_once(server: ServerProcess) -> None:
    made = open_game(server)
    assert set(made["seats"]) == {"x"} and "o" not in made["links"] and made["open"] == ["o"]
    assert made["id"] in listed(server)
    status, shown = server.call("GET", f"/api/games/{made['id']}")
    assert shown["seating"] == {"open": ["o"], "joined": [], "rematch": None}
    status, joined = server.call("POST", f"/api/lobby/{made['id']}/join", {"seat": "o"})
    assert status == 200 and joined["seat"] == "o", joined
    token = joined["link"].split("#token=")[1]
    status, mine = server.call("GET", f"/api/games/{made['id']}", token=token)
    assert mine["seat"] == "o" and mine["seating"]["joined"] == ["o"]
    assert made["id"] not in listed(server)
    status, again = server.call("POST", f"/api/lobby/{made['id']}/join", {"seat": "o"})
    assert status == 409 and "open" in again["error"]  # handed out once


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/api/lobby/games", {"game": "tictactoe", "open": "o"}, 400),
        ("/api/lobby/games", {"game": "tictactoe", "open": [1]}, 400),
        ("/api/lobby/games", {"game": "tictactoe", "open": ["zz"]}, 400),
        ("/api/lobby/games", {"game": "tictactoe", "bots": {"o": "random"}, "open": ["o"]}, 400),
        ("/api/lobby/games", {"game": "no-such-game", "open": ["o"]}, 400),
        ("/api/lobby/games", [1, 2], 400),
        ("/api/lobby/nosuchgame/join", {}, 404),
        ("/api/lobby/GAME/join", {"seat": 3}, 400),
        ("/api/lobby/GAME/join", {"seat": "x"}, 409),
        ("/api/lobby/GAME/join", {"who": "o"}, 400),
        ("/api/lobby/GAME/join", "o", 400),
    ],
)
def test_a_malformed_lobby_request_is_a_json_4xx(
    server: ServerProcess, path: str, body: Any, status: int
) -> None:
    made = open_game(server)
    got, answer = server.call("POST", path.replace("GAME", made["id"]), body)
    assert got == status and isinstance(answer, dict) and answer["error"], (got, answer)
    assert made["id"] in listed(server)  # o still open: nothing was taken


def test_a_join_that_is_not_json_is_a_400(server: ServerProcess) -> None:
    made = open_game(server)
    status, raw, _ = server.raw("POST", f"/api/lobby/{made['id']}/join", data=b"{not json")
    assert status == 400 and b"JSON" in raw


def test_a_rematch_is_one_new_game_every_seat_gets_its_own_link_to(server: ServerProcess) -> None:
    status, made = server.call("POST", "/api/games", {"game": "tictactoe", "players": 2})
    gid, seats = made["id"], made["seats"]
    status, early = server.call("POST", f"/api/games/{gid}/rematch", {}, seats["x"])
    assert status == 409  # not before the end
    for seat, cell in (("x", "b2"), ("o", "a1"), ("x", "b1"), ("o", "a2"), ("x", "b3")):
        server.call("POST", f"/api/games/{gid}/actions", {"action": f"mark {cell}"}, seats[seat])
    assert server.call("POST", f"/api/games/{gid}/rematch", {})[0] == 401  # no token
    assert server.call("POST", f"/api/games/{gid}/rematch", {"x": 1}, seats["x"])[0] == 400
    status, x = server.call("POST", f"/api/games/{gid}/rematch", {}, seats["x"])
    assert status == 200 and x["seat"] == "x"
    status, o = server.call("POST", f"/api/games/{gid}/rematch", {}, seats["o"])
    assert status == 200 and o["seat"] == "o" and o["id"] == x["id"]  # the same new game
    assert o["token"] != x["token"]
    status, old = server.call("GET", f"/api/games/{gid}")
    assert old["seating"]["rematch"] == x["id"]
    status, new = server.call("GET", f"/api/games/{x['id']}", token=o["token"])
    assert new["seat"] == "o" and new["players"] == ["x", "o"] and new["log"] == []


def test_creates_joins_and_rematches_from_one_address_are_limited(tmp_path: Any) -> None:
    with ServerProcess(tmp_path / "games.sqlite", "--create-rate", "0.2") as slow:  # burst 1
        made = open_game(slow)
        status, answer = slow.call("POST", f"/api/lobby/{made['id']}/join", {"seat": "o"})
        assert status == 429 and "wait" in answer["error"]
        status, shown = slow.call("GET", f"/api/games/{made['id']}")
        assert shown["seating"]["open"] == ["o"]  # refused: still open
