"""The generic suite runs from any folder through the pytest plugin (`pytest11` entry point)."""

from __future__ import annotations

import os
import subprocess
import sys


def run_pytest(folder, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DOCKYARD_PLAYOUTS": "20"}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        env=env,
        timeout=500,
    )


def test_dockyard_game_runs_every_check_on_an_installed_game_from_an_empty_folder(tmp_path):
    done = run_pytest(tmp_path, "--dockyard-game", "tictactoe", "-v")
    assert done.returncode == 0, done.stdout[-2000:]
    checks = (
        "playouts",
        "round_trips",
        "legality",
        "saves_and_undo",
        "hidden_information",
        "tables",
    )
    for check in checks:
        assert f"test_generic_suite[tictactoe-2p-{check}] PASSED" in done.stdout
    assert "9 passed" in done.stdout


def test_third_party_tests_use_the_plugins_fixtures(tmp_path):
    (tmp_path / "test_mine.py").write_text(
        "from dockyard.testing import check_game\n"
        "def test_mine(dockyard_budget, dockyard_session):\n"
        "    assert dockyard_budget.playouts == 5\n"
        "    assert dockyard_session('tictactoe', seed=1).players == ('x', 'o')\n"
        "    check_game('tictactoe', budget=dockyard_budget, checks=['playouts'])\n"
    )
    done = run_pytest(tmp_path, "--dockyard-playouts", "5")
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout[-2000:]


def test_an_unknown_game_is_a_usage_error_naming_the_known_ones(tmp_path):
    done = run_pytest(tmp_path, "--dockyard-game", "nosuch")
    assert done.returncode == 4
    assert "--dockyard-game: unknown game 'nosuch' (known games:" in done.stderr + done.stdout


def test_the_plugin_loads_nothing_until_it_is_used(tmp_path):
    """Every pytest run with dockyard installed loads the plugin: it must cost nothing there."""
    (tmp_path / "test_other.py").write_text(
        "import sys\n"
        "def test_other():\n"
        "    assert 'dockyard.testing.pytest_plugin' in sys.modules\n"
        "    heavy = {'dockyard.testing.table', 'dockyard.testing.suite', 'dockyard.session',\n"
        "             'dockyard.registry', 'lark', 'jsonschema'}\n"
        "    assert not heavy & set(sys.modules), heavy & set(sys.modules)\n"
    )
    done = run_pytest(tmp_path)
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout[-2000:]


def test_an_xdist_worker_stops_collecting_garbage_once_its_tests_are_done():
    """tests/conftest.py: no long garbage collection for execnet's SIGINT to interrupt."""
    import gc
    from types import SimpleNamespace

    from conftest import pytest_sessionfinish

    assert gc.isenabled()
    try:
        pytest_sessionfinish(SimpleNamespace(config=SimpleNamespace()))  # not a worker
        assert gc.isenabled()
        pytest_sessionfinish(SimpleNamespace(config=SimpleNamespace(workerinput={})))
        assert not gc.isenabled()
    finally:
        gc.enable()
