"""`dockyard serve` over real HTTP and WebSockets (a server in its own process, SQLite in a temp
folder): seats play whole games and are shown what a local `Session` replaying the same lines
shows them; tokens act only for their seats; refusals are JSON and change nothing; undo keeps the
REPL's seat rules; bots move after the answer; `kill -9` loses nothing acknowledged; many tables at once
stay apart. Longer sweeps (more seeds and games) with DOCKYARD_LONG=1."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from dockyard.seats import undo_count, undo_refusal  # noqa: E402
from dockyard.testing.server import ServerProcess  # noqa: E402
from server_play import LONG, Net, Socket, play_out, shown_as_local  # noqa: E402

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("serve")
    with ServerProcess(folder / "games.sqlite", "--rate", "100000") as running:
        yield running


def is_json_error(status: int, raw: bytes, kind: str, wanted: int) -> dict[str, Any]:
    """A refusal is `wanted` with a JSON body {"error": why} (and maybe a "hint")."""
    assert status == wanted, f"{status} {raw[:300]!r}, wanted {wanted}"
    assert kind.startswith("application/json"), kind
    body = json.loads(raw)
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"]
    assert set(body) <= {"error", "hint"}, body
    return body


def refused(
    server: ServerProcess, wanted: int, method: str, path: str, **kw: Any
) -> dict[str, Any]:
    status, raw, kind = server.raw(method, path, **kw)
    return is_json_error(status, raw, kind, wanted)


def everything(net: Net) -> dict[str | None, dict[str, Any]]:
    """What every viewer is shown now."""
    return {viewer: net.get(viewer) for viewer in (None, *net.tokens)}


# ---- whole games ----------------------------------------------------------------------------------
GAMES = [("tictactoe", 1), ("tictactoe", 2), ("curious-cargo", 1)]
if LONG:
    GAMES += [("tictactoe", s) for s in range(3, 12)] + [("curious-cargo", s) for s in (2, 3, 4)]


@pytest.mark.parametrize(("game", "seed"), GAMES)
def test_two_seats_play_to_the_end(server: ServerProcess, game: str, seed: int) -> None:
    net = Net(server, game, 2, seed)
    assert sorted(net.tokens) == sorted(net.players) and len(set(net.tokens.values())) == 2
    local = net.replay(())
    sockets: dict[str | None, Socket] = {  # the second seat's token in the first message
        seat: net.socket(seat, first=i == 1) for i, seat in enumerate(net.players)
    }
    for viewer, socket in sockets.items():  # on connecting: the game as it is
        first = socket.next()
        assert first["type"] == "state" and first["events"] == []
        shown_as_local(first, local, viewer, f"{viewer}'s first message")
    lines: list[str] = []
    local = play_out(net, seed, sockets, lambda i, seat, line, s: lines.append(line), local=local)
    assert len(lines) == len(local.log) > 0
    last = {seat: socket.messages[-1] for seat, socket in sockets.items()}
    assert all(message["over"] for message in last.values())
    results = [message["result"] for message in last.values()]
    assert results[0] is not None and all(r == results[0] for r in results)
    # the server's final state is a local session's that replays the same lines
    replay = net.replay(lines)
    assert replay.over and [replay.format(a) for a in replay.log] == lines
    for viewer in (None, *net.players):
        shown_as_local(net.get(viewer), replay, viewer, f"the end as {viewer}")
    assert all(socket.silent() for socket in sockets.values()), "a message after the end"
    for socket in sockets.values():
        socket.close()


def test_an_action_after_the_end_is_refused(server: ServerProcess) -> None:
    net = Net(server, "tictactoe", 2, 5)
    play_out(net, 5)
    before = everything(net)
    assert before[None]["over"]
    body = refused(
        server,
        409,
        "POST",
        f"{net.path}/actions",
        body={"action": "mark a1"},
        token=net.tokens["x"],
    )
    assert "over" in body["error"]
    assert everything(net) == before


# ---- who may act ----------------------------------------------------------------------------------
@pytest.fixture
def started(server: ServerProcess) -> Net:
    """A tic-tac-toe game where x marked b2 and o is to act."""
    net = Net(server, "tictactoe", 2, 7)
    status, body = net.act("x", "x: mark b2")
    assert status == 200 and body["events"], body
    return net


def test_a_token_acts_only_for_its_own_seat(server: ServerProcess, started: Net) -> None:
    net = started
    before = everything(net)
    socket = net.socket("x")
    socket.next()
    body = refused(
        server,
        403,
        "POST",
        f"{net.path}/actions",
        body={"action": "x: mark a1"},
        token=net.tokens["o"],
    )
    assert "x" in body["error"]
    # x's token naming o, when it is o's turn, is no more o's than o's naming x
    refused(
        server,
        403,
        "POST",
        f"{net.path}/actions",
        body={"action": "o: mark a1"},
        token=net.tokens["x"],
    )
    # and x's token with the prefix left out plays for x, out of turn: not legal
    refused(
        server,
        409,
        "POST",
        f"{net.path}/actions",
        body={"action": "mark a1"},
        token=net.tokens["x"],
    )
    # a player the game does not have
    refused(
        server,
        409,
        "POST",
        f"{net.path}/actions",
        body={"action": "z: mark a1"},
        token=net.tokens["o"],
    )
    assert everything(net) == before
    assert socket.silent(), "a refused action sent a message"
    # o's token with no prefix plays for o
    status, body = net.act("o", "mark a1")
    assert status == 200 and body["events"][0] == "o: mark a1"
    assert socket.next()["log"][-1] == "o: mark a1"
    socket.close()


def test_no_token_or_an_unknown_one_is_401(server: ServerProcess, started: Net) -> None:
    net = started
    other = Net(server, "tictactoe", 2, 8)
    before = everything(net)
    action = {"action": "o: mark a1"}
    for token in (None, "A" * 32, other.tokens["o"], " "):
        refused(server, 401, "POST", f"{net.path}/actions", body=action, token=token)
        refused(server, 401, "POST", f"{net.path}/undo", body={}, token=token)
    req = {"data": json.dumps(action).encode()}
    status, raw, kind = server.raw("POST", f"{net.path}/actions", **req)
    is_json_error(status, raw, kind, 401)
    # a GET with a token not of this game is refused too (not shown as a spectator)
    refused(server, 401, "GET", net.path, token=other.tokens["x"])
    assert everything(net) == before
    # a WebSocket with a token not of the game: an error, then closed
    from websockets.exceptions import ConnectionClosed

    socket = Socket(f"ws://127.0.0.1:{server.port}{net.path}/ws?token={other.tokens['x']}")
    message = socket.next()
    assert message["type"] == "error" and message["error"]
    with pytest.raises(ConnectionClosed) as closed:
        socket.next()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_an_illegal_action_is_409_and_changes_nothing(server: ServerProcess, started: Net) -> None:
    net = started
    socket = net.socket(None)
    socket.next()
    before = everything(net)
    body = refused(
        server,
        409,
        "POST",
        f"{net.path}/actions",
        body={"action": "o: mark b2"},
        token=net.tokens["o"],
    )
    assert "b2" in body["error"]
    assert body.get("hint", "").startswith("a legal action such as o: mark")
    after = everything(net)
    for viewer in before:
        for key in ("log", "view", "to_act", "legal", "over", "version"):
            assert after[viewer].get(key) == before[viewer].get(key), (viewer, key)
    assert socket.silent()
    socket.close()


BAD_BODIES: list[tuple[bytes, int]] = [
    (b"{not json", 400),
    (b'"x: mark a1"', 400),
    (b"[1, 2]", 400),
    (b"{}", 400),
    (b'{"action": 3}', 400),
    (b'{"action": ""}', 400),
    (b'{"action": "o: mark a1", "seat": "x"}', 400),
    (b'{"action": "o: mark a1\\no: mark a3"}', 400),
    (b'{"action": "o: %%% ???"}', 400),
    (json.dumps({"action": "o: mark " + "a" * 5000}).encode(), 400),
    (b'{"action": "' + b"a" * (70 * 1024) + b'"}', 413),
    (b"\xff\xfe not utf-8", 400),
]


@pytest.mark.parametrize(("data", "wanted"), BAD_BODIES, ids=lambda v: repr(v)[:30])
def test_bad_bodies_are_refused_as_json(
    server: ServerProcess, started: Net, data: bytes, wanted: int
) -> None:
    net = started
    before = net.get("o")
    status, raw, kind = server.raw("POST", f"{net.path}/actions", data=data, token=net.tokens["o"])
    body = is_json_error(status, raw, kind, wanted)
    assert "Traceback" not in body["error"]
    assert net.get("o") == before


BAD_GAMES: list[tuple[Any, str]] = [
    ({"game": "chess", "players": 2}, "chess"),
    ({"game": "tictactoe", "players": 5}, "player"),
    ({"game": "tictactoe", "players": 2, "colour": "red"}, "colour"),
    ({"game": "tictactoe", "players": "two"}, "players"),
    ({"game": "tictactoe", "variants": ["nope"]}, "nope"),
    ({"game": "tictactoe", "seed": -1}, "seed"),
    ({"game": "tictactoe", "seed": "1"}, "seed"),
    ({"game": "tictactoe", "bots": {"z": "random"}}, "z"),
    ({"game": "tictactoe", "bots": {"o": "nobody"}}, "nobody"),
    ({"game": "tictactoe", "bots": ["o"]}, "bots"),
    (["tictactoe"], "game"),
    ({}, "game"),
]


@pytest.mark.parametrize(("request_", "named"), BAD_GAMES, ids=lambda v: str(v)[:40])
def test_a_bad_new_game_is_400_naming_why(server: ServerProcess, request_: Any, named: str) -> None:
    body = refused(server, 400, "POST", "/api/games", body=request_)
    assert named in body["error"], body


def test_a_game_that_does_not_exist_is_404(server: ServerProcess, started: Net) -> None:
    token = started.tokens["o"]
    for gid in ("nope", "x" * 65, started.id + "x"):
        refused(server, 404, "GET", f"/api/games/{gid}")
        refused(server, 404, "GET", f"/api/games/{gid}?format=svg")
        refused(
            server,
            404,
            "POST",
            f"/api/games/{gid}/actions",
            body={"action": "mark a1"},
            token=token,
        )
        refused(server, 404, "POST", f"/api/games/{gid}/undo", body={}, token=token)
    refused(server, 404, "GET", "/api/nothing-here")
    refused(server, 405, "DELETE", started.path)
    status, raw, kind = server.raw("GET", "/games/nope")
    assert status == 404 and kind.startswith("text/html")
    socket = Socket(f"ws://127.0.0.1:{server.port}/api/games/nope/ws")  # the page's 4404
    assert "not found" in closed_with(socket, 4404)["error"]


def closed_with(socket: Socket, code: int) -> dict[str, Any]:
    """The socket's error message, then its close with `code`."""
    from websockets.exceptions import ConnectionClosed

    message = socket.next()
    assert message["type"] == "error" and isinstance(message["error"], str), message
    with pytest.raises(ConnectionClosed) as closed:
        socket.next()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == code
    return message


