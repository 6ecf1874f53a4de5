"""`dockyard play --connect URL --token TOKEN`: the REPL as a client of a real `dockyard serve`
(dockyard.testing.ServerProcess): two piped clients play tic-tac-toe to the end, one client
under a pseudo-terminal sees the other seat's move arrive, a spectator only watches, and a bad
token, a bad address or a server that is not there get one clear line."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from dockyard.cli.client import parse_address  # noqa: E402
from dockyard.cli.remote_text import view_text  # noqa: E402
from dockyard.core import DockyardError  # noqa: E402
from dockyard.testing.server import ServerProcess, free_port  # noqa: E402

pytestmark = pytest.mark.timeout(120)
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\r")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with ServerProcess(tmp_path_factory.mktemp("remote") / "games.sqlite") as running:
        yield running


def new_game(server: ServerProcess, **fields: Any) -> tuple[str, dict[str, str]]:
    status, body = server.call("POST", "/api/games", {"game": "tictactoe", "players": 2, **fields})
    assert status == 201, body
    return f"{server.base}/games/{body['id']}", body["seats"]


def state(server: ServerProcess, url: str, token: str | None = None) -> dict[str, Any]:
    status, body = server.call("GET", "/api/games/" + url.rsplit("/", 1)[1], token=token)
    assert status == 200, body
    return dict(body)


def play(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dockyard", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "NO_COLOR": "1"},
    )


def client(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "dockyard", "play", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1", "PYTHONFAULTHANDLER": "1"},
    )


def test_two_piped_clients_play_to_the_end(server: ServerProcess) -> None:
    url, seats = new_game(server)
    # o's script is sent first: each action waits for o's turn, `wait` for the end
    o = client("--connect", url, "--token", seats["o"])
    with ThreadPoolExecutor(1) as pool:
        o_done = pool.submit(o.communicate, "mark b1\nmark b2\nwait\nresult\n", 120)
        x = play("--connect", url, "--token", seats["x"], stdin="mark a1\nmark a2\nmark a3\nlog\n")
        try:
            o_out, o_err = o_done.result()
        except subprocess.TimeoutExpired:  # (once in CI's long run: say what o had printed)
            o.kill()
            out, err = o.communicate()
            shown = state(server, url)
            pytest.fail(f"o's client hung; it printed {out!r}, {err!r}; x: {x.stdout!r}; {shown}")
    assert x.returncode == 0 and o.returncode == 0, (x.stderr, o_err)
    assert "Traceback" not in x.stderr + o_err
    # each seat's own moves and the other's arrive, each event printed once, in order
    for mine, theirs, out in (("x", "o", x.stdout), ("o", "x", o_out)):
        for cell in {"x": ("a1", "a2", "a3"), "o": ("b1", "b2")}[mine]:
            assert out.count(f"{mine} marks {cell}\n") == 1, out
        assert f"{theirs}: mark" in out, out
    assert x.stdout.index("x marks a1") < x.stdout.index("o marks b1") < x.stdout.index("x wins")
    assert x.stdout.count("x wins 1-0\n") == 1
    assert "result: x wins 1-0 (after 5 actions)" in o_out  # `wait` waited for x's last move
    # `log` printed the game's canonical lines, as the server holds them
    log = state(server, url)["log"]
    assert x.stdout.rstrip().splitlines()[-5:] == log
    assert state(server, url)["result"]["winners"] == ["x"]


def test_the_server_refuses_and_the_game_is_unchanged(server: ServerProcess) -> None:
    url, seats = new_game(server, bots={"o": "random"})
    done = play(
        "--connect",
        url,
        "--token",
        seats["x"],
        stdin="mark b2\nmark b2\nmak c3\no: mark a1\nredo\nlegal x: mark c\nquit\nmark c3\n",
    )
    assert done.returncode == 1  # lines failed; play went on after each
    err = done.stderr
    assert "<stdin>:2:1: error: b2 is already marked by x" in err  # the server's words
    assert "<stdin>:3:1: error: 'mak' is not a command or an action; did you mean mark?" in err
    assert "<stdin>:4:1: error: your token plays x: o's actions are not yours" in err
    assert "<stdin>:5:1: error: `redo` is not available" in err
    assert "Traceback" not in err and "internal error" not in err
    shown = state(server, url, seats["x"])
    assert len(shown["log"]) == 2  # x's move and the bot's reply; nothing refused, quit quit
    legal = [line for line in shown["legal"] if line.startswith("x: mark c")]
    assert done.stdout.endswith("".join(f"{line}\n" for line in legal))  # `legal x: mark c`


def test_undo_takes_back_only_the_seats_own(server: ServerProcess) -> None:
    url, seats = new_game(server)
    done = play("--connect", url, "--token", seats["x"], stdin="mark b2\nundo\nmark a1\n")
    assert done.returncode == 0, done.stderr
    assert "took back x: mark a1" not in done.stdout
    assert "took back x: mark b2\n" in done.stdout
    assert state(server, url)["log"] == ["x: mark a1"]
    status, _ = server.call(
        "POST",
        "/api/games/" + url.rsplit("/", 1)[1] + "/actions",
        {"action": "mark c3"},
        seats["o"],
    )
    assert status == 200
    done = play("--connect", url, "--token", seats["x"], stdin="undo\n")
    assert done.returncode == 1
    assert "cannot undo: 'o: mark c3' is o's" in done.stderr
    assert state(server, url)["log"] == ["x: mark a1", "o: mark c3"]


def test_a_spectator_watches_and_cannot_act(server: ServerProcess) -> None:
    url, seats = new_game(server, bots={"o": "random"})
    assert play("--connect", url, "--token", seats["x"], stdin="mark b2\n").returncode == 0
    done = play("--connect", url, stdin="show\nshow cells\nlog\nbots\nmark a1\nlegal\nundo\n")
    assert done.returncode == 1
    shown = state(server, url)
    cells = ", ".join("-" if c is None else c for c in shown["view"]["cells"])
    assert f"size: 3\ncells: {cells}\ncells: {cells}\n" in done.stdout
    assert "\n".join(shown["log"]) + "\no: random\n" in done.stdout
    assert len(shown["log"]) == 2  # x's move and the bot's reply
    err = done.stderr
    assert "<stdin>:5:1: error: you are watching: actions need a seat's token" in err
    assert "<stdin>:6:1: error: a spectator has no actions" in err
    assert "<stdin>:7:1: error: a spectator has nothing to undo" in err
    assert state(server, url)["log"] == shown["log"]


@pytest.mark.parametrize(
    ("where", "args", "says", "code"),
    [
        ("game", ["--token", "not-a-token"], "the token is not a seat of game", 1),
        ("missing", [], "no game 'nothing-here' on the server at http://127.0.0.1:", 1),
        ("nowhere", [], "cannot reach a server at http://127.0.0.1:", 1),
        ("ftp://x/games/1", [], "--connect 'ftp://x/games/1': not a game's address", 2),
        ("game", ["--as", "x"], "--connect plays the server's game as it was made there", 2),
        ("game", ["tictactoe"], "--connect plays the server's game as it was made there", 2),
    ],
)
def test_bad_connections_get_one_clear_line(
    server: ServerProcess, where: str, args: list[str], says: str, code: int
) -> None:
    url, seats = new_game(server)
    connect = {
        "game": url,
        "missing": url.rsplit("/", 1)[0] + "/nothing-here",
        "nowhere": f"http://127.0.0.1:{free_port()}/games/abc",
    }.get(where, where)
    done = play("--connect", connect, *args, stdin="mark b2\n")
    assert done.returncode == code, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"dockyard play: {says}"), done.stderr
    assert done.stdout == ""
    assert state(server, url)["log"] == []  # nothing was played


def test_a_token_without_an_address(server: ServerProcess) -> None:
    done = play("--token", "T")
    assert done.returncode == 2
    assert done.stderr == "dockyard play: --token goes with --connect URL (the game's address)\n"


def test_a_token_that_begins_with_a_dash_is_a_token(server: ServerProcess) -> None:
    # (one token in 64 began with `-`, and `--token -Xy...` was read as an unknown option)
    url, _ = new_game(server)
    done = play("--connect", url, "--token", "-not-a-seat", stdin="legal\n")
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("dockyard play: the token is not a seat of game "), done.stderr
    done = play("--connect", url, "--token", "--as", stdin="legal\n")  # forgot the token
    assert done.returncode == 2 and "--token: expected one argument" in done.stderr


def test_the_server_deals_no_token_that_begins_with_a_dash(monkeypatch: Any) -> None:
    from dockyard.server import tables

    drawn = iter(["-Ab", "-cD", "eF-"])
    monkeypatch.setattr(tables.secrets, "token_urlsafe", lambda n: next(drawn))
    assert tables.word_token(24) == "eF-"


def test_the_token_may_come_in_the_links_fragment(server: ServerProcess) -> None:
    url, seats = new_game(server)
    done = play("--connect", f"{url}#token={seats['o']}", stdin="legal\n")
    assert done.returncode == 0, done.stderr
    assert "nothing for o to do now (waiting for x)" in done.stdout


def test_a_terminal_client_sees_the_other_seat_move(server: ServerProcess, tmp_path) -> None:
    pexpect = pytest.importorskip("pexpect")
    url, seats = new_game(server)
    gid = url.rsplit("/", 1)[1]
    env = {
        **os.environ,
        "TERM": "xterm-256color",
        "DOCKYARD_HISTORY": str(tmp_path / "history"),
        "PYTHONFAULTHANDLER": "1",  # (a hung client, killed with SIGABRT, shows its threads)
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dockyard", "play", "--connect", url, "--token", seats["x"]],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 200),
    )
    seen: list[str] = []

    def expect(pattern: str) -> None:
        try:
            child.expect(pattern)
        except pexpect.TIMEOUT:
            child.kill(signal.SIGABRT)
            child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=5)
            shown = state(server, url)
            pytest.fail(f"no {pattern!r} in 20 s; the client printed {child.before!r}; {shown}")
        seen.append(child.before + str(child.after))

    def o_plays(line: str) -> None:
        status, body = server.call(
            "POST", f"/api/games/{gid}/actions", {"action": line}, seats["o"]
        )
        assert status == 200, body

    try:
        expect(r"you play x")
        expect(r"tictactoe x>")
        for typed, shows in (
            ("mark b2", "x marks b2"),
            ("undo", "took back x: mark b2"),
            ("mark b2", "x marks b2"),
        ):
            child.sendline(typed)
            expect(re.escape(shows))
        expect(r"tictactoe x \(waiting for o\)>")
        child.sendline("wait")  # waits for o, who does not move...
        expect(r"waiting for o \(Ctrl-C stops waiting\)")
        child.sendcontrol("c")  # ...until Ctrl-C
        expect(r"tictactoe x \(waiting for o\)>")
        child.sendcontrol("c")  # at the prompt: a new line
        expect(r"tictactoe x \(waiting for o\)>")
        o_plays("mark a1")  # typed nowhere here: it arrives over the WebSocket
        expect(r"o marks a1")
        expect(r"tictactoe x>")
        child.sendline("legal")
        expect(r"x: mark c3")
        child.sendline("mark a2")
        expect(r"x marks a2")
        o_plays("mark a3")
        expect(r"o marks a3")
        child.sendline("log")
        expect(r"x: mark b2\s+o: mark a1\s+x: mark a2\s+o: mark a3")
        child.sendline("mark c2")
        expect(r"x wins 1-0")
        expect(r"tictactoe \(over\)>")
        child.sendline("result")
        expect(r"result: x wins 1-0 \(after 5 actions\)")
        child.sendcontrol("d")  # Ctrl-D leaves
        # (known: a Ctrl-D typed while the prompt redraws for a pushed change is sometimes
        # lost by prompt_toolkit; a second one leaves)
        if child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=8) == 1:
            child.sendcontrol("d")
            child.expect(pexpect.EOF)
        seen.append(child.before)
    finally:
        child.close()
    text = ANSI.sub("", "".join(seen))
    assert child.exitstatus == 0, text[-2000:]
    assert "Traceback" not in text and "internal error" not in text
    assert text.count("o marks a1") == 1  # the other seat's move printed once


def test_ctrl_c_leaves_a_piped_client_cleanly(server: ServerProcess) -> None:
    url, seats = new_game(server)
    o = client("--connect", url, "--token", seats["o"])
    assert o.stdin is not None and o.stdout is not None and o.stderr is not None
    o.stdin.write("result\nwait\n")
    o.stdin.close()
    first = o.stdout.readline()
    assert first == "not over after 0 actions (x to move)\n", (first, o.poll(), o.stderr.read())
    o.send_signal(signal.SIGINT)
    assert o.wait(20) == 130
    assert o.stderr.read() == ""


def test_parse_address() -> None:
    a = parse_address("http://127.0.0.1:8000/games/abc#token=T1")
    assert (a.base, a.game, a.token, a.loopback) == ("http://127.0.0.1:8000", "abc", "T1", True)
    assert a.api("/ws") == "http://127.0.0.1:8000/api/games/abc/ws"
    assert a.socket() == "ws://127.0.0.1:8000/api/games/abc/ws"
    b = parse_address("https://example.org/play/api/games/xyz/")
    assert (b.base, b.game, b.token, b.loopback) == ("https://example.org/play", "xyz", None, False)
    assert b.socket() == "wss://example.org/play/api/games/xyz/ws"
    assert parse_address("http://[::1]:9/games/g").loopback
    for bad in (
        "example.org/games/x",
        "http://h:port/games/x",
        "http://h/lobby",
        "http://h/games/",
    ):
        with pytest.raises(DockyardError, match="not a game's address"):
            parse_address(bad)


def test_view_text() -> None:
    view = {
        "round": 2,
        "over": False,
        "hand": ["t1", "t2"],
        "empty": [],
        "grid": [[None, "x"], ["o", None]],
        "players": [{"name": "x", "score": 3}, {"name": "o", "score": {}}],
    }
    assert view_text(view) == [
        "round: 2",
        "over: no",
        "hand: t1, t2",
        "empty: (none)",
        "grid:",
        "  - x",
        "  o -",
        "players:",
        "  1:",
        "    name: x",
        "    score: 3",
        "  2:",
        "    name: o",
        "    score: (none)",
    ]


@pytest.mark.skipif(not os.environ.get("DOCKYARD_LONG"), reason="DOCKYARD_LONG=1: ~30 s")
def test_a_restart_is_waited_for_and_a_dead_server_said_once(tmp_path) -> None:
    with ServerProcess(tmp_path / "own.sqlite") as own:
        url, seats = new_game(own)
        gid = url.rsplit("/", 1)[1]
        o = client("--connect", url, "--token", seats["o"])
        assert o.stdin is not None and o.stdout is not None and o.stderr is not None
        o.stdin.write("result\nwait\nresult\n")
        o.stdin.close()
        assert o.stdout.readline() == "not over after 0 actions (x to move)\n"  # connected
        own.kill()  # kill -9 while o waits for its turn, then back within seconds
        own.start()
        status, _ = own.call("POST", f"/api/games/{gid}/actions", {"action": "mark b2"}, seats["x"])
        assert status == 200
        # x's move, with its events when o's socket was back in time, else the log line
        try:
            o.wait(30)
        except subprocess.TimeoutExpired:
            os.kill(o.pid, signal.SIGABRT)  # its threads' stacks to stderr (faulthandler)
            o.wait(10)
            pytest.fail(f"o's client did not end: {o.stdout.read()!r} {o.stderr.read()[-4000:]}")
        out = o.stdout.read()
        assert out in (
            "x: mark b2\nx marks b2\no to play\nnot over after 1 action (o to move)\n",
            "x: mark b2\nnot over after 1 action (o to move)\n",
        )
        assert o.returncode == 0, o.stderr.read()
        o.stderr.close()
        watcher = client("--connect", url)  # a spectator waits for the end, which never comes
        assert watcher.stdin is not None and watcher.stdout is not None
        watcher.stdin.write("log\nwait\n")
        watcher.stdin.close()
        assert watcher.stdout.readline() == "x: mark b2\n"  # connected
        own.kill()
        assert watcher.wait(60) == 1
        assert watcher.stderr is not None
        err = watcher.stderr.read()
    assert err.splitlines() == [
        f"dockyard play: lost the connection to the server at {own.base} (connection refused)"
    ]


def test_the_token_from_the_environment_or_a_file(server: ServerProcess, tmp_path: Any) -> None:
    """Out of `ps`'s sight: $DOCKYARD_TOKEN, or --token @FILE (its first line)."""
    url, seats = new_game(server)
    saved = tmp_path / "x.token"
    saved.write_text(seats["x"] + "\n")
    done = play("--connect", url, "--token", f"@{saved}", stdin="mark b2\n")
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "dockyard", "play", "--connect", url],
        input="mark a1\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "NO_COLOR": "1", "DOCKYARD_TOKEN": seats["o"]},
    )
    assert done.returncode == 0, done.stderr
    assert state(server, url)["log"] == ["x: mark b2", "o: mark a1"]
    missing = play("--connect", url, "--token", f"@{tmp_path / 'none'}", stdin="")
    assert missing.returncode == 2 and "cannot read the token" in missing.stderr
    assert "Traceback" not in missing.stderr
