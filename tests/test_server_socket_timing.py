"""A socket's message tells the events of the very version it shows, however late the wake-up
that made it is: a seat's move and a bot's reply committed before the socket hears of the first
come as one message with both (CI once saw a bot's second move missing from every message: the
message showed the game after it while only the first move's telling had arrived, and the
second's telling, coming later, was taken as shown already)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from dockyard.server.app import create_app  # noqa: E402
from dockyard.server.process import ServerProcess, free_port  # noqa: E402
from dockyard.server.store import SqliteStore  # noqa: E402
from server_play import Net  # noqa: E402

pytestmark = pytest.mark.timeout(120)

LATE = 0.4  # seconds every telling of a change waits before it reaches the sockets


class LateServer(ServerProcess):
    """The server in this process (uvicorn in a thread), its sockets told of every change
    LATE seconds after it was committed: as a loaded machine may, at worst."""

    def __init__(self, db: Path) -> None:
        super().__init__(db, port=free_port())
        self.app = create_app(SqliteStore(db))
        self.uvicorn = uvicorn.Server(
            uvicorn.Config(self.app, port=self.port, log_level="warning", lifespan="on")
        )
        self.thread = threading.Thread(target=self.uvicorn.run, daemon=True)

    def start(self, wait: float = 60.0) -> LateServer:
        self.thread.start()
        end = time.monotonic() + wait
        while not self.uvicorn.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.05)
        state = self.app.state
        told = state.tables.told  # call_soon_threadsafe on the server's loop

        def late(gid: str, moves: Any) -> None:
            threading.Timer(LATE, told, (gid, moves)).start()

        state.tables.told = late
        return self

    def kill(self) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(10)


def test_a_bots_reply_told_late_is_in_the_message_that_shows_it(tmp_path: Path) -> None:
    with LateServer(tmp_path / "games.sqlite") as server:
        net = Net(server, "tictactoe", seed=3, bots={"o": "random"})
        socket = net.socket("x")
        socket.next()  # the game as it is
        replies = 0
        while not net.settle()["over"]:
            before = net.get("x")
            line = before["legal"][0]
            assert net.act("x", line)[0] == 200
            shown = net.settle()  # the bot has replied: both moves are committed before the
            message = socket.until(shown["version"])  # telling of x's reaches the socket
            local = net.replay(before["log"])
            expected = []  # what x may see of the moves: its own in canonical text
            for text in shown["log"][len(before["log"]) :]:
                action = local.parse(text)
                for e in local.apply(action):
                    if e.seen_by("x"):
                        own = e.kind == "move" and action.player == "x"
                        expected.append(local.format(action) if own else e.text)
            assert message["version"] == shown["version"]
            assert message["events"] == expected, "the message does not tell all it shows"
            replies += len(shown["log"]) - len(before["log"]) - 1
        assert replies > 0, "the bot never replied: the test judged nothing"
        assert socket.silent(LATE * 2), "a change was told again"
        socket.close()