@pytest.mark.parametrize("first", ['{"token": 5}', '{"token": ["a"]}', '{"token": {}}'])
def test_a_token_in_the_first_message_is_a_string(
    server: ServerProcess, started: Net, first: str
) -> None:
    socket = Socket(f"ws://127.0.0.1:{server.port}{started.path}/ws")
    socket.ws.send(first)
    assert "token" in closed_with(socket, 4400)["error"]


def test_what_a_socket_sends_after_its_token_is_not_needed(
    server: ServerProcess, started: Net
) -> None:
    seat = started.socket("o", first=True)
    assert seat.next()["seat"] == "o"
    spectator = started.socket(None, first=True)
    shown = spectator.next()
    assert shown["seat"] is None and "legal" not in shown
    for junk in (b"\xff", "hello", "[1]", '{"token": "other"}'):
        seat.ws.send(junk)
        spectator.ws.send(junk)
    assert started.act("o", "mark a1")[0] == 200
    for socket in (seat, spectator):
        assert socket.next()["log"][-1] == "o: mark a1"
        socket.close()


def test_a_token_sent_as_bytes_is_refused(server: ServerProcess, started: Net) -> None:
    socket = Socket(f"ws://127.0.0.1:{server.port}{started.path}/ws")
    socket.ws.send(json.dumps({"token": started.tokens["o"]}).encode())  # a binary frame
    assert "bytes" in closed_with(socket, 4400)["error"]


