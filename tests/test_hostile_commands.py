"""Commands under hostile conditions: Ctrl-C (once or twice) on a simulation with worker
processes stops at once, workers included, without a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

pytestmark = pytest.mark.timeout(120)


def interrupt(argv: list[str], wait_for_line: bool, presses: int) -> tuple[int, str, str, float]:
    """Run `dockyard ARGV` in its own process group; Ctrl-C it (SIGINT to the whole group, as
    a terminal does) `presses` times, after its first line of output or after 3 s. Returns the
    exit code, stdout, stderr, and the seconds from the first Ctrl-C to the exit; fails if any
    process of the group outlives it."""
    child = subprocess.Popen(
        [sys.executable, "-m", "dockyard", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    out: list[str] = []
    err: list[str] = []
    readers = [
        threading.Thread(target=lambda: out.extend(child.stdout or ()), daemon=True),
        threading.Thread(target=lambda: err.extend(child.stderr or ()), daemon=True),
    ]
    for reader in readers:
        reader.start()
    try:
        deadline = time.monotonic() + (60 if wait_for_line else 3)
        while time.monotonic() < deadline and not (wait_for_line and out):
            time.sleep(0.05)
        assert child.poll() is None, "it ended before Ctrl-C"
        start = time.monotonic()
        for press in range(presses):
            os.killpg(child.pid, signal.SIGINT)
            time.sleep(0.05 * (press + 1))
        child.wait(timeout=10)
        for reader in readers:
            reader.join(timeout=10)
        took = time.monotonic() - start
        time.sleep(0.3)
        try:
            os.killpg(child.pid, 0)
            raise AssertionError("worker processes outlived the command")
        except ProcessLookupError:
            pass
    finally:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        child.wait()
    return child.returncode, "".join(out), "".join(err), took


@pytest.mark.parametrize("presses", [1, 3])
def test_ctrl_c_during_a_game_of_workers_stops_them_at_once(presses: int) -> None:
    argv = ["simulate", "import-export", "--players", "2", "--games", "8"]
    code, out, err, took = interrupt([*argv, "--workers", "2", "--bots", "mcts:8"], False, presses)
    assert code == 130 and took < 2, (code, took, err)
    assert "Traceback" not in out + err
    assert err.strip() == "dockyard: interrupted" and out == ""


@pytest.mark.parametrize("presses", [1, 3])
def test_ctrl_c_after_some_games_reports_them_and_stops_the_workers(presses: int) -> None:
    argv = ["simulate", "tictactoe", "--games", "2000", "--json", "--workers", "2"]
    code, out, err, took = interrupt([*argv, "--bots", "mcts:300"], True, presses)
    assert code == 130 and took < 2, (code, took, err)
    assert "Traceback" not in out + err and err == ""
    *games, summary = out.splitlines()
    assert '"interrupted": true' in summary and f'"games": {len(games)},' in summary
