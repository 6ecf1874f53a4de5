"""`dockyard bench --server`: run once at a tiny size (3 tables, 1 s a row) through the command
line; the printed rows' shape and the consistency of their figures are checked, never a timing.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from dockyard import cli  # noqa: E402
from dockyard.server import bench  # noqa: E402
from dockyard.server.process import ServerProcess  # noqa: E402

ROW = re.compile(
    r"^(?P<game>\S+)\s+(?P<tables>\d+)\s+(?P<offered>\d+|flat out)\s+(?P<actions>\d+)\s+"
    r"(?P<rate>\d+\.\d)\s+(?P<p50>\d+\.\d|-)\s+(?P<p99>\d+\.\d|-)\s+(?P<max>\d+\.\d|-)\s+"
    r"(?P<errors>\d+)\s+(?P<ended>\d+)$"
)
TARGET = re.compile(r"^p99 < 100 ms at 200 actions/s: (met|not met) \((.*)\)$")


class Recorded(ServerProcess):
    """A ServerProcess that remembers its process, to see it gone after the bench."""

    started: list[Recorded] = []

    def start(self, wait: float = 60.0) -> Recorded:
        super().start(wait)
        self.pid = self.proc.pid if self.proc else None
        Recorded.started.append(self)
        return self


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.fixture(scope="module")
def printed() -> tuple[int, list[str], list[Recorded]]:
    Recorded.started = []
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as mp, contextlib.redirect_stdout(out):
        mp.setattr(bench, "ServerProcess", Recorded)
        code = cli.main(["bench", "--server", "--tables", "3", "--seconds", "1"])
    return code, out.getvalue().splitlines(), list(Recorded.started)


def rows(lines: list[str]) -> list[dict[str, Any]]:
    return [m.groupdict() for line in lines if (m := ROW.match(line))]


def test_the_table_has_a_header_and_a_row_per_game_and_rate(printed: Any) -> None:
    code, lines, _ = printed
    assert code == 0, "\n".join(lines)
    assert lines[0].startswith("dockyard bench --server (3 tables per game, 1 s per row;")
    assert re.search(rf"; {os.cpu_count()} cores, load average \d+\.\d\)$", lines[0]), lines[0]
    assert lines[1].split() == [
        "game",
        "tables",
        "offered/s",
        "actions",
        "actions/s",
        "p50",
        "ms",
        "p99",
        "ms",
        "max",
        "ms",
        "errors",
        "ended",
    ]
    found = rows(lines)
    assert len(found) == len(lines) - 3, lines  # title, header, rows, the target line
    assert [(r["game"], r["offered"]) for r in found] == [
        ("tictactoe", "200"),
        ("tictactoe", "flat out"),
        ("curious-cargo", "200"),
        ("curious-cargo", "flat out"),
    ]


def test_each_rows_figures_agree(printed: Any) -> None:
    _, lines, _ = printed
    for row in rows(lines):
        actions = int(row["actions"])
        assert int(row["tables"]) == 3
        assert int(row["errors"]) == 0, lines
        assert actions > 0
        assert float(row["rate"]) == pytest.approx(actions / 1.0, abs=0.05)  # 1 s a row
        p50, p99, most = float(row["p50"]), float(row["p99"]), float(row["max"])
        assert 0 < p50 <= p99 <= most
        if row["offered"] == "200":  # offered, never more
            assert actions <= 200 + 3
        ended = int(row["ended"])
        if row["game"] == "tictactoe":  # every game 5 to 9 actions, begun in the row
            assert 5 * ended <= actions
            assert 9 * ended >= actions - 8 * 3
        else:  # Curious Cargo runs to hundreds of actions
            assert ended == 0


def test_the_target_line_follows_the_rows_at_the_offered_rate(printed: Any) -> None:
    _, lines, _ = printed
    found = TARGET.match(lines[-1])
    assert found, lines[-1]
    paced = [r for r in rows(lines) if r["offered"] == "200"]
    met = all(
        float(r["p99"]) < 100 and float(r["rate"]) >= 190 and r["errors"] == "0" for r in paced
    )
    assert found.group(1) == ("met" if met else "not met")
    for r in paced:
        assert f"{r['game']} {r['p99']} ms at {float(r['rate']):.0f}/s" in found.group(2)


def test_the_server_is_stopped_at_the_end(printed: Any) -> None:
    _, _, started = printed
    assert len(started) == 1
    server = started[0]
    assert server.proc is None and server.pid is not None and gone(server.pid)
    assert not os.path.exists(os.path.dirname(server.db))  # the temporary database went too


def test_an_interruption_stops_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    Recorded.started = []
    monkeypatch.setattr(bench, "ServerProcess", Recorded)

    def interrupted(*args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(bench, "measure", interrupted)
    with pytest.raises(KeyboardInterrupt):
        bench.bench_server(tables=1, seconds=1, out=io.StringIO())
    (server,) = Recorded.started
    assert server.pid is not None and gone(server.pid)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--tables", "0"], "--tables must be at least 1"),
        (["--tables", "501"], "--tables 501: from 1 to 500"),
        (["--seconds", "0"], "--seconds 0: more than 0"),
        (["--seconds", "601"], "--seconds 601: more than 0, at most 600"),
    ],
)
def test_bad_sizes_are_one_line_each(dockyard: Any, argv: list[str], message: str) -> None:
    code, out, err = dockyard("bench", "--server", *argv)
    assert code == 1
    assert message in err and "Traceback" not in err
    assert out == ""


def test_create_rate_limits_the_games_an_address_creates(tmp_path: Any) -> None:
    """`dockyard serve --create-rate N` (the bench lifts it): a burst of 5N, then 429."""
    with ServerProcess(tmp_path / "g.sqlite", "--create-rate", "1") as server:
        made: list[int] = []
        while len(made) < 20 and 429 not in made:  # the default (5, bursts of 25) allows 20
            status, body = server.call("POST", "/api/games", {"game": "tictactoe", "players": 2})
            made.append(status)
        assert made[:5] == [201] * 5
        assert made[-1] == 429, made
        assert "too many games" in body["error"]


def test_create_rate_must_be_positive(dockyard: Any) -> None:
    code, _, err = dockyard("serve", "--create-rate", "0")
    assert code == 1 and "--create-rate 0: more than 0 games a second" in err


def test_a_server_that_cannot_start_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from dockyard.core import DockyardError
    from dockyard.server import process

    monkeypatch.setattr(process, "_command", lambda: ["/nonexistent/dockyard"])
    with pytest.raises(DockyardError, match="bench --server: .*nonexistent/dockyard"):
        bench.bench_server(tables=1, seconds=1, out=io.StringIO())


def test_refused_requests_are_counted_and_the_first_quoted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "GAMES", ("no-such-game",))
    out = io.StringIO()
    code = bench.bench_server(tables=1, seconds=0.2, out=out)
    lines = out.getvalue().splitlines()
    assert code == 1
    found = rows(lines)
    assert [(r["game"], r["actions"], r["p99"]) for r in found] == [
        ("no-such-game", "0", "-"),
        ("no-such-game", "0", "-"),
    ]
    assert all(int(r["errors"]) >= 1 for r in found)
    quoted = [line for line in lines if line.startswith("first error (no-such-game): ")]
    assert len(quoted) == 1, lines  # the same error is quoted once
    assert quoted[0].startswith("first error (no-such-game): POST /api/games: 400 unknown game")
    assert lines[-1].startswith("p99 < 100 ms at 200 actions/s: not met (")