def test_a_seat_always_gets_its_socket(server: ServerProcess) -> None:
    """Spectators have limits of their own (per game, and per address: the test's sockets all
    come from 127.0.0.1), and so have sockets that have not yet sent a token; a seat's socket
    is taken however many there are, and a seat's fifth socket closes its oldest."""
    from websockets.exceptions import InvalidStatus

    net = Net(server, "tictactoe", 2, 13)
    url = f"ws://127.0.0.1:{server.port}{net.path}/ws"
    crowd: list[Socket] = []
    try:
        for _ in range(16):  # an address's spectators
            crowd.append(net.socket(None, first=True))
            assert crowd[-1].next()["type"] == "state"
        assert "spectators" in closed_with(net.socket(None, first=True), 4429)["error"]
        waiting = [Socket(url) for _ in range(32)]  # no token yet: 32 from one address
        with pytest.raises(InvalidStatus):  # the 33rd: refused at the handshake
            Socket(url)
        mine = [net.socket("o") for _ in range(4)]  # a seat's own: taken all the same
        for socket in mine:
            assert socket.next()["seat"] == "o"
        for socket in waiting:  # no token within 2 s: spectators, past the limit
            assert "spectators" in closed_with(socket, 4429)["error"]
        mine[1].close()
        mine[1] = net.socket("o", first=True)  # the token in the first message
        assert mine[1].next()["seat"] == "o"
        assert net.act("x", "mark b2")[0] == 200
        for socket in mine:
            assert socket.next()["log"] == ["x: mark b2"]
        fifth = net.socket("o")
        assert fifth.next()["seat"] == "o"
        assert "another socket" in closed_with(mine[0], 4409)["error"]
        crowd.pop().close()  # one left: one more may come (once the server has seen it go)
        end = time.monotonic() + 30
        while True:
            again = net.socket(None, first=True)
            if again.next()["type"] == "state":
                break
            assert time.monotonic() < end, "a spectator's place was not given back"
            again.close()
            time.sleep(0.1)
        crowd.append(again)
        for socket in [*mine[1:], fifth]:
            socket.close()
    finally:
        for socket in crowd:
            socket.close()


