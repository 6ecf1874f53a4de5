"""Commands under hostile conditions: Ctrl-C (once or twice) on a simulation with worker
processes stops at once, workers included, without a traceback; a file a command writes
(`render`/`replay`/`balance -o`, `simulate --record`) never replaces, follows or opens what is
there already (unless `--force`)."""

from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import dockyard.analysis.simulate as simulate
import dockyard.files as files
import pytest
from dockyard import DockyardError, Session

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
        gone = time.monotonic() + 10  # (a loaded machine reaps them late; never much later)
        while True:
            try:
                os.killpg(child.pid, 0)
            except ProcessLookupError:
                break
            assert time.monotonic() < gone, "worker processes outlived the command by 10 s"
            time.sleep(0.05)
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
    assert err.strip() == "" and re.match(r"interrupted: \d of 8 games finished", out), out


@pytest.mark.parametrize("presses", [1, 3])
def test_ctrl_c_after_some_games_reports_them_and_stops_the_workers(presses: int) -> None:
    argv = ["simulate", "tictactoe", "--games", "2000", "--json", "--workers", "2"]
    code, out, err, took = interrupt([*argv, "--bots", "mcts:300"], True, presses)
    assert code == 130 and took < 2, (code, took, err)
    assert "Traceback" not in out + err and err == ""
    *games, summary = out.splitlines()
    assert '"interrupted": true' in summary and f'"games": {len(games)},' in summary


def test_a_second_ctrl_c_while_a_command_stops_is_not_heard() -> None:
    """CI once caught a second press landing between the first KeyboardInterrupt and the
    cleanup that ignores Ctrl-C: "dockyard: interrupted" instead of the summary. The first
    press itself turns Ctrl-C off until the command returns; the handler before comes back."""
    from dockyard.analysis.workers import interrupts_deferred, stops_on_ctrl_c

    heard: list[str] = []

    @stops_on_ctrl_c
    def command(deferred: bool) -> None:
        try:
            if deferred:
                with interrupts_deferred():
                    os.kill(os.getpid(), signal.SIGINT)
                    heard.append("deferred")
            else:
                os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)
        except KeyboardInterrupt:
            heard.append("first")
            os.kill(os.getpid(), signal.SIGINT)  # the second press, before any cleanup
            time.sleep(0.05)
            heard.append("summary")

    before = signal.getsignal(signal.SIGINT)
    command(False)
    command(True)
    assert heard == ["first", "summary", "deferred", "first", "summary"]
    assert signal.getsignal(signal.SIGINT) is before


# ---- files written by commands: never over an existing file without --force -----------------


@pytest.fixture
def saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    session = Session("tictactoe", seed=1)
    session.apply_text("x: mark a1")
    session.save("g.toml")
    return tmp_path / "g.toml"


def test_replay_onto_its_own_save_is_refused_and_the_save_kept(dockyard, saved: Path) -> None:
    before = saved.read_bytes()
    code, out, err = dockyard("replay", "g.toml", "-o", "g.toml")
    assert code == 1 and out == ""
    assert err == "dockyard: error: g.toml: already exists (--force replaces it)\n"
    assert saved.read_bytes() == before


@pytest.mark.parametrize(
    ("command", "name", "start"), [("render", "e.svg", "<svg"), ("replay", "e.html", "<!")]
)
def test_render_and_replay_refuse_an_existing_file_without_force(
    dockyard, saved: Path, command: str, name: str, start: str
) -> None:
    target = saved.parent / name
    target.write_text("keep")
    save = saved.read_bytes()
    code, out, err = dockyard(command, "g.toml", "-o", name)
    assert code == 1 and out == "" and f"{name}: already exists (--force replaces it)" in err
    assert target.read_text() == "keep"
    code, out, err = dockyard(command, "g.toml", "-o", name, "--force")
    assert code == 0 and out == f"wrote {name}\n", err
    assert target.read_text().startswith(start)
    target.unlink()
    target.symlink_to(saved)  # a link: refused as any existing file, its target untouched
    code, _, err = dockyard(command, "g.toml", "-o", name)
    assert code == 1 and "already exists" in err and saved.read_bytes() == save