def test_the_picture_as_a_spectator_and_a_seat(server: ServerProcess, started: Net) -> None:
    for token in (None, started.tokens["o"]):
        status, raw, kind = server.raw("GET", f"{started.path}?format=svg", token=token)
        assert status == 200 and kind.startswith("image/svg+xml") and b"<svg" in raw[:500]


def test_actions_per_second_per_token_are_limited(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "slow.sqlite", "--rate", "1") as slow:
        net = Net(slow, "tictactoe", 2, 3)
        answers = [net.act("o", "o: mark a1")[0] for _ in range(6)]  # not o's turn: 409s
        assert answers[0] == 409 and 429 in answers, answers
        status, raw, kind = slow.raw(
            "POST", f"{net.path}/actions", body={"action": "mark a1"}, token=net.tokens["o"]
        )
        assert "a second" in is_json_error(status, raw, kind, 429)["error"]
        assert net.get("o")["log"] == []  # reading is not limited, and nothing was played
        assert net.act("x", "x: mark b2")[0] == 200  # another seat's token is its own
        time.sleep(1.2)
        assert net.act("o", "o: mark a1")[0] == 200  # a second later: o may act again


# ---- undo -----------------------------------------------------------------------------------------
def test_undo_takes_back_only_the_seats_own(server: ServerProcess, started: Net) -> None:
    net = started
    socket = net.socket("o")
    socket.next()
    before = everything(net)
    body = refused(server, 409, "POST", f"{net.path}/undo", body={}, token=net.tokens["o"])
    assert "x: mark b2" in body["error"]
    refused(server, 400, "POST", f"{net.path}/undo", body={"n": 0}, token=net.tokens["x"])
    refused(server, 400, "POST", f"{net.path}/undo", body={"n": "1"}, token=net.tokens["x"])
    refused(server, 400, "POST", f"{net.path}/undo", body={"m": 1}, token=net.tokens["x"])
    assert everything(net) == before and socket.silent()
    status, body = net.undo("x")
    assert status == 200 and body == {"undone": ["x: mark b2"]}
    message = socket.next()
    assert message["log"] == [] and message["to_act"] == ["x"] and message["events"] == []
    assert net.get()["log"] == []
    assert net.act("x", "mark c3")[0] == 200 and net.act("o", "mark a1")[0] == 200
    before = everything(net)
    refused(server, 409, "POST", f"{net.path}/undo", body={}, token=net.tokens["x"])
    refused(server, 409, "POST", f"{net.path}/undo", body={"n": 2}, token=net.tokens["o"])
    assert everything(net) == before
    assert net.undo("o") == (200, {"undone": ["o: mark a1"]})
    assert net.get()["log"] == ["x: mark c3"]
    socket.close()


def test_undo_stops_at_a_reveal(server: ServerProcess) -> None:
    """Curious Cargo's draw shows its drawer a tile: the drawer cannot take it back."""
    net = Net(server, "curious-cargo", 2, 4)
    seen: list[tuple[str, str]] = []

    def step(i: int, seat: str, line: str, local: Any) -> None:
        seen.append((seat, line))

    local = net.replay(())
    reveals = local.state.flow.reveals
    for _ in range(200):
        play_out(net, len(seen), step=step, until=1, local=local)
        if local.state.flow.reveals > reveals:
            break
        reveals = local.state.flow.reveals
    else:
        pytest.fail("no reveal in 200 actions")
    seat, line = seen[-1]
    before = everything(net)
    body = refused(server, 409, "POST", f"{net.path}/undo", body={}, token=net.tokens[seat])
    assert "revealed" in body["error"] and line in body["error"]
    assert everything(net) == before


# ---- bots ------------------------------------------------------------------------------------------
def test_bots_move_after_the_answer(server: ServerProcess) -> None:
    """A bot's reply is not in the seat's answer (the server answers first): it comes over
    the socket, and GET shows it, within moments."""
    net = Net(server, "tictactoe", 2, 11, bots={"o": "random"})
    assert list(net.tokens) == ["x"]
    socket = net.socket("x")
    assert socket.next()["bots"] == {"o": "random"}
    lines: list[str] = []
    while not net.get()["over"]:
        shown = net.settle()
        if shown["over"]:
            break
        assert shown["to_act"] == ["x"]
        legal = net.get("x")["legal"]
        line = legal[len(lines) % len(legal)]
        status, body = net.act("x", line)
        assert status == 200 and body["events"][0] == line
        assert not any(e.startswith("o: ") for e in body["events"]), "o moved inside x's request"
        after = net.settle()
        message = socket.until(after["version"])
        assert message["events"][: len(body["events"])] == body["events"]
        if not after["over"]:
            assert after["log"][-1].startswith("o: ") and after["log"][-1] in message["events"]
        lines = after["log"]
    assert socket.silent()
    shown_as_local(net.get("x"), net.replay(lines), "x", "the end against a bot")
    refused(server, 401, "POST", f"{net.path}/actions", body={"action": "o: mark a1"}, token="o")


def test_undo_leaves_the_bots_opening_moves(server: ServerProcess) -> None:
    """A bot moving first: a seat's undo takes back its own actions and the bots' replies, never
    the moves before its first (taken back, the bot would be to act with nobody to move it)."""
    net = Net(server, "tictactoe", 2, 14, bots={"x": "random"})
    before = everything(net)
    opening = before[None]["log"]
    assert len(opening) == 1 and before["o"]["to_act"] == ["o"]
    body = refused(server, 409, "POST", f"{net.path}/undo", body={}, token=net.tokens["o"])
    assert "bots" in body["error"]
    assert everything(net) == before
    line = before["o"]["legal"][0]
    assert net.act("o", line)[0] == 200
    status, body = net.undo("o", 5)  # more than o played: o's one and x's reply
    assert status == 200 and body["undone"][-1] == line and len(body["undone"]) == 2
    after = net.get("o")
    assert after["log"] == opening and after["to_act"] == ["o"] and after["legal"]
    session = net.replay(opening)  # the rule itself, as the REPL uses it
    assert undo_count(session, 1, {"x"}) == 0
    assert undo_refusal(session, 0, "o", {"x"}) is not None