def test_balance_refuses_an_existing_report_before_playing_and_suggests_its_own_force(
    dockyard, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rep.html").write_text("keep")
    argv = ["balance", "tictactoe", "--games", "2", "--seed", "1", "-o", "rep.html"]
    code, out, err = dockyard(*argv)
    assert code == 1 and out == ""  # no game played
    assert err == "dockyard: error: rep.html: already exists (--force replaces it)\n"
    assert (tmp_path / "rep.html").read_text() == "keep"
    code, out, err = dockyard(*argv, "--force")
    assert code == 0 and "report written to rep.html" in out, err
    assert (tmp_path / "rep.html").read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("kind", ["file", "link", "fifo"])
def test_simulate_record_replaces_follows_or_opens_nothing_already_there(
    dockyard, tmp_path: Path, kind: str
) -> None:
    folder, outside = tmp_path / "rec", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    there = folder / "tictactoe-seed6.dys"
    if kind == "file":
        there.write_text("keep")
    elif kind == "link":
        there.symlink_to(outside / "tictactoe-seed6.dys")
    else:
        os.mkfifo(there)
    code, out, err = dockyard(
        "simulate", "tictactoe", "--games", "2", "--seed", "5", "--record", str(folder)
    )
    assert code == 1 and out == ""
    assert err == (
        f"dockyard: error: {there}: already exists; it is not replaced "
        "(--record a new or empty folder)\n"
    )
    assert sorted(p.name for p in folder.iterdir()) == [there.name]  # no game was played
    assert list(outside.iterdir()) == []
    assert there.is_symlink() if kind == "link" else True
    assert there.read_text() == "keep" if kind == "file" else True
    assert stat.S_ISFIFO(there.lstat().st_mode) if kind == "fifo" else True


def test_a_script_appearing_while_games_are_played_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder is checked before the games; a link put there meanwhile is still refused."""
    folder, outside = tmp_path / "rec", tmp_path / "outside"
    outside.mkdir()
    from dockyard.analysis import games

    real = games.check_record_folder

    def check_then_plant(where: Path, game: str, seed: int, count: int) -> None:
        real(where, game, seed, count)
        name = games.script_name(game, seed + 1)
        (where / name).symlink_to(outside / name)

    monkeypatch.setattr(games, "check_record_folder", check_then_plant)
    records = simulate.run_games("tictactoe", 3, seed=5, record=str(folder))
    first = next(records)
    assert first.seed == 5 and (folder / "tictactoe-seed5.dys").is_file()
    with pytest.raises(DockyardError, match="tictactoe-seed6.dys: already exists"):
        next(records)
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("hard_links", [True, False])
def test_write_atomic_creates_only_where_nothing_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hard_links: bool
) -> None:
    if not hard_links:  # a filesystem without them: the name is claimed, then renamed over

        def no_link(*args: object, **kwargs: object) -> None:
            raise PermissionError(1, "Operation not permitted")

        monkeypatch.setattr(files.os, "link", no_link)
    target = tmp_path / "out.txt"
    files.write_atomic(target, "one")
    assert target.read_text() == "one"
    monkeypatch.setattr(files, "check_target", lambda *a, **k: Path(a[0]))  # as in a race
    with pytest.raises(DockyardError, match="already exists"):
        files.write_atomic(target, "two")
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(DockyardError, match="already exists"):
        files.write_atomic(tmp_path / "link", "three")
    assert target.read_text() == "one" and not (tmp_path / "elsewhere").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "out.txt"]  # no leftovers


# ---- --players: a bad value is named; a huge count is refused before anything is made ---------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("-3", "--players -3: a count of players is 1 or more"),
        ("0", "--players 0: a count of players is 1 or more"),
        ("2,", "--players 2,: an empty name (names are separated by commas"),
        ("alice,,bob", "--players alice,,bob: an empty name"),
        ("5", "cargo is for 2-4 players, not 5"),
    ],
)
def test_a_bad_players_value_is_named(dockyard, value: str, message: str) -> None:
    code, out, err = dockyard("play", "cargo", "--players", value)
    assert code == 1 and out == "" and err.startswith(f"dockyard: error: {message}"), err


def limited_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "tictactoe", "--games", "1", "--bots", "random"],
        ["play", "curious-cargo"],
        ["balance", "tictactoe", "--games", "1"],
    ],
)
def test_a_huge_player_count_is_refused_before_anything_is_made(argv: list[str]) -> None:
    huge = "9" * 20
    done = subprocess.run(
        [sys.executable, "-m", "dockyard", *argv, "--players", huge],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        preexec_fn=limited_memory,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"is for 2 players, not {huge}" in done.stderr