def test_a_game_of_bots_plays_to_its_end_when_created(server: ServerProcess) -> None:
    net = Net(server, "tictactoe", 2, 12, bots={"x": "random", "o": "random"})
    assert net.tokens == {} and net.created["seats"] == {}
    shown = net.get()
    assert shown["over"] and shown["result"] is not None and len(shown["log"]) >= 5
    shown_as_local(shown, net.replay(shown["log"]), None, "a game of bots")


# ---- kill -9 and many tables -------------------------------------------------------------------------
KILLS = [("import-export", 17, (30,))]
if LONG:
    KILLS += [
        ("tictactoe", 21, (3,)),
        ("curious-cargo", 22, (1, 15, 60, 61)),
        ("import-export", 23, (2, 40, 100)),
    ]


@pytest.mark.parametrize(("game", "seed", "kills"), KILLS)
def test_kill_9_loses_nothing_acknowledged(
    tmp_path: Path, game: str, seed: int, kills: tuple[int, ...]
) -> None:
    crashing = ServerProcess(tmp_path / "crash.sqlite", "--rate", "100000").start()
    try:
        net = Net(crashing, game, 2, seed)
        local = net.replay(())
        lines: list[str] = []
        for n in kills:  # kill -9 once the game has n actions
            local = play_out(
                net,
                seed + n,
                step=lambda i, s, line, _: lines.append(line),
                until=max(0, n - len(local.log)),
                local=local,
            )
            assert not local.over, f"the game ended before action {n}"
            crashing.kill()  # right after the last acknowledged action
            crashing.start()
            for viewer in (None, *net.players):  # tokens still work, every line kept
                shown_as_local(net.get(viewer), local, viewer, f"after kill -9 at {n}")
            assert [local.format(a) for a in local.log] == lines
            crashing.kill()  # and again, then the game asked for by many at once
            crashing.start()
            lines.append(act_while_others_look(net, local))
            for viewer in (None, *net.players):
                shown_as_local(net.get(viewer), local, viewer, f"the action after a restart {n}")
        sockets: dict[str | None, Socket] = {v: net.socket(v) for v in (None, *net.players)}
        for socket in sockets.values():
            socket.next()
        local = play_out(net, seed, sockets, lambda i, s, line, _: lines.append(line), local=local)
        assert local.over
        shown_as_local(net.get(), net.replay(lines), None, "the end after kill -9")
    finally:
        crashing.kill()


def act_while_others_look(net: Net, local: Any) -> str:
    """A seat acts while six spectators GET the game, all at once on a server that has not
    loaded it yet: the action played (and on `local`). Every later answer must show it (a
    table loaded twice, the one acted on dropped, showed the game without it)."""
    seat = local.actors()[0]
    line = local.format(local.legal_actions(seat)[0])
    answers: dict[str, Any] = {}
    start = threading.Barrier(7)

    def look(i: int) -> None:
        start.wait(10)
        answers[f"get {i}"] = net.server.call("GET", net.path)[0]

    def act() -> None:
        start.wait(10)
        answers["act"] = net.act(seat, line)

    threads = [threading.Thread(target=look, args=(i,)) for i in range(6)]
    threads.append(threading.Thread(target=act))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert answers["act"][0] == 200, answers["act"]
    assert all(answers[f"get {i}"] == 200 for i in range(6)), answers
    local.apply(local.parse(line))
    return line


def test_many_tables_at_once_stay_apart(server: ServerProcess) -> None:
    games = [("tictactoe", 100 + i) for i in range(20)]
    if LONG:
        games += [("curious-cargo", 200 + i) for i in range(6)]
    nets = [Net(server, game, 2, seed) for game, seed in games]
    lines: dict[str, list[str]] = {net.id: [] for net in nets}
    failures: list[BaseException] = []
    start = threading.Barrier(len(nets))

    def run(net: Net) -> None:
        try:
            start.wait(30)
            play_out(net, net.seed, step=lambda i, s, line, _: lines[net.id].append(line))
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(net,)) for net in nets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    assert not failures, failures[0]
    for net in nets:
        replay = net.replay(lines[net.id])
        assert replay.over
        shown_as_local(net.get(), replay, None, f"game {net.id} (seed {net.seed})")
    assert len({tuple(v) for v in lines.values()}) > 10, "the seeds played the same games"
